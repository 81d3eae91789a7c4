/**
 * POST /api/auth/signup: an account on the free plan, and its API key. With ACCOUNT_VERIFICATION=email the
 * answer is 202 and a mailed code (routes/auth/verification.ts); the account is created when it is used.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { generateApiKey, hashApiKey } from "../../keys/index.ts";
import { EmailTakenError, type Account } from "../../stores/ports.ts";
import { PLANS } from "../../billing/plans.ts";
import { limitByIp } from "../../http/auth-hooks.ts";
import { storeCall } from "../../stores/store-call.ts";
import { EmailBodySchema, SignupResponseSchema, VerificationPendingSchema, errorResponses } from "../../openapi/schemas.ts";
import type { ServiceContext } from "../../http/context.ts";
import { startVerification } from "./verification.ts";
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
        description:
          "201 with the key, as the spec has it. Only on servers with ACCOUNT_VERIFICATION=email: 202 and a one-time code mailed to the address; " +
          "POST /api/auth/verify with the answer's request_id and that code creates the account and returns this 201 answer.",
        body: EmailBodySchema,
        response: { 201: SignupResponseSchema, 202: VerificationPendingSchema, ...errorResponses(400, 409, 413, 415, 429, 503) },
      },
    },
    signup,
  );
}

async function signup(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const ctx = this.sdv;
  const email = emailFrom(request);
  if (ctx.config.verification.mode === "email") {
    // The same 409 as without verification (the spec's login reveals registered addresses anyway).
    if (await storeCall(() => ctx.stores.accounts.findByEmail(email))) throw emailTaken();
    const pending = await startVerification(ctx, request, email, "signup");
    reply.code(202);
    return pending;
  }
  reply.code(201);
  return openAccount(ctx, request, email);
}

function emailTaken(): ApiError {
  return new ApiError("email_already_registered", "An account with this e-mail address already exists; use POST /api/auth/login to get its key.");
}

/** Creates the account and answers its key (the 201 body); also the end of a verified signup. */
export async function openAccount(ctx: ServiceContext, request: FastifyRequest, email: string) {
  const apiKey = generateApiKey();
  let account: Account;
  try {
    account = await storeCall(() => ctx.stores.accounts.create({ email, plan: "free", keyHash: hashApiKey(apiKey), keyCiphertext: ctx.cipher.encrypt(apiKey) }));
  } catch (err) {
    const cause = err instanceof ApiError ? err.cause : err;
    if (cause instanceof EmailTakenError || err instanceof EmailTakenError) {
      throw emailTaken();
    }
    throw err;
  }
  request.log.info({ account: account.id }, "account created");
  return {
    api_key: apiKey,
    email: account.email,
    plan: account.plan,
    requests_limit: ctx.limits(account.plan).monthly,
    dashboard_url: ctx.urls.dashboard,
    message: `Account created on the free plan (${PLANS.free.monthly} validations a month). Keep the API key secret and send it in the x-api-key header.`,
  };
}
