/**
 * The service's configuration, read from the environment once at start-up and validated: every problem
 * is collected and reported together (ConfigError), naming the variable and what it should be. With no
 * variable set, the whole service runs on the embedded store in ./data.
 *
 * One reader per section (api/config/*.ts), each `(env, problems) => Section`: a new setting is a field in
 * its section's reader, a new section one file and one line in SECTIONS below.
 *
 * docs/deployment.md (Settings) lists every setting; keep the two in step.
 */
import { envOf, type Env } from "./config/env.ts";
import { readServer, type ServerConfig } from "./config/server.ts";
import { readStores, type StoresConfig } from "./config/stores.ts";
import { readStripe, type StripeConfig } from "./config/stripe.ts";
import { readSecrets } from "./config/secrets.ts";
import { readFetch, type FetchConfig } from "./config/fetch.ts";
import { readLimits, type LimitsConfig } from "./config/limits.ts";
import { readHttp, type HttpConfig } from "./config/http.ts";
import { readRenderConfig, type RenderConfig } from "../fetch/render/config.ts";
import { readAuditConfig, type AuditConfig } from "./config/audits.ts";
import { readVerification, type VerificationConfig } from "./config/verification.ts";

export { LOG_LEVELS, type LogLevel } from "./config/server.ts";
export type { PriceTable, StripeApiBase, StripeConfig } from "./config/stripe.ts";
export { shown } from "./config/env.ts";

export type Config = ServerConfig &
  StoresConfig & { stripe: StripeConfig } & FetchConfig &
  LimitsConfig &
  HttpConfig & { verification: VerificationConfig } & {
    /** Rendering pages with headless Chromium (CHROMIUM_PATH, RENDER_*: fetch/render/config.ts). */
    render: RenderConfig;
    /** Site audits: workers, politeness, retention (api/config/audits.ts). */
    audits: AuditConfig;
    /** The environment the configuration came from (KEY_ENCRYPTION_SECRET is read from it by the key module). */
    env: Readonly<Record<string, string | undefined>>;
  };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Reads and validates the configuration; throws ConfigError listing every problem. */
export function loadConfig(raw: Readonly<Record<string, string | undefined>> = process.env): Config {
  const problems: string[] = [];
  const env: Env = envOf(raw);
  const config: Config = {
    ...readServer(env, problems),
    ...readStores(env, problems),
    ...readStripe(env, problems),
    ...readSecrets(env, problems),
    ...readFetch(env, problems),
    ...readLimits(env, problems),
    ...readHttp(env, problems),
    render: readRenderConfig(raw, problems),
    audits: readAuditConfig(raw, problems),
    ...readVerification(env, problems),
    env: raw,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Whether checkout can run: a secret key. (Prices are checked per plan and billing period.) */
export function stripeConfigured(config: Config): boolean {
  return config.stripe.secretKey !== null;
}
