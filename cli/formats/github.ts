/**
 * GitHub Actions workflow commands: one `::error file=…,line=…,col=…::` (or `::warning`) per issue, shown on
 * the pull request's diff; inputs that could not be validated are errors on the file.
 */
import type { Outcome } from "../outcome.ts";
import { locatedIssues, nodeName } from "./issues.ts";

/** Escaping of workflow command data and property values (actions/toolkit's command.ts). */
const data = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const property = (s: string) => data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export function formatGithub(outcomes: Outcome[]): string {
  const out: string[] = [];
  for (const o of outcomes) {
    const file = /^https?:\/\//i.test(o.source) || o.source === "-" ? null : o.source;
    const fileProp = file ? `file=${property(file)}` : "";
    for (const f of o.findings ?? []) {
      out.push(`::error ${[fileProp, `title=${property(`sdv ${f.code}`)}`].filter(Boolean).join(",")}::${data(`${o.source}: ${f.message}`)}`);
    }
    // A page without structured data is listed in the report and the step summary, not annotated.
    if (o.failure?.code === "no_jsonld_found") continue;
    if (o.failure) {
      out.push(`::error ${[fileProp, `title=${property(`sdv ${o.failure.code}`)}`].filter(Boolean).join(",")}::${data(`${o.source}: ${o.failure.message}`)}`);
      continue;
    }
    for (const { schema, issue } of locatedIssues(o)) {
      // --baseline: what the baseline already had is not annotated again.
      if (o.known?.has(issue)) continue;
      const props = [fileProp];
      if (file && issue.line !== undefined) props.push(`line=${issue.line}`, ...(issue.column !== undefined ? [`col=${issue.column}`] : []));
      props.push(`title=${property(`sdv ${issue.code}: ${nodeName(schema)} ${issue.property}`)}`);
      const prefix = file ? "" : `${o.source}: `;
      out.push(`::${issue.severity} ${props.filter(Boolean).join(",")}::${data(`${prefix}${issue.message}\nFix: ${issue.fix}`)}`);
    }
  }
  return out.join("\n");
}
