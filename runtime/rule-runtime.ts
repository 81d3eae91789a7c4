/**
 * What the generated validators call: the generated code does presence checks and dispatch in
 * straight lines; this module checks one value against a compiled property rule and records issues.
 */
import type { IssueCode } from "./issue-codes.ts";
import type { ValidationIssue } from "./types.ts";
import { escapePointer, isObject, isReferenceOnly, type JsonObject } from "./json.ts";
import { typeNames } from "./graph/type-names.ts";
import { LIMITS } from "./limits.ts";
import { requestBudget } from "./request-budget.ts";
import { enumMember } from "./checks/enumeration.ts";
import { noteFailedRule, noteFailedValue } from "./patches/failed-rule.ts";
import { subtypes, vocabularyIndex } from "./type-hierarchy.ts";
import { closestName } from "./did-you-mean.ts";
import type { ValueCheck } from "./checks/value-check.ts";
import type { NodeCheck } from "./checks/structure-checks.ts";
import type { KeywordProblem, ListKeyword, RequirementCondition, ValueKeyword } from "./keywords/keyword-check.ts";
import { describeValue, valueList } from "./describe-value.ts";
import { pageAddress } from "./page-address.ts";
import { withMergedProperties } from "./graph/node-views.ts";
import { FailedValues } from "./failed-values.ts";

