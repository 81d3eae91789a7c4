/**
 * The service's configuration, read from the environment once at start-up and validated: every problem
 * is collected and reported together (ConfigError), naming the variable and what it should be. With no
 * variable set, the whole service runs on the embedded store in ./data.
 *
 * README.md (Settings) lists every setting; keep the two in step.
 */
import { resolve } from "node:path";
import { parseAllowedHosts } from "../fetch/host-policy.ts";
import { parseSecret } from "./keys/index.ts";
import { BILLING_PERIODS, PAID_PLANS, type BillingPeriod, type PaidPlan } from "./billing/plans.ts";
import { readAuditConfig, type AuditConfig } from "./audits/config.ts";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type PriceTable = Record<PaidPlan, Record<BillingPeriod, string | null>>;

export interface StripeApiBase {
  protocol: "http" | "https";
  host: string;
  port: number;
}

export interface StripeConfig {
  secretKey: string | null;
  webhookSecret: string | null;
  prices: PriceTable;
  /** A stand-in of the Stripe API (tests); null: Stripe's own. */
  apiBase: StripeApiBase | null;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the embedded store's folder (SQLite file, generated key secret). */
  dataDir: string;
  mongodbUrl: string | null;
  redisUrl: string | null;
  /** Deadline of each Redis command; a hung Redis is then treated as a down one (REDIS_COMMAND_TIMEOUT_MS). */
  redisCommandTimeoutMs: number;
  /** Without a trailing slash. */
  publicBaseUrl: string;
  stripe: StripeConfig;
  /** host or host:port entries the URL fetcher may reach although they are private (FETCH_ALLOWED_PRIVATE_HOSTS). */
  fetchAllowedPrivateHosts: string[];
  /** Overrides every plan's per-minute limit when set. */
  rateLimitPerMinute: number | null;
  /** Per client IP, per minute, for signup and login (0: off). */
  authRateLimitPerMinute: number;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS); empty: CORS off; ["*"]: any origin. */
  corsOrigins: string[];
  /** Unknown API keys per client IP per minute before the IP is refused with 429 (0: off). */
  invalidKeyLimitPerMinute: number;
  logLevel: LogLevel;
  /** Site audits: workers, politeness, retention (api/audits/config.ts). */
  audits: AuditConfig;
  /** The environment the configuration came from (KEY_ENCRYPTION_SECRET is read from it by the key module). */
  env: Readonly<Record<string, string | undefined>>;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export const DEFAULTS = {
  PORT: 3000,
  HOST: "127.0.0.1",
  DATA_DIR: "./data",
  LOG_LEVEL: "info" as LogLevel,
  AUTH_RATE_LIMIT_PER_MINUTE: 30,
  INVALID_KEY_LIMIT_PER_MINUTE: 20,
  REDIS_COMMAND_TIMEOUT_MS: 100,
};

const PRICE_VAR = /^STRIPE_PRICE_([A-Z0-9_]+)$/;

