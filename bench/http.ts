/**
 * HTTP throughput and latency, with autocannon on 127.0.0.1, 50 connections:
 *
 *   floor  a bare Fastify route that only parses the same JSON body and answers {ok: true}; measured
 *          at the start of every round and once more at the end (see run())
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
import { errorMessage, median, medianNs, medianNsAsync, printTable, type BenchContext } from "./util.ts";
import { redisAnswers } from "../test/support/redis-answers.ts";

const CONNECTIONS = 50;
const WARMUP_S = 3;
/** Each scenario is measured in every round; rounds interleave the floor with the service (see run()). */
const ROUNDS = 5;
const ROUND_S = 5;
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

interface Scenario {
  name: string;
  mode: string;
  budget?: number;
  env?: Record<string, string>;
  request: (s: Served) => Record<string, unknown>;
}

/** One scenario's measurement in one round, with the server's CPU time (user + system) it took. */
interface Measured {
  result: CannonResult;
  cpuUsPerRequest: number;
}

// --------------------------------------------------------------------------------------- the runner

/**
 * Every server is started (and warmed) first; then each round measures the floor and each scenario in
 * turn, ROUND_S seconds each, and the floor once more at the end. A scenario's ratio in a round is
 * taken against the better of the two floor runs around it in time (this round's and the next one's),
 * and the verdict uses the median of its rounds: on a shared machine the load drifts over a minute,
 * and measuring far apart in time made the same build read 0.41x and 0.52x in two runs.
 * The server's CPU time per request (from /proc, when readable) is shown beside: it does not depend on
 * how the two cores were shared between the server and autocannon.
 */
export async function run(ctx: BenchContext): Promise<void> {
  const bodyFile = join(ctx.benchDir, "http", "body-2k.json");
  if (!existsSync(bodyFile)) {
    console.log(`SKIP http: ${bodyFile} not found`);
    return;
  }
  const body = readFileSync(bodyFile, "utf8");
  const autocannon = ((await import("autocannon" as string)) as { default: Autocannon }).default;
  const redis = await redisAnswers();

  const floorScenario: Scenario = { name: "floor: bare Fastify, parse 2 KB body", mode: "bare", request: (s) => post(s, body, {}) };
  const scenarios: Scenario[] = [
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
  ];

  const servers = new Map<Scenario, { proc: ChildProcess; served: Served; dir: string }>();
  const failures = new Map<Scenario, string>();
  const floorRuns: Measured[] = [];
  const runs = new Map<Scenario, Measured[]>();
  try {
    for (const scenario of [floorScenario, ...scenarios]) {
      try {
        const child = await serve(scenario.mode, scenario.env ?? {});
        servers.set(scenario, child);
        await autocannon({ ...scenario.request(child.served), connections: CONNECTIONS, duration: WARMUP_S });
      } catch (err) {
        failures.set(scenario, errorMessage(err));
      }
    }
    const measure = async (scenario: Scenario): Promise<Measured | null> => {
      const child = servers.get(scenario);
      if (!child) return null;
      const cpuBefore = cpuMicros(child.proc.pid);
      const result = await autocannon({ ...scenario.request(child.served), connections: CONNECTIONS, duration: ROUND_S });
      const cpuAfter = cpuMicros(child.proc.pid);
      const cpuUsPerRequest = cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : NaN;
      return { result, cpuUsPerRequest };
    };
    for (let round = 0; round < ROUNDS; round++) {
      const floor = await measure(floorScenario);
      if (floor) floorRuns.push(floor);
      for (const scenario of scenarios) {
        try {
          const measured = await measure(scenario);
          if (measured) runs.set(scenario, [...(runs.get(scenario) ?? []), measured]);
        } catch (err) {
          failures.set(scenario, errorMessage(err));
        }
      }
    }
    const last = await measure(floorScenario);
    if (last) floorRuns.push(last);
  } finally {
    for (const child of servers.values()) await stop(child.proc, child.dir);
  }

  const rows: string[][] = [["scenario", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "CPU us/req", "vs floor", "rounds", "floor"]];
  const summary = (measured: Measured[]) => ({
    reqs: median(measured.map((m) => m.result.requests.average)),
    p50: median(measured.map((m) => m.result.latency.p50)),
    // The worst round's p99: a budget on the tail should not be met by averaging the tail away.
    p99: Math.max(...measured.map((m) => m.result.latency.p99)),
    non2xx: measured.reduce((n, m) => n + m.result.non2xx, 0),
    errors: measured.reduce((n, m) => n + m.result.errors + m.result.timeouts, 0),
    cpu: median(measured.map((m) => m.cpuUsPerRequest)),
  });
  const floorSummary = floorRuns.length > 0 ? summary(floorRuns) : null;
  if (floorSummary) {
    rows.push([floorScenario.name, floorSummary.reqs.toFixed(0), String(floorSummary.p50), String(floorSummary.p99), String(floorSummary.non2xx), String(floorSummary.errors), cpuText(floorSummary.cpu), "", floorRuns.map((m) => m.result.requests.average.toFixed(0)).join(" "), ""]);
  } else {
    rows.push([floorScenario.name, "failed", failures.get(floorScenario) ?? "", "", "", "", "", "", "", ""]);
  }
  const verdicts: string[] = [];
  for (const scenario of scenarios) {
    const measured = runs.get(scenario) ?? [];
    const budget = scenario.budget !== undefined ? `>= ${scenario.budget}x` : "";
    if (measured.length === 0 || floorRuns.length < 2) {
      rows.push([scenario.name, "failed", failures.get(scenario) ?? "no floor", "", "", "", "", "", "", budget]);
      continue;
    }
    // Round i's floor ran just before it and round i+1's (or the last) just after.
    const ratios = measured.map((m, i) => m.result.requests.average / Math.max(floorRuns[i].result.requests.average, floorRuns[i + 1].result.requests.average));
    const ratio = median(ratios);
    const s = summary(measured);
    rows.push([
      scenario.name,
      s.reqs.toFixed(0),
      String(s.p50),
      String(s.p99),
      String(s.non2xx),
      String(s.errors),
      floorSummary && Number.isFinite(s.cpu) ? `${cpuText(s.cpu)} (${(s.cpu / floorSummary.cpu).toFixed(1)}x)` : cpuText(s.cpu),
      `${ratio.toFixed(2)}x`,
      ratios.map((r) => r.toFixed(2)).join(" "),
      budget,
    ]);
    if (scenario.budget !== undefined) {
      const ok = ratio >= scenario.budget && s.p99 <= BUDGET_P99_MS && s.non2xx === 0 && s.errors === 0;
      verdicts.push(
        `http budget (${scenario.name}): >= ${scenario.budget}x floor req/s (median of ${ratios.length} rounds) and p99 <= ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections: ` +
          `${ratio.toFixed(2)}x, p99 ${s.p99} ms, p50 ${s.p50} ms: ${ok ? "PASS" : "FAIL"}`,
      );
    }
  }
  printTable(rows);
  if (!redis) console.log("+REDIS_URL: skipped (no Redis answers on 127.0.0.1:6379)");

  await breakdown(body);
  for (const line of verdicts) console.log(line);
}

/** A process's CPU time so far (user + system, microseconds), or null where /proc cannot be read. */
function cpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesized command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1e6;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux build Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

const cpuText = (us: number): string => (Number.isFinite(us) ? us.toFixed(0) : "n/a");

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
    process.on("SIGTERM", () => {
      app.close().finally(() => process.exit(0));
    });
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