const ABSOLUTE_HTTP = /^https?:\/\/[^/?#]/i;

export type Level = "required" | "recommended" | "optional";
export type LiteralKind = "text" | "url" | "number" | "integer" | "boolean" | "date" | "datetime" | "time" | "quantity";

export type NodeValidator = (node: JsonObject, run: Run, at: string) => void;

export type ExpectSpec =
  | { readonly kind: "literal"; readonly literal: LiteralKind; readonly type: string }
  | { readonly kind: "enum"; readonly type: string; readonly members: ReadonlySet<string> }
  | {
      readonly kind: "class";
      readonly type: string;
      readonly accepts: ReadonlySet<string>;
      readonly validate: NodeValidator | null;
      /** Values of this type are valid but keep the node from the rich result (the reason). */
      readonly notEligible?: string;
      /** The validator is another rule set's: its issues are renamed under this property. */
      readonly prefixed?: boolean;
      readonly nodeCheck?: NodeCheck;
      /** The node check's property is required in this shape (ratingValue of a Rating): a failed check is an error. */
      readonly nodeCheckRequired?: boolean;
    };

export interface PropertyRule {
  readonly name: string;
  /** "/" + the name escaped as a JSON Pointer segment, precomputed for the hot path. */
  readonly segment?: string;
  /** Dotted path from the validated node: the issue's `property`. */
  readonly property: string;
  readonly level: Level;
  readonly expect: readonly ExpectSpec[];
  // Generated rules leave out every field at its default (compiler/emit/validators.ts): absent is the default.
  /** Absent: no value check. */
  readonly format?: ValueCheck;
  /** Enumeration members the value must be one of (absent: any). */
  readonly values?: ReadonlySet<string>;
  /** Numeric bounds (absent: unbounded). */
  readonly min?: number;
  readonly max?: number;
  /** One value only (absent: false). */
  readonly single?: boolean;
  /** The rule keywords' checks of each literal value, in the keyword registry's order (compiler/keywords/). */
  readonly valueKeywords?: readonly ValueKeyword[];
  /** The rule keywords' checks of the values together (how many, their order). */
  readonly listKeywords?: readonly ListKeyword[];
  /** Missing or malformed, the node is not eligible although the level is recommended. */
  readonly neededForEligibility?: boolean;
  /** Siblings that must be present whenever this property is. */
  readonly requires?: readonly string[];
  /** The siblings of `requires` are required once the property is given, whatever its level. */
  readonly requiresRequired?: boolean;
  /** A malformed value is a warning even though the property is required. */
  readonly malformedWarning?: boolean;
  /** ... and the node is then not eligible: the search engine ignores such markup. */
  readonly malformedNotEligible?: boolean;
  /** ... only for a value written as text: a number or an object of another type stays an error. */
  readonly malformedTextOnly?: boolean;
  /** Missing, an error while this holds (else the level decides); present, a broken value is then an error. */
  readonly condition?: RequirementCondition;
  readonly fix: string;
  readonly docs: string;
  /** Site-relative link to the rule on its type's page (`/rules/Event#startDate`): the issue's `rule_url`. */
  readonly rule?: string;
}

export interface OneOfRule {
  readonly level: "required" | "recommended";
  /** Names or dotted paths ("item.name"). */
  readonly properties: readonly string[];
  /** The leading member (the one the documentation names first): the issue's `property`. */
  readonly property: string;
  /** Every member as a path from the validated node: the issue's `one_of`. */
  readonly members: readonly string[];
  /** `properties` split into segments (emitted, so the hot path does not split). */
  readonly paths?: readonly (readonly string[])[];
  readonly fix: string;
  readonly docs: string;
  /** Site-relative link to the group on its type's page: the issue's `rule_url`. */
  readonly rule?: string;
  /** When the group is not needed (rules-src `unless`). */
  readonly unless?: GroupWaiver;
}

/**
 * A required group is not needed when the sibling `property` holds one of `values` (as text), or, with
 * `elsewhere`, a URL naming another page than the one validated. `notEligible`: the node is then
 * valid but not eligible, for this reason.
 */
export interface GroupWaiver {
  readonly property: string;
  readonly values: readonly string[] | null;
  readonly elsewhere: boolean;
  readonly notEligible: string | null;
}

/**
 * Every property rule in one object shape, the fields a rule leaves out at their default holding
 * undefined. The checks read a dozen fields of every rule they apply; generated rules that each
 * leave out different fields gave those reads dozens of shapes (megamorphic look-ups, the largest
 * single cost of checking a value). Generated validators build each rule through `propertyRule`.
 */
class FixedPropertyRule implements PropertyRule {
  readonly name: string;
  readonly segment: string | undefined;
  readonly property: string;
  readonly level: Level;
  readonly expect: readonly ExpectSpec[];
  readonly format: ValueCheck | undefined;
  readonly values: ReadonlySet<string> | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly single: boolean | undefined;
  readonly valueKeywords: readonly ValueKeyword[] | undefined;
  readonly listKeywords: readonly ListKeyword[] | undefined;
  readonly neededForEligibility: boolean | undefined;
  readonly requires: readonly string[] | undefined;
  readonly requiresRequired: boolean | undefined;
  readonly malformedWarning: boolean | undefined;
  readonly malformedNotEligible: boolean | undefined;
  readonly malformedTextOnly: boolean | undefined;
  readonly condition: RequirementCondition | undefined;
  readonly fix: string;
  readonly docs: string;
  readonly rule: string | undefined;
  /** What a literal value needs to pass the rule at once (Run.passesAtOnce): worked out once per rule. */
  readonly plain: PlainLiteral;
  /**
   * The last object value's type list and the expectation it matched (checkObject): the values of one
   * property mostly share a type (a list of offers, of reviews), and typeNames hands out one array
   * per @type text, so the same array means the same match.
   */
  lastTypes: readonly string[] | null = null;
  lastMatch: ExpectSpec | undefined = undefined;

  constructor(r: PropertyRule) {
    this.name = r.name;
    this.segment = r.segment;
    this.property = r.property;
    this.level = r.level;
    this.expect = r.expect.map(expectSpec);
    this.format = r.format;
    this.values = r.values;
    this.min = r.min;
    this.max = r.max;
    this.single = r.single;
    this.valueKeywords = r.valueKeywords;
    this.listKeywords = r.listKeywords;
    this.neededForEligibility = r.neededForEligibility;
    this.requires = r.requires;
    this.requiresRequired = r.requiresRequired;
    this.malformedWarning = r.malformedWarning;
    this.malformedNotEligible = r.malformedNotEligible;
    this.malformedTextOnly = r.malformedTextOnly;
    this.condition = r.condition;
    this.fix = r.fix;
    this.docs = r.docs;
    this.rule = r.rule;
    this.plain = plainLiteral(this);
  }
}

/** The same for expectations: one shape for the literal, enumeration and class kinds. */
class FixedExpectSpec {
  readonly kind: ExpectSpec["kind"];
  readonly type: string;
  readonly literal: LiteralKind | undefined;
  readonly members: ReadonlySet<string> | undefined;
  readonly accepts: ReadonlySet<string> | undefined;
  readonly validate: NodeValidator | null | undefined;
  readonly notEligible: string | undefined;
  readonly prefixed: boolean | undefined;
  readonly nodeCheck: NodeCheck | undefined;
  readonly nodeCheckRequired: boolean | undefined;

  constructor(e: ExpectSpec) {
    this.kind = e.kind;
    this.type = e.type;
    this.literal = e.kind === "literal" ? e.literal : undefined;
    this.members = e.kind === "enum" ? e.members : undefined;
    this.accepts = e.kind === "class" ? e.accepts : undefined;
    this.validate = e.kind === "class" ? e.validate : undefined;
    this.notEligible = e.kind === "class" ? e.notEligible : undefined;
    this.prefixed = e.kind === "class" ? e.prefixed : undefined;
    this.nodeCheck = e.kind === "class" ? e.nodeCheck : undefined;
    this.nodeCheckRequired = e.kind === "class" ? e.nodeCheckRequired : undefined;
  }
}

/** A rule as the checks read it fastest (see FixedPropertyRule); what generated validators declare their rules with. */
export function propertyRule(rule: PropertyRule): PropertyRule {
  return rule instanceof FixedPropertyRule ? rule : new FixedPropertyRule(rule);
}

/**
 * Which literal values fit a rule's expectations, worked out once per rule for Run.check's shortcut
 * (passesAtOnce). `strings`: any string that is not blank fits one of its literal kinds (text, url, a
 * date; literalFits); else `otherKinds` (number, integer, boolean: a string may be written so) and
 * `enums` (members of an expected enumeration) decide, as checkLiteral's expectation loop does.
 * `numbers`: which numbers fit ("any" for number, or text where no object is expected; "integer" for
 * integer). `single`: one value is checked alone (no list keywords, which count the values together).
 */
interface PlainLiteral {
  readonly single: boolean;
  readonly strings: boolean;
  readonly otherKinds: readonly LiteralKind[];
  readonly enums: readonly ReadonlySet<string>[];
  readonly numbers: "any" | "integer" | "none";
}

/** Whether any string fits the kind: asked of literalFits itself, so the two cannot drift apart ("a" is no number, integer or Boolean). */
const takesAnyString = (kind: LiteralKind): boolean => literalFits(kind, "a");

function plainLiteral(rule: FixedPropertyRule): PlainLiteral {
  const literals = rule.expect.flatMap((e) => (e.kind === "literal" ? [e.literal] : []));
  const objectExpected = rule.expect.some((e) => e.kind === "class");
  const numbers = literals.includes("number") || (literals.includes("text") && !objectExpected) ? "any" : literals.includes("integer") ? "integer" : "none";
  return {
    single: rule.listKeywords === undefined,
    strings: literals.some(takesAnyString),
    otherKinds: literals.filter((k) => !takesAnyString(k)),
    enums: rule.expect.flatMap((e) => (e.kind === "enum" ? [e.members] : [])),
    numbers,
  };
}

/** A string a rule without a members list takes by its kind: a number or Boolean as text, or an expected enumeration's member. */
function stringFits(value: string, plain: PlainLiteral): boolean {
  for (let i = 0; i < plain.otherKinds.length; i++) if (literalFits(plain.otherKinds[i], value)) return true;
  if (plain.enums.length === 0) return false;
  const member = enumMember(value);
  if (member === null) return false;
  for (let i = 0; i < plain.enums.length; i++) if (plain.enums[i].has(member)) return true;
  return false;
}

// The fixed shape holds every kind's fields; the union type still tells the kinds apart by `kind`.
const expectSpec = (e: ExpectSpec): ExpectSpec => (e instanceof FixedExpectSpec ? e : (new FixedExpectSpec(e) as unknown as ExpectSpec));

/**
 * The index of a list's last item: the one with the highest position when every item has a whole
 * position (the search engine orders a breadcrumb trail by position, whatever order it is written
 * in), else the last written.
 */
function lastByPosition(items: readonly unknown[]): number {
  let last = -1;
  let highest = -Infinity;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const raw = isObject(item) ? item.position : undefined;
    const position = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(position)) return items.length - 1;
    if (position > highest) (highest = position), (last = i);
  }
  return last;
}

/** An object the property expects that a number cannot stand for (not an ID's PropertyValue). */
function objectBesidesId(e: ExpectSpec): boolean {
  return e.kind === "class" && e.type !== "PropertyValue";
}

/** Looks up `{"@id": ...}` references across every block of the page. */
export interface ReferenceResolver {
  resolve(id: string): JsonObject | undefined;
}

/**
 * A number written as text: what /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/ matches, scanned
 * in place (prices and ratings arrive as text often; a regular expression call cost more than the scan).
 */
