/** The MCP tools' backend of `sdv mcp`: everything in this process, URLs through the guarded fetcher, nothing charged. */
import typesPayload from "../../generated/types.json" with { type: "json" };
import { explainRule } from "../../runtime/explain-rule.ts";
import { fixText } from "../../runtime/patches/fix-text.ts";
import { API_VERSION, toValidationResponse } from "../../runtime/report.ts";
import { ToolError, type McpBackend, type ToolReport } from "../../runtime/mcp/tools.ts";
import type { EngineResult } from "../../runtime/types.ts";
import { CLI_PROFILE, engineRegistry, validateMarkup } from "../markup-engine.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { allowedPrivateHosts, validatePage } from "../read-input.ts";

const asReport = (result: EngineResult, started: number, profile: Profile): ToolReport =>
  toValidationResponse(result, { api_version: API_VERSION, validated_at: new Date().toISOString(), cached: false, credits_used: 0, response_time_ms: Math.round(performance.now() - started), profile }) as unknown as ToolReport;

export const cliBackend: McpBackend = {
  async validateMarkup(markup, format, profile) {
    const started = performance.now();
    return asReport(await validateMarkup(markup, format, { profile: profile ?? CLI_PROFILE }), started, profile ?? CLI_PROFILE);
  },
  async validateUrl(url, render, profile) {
    const outcome = await validatePage(url, { allowHosts: allowedPrivateHosts(), render, runFor: () => ({ profile: profile ?? CLI_PROFILE }) });
    if (outcome.failure) throw new ToolError(outcome.failure.message, outcome.failure.code);
    return outcome.response as unknown as ToolReport;
  },
  async fixMarkup(markup, format) {
    const started = performance.now();
    const fixed = await fixText(markup, format, (text) => validateMarkup(text, format));
    return { markup: fixed.text, applied: fixed.applied, report: asReport(fixed.report, started, CLI_PROFILE) };
  },
  async explainRule(type, property) {
    if (property === undefined) return (typesPayload.types.find((t) => t.type === type || (t.also_matches as string[]).includes(type)) as Record<string, unknown> | undefined) ?? null;
    const registry = await engineRegistry([type]);
    return explainRule(registry, type, property);
  },
  async listTypes() {
    return { types: typesPayload.types.map((t) => ({ type: t.type, status: t.status, tier: t.tier, google_docs_url: t.google_docs_url })) };
  },
};
