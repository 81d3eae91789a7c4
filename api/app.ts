/**
 * The service as a Fastify instance, and its one composition root: configuration -> stores, key cipher,
 * Stripe, mailer, renderer, the audit service (store, job queue, worker pool) -> content types -> error
 * and not-found handlers -> OpenAPI -> routes. Whatever is opened here is closed here (onClose).
 * `server.ts` only listens and shuts down.
 *
 * `deps` lets tests (and the bench) inject stores, a clock, fetch options (resolver, connect guard, private
 * hosts), a Stripe client and a log stream.
 */
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { Config } from "./config.ts";
import { baseUrlFor } from "./config/server.ts";
import { openConfiguredStores, type Stores } from "./stores/index.ts";
import { KeyCipher, loadOrCreateSecret } from "./keys/index.ts";
import type { FetchOptions } from "../fetch/guarded-fetch.ts";
import { PLANS, type PlanLimits } from "./billing/plans.ts";
import { createStripeClient } from "./billing/stripe-client.ts";
import type { Plan } from "./stores/ports.ts";
import { ApiError, GENERIC_MESSAGES } from "./errors.ts";
import type { ServiceContext } from "./http/context.ts";
import { installErrorHandling, sendApiError } from "./plugins/error-handler.ts";
import { handleClientError, handleFrameworkError } from "./plugins/client-errors.ts";
import { REQUEST_ID_HEADER, requestIdFor } from "./http/request-id.ts";
import { loggerOptions, type LogStream } from "./http/logging.ts";
import { BODY_LIMIT_BYTES, CONNECTIONS_CHECK_INTERVAL_MS, REQUEST_TIMEOUT_MS } from "./http/limits.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerCors } from "./plugins/cors.ts";
import { authRoutes } from "./routes/auth.ts";
import { billingRoutes } from "./routes/billing.ts";
import { healthRoutes } from "./routes/health.ts";
import { typesRoutes } from "./routes/types.ts";
import { validateRoutes } from "./routes/validate.ts";
import { webPages } from "./web/pages.ts";
import { rulePagesRoutes } from "./routes/rule-pages.ts";
import { auditRoutes } from "./routes/audits.ts";
import { Audits } from "./audits/audits.ts";
import { smtpMailer } from "./accounts/mailer.ts";
import { Renderer } from "../fetch/render/renderer.ts";
import { RENDER_DEFAULTS } from "../fetch/render/config.ts";

const INFO_OR_FINER = new Set(["info", "debug", "trace"]);

