/**
 * The renderer's settings (RENDER_* and CHROMIUM_PATH), read from the environment by the service's
 * configuration and by the CLI alike. Problems are collected, not thrown, so the service reports them with
 * every other setting's.
 */
export interface RenderLimits {
  /** Whole page: navigation, scripts, settling, the snapshot (RENDER_TIMEOUT_MS). */
  deadlineMs: number;
  /** The network must be quiet this long before the snapshot (RENDER_SETTLE_MS). */
  settleMs: number;
  /** Longest wait for a quiet network after the load event; then the snapshot is taken anyway. */
  maxSettleWaitMs: number;
  /** Requests the page (frames, workers included) may make (RENDER_MAX_REQUESTS). */
  maxRequests: number;
  /** Bytes the page may receive, all requests together (RENDER_MAX_BYTES). */
  maxBytes: number;
  /** Elements of the rendered DOM (RENDER_MAX_DOM_ELEMENTS). */
  maxDomElements: number;
  /** Frames (iframes) of the page (RENDER_MAX_FRAMES). */
  maxFrames: number;
  /** Time the page's scripts may run, in total (RENDER_MAX_SCRIPT_MS). */
  maxScriptMs: number;
  /** JavaScript heap of the page (RENDER_MAX_HEAP_MB; also the renderer's V8 old-space limit). */
  maxHeapMb: number;
  /**
   * Memory of a renderer process outside shared libraries: DOM, text, layout and heap together
   * (RENDER_MAX_MEMORY_MB). Read from /proc, so enforced on Linux only; browser-wide, not per page.
   */
  maxMemoryMb: number;
}

export interface RenderConfig {
  /** CHROMIUM_PATH, else the usual system paths (found when first needed). */
  chromiumPath: string | null;
  /** Pages rendered at once in this process (RENDER_CONCURRENCY). */
  concurrency: number;
  /** Renders waiting for a place at most; more are refused with render_unavailable (RENDER_QUEUE). */
  maxQueued: number;
  /**
   * How long a render asked for with `boundedWait` (the service's) waits for a place at most, then
   * render_unavailable (RENDER_QUEUE_WAIT_MS). Long enough for a burst of ordinary pages (20 at once on 2
   * places wait about 20 s), short of a queue of pages that each hang to their deadline.
   */
  maxQueueWaitMs: number;
  /** The browser is restarted after this many pages (its memory does not creep). */
  pagesPerBrowser: number;
  limits: RenderLimits;
}

export const RENDER_DEFAULTS: RenderConfig = {
  chromiumPath: null,
  concurrency: 2,
  maxQueued: 32,
  maxQueueWaitMs: 60_000,
  pagesPerBrowser: 200,
  limits: {
    deadlineMs: 15_000,
    settleMs: 500,
    maxSettleWaitMs: 5_000,
    maxRequests: 300,
    maxBytes: 20 * 1024 * 1024,
    maxDomElements: 100_000,
    maxFrames: 30,
    maxScriptMs: 5_000,
    maxHeapMb: 256,
    maxMemoryMb: 1024,
  },
};

/** Reads the settings; each problem is pushed to `problems` (the default is then kept). */
export function readRenderConfig(env: Readonly<Record<string, string | undefined>>, problems: string[] = []): RenderConfig {
  const get = (name: string) => {
    const v = env[name]?.trim();
    return v === undefined || v === "" ? undefined : v;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const text = get(name);
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text.slice(0, 40))})`);
      return fallback;
    }
    return Number(text);
  };
  const d = RENDER_DEFAULTS.limits;
  const deadlineMs = int("RENDER_TIMEOUT_MS", d.deadlineMs, 1_000, 120_000);
  return {
    chromiumPath: get("CHROMIUM_PATH") ?? null,
    concurrency: int("RENDER_CONCURRENCY", RENDER_DEFAULTS.concurrency, 1, 64),
    maxQueued: int("RENDER_QUEUE", RENDER_DEFAULTS.maxQueued, 0, 10_000),
    maxQueueWaitMs: int("RENDER_QUEUE_WAIT_MS", RENDER_DEFAULTS.maxQueueWaitMs, 1_000, 600_000),
    pagesPerBrowser: RENDER_DEFAULTS.pagesPerBrowser,
    limits: {
      deadlineMs,
      settleMs: int("RENDER_SETTLE_MS", d.settleMs, 0, 10_000),
      maxSettleWaitMs: Math.min(d.maxSettleWaitMs, deadlineMs),
      maxRequests: int("RENDER_MAX_REQUESTS", d.maxRequests, 1, 100_000),
      maxBytes: int("RENDER_MAX_BYTES", d.maxBytes, 1024, 1024 * 1024 * 1024),
      maxDomElements: int("RENDER_MAX_DOM_ELEMENTS", d.maxDomElements, 100, 10_000_000),
      maxFrames: int("RENDER_MAX_FRAMES", d.maxFrames, 0, 1_000),
      maxScriptMs: int("RENDER_MAX_SCRIPT_MS", d.maxScriptMs, 100, 120_000),
      maxHeapMb: int("RENDER_MAX_HEAP_MB", d.maxHeapMb, 16, 8_192),
      maxMemoryMb: int("RENDER_MAX_MEMORY_MB", d.maxMemoryMb, 64, 65_536),
    },
  };
}
