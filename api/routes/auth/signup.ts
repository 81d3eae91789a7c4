/** POST /api/auth/signup: an account on the free plan, and its API key. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { generateApiKey, hashApiKey } from "../../keys/index.ts";
import { EmailTakenError, type Account } from "../../stores/ports.ts";
import { PLANS } from "../../billing/plans.ts";
import { limitByIp } from "../../http/auth-hooks.ts";
import { storeCall } from "../../stores/store-call.ts";
import { EmailBodySchema, SignupResponseSchema, errorResponses } from "../../openapi/schemas.ts";
import { emailFrom } from "./email-from.ts";

export function signupRoute(app: FastifyInstance): void {
  app.post(
    "/api/auth/signup",
    {
      onRequest: limitByIp(),
      config: { fieldCodes: { email: "invalid_email" }, bodyCode: "invalid_email" },
      schema: {
        tags: ["accounts"],
        operationId: "signup",
        security: [],
        summary: "Create an account on the free plan and receive its API key",
        body: EmailBodySchema,
        response: { 201: SignupResponseSchema, ...errorResponses(400, 409, 413, 415, 429, 503) },
      },
    },
    signup,
  );
}

async function signup(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const ctx = this.sdv;
  const email = emailFrom(request);
  const apiKey = generateApiKey();
  let account: Account;
  try {
    account = await storeCall(() => ctx.stores.accounts.create({ email, plan: "free", keyHash: hashApiKey(apiKey), keyCiphertext: ctx.cipher.encrypt(apiKey) }));
  } catch (err) {
    const cause = err instanceof ApiError ? err.cause : err;
    if (cause instanceof EmailTakenError || err instanceof EmailTakenError) {
      throw new ApiError("email_already_registered", "An account with this e-mail address already exists; use POST /api/auth/login to get its key.");
    }
    throw err;
  }
  request.log.info({ account: account.id }, "account created");
  reply.code(201);
  return {
    api_key: apiKey,
    email: account.email,
    plan: account.plan,
    requests_limit: ctx.limits(account.plan).monthly,
    dashboard_url: ctx.urls.dashboard,
    message: `Account created on the free plan (${PLANS.free.monthly} validations a month). Keep the API key secret and send it in the x-api-key header.`,
  };
}
