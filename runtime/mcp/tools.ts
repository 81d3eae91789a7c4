/**
 * sdv's Model Context Protocol tools, as data and one dispatcher, shared by `sdv mcp` (stdio, cli/mcp/)
 * and the service's /mcp endpoint (api/mcp/): each side wires them into the official SDK's server and
 * supplies the backend (the CLI validates in process; the service through its validation service, which
 * charges a credit and applies the REST API's limits). No SDK import here: runtime/ stays pure.
 */
import type { ValidationIssue } from "../types.ts";
import type { AppliedPatch } from "../patches/fix-text.ts";
import type { RuleExplanation } from "../explain-rule.ts";

export type MarkupFormat = "html" | "json";
export type Profile = "spec" | "google";

/** A report as the tools return it: a ValidationResponse of the API (or the engine's result). */
export interface ToolReport {
  schemas: Array<{ type: string; block: number; path: string; errors: ValidationIssue[]; warnings: ValidationIssue[]; rich_result_eligible: boolean }>;
  summary: { total_schemas: number; total_errors: number; total_warnings: number; rich_result_eligible: number; score: number };
}

export interface FixOutcome {
  markup: string;
  applied: AppliedPatch[];
  report: ToolReport;
}

export interface McpBackend {
  validateMarkup(markup: string, format: MarkupFormat, profile: Profile | undefined): Promise<ToolReport>;
  validateUrl(url: string, render: boolean, profile: Profile | undefined): Promise<ToolReport>;
  fixMarkup(markup: string, format: MarkupFormat): Promise<FixOutcome>;
  explainRule(type: string, property: string | undefined): Promise<RuleExplanation | Record<string, unknown> | null>;
  listTypes(): Promise<{ types: Array<Record<string, unknown>> }>;
}