function isNumericText(s: string): boolean {
  const n = s.length;
  let i = s.charCodeAt(0) === 43 || s.charCodeAt(0) === 45 ? 1 : 0;
  const intStart = i;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  if (i > intStart) {
    if (s.charCodeAt(i) === 46) i++;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
  } else {
    if (s.charCodeAt(i) !== 46) return false;
    const fractionStart = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === fractionStart) return false;
  }
  if (i < n && (s.charCodeAt(i) | 32) === 101 /* e */) {
    i++;
    if (s.charCodeAt(i) === 43 || s.charCodeAt(i) === 45) i++;
    const exponentStart = i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === exponentStart) return false;
  }
  return i === n;
}

/** A whole number written as text: what /^[+-]?\d+$/ matches. */
function isIntegerText(s: string): boolean {
  const n = s.length;
  let i = s.charCodeAt(0) === 43 || s.charCodeAt(0) === 45 ? 1 : 0;
  if (i === n) return false;
  for (; i < n; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Characters of a failed text kept on its issue at most (failLiteral). */
const MAX_NOTED_TEXT = 256;

/** `s.trim()`, without the call when the ends are visible ASCII (no white space of any kind to cut). */
const trimmed = (s: string): string => {
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  return first > 32 && first < 127 && last > 32 && last < 127 ? s : s.trim();
};

const typeList = (expect: readonly ExpectSpec[]): string => {
  // A not-eligible subtype of a type the list names already (Vehicle under Product) is no advice.
  const named = expect.filter((e) => !(e.kind === "class" && e.notEligible && expect.some((o) => o !== e && o.kind === "class" && !o.notEligible && o.accepts.has(e.type))));
  const names = named.map((e) => e.type);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
};

/** The node's only property (keywords aside) is `key`: a value that only links to where it is described. */
export function holdsOnly(node: JsonObject, key: string): boolean {
  for (const name in node) if (name !== key && name.charCodeAt(0) !== 64 /* @ */) return false;
  return node[key] !== undefined;
}

/** Checks of one merged node written in place, per rule and node validated (Run.mayCheckMerged). */
const MAX_MERGED_CHECKS = 16;

/** Said of a requirement inside a value the last item of its list may leave out (a breadcrumb's last item). */
const WAIVED_NOTE = "; only a warning here: the last item of the list may leave its value out";

export class Run {
  readonly issues: ValidationIssue[] = [];
  /** Why the node cannot have its rich result although it has no errors (eligibility gates). */
  readonly ineligible: string[] = [];
  /**
   * True while checking the last value of a list (or a single value): a requirement the last
   * item may leave out reads it (the generated presence check does). Saved and restored around every list, so it always
   * describes the innermost list.
   */
  lastItem = true;
  /** Follows references at most this deep, so a reference cycle cannot loop. */
  private referenceDepth = 0;
  /**
   * The referenced nodes already checked, per rule: a node is checked against a rule once, where it is
   * first referenced. Checked at every reference, k references to a node that holds k references to
   * the next cost k^depth: 10 KB of JSON-LD took 4.5 GB. Null until the first reference.
   */
  private expanded: Map<JsonObject, Set<PropertyRule>> | null = null;
  /** How often each merged node was checked in place under each rule (MAX_MERGED_CHECKS). */
  private mergedChecks: Map<JsonObject, Map<PropertyRule, number>> | null = null;
  /**
   * The JSON Pointer of every value that failed its value rules, to the first issue it got. Such a
   * value counts as missing: a one-of member holding it does not satisfy its group. Null until the
   * first failure, so valid markup pays nothing.
   */
  private invalid: FailedValues | null = null;
  /** The rule whose condition holds while its value is checked (a malformed value is then an error). */
  private requiredNow: PropertyRule | null = null;
  /** The required rule waived while its value is checked (the last item of a list: a malformed value is then a warning). */
  private waivedNow: PropertyRule | null = null;
  /**
   * While the values of one list are checked: the not-eligible reasons of the types they matched, and
   * whether one matched a type without one. A list with one eligible value is eligible: a hybrid
   * event's location is a Place and a VirtualLocation. Outside a list a single value decides alone.
   * (The reasons are made on the first one: most lists have none.)
   */
  private inList = false;
  private listReasons: string[] | null = null;
  private listEligible = false;

  /**
   * `pageUrl`: the page the markup was found on, when it is known (an HTML input with its URL). A group
   * waived for markup about another page (`unless.elsewhere`) is told by it.
   */
  constructor(
    private readonly references: ReferenceResolver | null,
    readonly pageUrl: string | null = null,
  ) {}

  report(code: IssueCode, severity: "error" | "warning", property: string, message: string, fix: string, docs: string, path: string, rule?: string): void {
    // No key at all when there is no rule page to link (an undefined field would still show in deep comparisons).
    if (rule === undefined) this.issues.push({ severity, property, message, fix, google_docs_url: docs, code, path });
    else this.issues.push({ severity, property, message, fix, google_docs_url: docs, rule_url: rule, code, path });
  }

  /**
   * A value that breaks its rules is a missing value: an error where the property is required (or
   * its condition holds), unless the search engine is documented to repair it
   * (`malformed: warning`); else a warning. A one-of member's failure is raised to an error later
   * when no member of a required group holds a valid value (`oneOf`).
   */
  /**
   * A literal's failure (fail), the literal kept for the patch pass (FAILED_VALUE); not a long text, which
   * a report kept in a cache would hold on to (the pass walks to it as before).
   */
  private failLiteral(rule: PropertyRule, code: IssueCode, message: string, path: string, value: unknown): void {
    this.fail(rule, code, message, path);
    if (typeof value !== "string" || value.length <= MAX_NOTED_TEXT) noteFailedValue(this.issues[this.issues.length - 1], value);
  }

  /** `text`: the failing value is written as text (`malformed: text_warning` repairs only such values). */
  private fail(rule: PropertyRule, code: IssueCode, message: string, path: string, fix: string = rule.fix, voids = true, text = false): void {
    const repaired = rule.malformedWarning === true && (rule.malformedTextOnly !== true || text);
    // Inside a waived value (the last crumb's item) every break of it is the waived value's: a warning.
    const required = this.waivedNow === null && (rule.level === "required" || this.requiredNow === rule) && !repaired;
    this.report(code, required ? "error" : "warning", rule.property, message, fix, rule.docs, path, rule.rule);
    noteFailedRule(this.issues[this.issues.length - 1], rule);
    // A value the search engine repairs still counts; so does a list with one value too many.
    if (voids && !repaired) (this.invalid ??= new FailedValues()).add(path, this.issues[this.issues.length - 1]);
    if (rule.neededForEligibility || rule.malformedNotEligible) this.ineligible.push(`the rich result needs a valid "${rule.property}"`);
  }

  missing(rule: PropertyRule, at: string): void {
    if (rule.neededForEligibility) this.ineligible.push(`the rich result needs "${rule.property}"`);
    if (rule.level === "optional") return;
    const required = rule.level === "required";
    this.report(
      required ? "missing-required" : "missing-recommended",
      required && this.waivedNow === null ? "error" : "warning",
      rule.property,
      `Missing ${required ? "required" : "recommended"} property "${rule.property}"${required && this.waivedNow !== null ? WAIVED_NOTE : ""}.`,
      rule.fix,
      rule.docs,
      at,
      rule.rule,
    );
  }

  /** A missing property with a conditional requirement: an error when the condition holds, else as its level says. */
  missingWhen(rule: PropertyRule, node: JsonObject, at: string): void {
    const condition = rule.condition!;
    if (!condition.holds(node)) return this.missing(rule, at);
    if (rule.neededForEligibility) this.ineligible.push(`the rich result needs "${rule.property}"`);
    const waived = this.waivedNow !== null;
    this.report("missing-required", waived ? "warning" : "error", rule.property, `Missing property "${rule.property}", required when ${condition.describe(parentPath(rule.property))}${waived ? WAIVED_NOTE : ""}.`, rule.fix, rule.docs, at, rule.rule);
  }

  /** A missing optional property recommended while a sibling has some values (rules-src `recommended_when`). */
  recommendedWhen(rule: PropertyRule, node: JsonObject, at: string): void {
    const condition = rule.condition!;
    if (!condition.holds(node)) return this.missing(rule, at);
    // The sibling named by its full path ("location.address.name"): a bare "name" reads as the node's own.
    const parent = parentPath(rule.property);
    const when = condition.absentSibling === undefined ? `, recommended when ${condition.describe(parent)}` : ` (not needed where "${parent}${condition.absentSibling}" is given)`;
    this.report("missing-recommended", "warning", rule.property, `Missing recommended property "${rule.property}"${when}.`, rule.fix, rule.docs, at, rule.rule);
  }

  /**
   * A present property the last value of its list may leave out (a breadcrumb's item): there it is not
   * required, so a broken value is a warning, as an optional one's is (a breadcrumb trail's last crumb
   * written `<span itemprop="item"><span itemprop="name">Post</span></span>`: Search Console's
   * non-critical "Invalid URL in field id"). Elsewhere it is checked as required.
   */
  checkOnLastItem(value: unknown, rule: PropertyRule, at: string): void {
    if (!this.lastItem) return this.check(value, rule, at);
    const outer = this.waivedNow;
    this.waivedNow = rule;
    try {
      this.check(value, rule, at);
    } finally {
      this.waivedNow = outer;
    }
  }

  /** A present property with a conditional requirement: while the condition holds, a broken value is an error. */
  checkWhen(value: unknown, rule: PropertyRule, node: JsonObject, at: string): void {
    if (!rule.condition!.holds(node)) return this.check(value, rule, at);
    const outer = this.requiredNow;
    this.requiredNow = rule;
    try {
      this.check(value, rule, at);
    } finally {
      this.requiredNow = outer;
    }
  }

  /**
   * A one-of group: satisfied only by a member holding a value that passed its rules. When the
   * members present all failed them, the group is missing as if they were absent; in a required
   * group their own issues become errors too, so the error names what to repair.
   */
  oneOf(group: OneOfRule, node: JsonObject, at: string): void {
    const paths = group.paths ?? group.properties.map((p) => p.split("."));
    if (this.invalid === null) {
      for (const segments of paths) if (hasValue(node, segments)) return;
      if (group.unless !== undefined && this.waived(group, group.unless, node, at)) return;
      return this.missingOneOf(group, at);
    }
    const broken: ValidationIssue[] = [];
    for (const segments of paths) if (this.holdsValid(node, segments, at, broken)) return;
    // A waived group leaves a broken member's issue as its own rule says.
    if (group.unless !== undefined && this.waived(group, group.unless, node, at)) return;
    if (group.level === "recommended") {
      // The broken member's own warning already says what a missing recommended group would.
      if (broken.length === 0) this.missingOneOf(group, at);
      return;
    }
    for (const issue of broken) {
      if (issue.severity === "error") continue;
      issue.severity = "error";
      issue.message += ` No other of ${group.members.map((p) => `"${p}"`).join(", ")} holds a valid value.`;
    }
    this.missingOneOf(group, at);
  }

  /** True when the member (a name or a dotted path) holds a value that passed its rules; the issues of those that failed go to `broken`. */
  private holdsValid(node: JsonObject, segments: readonly string[], at: string, broken: ValidationIssue[]): boolean {
    const invalid = this.invalid!;
    let frontier: Array<[unknown, string]> = [[node, at]];
    for (const segment of segments) {
      const next: Array<[unknown, string]> = [];
      for (const [value, pointer] of frontier) {
        if (Array.isArray(value)) {
          value.forEach((item, i) => {
            const p = `${pointer}/${i}`;
            if (isObject(item) && item[segment] !== undefined && !invalid.has(p)) next.push([item[segment], `${p}/${escapePointer(segment)}`]);
          });
        } else if (isObject(value) && value[segment] !== undefined && !invalid.has(pointer)) next.push([value[segment], `${pointer}/${escapePointer(segment)}`]);
      }
      if (next.length === 0) return false;
      frontier = next;
    }
    for (const [value, pointer] of frontier) {
      const listIssue = invalid.get(pointer);
      if (listIssue !== undefined) {
        broken.push(listIssue);
        continue;
      }
      const items = Array.isArray(value) ? value : [value];
      for (let i = 0; i < items.length; i++) {
        if (!isGiven(items[i])) continue;
        const issue = Array.isArray(value) ? invalid.get(`${pointer}/${i}`) : undefined;
        if (issue === undefined) return true;
        broken.push(issue);
      }
    }
    return false;
  }

  /**
   * Whether a missing group's waiver settles it: true when the waiver holds (the node is then not
   * eligible where the waiver says so), or when it cannot be told (a URL and no page to compare it
   * with), after reporting the group as a warning that says so. False: the group is missing as usual.
   */
  private waived(group: OneOfRule, waiver: GroupWaiver, node: JsonObject, at: string): boolean {
    const holds = waiverHolds(waiver, node[waiver.property], this.pageUrl);
    if (holds === false) return false;
    if (holds === true) {
      if (waiver.notEligible !== null) this.ineligible.push(waiver.notEligible);
      return true;
    }
    this.missingOneOf(group, at, `It is not needed when "${waiver.property}" names another page than this one, which cannot be told without the page's URL.`);
    return true;
  }

  missingOneOf(group: OneOfRule, at: string, unsure?: string): void {
    const required = group.level === "required" && unsure === undefined;
    const issue: ValidationIssue = {
      severity: required ? "error" : "warning",
      property: group.property,
      one_of: [...group.members],
      // A recommended group is advice, as a recommended property's "Missing recommended" is: "Needs" read as a requirement.
      message: `${group.level === "recommended" ? "Recommended: at least one of" : "Needs at least one of"} ${group.members.map((p) => `"${p}"`).join(", ")}.${unsure === undefined ? "" : ` ${unsure}`}`,
      fix: group.fix,
      google_docs_url: group.docs,
      code: "missing-one-of",
      path: at,
    };
    if (group.rule !== undefined) issue.rule_url = group.rule;
    this.issues.push(issue);
  }

  /** Checks a present value (one value or a list of them). */
  check(value: unknown, rule: PropertyRule, at: string): void {
    if (passesAtOnce(value, rule)) return;
    // The list state in three fields, saved and restored, not an object per checked value.
    const outerInList = this.inList;
    const outerReasons = this.listReasons;
    const outerEligible = this.listEligible;
    const list = Array.isArray(value);
    this.inList = list;
    this.listReasons = null;
    this.listEligible = false;
    try {
      this.checkValues(value, rule, at);
    } finally {
      const reasons = this.listReasons as string[] | null; // set by the checks of the values (TS keeps the null above)
      const eligible = this.listEligible;
      this.inList = outerInList;
      this.listReasons = outerReasons;
      this.listEligible = outerEligible;
      if (list && !eligible && reasons !== null) this.ineligible.push(...reasons);
    }
  }

  private checkValues(value: unknown, rule: PropertyRule, at: string): void {
    if (Array.isArray(value)) {
      // The list's pointer, built only for a failure: every list of every node passes here.
      if (value.length === 0) return this.fail(rule, "empty-value", `"${rule.property}" is an empty list.`, valuePath(rule, at, -1));
      if (rule.single && value.length > 1) this.fail(rule, "not-single", `"${rule.property}" takes one value, not ${value.length}.`, valuePath(rule, at, -1), rule.fix, false);
      if (rule.listKeywords !== undefined) this.checkList(rule, rule.listKeywords, value, value.length, at);
      // Values past the cap are counted, not checked (runtime/limits.ts).
      const checked = Math.min(value.length, LIMITS.valuesPerProperty);
      if (checked < value.length) requestBudget().valuesNotChecked += value.length - checked;
      const outer = this.lastItem;
      const first = this.issues.length;
      let last = -1;
      for (let i = 0; i < checked; i++) {
        const item = value[i];
        if (passesAtOnce(item, rule, true)) continue;
        if (last === -1) last = lastByPosition(value);
        this.lastItem = i === last;
        this.checkOne(item, rule, at, i);
      }
      this.lastItem = outer;
      if (this.issues.length - first > 1) this.oneEmptyIssue(first, rule, value.length);
      return;
    }
    if (rule.listKeywords !== undefined) this.checkList(rule, rule.listKeywords, null, 1, at);
    const outer = this.lastItem;
    this.lastItem = true;
    this.checkOne(value, rule, at, -1);
    this.lastItem = outer;
  }

  /**
   * One issue for the empty values of one list: a theme that writes every social profile it has a
   * setting for (Shopify's Dawn: `"sameAs": ["", "", "https://...", ""]`) told the same "is empty"
   * once per unset profile, on every page. The first stays, saying how many; the values still count
   * as missing each (their failures are recorded).
   */
  private oneEmptyIssue(first: number, rule: PropertyRule, count: number): void {
    const empty = `"${rule.property}" is empty.`;
    let kept: ValidationIssue | null = null;
    let emptyValues = 0;
    let write = first;
    for (let read = first; read < this.issues.length; read++) {
      const issue = this.issues[read];
      if (issue.code === "empty-value" && issue.property === rule.property && issue.message === empty) {
        emptyValues++;
        if (kept !== null) continue;
        kept = issue;
      }
      this.issues[write++] = issue;
    }
    this.issues.length = write;
    if (kept !== null && emptyValues > 1) kept.message = `"${rule.property}" has ${emptyValues} empty values (of ${count}); the first is at ${kept.path}.`;
  }

  /** The keywords' checks of the values together; a failure leaves the values counting as given. */
  private checkList(rule: PropertyRule, keywords: readonly ListKeyword[], items: readonly unknown[] | null, count: number, at: string): void {
    for (let i = 0; i < keywords.length; i++) {
      const problem = keywords[i].test(items, count, rule.property);
      if (problem === null) continue;
      // The property's pointer, built only for a failure (valuePath).
      if (problem.costs !== undefined) {
        // Too few values to show the rich result (one crumb, a one-item list) is still valid markup:
        // told as a warning, and the node is not eligible, for that reason.
        this.report(problem.code, "warning", rule.property, problem.message, problem.fix ?? rule.fix, rule.docs, valuePath(rule, at, -1), rule.rule);
        noteFailedRule(this.issues[this.issues.length - 1], rule);
        this.ineligible.push(problem.costs);
        continue;
      }
      this.fail(rule, problem.code, problem.message, valuePath(rule, at, -1), problem.fix ?? rule.fix, false);
    }
  }

  /**
   * Runs another rule set on a nested node, naming its issues from here
   * ("hasMerchantReturnPolicy.returnPolicyCategory"); like any nested requirement, its errors are
   * errors whenever the value is present.
   */
  private nested(rule: PropertyRule, validate: NodeValidator, node: JsonObject, path: string): void {
    if (this.referenceDepth > 8) return;
    const first = this.issues.length;
    this.referenceDepth++;
    try {
      validate(node, this, path);
    } finally {
      this.referenceDepth--;
    }
    for (let i = first; i < this.issues.length; i++) {
      const issue = this.issues[i];
      issue.property = `${rule.property}.${issue.property}`;
      if (issue.one_of) issue.one_of = issue.one_of.map((member) => `${rule.property}.${member}`);
    }
  }

  /** A top-level node check (a standalone AggregateRating's bounds): an error, as its value is required. */
  checkNode(node: JsonObject, check: NodeCheck, docs: string, at: string, rule?: string): void {
    const problem = check.test(node);
    if (problem === null) return;
    const { code, message } = nodeProblem(check, problem);
    this.report(code, check.severity ?? "error", check.property, `"${check.property}": ${message}.`, check.fix, docs, `${at}/${check.property}`, rule);
  }

  /** Siblings a present property needs beside it (the rule's `requires`). */
  companions(node: JsonObject, rule: PropertyRule, at: string): void {
    for (const sibling of rule.requires ?? []) {
      if (node[sibling] !== undefined) continue;
      const property = rule.property.slice(0, rule.property.length - rule.name.length) + sibling;
      this.report(
        "missing-companion",
        rule.level === "required" || rule.requiresRequired === true ? "error" : "warning",
        property,
        `"${rule.property}" is given, so "${property}" is needed too.`,
        `Add "${property}" or remove "${rule.property}".`,
        rule.docs,
        at,
        rule.rule,
      );
    }
  }

  private checkOne(value: unknown, rule: PropertyRule, at: string, index: number): void {
    if (value === null) return this.fail(rule, "empty-value", `"${rule.property}" is null.`, valuePath(rule, at, index));
    if (typeof value === "object") {
      let node = value as JsonObject;
      if (Array.isArray(node)) return this.fail(rule, "wrong-type", `"${rule.property}" holds a nested list; give the values in one flat list.`, valuePath(rule, at, index));
      // A named read, not `in` (slow on objects of every shape): a JSON value is never undefined.
      const literal = node["@value"];
      if (literal !== undefined) return this.checkLiteral(literal, rule, at, index);
      const id = node["@id"];
      if (typeof id === "string" && isReferenceOnly(node)) {
        const member = rule.values || rule.expect.some((e) => e.kind === "enum") ? enumMember(id) : null;
        if (member !== null) return this.checkLiteral(id, rule, at, index);
        const target = this.references?.resolve(id);
        if (!target) {
          if (rule.expect.some((e) => e.kind === "literal" && e.literal === "url")) return;
          // A node of another page, named by its IRI, as the documentation has a shop reference its
          // return policy "located on a different page ... using only the @id keyword": not ours to find.
          if (this.namesAnotherPage(id)) return;
          this.report("dangling-reference", "warning", rule.property, `"${rule.property}" refers to "${id}", which no node on the page defines.`, `Define a node with "@id": "${id}" on the page, or write the value in place.`, rule.docs, valuePath(rule, at, index), rule.rule);
          return;
        }
        if (this.referenceDepth > 8) return;
        const checked = (this.expanded ??= new Map()).get(target);
        if (checked === undefined) this.expanded.set(target, new Set([rule]));
        else if (checked.has(rule)) return;
        else checked.add(rule);
        node = target;
        this.referenceDepth++;
        try {
          return this.checkObject(node, rule, valuePath(rule, at, index));
        } finally {
          this.referenceDepth--;
        }
      }
      // A node written in place with an @id the page defines elsewhere too: one node (graph/node-views.ts).
      if (typeof id === "string") {
        const whole = this.references?.resolve(id);
        if (whole !== undefined && whole !== node) {
          if (!this.mayCheckMerged(whole, rule)) return;
          node = withMergedProperties(node, whole);
        }
      }
      return this.checkObject(node, rule, valuePath(rule, at, index));
    }
    this.checkLiteral(value, rule, at, index);
  }

  /** The @id, resolved against the page, names a node of another document than the page (known only with the page's URL). */
  private namesAnotherPage(id: string): boolean {
    if (id.startsWith("_:")) return false;
    // Without the page's address (JSON-LD alone), an absolute http(s) IRI may be another page's node
    // (the documented off-page return policy): not reported, as nothing tells it is this page's.
    if (this.pageUrl === null) return ABSOLUTE_HTTP.test(id);
    const page = pageAddress(this.pageUrl, null);
    const other = pageAddress(id, this.pageUrl);
    return page !== null && other !== null && other !== page;
  }

  /**
   * Whether a node written in place with an @id defined elsewhere too is checked (merged) once more under
   * `rule`: MAX_MERGED_CHECKS times at most, as a reference is checked once. A page can write one node
   * in place thousands of times, each a copy of the merged node and a check of all it holds (8,000
   * places of an offer of 8,000 properties took 47 s for 471 KB).
   */
  private mayCheckMerged(whole: JsonObject, rule: PropertyRule): boolean {
    const byRule = (this.mergedChecks ??= new Map()).get(whole) ?? new Map<PropertyRule, number>();
    if (byRule.size === 0) this.mergedChecks.set(whole, byRule);
    const count = byRule.get(rule) ?? 0;
    if (count >= MAX_MERGED_CHECKS) return false;
    byRule.set(rule, count + 1);
    return true;
  }

  private checkObject(node: JsonObject, rule: PropertyRule, path: string): void {
    const expect = rule.expect;
    if (expect.length === 0) return;
    const types = typeNames(node["@type"]);
    // The most specific expectation wins (AggregateOffer over Offer for an AggregateOffer), so
    // authors can list the common type first: untyped values go to the first one.
    let matched: ExpectSpec | undefined;
    if (types.length === 0) matched = expect.find((e) => e.kind === "class");
    else if (rule instanceof FixedPropertyRule) {
      if (rule.lastTypes !== types) {
        rule.lastMatch = mostSpecificMatch(expect, types, false);
        rule.lastTypes = types;
      }
      matched = rule.lastMatch;
    } else matched = mostSpecificMatch(expect, types, false);
    // A node of several types is each of them: one that an eligible expectation accepts keeps it
    // eligible (["Product", "Car"], where a Car alone is not taken as a Product).
    if (matched?.kind === "class" && matched.notEligible && types.length > 1) matched = mostSpecificMatch(expect, types, true) ?? matched;
    // An enumeration's type may be written as a node of its own ({"@type": "SizeSpecification", "name":
    // "XL"}, the merchant listing page's size): a value of that type, with nothing more to check here.
    if (matched === undefined && types.length > 0 && expect.some((e) => e.kind === "enum" && types.some((t) => subtypes(e.type).has(t)))) return;
    if (!matched || matched.kind !== "class") {
      const what = types.length ? `an object of type ${types.join(", ")}` : "an object";
      const meant = types.length ? meantType(types, expect) : null;
      const fix = meant === null ? rule.fix : `Did you mean "${meant}"? Use "@type": "${meant}". ${rule.fix}`;
      return this.fail(rule, "wrong-type", `"${rule.property}" should be ${typeList(expect)}, not ${what}.`, path, fix);
    }
    if (!this.inList) {
      if (matched.notEligible) this.ineligible.push(matched.notEligible);
    } else if (matched.notEligible) (this.listReasons ??= []).push(matched.notEligible);
    else this.listEligible = true;
    // An image given as an ImageObject with no rules of its own: the file's URL is what the image
    // format asks for, so one without a usable contentUrl or url is no image (a recipe's required image).
    if (!matched.validate && rule.format?.name === "image-url" && matched.accepts.has("ImageObject")) {
      const problem = imageObjectProblem(node, rule.format);
      if (problem !== null) return this.fail(rule, "invalid-format", `"${rule.property}" is an ImageObject ${problem}.`, path);
    }
    // The value's own properties are checked by check(), which opens a frame of its own for each.
    if (matched.validate) {
      if (matched.prefixed) this.nested(rule, matched.validate, node, path);
      else matched.validate(node, this, path);
    }
    if (matched.nodeCheck) {
      const problem = matched.nodeCheck.test(node);
      if (problem !== null) {
        const property = `${rule.property}.${matched.nodeCheck.property}`;
        // A value outside the scale is a malformed value of the checked property: an error where
        // that property is required in the shape (a Rating's ratingValue), even when the rating
        // itself is only recommended, as a malformed nested required value is.
        // A check the tools call non-critical is a warning wherever it runs.
        const severity = matched.nodeCheck.severity ?? (matched.nodeCheckRequired || rule.level === "required" ? "error" : "warning");
        const { code, message } = nodeProblem(matched.nodeCheck, problem);
        this.report(code, severity, property, `"${property}": ${message}.`, matched.nodeCheck.fix, rule.docs, `${path}/${matched.nodeCheck.property}`, rule.rule);
      }
    }
  }

  private checkLiteral(value: unknown, rule: PropertyRule, at: string, index: number): void {
    if (typeof value === "string" && isBlank(value)) return this.fail(rule, "empty-value", `"${rule.property}" is empty.`, valuePath(rule, at, index));
    if (rule.expect.length) {
      let accepted = false;
      for (const e of rule.expect) {
        if (e.kind === "class") continue;
        if (e.kind === "enum") {
          if (typeof value === "string") {
            const member = enumMember(value);
            if (member !== null && e.members.has(member)) { accepted = true; break; }
            if (!rule.values && rule.expect.length === 1) {
              return this.failLiteral(rule, "invalid-enum", `"${rule.property}" should be a ${e.type} value, not ${describeValue(value)}.`, valuePath(rule, at, index), value);
            }
          }
          continue;
        }
        // A number stands for a text (a postal code) only where no object is expected: an address
        // given as 12345 is no address. An ID is one, where its object form is a PropertyValue (a
        // listing's "identifier": 12345).
        if (literalFits(e.literal, value) && !(typeof value === "number" && e.literal === "text" && rule.expect.some(objectBesidesId))) { accepted = true; break; }
      }
      if (!accepted && !rule.values) {
        return this.fail(rule, "wrong-type", `"${rule.property}" should be ${typeList(rule.expect)}, not ${describeValue(value)}.`, valuePath(rule, at, index), rule.fix, true, typeof value === "string");
      }
    }
    if (rule.values) {
      const member = typeof value === "string" ? enumMember(value) : null;
      if (member === null || !rule.values.has(member)) {
        return this.failLiteral(rule, "invalid-enum", `"${rule.property}" should be one of ${valueList(rule.values)}, not ${describeValue(value)}.`, valuePath(rule, at, index), value);
      }
    }
    const keywords = rule.valueKeywords;
    if (keywords !== undefined) {
      for (let i = 0; i < keywords.length; i++) {
        const problem = keywords[i].test(value, rule.property);
        if (problem === null) continue;
        if (problem.costs !== undefined) {
          // Documented to cost one thing only: told, and the value counts whatever the level.
          this.report(problem.code, "warning", rule.property, problem.message, rule.fix, rule.docs, valuePath(rule, at, index), rule.rule);
          noteFailedRule(this.issues[this.issues.length - 1], rule);
          continue;
        }
        this.fail(rule, problem.code, problem.message, valuePath(rule, at, index));
        if (keywords[i].final) return;
      }
    }
    if (rule.format && (typeof value === "string" || typeof value === "number" || typeof value === "boolean")) {
      const problem = rule.format.test(value);
      if (problem !== null) {
        if (rule.format.repaired?.(value)) {
          // Still given, as the search engine completes it: a warning whatever the level.
          this.report("invalid-format", "warning", rule.property, `"${rule.property}" is invalid: ${problem}.`, rule.fix, rule.docs, valuePath(rule, at, index), rule.rule);
          // A repaired value still has its mechanical fix (a space for the T): the patch is offered.
          noteFailedRule(this.issues[this.issues.length - 1], rule);
          return;
        }
        return this.failLiteral(rule, "invalid-format", `"${rule.property}" is invalid: ${problem}.`, valuePath(rule, at, index), value);
      }
    }
    if (rule.min !== undefined || rule.max !== undefined) {
      const n = typeof value === "number" ? value : typeof value === "string" && isNumericText(value) ? Number(value) : NaN;
      if (!Number.isNaN(n) && ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))) {
        const bounds = rule.min !== undefined && rule.max !== undefined ? `between ${rule.min} and ${rule.max}` : rule.min !== undefined ? `at least ${rule.min}` : `at most ${rule.max}`;
        this.fail(rule, "out-of-range", `"${rule.property}" is ${n}; it should be ${bounds}.`, valuePath(rule, at, index));
      }
    }
  }
}

