/** The validation pool: a worker gives the same result as this thread; jobs queue past the pool size; a job past its deadline is stopped; a closed pool refuses. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ValidationPool } from "../../api/validation/validation-pool.ts";
import { runJob, type ValidationJob } from "../../api/validation/validation-job.ts";
import { fixMarkup } from "../../api/validation/worker-task.ts";
import { manyNodes } from "./hostile-inputs.ts";
import { EVENT } from "./helpers.ts";
import { ApiError } from "../../api/errors.ts";

const jobs: Array<[string, ValidationJob]> = [
  ["a parsed value", { kind: "value", value: [EVENT, ...manyNodes(250)] }],
  ["JSON text", { kind: "json-text", text: JSON.stringify(EVENT, null, 2) }],
  ["a page", { kind: "html", text: `<script type="application/ld+json">${JSON.stringify(EVENT)}</script>` }],
  ["a body's text (application/ld+json)", { kind: "body", text: JSON.stringify([EVENT, EVENT]), ldJson: true }],
];

test("a worker's result equals this thread's, for every kind of job; more jobs than workers wait their turn", async () => {
  const pool = new ValidationPool(1);
  try {
    const results = await Promise.all(jobs.map(([, job]) => pool.runInWorker(job)));
    jobs.forEach(([label, job], i) => assert.equal(results[i], JSON.parse(JSON.stringify(runJob(job))), label));
  } finally {
    await pool.close();
  }
});

test("fix_markup's rounds: past 32 KiB in a worker (the caller's thread goes on), with this thread's fixed text", async () => {
  const product = (i: number) => ({ "@context": "https://schema.org", "@type": "Product", name: `P${i}`, offers: { "@type": "Offer", price: "$1,299.00", priceCurrency: "USD" } });
  const big = JSON.stringify(Array.from({ length: 200 }, (_, i) => product(i)), null, 2);
  assert.ok(big.length > 32 * 1024);
  const pool = new ValidationPool(1);
  try {
    let settled = false;
    const fixing = pool.fix(big, "json").then((r) => ((settled = true), r));
    await new Promise((resolve) => setImmediate(resolve));
    assert.is(settled, false, "a large fix does not run in the caller's turn");
    const fixed = await fixing;
    assert.is(fixed.text, fixMarkup(big, "json").text);
    assert.is(fixed.applied.length, 200);
    assert.ok(fixed.text.includes('"price": "1299.00"') && !fixed.text.includes("$1,299.00"));
    // The twin: a small fix runs here, settled in the caller's turn.
    let small = false;
    const smallFix = pool.fix(JSON.stringify(product(1)), "json").then(() => (small = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.is(small, true);
    await smallFix;
  } finally {
    await pool.close();
  }
});

test("an error in a worker rejects its job only; the pool keeps working", async () => {
  const pool = new ValidationPool(1);
  try {
    await pool.runInWorker({ kind: "body", text: "{not json", ldJson: false }).then(
      () => assert.unreachable("a broken body must reject"),
      (err: Error) => assert.instance(err, Error),
    );
    const after = (await pool.runInWorker({ kind: "value", value: EVENT })) as { schemas: unknown[] };
    assert.is(after.schemas.length, 1);
  } finally {
    await pool.close();
  }
});

test("a job past its deadline is stopped: validation_timeout, its worker ended, the next job runs in a new one", async () => {
  const pool = new ValidationPool(1, { deadlineMs: 300, workerModule: new URL("./fixtures/slow-validation-worker.ts", import.meta.url) });
  try {
    // A worker's start (tsx loading the engine, seconds on a busy machine) is not the job's time.
    assert.is(((await pool.runInWorker({ kind: "value", value: EVENT })) as { schemas: unknown[] }).schemas.length, 1);
    const started = performance.now();
    const err = await pool.runInWorker({ kind: "value", value: "spin forever" }).then(() => null, (e: unknown) => e);
    assert.instance(err, ApiError);
    assert.is((err as ApiError).code, "validation_timeout");
    assert.is((err as ApiError).statusCode, 422);
    assert.ok(performance.now() - started < 10_000, "stopped, not run to its end");
    // The spinning worker was ended (it would never take another job): a fresh one answers.
    assert.is(((await pool.runInWorker({ kind: "value", value: EVENT })) as { schemas: unknown[] }).schemas.length, 1);
  } finally {
    await pool.close();
  }
});

test("a closed pool refuses new jobs", async () => {
  const pool = new ValidationPool(1);
  await pool.close();
  await pool.runInWorker({ kind: "value", value: EVENT }).then(
    () => assert.unreachable("closed"),
    (err: Error) => assert.match(err.message, /closed/),
  );
});

test.run();
