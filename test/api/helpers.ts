/**
 * Shared plumbing of the HTTP-level tests: a temporary DATA_DIR per test file, an app built from an
 * environment (as the server would), captured log lines, and a few request shortcuts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, type AppDeps } from "../../api/app.ts";
import { loadConfig, type Config } from "../../api/config.ts";

/**
 * Default fetch options of test apps: no name resolves and no non-loopback connection is ever attempted,
 * so a test that reaches the fetcher by mistake cannot send a packet off the machine.
 */
export const OFFLINE_FETCH = {
  resolver: async (hostname: string): Promise<Array<{ address: string; family: 4 | 6 }>> => {
    throw Object.assign(new Error(`test resolver: ${hostname} is not resolvable in tests`), { code: "ENOTFOUND" });
  },
  connectGuard: (address: string) => {
    if (!/^127\./.test(address) && address !== "::1") throw new Error(`test connect guard: refusing ${address}`);
  },
};

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Every log line written so far (JSON text). */
  logs: string[];
  close(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "sdv-api-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info", PUBLIC_BASE_URL: "https://sdv.test", AUTH_RATE_LIMIT_PER_MINUTE: "1000", INVALID_KEY_LIMIT_PER_MINUTE: "1000", ...env });
  const logs: string[] = [];
  const app = await buildApp(config, { logStream: { write: (line: string) => void logs.push(line) }, fetchOptions: OFFLINE_FETCH, ...deps });
  return {
    app,
    config,
    dataDir,
    logs,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}@example.com`;
}

export async function signup(app: FastifyInstance, email = uniqueEmail()): Promise<{ key: string; email: string }> {
  const res = await app.inject({ method: "POST", url: "/api/auth/signup", payload: { email } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { key: res.json().api_key, email: res.json().email };
}

export async function login(app: FastifyInstance, email: string): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function validateJsonLd(app: FastifyInstance, key: string | undefined, jsonld: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/v1/validate",
    headers: key === undefined ? {} : { "x-api-key": key },
    payload: { jsonld },
  });
}

export const EVENT = {
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Jazz night",
  startDate: "2026-07-21T19:00-05:00",
  location: { "@type": "Place", name: "Hall", address: "1 Main St, Springfield" },
};

/** Asserts the spec's ApiError shape and returns the error object. */
export function apiError(res: LightMyRequestResponse, status: number, code: string): { code: string; message: string; docs_url?: string; upgrade_url?: string; retry_after_seconds?: number } {
  const body = res.json();
  if (res.statusCode !== status || body?.success !== false || body?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  if (typeof body.error.message !== "string" || body.error.message === "") throw new Error("ApiError without a message");
  if (typeof body.error.docs_url !== "string" || !body.error.docs_url.endsWith(`#${code}`)) throw new Error("ApiError without docs_url");
  return body.error;
}
