/**
 * sdv as a library: the engine without the service.
 *
 *   import { validate, validateUrl } from "sdv";
 *   const report = validate(html);                     // HTML, JSON-LD text, or a parsed object/array
 *   const page = await validateUrl("https://example.com/recipe");
 *
 * Both return the service's ValidationResponse (per node results, summary with the score, meta). The
 * default profile is `google` (what the search engine's own test accepts); `{ profile: "spec" }` applies
 * the service spec's rules, as the HTTP API does by default. `meta.profile` says which one ran.
 * Importing this module loads the engine only: no HTTP server, no database driver, no billing client.
 * The URL fetcher (and undici with it) is loaded on the first validateUrl call.
 */
import { validateHtml, validateJsonText, validateValue } from "../runtime/validate.ts";
import type { ValidationResponse } from "../runtime/report.ts";
import type { EngineResult } from "../runtime/types.ts";
import { readsAsJson, respond, type InputFormat } from "./respond.ts";
import { ruleSetFor } from "../generated/index.ts";
import { DEFAULT_PROFILE, type Profile, type RunOptions } from "../runtime/options/profile.ts";

export type { ValidationResponse, ValidationMeta } from "../runtime/report.ts";
export type {
  EngineResult,
  FeatureResult,
  RichResult,
  SchemaResult,
  ValidationIssue,
  JsonPatchOperation,
  ValidationSummary,
  RenderingSummary,
} from "../runtime/types.ts";
export type { IssueCode } from "../runtime/issue-codes.ts";
export type { FetchErrorCode } from "../fetch/fetch-error.ts";
export { FetchError } from "../fetch/fetch-error.ts";
export { API_VERSION } from "../runtime/report.ts";

export type { InputFormat } from "./respond.ts";
export type { Profile } from "../runtime/options/profile.ts";
export type { IssueOverride } from "../runtime/options/overrides.ts";
export { PROFILES, DEFAULT_PROFILE } from "../runtime/options/profile.ts";
export { diffRuns, snapshotPage } from "../runtime/diff/feature-diff.ts";
export type { RunDiff, PageSnapshot, NodeSnapshot, FeatureChange, IssueChange, IssueKey } from "../runtime/diff/feature-diff.ts";

export interface ValidateOptions {
  /** How to read a string input (default "auto"). Ignored for objects and arrays. */
  format?: InputFormat;
  /** Reported as the response's `url` (the page the input came from), if given. */
  url?: string;
  /** "google" (default: what the search engine's own test accepts) or "spec" (the service spec's rules, the HTTP API's default). */
  profile?: Profile;
  /** Severity overrides, first match wins: {code?, property?, type?, severity: "off" | "warning" | "error"}. */
  overrides?: RunOptions["overrides"];
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
  profile?: Profile;
  overrides?: RunOptions["overrides"];
  /**
   * Validate the page after its JavaScript ran, in headless Chromium (CHROMIUM_PATH or a system
   * Chromium, and playwright-core), every request under the same fetch policy; each SchemaResult then
   * says `rendering`: in-html, added-by-javascript or changed-by-javascript. The browser is started on
   * the first such call and kept for the next: call `closeRenderer()` when done.
   */
  render?: boolean;
}

/** The engine's result for one input, before it is wrapped in the response. */
export function validateEngine(input: unknown, options: Pick<ValidateOptions, "format" | "url" | "profile" | "overrides"> = {}): EngineResult {
  const run: RunOptions = { profile: options.profile ?? DEFAULT_PROFILE, overrides: options.overrides };
  if (typeof input !== "string") return validateValue(input, ruleSetFor, run);
  return readsAsJson(input, options.format ?? "auto") ? validateJsonText(input, ruleSetFor, run) : validateHtml(input, options.url ?? null, ruleSetFor, run);
}

/**
 * Validate HTML (every JSON-LD block of the page), JSON-LD text (one block, with line and column on each
 * issue) or an already-parsed JSON-LD value. A page without structured data gives `schemas_found: 0`.
 */
export function validate(input: unknown, options: ValidateOptions = {}): ValidationResponse {
  const started = performance.now();
  const result = validateEngine(input, options);
  return respond(result, started, options.url, options.profile ?? DEFAULT_PROFILE);
}

/**
 * Fetch a public page through the guarded fetcher (http(s) only, no private addresses unless allowed,
 * deadlines and size caps) and validate it. Throws FetchError (with a `code`) when the page cannot be had.
 */
export async function validateUrl(url: string, options: ValidateUrlOptions = {}): Promise<ValidationResponse> {
  const started = performance.now();
  const { fetchPage } = await import("../fetch/guarded-fetch.ts");
  const fetchOptions = {
    allowPrivateHosts: options.allowPrivateHosts,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    userAgent: options.userAgent,
  };
  const run = { profile: options.profile ?? DEFAULT_PROFILE, overrides: options.overrides };
  if (options.render) {
    const [{ sharedRenderer }, { validateRenderedHtml }] = await Promise.all([import("../fetch/render/shared-renderer.ts"), import("../runtime/validate.ts")]);
    const rendered = await sharedRenderer().render(url, { allowPrivateHosts: options.allowPrivateHosts, userAgent: options.userAgent });
    const raw = await fetchPage(url, fetchOptions);
    return respond(validateRenderedHtml(rendered.html, raw.body, rendered.finalUrl, ruleSetFor, run), started, rendered.finalUrl, run.profile);
  }
  const page = await fetchPage(url, fetchOptions);
  return respond(validateHtml(page.body, page.finalUrl, ruleSetFor, run), started, page.finalUrl, run.profile);
}

/** Stops the browser `validateUrl(url, { render: true })` started (nothing when none was). */
export async function closeRenderer(): Promise<void> {
  const { closeSharedRenderer } = await import("../fetch/render/shared-renderer.ts");
  await closeSharedRenderer();
}
