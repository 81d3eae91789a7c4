/**
 * Validation off the event loop. Inputs past a small size run in worker threads, so a hostile request
 * (a 5 MiB page, 20,000 nodes, a node with 30,000 properties) never holds the main thread: /health and
 * every other route keep answering while it runs. Small inputs, the usual case, run in this thread:
 * with the engine's caps (runtime/limits.ts) they cost a few milliseconds at most, less than a round trip
 * to a worker.
 *
 * Each worker has its own heap limit: a job that exhausts it ends that worker (its job fails, the route
 * answers 500 and gives the credit back), never the process. A job that runs past its deadline
 * (VALIDATION_DEADLINE_MS, from when its worker starts it) is stopped the same way and answers 422
 * validation_timeout. A dead worker is replaced on the next job.
 * Jobs wait in one queue; a worker takes the next job as soon as it is free.
 */
import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { EngineResult } from "../../runtime/types.ts";
import { runJob, type ValidationJob } from "./validation-job.ts";
import { fixMarkup, type WorkerTask } from "./worker-task.ts";
import type { DocumentKind } from "../../runtime/patches/fix-text.ts";
import type { BodyInspection } from "./inspect-body.ts";
import type { BatchInspection } from "./inspect-batch.ts";
import { jobReport, pageReport, type PageReport } from "./page-report.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { ApiError } from "../errors.ts";
import { VALIDATION_DEADLINE_MS } from "../http/limits.ts";

/** Inputs up to this many characters run in this thread (the caps bound their cost to a few ms). */
export const INLINE_MAX_CHARS = 32 * 1024;
/** Heap of one worker: well above the largest capped job, well below the process's. */
const WORKER_HEAP_MB = 128;

/**
 * The worker module has this module's extension: .js in the build, .ts under tsx (tests, bench). Node 20
 * does not run the parent's `--import tsx` in workers, so a .ts worker registers tsx itself first.
 */
