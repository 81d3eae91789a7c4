/**
 * What a validation worker can be asked: a validation (as an engine result, or already serialized as an
 * answer's report), a fetched page's report, or the first look at a large request body (validate or batch).
 */
import { runJob, type ValidationJob } from "./validation-job.ts";
import { inspectBody } from "./inspect-body.ts";
import { inspectBatch } from "./inspect-batch.ts";
import { jobReport, pageReport, type PageReport } from "./page-report.ts";
import { plainReportText } from "./answer.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { fixTextNow, type DocumentKind } from "../../runtime/patches/fix-text.ts";
import { validateHtml, validateJsonText } from "../../runtime/validate.ts";

export type WorkerTask =
  | ValidationJob
  | { kind: "report"; job: ValidationJob; base: string }
  | { kind: "page-report"; html: string; pageUrl: string; base: string; profile?: Profile; raw?: string | null }
  | { kind: "inspect-body"; text: string; ldJson: boolean }
  | { kind: "inspect-batch"; text: string }
  | { kind: "fix"; markup: string; format: DocumentKind };

export function runTask(task: WorkerTask): unknown {
  if (task.kind === "inspect-body") return inspectBody(task.text, task.ldJson);
  if (task.kind === "inspect-batch") return inspectBatch(task.text);
  if (task.kind === "fix") return fixMarkup(task.markup, task.format);
  if (task.kind === "report") return postable(jobReport(task.job, task.base));
  if (task.kind === "page-report") return postable(pageReport(task.html, task.pageUrl, task.base, task.profile, task.raw ?? null));
  return runJob(task);
}

/** fix_markup's rounds (MCP): every validation and patch of them, up to 8 rounds, where the task runs. */
export function fixMarkup(markup: string, format: DocumentKind) {
  return fixTextNow(markup, format, (text) => (format === "json" ? validateJsonText(text) : validateHtml(text)));
}

/** A report as the main thread receives it: texts as data (the brief one is made here, off the event loop). */
function postable(report: PageReport): PageReport {
  return report.ok ? { ok: true, text: plainReportText(report.text) } : report;
}
