/**
 * Site audits: an audit of a 2,000-page loopback site (each page answers after
 * PAGE_LATENCY_MS, like a real server) by one instance and by two instances on one Redis (BullMQ) and one
 * store (the shared SQLite file), in pages a second and the ratio (budget: two >= 1.7x one), with the pages
 * found in the sitemap and (issue 26) found by following links (each page links to two others: a tree
 * from the home page, so discovery itself runs in the page jobs on both instances); one instance without
 * Redis (the in-process queue) for reference, and one instance against the same site answering at once
 * (CPU-bound: what an instance does per second when the site is not what it waits for). Then the memory
 * of a 100,000-page audit's bookkeeping: discovery of 100,000 URLs (a sitemap index of two sitemaps, as
 * the protocol allows 50,000 URLs a sitemap), the pages recorded in the store, the first window
 * queued, measured in a child process with --expose-gc (budget: peak heap growth <= 128 MB, kept after
 * discovery <= 16 MB: the pages live in the store, only a window is in memory).
 *
 * Each server is a child process running the build (`node dist/api/server.js`, as `npm start`), the site runs
 * here. Reports; never gates.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createConnection, type AddressInfo } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, printTable, type BenchContext } from "./util.ts";
import { recordResults, type Figure } from "./results.ts";

const PAGES = 2_000;
const PAGE_LATENCY_MS = 20;
/** How often the run is polled for its end (each poll costs an instance a request; a user polls far less often). */
const POLL_MS = 100;
const WORKERS_PER_INSTANCE = 8;
const RATIO_BUDGET = 1.7;
/** Rounds of one instance against two, per way of discovery. */
const ROUNDS = 5;
/** Runs of one instance against the site that answers at once (the median is reported). */
const FAST_ROUNDS = 3;
const BOOKKEEPING_PAGES = 100_000;
const SITEMAP_MAX_URLS = 50_000;
const PEAK_BUDGET_MB = 128;
const KEPT_BUDGET_MB = 16;
const root = fileURLToPath(new URL("..", import.meta.url));
/** /proc's clock ticks a second (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

function page(path: string, pages: number): string {
  const i = Number(/(\d+)$/.exec(path)?.[1] ?? -1);
  const links = [2 * i + 1, 2 * i + 2].filter((j) => j >= 0 && j < pages).map((j) => `<a href="/p/${j}">next</a>`).join(" ");
  const event = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: `Concert ${path}`,
    startDate: "2027-07-21T19:00-05:00",
    location: { "@type": "Place", name: "Stadium", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", addressCountry: "US" } },
    image: "https://example.com/a.jpg",
    description: "An evening concert.",
  };
  return `<!doctype html><html><head><title>${path}</title><script type="application/ld+json">${JSON.stringify(event)}</script></head><body>${links}<p>${"text ".repeat(400)}</p></body></html>`;
}

async function startSite(pages: number, latencyMs: number): Promise<{ origin: string; host: string; server: Server }> {
  let origin = "";
  // The sitemaps protocol allows 50,000 URLs a sitemap: past that the site lists its sitemaps in an index.
  const parts = Math.ceil(pages / SITEMAP_MAX_URLS);
  const urlset = (from: number, to: number) =>
    `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: to - from }, (_, i) => `<url><loc>${origin}/p/${from + i}</loc></url>`).join("")}</urlset>`;
  const sitemap = () =>
    parts <= 1
      ? urlset(0, pages)
      : `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: parts }, (_, k) => `<sitemap><loc>${origin}/sitemap-${k}.xml</loc></sitemap>`).join("")}</sitemapindex>`;
  let cached: string | null = null;
  // Pages are built once: the site stands for a server elsewhere, and on a 2-core machine every cycle the
  // harness spends is taken from the instances it measures.
  const built = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === "/sitemap.xml") return res.writeHead(200, { "content-type": "application/xml" }).end((cached ??= sitemap()));
    const part = /^\/sitemap-(\d+)\.xml$/.exec(path);
    if (part) {
      const k = Number(part[1]);
      return res.writeHead(200, { "content-type": "application/xml" }).end(urlset(k * SITEMAP_MAX_URLS, Math.min(pages, (k + 1) * SITEMAP_MAX_URLS)));
    }
    if (path === "/") return res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><html><body><a href="/p/0">events</a></body></html>`);
    let body = built.get(path);
    if (!body) built.set(path, (body = Buffer.from(page(path, pages))));
    setTimeout(() => res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length }).end(body), latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return { origin, host: `127.0.0.1:${port}`, server };
}

async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(6379, "127.0.0.1");
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
    socket.once("data", (d) => (socket.destroy(), resolve(d.toString().startsWith("+PONG"))));
    socket.write("PING\r\n");
  });
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  // The build, as `npm start` runs it (`npm run bench` builds first): under tsx every instance would
  // also pay for its loader, and the measure is of what users run.
  // SDV_BENCH_CPU_PROF=<dir>: each instance writes a V8 CPU profile there when it stops (NODE_OPTIONS refuses --cpu-prof).
  const profile = process.env.SDV_BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SDV_BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, "dist/api/server.js"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", MONGODB_URL: "", RATE_LIMIT_PER_MINUTE: "1000000", AUTH_RATE_LIMIT_PER_MINUTE: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error("server did not start")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (base) {
        clearTimeout(timer);
        out = "";
        child.stdout!.resume();
        resolve({ child, base });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
}

async function call(base: string, method: string, path: string, key?: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, { method, headers: { ...(key ? { "x-api-key": key } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json();
}

/** Seconds from POST /api/v1/audits to the run's end, with `instances` servers sharing DATA_DIR (and Redis when given). */
/** CPU seconds (user + system, every thread) a child process has used, from /proc; null where there is none. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

interface AuditTiming {
  seconds: number;
  pages: number;
  /** The instances' CPU per page over the run (all of them, startup left out), ms; null without /proc. */
  cpuMsPerPage: number | null;
}

