/**
 * Hostile requests against the built service in a child process ("while the worst
 * bounded request runs, /health answers within 100 ms"). Per scenario: POST /api/v1/validate five times
 * in a row, while this process asks GET /health every 10 ms; reported: the median request time, the
 * request and answer sizes, and the /health latency (p50, worst) measured while the requests ran.
 * The 2 KB body of the HTTP bench is the baseline row. Reports; never gates.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "undici";
import { manyNodes, manyPropertiesNode } from "../test/api/hostile-inputs.ts";
import { serve, stop } from "./http.ts";
import { errorMessage, printTable, type BenchContext } from "./util.ts";

const REPEATS = 5;
const HEALTH_EVERY_MS = 10;
const HEALTH_BUDGET_MS = 100;

export async function run(ctx: BenchContext): Promise<void> {
  const scenarios: Array<[string, string]> = [
    ["baseline: 2 KB jsonld body", readFileSync(join(ctx.benchDir, "http", "body-2k.json"), "utf8")],
    ["hostile: {jsonld: [{@type: Event} x 20,000]}", JSON.stringify({ jsonld: manyNodes() })],
    ["hostile: one Event with 30,000 unknown properties", JSON.stringify({ jsonld: manyPropertiesNode() })],
  ];
  const child = await serve("sdv", {});
  const base = `http://127.0.0.1:${child.served.port}`;
  const rows: string[][] = [["scenario", "request KiB", "answer KiB", "x request", "median ms", "/health p50 ms", "/health worst ms", "status"]];
  let worstHostileHealth = 0;
  try {
    for (const [name, body] of scenarios) {
      try {
        const r = await measure(base, child.served.key!, body);
        if (name.startsWith("hostile")) worstHostileHealth = Math.max(worstHostileHealth, r.healthWorst);
        rows.push([
          name,
          (body.length / 1024).toFixed(0),
          (r.answerBytes / 1024).toFixed(0),
          (r.answerBytes / body.length).toFixed(2),
          r.medianMs.toFixed(1),
          r.healthP50.toFixed(1),
          r.healthWorst.toFixed(1),
          r.statuses.join(","),
        ]);
      } catch (err) {
        rows.push([name, "failed", errorMessage(err), "", "", "", "", ""]);
      }
    }
  } finally {
    await stop(child.proc, child.dir);
  }
  printTable(rows);
  console.log(
    `hostile budget: /health answers within ${HEALTH_BUDGET_MS} ms while hostile requests run: worst ${worstHostileHealth.toFixed(1)} ms: ` +
      (worstHostileHealth <= HEALTH_BUDGET_MS ? "PASS" : "FAIL"),
  );
}

interface Measured {
  medianMs: number;
  answerBytes: number;
  healthP50: number;
  healthWorst: number;
  statuses: number[];
}

async function measure(base: string, key: string, body: string): Promise<Measured> {
  const headers = { "content-type": "application/json", "x-api-key": key };
  // Warm-up: the first request pays for JIT and the worker's start.
  await (await request(`${base}/api/v1/validate`, { method: "POST", headers, body })).body.dump();

  let running = true;
  const health: number[] = [];
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      const res = await request(`${base}/health`);
      await res.body.dump();
      if (running) health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();

  const times: number[] = [];
  const statuses = new Set<number>();
  let answerBytes = 0;
  try {
    for (let i = 0; i < REPEATS; i++) {
      const started = performance.now();
      const res = await request(`${base}/api/v1/validate`, { method: "POST", headers, body });
      const text = await res.body.text();
      times.push(performance.now() - started);
      statuses.add(res.statusCode);
      answerBytes = Buffer.byteLength(text);
    }
  } finally {
    running = false;
    await poller;
  }
  const sorted = [...health].sort((a, b) => a - b);
  return {
    medianMs: median(times),
    answerBytes,
    healthP50: sorted.length ? median(sorted) : NaN,
    healthWorst: sorted.length ? sorted[sorted.length - 1] : NaN,
    statuses: [...statuses],
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
