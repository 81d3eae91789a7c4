/**
 * `validate` for callers that start often and validate a few types, such as the CLI: only the rule sets
 * the input's nodes need are imported (on first use), instead of all of them with generated/index.ts.
 * The same results as `validate` from index.ts, asynchronously (test/lib/on-demand.test.ts compares them).
 */
import { onlyForComparison, prepareHtml, prepareJsonText, prepareValue, typesIn, validatePrepared, type PreparedInput } from "../runtime/engine.ts";
import { OnDemandRegistry } from "../runtime/on-demand-registry.ts";
import type { ValidationResponse } from "../runtime/report.ts";
import { ruleSetLoaders, ruleSetTypeFor } from "../generated/on-demand.ts";
import { readsAsJson, respond, type InputFormat } from "./respond.ts";
import type { RunOptions } from "../runtime/options/profile.ts";
import { compareRendering } from "../runtime/rendering.ts";

/** One per process: a rule set loaded for one input serves the next. */
export const onDemandRegistry = new OnDemandRegistry(ruleSetTypeFor, ruleSetLoaders);

export async function validateOnDemand(input: unknown, options: { format?: InputFormat; url?: string } & RunOptions = {}): Promise<ValidationResponse> {
  const started = performance.now();
  const run: RunOptions = { profile: options.profile, overrides: options.overrides };
  const prepared = prepare(input, options.format ?? "auto", options.url, run);
  await onDemandRegistry.load(typesIn(prepared));
  return respond(validatePrepared(prepared, onDemandRegistry), started, options.url);
}

/**
 * A rendered page (`rendered`, the DOM after scripts) validated and each node marked against the server's
 * HTML (`raw`): in-html, added-by-javascript or changed-by-javascript (runtime/rendering.ts).
 */
export async function validateRenderedOnDemand(rendered: string, raw: string, url: string, run: RunOptions = {}): Promise<ValidationResponse> {
  const started = performance.now();
  const renderedPrepared = prepareHtml(rendered, url, run);
  const rawPrepared = onlyForComparison(prepareHtml(raw, url, run));
  await onDemandRegistry.load(new Set([...typesIn(renderedPrepared), ...typesIn(rawPrepared)]));
  const result = compareRendering(
    { prepared: renderedPrepared, result: validatePrepared(renderedPrepared, onDemandRegistry) },
    { prepared: rawPrepared, result: validatePrepared(rawPrepared, onDemandRegistry) },
  );
  return respond(result, started, url);
}

function prepare(input: unknown, format: InputFormat, url: string | undefined, run: RunOptions): PreparedInput {
  if (typeof input !== "string") return prepareValue(input, run);
  return readsAsJson(input, format) ? prepareJsonText(input, run) : prepareHtml(input, url ?? null, run);
}
