/**
 * Issue 25, the page truth checks on hostile pages (hostile-truth-pages.ts) through the real route (GET
 * /api/v1/validate?url=): each answers 200, and /health keeps answering while they are validated (large
 * pages are validated off the event loop).
 *
 * The issue's budget, /health within 100 ms, is a speed target: `npm run bench -- hostile` measures it
 * on these pages, in a service of its own. A fixed bound here failed on a busy shared machine (117 ms
 * while other jobs ran), which is no defect of sdv. What this test fails is the defect itself: a page
 * validated on the event loop holds every /health asked meanwhile for as long as that validation takes.
 * So the slowest /health is compared with the slowest of these pages validated on this thread, timed
 * in the same test on the same machine: a machine busy enough to slow one slows the other.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startServer, type Fixture } from "../fetch/fixtures.ts";
import { signup, startApp, type TestApp } from "./helpers.ts";
import { DEFAULT_MAX_BYTES } from "../../fetch/guarded-fetch.ts";
import { HOSTILE_TRUTH_PAGES as PAGES, serveHostileTruthPage } from "./hostile-truth-pages.ts";
import { validate } from "../../lib/index.ts";

let fixture: Fixture;
let t: TestApp;

test.before(async () => {
  fixture = await startServer(serveHostileTruthPage);
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${fixture.port}`, RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await t.close();
  await fixture.close();
});

/** The longest any one of the pages takes to validate on this thread (the JIT warmed by a first round). */
function slowestOnThisThread(): number {
  let slowest = 0;
  for (let round = 0; round < 2; round++) {
    for (const [path, page] of Object.entries(PAGES)) {
      const started = performance.now();
      validate(page, { url: `https://shop.example${path}` });
      if (round === 1) slowest = Math.max(slowest, performance.now() - started);
    }
  }
  return slowest;
}

test("/health keeps answering while hostile pages run the truth checks (no page holds the event loop); each answers 200", async () => {
  for (const [path, page] of Object.entries(PAGES)) assert.ok(page.length <= DEFAULT_MAX_BYTES, `${path}: ${page.length} bytes fit the fetcher's cap`);
  const { key } = await signup(t.app);
  const get = (path: string) =>
    t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(`http://127.0.0.1:${fixture.port}${path}`)}`, headers: { "x-api-key": key } });
  let running = true;
  const hostile = Promise.all(Object.keys(PAGES).map(get)).finally(() => (running = false));
  const latencies: number[] = [];
  // A probe is due 5 ms after the last answer and timed from then: the app is in this process, so a page
  // on the event loop would delay the probe's timer, not the probe once sent (a client's request would
  // wait for the whole validation).
  let due = performance.now();
  while (running) {
    const health = await t.app.inject({ method: "GET", url: "/health" });
    if (running) latencies.push(performance.now() - due);
    assert.is(health.statusCode, 200);
    due = performance.now() + 5;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const answers = await hostile;
  for (const a of answers) assert.is(a.statusCode, 200, a.body.slice(0, 200));
  const duplicates = JSON.parse(answers[2].body);
  const codes = duplicates.schemas.flatMap((s: any) => s.warnings.map((w: any) => w.code));
  assert.is(codes.filter((c: string) => c === "duplicate-entity").length, 1, "one duplicate-entity for the 5,000 copies");
  assert.ok(latencies.length > 0, "/health was asked while the hostile requests ran");
  const worst = Math.max(...latencies);
  const onThread = slowestOnThisThread();
  // Validated on the event loop, the slowest page holds a /health for about `onThread` or longer (1,172 and 1,368 ms
  // against 618 and 653 when tried, with the worker threshold lifted; 31 and 36 ms with it): half of it is far
  // above what a busy machine adds to a probe and far below what a page on the event loop holds.
  assert.ok(worst < onThread / 2, `worst /health latency ${worst.toFixed(0)} ms; the slowest page takes ${onThread.toFixed(0)} ms on one thread`);
});

test.run();
