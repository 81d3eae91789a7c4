/**
 * Semantic checks of one rule file against the vocabulary and the language's invariants, in
 * stages (compiler/stages/): the header, the requirements, the opt-in triggers and features; then
 * the IR. Every problem is collected with its place rather than stopping at the first.
 */
import type { Diagnostic } from "./diagnostics.ts";
import type { LoadedFile } from "./load.ts";
import type { IrRuleSet } from "./ir.ts";
import type { VocabularyIndex } from "../runtime/vocabulary.ts";
import { FileChecker, type Raw } from "./stages/context.ts";
import { checkHeader } from "./stages/header.ts";
import { checkNode } from "./stages/properties.ts";
import { checkFeatures, checkTriggers } from "./stages/features.ts";

export interface CheckContext {
  vocabulary: VocabularyIndex;
  formats: ReadonlySet<string> | null;
}

export function checkRuleFile(
  file: LoadedFile,
  ctx: CheckContext,
): { ir?: IrRuleSet; diagnostics: Diagnostic[]; rulesOf?: Array<{ name: string; line: number; column: number }> } {
  const raw = file.data as Raw;
  const c = new FileChecker(file, ctx.vocabulary, ctx.formats);
  const { ruleType, nodeType, alsoMatches, extraMatches } = checkHeader(c, raw);

  const rules = raw.properties ? checkNode(c, raw, nodeType, [], "", ruleType) : null;
  if (rules && raw.node_check) rules.nodeCheck = raw.node_check;

  checkTriggers(c, raw.opt_in, nodeType, ["opt_in"]);
  const features = checkFeatures(c, raw, nodeType, ruleType);

  if (raw.deprecated && raw.deprecated.kind === undefined) raw.deprecated.kind = "retired";

  const ir: IrRuleSet = {
    type: ruleType,
    file: file.file,
    status: raw.status,
    tier: raw.tier,
    validateAs: raw.validate_as ?? null,
    listedUnder: raw.listed_under ?? null,
    alsoMatches,
    alsoMatchesVocabulary: raw.also_matches === "vocabulary",
    notMatches: raw.not_matches ?? [],
    extraMatches,
    googleDocsUrl: raw.google_docs_url,
    richResult: raw.rich_result ?? null,
    verifiedOn: raw.verified_on,
    sources: raw.sources,
    deprecated: raw.deprecated ?? null,
    note: raw.note ?? null,
    optIn: raw.opt_in?.triggers ?? null,
    rules,
    features,
    examples: { valid: raw.examples.valid, invalid: raw.examples.invalid },
  };
  const locateRulesOf = c.rulesOfUses.map((use) => ({ name: use.name, ...file.locate(use.path) }));
  return { ir, diagnostics: c.diagnostics, rulesOf: locateRulesOf };
}
