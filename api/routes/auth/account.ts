/** GET /api/auth/account: what login returns, read with the key instead of the e-mail (no credit charged). */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireApiKey } from "../../http/auth-hooks.ts";
import { AccountResponseSchema, errorResponses } from "../../openapi/schemas.ts";
import { accountSummary } from "../../accounts/account-summary.ts";

export function accountRoute(app: FastifyInstance): void {
  app.get(
    "/api/auth/account",
    {
      // The header only: a key in the query string would land in browser history and proxy logs.
      onRequest: requireApiKey({ allowQueryKey: false }),
      schema: {
        tags: ["accounts"],
        operationId: "getAccount",
        summary: "The account of the API key: plan, usage this month, when it resets, the key (no credit charged)",
        description:
          "What login returns, plus period_resets_at, read with the key instead of the e-mail (the dashboard refreshes with it). " +
          "Costs no credit; counts against the per-minute limit like every keyed request.",
        security: [{ apiKeyHeader: [] }],
        response: { 200: AccountResponseSchema, ...errorResponses(401, 403, 429, 500, 503) },
      },
    },
    async function account(this: FastifyInstance, request: FastifyRequest) {
      return accountSummary(this.sdv, request.account!);
    },
  );
}
