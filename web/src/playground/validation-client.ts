/**
 * The page's side of the validation worker. Typing sends a request per pause; only the newest one
 * matters, so while the worker is busy a newer request replaces the pending one (stale runs never
 * start), replies to anything but the newest request are dropped, and a run that takes too long is
 * cancelled by replacing the worker.
 */
import type { MarkupFormat } from "./engine.ts";
import type { ValidationReply, ValidationRequest, WorkerHello } from "./worker.ts";

/** Past this a run is presumed stuck (the 1.5 MB benchmark page takes well under a second). */
const STUCK_MS = 5000;

export class ValidationClient {
  private worker: Worker;
  private nextId = 1;
  private latest = 0;
  private running: { id: number; since: number } | null = null;
  private pending: ValidationRequest | null = null;

  /** The worker script's address once it has started (the service worker caches it for offline use). */
  readonly scriptUrl: Promise<string>;
  private announce!: (url: string) => void;

  constructor(private readonly onReply: (reply: ValidationReply) => void) {
    this.scriptUrl = new Promise((resolve) => (this.announce = resolve));
    this.worker = this.spawn();
  }

  validate(text: string, format: MarkupFormat): number {
    const request: ValidationRequest = { id: this.nextId++, text, format };
    this.latest = request.id;
    if (this.running && performance.now() - this.running.since > STUCK_MS) {
      this.worker.terminate();
      this.worker = this.spawn();
      this.running = null;
    }
    if (this.running) this.pending = request;
    else this.start(request);
    return request.id;
  }

  private spawn(): Worker {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "sdv-validation" });
    worker.onmessage = (event: MessageEvent<ValidationReply | WorkerHello>) => {
      if ("hello" in event.data) return void this.announce(event.data.hello);
      this.running = null;
      if (event.data.id === this.latest) this.onReply(event.data);
      const next = this.pending;
      this.pending = null;
      if (next) this.start(next);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const id = this.running?.id ?? this.latest;
      this.running = null;
      if (id === this.latest) this.onReply({ id, ok: false, message: event.message || "The validation worker failed." });
    };
    return worker;
  }

  private start(request: ValidationRequest): void {
    this.running = { id: request.id, since: performance.now() };
    this.worker.postMessage(request);
  }
}
