/**
 * The engine: blocks in, SchemaResults and a summary out. Pure: no I/O, no clock.
 *
 * Two steps, so that a caller can load only the rule sets an input needs: `prepare*` parses, merges
 * and finds the nodes to report (their @type names: `typesIn`), `validatePrepared` checks them against
 * a registry. `validate.ts` joins both with the registry of every compiled rule set.
 */
import type { EngineResult, FeatureResult, SchemaResult, SourceBlock, ValidationIssue } from "./types.ts";
import type { CompiledRuleSet, RuleRegistry } from "./compiled-rule-set.ts";
import { Run, type ReferenceResolver } from "./rule-runtime.ts";
import { indexBlock, topLevelEntities, OtherDefinitions, MAX_DEPTH, MAX_NODES, type CollectProblems, type Entity } from "./graph/collect.ts";
import { mergedNode, withMergedProperties } from "./graph/node-views.ts";
import { applyOfferLevelPolicies } from "./graph/offer-level-policies.ts";
import { BESIDE_RULES, CONTAINMENT, containedEntities, containedTypes, MAX_CONTAINED_DEPTH } from "./graph/contained-entities.ts";
import { LICENSED_IMAGE_TYPE, holdsLicensedImage, licensedImages } from "./graph/licensed-images.ts";
import { VIDEO_TYPE, holdsNestedVideo, nestedVideos } from "./graph/nested-videos.ts";
import { heldProperties } from "./graph/held-properties.ts";
import { foreignTypeHint } from "./foreign-type-hint.ts";
import { canonicalUrl } from "./extract/canonical-link.ts";
import { typeNames } from "./graph/type-names.ts";
import { locatePointers } from "./positions/locate-pointers.ts";
import { LineIndex } from "./extract/line-column.ts";
import { extractJsonLdBlocks, type PageHints } from "./extract/extract-jsonld.ts";
import { extractHtmlItems } from "./extract/extract-items.ts";
import type { ItemBlock } from "./extract/item-block.ts";
import { mergeKnownNodes } from "./graph/merge-by-id.ts";
import { itemBlockCapResult, locateItemIssues, untypedItemResults } from "./extract/item-positions.ts";
import { addLinkAddressWarnings } from "./extract/link-address-values.ts";
import { parseBlock } from "./parse-block.ts";
import { blockTerms, readTerm, withPlainTerms } from "./graph/schema-terms.ts";
import { demoteEnhancementFindings, evaluateFeatures, linkOnly, optInAbsent } from "./features.ts";
import { checkVocabulary, OVER_CAP } from "./vocabulary-check.ts";
import { addDanglingBreadcrumbWarnings } from "./breadcrumb-reference.ts";
import { nodeScore, summarize } from "./score.ts";
import { downgradeRetired, isRetiredRuleSet, markRetiredFeatureFindings, retiredReason, splitRetiredFeatures } from "./retired.ts";
import { unknownTopLevelType } from "./unknown-type.ts";
import { unratableTypeWarnings } from "./unratable-type.ts";
import { isReferenceOnly, type JsonObject } from "./json.ts";
import { LIMITS } from "./limits.ts";
import { capReport } from "./report-caps.ts";
import { boundedView } from "./bounded-view.ts";
import { startRequestBudget, requestBudget } from "./request-budget.ts";
import { profileOverrides, relaxForProfile, type RunOptions } from "./options/profile.ts";
import { applySpecRules } from "./options/spec-profile.ts";
import { applyOverrides, type IssueOverride } from "./options/overrides.ts";
import { blankOutLeniencies, type LenientText } from "./options/lenient-json.ts";
import { mayHoldContainers, withoutContainers } from "./graph/list-containers.ts";
import { placeMergedIssues } from "./positions/merged-positions.ts";
import { checkPageTruth, TruthPage, type TruthNode } from "./page-truth/index.ts";
import { attachPatches } from "./patches/attach-patches.ts";
import { resolveId } from "./graph/resolve-id.ts";
import { MainEntityOfPage } from "./graph/main-entity-of-page.ts";
import { saysRequiredAbsent } from "./issue-codes.ts";

const UNTYPED = "(no @type)";
const BROKEN = "(invalid JSON)";
const BLOCK = "(block)";

/** A page: its JSON-LD blocks, then its Microdata and RDFa items. `pageUrl` resolves relative URLs of items. */
export function prepareHtml(html: string, pageUrl: string | null = null, options: RunOptions = {}): PreparedInput {
  return preparePage(html, pageUrl, options, false);
}

/**
 * A rendered page (the DOM after its scripts ran): as prepareHtml, and the page truth checks know that
 * what they read is what the scripts drew (TruthPage.drawnByScript never holds for it).
 */
export function prepareRenderedHtml(html: string, pageUrl: string | null = null, options: RunOptions = {}): PreparedInput {
  return preparePage(html, pageUrl, options, true);
}

function preparePage(html: string, pageUrl: string | null, options: RunOptions, rendered: boolean): PreparedInput {
  // Without its URL, the page is judged at the address its canonical link gives (extract/canonical-link.ts).
  const address = pageUrl ?? canonicalUrl(html);
  const tags = TruthPage.tagLogFor(html);
  const prepared = prepareExtracted(html, address, options, { itemAttributes: false, tags });
  return { ...prepared, truthPage: new TruthPage(html, address, tags, rendered) };
}

/**
 * The page prepared as it was before the page truth checks: no tag log kept by the scan, no checks.
 * Only for measuring what the checks cost (bench/page-truth.ts), as onlyForComparison.
 */
export function prepareHtmlBeforeTruth(html: string, pageUrl: string | null = null, options: RunOptions = {}): PreparedInput {
  return { ...prepareExtracted(html, pageUrl, options, { itemAttributes: false }), truthChecks: false };
}

function prepareExtracted(html: string, pageUrl: string | null, options: RunOptions, hints: PageHints): PreparedInput {
  const blocks = extractJsonLdBlocks(html, hints);
  const items = hints.itemAttributes ? extractHtmlItems(html, pageUrl, true) : [];
  const prepared = items.length === 0 ? prepareBlocks(blocks, [], "", options) : prepareBlocks(blocks, items, html, options);
  return { ...prepared, baseUrl: pageUrl };
}

/**
 * The server's HTML of a rendered page: validated only to be compared with the rendered one
 * (runtime/rendering.ts), so the page-level checks, whose findings the rendered page's report
 * carries, do not run on it a second time.
 */
export function onlyForComparison(prepared: PreparedInput): PreparedInput {
  return { ...prepared, truthChecks: false };
}

