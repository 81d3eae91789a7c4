/**
 * The audits' job queue: discovery of a run, one job per page, and webhook deliveries. With REDIS_URL it
 * is BullMQ (bullmq-queue.ts), shared by every instance; without, an in-process queue (memory-queue.ts),
 * so `npm start` on one machine audits too. The handler is the same either way (audit-runner.ts).
 */
import { createHash } from "node:crypto";

export type AuditJob =
  | { kind: "discover"; runId: string; accountId: string }
  | { kind: "page"; runId: string; accountId: string; url: string }
  | { kind: "notify"; runId: string; accountId: string };

/**
 * A job's name: a page job is named after its run and URL, discovery and delivery after their run. Both
 * queues keep one job per name while it waits or runs, so handing the same work out twice (a window refilled
 * by two instances, a stalled run's pages queued again) queues it once.
 */
export function jobKey(job: AuditJob): string {
  if (job.kind === "page") return `p-${job.runId}-${createHash("sha1").update(job.url).digest("hex")}`;
  return `${job.kind === "discover" ? "d" : "n"}-${job.runId}`;
}

/** `finalAttempt`: a throw now ends the job for good (its attempts are spent). */
export type JobHandler = (job: AuditJob, finalAttempt: boolean) => Promise<void>;

export interface JobQueueOptions {
  /** Jobs one instance works on at once. */
  workers: number;
  /** First pause before a failed webhook is sent again (it doubles). */
  webhookBackoffMs: number;
  /** A job whose worker stopped renewing its lock this long ago is retried elsewhere. */
  jobLockMs: number;
}

export interface JobQueue {
  readonly kind: "memory" | "bullmq";
  add(jobs: AuditJob[]): Promise<void>;
  /** Starts the workers: `handler` runs every job; a throw retries it (later, with backoff) until its attempts are spent. */
  start(handler: JobHandler): void;
  close(): Promise<void>;
}

/** Attempts per job kind: a page's fetch failure is a result, not a throw, so throws are store or engine trouble. */
export const ATTEMPTS: Record<AuditJob["kind"], number> = { discover: 3, page: 5, notify: 6 };