export interface AppDeps {
  /** Stores to use instead of opening them from the configuration; the caller closes them. */
  stores?: Stores;
  /** Business clock (billing periods, cache ages, validated_at). Default: the system clock. */
  clock?: () => Date;
  /** Merged into every page fetch: resolver, connectGuard, allowPrivateHosts (added to the configured ones), timeouts. */
  fetchOptions?: FetchOptions;
  /** A Stripe client (null: none) instead of the one built from the configuration. */
  stripe?: Stripe | null;
  /** Where log lines go (default standard output). */
  logStream?: LogStream;
  /** Key cipher instead of one from KEY_ENCRYPTION_SECRET or DATA_DIR. */
  cipher?: KeyCipher;
  /** Deadline for a request to arrive completely (real sockets); default REQUEST_TIMEOUT_MS (30 s). */
  requestTimeoutMs?: number;
  /** A batch's deadline instead of BATCH_DEADLINE_MS (tests shorten it). */
  batchDeadlineMs?: number;
  /** Folder with the built web pages instead of the package's dist/web (the browser tests build their own). */
  webRoot?: string;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const requestTimeout = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // One access-log line per request (written on completion, below) instead of Fastify's two:
    // log writes were the largest single cost of a validation under load.
    logController: new LogController({ disableRequestLogging: true }),
    // TRUST_PROXY: only these proxies' X-Forwarded-For names the client (request.ip); by default nobody's.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout,
    // Node checks the deadline only every connectionsCheckingInterval (30 s by default), so a 30 s deadline
    // cut incomplete requests after up to 60 s (about 90 s observed); check every second instead. The
    // deadline is also given at construction: Fastify sets it afterwards, which Node then applies to
    // unfinished headers but not to a body that stops arriving (verified on Node 20.20).
    http: { connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS, requestTimeout, headersTimeout: requestTimeout },
    // Malformed HTTP and router failures answer ApiError too, not Fastify's own bodies.
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
    // Fastify would take any x-request-id as is; requestIdFor accepts only safe ones (else a UUID).
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Requests arriving during shutdown get our own 503 ApiError (below), not Fastify's fixed body.
    return503OnClosing: false,
    ajv: {
      // Unknown fields are refused (400), not silently dropped; types are never coerced.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false },
    },
  });

  // Callback style, and nothing built when info lines are off: this runs for every request.
  app.addHook("onResponse", (request, reply, done) => {
    if (INFO_OR_FINER.has(request.log.level)) {
      request.log.info({ req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, "request completed");
    }
    done();
  });

  const ownStores = deps.stores === undefined;
  const stores =
    deps.stores ??
    (await openConfiguredStores(config, { log: app.log }));
  if (ownStores) app.addHook("onClose", async () => stores.close());

  try {
    // PORT=0 without PUBLIC_BASE_URL: the address bound, once listening (the configuration stays as loaded).
    let boundBaseUrl: string | null = null;
    const cipher = deps.cipher ?? new KeyCipher(loadOrCreateSecret(config.dataDir, config.env.KEY_ENCRYPTION_SECRET));
    const ctx: ServiceContext = {
      config,
      stores,
      now: deps.clock ?? (() => new Date()),
      cipher,
      stripe: deps.stripe !== undefined ? deps.stripe : createStripeClient(config),
      mailer: config.verification.smtpUrl !== null ? smtpMailer(config.verification.smtpUrl, config.verification.mailFrom) : null,
      renderer: new Renderer(config.render ?? RENDER_DEFAULTS),
      fetchOptions: {
        ...deps.fetchOptions,
        allowPrivateHosts: [...config.fetchAllowedPrivateHosts, ...(deps.fetchOptions?.allowPrivateHosts ?? [])],
      },
      limits: (plan: Plan): PlanLimits => {
        const limits = PLANS[plan] ?? PLANS.free;
        return {
          monthly: limits.monthly,
          perMinute: config.rateLimitPerMinute ?? limits.perMinute,
          answerBytesPerMinute: config.answerBytesPerMinute ?? limits.answerBytesPerMinute,
        };
      },
      // Read at each use: with PORT=0 the base is only known once listening (below).
      get publicBaseUrl() {
        return boundBaseUrl ?? config.publicBaseUrl;
      },
      urls: {
        get dashboard() {
          return `${ctx.publicBaseUrl}/dashboard`;
        },
        get upgrade() {
          return `${ctx.publicBaseUrl}/dashboard/upgrade`;
        },
        get checkoutSuccess() {
          return `${ctx.publicBaseUrl}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`;
        },
        get checkoutCancel() {
          return `${ctx.publicBaseUrl}/dashboard?checkout=cancelled`;
        },
        get rules() {
          return `${ctx.publicBaseUrl}/rules`;
        },
      },
    };
    // PORT=0 without PUBLIC_BASE_URL: every link handed out would name port 0; use the port actually bound.
    app.addHook("onListen", async () => {
      if (config.publicBaseUrlSet || config.port !== 0) return;
      const address = app.server.address();
      if (address !== null && typeof address === "object") boundBaseUrl = baseUrlFor(config.host, address.port);
    });
    if (ctx.mailer) app.addHook("onClose", async () => ctx.mailer?.close());
    // A render asked for after this (a late audit job) is refused as render_unavailable, never left hanging.
    app.addHook("onClose", async () => ctx.renderer.close());
    app.decorate("sdv", ctx);
    app.decorateRequest("account", null);
    // The audit service (its store, job queue and worker pool) is built with the other services and
    // closed with them; onClose hooks run last-added first, so it stops before the stores it writes to.
    const audits = await Audits.open(ctx, app.log);
    app.addHook("onClose", async () => audits.close());
    app.decorate("audits", audits);

    // Bodies: JSON only (Fastify would also take text/plain as a string); application/ld+json on validate.
    app.removeContentTypeParser("text/plain");

    installErrorHandling(app);

    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });
    app.addHook("onRequest", (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (!closing) return done();
      reply.header("connection", "close");
      sendApiError(reply, new ApiError("service_unavailable", GENERIC_MESSAGES.service_unavailable));
    });

    await registerCors(app, config.corsOrigins);
    await registerOpenApi(app);
    await app.register(healthRoutes);
    await app.register(typesRoutes);
    await app.register(authRoutes);
    await app.register(validateRoutes, { batchDeadlineMs: deps.batchDeadlineMs });
    await app.register(billingRoutes);
    await app.register(auditRoutes);
    // The rule pages are registered inside the web plugin, so they get the pages' CSP and headers.
    await app.register(webPages, { webRoot: deps.webRoot, extraRoutes: [rulePagesRoutes] });
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}