/** One block of JSON text (a pasted script body or a file). */
export function prepareJsonText(text: string, options: RunOptions = {}): PreparedInput {
  return prepareBlocks([{ text, offset: 0, line: 1, column: 1 }], [], "", options);
}

/** Already-parsed JSON-LD (an object or an array of objects): no text, so no line and column. */
export function prepareValue(value: unknown, options: RunOptions = {}): PreparedInput {
  return prepareParsed([{ value, block: null }], 0, "", null, options);
}

interface ParsedBlock {
  value: unknown;
  /** The source, when there is text to point into. */
  block: SourceBlock | null;
  parseIssue?: ValidationIssue;
  /** The block was read leniently (the google profile): the warning that says what was tolerated. */
  leniencyNote?: ValidationIssue;
  /** Microdata or RDFa: the items (value) came from these elements of `page`. */
  items?: ItemBlock;
  /** The block's keys were Schema.org IRIs (graph/schema-terms.ts): a key of its text to the term the value now has. */
  termOf?: (key: string) => string;
}

/** An input read and indexed, with the nodes to report: everything but the rules. */
export interface PreparedInput {
  readonly parsed: ParsedBlock[];
  /** Per parsed block: what indexing it ran into (null for a broken block). */
  readonly problems: Array<CollectProblems | null>;
  /** Per parsed block: its nodes to report (none for a broken block). */
  readonly entities: Entity[][];
  readonly ids: Map<string, JsonObject>;
  /** Definitions of an @id after the first (graph/node-views.ts); absent where none were collected. */
  readonly otherDefinitions?: OtherDefinitions;
  readonly blocksNotValidated: number;
  readonly page: string;
  /** Blocks of the source (JSON-LD scripts and item blocks); null for a parsed value. */
  readonly blocksFound: number | null;
  /** The profile and overrides the run applies. */
  readonly options: RunOptions;
  /** An HTML input's page, for the page-level truth checks (runtime/page-truth); null for JSON-LD inputs. */
  readonly truthPage: TruthPage | null;
  /** The page's URL, against which a relative @id ("#organization") names its node; null when unknown. */
  readonly baseUrl?: string | null;
  /** False: the truth checks do not run at all (the server's HTML of a rendered page, only compared). */
  readonly truthChecks: boolean;
}

/** Every @type name of the nodes to report: what a registry must be able to answer for this input. */
export function typesIn(prepared: PreparedInput): Set<string> {
  const types = new Set<string>();
  for (const entities of prepared.entities) {
    for (const entity of entities) {
      for (const t of typeNames(entity.node["@type"])) types.add(t);
      // What a node without rules wraps is checked too (graph/contained-entities.ts).
      containedTypes(entity.node, types, typeNames);
      // Images with license metadata are items wherever they are (graph/licensed-images.ts).
      if (!types.has(LICENSED_IMAGE_TYPE) && holdsLicensedImage(entity.node)) types.add(LICENSED_IMAGE_TYPE);
      // So are videos (graph/nested-videos.ts).
      if (!types.has(VIDEO_TYPE) && holdsNestedVideo(entity.node)) types.add(VIDEO_TYPE);
    }
  }
  return types;
}

export function prepareBlocks(blocks: SourceBlock[], itemBlocks: ItemBlock[] = [], page = "", options: RunOptions = {}): PreparedInput {
  const parsed: ParsedBlock[] = [];
  let notValidated = 0;
  for (const block of blocks) {
    if (!NOT_BLANK.test(block.text)) continue; // an empty script is no markup; the search engine ignores it too
    // Intake cap: later blocks are counted, not parsed.
    if (parsed.length >= LIMITS.blocks) {
      notValidated++;
      continue;
    }
    const result = parseBlock(block.text);
    // Read again without comments (google) or to name a trailing comma (any profile); other faults need no second scan.
    const readComments = options.profile === "google";
    const lenient = result.ok || (!readComments && result.trailingComma !== true) ? null : readLeniently(block, readComments);
    // `null` or `false` is what a template's encoder writes when it has nothing to say (json_encode of
    // an unset value): no markup, as an empty script is none.
    if (result.ok && (result.value === null || result.value === false)) continue;
    if (result.ok && typeof result.value !== "object") parsed.push({ value: undefined, block, parseIssue: topLevelIssue(result.value, block) });
    else if (result.ok) parsed.push({ value: result.value, block });
    else if (lenient) parsed.push(lenient);
    else {
      const pos = pagePosition(block, result.offset, null);
      parsed.push({
        value: undefined,
        block,
        parseIssue: {
          severity: "error",
          property: "(block)",
          code: "invalid-json",
          message: `The block is not valid JSON: ${result.message} (line ${pos.line}, column ${pos.column}).`,
          fix: "Fix the JSON syntax at the given place (quotes, commas, brackets); comments and raw line breaks inside strings are not allowed in JSON-LD.",
          path: "",
          line: pos.line,
          column: pos.column,
        },
      });
    }
  }
  for (const items of itemBlocks) parsed.push({ value: items.items, block: null, items });
  return prepareParsed(parsed, notValidated, page, blocks.length + itemBlocks.length, options);
}

/**
 * JSON whose top level is no object or array (a string, a number, true): no JSON-LD, and the
 * search engine's test says "Invalid top level element". Most often the object was encoded twice
 * (`"{\"@context\": ...}"`, a template that JSON-encodes a string it already encoded).
 */
const TOP_LEVEL = "The block's top level";

/** The block's JSON is valid but holds no object (topLevelIssue), rather than not being JSON at all. */
export function holdsNoObject(issue: ValidationIssue): boolean {
  return issue.code === "invalid-json" && issue.message.startsWith(TOP_LEVEL);
}

