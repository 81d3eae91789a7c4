/**
 * HTTP throughput and latency, with autocannon on 127.0.0.1, 50 connections (DESIGN.md section 8):
 *
 *   floor  a bare Fastify route that only parses the same JSON body and answers {ok: true}; run first
 *          and last, ratios against the better of the two
 *   sdv    POST /api/v1/validate with ../shared/bench/http/body-2k.json (raw JSON-LD): API-key auth,
 *          per-minute limit and credit reservation on the embedded store (SQLite), validation, report
 *   +redis the same with REDIS_URL set (rate limits and cache in Redis), when Redis answers on 127.0.0.1:6379
 *   cache  GET /api/v1/validate?url=... answered from the URL cache (the page is fetched once, from a
 *          loopback fixture, before the run)
 *
 * Each server runs in its own child process (this file with --serve), so autocannon's work in this process
 * does not share an event loop with the server under test. Budgets (issue 16), as shares of the floor's
 * requests per second: POST validate >= 0.5x on the embedded store and >= 0.45x with REDIS_URL, a cache
 * hit >= 0.6x (the fastest path: answered from the stored text); p99 <= 25 ms for each. The account is on
 * the scale plan with RATE_LIMIT_PER_MINUTE very high, and (bench only) an unlimited monthly quota, so
 * every POST of the run is a real, charged validation.
 * Reports; never gates.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { errorMessage, medianNs, medianNsAsync, printTable, type BenchContext } from "./util.ts";
import { redisAnswers } from "../test/support/redis-answers.ts";

const CONNECTIONS = 50;
const WARMUP_S = 3;
const DURATION_S = 10;
/** Floors of each scenario's requests per second, as a share of the bare Fastify floor's. */
const BUDGET_RATIO = { embedded: 0.5, redis: 0.45, cache: 0.6 } as const;
const BUDGET_P99_MS = 25;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<CannonResult>;

interface Served {
  port: number;
  key?: string;
  pageUrl?: string;
}

// --------------------------------------------------------------------------------------- the runner

