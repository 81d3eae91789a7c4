/**
 * The engine with every compiled rule set loaded (generated/index.ts): one call per input, synchronous.
 * Tests of the rule language pass registries compiled from fixture files as the last argument.
 * Callers that must start fast load only the rule sets an input needs: see on-demand-registry.ts.
 */
import type { EngineResult, SourceBlock } from "./types.ts";
import type { RuleRegistry } from "./compiled-rule-set.ts";
import type { ItemBlock } from "./extract/item-block.ts";
import { ruleSetFor } from "../generated/index.ts";
import { onlyForComparison, prepareBlocks, prepareHtml, prepareJsonText, prepareRenderedHtml, prepareValue, validatePrepared } from "./engine.ts";
import type { RunOptions } from "./options/profile.ts";
import { compareRendering } from "./rendering.ts";

/** A page: its JSON-LD blocks, then its Microdata and RDFa items. `pageUrl` resolves relative URLs of items. */
export function validateHtml(html: string, pageUrl: string | null = null, registry: RuleRegistry = ruleSetFor, options: RunOptions = {}): EngineResult {
  return validatePrepared(prepareHtml(html, pageUrl, options), registry);
}

/** One block of JSON text (a pasted script body or a file). */
export function validateJsonText(text: string, registry: RuleRegistry = ruleSetFor, options: RunOptions = {}): EngineResult {
  return validatePrepared(prepareJsonText(text, options), registry);
}

/** Already-parsed JSON-LD (an object or an array of objects): no text, so no line and column. */
export function validateValue(value: unknown, registry: RuleRegistry = ruleSetFor, options: RunOptions = {}): EngineResult {
  return validatePrepared(prepareValue(value, options), registry);
}

export function validateBlocks(blocks: SourceBlock[], itemBlocks: ItemBlock[] = [], page = "", registry: RuleRegistry = ruleSetFor, options: RunOptions = {}): EngineResult {
  return validatePrepared(prepareBlocks(blocks, itemBlocks, page, options), registry);
}

/**
 * A rendered page (the DOM after scripts ran), each node marked against the server's HTML `raw`:
 * in-html, added-by-javascript or changed-by-javascript (runtime/rendering.ts). The page-level truth
 * checks read the rendered HTML: what scripts added or removed is what a reader sees.
 */
export function validateRenderedHtml(rendered: string, raw: string, pageUrl: string | null = null, registry: RuleRegistry = ruleSetFor, options: RunOptions = {}): EngineResult {
  const renderedPrepared = prepareRenderedHtml(rendered, pageUrl, options);
  const rawPrepared = onlyForComparison(prepareHtml(raw, pageUrl, options));
  return compareRendering(
    { prepared: renderedPrepared, result: validatePrepared(renderedPrepared, registry) },
    { prepared: rawPrepared, result: validatePrepared(rawPrepared, registry) },
  );
}
