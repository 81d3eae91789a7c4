/** The audit view's summary: a running run's at most RUNNING_FRESH_MS old, a finished run's computed once, never a running one's for a finished run. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RUNNING_FRESH_MS, RunSummaries } from "../../../api/audits/run-summaries.ts";
import type { RunRecord, RunSummary } from "../../../api/stores/audit-store.ts";

function counting(): { summaries: RunSummaries; calls: () => number } {
  let calls = 0;
  const summaries = new RunSummaries(async (): Promise<RunSummary> => {
    calls++;
    return { features: { event: calls }, scores: {}, issues: [], worst: [] };
  });
  return { summaries, calls: () => calls };
}

const run = (status: RunRecord["status"], id = "run_1") => ({ id, status }) as RunRecord;

test("a running run's summary is reused for RUNNING_FRESH_MS, then computed again", async () => {
  const { summaries, calls } = counting();
  assert.equal((await summaries.of(run("running"), 0)).features, { event: 1 });
  assert.equal((await summaries.of(run("running"), RUNNING_FRESH_MS - 1)).features, { event: 1 });
  assert.equal((await summaries.of(run("running"), RUNNING_FRESH_MS)).features, { event: 2 });
  assert.is(calls(), 2);
});

test("a run that finished is summed up anew once, then kept", async () => {
  const { summaries, calls } = counting();
  await summaries.of(run("running"), 0);
  assert.equal((await summaries.of(run("done"), 10)).features, { event: 2 }, "the running summary is not the final one");
  assert.equal((await summaries.of(run("done"), 10 + 100 * RUNNING_FRESH_MS)).features, { event: 2 });
  assert.is(calls(), 2);
});

test("runs are kept apart", async () => {
  const { summaries, calls } = counting();
  await summaries.of(run("done", "a"), 0);
  await summaries.of(run("done", "b"), 0);
  await summaries.of(run("done", "a"), 0);
  assert.is(calls(), 2);
});

test.run();
