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
export let sink: unknown;
export function medianNs(fn: () => unknown, options?: TimerOptions): number;
export function medianNsAsync(fn: () => Promise<unknown>, options?: TimerOptions): Promise<number>;
export function quantile(xs: number[], q: number): number;
export function median(xs: number[]): number;
