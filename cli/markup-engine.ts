/**
 * Validating a document's text to the engine's result, rule sets loaded on demand (start-up time is a
 * budget): what `sdv fix`, `sdv mcp` and `sdv lsp` work on. They need the engine's own result (issues
 * with their patches and places), not the API's response around it.
 */
import { prepareHtml, prepareJsonText, typesIn, validatePrepared } from "../runtime/engine.ts";
import { OnDemandRegistry } from "../runtime/on-demand-registry.ts";
import { ruleSetLoaders, ruleSetTypeFor } from "../generated/on-demand.ts";
import type { EngineResult } from "../runtime/types.ts";
import type { DocumentKind } from "../runtime/patches/fix-text.ts";
import type { RunOptions } from "../runtime/options/profile.ts";

const registry = new OnDemandRegistry(ruleSetTypeFor, ruleSetLoaders);

/** html for .html and .htm, json for .json and .jsonld; null for anything else. */
export function kindOfPath(path: string): DocumentKind | null {
  const lower = path.toLowerCase();
  if (lower.endsWith(".json") || lower.endsWith(".jsonld")) return "json";
  if (lower.endsWith(".html") || lower.endsWith(".htm")) return "html";
  return null;
}

/** JSON when the text starts as JSON does; a page otherwise. */
export const kindOfText = (text: string): DocumentKind => (/^\s*[[{]/.test(text) ? "json" : "html");

/** The registry with the rule sets of `types` loaded (explain_rule, hovers). */
export async function engineRegistry(types: Iterable<string>): Promise<OnDemandRegistry> {
  await registry.load(types);
  return registry;
}

/** The command line's default profile, as `sdv validate`'s (docs/cli.md): google unless told otherwise. */
export const CLI_PROFILE = "google";

export async function validateMarkup(text: string, kind: DocumentKind, given: RunOptions = {}): Promise<EngineResult> {
  const options: RunOptions = given.profile === undefined ? { ...given, profile: CLI_PROFILE } : given;
  const prepared = kind === "json" ? prepareJsonText(text, options) : prepareHtml(text, null, options);
  await registry.load(typesIn(prepared));
  return validatePrepared(prepared, registry);
}