/**
 * A literal value that checkLiteral would pass without a word: its kind fits (or it names a
 * member of the rule's enumeration list), and its keywords, format and bounds hold. Most values are
 * such, and the interpreter's frames around them (the list state, the last-item flag, the expectation
 * loop) cost more than their checks. False is no verdict: the value is then checked as usual, and
 * whatever failed here is found and told there. `listed`: an item of a list, whose list keywords are
 * checked on the list as a whole.
 */
function passesAtOnce(value: unknown, rule: PropertyRule, listed = false): boolean {
  if (!(rule instanceof FixedPropertyRule) || (!listed && !rule.plain.single)) return false;
  const { plain, values } = rule;
  if (typeof value === "string") {
    if (isBlank(value)) return false;
    // With a list of members, the list alone decides (checkLiteral's expectations then report nothing).
    if (values !== undefined) {
      const member = enumMember(value);
      if (member === null || !values.has(member)) return false;
    } else if (!plain.strings && !stringFits(value, plain)) return false;
  } else if (typeof value === "number") {
    if (values !== undefined || plain.numbers === "none" || (plain.numbers === "any" ? !Number.isFinite(value) : !Number.isInteger(value))) return false;
  } else return false;
  const keywords = rule.valueKeywords;
  if (keywords !== undefined) for (let i = 0; i < keywords.length; i++) if (keywords[i].test(value, rule.property) !== null) return false;
  if (rule.format !== undefined && rule.format.test(value) !== null) return false;
  if (rule.min !== undefined || rule.max !== undefined) {
    const n = typeof value === "number" ? value : isNumericText(value) ? Number(value) : NaN;
    if (!Number.isNaN(n) && ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))) return false;
  }
  return true;
}

