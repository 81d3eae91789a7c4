/** Shared bench plumbing: input locations, the timer (sampler.mjs), tables. */
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

export { median, medianNs, medianNsAsync, quantile, sink, type TimerOptions } from "./sampler.mjs";

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