/** Reads and validates the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name];
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  };

  const port = integer(get("PORT"), "PORT", DEFAULTS.PORT, 0, 65535, problems);
  const host = get("HOST") ?? DEFAULTS.HOST;
  const dataDir = resolve(get("DATA_DIR") ?? DEFAULTS.DATA_DIR);

  const mongodbUrl = get("MONGODB_URL") ?? null;
  if (mongodbUrl !== null && !/^mongodb(\+srv)?:\/\/\S+$/.test(mongodbUrl)) {
    problems.push("MONGODB_URL must be a MongoDB connection string (mongodb://... or mongodb+srv://...)");
  }
  const redisUrl = get("REDIS_URL") ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    problems.push("REDIS_URL must be a Redis URL (redis://host:port or rediss://...)");
  }
  const redisCommandTimeoutMs = integer(get("REDIS_COMMAND_TIMEOUT_MS"), "REDIS_COMMAND_TIMEOUT_MS", DEFAULTS.REDIS_COMMAND_TIMEOUT_MS, 1, 60_000, problems);

  let publicBaseUrl = `http://${displayHost(host)}:${port}`;
  const base = get("PUBLIC_BASE_URL");
  if (base !== undefined) {
    const parsed = URL.canParse(base) ? new URL(base) : null;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.search || parsed.hash || parsed.username || parsed.password) {
      problems.push(`PUBLIC_BASE_URL must be an absolute http(s) URL without query or fragment, e.g. https://sdv.example.com (got ${shown(base)})`);
    } else {
      publicBaseUrl = parsed.href.replace(/\/+$/, "");
    }
  }

  const secretKey = get("STRIPE_SECRET_KEY") ?? null;
  if (secretKey !== null && !/^(sk|rk)_(test|live)_\S+$/.test(secretKey)) {
    problems.push("STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)");
  }
  const webhookSecret = get("STRIPE_WEBHOOK_SECRET") ?? null;
  if (webhookSecret !== null && !/^whsec_\S+$/.test(webhookSecret)) {
    problems.push("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_...)");
  }
  const prices = {} as PriceTable;
  for (const plan of PAID_PLANS) {
    prices[plan] = { monthly: null, annual: null };
    for (const period of BILLING_PERIODS) {
      const name = `STRIPE_PRICE_${plan.toUpperCase()}_${period.toUpperCase()}`;
      const value = get(name);
      if (value === undefined) continue;
      if (/\s/.test(value)) problems.push(`${name} must be a Stripe price id (price_...) without spaces`);
      else prices[plan][period] = value;
    }
  }
  const known = new Set(PAID_PLANS.flatMap((p) => BILLING_PERIODS.map((b) => `STRIPE_PRICE_${p.toUpperCase()}_${b.toUpperCase()}`)));
  for (const name of Object.keys(env)) {
    if (PRICE_VAR.test(name) && !known.has(name) && get(name) !== undefined) {
      problems.push(`${name} is not a known setting; price variables are STRIPE_PRICE_<BASIC|GROWTH|SCALE>_<MONTHLY|ANNUAL>`);
    }
  }
  let apiBase: StripeApiBase | null = null;
  const apiBaseText = get("STRIPE_API_BASE");
  if (apiBaseText !== undefined) {
    const parsed = URL.canParse(apiBaseText) ? new URL(apiBaseText) : null;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || (parsed.pathname !== "/" && parsed.pathname !== "") || parsed.search || parsed.hash || parsed.username || parsed.password) {
      problems.push(`STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111 (got ${shown(apiBaseText)})`);
    } else {
      const protocol = parsed.protocol === "http:" ? "http" : "https";
      apiBase = {
        protocol,
        host: parsed.hostname.replace(/^\[|\]$/g, ""),
        port: parsed.port === "" ? (protocol === "http" ? 80 : 443) : Number(parsed.port),
      };
    }
  }

  const keySecret = get("KEY_ENCRYPTION_SECRET");
  if (keySecret !== undefined) {
    try {
      parseSecret(keySecret);
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
  }

  const allowedText = get("FETCH_ALLOWED_PRIVATE_HOSTS");
  const fetchAllowedPrivateHosts = allowedText === undefined ? [] : allowedText.split(/[\s,]+/).filter((s) => s !== "");
  try {
    parseAllowedHosts(fetchAllowedPrivateHosts);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    problems.push(`FETCH_ALLOWED_PRIVATE_HOSTS: ${message.replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => shown(JSON.parse(quoted) as string))}`);
  }

  const rateText = get("RATE_LIMIT_PER_MINUTE");
  const rateLimitPerMinute = rateText === undefined ? null : integer(rateText, "RATE_LIMIT_PER_MINUTE", 1, 1, 1e9, problems);
  const authRateLimitPerMinute = integer(get("AUTH_RATE_LIMIT_PER_MINUTE"), "AUTH_RATE_LIMIT_PER_MINUTE", DEFAULTS.AUTH_RATE_LIMIT_PER_MINUTE, 0, 1e9, problems);
  const invalidKeyLimitPerMinute = integer(get("INVALID_KEY_LIMIT_PER_MINUTE"), "INVALID_KEY_LIMIT_PER_MINUTE", DEFAULTS.INVALID_KEY_LIMIT_PER_MINUTE, 0, 1e9, problems);

  const corsOrigins: string[] = [];
  for (const entry of (get("CORS_ORIGINS") ?? "").split(/[\s,]+/).filter((s) => s !== "")) {
    const parsed = entry === "*" || !URL.canParse(entry) ? null : new URL(entry);
    if (entry === "*") corsOrigins.push("*");
    else if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === entry.replace(/\/$/, "")) corsOrigins.push(parsed.origin);
    else problems.push(`CORS_ORIGINS entries must be origins such as https://app.example.com (scheme, host, optional port; no path), or * (got ${shown(entry)})`);
  }

  const levelText = get("LOG_LEVEL")?.toLowerCase() ?? DEFAULTS.LOG_LEVEL;
  let logLevel: LogLevel = DEFAULTS.LOG_LEVEL;
  if ((LOG_LEVELS as readonly string[]).includes(levelText)) logLevel = levelText as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got ${JSON.stringify(levelText)})`);

  const audits = readAuditConfig(env, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    mongodbUrl,
    redisUrl,
    redisCommandTimeoutMs,
    publicBaseUrl,
    stripe: { secretKey, webhookSecret, prices, apiBase },
    fetchAllowedPrivateHosts,
    rateLimitPerMinute,
    authRateLimitPerMinute,
    invalidKeyLimitPerMinute,
    corsOrigins,
    logLevel,
    audits,
    env,
  };
}

/**
 * A setting's value as a message may echo it: never its secrets. URLs lose their user:password@ part and
 * the values of secret-looking query parameters; long values are cut. (Configuration errors reach
 * terminals, CI logs and crash reports.)
 */
export function shown(value: string): string {
  let text = value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i, (_match, scheme: string | undefined) => `${scheme ?? ""}***@`);
  text = text.replace(/([?&;][^=&#;]*(?:pass|secret|token|key|auth|sig)[^=&#;]*=)[^&#;]*/gi, "$1***");
  if (text.length > 80) text = `${text.slice(0, 77)}...`;
  return JSON.stringify(text);
}

function integer(text: string | undefined, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
    return fallback;
  }
  return Number(text);
}

/** The host as a URL shows it; a wildcard listen address is reached as localhost. */
function displayHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/** Whether checkout can run: a secret key. (Prices are checked per plan and billing period.) */
export function stripeConfigured(config: Config): boolean {
  return config.stripe.secretKey !== null;
}