function topLevelIssue(value: unknown, block: SourceBlock): ValidationIssue {
  const pos = pagePosition(block, block.text.search(/\S/), null);
  const what = typeof value === "string" ? "a string" : typeof value === "number" ? "a number" : String(value);
  const twice = typeof value === "string" && /^\s*[[{]/.test(value) && parseBlock(value).ok;
  return {
    severity: "error",
    property: "(block)",
    code: "invalid-json",
    message: `${TOP_LEVEL} is ${what}, not an object or an array of objects, so it holds no JSON-LD${twice ? ": the string holds JSON, which was encoded twice" : ""}.`,
    fix: twice ? "Write the object itself in the script, not a JSON string of it: encode the markup once." : 'Give the block a JSON-LD object, e.g. {"@context": "https://schema.org", "@type": "Product", ...}.',
    path: "",
    line: pos.line,
    column: pos.column,
  };
}

/**
 * A block JSON.parse refused, read again with its comments and trailing commas blanked out (positions
 * kept), when that is all that stood in the way. Comments are read under the google profile, with a
 * warning. A trailing comma is an error under every profile, named as such: Search Console reports it
 * as unparsable structured data ("Parsing error: Missing '}' or object member name"), and JSON.parse's
 * own message ("Expected double-quoted property name") does not say what to remove.
 */
function readLeniently(block: SourceBlock, readComments: boolean): ParsedBlock | null {
  const lenient = blankOutLeniencies(block.text);
  if (!lenient) return null;
  const again = parseBlock(lenient.text);
  if (!again.ok) return null;
  if (lenient.trailingCommas > 0) return { value: undefined, block, parseIssue: trailingCommaIssue(block, lenient, readComments) };
  if (!readComments) return null;
  const pos = pagePosition(block, lenient.first, null);
  return {
    value: again.value,
    block,
    leniencyNote: {
      severity: "warning",
      property: "(block)",
      code: "invalid-json",
      message: `The block is not valid JSON (${lenient.comments} comment(s)); read as the search engine's test reads it (the google profile).`,
      fix: "Remove the comments: JSON-LD is JSON, and other consumers reject the block.",
      path: "",
      line: pos.line,
      column: pos.column,
    },
  };
}

function trailingCommaIssue(block: SourceBlock, lenient: LenientText, readComments: boolean): ValidationIssue {
  const pos = pagePosition(block, lenient.firstComma, null);
  const closing = lenient.text.slice(lenient.firstComma).match(/[}\]]/)?.[0] ?? "}";
  const more = lenient.trailingCommas > 1 ? ` (${lenient.trailingCommas} trailing commas in the block)` : "";
  const comments = lenient.comments > 0 && !readComments ? `; its ${lenient.comments} comment(s) are not JSON either` : "";
  return {
    severity: "error",
    property: "(block)",
    code: "invalid-json",
    message: `The block is not valid JSON: a comma before "${closing}" (a trailing comma) at line ${pos.line}, column ${pos.column}${more}${comments}. The search engine cannot parse the block (Search Console: "Parsing error: Missing '}' or object member name") and reads nothing in it.`,
    fix: `Remove the comma after the last ${closing === "]" ? "item of the array" : "property of the object"}: JSON allows none before "}" or "]" (a template that writes a comma after each property must leave it out after the last).`,
    path: "",
    line: pos.line,
    column: pos.column,
  };
}

const NOT_BLANK = /\S/;

function prepareParsed(parsed: ParsedBlock[], blocksNotValidated: number, page: string, blocksFound: number | null, options: RunOptions): PreparedInput {
  const ids = new Map<string, JsonObject>();
  const otherDefinitions = new OtherDefinitions();
  const problems = parsed.map((p, i) => {
    if (p.parseIssue) return null;
    // List and set objects are the arrays they hold (graph/list-containers.ts); a value without text is walked to find out.
    if (!p.items && (p.block === null || mayHoldContainers(p.block.text))) {
      const value = withoutContainers(p.value);
      if (value !== p.value) parsed[i] = p = { ...p, value };
    }
    if (p.items) mergeKnownNodes(p.items.items, ids);
    const found = indexBlock(p.value, ids, otherDefinitions);
    if (found.termsToRead && !p.items) parsed[i] = withSchemaTerms(p, ids, otherDefinitions);
    return found;
  });
  // After every block is indexed and merged: merging moves an item's properties (@type among them) into
  // an earlier node with its IRI and leaves a bare reference in its place.
  const entities = parsed.map((p, blockIndex) => (p.parseIssue ? [] : topLevelEntities(p.value, blockIndex)));
  return { parsed, problems, entities, ids, otherDefinitions, blocksNotValidated, page, blocksFound, options, truthPage: null, truthChecks: true };
}

/** The block read with plain terms for its Schema.org IRI keys; its nodes in the @id index replaced by their copies. */
function withSchemaTerms(p: ParsedBlock, ids: Map<string, JsonObject>, others: OtherDefinitions): ParsedBlock {
  const names = blockTerms(p.value);
  const { value, copies, changed } = withPlainTerms(p.value, names);
  if (!changed) return p;
  for (const [id, node] of ids) {
    const copy = copies.get(node);
    if (copy !== undefined) ids.set(id, copy as JsonObject);
  }
  for (const list of others.byId.values()) {
    for (let i = 0; i < list.length; i++) list[i] = (copies.get(list[i]) as JsonObject | undefined) ?? list[i];
  }
  return { ...p, value, termOf: (key) => readTerm(key, names) };
}

/**
 * Checks a prepared input. The registry must answer for every name of `typesIn(prepared)`; it is
 * asked for nothing else.
 */
/**
 * Looks up the node an @id names. JSON-LD resolves a relative IRI against the document's base, so on
 * https://site.example/ the reference {"@id": "#organization"} names the node "@id":
 * "https://site.example/#organization", and the other way round; both spellings are one node, merged
 * like any two definitions of an @id. Only a page with a relative @id, or a miss, pays for resolving:
 * the index by resolved ids is built then.
 */
function idResolver(ids: Map<string, JsonObject>, base: string | null, others: OtherDefinitions | undefined): (id: string) => JsonObject | undefined {
  const exact = others === undefined || others.byId.size === 0 ? (id: string) => ids.get(id) : mergingLookup(ids, others);
  if (base === null) return exact;
  let byResolvedId: Map<string, JsonObject> | null = null;
  /** Spellings of one resolved @id, each to the node of them all (only where there are several). */
  let aliases: Map<string, JsonObject> | null = null;
  const build = () => {
    byResolvedId = new Map();
    aliases = new Map();
    const spellings = new Map<string, string[]>();
    for (const key of ids.keys()) {
      const absolute = resolveId(key, base);
      if (absolute === null) continue;
      const keys = spellings.get(absolute);
      if (keys === undefined) spellings.set(absolute, [key]);
      else keys.push(key);
    }
    for (const [absolute, keys] of spellings) {
      const first = exact(keys[0])!;
      const node = keys.length === 1 ? first : mergedNode(first, keys.slice(1).map((k) => exact(k)!));
      byResolvedId.set(absolute, node);
      if (keys.length > 1) for (const key of keys) aliases.set(key, node);
    }
  };
  let relativeIds: boolean | null = null;
  return (id) => {
    if (relativeIds === null) {
      relativeIds = false;
      for (const key of ids.keys()) {
        if (!ABSOLUTE_IRI.test(key)) {
          relativeIds = true;
          break;
        }
      }
      if (relativeIds) build();
    }
    const node = aliases?.get(id) ?? exact(id);
    if (node !== undefined) return node;
    const resolved = resolveId(id, base);
    if (resolved === null) return undefined;
    if (byResolvedId === null) build();
    return byResolvedId!.get(resolved);
  };
}