async function auditOnce(instances: number, redisUrl: string | null, site: { origin: string; host: string }, discover: "sitemap" | "links" = "sitemap"): Promise<AuditTiming> {
  const dataDir = mkdtempSync(join(tmpdir(), "sdv-bench-audit-"));
  const prefix = `sdv-bench-${randomUUID()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl ?? "",
    AUDIT_QUEUE_PREFIX: prefix,
    FETCH_ALLOWED_PRIVATE_HOSTS: site.host,
    AUDIT_WORKERS: String(WORKERS_PER_INSTANCE),
    AUDIT_HOST_CONCURRENCY: String(WORKERS_PER_INSTANCE * instances),
    AUDIT_HOST_DELAY_MS: "0",
    AUDIT_ACCOUNT_WINDOW: String(4 * WORKERS_PER_INSTANCE * instances),
  };
  const servers: Array<{ child: ChildProcess; base: string }> = [];
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer(env));
    const base = servers[0]!.base;
    const account = await call(base, "POST", "/api/auth/signup", undefined, { email: `bench-${randomUUID()}@example.com` });
    // The scale plan, as `sdv admin set-plan` would set it: 2,000 pages need more than the free 100 credits.
    const { SqliteAccountStore } = await import("../api/stores/embedded/account-store.ts");
    const store = SqliteAccountStore.open(join(dataDir, "sdv.db"));
    const found = await store.findByEmail(account.email);
    await store.setPlan(found!.id, "scale");
    await store.close();
    const cpuAtStart = servers.map((s) => cpuSeconds(s.child.pid));
    const t0 = performance.now();
    const audit = await call(base, "POST", "/api/v1/audits", account.api_key, { url: `${site.origin}/`, max_pages: PAGES + 1, discover, max_depth: 20 });
    if (!audit.id) throw new Error(`audit not created: ${JSON.stringify(audit)}`);
    for (;;) {
      const now = await call(servers[servers.length - 1]!.base, "GET", `/api/v1/audits/${audit.id}`, account.api_key);
      if (["done", "stopped", "failed"].includes(now.status)) {
        if (now.status !== "done") throw new Error(`audit ${now.status}: ${now.reason}`);
        // Pages with structured data (the home page of a link crawl has none).
        const seconds = (performance.now() - t0) / 1000;
        const used = servers.map((s, i) => {
          const [before, after] = [cpuAtStart[i], cpuSeconds(s.child.pid)];
          return before === null || before === undefined || after === null ? null : after - before;
        });
        const cpu = used.includes(null) ? null : (used as number[]).reduce((a, b) => a + b, 0);
        return { seconds, pages: now.credits_used, cpuMsPerPage: cpu === null ? null : (cpu * 1000) / now.credits_used };
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    for (const { child } of servers) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (redisUrl !== null) await dropKeys(redisUrl, prefix);
  }
}

/**
 * The run's queues, politeness and event stream go with it: left in the shared Redis, every run of the
 * bench added about 2 MB (85 MB after a few dozen runs) that the next runs' Redis carried.
 */
async function dropKeys(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** The child of the memory measurement (this file with --bookkeeping <origin> <host>). */
async function bookkeeping(origin: string, host: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const { discover } = await import("../fetch/site/discover.ts");
  const { SqliteAuditStore } = await import("../api/stores/embedded/audit-store.ts");
  const { MemoryJobQueue } = await import("../api/audits/memory-queue.ts");
  const dir = mkdtempSync(join(tmpdir(), "sdv-bench-book-"));
  const store = SqliteAuditStore.open(join(dir, "sdv.db"));
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  const found = await discover(`${origin}/`, { maxPages: BOOKKEEPING_PAGES, fetchOptions: { allowPrivateHosts: [host], timeoutMs: 60_000 }, beforeFetch: async () => {} });
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  await store.addPages("run-1", found.pages, found.skipped, 0);
  const queue = new MemoryJobQueue({ workers: 1, webhookBackoffMs: 1000, jobLockMs: 1000 });
  const window = await store.claimPages("run-1", 16);
  await queue.add(window.map((url) => ({ kind: "page" as const, runId: "run-1", accountId: "a", url })));
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  clearInterval(sample);
  const pages = found.pages.length;
  (found as { pages: string[] }).pages = [];
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  process.stdout.write(`${JSON.stringify({ pages, peakMb: (peak - before) / 2 ** 20, keptMb: kept / 2 ** 20, rssMb: process.memoryUsage().rss / 2 ** 20 })}\n`);
  await queue.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

export async function run(_ctx: BenchContext): Promise<void> {
  if (!existsSync(join(root, "dist", "api", "server.js"))) {
    console.log("SKIP audits: the service is not built (dist/ missing: run npm run build)");
    return;
  }
  const site = await startSite(PAGES, PAGE_LATENCY_MS);
  try {
    const rows: string[][] = [["scenario", "pages", "seconds", "pages/s", "vs one (Redis)"]];
    const one = await auditOnce(1, null, site);
    rows.push(["1 instance, in-process queue", String(one.pages), one.seconds.toFixed(1), (one.pages / one.seconds).toFixed(0), ""]);
    if (await redisAnswers()) {
      const verdicts: string[] = [];
      const figures: Figure[] = [];
      const cpuLines: string[] = [];
      for (const discover of ["sitemap", "links"] as const) {
        // One against two, in rounds alternating which goes first: on a shared machine a drift between two
        // runs far apart reads as a ratio; the verdict is the median round's.
        const ratios: number[] = [];
        const singles: AuditTiming[] = [];
        const doubles: AuditTiming[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? [1, 2] : [2, 1];
          const result: Record<number, AuditTiming> = {};
          for (const n of order) result[n] = await auditOnce(n, "redis://127.0.0.1:6379", site, discover);
          singles.push(result[1]!);
          doubles.push(result[2]!);
          ratios.push(result[1]!.seconds / result[2]!.seconds);
        }
        const ratio = median(ratios);
        const single = singles[ratios.indexOf(ratio)] ?? singles[0]!;
        const double = doubles[ratios.indexOf(ratio)] ?? doubles[0]!;
        const label = discover === "links" ? ", discover links" : "";
        rows.push([`1 instance, BullMQ${label}`, String(single.pages), single.seconds.toFixed(1), (single.pages / single.seconds).toFixed(0), "1.00x"]);
        rows.push([`2 instances, BullMQ${label}`, String(double.pages), double.seconds.toFixed(1), (double.pages / double.seconds).toFixed(0), `${ratio.toFixed(2)}x (rounds ${ratios.map((r) => r.toFixed(2)).join(", ")})`]);
        const how = discover === "links" ? "found by following links" : "found in the sitemap";
        // What each page costs the instances, one against two: equal when nothing they share (Redis, the
        // store, the per-site leases) makes them work harder, whatever the machine's cores allow.
        const cpuOne = median(singles.map((r) => r.cpuMsPerPage ?? NaN));
        const cpuTwo = median(doubles.map((r) => r.cpuMsPerPage ?? NaN));
        if (!Number.isNaN(cpuOne) && !Number.isNaN(cpuTwo)) {
          cpuLines.push(`instances' CPU per page${label}: one ${cpuOne.toFixed(2)} ms, two ${cpuTwo.toFixed(2)} ms (${(cpuTwo / cpuOne).toFixed(2)}x)`);
          figures.push({ id: `${discover}.cpu`, label: `the instances' CPU per page, two instances against one, pages ${how}`, value: cpuTwo / cpuOne, unit: "x", digits: 2 });
        }
        figures.push(
          { id: `${discover}.one`, label: `one instance auditing 2,000 pages ${how} (each answers after ${PAGE_LATENCY_MS} ms)`, value: single.pages / single.seconds, unit: "pages/s", digits: 0 },
          { id: `${discover}.ratio`, label: `two instances against one, pages ${how}`, value: ratio, unit: "x", digits: 2, budget: `>= ${RATIO_BUDGET}x` },
        );
        verdicts.push(`${ratio >= RATIO_BUDGET ? "PASS" : "FAIL"} audits${discover === "links" ? " by links" : ""}: two instances ${ratio.toFixed(2)}x one, median of ${ROUNDS} rounds (budget >= ${RATIO_BUDGET}x); ${WORKERS_PER_INSTANCE} workers each, pages answer after ${PAGE_LATENCY_MS} ms`);
      }
      // The same audit against a site that answers at once: one instance is then bound by its own CPU
      // (fetch, validation, link extraction, store, queue), the figure beside the ratio.
      const fastSite = await startSite(PAGES, 0);
      try {
        const fast: AuditTiming[] = [];
        for (let round = 0; round < FAST_ROUNDS; round++) fast.push(await auditOnce(1, "redis://127.0.0.1:6379", fastSite, "links"));
        const rates = fast.map((r) => r.pages / r.seconds);
        const rate = median(rates);
        const at = fast[rates.indexOf(rate)] ?? fast[0]!;
        rows.push(["1 instance, BullMQ, discover links, site answering at once (CPU-bound)", String(at.pages), at.seconds.toFixed(1), rate.toFixed(0), ""]);
        figures.push({ id: "links.fast", label: "one instance auditing 2,000 pages found by following links, the site answering at once (CPU-bound)", value: rate, unit: "pages/s", digits: 0 });
      } finally {
        fastSite.server.closeAllConnections();
        fastSite.server.close();
      }
      printTable(rows);
      for (const line of [...cpuLines, ...verdicts]) console.log(line);
      console.log(`machine: ${availableParallelism()} cores for the instances, Redis, the site and this harness together`);
      recordResults("audits", figures);
    } else {
      printTable(rows);
      console.log("SKIP audits on Redis: no Redis on 127.0.0.1:6379");
    }
  } finally {
    site.server.closeAllConnections();
    site.server.close();
  }

  const big = await startSite(BOOKKEEPING_PAGES, 0);
  try {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--bookkeeping", big.origin, big.host], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    await new Promise((r) => child.once("exit", r));
    const m = JSON.parse(out.trim().split("\n").pop()!) as { pages: number; peakMb: number; keptMb: number; rssMb: number };
    console.log(
      `${m.peakMb <= PEAK_BUDGET_MB && m.keptMb <= KEPT_BUDGET_MB ? "PASS" : "FAIL"} audit bookkeeping of ${m.pages} pages: peak heap +${m.peakMb.toFixed(1)} MB during discovery ` +
        `(budget ${PEAK_BUDGET_MB}), +${m.keptMb.toFixed(1)} MB kept once recorded in the store with a window queued (budget ${KEPT_BUDGET_MB}); RSS ${m.rssMb.toFixed(0)} MB`,
    );
  } finally {
    big.server.closeAllConnections();
    big.server.close();
  }
}

if (process.argv[2] === "--bookkeeping") {
  await bookkeeping(process.argv[3]!, process.argv[4]!);
}
