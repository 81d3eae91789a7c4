/**
 * What both library entries share (lib/index.ts for Node, lib/browser.ts for bundlers targeting a
 * browser): the engine's validate over a string or a parsed value, and the public types. Nothing here
 * may import a Node built-in or the fetcher, so a browser bundle of it needs no polyfill.
 */
import { validateHtml, validateJsonText, validateValue } from "../runtime/validate.ts";
import type { ValidationResponse } from "../runtime/report.ts";
import type { EngineResult } from "../runtime/types.ts";
import { readsAsJson, respond, type InputFormat } from "./respond.ts";

export type { ValidationResponse, ValidationMeta } from "../runtime/report.ts";
export type {
  EngineResult,
  FeatureResult,
  RichResult,
  SchemaResult,
  ValidationIssue,
  ValidationSummary,
} from "../runtime/types.ts";
export type { IssueCode } from "../runtime/issue-codes.ts";
export type { FetchErrorCode } from "../fetch/fetch-error.ts";
export { FetchError } from "../fetch/fetch-error.ts";
export { API_VERSION } from "../runtime/report.ts";

export type { InputFormat } from "./respond.ts";

export interface ValidateOptions {
  /** How to read a string input (default "auto"). Ignored for objects and arrays. */
  format?: InputFormat;
  /** Reported as the response's `url` (the page the input came from), if given. */
  url?: string;
}

export interface ValidateUrlOptions {
  /**
   * `host` or `host:port` entries that may be fetched although they are private or loopback addresses
   * (a local preview: ["127.0.0.1:8080"]). Everything else must be a public http(s) address.
   */
  allowPrivateHosts?: string[];
  /** Whole-fetch deadline in milliseconds (default 10 000). */
  timeoutMs?: number;
  /** Cap on the decoded page size in bytes (default 5 MiB). */
  maxBytes?: number;
  /** Default "sdv/<version> (structured-data validator)". */
  userAgent?: string;
}

/** The engine's result for one input, before it is wrapped in the response. */
export function validateEngine(input: unknown, options: Pick<ValidateOptions, "format" | "url"> = {}): EngineResult {
  if (typeof input !== "string") return validateValue(input);
  return readsAsJson(input, options.format ?? "auto") ? validateJsonText(input) : validateHtml(input, options.url ?? null);
}

/**
 * Validate HTML (every JSON-LD block of the page), JSON-LD text (one block, with line and column on each
 * issue) or an already-parsed JSON-LD value. A page without structured data gives `schemas_found: 0`.
 */
export function validate(input: unknown, options: ValidateOptions = {}): ValidationResponse {
  const started = performance.now();
  const result = validateEngine(input, options);
  return respond(result, started, options.url);
}
