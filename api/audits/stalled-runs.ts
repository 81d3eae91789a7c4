/**
 * Which unfinished runs have stopped moving. A run's work is split between the store (which pages are
 * claimed) and the queue (which jobs exist), and no write spans both: an instance killed between claiming
 * a window of pages and queueing their jobs, or between creating a run and queueing its discovery, leaves
 * work that no job will ever do, and the run waits forever. BullMQ's stalled-job check only returns jobs
 * that exist.
 *
 * Every instance watches the runs it sees on its scheduler tick: a run whose counts (found, done, failed,
 * skipped) and status have not changed for `stallMs` is reported once, and again after each further
 * `stallMs` without change. Handing its work out again is safe from any number of instances at once (page
 * and discovery jobs are named after their run and URL, and a page job for a page no longer pending does
 * nothing), so the watch needs no coordination.
 */
import type { RunRecord } from "../stores/audit-store.ts";

interface Seen {
  progress: string;
  since: number;
}

export class StalledRuns {
  readonly #stallMs: number;
  readonly #seen = new Map<string, Seen>();

  constructor(stallMs: number) {
    this.#stallMs = stallMs;
  }

  /** Takes the unfinished runs as they are at `nowMs`; returns those without progress for the stall time. */
  observe(runs: readonly RunRecord[], nowMs: number): RunRecord[] {
    const stalled: RunRecord[] = [];
    const live = new Set<string>();
    for (const run of runs) {
      live.add(run.id);
      const progress = `${run.status}/${run.found}/${run.done}/${run.failed}/${run.skipped}`;
      const seen = this.#seen.get(run.id);
      if (!seen || seen.progress !== progress) {
        this.#seen.set(run.id, { progress, since: nowMs });
      } else if (nowMs - seen.since >= this.#stallMs) {
        stalled.push(run);
        seen.since = nowMs;
      }
    }
    for (const id of this.#seen.keys()) if (!live.has(id)) this.#seen.delete(id);
    return stalled;
  }
}
