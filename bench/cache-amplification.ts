/**
 * Issue 16's amplification through the URL cache against the built service (dist/, `npm run build`): 30
 * concurrent batches of 50 copies of a cached 5,000-block page from one free key. Reports what was answered
 * and refused, the server's RSS growth and the worst /health time (budget: 100 ms, RSS growth < 300 MB).
 * The scenario is the soak test's (test/api/cache-amplification-scenario.ts). Reports; never gates.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cacheAmplification, canMeasureRss } from "../test/api/cache-amplification-scenario.ts";
import { printTable, type BenchContext } from "./util.ts";

export async function run(_ctx: BenchContext): Promise<void> {
  if (!canMeasureRss || !existsSync(fileURLToPath(new URL("../dist/api/server.js", import.meta.url)))) {
    console.log("SKIP cache amplification: needs /proc and the build (npm run build)");
    return;
  }
  const f = await cacheAmplification(["dist/api/server.js"]);
  printTable([
    ["30 batches x 50 copies of a cached page", "cached answer KiB", "answered MiB", "items served", "items refused", "RSS growth MB", "/health worst ms"],
    ["one free key", (f.cachedAnswerBytes / 1024).toFixed(0), (f.answeredBytes / 1024 / 1024).toFixed(1), String(f.served), String(f.refused), f.rssGrowthMb.toFixed(0), f.worstHealthMs.toFixed(0)],
  ]);
  const ok = f.worstHealthMs <= 100 && f.rssGrowthMb < 300;
  console.log(`cache amplification budget: /health <= 100 ms and RSS growth < 300 MB: ${ok ? "PASS" : "FAIL"}`);
}
