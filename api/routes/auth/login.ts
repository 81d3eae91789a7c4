/**
 * POST /api/auth/login: passwordless, as the spec has it: the account's key and usage for its e-mail address.
 * With ACCOUNT_VERIFICATION=email the answer is 202 and a mailed code; the key comes from POST /api/auth/verify.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { limitByIp } from "../../http/auth-hooks.ts";
import { storeCall } from "../../stores/store-call.ts";
import { EmailBodySchema, LoginResponseSchema, VerificationPendingSchema, errorResponses } from "../../openapi/schemas.ts";
import type { ServiceContext } from "../../http/context.ts";
import { startVerification } from "./verification.ts";
import { accountSummary } from "../../accounts/account-summary.ts";
import { emailFrom } from "./email-from.ts";

export function loginRoute(app: FastifyInstance): void {
  app.post(
    "/api/auth/login",
    {
      onRequest: limitByIp(),
      config: { fieldCodes: { email: "invalid_email" }, bodyCode: "invalid_email" },
      schema: {
        tags: ["accounts"],
        operationId: "login",
        security: [],
        summary: "Passwordless login: the account's API key and usage for an e-mail address",
        description:
          "200 with the key, as the spec has it: on such a server whoever knows the address gets the key. Only on servers with " +
          "ACCOUNT_VERIFICATION=email: 202 and a one-time code mailed to the address; POST /api/auth/verify with the answer's " +
          "request_id and that code returns this 200 answer.",
        body: EmailBodySchema,
        response: { 200: LoginResponseSchema, 202: VerificationPendingSchema, ...errorResponses(400, 404, 413, 415, 429, 500, 503) },
      },
    },
    login,
  );
}

async function login(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const ctx = this.sdv;
  const email = emailFrom(request);
  if (ctx.config.verification.mode === "email") {
    await accountFor(ctx, email);
    const pending = await startVerification(ctx, request, email, "login");
    reply.code(202);
    return pending;
  }
  return loginAnswer(ctx, request, email);
}

async function accountFor(ctx: ServiceContext, email: string) {
  const account = await storeCall(() => ctx.stores.accounts.findByEmail(email));
  if (!account) throw new ApiError("email_not_found", "No account is registered with this e-mail address.");
  return account;
}

/** The login answer (the key and usage); also the end of a verified login. */
export async function loginAnswer(ctx: ServiceContext, request: FastifyRequest, email: string) {
  const account = await accountFor(ctx, email);
  const summary = await accountSummary(ctx, account);
  request.log.info({ account: account.id }, "login");
  return summary;
}
