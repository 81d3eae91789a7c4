/**
 * A validation's answer kept as JSON text, so that it is serialized once (in the worker that validated it,
 * or here for a small input) and then only copied: a URL cache hit is answered from the stored bytes, a
 * batch's duplicates repeat them, and a batch's answer is their concatenation. Parsing and re-serializing a
 * 0.5 MiB report for every hit was what made a hit slower than a fresh validation and let cached pages block
 * the event loop.
 *
 * The text is the report's fields between `url` and `meta` of a ValidationResponse, in the spec's order:
 * `"schemas_found":..,"schemas":[..],"summary":{..}` and `"limits":{..}` when a cap was reached.
 */
import { API_VERSION, type ValidationMeta } from "../../runtime/report.ts";
import type { EngineResult } from "../../runtime/types.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { capsInForce, type LimitsReport } from "../../runtime/limits.ts";
import { withAbsoluteRuleUrls } from "../http/absolute-rule-urls.ts";

/**
 * A report serialized twice: whole, and `brief` (no schemas listed) for when a batch's answer is full. A
 * report made in this thread serializes `brief` on first use only: a single validation's answer never
 * needs it, and it cost a tenth of a small POST validate. (A worker's report is cloned to this thread,
 * which reads it there, off the event loop.)
 */
export interface ReportText {
  readonly body: string;
  readonly brief: string;
  /** UTF-8 bytes of each text: counted where the text is made (a worker, for a large report), so an answer's size costs nothing later. */
  readonly bodyBytes: number;
  readonly briefBytes: number;
}

export interface Answer {
  /** Present for URL requests. */
  url: string | undefined;
  /** The report, shared (never copied) by the answers that repeat it. */
  text: ReportText;
  meta: ValidationMeta;
  /** Index of the batch item whose answer this repeats (a duplicate in the same batch). */
  duplicateOf: number | undefined;
}

/** `profile`: the rules the report was made under, after the spec's fields (additive: a caller reads which rules answered). */
export function answerMeta(validatedAt: string, cached: boolean, creditsUsed: number, creditsRemaining: number, responseTimeMs: number, profile: Profile): ValidationMeta {
  return {
    api_version: API_VERSION,
    validated_at: validatedAt,
    cached,
    credits_used: creditsUsed,
    credits_remaining: creditsRemaining,
    response_time_ms: responseTimeMs,
    profile,
  };
}

const API_VERSION_TEXT = JSON.stringify(API_VERSION);

/** JSON.stringify(meta), in the same order, without walking an object per answer. */
function metaText(meta: ValidationMeta): string {
  if (meta.credits_remaining === undefined) return JSON.stringify(meta);
  return `{"api_version":${meta.api_version === API_VERSION ? API_VERSION_TEXT : JSON.stringify(meta.api_version)},"validated_at":${JSON.stringify(meta.validated_at)},"cached":${meta.cached},"credits_used":${num(meta.credits_used)},"credits_remaining":${num(meta.credits_remaining)},"response_time_ms":${num(meta.response_time_ms)}${meta.profile !== undefined ? `,"profile":${JSON.stringify(meta.profile)}` : ""}}`;
}

/** A number as JSON.stringify writes it (a non-finite one is null). */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : "null");

/** The ValidationResponse as JSON text; `brief` gives the report without its schemas. */
export function answerText(answer: Answer, brief = false): string {
  const [head, report, tail] = answerParts(answer, brief);
  return head + report + tail;
}

/**
 * The ValidationResponse as three texts to send one after the other: the report (up to half a megabyte)
 * stays the string the cache or the worker made, never copied into a larger one.
 */
export function answerParts(answer: Answer, brief = false): [string, string, string] {
  const url = answer.url !== undefined ? `"url":${JSON.stringify(answer.url)},` : "";
  return [`{"success":true,${url}`, brief ? answer.text.brief : answer.text.body, `,"meta":${metaText(answer.meta)}}`];
}

/**
 * Size of the answer as sent, in UTF-8 bytes: the report's bytes as counted when it was made, and a bound
 * for the rest (meta, and the URL at up to 3 bytes a character). Counting characters instead let a report of
 * non-Latin text (a Japanese page's names and answers quoted in its messages) send up to 3x the budget.
 */
export function answerBytes(answer: Answer, brief = false): number {
  return (brief ? answer.text.briefBytes : answer.text.bodyBytes) + 300 + 3 * (answer.url?.length ?? 0);
}

/** Serializes an engine result, its rule links made absolute against `base`. Runs in a worker for large results. */
export function reportText(result: EngineResult, base: string): ReportText {
  const absolute = withAbsoluteRuleUrls(result, base);
  const body = `"schemas_found":${absolute.schemas.length},"schemas":${JSON.stringify(absolute.schemas)},"summary":${JSON.stringify(absolute.summary)}${
    absolute.limits !== undefined ? `,"limits":${JSON.stringify(absolute.limits)}` : ""
  }`;
  return new LazyBrief(body, absolute);
}

/**
 * A report whose brief text is made on first use. A class, not an object literal with a getter: a literal's
 * getter is a new closure and accessor pair on every call, and under load those outlived the young
 * generation (promoted, then swept by full collections): a 2 KB POST validate spent more time in the
 * garbage collector than in the engine. The getter lives on the prototype, so a worker that posts one
 * passes it through plainReportText first (structured clone copies own data properties only).
 */
class LazyBrief implements ReportText {
  readonly body: string;
  readonly bodyBytes: number;
  readonly #result: EngineResult;
  #brief: string | undefined;
  #briefBytes: number | undefined;

  constructor(body: string, result: EngineResult) {
    this.body = body;
    this.bodyBytes = Buffer.byteLength(body);
    this.#result = result;
  }

  get brief(): string {
    return (this.#brief ??= briefText(this.#result));
  }

  get briefBytes(): number {
    return (this.#briefBytes ??= Buffer.byteLength(this.brief));
  }
}

/** Both texts as data: what a worker posts to the main thread. */
export function plainReportText(text: ReportText): ReportText {
  return { body: text.body, brief: text.brief, bodyBytes: text.bodyBytes, briefBytes: text.briefBytes };
}

/**
 * The report with no schemas listed, as the caps summarize any answer: `summary` counts everything,
 * `limits.truncated` says the lists were cut, and `limits.schemas_not_listed` how many nodes were left out.
 */
function briefText(result: EngineResult): string {
  const limits: LimitsReport & { schemas_not_listed: number } = {
    ...(result.limits ?? emptyLimits(result)),
    truncated: true,
    schemas_not_listed: result.schemas.length,
  };
  return `"schemas_found":${result.schemas.length},"schemas":[],"summary":${JSON.stringify(result.summary)},"limits":${JSON.stringify(limits)}`;
}

function emptyLimits(result: EngineResult): LimitsReport {
  const issues = result.summary.total_errors + result.summary.total_warnings;
  return {
    truncated: true,
    caps: capsInForce(),
    blocks_found: result.blocks_found,
    blocks_not_validated: 0,
    nodes_found: result.schemas.length,
    nodes_not_validated: 0,
    properties_not_checked: 0,
    values_not_checked: 0,
    issues_found: issues,
    issues_listed: 0,
    omitted_issues: { errors: result.summary.total_errors, warnings: result.summary.total_warnings, by_code: {}, by_property: {} },
  };
}