/** A scheme first: an @id that names the same node on every page (a blank node's "_:" too). */
const ABSOLUTE_IRI = /^[a-z][a-z0-9+.-]*:/i;

/** An @id's node with what its later definitions add, built once per @id asked for. */
function mergingLookup(ids: Map<string, JsonObject>, others: OtherDefinitions): (id: string) => JsonObject | undefined {
  const merged = new Map<string, JsonObject>();
  return (id) => {
    const first = ids.get(id);
    if (first === undefined) return undefined;
    const later = others.byId.get(id);
    if (later === undefined) return first;
    let node = merged.get(id);
    if (node === undefined) merged.set(id, (node = mergedNode(first, later)));
    return node;
  };
}

const NO_CHOICES: readonly RuleSetChoice[] = [];

/** Longer @ids are not echoed back: the report stays bounded, and the node is then named by its place. */
const MAX_REPORTED_ID = 2048;

export function validatePrepared(prepared: PreparedInput, registry: RuleRegistry): EngineResult {
  const { parsed, problems, ids, blocksNotValidated, page } = prepared;
  // The project's overrides first: they win over the profile's.
  const own = prepared.options.overrides ?? [];
  const fromProfile = profileOverrides(prepared.options.profile);
  // No copy in the usual run without overrides (this runs once per input).
  const overrides = fromProfile.length === 0 ? own : own.length === 0 ? fromProfile : [...own, ...fromProfile];
  const judging: Judging = { overrides, profile: prepared.options.profile, pageUrl: prepared.baseUrl ?? null };
  const resolver: ReferenceResolver = { resolve: idResolver(ids, prepared.baseUrl ?? null, prepared.otherDefinitions) };
  const mainEntities = new MainEntityOfPage(ids, prepared.baseUrl ?? null);
  const schemas: SchemaResult[] = [];
  let unparsable = 0;
  let nodesFound = 0;
  let nodesNotValidated = 0;
  let issuesFound = 0;
  const budget = startRequestBudget();
  const truthNodes: TruthNode[] = [];
  /** Where an @id is defined first: contained entities and licensed images defined elsewhere are reported there. */
  const definedAs = (id: string) => ids.get(id);
  /** Per parsed block: its results, schemas[first, end), finished once every block is read. */
  const spans: Array<{ first: number; end: number }> = [];

  parsed.forEach((p, blockIndex) => {
    if (p.parseIssue) {
      unparsable++;
      const broken = brokenBlockResult(p.parseIssue, blockIndex);
      // Its span stays empty (its issue is placed already, and there is no JSON to patch), so the overrides
      // are applied here: an ignored invalid-json was reported anyway.
      if (overrides.length) overrideFinal(broken, overrides);
      schemas.push(broken);
      spans.push({ first: schemas.length, end: schemas.length });
      return;
    }
    const first = schemas.length;
    const problem = problems[blockIndex];
    if (problem?.tooDeep != null || problem?.tooLarge) schemas.push(capResult(problem.tooDeep, problem.tooLarge, blockIndex));
    const validateInto = (entity: Entity, depth: number): void => {
      // Intake caps: nodes past them are counted, not validated.
      if (++nodesFound > LIMITS.nodes || issuesFound >= LIMITS.issuesFoundPerRequest) {
        nodesNotValidated++;
        return;
      }
      const judgement = judgementOf(entity, resolver, registry, mainEntities);
      const result = validateEntity(entity, resolver, judging, judgement);
      if (!result) return;
      // Which of the properties holding further items the node has, for both look-ups below (one key walk).
      const held = depth < MAX_CONTAINED_DEPTH ? heldProperties(entity.node) : 0;
      // A wrapped node without rules is no item of its own: only what it wraps in turn may be.
      if (depth > 0 && !result.checked) {
        nodesFound--;
        if (depth < MAX_CONTAINED_DEPTH) {
          for (const inner of containedEntities(entity, definedAs, undefined, held)) validateInto(inner, depth + 1);
          for (const video of nestedVideos(entity, definedAs, NO_JUDGED_VIDEOS, CONTAINMENT)) validateInto(video, depth + 1);
        }
        return;
      }
      issuesFound += result.errors.length + result.warnings.length;
      const id = judgement === null ? entity.node["@id"] : judgement.id;
      // Runs are compared node by node (runtime/diff): a bounded @id names a node across edits.
      if (typeof id === "string" && id !== "" && id.length <= MAX_REPORTED_ID) result.id = id;
      schemas.push(result);
      truthNodes.push({ entity, result, syntax: p.items?.syntax ?? "json-ld", source: p.block, items: p.items ?? null });
      // The node's other rich results (another of its types), each a result of its own at the same place.
      // Indexed from the second: no copy of the list per node.
      const choices = judgement === null ? NO_CHOICES : judgement.choices;
      for (let c = 1; c < choices.length; c++) {
        if (++nodesFound > LIMITS.nodes || issuesFound >= LIMITS.issuesFoundPerRequest) {
          nodesNotValidated++;
          break;
        }
        const further = validateEntity(entity, resolver, judging, judgement, choices[c])!;
        issuesFound += further.errors.length + further.warnings.length;
        if (result.id !== undefined) further.id = result.id;
        schemas.push(further);
      }
      // A typed node sdv has no rules for (a WebPage) may hold one it has (its mainEntity, a Product);
      // one with rules may hold a trail its rules do not judge (a ProfilePage's breadcrumb).
      if ((judgement !== null || entity.node["@type"] !== undefined) && depth < MAX_CONTAINED_DEPTH) {
        for (const inner of containedEntities(entity, definedAs, result.checked ? BESIDE_RULES : undefined, held)) validateInto(inner, depth + 1);
      }
      // Its videos are video items of their own, unless its rules judge them (a recipe's video).
      if (depth < MAX_CONTAINED_DEPTH) {
        const skip = result.checked ? BESIDE_RULES : CONTAINMENT;
        for (const video of nestedVideos(entity, definedAs, videosJudged(judgement), skip)) validateInto(video, depth + 1);
      }
      // Its images with license metadata are image metadata items of their own (an ImageObject is one already).
      if (depth < MAX_CONTAINED_DEPTH && !(judgement?.types.includes(LICENSED_IMAGE_TYPE) ?? false)) {
        for (const image of licensedImages(entity, definedAs, held)) validateInto(image, depth + 1);
      }
    };
    for (const entity of prepared.entities[blockIndex]) validateInto(entity, 0);
    if (p.items?.untyped) {
      for (const result of untypedItemResults(p.items, blockIndex, page, baseResult)) {
        if (++nodesFound > LIMITS.nodes) nodesNotValidated++;
        else schemas.push(result);
      }
    }
    if (p.items?.truncated) schemas.push(itemBlockCapResult(p.items, blockIndex, baseResult));
    if (p.leniencyNote) {
      if (schemas.length === first) schemas.push(baseResult(BLOCK, blockIndex, "", "The block holds no node to validate."));
      schemas[first].warnings.unshift(p.leniencyNote);
      schemas[first].score = nodeScore(schemas[first].errors, schemas[first].warnings);
    }
    spans.push({ first, end: schemas.length });
  });

  // Page-level checks need every block's nodes (a duplicate may sit in another block or syntax); they
  // add issues before the overrides, scores and positions below treat them like the rules' own.
  if (prepared.truthChecks) checkPageTruth(truthNodes, prepared.truthPage, resolver.resolve, overrides);
  applyOfferLevelPolicies(truthNodes, prepared.entities, resolver);
  parsed.forEach((p, blockIndex) => {
    if (p.items) addLinkAddressWarnings(schemas.slice(spans[blockIndex].first, spans[blockIndex].end), p.items);
  });

  for (const { first, end } of spans) {
    if (overrides.length) for (let i = first; i < end; i++) overrideFinal(schemas[i], overrides);
    for (let i = first; i < end; i++) schemas[i].score ??= nodeScore(schemas[i].errors, schemas[i].warnings);
  }

  for (const s of schemas) s.syntax ??= "json-ld";
  // The summary counts every issue found; the caps then decide what is listed.
  const summary = summarize(schemas);
  const limits = capReport(schemas, {
    blocksFound: parsed.length + blocksNotValidated,
    blocksNotValidated,
    nodesFound,
    nodesNotValidated,
    propertiesNotChecked: budget.propertiesNotChecked,
    valuesNotChecked: budget.valuesNotChecked,
  });

  // Patches and places for the issues listed only: a page of 199 nodes that each reference one node of
  // 900 issues found 180,000, and placing them all (a pointer search each) cost more than finding them.
  parsed.forEach((p, blockIndex) => {
    const { first, end } = spans[blockIndex];
    if (first === end) return;
    // JSON-LD only: items have no JSON text to patch; a block read through compact IRIs is a copy whose
    // pointers differ from its text's keys, so it gets none rather than a wrong one.
    if (!p.items && p.termOf === undefined && prepared.options.patches !== false) attachPatches(schemas.slice(first, end), p.value);
    if (p.block) addPositions(schemas.slice(first, end), p.block, p.termOf);
    if (p.items) locateItemIssues(schemas.slice(first, end), p.items, page);
  });
  // What a node takes from another definition of its @id is placed where that definition writes it.
  if (prepared.otherDefinitions !== undefined && prepared.otherDefinitions.byId.size > 0) {
    const texts = parsed.map((p) => (p.items || p.termOf !== undefined ? null : p.block));
    placeMergedIssues(truthNodes, prepared.entities, texts, (block, offset) => pagePosition(block, offset, null));
  }
  const result: EngineResult = { schemas, summary, blocks_found: prepared.blocksFound ?? parsed.length, blocks_unparsable: unparsable };
  if (limits) {
    if (prepared.blocksFound !== null) limits.blocks_found = prepared.blocksFound;
    result.limits = limits;
  }
  return result;
}

