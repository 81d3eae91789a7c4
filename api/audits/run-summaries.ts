/**
 * The summary GET /api/v1/audits/{id} shows (features, score bands, top issues, worst pages) counts every
 * page of the run: on a 100,000-page run that is a scan of the run's pages per request, and clients poll a
 * running audit. A running run's summary is therefore computed at most once per RUNNING_FRESH_MS per
 * instance (its page counts in `pages` stay exact: they are the run's record), and a finished run's, which
 * no longer changes, once. The runner's own reads (eligibility when a run ends) never go through here.
 */
import type { RunRecord, RunSummary } from "../stores/audit-store.ts";

/** How old a running run's summary may be. */
export const RUNNING_FRESH_MS = 1_000;
/** Finished runs' summaries kept (the most recently used). */
const KEPT = 200;

interface Entry {
  summary: RunSummary;
  finished: boolean;
  at: number;
}

export class RunSummaries {
  readonly #entries = new Map<string, Entry>();
  readonly #compute: (runId: string) => Promise<RunSummary>;

  constructor(compute: (runId: string) => Promise<RunSummary>) {
    this.#compute = compute;
  }

  async of(run: RunRecord, nowMs: number): Promise<RunSummary> {
    const finished = run.status !== "queued" && run.status !== "running";
    const entry = this.#entries.get(run.id);
    if (entry && (entry.finished || (!finished && nowMs - entry.at < RUNNING_FRESH_MS))) {
      // Most recently used last, so the oldest is the one dropped.
      this.#entries.delete(run.id);
      this.#entries.set(run.id, entry);
      return entry.summary;
    }
    const summary = await this.#compute(run.id);
    this.#entries.delete(run.id);
    this.#entries.set(run.id, { summary, finished, at: nowMs });
    if (this.#entries.size > KEPT) this.#entries.delete(this.#entries.keys().next().value!);
    return summary;
  }
}
