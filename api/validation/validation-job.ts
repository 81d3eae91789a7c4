/** What the validate route asks the engine for; the same shape runs in this thread or in a worker. */
import { validateHtml, validateJsonText, validateRenderedHtml, validateValue } from "../../runtime/validate.ts";
import type { EngineResult } from "../../runtime/types.ts";
import { ruleSetFor } from "../../generated/index.ts";
import type { Profile } from "../../runtime/options/profile.ts";

export type ValidationJob = (
  /** `pageUrl` resolves the relative links of Microdata and RDFa items. */
  | { kind: "html"; text: string; pageUrl?: string | null }
  /** A rendered page (`text`, the DOM after scripts) compared with the server's HTML (`raw`). */
  | { kind: "rendered-html"; text: string; raw: string; pageUrl?: string | null }
  | { kind: "json-text"; text: string }
  | { kind: "value"; value: unknown }
  /**
   * The jsonld of a request body, from the body's text: handing a worker the text (a flat copy) costs far
   * less than a structured clone of the parsed value (60-120 ms for 20,000 nodes or 30,000 properties).
   * The body was parsed and checked on the main thread already; `ldJson`: an application/ld+json body.
   */
  | { kind: "body"; text: string; ldJson: boolean }
) & { profile?: Profile };

export function runJob(job: ValidationJob): EngineResult {
  // The HTTP API keeps the spec's rules unless the caller asks for another profile (runtime/options/spec-profile.ts).
  const options = { profile: job.profile ?? "spec" };
  switch (job.kind) {
    case "html":
      return validateHtml(job.text, job.pageUrl ?? null, ruleSetFor, options);
    case "rendered-html":
      return validateRenderedHtml(job.text, job.raw, job.pageUrl ?? null, ruleSetFor, options);
    case "json-text":
      return validateJsonText(job.text, ruleSetFor, options);
    case "value":
      return validateValue(job.value, ruleSetFor, options);
    case "body":
      return validateValue((asValidateBody(JSON.parse(job.text), job.ldJson) as { jsonld: unknown }).jsonld, ruleSetFor, options);
  }
}

/**
 * The request object of a body: as parsed for application/json; for application/ld+json the wrapper
 * when its keys are only url and/or jsonld, else the JSON-LD itself.
 */
export function asValidateBody(value: unknown, ldJson = true): unknown {
  if (!ldJson) return value;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.some((k) => k === "url" || k === "jsonld") && keys.every((k) => k === "url" || k === "jsonld" || k === "profile" || k === "render")) return value;
  }
  return { jsonld: value };
}