function startWorker(module: URL | null): Worker {
  const here = fileURLToPath(import.meta.url);
  const file = module ?? new URL(`./validation-worker${extname(here)}`, import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: WORKER_HEAP_MB };
  if (extname(here) === ".js") return new Worker(file, { resourceLimits });
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

interface Pending {
  id: number;
  task: WorkerTask;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  /** The busy job's deadline, from when the worker started it. */
  deadline: ReturnType<typeof setTimeout> | null;
}

export interface PoolOptions {
  /** A job running longer in its worker is stopped (the worker ended) and rejects with validation_timeout. */
  deadlineMs?: number;
  /** The worker's module (tests give one with a task that never ends); validation-worker by default. */
  workerModule?: URL;
}

export class ValidationPool {
  readonly #size: number;
  readonly #deadlineMs: number;
  readonly #workerModule: URL | null;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #closed = false;

  constructor(size = Math.max(1, Math.min(4, availableParallelism() - 1)), options: PoolOptions = {}) {
    this.#size = size;
    this.#deadlineMs = options.deadlineMs ?? VALIDATION_DEADLINE_MS;
    this.#workerModule = options.workerModule ?? null;
  }

  /** Runs the job here when `inputChars` is small, else in a worker. */
  run(job: ValidationJob, inputChars: number): Promise<EngineResult> {
    return this.#whereSizeSays(inputChars, () => runJob(job), job);
  }

  /** The job's answer report, serialized where it ran (answer.ts): here when `inputChars` is small, else in a worker. */
  report(job: ValidationJob, inputChars: number, base: string): Promise<PageReport> {
    return this.#whereSizeSays(inputChars, () => jobReport(job, base), { kind: "report", job, base });
  }

  /** A fetched page's report (page-report.ts), where its size says. */
  pageReport(html: string, pageUrl: string, base: string, profile?: Profile, raw: string | null = null): Promise<PageReport> {
    const chars = html.length + (raw?.length ?? 0);
    return this.#whereSizeSays(chars, () => pageReport(html, pageUrl, base, profile, raw), { kind: "page-report", html, pageUrl, base, profile, raw });
  }

  /**
   * fix_markup's rounds (worker-task.ts fixMarkup), where the markup's size says: each round validates
   * the whole markup again, and 1 MB of it held the event loop for seconds.
   */
  fix(markup: string, format: DocumentKind): Promise<ReturnType<typeof fixMarkup>> {
    return this.#whereSizeSays(markup.length, () => fixMarkup(markup, format), { kind: "fix", markup, format });
  }

  /**
   * `here()` in this thread when the input is at most INLINE_MAX_CHARS (its throw a rejection, as a
   * worker's failure is), else `task` in a worker. The two must compute the same thing.
   */
  #whereSizeSays<T>(inputChars: number, here: () => T, task: WorkerTask): Promise<T> {
    if (inputChars > INLINE_MAX_CHARS) return this.runInWorker(task) as Promise<T>;
    try {
      return Promise.resolve(here());
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** Parses a large request body in a worker (see inspect-body.ts). */
  inspectBody(text: string, ldJson: boolean): Promise<BodyInspection> {
    return this.runInWorker({ kind: "inspect-body", text, ldJson }) as Promise<BodyInspection>;
  }

  /** Parses a large batch body in a worker (see inspect-batch.ts). */
  inspectBatch(text: string): Promise<BatchInspection> {
    return this.runInWorker({ kind: "inspect-batch", text }) as Promise<BatchInspection>;
  }

  runInWorker(task: WorkerTask): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error("validation pool closed"));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, task, resolve, reject });
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const p of this.#queue.splice(0)) p.reject(new Error("validation pool closed"));
    await Promise.all(
      this.#slots.splice(0).map((slot) => {
        this.#clearDeadline(slot);
        slot.busy?.reject(new Error("validation pool closed"));
        slot.busy = null;
        return slot.worker.terminate();
      }),
    );
  }

  #dispatch(): void {
    while (this.#queue.length) {
      let slot = this.#slots.find((s) => s.busy === null);
      if (!slot && this.#slots.length < this.#size) slot = this.#spawn();
      if (!slot) return;
      const pending = this.#queue.shift()!;
      slot.busy = pending;
      // Referenced only while it works: an idle pool never keeps the process alive.
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, task: pending.task });
    }
  }

  #spawn(): Slot {
    const worker = startWorker(this.#workerModule);
    worker.unref();
    const slot: Slot = { worker, busy: null, deadline: null };
    worker.on("message", (message: { id: number; started?: true; ok: boolean; result?: unknown; message?: string }) => {
      const pending = slot.busy;
      if (!pending || pending.id !== message.id) return;
      if (message.started) {
        // Unreferenced: the busy worker keeps the process alive, the timer alone need not.
        slot.deadline = setTimeout(() => this.#stop(slot, pending), this.#deadlineMs).unref();
        return;
      }
      this.#clearDeadline(slot);
      slot.busy = null;
      worker.unref();
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new Error(message.message ?? "validation failed"));
      this.#dispatch();
    });
    const retire = (err: Error) => {
      const index = this.#slots.indexOf(slot);
      if (index === -1) return;
      this.#slots.splice(index, 1);
      this.#clearDeadline(slot);
      slot.busy?.reject(err);
      slot.busy = null;
      if (!this.#closed) this.#dispatch();
    };
    worker.on("error", retire);
    worker.on("exit", (code) => retire(new Error(`validation worker exited (${code})`)));
    this.#slots.push(slot);
    return slot;
  }

  /** The job passed its deadline: it is rejected, its worker ended (a new one takes the next job). */
  #stop(slot: Slot, pending: Pending): void {
    if (slot.busy !== pending) return;
    slot.deadline = null;
    slot.busy = null;
    const index = this.#slots.indexOf(slot);
    if (index !== -1) this.#slots.splice(index, 1);
    pending.reject(new ApiError("validation_timeout", `Validating the input took longer than ${this.#deadlineMs / 1000} s and was stopped; it was not charged.`));
    void slot.worker.terminate();
    if (!this.#closed) this.#dispatch();
  }

  #clearDeadline(slot: Slot): void {
    if (slot.deadline !== null) clearTimeout(slot.deadline);
    slot.deadline = null;
  }
}
