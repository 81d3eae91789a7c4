/**
 * The in-process job queue (no REDIS_URL): one FIFO per account, served round-robin, so one account's
 * long audit does not delay another's beyond its own window; failed jobs are retried with backoff.
 * Nothing survives a restart: the runner hands the pending pages of unfinished runs out again at start.
 */
import { ATTEMPTS, jobKey, type AuditJob, type JobHandler, type JobQueue, type JobQueueOptions } from "./job-queue.ts";

interface Entry {
  job: AuditJob;
  key: string;
  attempt: number;
}

export class MemoryJobQueue implements JobQueue {
  readonly kind = "memory";
  readonly #options: JobQueueOptions;
  readonly #byAccount = new Map<string, Entry[]>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #running = new Set<Promise<void>>();
  /** Names of the jobs waiting, running or waiting for a retry: a job added again meanwhile is the same job (as on BullMQ). */
  readonly #held = new Set<string>();
  #handler: JobHandler | null = null;
  #closed = false;

  constructor(options: JobQueueOptions) {
    this.#options = options;
  }

  async add(jobs: AuditJob[]): Promise<void> {
    for (const job of jobs) {
      const key = jobKey(job);
      if (this.#held.has(key)) continue;
      this.#held.add(key);
      this.#push({ job, key, attempt: 1 });
    }
    this.#pump();
  }

  start(handler: JobHandler): void {
    this.#handler = handler;
    this.#pump();
  }

  #push(entry: Entry): void {
    let list = this.#byAccount.get(entry.job.accountId);
    if (!list) {
      list = [];
      this.#byAccount.set(entry.job.accountId, list);
    }
    list.push(entry);
  }

  /** The next job, taking accounts in turn (Map order, the served account moved to the back). */
  #next(): Entry | undefined {
    for (const [account, list] of this.#byAccount) {
      const entry = list.shift();
      this.#byAccount.delete(account);
      if (list.length > 0) this.#byAccount.set(account, list);
      if (entry) return entry;
    }
    return undefined;
  }

  #pump(): void {
    const handler = this.#handler;
    if (!handler || this.#closed) return;
    while (this.#running.size < this.#options.workers) {
      const entry = this.#next();
      if (!entry) return;
      const work: Promise<void> = handler(entry.job, entry.attempt >= ATTEMPTS[entry.job.kind]).then(
        () => void this.#held.delete(entry.key),
        () => this.#retry(entry),
      );
      this.#running.add(work);
      void work.finally(() => {
        this.#running.delete(work);
        this.#pump();
      });
    }
  }

  #retry(entry: Entry): void {
    if (this.#closed || entry.attempt >= ATTEMPTS[entry.job.kind]) {
      this.#held.delete(entry.key);
      return;
    }
    const base = entry.job.kind === "notify" ? this.#options.webhookBackoffMs : 1000;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#push({ ...entry, attempt: entry.attempt + 1 });
      this.#pump();
    }, base * 2 ** (entry.attempt - 1));
    timer.unref();
    this.#timers.add(timer);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#byAccount.clear();
    this.#held.clear();
    await Promise.allSettled([...this.#running]);
  }
}
