// The benchmarks' one timer, in plain JavaScript so that the plain-node child processes
// (adobe-validate.mjs) time exactly as the TypeScript benchmarks do (bench/util.ts re-exports it).
//
// Why medians of batches: single calls of JSON.parse take a few microseconds, close to the cost of
// reading the clock, and GC pauses skew means; timing batches sized to >= ~0.2 ms and taking the
// median per call gives figures that are stable between runs (the budgets compare ratios
// measured in one run, so both sides of a ratio use this same timer).

const DEFAULTS = { warmupMs: 150, sampleMs: 500, minSamples: 15, batchMs: 0.2 };
const now = process.hrtime.bigint;

/** Written by every timed call so the optimizer cannot drop the work. */
export let sink;

/**
 * The plan of one measurement: yields how many calls to time next and receives the nanoseconds they
 * took; returns the median per call. A warm-up first (JIT tiers, caches), which also sizes the batches.
 */
function* plan(options) {
  const o = { ...DEFAULTS, ...options };
  let calls = 0;
  let warmNs = 0;
  while (warmNs < o.warmupMs * 1e6 || calls < 3) {
    warmNs += yield 1;
    calls++;
  }
  const batch = Math.max(1, Math.ceil((o.batchMs * 1e6) / (warmNs / calls)));
  const samples = [];
  let sampledNs = 0;
  while (samples.length < o.minSamples || sampledNs < o.sampleMs * 1e6) {
    const ns = yield batch;
    sampledNs += ns;
    samples.push(ns / batch);
  }
  return median(samples);
}

/** Median nanoseconds per call of a synchronous function. */
export function medianNs(fn, options = {}) {
  const steps = plan(options);
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    const t0 = now();
    for (let i = 0; i < step.value; i++) sink = fn();
    step = steps.next(Number(now() - t0));
  }
}

/** Median nanoseconds per call of an async function (each call awaited before the next). */
export async function medianNsAsync(fn, options = {}) {
  const steps = plan(options);
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value;
    const t0 = now();
    for (let i = 0; i < step.value; i++) sink = await fn();
    step = steps.next(Number(now() - t0));
  }
}

/** The q-quantile of xs (0.5: the median), interpolated between neighbours. */
export function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
}

export function median(xs) {
  return quantile(xs, 0.5);
}
