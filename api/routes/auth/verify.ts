/**
 * POST /api/auth/verify: completes a signup or login started under ACCOUNT_VERIFICATION=email, given the
 * 202 answer's request_id and the mailed code: 201 with the new account's key, or 200 with the login answer.
 * A POST with a JSON body rather than a link to click: the key must not travel in a URL, and a link would
 * carry the request_id into the mailbox, where it must not be (it binds the code to the requester).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { LoginResponseSchema, SignupResponseSchema, VerifyBodySchema, errorResponses } from "../../openapi/schemas.ts";
import { completeVerification, throttle } from "./verification.ts";
import { openAccount } from "./signup.ts";
import { loginAnswer } from "./login.ts";

export function verifyRoute(app: FastifyInstance): void {
  app.post(
    "/api/auth/verify",
    {
      onRequest: async function verifyAttemptLimit(request: FastifyRequest) {
        const settings = request.server.sdv.config.verification;
        if (settings.mode !== "email") return;
        await throttle(request, `verify-attempt:ip:${request.ip}`, settings.attemptsPerIpPerMinute, "verification attempts from this address");
      },
      config: { fieldCodes: { request_id: "invalid_verification", code: "invalid_verification" } },
      schema: {
        tags: ["accounts"],
        operationId: "verify",
        security: [],
        summary: "Complete a signup or login with the mailed one-time code (servers with ACCOUNT_VERIFICATION=email only)",
        description:
          "Send the request_id of the 202 answer and the code from the mail. A signup answers 201 with the new account's key, a login 200 with the login answer. " +
          "One attempt per request: a wrong code uses the request up as a right one does; an expired, used or unknown one answers 400 invalid_verification. " +
          "On servers without verification the route answers 404 not_found.",
        body: VerifyBodySchema,
        response: { 200: LoginResponseSchema, 201: SignupResponseSchema, ...errorResponses(400, 404, 409, 413, 415, 429, 500, 503) },
      },
    },
    verify,
  );
}

async function verify(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const ctx = this.sdv;
  if (ctx.config.verification.mode !== "email") throw new ApiError("not_found", "E-mail verification is not enabled on this server; signup and login return the key directly.");
  const { request_id, code } = request.body as { request_id: string; code: string };
  const pending = await completeVerification(ctx, request_id, code);
  if (pending.purpose === "signup") {
    const answer = await openAccount(ctx, request, pending.email);
    reply.code(201);
    return answer;
  }
  return loginAnswer(ctx, request, pending.email);
}