interface Judging {
  overrides: readonly IssueOverride[];
  profile: RunOptions["profile"];
  /** The page the markup is on, when known: some requirements are waived for markup about another page. */
  pageUrl: string | null;
}

/**
 * The overrides once more over everything the node reports (vocabulary findings, broken blocks,
 * unchecked types): an issue made an error makes its node invalid and not eligible.
 */
function overrideFinal(result: SchemaResult, overrides: readonly IssueOverride[]): void {
  const types = result.matched_type ? [result.type, result.matched_type] : [result.type];
  const all = [...result.errors, ...result.warnings];
  const after = applyOverrides(all, types, overrides);
  if (!after) return;
  result.errors = after.filter((i) => i.severity === "error");
  result.warnings = after.filter((i) => i.severity === "warning");
  if (result.errors.length && result.valid) {
    result.valid = false;
    result.rich_result_eligible = false;
    result.rich_result = { ...result.rich_result, eligible: false, reason: `Not eligible: ${result.errors.length} error(s) must be fixed (${[...new Set(result.errors.map((e) => e.property))].join(", ")}).` };
    for (const f of result.features ?? []) if (f.eligible) Object.assign(f, { eligible: false, reason: "Not eligible: the node has errors." });
  } else if (!result.errors.length) result.valid = true;
  result.score = nodeScore(result.errors, result.warnings);
}

const NO_JUDGED_VIDEOS: ReadonlySet<string> = new Set();

/** Where the node's rule sets judge a VideoObject themselves (CompiledRuleSet.videosJudgedAt). */
function videosJudged(judgement: Judgement | null): ReadonlySet<string> {
  if (judgement === null) return NO_JUDGED_VIDEOS;
  let paths: Set<string> | null = null;
  for (const { ruleSet } of judgement.choices) {
    if (ruleSet.videosJudgedAt === undefined) continue;
    paths ??= new Set();
    for (const p of ruleSet.videosJudgedAt) paths.add(p);
  }
  return paths ?? NO_JUDGED_VIDEOS;
}

/** How a node is judged: its rule sets (the first decides; see pickRuleSets) and the node they read. */
interface Judgement {
  checked: JsonObject;
  choices: RuleSetChoice[];
  /** The types written (typeNames of its @type), the first what a node without rules is reported as. */
  types: readonly string[];
  written: string;
  /** The node's own @id, read once: a named read of a key most nodes lack is a slow look-up. */
  id: unknown;
}

