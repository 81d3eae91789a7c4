/**
 * What every route sees: configuration, stores, clock, key cipher, Stripe, fetch options. Decorated on the
 * root instance as `app.sdv`; the authenticated account is `request.account`.
 */
import type Stripe from "stripe";
import type { Config } from "../config.ts";
import type { Stores } from "../stores/index.ts";
import type { Account } from "../stores/ports.ts";
import type { KeyCipher } from "../keys/index.ts";
import type { FetchOptions } from "../../fetch/guarded-fetch.ts";
import type { PlanLimits } from "../billing/plans.ts";
import type { Plan } from "../stores/ports.ts";
import type { Mailer } from "../accounts/mailer.ts";
import type { Renderer } from "../../fetch/render/renderer.ts";

export interface ServiceContext {
  config: Config;
  stores: Stores;
  /** The clock of business logic (billing periods, cache ages, validated_at). */
  now: () => Date;
  cipher: KeyCipher;
  /** null when STRIPE_SECRET_KEY is not set. */
  stripe: Stripe | null;
  /** Sends the one-time codes when ACCOUNT_VERIFICATION=email; null otherwise. */
  mailer: Mailer | null;
  /**
   * The process's one headless browser (started by the first render, none before): rendered validations
   * and audit workers share it, so its limits (pages at once, memory) hold for the process as a whole.
   */
  renderer: Renderer;
  /** Options for every page fetch (allowPrivateHosts already merged from the configuration). */
  fetchOptions: FetchOptions;
  /** Limits of a plan, with RATE_LIMIT_PER_MINUTE applied. */
  limits(plan: Plan): PlanLimits;
  /**
   * The service's public root (PUBLIC_BASE_URL): the configured one, or, with PORT=0 and none
   * configured, the address actually bound once listening. The configuration itself never changes.
   */
  readonly publicBaseUrl: string;
  /** `${publicBaseUrl}/dashboard` and friends; `rules` is the rule pages' root (`${publicBaseUrl}/rules`). */
  urls: { dashboard: string; upgrade: string; checkoutSuccess: string; checkoutCancel: string; rules: string };
}

declare module "fastify" {
  interface FastifyInstance {
    sdv: ServiceContext;
  }
  interface FastifyRequest {
    /** The caller's account, set by the API-key hook on keyed routes. */
    account: Account | null;
  }
  interface FastifyContextConfig {
    /** Error code for schema errors, by body or query field name (e.g. { email: "invalid_email" }). */
    fieldCodes?: Record<string, import("../errors.ts").ErrorCode>;
    /** Error code when the body as a whole is missing or not an object. */
    bodyCode?: import("../errors.ts").ErrorCode;
    /** The body is {url} or {jsonld} (POST /api/v1/validate): say which one is missing or doubled. */
    exactlyOneOf?: boolean;
  }
}
