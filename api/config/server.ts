/** Where the service listens and keeps its embedded store; its public address; its logs. */
import { resolve } from "node:path";
import { integer, shown, type SectionReader } from "./env.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";
import { withoutTrailingSlashes } from "../../runtime/without-trailing-slashes.ts";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute path of the embedded store's folder (SQLite file, generated key secret). */
  dataDir: string;
  /**
   * Without a trailing slash. Unset PUBLIC_BASE_URL: http://HOST:PORT, and with PORT=0 the port the server
   * was given (with PORT=0 the service context holds the bound address once listening; see publicBaseUrlSet).
   */
  publicBaseUrl: string;
  /** Whether PUBLIC_BASE_URL was given (else the base follows the bound address). */
  publicBaseUrlSet: boolean;
  logLevel: LogLevel;
}

export const SERVER_DEFAULTS = { PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", LOG_LEVEL: "info" as LogLevel };

export const readServer: SectionReader<ServerConfig> = (env, problems) => {
  const port = integer(env, "PORT", SERVER_DEFAULTS.PORT, 0, 65535, problems);
  const host = env.get("HOST") ?? SERVER_DEFAULTS.HOST;
  const dataDir = resolve(env.get("DATA_DIR") ?? SERVER_DEFAULTS.DATA_DIR);

  let publicBaseUrl = baseUrlFor(host, port);
  const base = env.get("PUBLIC_BASE_URL");
  if (base !== undefined) {
    const parsed = canParseUrl(base) ? new URL(base) : null;
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.search || parsed.hash || parsed.username || parsed.password) {
      problems.push(`PUBLIC_BASE_URL must be an absolute http(s) URL without query or fragment, e.g. https://sdv.example.com (got ${shown(base)})`);
    } else {
      publicBaseUrl = withoutTrailingSlashes(parsed.href);
    }
  }

  const levelText = env.get("LOG_LEVEL")?.toLowerCase() ?? SERVER_DEFAULTS.LOG_LEVEL;
  let logLevel: LogLevel = SERVER_DEFAULTS.LOG_LEVEL;
  if ((LOG_LEVELS as readonly string[]).includes(levelText)) logLevel = levelText as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got ${JSON.stringify(levelText)})`);

  return { port, host, dataDir, publicBaseUrl, publicBaseUrlSet: base !== undefined, logLevel };
};

/** http://host:port as a browser reaches it; a wildcard listen address is reached as localhost. */
export function baseUrlFor(host: string, port: number): string {
  const shownHost = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}
