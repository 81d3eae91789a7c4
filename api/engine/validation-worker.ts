/** The worker side of validation-pool.ts: runs one job per message, answers with its result or its error. */
import { parentPort } from "node:worker_threads";
import { runJob, type ValidationJob } from "./validation-job.ts";

parentPort!.on("message", (message: { id: number; job: ValidationJob }) => {
  try {
    parentPort!.postMessage({ id: message.id, ok: true, result: runJob(message.job) });
  } catch (err) {
    parentPort!.postMessage({ id: message.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