/** Null for a node without a type. */
function judgementOf(entity: Entity, resolver: ReferenceResolver, registry: RuleRegistry, mainEntities: MainEntityOfPage): Judgement | null {
  const { node } = entity;
  const types = typeNames(node["@type"]);
  if (types.length === 0) return null;
  // The node with what its @id's other definitions on the page add (graph/node-views.ts); unknown
  // properties are still told where they are written (addVocabularyWarnings reads the node itself).
  const id = node["@id"];
  const whole = typeof id === "string" ? resolver.resolve(id) : undefined;
  // A page's main entity may be named from the entity's side (graph/main-entity-of-page.ts).
  // Without an @id nothing names the node as a page's main entity.
  const checked = typeof id !== "string" ? node : mainEntities.withMainEntity(whole === undefined ? node : withMergedProperties(node, whole));
  return { checked, choices: pickRuleSets(types, registry, checked), types, written: types[0], id };
}

/**
 * The node's result under one of its rule sets: the first of `judgement` (null: the node has no type)
 * unless `choice` names another. `also`: a further rich result of the same node (another of its types), which leaves out
 * what the first result already tells of the node itself (unknown properties, a missing @context).
 */
function validateEntity(entity: Entity, resolver: ReferenceResolver, judging: Judging, judgement: Judgement | null, choice?: RuleSetChoice): SchemaResult | null {
  const { node } = entity;
  if (judgement === null) {
    if (isReferenceOnly(node) || isPartOfTypedNode(node, resolver)) return null;
    return untypedResult(entity);
  }
  const { checked } = judgement;
  const also = choice !== undefined;
  const chosen = choice ?? judgement.choices[0];
  const properties_found: string[] = [];
  for (const key in node) if (key.charCodeAt(0) !== 64 /* @ */) properties_found.push(key);
  if (chosen === undefined) return uncheckedResult(entity, judgement.written, properties_found, resolver);
  const { ruleSet, matched, undetected } = chosen;

  const run = new Run(resolver, judging.pageUrl);
  if (undetected === null) {
    ruleSet.validate(checked, run, entity.path);
    demoteEnhancementFindings(ruleSet, run.issues);
  }
  if (!also) {
    const unrated = unratableTypeWarnings(checked, entity.path);
    if (unrated.length !== 0) run.issues.push(...unrated);
  }
  // Before eligibility: a profile or an override decides what counts as an error for this node.
  relaxForProfile(run.issues, judging.profile);
  // Only when named: the service names it on every call; an engine run without a profile (the rule
  // files' examples, the documentation's) keeps the search engine's verdicts on these.
  if (judging.profile === "spec" && undetected === null) applySpecRules(ruleSet, checked, run.issues, run.ineligible, entity.path);
  const overridden = judging.overrides.length === 0 ? null : applyOverrides(run.issues, matched === ruleSet.type ? [ruleSet.type] : [ruleSet.type, matched], judging.overrides);
  if (overridden) run.issues.splice(0, run.issues.length, ...overridden);
  if (!entity.hasContext && !also && entity.foreignVocabulary !== undefined) {
    run.report(
      "missing-context",
      "error",
      "@context",
      foreignVocabularyMessage(entity.foreignVocabulary),
      'Use "@context": "https://schema.org" (Schema.org has the same types and most of the same properties under the same names).',
      ruleSet.googleDocsUrl,
      entity.path,
    );
  } else if (!entity.hasContext && !also) {
    run.report(
      "missing-context",
      "warning",
      "@context",
      'No schema.org "@context" applies to this node, so search engines may not read it as Schema.org.',
      'Add "@context": "https://schema.org" to the top-level object.',
      ruleSet.googleDocsUrl,
      entity.path,
    );
  }
  const split = splitRetiredFeatures(ruleSet);
  const features = undetected === null ? evaluateFeatures(split.current, checked, run, resolver, entity.path) : [];
  // Retired features run last, so that what only they find can be told apart: it weighs as a note.
  const ownFindings = run.issues.length;
  if (split.retired && undetected === null) {
    features.push(...evaluateFeatures(split.retired, checked, run, resolver, entity.path));
    features.sort((a, b) => split.order.get(a.feature)! - split.order.get(b.feature)!);
  }
  const retiredFeatureFindings = markRetiredFeatureFindings(run.issues, ownFindings);
  const retired = isRetiredRuleSet(ruleSet);
  if (retired) downgradeRetired(run.issues, ruleSet.richResult ?? ruleSet.type);
  if (!also) {
    addDanglingBreadcrumbWarnings(node, entity.path, resolver, run.issues);
    addVocabularyWarnings(node, entity.path, run.issues);
  }
  const issues = partitionIssues(run.issues);
  const verdict = decideVerdict(ruleSet, issues.errors, run.ineligible, features, undetected, retired);

  const result: SchemaResult = {
    type: ruleSet.type,
    valid: verdict.valid,
    rich_result_eligible: verdict.eligible,
    deprecated: ruleSet.deprecated !== undefined,
    deprecation_note: ruleSet.deprecated ? ruleSet.deprecated.note : null,
    errors: issues.errors,
    warnings: issues.warnings,
    properties_found,
    properties_missing_required: issues.missingRequired,
    properties_missing_recommended: issues.missingRecommended,
    rich_result: { eligible: verdict.eligible, reason: verdict.reason, google_docs_url: ruleSet.googleDocsUrl },
    block: entity.block,
    path: entity.path,
    checked: true,
  };
  if (matched !== ruleSet.type) result.matched_type = matched;
  if (features.length) result.features = features;
  // Everything a retired rich result finds weighs as a note, as does what only retired features find.
  result.score = nodeScore(issues.errors, issues.warnings, retired ? () => true : retiredFeatureFindings ? (w) => retiredFeatureFindings.has(w) : undefined);
  return result;
}

/** One of a node's rule sets: the type written that chose it, and why it does not apply (or null). */
interface RuleSetChoice {
  ruleSet: CompiledRuleSet;
  matched: string;
  undetected: string | null;
}

/** Further rich results judged for one node of several types: bounds the work a hostile @type list adds. */
const MAX_FURTHER_RICH_RESULTS = 3;

/**
 * A node's rule sets, the one that decides first; none when no type has rules. Among several types
 * the one that can judge the node decides, the first written on a tie: a rich result the node's
 * markup triggers before opt-in markup it does not carry (["MusicRecording", "Product"] without a
 * rating is a product); a rich result of its own before a review snippet (["Game",
 * "MobileApplication"] with a rating is a software app, whose rules include the rating's), before a
 * type without a rich result (["Book", "Product"], as the merchant listing page co-types a book, is a
 * product); a retired rich result last (["Car", "Product"] is a product). Every other rich result
 * of the first one's kind the node's types carry follows, each judged on its own as the search
 * engine's test lists an item per feature (["Article", "Event"] is an article and an event, and the
 * event needs its startDate).
 */
