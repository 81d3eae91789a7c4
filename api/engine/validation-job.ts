/** What the validate route asks the engine for; the same shape runs in this thread or in a worker. */
import { validateHtml, validateJsonText, validateValue } from "../../runtime/validate.ts";
import type { EngineResult } from "../../runtime/types.ts";

export type ValidationJob = { kind: "html"; text: string } | { kind: "json-text"; text: string } | { kind: "value"; value: unknown };

export function runJob(job: ValidationJob): EngineResult {
  switch (job.kind) {
    case "html":
      return validateHtml(job.text);
    case "json-text":
      return validateJsonText(job.text);
    case "value":
      return validateValue(job.value);
  }
}
