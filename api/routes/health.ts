/** GET /health: liveness, and readiness of every store (a ping each, bounded in time). */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors.ts";
import { API_VERSION } from "../../runtime/report.ts";
import { HealthResponseSchema, errorResponses } from "../openapi/schemas.ts";
import { findChromium } from "../../fetch/render/chromium-path.ts";
import { RENDER_DEFAULTS } from "../../fetch/render/config.ts";

const PING_TIMEOUT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  app.get(
    "/health",
    {
      schema: {
        tags: ["meta"],
        operationId: "health",
        security: [],
        summary: "Liveness and store readiness: 200 when every store answers, 503 service_unavailable otherwise",
        response: { 200: HealthResponseSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      const { stores } = app.sdv;
      const checks = [
        ["accounts", stores.kind.accounts, () => stores.accounts.ping()],
        ["cache", stores.kind.cache, () => stores.cache.ping()],
        ["rate limiter", stores.kind.cache, () => stores.rateLimiter.ping()],
      ] as const;
      const results = await Promise.all(checks.map(([, , ping]) => withTimeout(ping(), PING_TIMEOUT_MS).then(() => null, (err: unknown) => err)));
      const failed = checks.filter((_, i) => results[i] !== null);
      if (failed.length > 0) {
        request.log.warn({ errs: results.filter((r) => r !== null).map(String) }, "health check failed");
        throw new ApiError(
          "service_unavailable",
          `Not ready: ${failed.map(([name, kind]) => `the ${name} store (${kind})`).join(", ")} did not answer.`,
          { headers: { "retry-after": "5" } },
        );
      }
      return {
        status: "ok",
        stores: { accounts: stores.kind.accounts, cache: stores.kind.cache, rate_limiter: stores.kind.cache },
        api_version: API_VERSION,
        uptime_seconds: Math.floor((Date.now() - started) / 1000),
        // Only whether a browser is there: starting one is left to the first render.
        rendering: { available: findChromium((app.sdv.config.render ?? RENDER_DEFAULTS).chromiumPath) !== null },
      };
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
