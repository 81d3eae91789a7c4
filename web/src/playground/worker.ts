/**
 * The validation worker: the engine runs here so that typing never waits on a large page. One request
 * at a time; the page keeps only the newest pending one (validation-client.ts).
 */
import { validateMarkup, type MarkupFormat, type ValidationResponse } from "./engine.ts";

export interface ValidationRequest {
  id: number;
  text: string;
  format: MarkupFormat;
}

export type ValidationReply =
  | { id: number; ok: true; response: ValidationResponse; ms: number }
  | { id: number; ok: false; message: string };

/** Sent once at start: the worker's own address, which the page hands to the service worker for offline use. */
export interface WorkerHello {
  hello: string;
}

(self as unknown as Worker).postMessage({ hello: self.location.href } satisfies WorkerHello);

self.onmessage = (event: MessageEvent<ValidationRequest>) => {
  const { id, text, format } = event.data;
  const started = performance.now();
  let reply: ValidationReply;
  try {
    reply = { id, ok: true, response: validateMarkup(text, format), ms: performance.now() - started };
  } catch (err) {
    reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  (self as unknown as Worker).postMessage(reply);
};