/** An answer of tools/call: the result as structured content, and a short text for models that read only text. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A caller's mistake or a refused request (the service's ApiError): said to the model, not thrown at the transport. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly code = "invalid_request",
  ) {
    super(message);
  }
}

const profile = {
  type: "string",
  enum: ["spec", "google"],
  description: "Which rules apply: spec (the service spec's stricter rules; the default of the HTTP API's /mcp) or google (what the search engine's test accepts; the default of `sdv mcp`).",
} as const;
const format = { type: "string", enum: ["html", "json"], description: "html: a page or fragment (its JSON-LD, Microdata and RDFa); json: one JSON-LD document. Default: json when the markup starts with { or [." } as const;

export const TOOLS = [
  {
    name: "validate_markup",
    title: "Validate structured data",
    description: "Validate JSON-LD (or a page's HTML) against Schema.org and the search engine's rich-result rules. Returns the report: per node its errors and warnings (each with a fix, a JSON Pointer, a line and column, and a JSON Patch where the fix is mechanical), rich-result eligibility and a score.",
    inputSchema: { type: "object", properties: { markup: { type: "string", description: "The JSON-LD text or the HTML." }, format, profile }, required: ["markup"], additionalProperties: false },
  },
  {
    name: "validate_url",
    title: "Validate a page's structured data",
    description: "Fetch a public page (http or https; private addresses are refused) and validate its structured data. render: true runs its JavaScript first.",
    inputSchema: { type: "object", properties: { url: { type: "string" }, render: { type: "boolean" }, profile }, required: ["url"], additionalProperties: false },
  },
  {
    name: "fix_markup",
    title: "Apply sdv's mechanical fixes",
    description: "Apply every mechanical fix (enumeration case, currency symbols, price separators, unambiguous dates, a misspelt @type or @context, Booleans as text) until none is left. Returns the fixed markup (only values changed, formatting kept), the patches applied and the issues left, which need a person's or your judgement.",
    inputSchema: { type: "object", properties: { markup: { type: "string" }, format }, required: ["markup"], additionalProperties: false },
  },
  {
    name: "explain_rule",
    title: "Explain a rule",
    description: "What sdv's rules say about a type, or one of its properties (dotted for nested ones, e.g. offers.price): level, expected types, value format, fix text and documentation URL.",
    inputSchema: { type: "object", properties: { type: { type: "string", description: "A Schema.org type, e.g. Event." }, property: { type: "string", description: "e.g. startDate or offers.price" } }, required: ["type"], additionalProperties: false },
  },
  {
    name: "list_types",
    title: "List the rule sets",
    description: "The types sdv has rules for, with their status (supported, coming_soon, planned, deprecated), tier and documentation URL.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
  },
] as const;

export type ToolName = (typeof TOOLS)[number]["name"];

function text(args: Record<string, unknown>, key: string, required: boolean): string | undefined {
  const value = args[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== "string" || value === "") throw new ToolError(`"${key}" must be a non-empty string`);
  return value;
}

function oneOf<T extends string>(args: Record<string, unknown>, key: string, allowed: readonly T[]): T | undefined {
  const value = args[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) throw new ToolError(`"${key}" must be one of ${allowed.join(", ")}`);
  return value as T;
}

const formatOf = (markup: string, given: MarkupFormat | undefined): MarkupFormat => given ?? (/^\s*[[{]/.test(markup) ? "json" : "html");

function summaryText(report: ToolReport): string {
  const s = report.summary;
  const eligible = s.rich_result_eligible ? `, ${s.rich_result_eligible} eligible for rich results` : "";
  const fixable = report.schemas.reduce((n, r) => n + [...r.errors, ...r.warnings].filter((i) => i.patch).length, 0);
  const patches = fixable ? ` ${fixable} issue(s) have a mechanical fix (fix_markup applies them).` : "";
  return `${s.total_schemas} node(s): ${s.total_errors} error(s), ${s.total_warnings} warning(s)${eligible}; score ${s.score}.${patches}`;
}

const issuesLeft = (report: ToolReport) =>
  report.schemas.flatMap((s) => [...s.errors, ...s.warnings].map((i) => ({ type: s.type, block: s.block, severity: i.severity, code: i.code, property: i.property, path: i.path, message: i.message, fix: i.fix, ...(i.line !== undefined ? { line: i.line, column: i.column } : {}) })));

const ok = (structured: Record<string, unknown>, summary: string): ToolResult => ({ content: [{ type: "text", text: summary }], structuredContent: structured });

export async function callTool(name: string, rawArgs: unknown, backend: McpBackend): Promise<ToolResult> {
  const args = (typeof rawArgs === "object" && rawArgs !== null ? rawArgs : {}) as Record<string, unknown>;
  try {
    switch (name) {
      case "validate_markup": {
        const markup = text(args, "markup", true)!;
        const report = await backend.validateMarkup(markup, formatOf(markup, oneOf(args, "format", ["html", "json"])), oneOf(args, "profile", ["spec", "google"]));
        return ok(report as unknown as Record<string, unknown>, summaryText(report));
      }
      case "validate_url": {
        const url = text(args, "url", true)!;
        if (args.render !== undefined && typeof args.render !== "boolean") throw new ToolError('"render" must be a boolean');
        const report = await backend.validateUrl(url, args.render === true, oneOf(args, "profile", ["spec", "google"]));
        return ok(report as unknown as Record<string, unknown>, `${url}: ${summaryText(report)}`);
      }
      case "fix_markup": {
        const markup = text(args, "markup", true)!;
        const fixed = await backend.fixMarkup(markup, formatOf(markup, oneOf(args, "format", ["html", "json"])));
        const left = issuesLeft(fixed.report);
        const patches = fixed.applied.map((a) => ({ block: a.block, code: a.code, property: a.property, path: a.path, patch: a.patch }));
        return ok(
          { markup: fixed.markup, patches_applied: patches, issues_left: left, summary: fixed.report.summary },
          `Applied ${patches.length} fix(es); ${left.length} issue(s) left (${fixed.report.summary.total_errors} error(s)). The fixed markup is in structuredContent.markup.`,
        );
      }
      case "explain_rule": {
        const type = text(args, "type", true)!;
        const property = text(args, "property", false);
        const explanation = await backend.explainRule(type, property);
        if (explanation === null) throw new ToolError(property === undefined ? `sdv has no rule set for ${type} (list_types lists them)` : `sdv's rules for ${type} say nothing about "${property}"`, "not_found");
        const e = explanation as Record<string, unknown>;
        const summary = property === undefined ? `${type}: ${e.status ?? ""} (tier ${e.tier ?? "?"}); docs ${e.google_docs_url ?? ""}` : `${e.type}.${e.property}: ${e.level}; expects ${(e.expected_types as string[]).join(" or ") || "one of the listed values"}. ${e.fix}`;
        return ok(e, summary);
      }
      case "list_types": {
        const list = await backend.listTypes();
        return ok(list, `${list.types.length} rule sets: ${list.types.map((t) => `${t.type} (${t.status})`).join(", ")}.`);
      }
      default:
        throw new ToolError(`no tool named "${name}"`, "not_found");
    }
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    return { content: [{ type: "text", text: `${err.code}: ${err.message}` }], structuredContent: { error: { code: err.code, message: err.message } }, isError: true };
  }
}
