/** The worker side of validation-pool.ts: runs one task per message, answers with its result or its error. */
import { parentPort } from "node:worker_threads";
import { runTask, type WorkerTask } from "./worker-task.ts";

parentPort!.on("message", (message: { id: number; task: WorkerTask }) => {
  // The job's deadline runs from here: a worker's start (loading the engine) is not the job's time.
  parentPort!.postMessage({ id: message.id, started: true });
  try {
    parentPort!.postMessage({ id: message.id, ok: true, result: runTask(message.task) });
  } catch (err) {
    parentPort!.postMessage({ id: message.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