/** The most specific class expectation that accepts one of the types (`eligibleOnly`: among those without a not-eligible reason). */
function mostSpecificMatch(expect: readonly ExpectSpec[], types: readonly string[], eligibleOnly: boolean): ExpectSpec | undefined {
  let best: ExpectSpec | undefined;
  for (const e of expect) {
    if (e.kind !== "class" || (eligibleOnly && e.notEligible)) continue;
    for (const t of types) {
      if (e.accepts.has(t) && (best === undefined || (best.kind === "class" && e.accepts.size < best.accepts.size))) best = e;
    }
  }
  return best;
}

/** A node check's finding as a code and a message: a text takes the check's code. */
function nodeProblem(check: NodeCheck, problem: string | KeywordProblem): KeywordProblem {
  return typeof problem === "string" ? { code: check.code ?? "out-of-range", message: problem } : problem;
}

/**
 * The JSON Pointer of a value (`index` in its list, or -1), built only when an issue or a nested
 * node needs it: most values pass, and their pointers were most of what checking them allocated.
 */
function valuePath(rule: PropertyRule, at: string, index: number): string {
  const path = at + (rule.segment ?? `/${escapePointer(rule.name)}`);
  return index < 0 ? path : `${path}/${index}`;
}

let classNames: string[] | null = null;