function pickRuleSets(types: readonly string[], registry: RuleRegistry, node: JsonObject): RuleSetChoice[] {
  const ranked: Array<RuleSetChoice & { rank: number; order: number }> = [];
  for (const t of types) {
    const ruleSet = registry.get(t);
    if (!ruleSet || ranked.some((c) => c.ruleSet === ruleSet)) continue;
    const undetected = linkOnly(ruleSet, node) ?? optInAbsent(ruleSet, node);
    const rank =
      ruleSet.deprecated?.kind === "retired" ? 4 : undetected !== null ? 3 : ruleSet.richResult === undefined ? 2 : ruleSet.optIn !== undefined ? 1 : 0;
    ranked.push({ ruleSet, matched: t, undetected, rank, order: ranked.length });
  }
  if (ranked.length <= 1) return ranked;
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const [first] = ranked;
  const choices: RuleSetChoice[] = [first];
  const told = new Set([first.ruleSet.richResult]);
  for (const c of ranked) {
    if (choices.length > MAX_FURTHER_RICH_RESULTS) break;
    // Only detected rich results of their own, one each (NewsArticle beside Article is one article);
    // opt-in markup (a review snippet) only beside another opt-in one: an app's or a product's rules
    // already judge the rating a Game beside it would.
    if (c.rank > first.rank || told.has(c.ruleSet.richResult)) continue;
    told.add(c.ruleSet.richResult);
    choices.push(c);
  }
  return choices;
}

interface PartitionedIssues {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  missingRequired: string[];
  missingRecommended: string[];
}

/** One pass sorts the issues by severity and collects the missing names (a handful: includes beats a Set). */
function partitionIssues(issues: readonly ValidationIssue[]): PartitionedIssues {
  const out: PartitionedIssues = { errors: [], warnings: [], missingRequired: [], missingRecommended: [] };
  for (const issue of issues) {
    if (issue.severity === "error") {
      out.errors.push(issue);
      if (saysRequiredAbsent(issue.code) && !out.missingRequired.includes(issue.property)) out.missingRequired.push(issue.property);
    } else {
      out.warnings.push(issue);
      if ((issue.code === "missing-recommended" || issue.code === "missing-one-of") && !out.missingRecommended.includes(issue.property)) out.missingRecommended.push(issue.property);
    }
  }
  if (out.errors.some((e) => e.code === "missing-companion")) withoutRecommendedCompanions(out);
  return out;
}

/**
 * A recommended property that another one needs beside it ("nutrition" given, "recipeYield" absent)
 * is told once, as the missing companion's error: not a second time as a missing recommended one.
 */
function withoutRecommendedCompanions(out: PartitionedIssues): void {
  const told = new Set(out.errors.filter((e) => e.code === "missing-companion").map((e) => `${e.path} ${e.property}`));
  const kept = out.warnings.filter((w) => !(w.code === "missing-recommended" && told.has(`${w.path} ${w.property}`)));
  if (kept.length === out.warnings.length) return;
  out.warnings = kept;
  out.missingRecommended = out.missingRecommended.filter((p) => kept.some((w) => w.property === p && (w.code === "missing-recommended" || w.code === "missing-one-of")));
}

/** Valid when nothing is an error; eligible when valid, detected, not retired, and the rich result (or a feature) is met. */
function decideVerdict(
  ruleSet: CompiledRuleSet,
  errors: readonly ValidationIssue[],
  ineligible: readonly string[],
  features: readonly FeatureResult[],
  undetected: string | null,
  retired: boolean,
): { valid: boolean; eligible: boolean; reason: string } {
  const valid = errors.length === 0;
  let eligible = false;
  let reason: string;
  if (undetected !== null) reason = undetected;
  else if (retired) reason = retiredReason(ruleSet);
  else if (!valid) reason = `Not eligible: ${errors.length} error(s) must be fixed (${[...new Set(errors.map((e) => e.property))].join(", ")}).`;
  else if (ruleSet.richResult === undefined) reason = `${ruleSet.type} has no rich result of its own; the markup is valid.`;
  else if (ineligible.length) reason = `Valid, but not eligible for ${ruleSet.richResult}: ${[...new Set(ineligible)].join("; ")}.`;
  else {
    eligible = true;
    reason = `Meets the requirements for ${ruleSet.richResult}.`;
    if (ruleSet.deprecated) reason += ` Restricted since ${ruleSet.deprecated.since} (see deprecation_note).`;
  }
  const eligibleFeatures = features.filter((f) => f.eligible);
  if (eligibleFeatures.length) {
    reason += ` Also eligible for: ${eligibleFeatures.map((f) => f.name).join(", ")}.`;
    if (!retired && valid) eligible = true;
  }
  return { valid, eligible, reason };
}

function baseResult(type: string, entityBlock: number, path: string, reason: string): SchemaResult {
  return {
    type,
    valid: true,
    rich_result_eligible: false,
    deprecated: false,
    deprecation_note: null,
    errors: [],
    warnings: [],
    properties_found: [],
    properties_missing_required: [],
    properties_missing_recommended: [],
    rich_result: { eligible: false, reason, google_docs_url: "https://developers.google.com/search/docs/appearance/structured-data/search-gallery" },
    block: entityBlock,
    path,
    checked: false,
  };
}

/**
 * Longer type names are cut where a report names the node: a node's type is repeated by every issue of
 * it in SARIF, CSV and annotations, outside the answer's character budget (ten nodes typed with a
 * 100,000-character IRI made 300 MB of SARIF from 1 MB).
 */
const MAX_REPORTED_TYPE = 256;

function uncheckedResult(entity: Entity, written: string, properties_found: string[], resolver: ReferenceResolver): SchemaResult {
  const type = written.length > MAX_REPORTED_TYPE ? `${written.slice(0, MAX_REPORTED_TYPE - 1)}…` : written;
  const result = baseResult(type, entity.block, entity.path, `sdv has no rule set for ${type}: it was not checked against rich-result requirements.`);
  result.properties_found = properties_found;
  const unknown = unknownTopLevelType(entity.node, typeNames(entity.node["@type"]), entity.path, entity.hasContext);
  if (unknown) {
    result.valid = false;
    result.errors.push(unknown);
    result.rich_result.reason = `"${type}" is not a Schema.org type: no rich result can come from this node.`;
  } else {
    const hint = foreignTypeHint(written, entity.path);
    if (hint !== null) {
      result.warnings.push(hint);
      result.rich_result.reason = `${hint.message} ${hint.fix}`;
    }
    result.warnings.push(...unratableTypeWarnings(entity.node, entity.path));
  }
  if (unknown === null) addDanglingBreadcrumbWarnings(entity.node, entity.path, resolver, result.warnings);
  addVocabularyWarnings(entity.node, entity.path, result.warnings, unknown);
  return result;
}