export async function run(ctx: BenchContext): Promise<void> {
  const bodyFile = join(ctx.benchDir, "http", "body-2k.json");
  if (!existsSync(bodyFile)) {
    console.log(`SKIP http: ${bodyFile} not found`);
    return;
  }
  const body = readFileSync(bodyFile, "utf8");
  const autocannon = ((await import("autocannon" as string)) as { default: Autocannon }).default;
  const redis = await redisAnswers();

  const rows: string[][] = [["scenario", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs floor", "floor"]];
  const results = new Map<string, CannonResult>();
  const scenarios: Array<{ name: string; mode: string; budget?: number; env?: Record<string, string>; request: (s: Served) => Record<string, unknown> }> = [
    { name: "floor: bare Fastify, parse 2 KB body", mode: "bare", request: (s) => post(s, body, {}) },
    { name: "sdv POST validate, 2 KB jsonld (embedded)", mode: "sdv", budget: BUDGET_RATIO.embedded, request: (s) => post(s, body, { "x-api-key": s.key! }) },
    ...(redis
      ? [
          {
            name: "sdv POST validate, 2 KB jsonld (+REDIS_URL)",
            mode: "sdv",
            budget: BUDGET_RATIO.redis,
            env: { REDIS_URL: "redis://127.0.0.1:6379" },
            request: (s: Served) => post(s, body, { "x-api-key": s.key! }),
          },
        ]
      : []),
    {
      name: "sdv GET validate, URL cache hit",
      mode: "sdv-cache",
      budget: BUDGET_RATIO.cache,
      request: (s) => ({ url: `http://127.0.0.1:${s.port}/api/v1/validate?url=${encodeURIComponent(s.pageUrl!)}`, method: "GET", headers: { "x-api-key": s.key! } }),
    },
    // The floor again at the end: on a shared machine one run can be unlucky, and ratios are taken
    // against the better of the two floors, so noise can only make the service look worse.
    { name: "floor again (last)", mode: "bare", request: (s) => post(s, body, {}) },
  ];

  for (const scenario of scenarios) {
    let child: { proc: ChildProcess; served: Served; dir: string } | null = null;
    try {
      child = await serve(scenario.mode, scenario.env ?? {});
      const opts = scenario.request(child.served);
      await autocannon({ ...opts, connections: CONNECTIONS, duration: WARMUP_S });
      const result = await autocannon({ ...opts, connections: CONNECTIONS, duration: DURATION_S });
      results.set(scenario.name, result);
      rows.push([
        scenario.name,
        result.requests.average.toFixed(0),
        String(result.latency.p50),
        String(result.latency.p99),
        String(result.non2xx),
        String(result.errors + result.timeouts),
        "",
        scenario.budget !== undefined ? `>= ${scenario.budget}x` : "",
      ]);
    } catch (err) {
      rows.push([scenario.name, "failed", errorMessage(err), "", "", "", "", scenario.budget !== undefined ? `>= ${scenario.budget}x` : ""]);
    } finally {
      if (child) await stop(child.proc, child.dir);
    }
  }
  const floors = scenarios.filter((sc) => sc.mode === "bare").map((sc) => results.get(sc.name)).filter((r): r is CannonResult => r !== undefined);
  const floor = floors.sort((a, b) => b.requests.average - a.requests.average)[0];
  for (const row of rows.slice(1)) {
    const sc = scenarios.find((x) => x.name === row[0]);
    const r = results.get(row[0]);
    if (floor && r && sc && sc.mode !== "bare") row[6] = `${(r.requests.average / floor.requests.average).toFixed(2)}x`;
  }
  printTable(rows);
  if (!redis) console.log("+REDIS_URL: skipped (no Redis answers on 127.0.0.1:6379)");

  await breakdown(body);

  for (const scenario of scenarios) {
    const r = results.get(scenario.name);
    if (scenario.budget === undefined || !r || !floor) continue;
    const ratio = r.requests.average / floor.requests.average;
    const ok = ratio >= scenario.budget && r.latency.p99 <= BUDGET_P99_MS && r.non2xx === 0 && r.errors === 0;
    console.log(
      `http budget (${scenario.name}): >= ${scenario.budget}x floor req/s and p99 <= ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections: ` +
        `${ratio.toFixed(2)}x, p99 ${r.latency.p99} ms, p50 ${r.latency.p50} ms: ${ok ? "PASS" : "FAIL"}`,
    );
  }
}

/** Where a POST validate's time goes: the per-request steps timed in this process (medians). */
async function breakdown(body: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sdv-bench-steps-"));
  const { openStores } = await import("../api/stores/index.ts");
  const { findAccountByKey, generateApiKey, hashApiKey } = await import("../api/keys/index.ts");
  const { validateValue } = await import("../runtime/validate.ts");
  const stores = await openStores({ dataDir: dir });
  try {
    const key = generateApiKey();
    const account = await stores.accounts.create({ email: "steps@example.com", plan: "scale", keyHash: hashApiKey(key), keyCiphertext: "x" });
    const jsonld = (JSON.parse(body) as { jsonld: unknown }).jsonld;
    const steps: Array<[string, number]> = [
      ["JSON.parse of the 2 KB body", medianNs(() => JSON.parse(body))],
      ["API key look-up (hash + SQLite read + constant-time match)", await medianNsAsync(() => findAccountByKey(stores.accounts, key))],
      ["per-minute limit (in process)", await medianNsAsync(() => stores.rateLimiter.hit("steps", 1e9))],
      ["credit reservation (SQLite write transaction)", await medianNsAsync(() => stores.accounts.reserveCredit(account.id, "2099-01", 1e9))],
      ["validation (engine, parsed value)", medianNs(() => validateValue(jsonld))],
    ];
    printTable([["step of POST validate", "us"], ...steps.map(([name, ns]) => [name, (ns / 1000).toFixed(1)])]);
  } finally {
    await stores.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function post(s: Served, body: string, headers: Record<string, string>): Record<string, unknown> {
  return {
    url: `http://127.0.0.1:${s.port}${headers["x-api-key"] ? "/api/v1/validate" : "/bare"}`,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  };
}

export async function serve(mode: string, env: Record<string, string>): Promise<{ proc: ChildProcess; served: Served; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "sdv-bench-http-"));
  const self = fileURLToPath(import.meta.url);
  const proc = spawn(process.execPath, ["--import", "tsx", self, "--serve", mode], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "1000000000", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const served = await new Promise<Served>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start`)), 30_000);
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{\"port\""));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Served);
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} server exited (${code})`));
    });
  });
  return { proc, served, dir };
}

