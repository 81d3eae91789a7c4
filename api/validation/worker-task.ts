/** What a validation worker can be asked: a validation, or the first look at a large request body (validate or batch). */
import { runJob, type ValidationJob } from "./validation-job.ts";
import { inspectBody } from "./inspect-body.ts";
import { inspectBatch } from "./inspect-batch.ts";

export type WorkerTask = ValidationJob | { kind: "inspect-body"; text: string; ldJson: boolean } | { kind: "inspect-batch"; text: string };

export function runTask(task: WorkerTask): unknown {
  if (task.kind === "inspect-body") return inspectBody(task.text, task.ldJson);
  if (task.kind === "inspect-batch") return inspectBatch(task.text);
  return runJob(task);
}
