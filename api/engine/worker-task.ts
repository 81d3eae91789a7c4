/** What a validation worker can be asked: a validation, or the first look at a large request body. */
import { runJob, type ValidationJob } from "./validation-job.ts";
import { inspectBody } from "./inspect-body.ts";

export type WorkerTask = ValidationJob | { kind: "inspect-body"; text: string; ldJson: boolean };

export function runTask(task: WorkerTask): unknown {
  return task.kind === "inspect-body" ? inspectBody(task.text, task.ldJson) : runJob(task);
}
