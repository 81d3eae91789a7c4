/** POST /api/auth/login: passwordless, as the spec has it: the account's key and usage for its e-mail address. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { limitByIp } from "../../http/auth-hooks.ts";
import { storeCall } from "../../stores/store-call.ts";
import { EmailBodySchema, LoginResponseSchema, errorResponses } from "../../openapi/schemas.ts";
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
        body: EmailBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 404, 413, 415, 429, 500, 503) },
      },
    },
    login,
  );
}

async function login(this: FastifyInstance, request: FastifyRequest) {
  const ctx = this.sdv;
  const email = emailFrom(request);
  const account = await storeCall(() => ctx.stores.accounts.findByEmail(email));
  if (!account) throw new ApiError("email_not_found", "No account is registered with this e-mail address.");
  const summary = await accountSummary(ctx, account);
  request.log.info({ account: account.id }, "login");
  return summary;
}