/** The accepted type a misspelt nested @type stands for ("Ofer" for Offer), as the top level suggests one. */
function meantType(types: readonly string[], expect: readonly ExpectSpec[]): string | null {
  const vocabulary = vocabularyIndex();
  for (const t of types) {
    if (vocabulary.isType(t)) continue;
    const suggestion = closestName(t, (classNames ??= Object.keys(vocabulary.data.classes)));
    if (suggestion !== null && expect.some((e) => e.kind === "class" && e.accepts.has(suggestion))) return suggestion;
  }
  return null;
}

/** True when one of the node's @type names is in `types` (a subtype-only rule applies). */
export function hasType(node: JsonObject, types: ReadonlySet<string>): boolean {
  for (const t of typeNames(node["@type"])) if (types.has(t)) return true;
  return false;
}

/** Presence of a dotted path ("item.name"): any value along lists counts. */
export function hasPath(node: JsonObject, segments: readonly string[]): boolean {
  return valuesAt(node, segments) !== null;
}

/** The values a dotted path reaches (through lists at every step), or null when it reaches none. */
function valuesAt(node: JsonObject, segments: readonly string[]): unknown[] | null {
  let frontier: unknown[] = [node];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of frontier) {
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) if (isObject(item) && item[segment] !== undefined) next.push(item[segment]);
    }
    if (next.length === 0) return null;
    frontier = next;
  }
  return frontier;
}

