/**
 * The job queue on BullMQ over REDIS_URL: every instance adds jobs and runs a worker. A worker killed
 * mid-job (kill -9) stops renewing the job's lock; after `jobLockMs` BullMQ's stalled-job check puts the
 * job back and another instance takes it (the runner makes that retry charge nothing twice). Page jobs
 * are named after their run and URL (jobKey), so a page queued twice while the first copy still waits or
 * runs is one job.
 */
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import { ATTEMPTS, jobKey, type AuditJob, type JobHandler, type JobQueue, type JobQueueOptions } from "./job-queue.ts";

const QUEUE_NAME = "audits";

export function redisConnection(url: string): Redis {
  // BullMQ's workers block on Redis: they need a connection that never gives up on a command.
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** How long closing waits for Redis to answer before it drops the connections. */
export const CLOSE_WAIT_MS = 2_000;

/** Waits for `promise` to settle, or `ms`, whichever comes first (a rejection is not rethrown). */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export class BullJobQueue implements JobQueue {
  readonly kind = "bullmq";
  readonly #options: JobQueueOptions;
  readonly #prefix: string;
  readonly #connection: Redis;
  #workerConnection: Redis | null = null;
  readonly #queue: Queue;
  #worker: Worker | null = null;

  constructor(connection: Redis, options: JobQueueOptions & { prefix: string }) {
    this.#options = options;
    this.#prefix = options.prefix;
    this.#connection = connection;
    this.#queue = new Queue(QUEUE_NAME, { connection, prefix: this.#prefix });
    // The service's connection logs Redis outages; without a listener BullMQ printed each one to stderr.
    this.#queue.on("error", () => {});
  }

  /** Jobs of this instance's worker running now, and who waits for there to be none. */
  #running = 0;
  #whenIdle: Array<() => void> = [];

  #idle(): Promise<void> {
    return this.#running === 0 ? Promise.resolve() : new Promise((resolve) => this.#whenIdle.push(resolve));
  }

  async add(jobs: AuditJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.#queue.addBulk(
      jobs.map((job) => ({
        name: job.kind,
        data: job,
        opts: {
          jobId: jobKey(job),
          attempts: ATTEMPTS[job.kind],
          backoff: { type: "exponential", delay: job.kind === "notify" ? this.#options.webhookBackoffMs : 1000 },
          removeOnComplete: true,
          removeOnFail: { age: 7 * 86_400 },
        },
      })),
    );
  }

  start(handler: JobHandler): void {
    this.#workerConnection = this.#connection.duplicate({ maxRetriesPerRequest: null });
    // The service's connection logs Redis outages; this one's errors would only repeat them.
    this.#workerConnection.on("error", () => {});
    this.#worker = new Worker(QUEUE_NAME, async (job) => {
      this.#running++;
      try {
        // attemptsMade counts the attempts that failed before this one.
        return await handler(job.data as AuditJob, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
      } finally {
        if (--this.#running === 0) this.#whenIdle.splice(0).forEach((resolve) => resolve());
      }
    }, {
      connection: this.#workerConnection,
      prefix: this.#prefix,
      concurrency: this.#options.workers,
      lockDuration: this.#options.jobLockMs,
      stalledInterval: Math.max(500, Math.floor(this.#options.jobLockMs / 2)),
      maxStalledCount: 3,
    });
    // A job's failure is logged by the runner; the worker's own events would only repeat it.
    this.#worker.on("error", () => {});
  }

  /**
   * A Redis that stopped answering (frozen, or gone) must not hold the service's shutdown. The worker takes
   * no new job, its running jobs get CLOSE_WAIT_MS to finish, and then it is closed by force: BullMQ's own
   * graceful close waits on Redis (for the blocking fetch), and with Redis gone it never finished, leaving
   * the lock-renewal timer to keep the process alive after shutdown. A job cut off here is put back by the
   * stalled-job check and taken by another instance.
   */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (worker) {
      await settledWithin(worker.pause(true), CLOSE_WAIT_MS);
      await settledWithin(this.#idle(), CLOSE_WAIT_MS);
      await settledWithin(worker.close(true), CLOSE_WAIT_MS);
    }
    await settledWithin(this.#queue.close(), CLOSE_WAIT_MS);
    // Whatever close left (the worker's blocking connection, BullMQ's own duplicates) is dropped, so a Redis
    // that is gone is not dialled again and again after shutdown.
    await settledWithin(Promise.all([worker?.disconnect(), this.#queue.disconnect()]), CLOSE_WAIT_MS);
    this.#workerConnection?.disconnect();
  }
}