export async function stop(proc: ChildProcess, dir: string): Promise<void> {
  if (proc.exitCode === null) {
    const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
    proc.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (proc.exitCode === null) proc.kill("SIGKILL");
  }
  rmSync(dir, { recursive: true, force: true });
}

// ----------------------------------------------------------------------------- the servers (--serve)

async function serveMode(mode: string): Promise<void> {
  if (mode === "bare") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify({ logger: false });
    app.post("/bare", async (request) => ({ ok: typeof request.body === "object" }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    announce({ port: (app.server.address() as AddressInfo).port });
    return;
  }

  // The service as production runs it (npm start): the tsc build, free of tsx's loader overhead.
  const built = (path: string) => new URL(`../dist/${path}`, import.meta.url).href;
  const { loadConfig } = (await import(built("api/config.js"))) as typeof import("../api/config.ts");
  const { buildApp } = (await import(built("api/app.js"))) as typeof import("../api/app.ts");
  const { hashApiKey } = (await import(built("api/keys/index.js"))) as typeof import("../api/keys/index.ts");
  let pageUrl: string | undefined;
  // The floor logs nothing; the service keeps warnings and errors but not one access line per
  // request, so the comparison is of the same work (LOG_LEVEL from the environment still wins).
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: "warn", ...process.env };
  if (mode === "sdv-cache") {
    const page = `<!doctype html><html><head><script type="application/ld+json">${readFileSync(join(fileURLToPath(new URL("../../shared/bench/jsonld", import.meta.url)), "event.json"), "utf8")}</script></head><body></body></html>`;
    const fixture = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
    });
    await new Promise<void>((resolve) => fixture.listen(0, "127.0.0.1", () => resolve()));
    const fixturePort = (fixture.address() as AddressInfo).port;
    pageUrl = `http://127.0.0.1:${fixturePort}/event`;
    env.FETCH_ALLOWED_PRIVATE_HOSTS = `127.0.0.1:${fixturePort}`;
  }
  const app = await buildApp(loadConfig(env));
  // Bench only: no monthly ceiling, so a fast run never turns into quota_exceeded answers.
  const limits = app.sdv.limits;
  app.sdv.limits = (plan) => ({ ...limits(plan), monthly: 1_000_000_000 });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const signup = await app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: `bench-${Date.now()}@example.com` } });
  const key = (signup.json() as { api_key: string }).api_key;
  const account = await app.sdv.stores.accounts.findByKeyHash(hashApiKey(key));
  await app.sdv.stores.accounts.setPlan(account!.id, "scale");
  if (pageUrl) {
    const primed = await app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(pageUrl)}`, headers: { "x-api-key": key } });
    if (primed.statusCode !== 200) throw new Error(`priming the cache failed: ${primed.statusCode} ${primed.body}`);
  }
  process.on("SIGTERM", () => {
    app.close().finally(() => process.exit(0));
  });
  announce({ port: (app.server.address() as AddressInfo).port, key, pageUrl });
}

function announce(served: Served): void {
  process.stdout.write(`${JSON.stringify(served)}\n`);
}

const isMain = process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url;
if (isMain && process.argv[2] === "--serve") {
  serveMode(process.argv[3] ?? "").catch((err: unknown) => {
    console.error(`bench/http --serve: ${errorMessage(err)}`);
    process.exit(1);
  });
}