/**
 * A one_of member counts only when it holds a value (`name`, or the dotted `item.name`): an empty
 * text, null or an empty list names nothing, so it cannot stand in for the group (a breadcrumb with
 * "name": "" has no title to show). The empty value itself is still reported by the property's rule.
 */
export function hasValue(node: JsonObject, segments: readonly string[]): boolean {
  if (segments.length === 1) return holdsValue(node[segments[0]]);
  const values = valuesAt(node, segments);
  if (values === null) return false;
  for (const value of values) if (holdsValue(value)) return true;
  return false;
}

function holdsValue(value: unknown): boolean {
  if (!Array.isArray(value)) return isGiven(value);
  for (const item of value) if (isGiven(item)) return true;
  return false;
}

function isGiven(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return !isBlank(value);
  if (isObject(value) && value["@value"] !== undefined) return isGiven(value["@value"]);
  return !Array.isArray(value);
}

/** Empty or white space only, without allocating a trimmed copy (this runs on every text value). */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0xa0) return false;
  }
  return true;
}

function literalFits(kind: LiteralKind, value: unknown): boolean {
  switch (kind) {
    case "text":
    case "url":
    case "date":
    case "datetime":
    case "time":
    case "quantity":
      // Numbers stand for text often enough (postal codes, ratings) that the search engine accepts them.
      return typeof value === "string" || (kind === "text" && typeof value === "number");
    case "number":
      return (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && isNumericText(trimmed(value)));
    case "integer":
      return (typeof value === "number" && Number.isInteger(value)) || (typeof value === "string" && isIntegerText(trimmed(value)));
    case "boolean":
      return typeof value === "boolean" || value === "true" || value === "false" || (typeof value === "string" && (enumMember(value) === "True" || enumMember(value) === "False"));
  }
}

