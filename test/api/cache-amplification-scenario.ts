/**
 * Issue 16's amplification through the URL cache, as a scenario the soak test and `npm run bench` share:
 * the real server in a child process (under tsx for the test, the build for the bench), one URL cached (a
 * 5,000-block page, ~15 KiB gzipped, a ~0.5 MiB answer), then one brand-new free key sends 30 concurrent
 * batches of 50 copies of it, while another process asks /health every 20 ms and this one samples the
 * server's RSS. Before the answer budget: 701 MiB of answers in 25 s, RSS 1.1 -> 3.0 GB, /health 24 s.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { request } from "undici";
import { startServer } from "../fetch/fixtures.ts";
import { manyBlocksPage } from "./hostile-inputs.ts";

export interface AmplificationFigures {
  cachedAnswerBytes: number;
  answeredBytes: number;
  served: number;
  refused: number;
  rssGrowthMb: number;
  worstHealthMs: number;
  /** Statuses other than 200 and 429 seen (batches), with their first bytes. */
  unexpected: string[];
}

export const canMeasureRss = existsSync("/proc/self/status");

/** Asks /health every 20 ms until its stdin closes, then prints the slowest answer's time in ms. */
const PROBER = `
let worst = 0, running = true;
process.stdin.on("end", () => (running = false)).resume();
(async () => {
  while (running) {
    const started = performance.now();
    const res = await fetch(process.argv[1]);
    await res.arrayBuffer();
    worst = Math.max(worst, performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  process.stdout.write(String(worst));
})();
`;

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** `serverArgs`: node arguments that start the server (`["--import", "tsx", "api/server.ts"]` or `["dist/api/server.js"]`). */
export async function cacheAmplification(serverArgs: string[]): Promise<AmplificationFigures> {
  const page = zlib.gzipSync(manyBlocksPage(5_000), { level: 9 });
  const fixture = await startServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": page.length });
    res.end(page);
  });
  const dataDir = mkdtempSync(join(tmpdir(), "sdv-cache-amplification-"));
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const server: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${fixture.port}`,
      // The per-minute request limit would refuse 20 of the 30 batches by itself: the budget is under test.
      RATE_LIMIT_PER_MINUTE: "1000",
      REDIS_URL: "",
      MONGODB_URL: "",
      ANSWER_BYTES_PER_MINUTE: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = "";
      let found = false;
      const timer = setTimeout(() => reject(new Error("server did not start")), 30_000);
      server.stdout!.on("data", (chunk: Buffer) => {
        if (found) return;
        out += chunk.toString();
        const address = /listening at (http:\/\/127\.0\.0\.1:\d+)/i.exec(out)?.[1];
        if (address) {
          found = true;
          clearTimeout(timer);
          resolve(address);
        }
      });
      server.once("exit", (code) => reject(new Error(`server exited (${code})`)));
    });
    const newKey = async (email: string) => {
      const res = await request(`${base}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });
      if (res.statusCode !== 201) throw new Error(`signup: ${res.statusCode}`);
      return ((await res.body.json()) as { api_key: string }).api_key;
    };
    const url = `http://127.0.0.1:${fixture.port}/five-thousand`;
    const warm = await request(`${base}/api/v1/validate?url=${encodeURIComponent(url)}`, { headers: { "x-api-key": await newKey(`warm-${process.pid}@example.com`) } });
    const cachedAnswerBytes = (await warm.body.arrayBuffer()).byteLength;
    if (warm.statusCode !== 200) throw new Error(`warming the cache: ${warm.statusCode}`);

    const key = await newKey(`attacker-${process.pid}@example.com`);
    const idle = canMeasureRss ? rssMb(server.pid!) : 0;
    let peak = idle;
    const sampler = setInterval(() => {
      if (canMeasureRss) peak = Math.max(peak, rssMb(server.pid!));
    }, 25);
    // Asked from another process: this one parses the batches' answers, which would delay its own timings.
    const prober = spawn(process.execPath, ["-e", PROBER, `${base}/health`], { stdio: ["pipe", "pipe", "inherit"] });
    let proberOut = "";
    prober.stdout!.on("data", (chunk: Buffer) => (proberOut += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const items = Array.from({ length: 50 }, () => ({ url }));
    const figures: AmplificationFigures = { cachedAnswerBytes, answeredBytes: 0, served: 0, refused: 0, rssGrowthMb: 0, worstHealthMs: 0, unexpected: [] };
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        const res = await request(`${base}/api/v1/validate/batch`, {
          method: "POST",
          headers: { "x-api-key": key, "content-type": "application/json" },
          body: JSON.stringify({ items }),
        });
        const text = await res.body.text();
        figures.answeredBytes += text.length;
        if (res.statusCode === 429) figures.refused += 50;
        else if (res.statusCode !== 200) figures.unexpected.push(`${res.statusCode} ${text.slice(0, 200)}`);
        else {
          for (const item of (JSON.parse(text) as { results: Array<{ ok: boolean; status: number; error?: { code: string } }> }).results) {
            if (item.ok) figures.served++;
            else if (item.status === 429 && item.error?.code === "rate_limit_exceeded") figures.refused++;
            else figures.unexpected.push(`item ${item.status} ${item.error?.code}`);
          }
        }
      }),
    );
    const proberDone = new Promise((resolve) => prober.once("exit", resolve));
    prober.stdin!.end();
    await proberDone;
    clearInterval(sampler);
    figures.worstHealthMs = Number(proberOut.trim());
    figures.rssGrowthMb = peak - idle;
    return figures;
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await fixture.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
