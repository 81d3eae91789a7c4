/**
 * A fetched page validated and its answer serialized, in one step that runs where the validation runs (a
 * worker for a large page): the main thread receives strings, never a result to clone or serialize. A page
 * the spec refuses (no structured data, no block that parses) comes back as the error to answer.
 */
import { validateHtml, validateRenderedHtml } from "../../runtime/validate.ts";
import { holdsNoObject } from "../../runtime/engine.ts";
import { ruleSetFor } from "../../generated/index.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { runJob, type ValidationJob } from "./validation-job.ts";
import { noStructuredDataMessage } from "../../runtime/extract/unreadable-markup.ts";
import { onlyUntypedItems } from "../../runtime/extract/item-positions.ts";
import { reportText, type ReportText } from "./answer.ts";

export type PageReport = { ok: true; text: ReportText } | { ok: false; code: "no_jsonld_found" | "parse_error"; message: string };

/** `raw`: the server's HTML when `html` is the rendered page (each node then says how rendering changed it). */
export function pageReport(html: string, pageUrl: string, base: string, profile?: Profile, raw: string | null = null): PageReport {
  const options = { profile: profile ?? "spec" };
  const result = raw === null ? validateHtml(html, pageUrl, ruleSetFor, options) : validateRenderedHtml(html, raw, pageUrl, ruleSetFor, options);
  if (result.blocks_found === 0 || ((result.schemas.length === 0 || onlyUntypedItems(result.schemas)) && result.blocks_unparsable === 0)) {
    return { ok: false, code: "no_jsonld_found", message: noStructuredDataMessage(html, { rendered: raw !== null }) };
  }
  if (result.blocks_unparsable > 0 && result.schemas.length === result.blocks_unparsable) {
    const first = result.schemas[0]?.errors[0];
    const where = first?.line !== undefined ? ` The first problem is at line ${first.line}, column ${first.column} of the page.` : "";
    const count = result.blocks_unparsable;
    return { ok: false, code: "parse_error", message: `No JSON-LD block of the page is valid JSON (${count} block${count === 1 ? "" : "s"}).${where}` };
  }
  return { ok: true, text: reportText(result, base) };
}

/**
 * A submitted job's report. JSON-LD text reaches the engine unparsed only when the google profile reads what
 * strict JSON refuses (comments); a block it still cannot read (a trailing comma among them) is the spec's 422 parse_error.
 */
export function jobReport(job: ValidationJob, base: string): PageReport {
  const result = runJob(job);
  if (job.kind === "json-text" && result.blocks_unparsable > 0) {
    const first = result.schemas[0]?.errors[0];
    return {
      ok: false,
      code: "parse_error",
      // Valid JSON that is no object (a string of the markup, encoded twice) says so rather than "not valid JSON".
      message: first !== undefined && holdsNoObject(first)
        ? `jsonld holds no JSON-LD object: ${first.message.replace(/^The block's top level/, "its top level")}`
        : `jsonld is not valid JSON at line ${first?.line ?? 1}, column ${first?.column ?? 1}, even read as the google profile reads it${first ? `: ${first.message.replace(/^The block is not valid JSON: /, "")}` : "."}`,
    };
  }
  // Nothing to validate ({}, a lone @context, an empty @graph): the spec's "no JSON-LD found", like a page
  // without markup (422, no credit), not a 200 with a perfect score for nothing.
  if (result.schemas.length === 0 && result.blocks_unparsable === 0) {
    return {
      ok: false,
      code: "no_jsonld_found",
      message: "jsonld holds no node to validate: give an object with an @type (or a @graph of them); an empty object, a lone @context or an empty @graph is no structured data.",
    };
  }
  return { ok: true, text: reportText(result, base) };
}
