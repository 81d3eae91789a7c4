/**
 * The normalize stage of one rule file: raw (already through the schema) to IR in named steps,
 * never changing the raw input.
 *   1. shape inlining   (normalize/inline-shapes.ts): `shape:` references replaced by the shared rules
 *   2. semantic checks  (stages/): header, requirements, triggers and features against the vocabulary
 *   3. defaults         (normalize/defaults.ts): default fix texts and formats, `{path}` in texts
 *   4. subtype expansion (normalize/subtypes.ts): each expected class with the subtypes it accepts
 * Every problem is collected with its place rather than stopping at the first.
 */
import type { Diagnostic } from "./diagnostics.ts";
import type { LoadedFile } from "./load.ts";
import type { IrRuleSet } from "./ir.ts";
import type { RawRuleFile } from "./raw.ts";
import type { VocabularyIndex } from "../runtime/vocabulary.ts";
import { FileChecker, type Raw } from "./stages/context.ts";
import { checkHeader } from "./stages/header.ts";
import { checkNode } from "./stages/properties.ts";
import { checkEnhancements, checkFeatures, checkLinkOnly, checkTriggers } from "./stages/features.ts";
import { inlineShapes, type ShapeLibrary, type ShapeUse } from "./normalize/inline-shapes.ts";
import { applyDefaults } from "./normalize/defaults.ts";
import { expandSubtypes } from "./normalize/subtypes.ts";

export interface CheckContext {
  vocabulary: VocabularyIndex;
  formats: ReadonlySet<string> | null;
  shapes?: ShapeLibrary;
}

export interface CheckOptions {
  /** The header failed the schema: skip its checks (they would only repeat the schema's complaint). */
  skipHeader?: boolean;
}

export function checkRuleFile(
  file: LoadedFile,
  ctx: CheckContext,
  data: RawRuleFile = file.data as RawRuleFile,
  options: CheckOptions = {},
): { ir?: IrRuleSet; diagnostics: Diagnostic[]; rulesOf?: Array<{ name: string; line: number; column: number }> } {
  const c = new FileChecker(file, ctx.vocabulary, ctx.formats);
  const uses: ShapeUse[] = [];
  const raw = inlineShapes(data, ctx.shapes ?? new Map(), (code, path, message) => c.report(code, path, message), uses) as Raw;
  for (const use of uses) {
    const shapeType = ctx.shapes!.get(use.shape)!.type;
    if (ctx.vocabulary.isType(use.type) && !ctx.vocabulary.isSubtypeOf(use.type, shapeType)) {
      c.report("not-subtype", use.path, `shape "${use.shape}" holds rules for ${shapeType}; ${use.type} is not ${shapeType} or a subtype of it`);
    }
  }

  const header = options.skipHeader
    ? { ruleType: String(raw.type), nodeType: String(raw.extra_matches?.[0] ?? raw.type), alsoMatches: [], extraMatches: [] }
    : checkHeader(c, raw);
  const { ruleType, nodeType, alsoMatches, extraMatches } = header;
  const nodeTypeKnown = ctx.vocabulary.isType(nodeType) ? nodeType : null;

  const rules = raw.properties ? checkNode(c, raw, nodeTypeKnown, [], "", ruleType) : null;
  if (rules && raw.node_check) rules.nodeCheck = raw.node_check;

  if (nodeTypeKnown) checkTriggers(c, raw.opt_in, nodeTypeKnown, ["opt_in"]);
  if (nodeTypeKnown && raw.link_only) checkLinkOnly(c, raw.link_only, nodeTypeKnown);
  if (nodeTypeKnown) checkEnhancements(c, raw.enhancements, nodeTypeKnown, ["enhancements"]);
  const features = checkFeatures(c, raw, nodeTypeKnown, ruleType);

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
    linkOnly: raw.link_only ? { link: raw.link_only.link, with: raw.link_only.with, reason: raw.link_only.reason } : null,
    rules,
    enhancements: raw.enhancements ?? [],
    videosJudgedAt: videosJudgedAt(uses),
    features,
    examples: { valid: raw.examples?.valid ?? [], invalid: raw.examples?.invalid ?? [] },
  };
  applyDefaults(ir);
  expandSubtypes(ir, ctx.vocabulary);
  const locateRulesOf = c.rulesOfUses.map((use) => ({ name: use.name, ...file.locate(use.path) }));
  return { ir, diagnostics: c.diagnostics, rulesOf: locateRulesOf };
}

/**
 * Where the rules nest the video page's own requirements (a recipe's video): the engine reports the
 * VideoObject there under its parent only, not a second time as a video item of its own
 * (runtime/graph/nested-videos.ts).
 */
function videosJudgedAt(uses: readonly ShapeUse[]): string[] {
  const paths = new Set<string>();
  for (const use of uses) {
    if (use.shape !== "VideoObject") continue;
    const names: string[] = [];
    for (let i = 0; i < use.path.length - 1; i++) if (use.path[i] === "properties") names.push(String(use.path[i + 1]));
    if (names.length) paths.add(names.join("."));
  }
  return [...paths].sort();
}
