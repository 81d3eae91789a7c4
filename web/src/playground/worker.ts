/**
 * The validation worker: the engine runs here so that typing never waits on a large page. One request
 * at a time; the page keeps only the newest pending one (validation-client.ts). A request may wait on
 * fetching the rule sets its types need (engine.ts); the reply's `ms` includes that wait.
 */
import { validateMarkup, type MarkupFormat, type ValidationResponse } from "./engine.ts";

export interface ValidationRequest {
  id: number;
  text: string;
  format: MarkupFormat;
  /** `npm run bench` only: validate this many times and report the mean time (the worker's clock is too coarse for one 2 KB run). */
  repeat?: number;
}

export type ValidationReply =
  | { id: number; ok: true; response: ValidationResponse; ms: number }
  | { id: number; ok: false; message: string };

/** Sent once at start: the worker's own address, which the page hands to the service worker for offline use. */
export interface WorkerHello {
  hello: string;
}

(self as unknown as Worker).postMessage({ hello: self.location.href } satisfies WorkerHello);

self.onmessage = async (event: MessageEvent<ValidationRequest>) => {
  const { id, text, format, repeat = 1 } = event.data;
  const started = performance.now();
  let reply: ValidationReply;
  try {
    let response = await validateMarkup(text, format);
    for (let i = 1; i < repeat; i++) response = await validateMarkup(text, format);
    reply = { id, ok: true, response, ms: (performance.now() - started) / repeat };
  } catch (err) {
    reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  (self as unknown as Worker).postMessage(reply);
};