/** Vocabulary warnings, less those on a place the rules already reported (the node's own unknown @type among them). */
function addVocabularyWarnings(node: JsonObject, at: string, issues: ValidationIssue[], typeError: ValidationIssue | null = null): void {
  let found: ValidationIssue[] = [];
  const budget = requestBudget();
  // The node as it is, counted as it is walked (the usual case: within every cap); past a cap, what it
  // found is thrown away and the bounded view, a copy cut to the caps, is walked instead.
  const suggestionsBefore = budget.suggestionsRemaining;
  const keys = checkVocabulary(node, at, found, budget.propertiesRemaining);
  if (keys === OVER_CAP) {
    found = [];
    budget.suggestionsRemaining = suggestionsBefore;
    checkVocabulary(boundedView(node, budget), at, found);
  } else budget.propertiesRemaining -= keys;
  if (found.length === 0) return;
  const reported = new Set(issues.map((i) => i.path));
  for (const issue of found) {
    if (typeError !== null && issue.path === typeError.path) continue;
    if (!reported.has(issue.path) || issue.code === "unknown-type") issues.push(issue);
  }
}

/** Keys under which the untyped node holds typed objects: markup that is there but cannot be read. */
function typedChildren(node: JsonObject): string[] {
  const keys: string[] = [];
  for (const key in node) {
    if (key.charCodeAt(0) === 64) continue;
    const value = node[key];
    const items = Array.isArray(value) ? value : [value];
    if (items.some((v) => typeof v === "object" && v !== null && !Array.isArray(v) && (v as JsonObject)["@type"] !== undefined)) keys.push(key);
  }
  return keys;
}

/**
 * An untyped node whose @id another definition on the page types (a review app's block adding
 * `{"@id": "#product", "aggregateRating": ...}` to the theme's Product) is a part of that node: JSON-LD
 * merges them, its properties are checked with the typed node's, and it is no item of its own.
 */
function isPartOfTypedNode(node: JsonObject, resolver: ReferenceResolver): boolean {
  const id = node["@id"];
  if (typeof id !== "string") return false;
  const whole = resolver.resolve(id);
  return whole !== undefined && whole !== node && typeNames(whole["@type"]).length > 0;
}

/**
 * A node whose @context makes its terms another vocabulary's is no Schema.org markup: Google stopped
 * reading data-vocabulary.org for rich results ("Sunsetting support for data-vocabulary", Search
 * Central blog, 2020-01-21: "no longer be eligible for Google rich result features", in force from
 * mid-2020), and reads no other vocabulary's types.
 */
function foreignVocabularyMessage(vocabulary: string): string {
  const retired = /data-vocabulary\.org/i.test(vocabulary)
    ? "data-vocabulary.org, which the search engine stopped reading for rich results in 2020"
    : `"${vocabulary}", not Schema.org`;
  return `The node's "@context" makes its type and properties terms of ${retired}: no rich result can come from it.`;
}

function untypedResult(entity: Entity): SchemaResult {
  const result = baseResult(UNTYPED, entity.block, entity.path, "The node has no @type, so no rich result can come from it.");
  result.valid = false;
  result.properties_found = Object.keys(entity.node).filter((k) => k.charCodeAt(0) !== 64);
  const wrapped = typedChildren(entity.node);
  result.errors.push({
    severity: "error",
    property: "@type",
    code: "missing-type",
    message:
      wrapped.length === 0
        ? "The node has no @type."
        : `The node has no @type, so the typed markup it wraps under ${wrapped.map((k) => `"${k}"`).join(", ")} is not read either.`,
    fix:
      wrapped.length === 0
        ? 'Add "@type" with the Schema.org type the node describes, e.g. "Product".'
        : `Make the wrapped object the top-level node (move its "@type" and properties up, keep "@context"), or add the node's own "@type".`,
    path: entity.path,
  });
  return result;
}

function brokenBlockResult(issue: ValidationIssue, blockIndex: number): SchemaResult {
  const reason = holdsNoObject(issue) ? "The block holds no JSON-LD object, so nothing in it can be read." : "The block is not valid JSON, so nothing in it can be read.";
  const result = baseResult(BROKEN, blockIndex, "", reason);
  result.valid = false;
  result.errors.push(issue);
  result.score = 0;
  return result;
}

function capResult(deepAt: string | null, tooLarge: boolean, blockIndex: number): SchemaResult {
  const result = baseResult(BLOCK, blockIndex, "", "The block passes sdv's size or depth limits.");
  result.valid = false;
  if (deepAt !== null) {
    result.errors.push({
      severity: "error",
      property: "(block)",
      code: "too-deep",
      message: `The block nests deeper than ${MAX_DEPTH} levels; the deeper part was not read.`,
      fix: "Flatten the markup: real structured data nests a few levels, not hundreds.",
      path: deepAt,
    });
  }
  if (tooLarge) {
    result.errors.push({
      severity: "error",
      property: "(block)",
      code: "too-large",
      message: `The block holds more than ${MAX_NODES} objects and arrays; the rest was not read.`,
      fix: "Split the markup or leave out what no rich result uses.",
      path: "",
    });
  }
  return result;
}

/** Line and column in the page (or submitted text) for every issue with a known place. */
function addPositions(results: SchemaResult[], block: SourceBlock, termOf?: (key: string) => string): void {
  const pointers = new Set<string>();
  for (const r of results) for (const list of [r.errors, r.warnings]) for (const issue of list) if (issue.line === undefined) pointers.add(issue.path);
  if (pointers.size === 0) return;
  const offsets = locatePointers(block.text, pointers, termOf);
  const lines = new LineIndex(block.text);
  for (const r of results) {
    for (const list of [r.errors, r.warnings]) {
      for (const issue of list) {
        if (issue.line !== undefined) continue;
        const offset = offsets.get(issue.path);
        if (offset === undefined) continue;
        const pos = pagePosition(block, offset, lines);
        issue.line = pos.line;
        issue.column = pos.column;
      }
    }
  }
}

/** From an offset inside the block's text to the line and column in the page. */
function pagePosition(block: SourceBlock, offset: number, lines: LineIndex | null): { line: number; column: number } {
  const local = (lines ?? new LineIndex(block.text)).at(Math.min(offset, block.text.length));
  return local.line === 1 ? { line: block.line, column: block.column + local.column - 1 } : { line: block.line + local.line - 1, column: local.column };
}
