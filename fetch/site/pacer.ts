/** Polite pacing: request starts at least `intervalMs` apart across all workers (robots.txt's Crawl-delay or --delay). */
export function pacer(intervalMs: number): () => Promise<void> {
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + intervalMs;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}
