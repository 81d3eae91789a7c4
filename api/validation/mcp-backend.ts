/**
 * The MCP tools' backend of the service's /mcp endpoint (runtime/mcp/tools.ts): every validation goes
 * through the validation service the REST routes use (validations.ts), so it reserves and charges a credit,
 * uses the URL cache and the guarded fetcher, and refuses what the REST API refuses, with the same error
 * codes. fix_markup costs one credit (its first validation); the rounds after it run where the markup's
 * size says, as validations do (in a worker past 32 KiB).
 */
import typesPayload from "../../generated/types.json" with { type: "json" };
import { ruleSetFor } from "../../generated/index.ts";
import { explainRule } from "../../runtime/explain-rule.ts";
import { ToolError, type McpBackend, type MarkupFormat, type ToolReport } from "../../runtime/mcp/tools.ts";
import type { Account } from "../stores/ports.ts";
import { ApiError } from "../errors.ts";
import { answerText, type Answer } from "./answer.ts";
import type { CallContext, JsonLdSubmission, Validations } from "./validations.ts";

const asReport = (answer: Answer): ToolReport => JSON.parse(answerText(answer)) as ToolReport;

/** A refusal of the service (no credits, a page that cannot be fetched, broken JSON) is the tool's error result. */
async function refusalsAsToolErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError && err.statusCode < 500) throw new ToolError(err.message, err.code);
    throw err;
  }
}

const submission = (markup: string, format: MarkupFormat): JsonLdSubmission =>
  format === "json" ? { kind: "text", text: markup } : { kind: "kept", job: { kind: "html", text: markup, pageUrl: null }, chars: markup.length };

export function mcpBackend(validations: Validations, account: Account, call: () => CallContext): McpBackend {
  return {
    validateMarkup: (markup, format, profile) => refusalsAsToolErrors(async () => asReport(await validations.jsonld(account, submission(markup, format), { ...call(), profile }))),
    validateUrl: (url, render, profile) => refusalsAsToolErrors(async () => asReport(await validations.url(account, url, { ...call(), profile }, { render }))),
    fixMarkup: (markup, format) =>
      refusalsAsToolErrors(async () => {
        await validations.jsonld(account, submission(markup, format), call());
        const fixed = await validations.pool.fix(markup, format);
        return { markup: fixed.text, applied: fixed.applied, report: fixed.report };
      }),
    async explainRule(type, property) {
      if (property === undefined) return (typesPayload.types.find((t) => t.type === type || (t.also_matches as string[]).includes(type)) as Record<string, unknown> | undefined) ?? null;
      return explainRule(ruleSetFor, type, property);
    },
    async listTypes() {
      return { types: typesPayload.types.map((t) => ({ type: t.type, status: t.status, tier: t.tier, google_docs_url: t.google_docs_url })) };
    },
  };
}
