/**
 * SARIF 2.1.0 (OASIS): one run, issue codes as rule ids, a result per issue with the file (or URL) and the
 * line/column region. Inputs that could not be validated are tool execution notifications, so the log still
 * says what happened on exit 2. Code scanning (github/codeql-action/upload-sarif) reads it as is.
 */
import type { Outcome } from "../outcome.ts";
import { locatedIssues, nodeName } from "./issues.ts";
import { SarifFixer } from "./sarif-fixes.ts";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  helpUri?: string;
  defaultConfiguration: { level: "error" | "warning" };
}

const ruleName = (code: string) => code.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase());

/** `profile`: the rules that produced the log, in the run's property bag. */
export function formatSarif(outcomes: Outcome[], version: string, profile?: string): string {
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  const results: unknown[] = [];
  const artifacts: Array<{ location: { uri: string } }> = [];
  const artifactIndex = new Map<string, number>();

  for (const o of outcomes) {
    const uri = toUri(o.source);
    if (!artifactIndex.has(uri)) {
      artifactIndex.set(uri, artifacts.length);
      artifacts.push({ location: { uri } });
    }
    const located = [...locatedIssues(o)];
    const fixer =
      o.text !== undefined && !/^https?:\/\//i.test(o.source)
        ? new SarifFixer(o.text, located.flatMap(({ schema, issue }) => (issue.patch ? [{ block: schema.block, patch: issue.patch }] : [])))
        : null;
    for (const { schema, issue } of located) {
      let index = ruleIndex.get(issue.code);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(issue.code, index);
        rules.push({
          id: issue.code,
          name: ruleName(issue.code),
          shortDescription: { text: `Structured data: ${issue.code.replace(/-/g, " ")}` },
          ...(issue.google_docs_url ? { helpUri: issue.google_docs_url } : {}),
          defaultConfiguration: { level: issue.severity },
        });
      }
      const region =
        issue.line !== undefined ? { region: { startLine: issue.line, ...(issue.column !== undefined ? { startColumn: issue.column } : {}) } } : {};
      const fixes = issue.patch && fixer && schema.syntax !== "microdata" && schema.syntax !== "rdfa" ? fixer.fixes(schema.block, issue.patch, uri, artifactIndex.get(uri), `Fix ${issue.property}: ${issue.fix}`) : undefined;
      results.push({
        ruleId: issue.code,
        ruleIndex: index,
        level: issue.severity,
        message: { text: `${nodeName(schema)}: ${issue.property}: ${issue.message} Fix: ${issue.fix}` },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri, index: artifactIndex.get(uri) }, ...region },
            logicalLocations: [{ fullyQualifiedName: `${schema.type}${issue.path || ""}`, kind: "object" }],
          },
        ],
        partialFingerprints: { "sdv/v1": `${issue.code}:${schema.type}:${issue.path}:${issue.property}` },
        ...(o.known ? { baselineState: o.known.has(issue) ? "unchanged" : "new" } : {}),
        properties: { property: issue.property, path: issue.path, ...(issue.google_docs_url ? { docs: issue.google_docs_url } : {}) },
        ...(fixes ? { fixes } : {}),
      });
    }
  }

  for (const o of outcomes) {
    for (const f of o.findings ?? []) {
      let index = ruleIndex.get(f.code);
      if (index === undefined) {
        index = rules.length;
        ruleIndex.set(f.code, index);
        rules.push({ id: f.code, name: ruleName(f.code), shortDescription: { text: "The page does not carry what the project's config expects" }, defaultConfiguration: { level: "error" } });
      }
      const uri = toUri(o.source);
      results.push({ ruleId: f.code, ruleIndex: index, level: "error", message: { text: f.message }, locations: [{ physicalLocation: { artifactLocation: { uri, index: artifactIndex.get(uri) } } }] });
    }
  }
  // A page without structured data is not a failure of the tool: a note.
  const failures = outcomes.filter((o) => o.failure);
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "sdv", version, semanticVersion: version, rules } },
        ...(profile ? { properties: { profile } } : {}),
        invocations: [
          {
            executionSuccessful: failures.every((o) => o.failure!.code === "no_jsonld_found"),
            toolExecutionNotifications: failures.map((o) => ({
              level: o.failure!.code === "no_jsonld_found" ? "note" : "error",
              message: { text: `${o.source}: ${o.failure!.message}` },
              descriptor: { id: o.failure!.code },
              locations: [{ physicalLocation: { artifactLocation: { uri: toUri(o.source) } } }],
            })),
          },
        ],
        artifacts,
        results,
        columnKind: "utf16CodeUnits",
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

/** Relative paths stay relative (code scanning resolves them against the checkout); "-" becomes stdin. */
function toUri(source: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  if (source === "-") return "stdin";
  return source.split("/").map(encodeURIComponent).join("/");
}
