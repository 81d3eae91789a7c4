/**
 * Shared bench plumbing: input locations and a timer that reports medians.
 *
 * Why medians of batches: single calls of JSON.parse take a few microseconds, close to the cost of
 * reading the clock, and GC pauses skew means; timing batches sized to >= ~0.2 ms and taking the
 * median per call gives figures that are stable between runs (DESIGN.md section 8 compares ratios
 * measured in one run, so both sides of a ratio use this same timer).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface BenchContext {
  /** Absolute path of ../shared/bench. */
  benchDir: string;
  /** Absolute path of ../shared/vocab, or null when absent. */
  vocabDir: string | null;
}

/** `../shared/<name>` relative to the repository root, or null when absent. */
export function sharedDir(name: string): string | null {
  const dir = fileURLToPath(new URL(`../../shared/${name}`, import.meta.url));
  return existsSync(dir) ? dir : null;
}

/** Written by every timed call so the optimizer cannot drop the work. */
export let sink: unknown;

export interface TimerOptions {
  /** Warm-up time before sampling (JIT tiers, caches). */
  warmupMs?: number;
  /** Sampling time after warm-up. */
  sampleMs?: number;
  /** Minimum number of samples, whatever the time. */
  minSamples?: number;
  /** Target duration of one sample (a batch of calls). */
  batchMs?: number;
}

const DEFAULTS: Required<TimerOptions> = { warmupMs: 150, sampleMs: 500, minSamples: 15, batchMs: 0.2 };

/** Median nanoseconds per call of a synchronous function. */
export function medianNs(fn: () => unknown, options: TimerOptions = {}): number {
  const o = { ...DEFAULTS, ...options };
  const now = process.hrtime.bigint;
  // Warm-up, also measuring roughly one call to size the batches.
  let calls = 0;
  const w0 = now();
  const warmEnd = w0 + BigInt(Math.round(o.warmupMs * 1e6));
  do {
    sink = fn();
    calls++;
  } while (now() < warmEnd || calls < 3);
  const perCall = Number(now() - w0) / calls;
  const batch = Math.max(1, Math.ceil((o.batchMs * 1e6) / perCall));

  const samples: number[] = [];
  const sampleEnd = now() + BigInt(Math.round(o.sampleMs * 1e6));
  while (samples.length < o.minSamples || now() < sampleEnd) {
    const t0 = now();
    for (let i = 0; i < batch; i++) sink = fn();
    samples.push(Number(now() - t0) / batch);
  }
  return median(samples);
}

/** Median nanoseconds per call of an async function (each call awaited before the next). */
export async function medianNsAsync(fn: () => Promise<unknown>, options: TimerOptions = {}): Promise<number> {
  const o = { ...DEFAULTS, ...options };
  const now = process.hrtime.bigint;
  let calls = 0;
  const w0 = now();
  const warmEnd = w0 + BigInt(Math.round(o.warmupMs * 1e6));
  do {
    sink = await fn();
    calls++;
  } while (now() < warmEnd || calls < 3);
  const perCall = Number(now() - w0) / calls;
  const batch = Math.max(1, Math.ceil((o.batchMs * 1e6) / perCall));

  const samples: number[] = [];
  const sampleEnd = now() + BigInt(Math.round(o.sampleMs * 1e6));
  while (samples.length < o.minSamples || now() < sampleEnd) {
    const t0 = now();
    for (let i = 0; i < batch; i++) sink = await fn();
    samples.push(Number(now() - t0) / batch);
  }
  return median(samples);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Prints rows as an aligned text table; the first row is the header. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  console.log(line(rows[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows.slice(1)) console.log(line(r));
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message.split("\n")[0] : String(err);
}