export { isObject };

/**
 * Whether a group's waiver holds for the sibling's value: true, false, or null when it cannot be told
 * (`elsewhere` with a URL but no page to compare it with). A URL, resolved against the page, names another
 * page when its address differs (`pageAddress`: fragment, scheme, `www.` and trailing slashes aside).
 */
function waiverHolds(waiver: GroupWaiver, value: unknown, pageUrl: string | null): boolean | null {
  const values = Array.isArray(value) ? value : [value];
  if (waiver.values !== null) {
    return values.some((v) => (typeof v === "string" || typeof v === "number") && waiver.values!.includes(String(v).trim()));
  }
  const urls = values.filter((v): v is string => typeof v === "string" && !isBlank(v));
  if (urls.length === 0) return false;
  if (pageUrl === null) return null;
  const page = pageAddress(pageUrl, null);
  return page !== null && urls.every((u) => {
    const other = pageAddress(u, pageUrl);
    return other !== null && other !== page;
  });
}

/**
 * What keeps an ImageObject from naming its image file: no contentUrl or url, or the first of them given
 * failing the image format (a relative or non-http address). Null when it names one.
 */
function imageObjectProblem(node: JsonObject, format: ValueCheck): string | null {
  for (const key of ["contentUrl", "url"]) {
    const value = node[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first === undefined || first === null) continue;
    const text = typeof first === "string" ? first : isObject(first) && typeof first["@id"] === "string" ? first["@id"] : null;
    if (text === null) return `whose "${key}" is no URL`;
    const problem = format.test(text);
    return problem === null ? null : `whose "${key}" is invalid: ${problem}`;
  }
  return 'without "contentUrl" or "url": it names no image file';
}

/** The dotted path of the node holding a property, with its dot ("location.address." of "location.address.name"; "" at the top). */
function parentPath(property: string): string {
  return property.slice(0, property.lastIndexOf(".") + 1);
}
