/** How often the audits page looks at a running audit: within a share of the plan's requests a minute. */

/** The shortest wait between two looks. */
const MIN_POLL_MS = 1500;
/**
 * Share of the plan's requests a minute the page's polling may use: the free plan allows 10, and polling
 * every 1.5 s spent them in 9 s (then every look was a 429 and the page stopped), leaving none for the
 * user's own calls.
 */
const POLL_SHARE = 1 / 3;

/** The wait between looks for a plan of `perMinute` requests a minute. */
export function pollInterval(perMinute: number | undefined): number {
  if (perMinute === undefined || !(perMinute > 0)) return 20_000;
  return Math.max(MIN_POLL_MS, Math.ceil(60_000 / (perMinute * POLL_SHARE)));
}
