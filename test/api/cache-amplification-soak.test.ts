/**
 * Issue 16, item 1, against the real server process (test/api/cache-amplification-scenario.ts): 30
 * concurrent batches of 50 copies of a cached 5,000-block page from one free key. Before: 701 MiB of
 * answers for 0 credits, RSS 1.1 -> 3.0 GB, /health blocked 24 s. Now items past the key's answer budget
 * are refused (429 rate_limit_exceeded), RSS grows less than 300 MB, and /health answers within a generous
 * 3 s here: the machine's load, not the server, sets the figure in a test (measured 0.13-1.8 s with the
 * server under tsx on a 2-core machine at a load average of 12-16 while batch answers went out whole; 33 ms
 * at a load of 5 once they went out in 64 KiB pieces; 24 s before the budget). The figure against the
 * 100 ms budget is `npm run bench`'s cache-amplification row, on the build.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { cacheAmplification, canMeasureRss } from "./cache-amplification-scenario.ts";

const RSS_GROWTH_LIMIT_MB = 300;
/** Generous: on a 2-core machine shared by other jobs an idle process's timers already run 60 ms late. */
const HEALTH_BOUND_MS = 3000;

test("30 concurrent batches of 50 copies of a cached 5,000-block page from one free key: refused past the budget, RSS and /health bounded", async () => {
  if (!canMeasureRss) {
    console.log("SKIP cache amplification soak: /proc is not available on this system");
    return;
  }
  const f = await cacheAmplification(["--import", "tsx", "api/server.ts"]);
  console.log(
    `  cache amplification: ${(f.answeredBytes / 1024 / 1024).toFixed(1)} MiB answered, ${f.served} items served, ${f.refused} refused; RSS +${f.rssGrowthMb.toFixed(0)} MB; worst /health ${f.worstHealthMs.toFixed(0)} ms`,
  );
  assert.ok(f.cachedAnswerBytes > 300_000, `the cached answer is large (${f.cachedAnswerBytes} bytes)`);
  assert.equal(f.unexpected, []);
  assert.ok(f.refused > 0, "items past the budget are refused");
  assert.ok(f.answeredBytes < 64 * 1024 * 1024, `answers stay near the budget (${f.answeredBytes} bytes)`);
  assert.ok(f.rssGrowthMb < RSS_GROWTH_LIMIT_MB, `RSS grew ${f.rssGrowthMb.toFixed(0)} MB`);
  assert.ok(Number.isFinite(f.worstHealthMs) && f.worstHealthMs > 0, "/health was asked");
  assert.ok(f.worstHealthMs < HEALTH_BOUND_MS, `/health took ${f.worstHealthMs.toFixed(0)} ms`);
});

test.run();
