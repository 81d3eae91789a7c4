/**
 * Semantic checks against the vocabulary and the language's invariants, building the IR as it
 * goes. Every problem is collected (with its place) rather than stopping at the first.
 */
import { basename } from "node:path";
import type { Diagnostic } from "./diagnostics.ts";
import type { LoadedFile } from "./load.ts";
import type { IrExpect, IrFeature, IrNodeRules, IrOneOf, IrProperty, IrRuleSet, Level, LiteralKind } from "./ir.ts";
import type { VocabularyIndex } from "../runtime/vocabulary.ts";
import { didYouMean } from "./did-you-mean.ts";

type Raw = Record<string, any>;
type Path = Array<string | number>;

const LITERALS: Record<string, LiteralKind> = {
  Text: "text",
  URL: "url",
  Number: "number",
  Float: "number",
  Integer: "integer",
  Boolean: "boolean",
  Date: "date",
  DateTime: "datetime",
  Time: "time",
  Duration: "quantity",
  CssSelectorType: "text",
  XPathType: "text",
  PronounceableText: "text",
};

const STATUS_TIERS: Record<string, number[]> = { supported: [1], coming_soon: [2], planned: [3, 4], deprecated: [0] };

export interface CheckContext {
  vocabulary: VocabularyIndex;
  formats: ReadonlySet<string> | null;
}

export function checkRuleFile(
  file: LoadedFile,
  ctx: CheckContext,
): { ir?: IrRuleSet; diagnostics: Diagnostic[]; rulesOf?: Array<{ name: string; line: number; column: number }> } {
  const diagnostics: Diagnostic[] = [];
  const raw = file.data as Raw;
  const report = (path: Path, message: string, atKey = false) => {
    const pos = file.locate(path, atKey);
    diagnostics.push({ file: file.file, line: pos.line, column: pos.column, message });
  };
  const { vocabulary } = ctx;

  const expectedName = basename(file.file).replace(/\.ya?ml$/, "");
  if (raw.type !== expectedName) report(["type"], `type "${raw.type}" must equal the file name "${expectedName}"`);
  if (!STATUS_TIERS[raw.status]?.includes(raw.tier)) {
    report(["tier"], `tier ${raw.tier} does not fit status "${raw.status}" (supported 1, coming_soon 2, planned 3 or 4, deprecated 0)`);
  }
  // A rule set may carry a feature name Schema.org lacks (the spec's LoyaltyProgram) when the search
  // engine's markup for the feature uses other types: it must then name them in extra_matches, and its
  // properties are checked against the first of them.
  const inVocabulary = vocabulary.isType(raw.type);
  if (!inVocabulary && !(Array.isArray(raw.extra_matches) && raw.extra_matches.length)) {
    report(["type"], `"${raw.type}" is not a Schema.org 29.4 type (a name outside the vocabulary needs extra_matches naming the types it validates)`);
  }
  if (raw.status === "deprecated" && !raw.deprecated) report(["status"], `a deprecated type needs a "deprecated" entry with since and note`);

  const ruleType: string = raw.type;
  const nodeType: string = inVocabulary ? ruleType : (raw.extra_matches?.[0] ?? ruleType);
  let alsoMatches: string[] = [];
  if (Array.isArray(raw.also_matches)) {
    raw.also_matches.forEach((name: string, i: number) => {
      if (!vocabulary.isType(name)) report(["also_matches", i], `"${name}" is not a Schema.org 29.4 type`);
      else if (!vocabulary.isSubtypeOf(name, ruleType) || name === ruleType) report(["also_matches", i], `"${name}" is not a subtype of ${ruleType}`);
    });
    alsoMatches = [...raw.also_matches];
  }
  (raw.not_matches ?? []).forEach((name: string, i: number) => {
    if (!vocabulary.isType(name)) report(["not_matches", i], `"${name}" is not a Schema.org 29.4 type${didYouMean(name, Object.keys(vocabulary.data.classes))}`);
    else if (!vocabulary.isSubtypeOf(name, ruleType) || name === ruleType) report(["not_matches", i], `"${name}" is not a subtype of ${ruleType}`);
    if (raw.also_matches !== "vocabulary") report(["not_matches", i], `not_matches only narrows also_matches: vocabulary`);
  });
  const extraMatches: string[] = raw.extra_matches ?? [];
  extraMatches.forEach((name, i) => {
    if (!vocabulary.isType(name)) report(["extra_matches", i], `"${name}" is not a Schema.org 29.4 type`);
  });

  if (raw.validate_as !== undefined) {
    if (raw.properties || raw.one_of || raw.features) report(["validate_as"], `a file with validate_as takes its requirements from ${raw.validate_as}; remove properties, one_of and features`);
    if (vocabulary.isType(raw.validate_as) && !vocabulary.isSubtypeOf(ruleType, raw.validate_as)) {
      report(["validate_as"], `${ruleType} is not a subtype of ${raw.validate_as}`);
    }
  } else if (!raw.properties) {
    report([], `a rule set needs "properties" (or "validate_as")`);
  }

  /** rules_of references, checked once every rule file is known (compile.ts). */
  const rulesOfUses: Array<{ name: string; path: Path }> = [];

  const checkNode = (nodeRaw: Raw, nodeType: string | null, path: Path, dotted: string, id: string): IrNodeRules => {
    const properties: IrProperty[] = [];
    for (const [name, ruleRaw] of Object.entries<Raw>(nodeRaw.properties ?? {})) {
      const propPath = [...path, "properties", name];
      properties.push(checkProperty(name, ruleRaw, nodeType, propPath, dotted ? `${dotted}.${name}` : name, `${id}_${name}`));
    }
    const oneOf: IrOneOf[] = (nodeRaw.one_of ?? []).map((group: Raw, gi: number) => {
      group.properties.forEach((name: string, pi: number) => {
        // A dotted member is checked segment by segment; the type of nested segments is not known here.
        name.split(".").forEach((segment, si) => checkPropertyName(segment, si === 0 ? nodeType : null, [...path, "one_of", gi, "properties", pi]));
      });
      const prefix = dotted ? `${dotted}.` : "";
      return {
        level: group.level,
        properties: group.properties,
        property: prefix + group.properties[0],
        members: group.properties.map((p: string) => prefix + p),
        fix: group.fix ?? `Add at least one of ${group.properties.map((p: string) => `"${p}"`).join(", ")}.`,
      };
    });
    return { id, properties, oneOf, nodeCheck: null };
  };

  const checkPropertyName = (written: string, nodeType: string | null, path: Path, atKey = true) => {
    if (written.startsWith("@")) return;
    // Schema.org Actions annotate a property's input or output as "<property>-input".
    const name = written.replace(/-(input|output)$/, "");
    if (!vocabulary.isProperty(name)) {
      report(path, `"${name}" is not a Schema.org 29.4 property${didYouMean(name, Object.keys(vocabulary.data.properties))}`, atKey);
    } else if (nodeType && !vocabulary.propertyApplies(name, nodeType)) {
      report(path, `"${name}" is not a property of ${nodeType} or its supertypes in Schema.org 29.4`, atKey);
    }
  };

  const checkProperty = (name: string, rule: Raw, nodeType: string | null, path: Path, dotted: string, id: string): IrProperty => {
    const onlyFor: string[] = rule.only_for ?? [];
    onlyFor.forEach((t, i) => {
      if (!vocabulary.isType(t)) report([...path, "only_for", i], `"${t}" is not a Schema.org 29.4 type${didYouMean(t, Object.keys(vocabulary.data.classes))}`);
      else if (nodeType && (!vocabulary.isSubtypeOf(t, nodeType) || t === nodeType)) report([...path, "only_for", i], `"${t}" is not a subtype of ${nodeType}`);
    });
    // A subtype-only property is checked against the subtypes' domains, not the rule set's type.
    if (onlyFor.length && onlyFor.every((t) => vocabulary.isType(t))) {
      for (const t of onlyFor) checkPropertyName(name, t, path);
    } else checkPropertyName(name, nodeType, path);
    const superseded = vocabulary.data.properties[name]?.superseded_by;
    if (superseded && rule.level === "required") {
      report([...path, "level"], `"${name}" is superseded by "${superseded}" in Schema.org and cannot be required`);
    }
    const expectRaw: Array<string | Raw> = rule.expect === undefined ? [] : Array.isArray(rule.expect) ? rule.expect : [rule.expect];
    const expect: IrExpect[] = [];
    expectRaw.forEach((item, i) => {
      const itemPath = Array.isArray(rule.expect) ? [...path, "expect", i] : [...path, "expect"];
      const typeName = typeof item === "string" ? item : item.type;
      const typePath = typeof item === "string" ? itemPath : [...itemPath, "type"];
      if (!vocabulary.isType(typeName)) {
        report(typePath, `"${typeName}" is not a Schema.org 29.4 type${didYouMean(typeName, Object.keys(vocabulary.data.classes))}`);
        return;
      }
      if (!fitsRange(name, typeName)) {
        const ranges = vocabulary.data.properties[name]?.ranges ?? [];
        report(typePath, `"${typeName}" is not in the range of "${name}" (${ranges.join(", ")})`);
      }
      const literal = LITERALS[typeName] ?? (vocabulary.isSubtypeOf(typeName, "Quantity") ? "quantity" : undefined);
      if (literal) {
        if (typeof item !== "string") report(itemPath, `"${typeName}" is a data type: it cannot have nested properties`);
        expect.push({ kind: "literal", literal, type: typeName });
      } else if (vocabulary.isEnumeration(typeName)) {
        expect.push({ kind: "enum", type: typeName, members: vocabulary.members(typeName) });
      } else {
        const nested = typeof item === "string" ? null : item.properties || item.one_of ? checkNode(item, typeName, itemPath, dotted, `${id}_${typeName}`) : null;
        const nodeCheck = typeof item === "string" ? null : (item.node_check ?? null);
        const rulesOf = typeof item === "string" ? null : (item.rules_of ?? null);
        if (rulesOf && nested) report([...itemPath, "rules_of"], `use either rules_of or nested properties for ${typeName}, not both`);
        if (rulesOf) rulesOfUses.push({ name: rulesOf, path: [...itemPath, "rules_of"] });
        const notEligible = typeof item === "string" ? null : (item.not_eligible ?? null);
        expect.push({ kind: "class", type: typeName, accepts: [typeName, ...vocabulary.descendants(typeName)], rules: nested, nodeCheck, rulesOf, notEligible });
      }
    });
    if (rule.properties || rule.one_of) {
      // Untyped nested requirements: they apply to any object value, so attach them to every class expectation.
      const firstClass = expect.find((e) => e.kind === "class");
      const nested = checkNode(rule, firstClass?.type ?? null, path, dotted, `${id}_any`);
      if (!expect.some((e) => e.kind === "class")) {
        report(path, `nested "properties" need an object type in "expect"`);
      }
      for (const e of expect) if (e.kind === "class" && !e.rules) e.rules = nested;
    }
    if (rule.values) {
      const ranges = vocabulary.data.properties[name]?.ranges ?? [];
      const enums = [...ranges, ...expect.map((e) => e.type)].filter((r) => vocabulary.isEnumeration(r));
      const allowed = new Set(enums.flatMap((e) => vocabulary.members(e)));
      rule.values.forEach((v: string, i: number) => {
        if (!allowed.has(v)) report([...path, "values", i], `"${v}" is not a member of ${enums.length ? enums.join(" or ") : "any enumeration in the range of " + name}${didYouMean(v, allowed)}`);
      });
    }
    if (rule.format && ctx.formats && !ctx.formats.has(rule.format)) {
      report([...path, "format"], `unknown format "${rule.format}" (known: ${[...ctx.formats].sort().join(", ")})`);
    }
    if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) report([...path, "min"], `min ${rule.min} is above max ${rule.max}`);
    if (rule.needed_for_eligibility && rule.level === "required") report([...path, "needed_for_eligibility"], `"${name}" is required already; needed_for_eligibility is for recommended properties`);
    if (rule.min_items !== undefined && rule.max_items !== undefined && rule.min_items > rule.max_items) report([...path, "min_items"], `min_items ${rule.min_items} is above max_items ${rule.max_items}`);
    if (rule.single && rule.max_items !== undefined) report([...path, "max_items"], `a single-valued property takes one value already; drop max_items`);
    if (rule.text_values && rule.values) report([...path, "text_values"], `use values for enumeration members and text_values for fixed texts, not both`);
    if (rule.text_values) {
      const ranges = vocabulary.data.properties[name]?.ranges ?? [];
      const enums = ranges.filter((r) => vocabulary.isEnumeration(r));
      const members = new Set(enums.flatMap((e) => vocabulary.members(e)));
      rule.text_values.forEach((v: string, i: number) => {
        if (members.has(v)) report([...path, "text_values", i], `"${v}" is a member of ${enums.join(" or ")}: list it under values`);
      });
    }
    if (rule.single && rule.min_items > 1) report([...path, "min_items"], `a single-valued property cannot need ${rule.min_items} values`);
    (rule.requires ?? []).forEach((sibling: string, i: number) => {
      checkPropertyName(sibling, nodeType, [...path, "requires", i]);
      if (sibling === name) report([...path, "requires", i], `"${name}" cannot require itself`);
    });
    if (rule.not_on_last_item && rule.level !== "required") report([...path, "not_on_last_item"], `not_on_last_item applies to required properties only`);
    if (rule.required_when) {
      const cond = rule.required_when;
      checkPropertyName(cond.property, nodeType, [...path, "required_when", "property"], false);
      if ((cond.values === undefined) === (cond.absent === undefined)) report([...path, "required_when"], `required_when needs either "values" or "absent: true"`);
      if (cond.property === name) report([...path, "required_when", "property"], `"${name}" cannot depend on itself`);
      if (rule.level === "required") report([...path, "required_when"], `"${name}" is required always; required_when is for recommended or optional properties`);
      if (cond.values) {
        // Enumeration members must be real members of the sibling's range; other texts are fixed values.
        const ranges = vocabulary.data.properties[cond.property]?.ranges ?? [];
        const enums = ranges.filter((r) => vocabulary.isEnumeration(r));
        if (enums.length) {
          const allowed = new Set(enums.flatMap((e) => vocabulary.members(e)));
          cond.values.forEach((v: string, i: number) => {
            if (!allowed.has(v)) report([...path, "required_when", "values", i], `"${v}" is not a member of ${enums.join(" or ")}${didYouMean(v, allowed)}`);
          });
        }
      }
    }
    return {
      name,
      property: dotted,
      level: rule.level as Level,
      expect,
      format: rule.format ?? null,
      values: rule.values ?? null,
      min: rule.min ?? null,
      max: rule.max ?? null,
      single: rule.single === true,
      minItems: rule.min_items ?? null,
      maxItems: rule.max_items ?? null,
      maxLength: rule.max_length ?? null,
      textValues: rule.text_values ?? null,
      neededForEligibility: rule.needed_for_eligibility === true,
      listCheck: rule.list_check ?? null,
      requires: rule.requires ?? [],
      notOnLastItem: rule.not_on_last_item === true,
      onlyFor,
      malformedWarning: rule.malformed === "warning",
      requiredWhen: rule.required_when ? { property: rule.required_when.property, values: rule.required_when.values ?? null } : null,
      fix: rule.fix ?? defaultFix(dotted, rule.level),
      why: rule.why ?? null,
    };
  };

  const fitsRange = (property: string, typeName: string): boolean => {
    const ranges = vocabulary.data.properties[property]?.ranges;
    if (!ranges) return true; // reported as an unknown property already
    if (typeName === "Text" || typeName === "URL") return true; // the search engine accepts text and links widely
    return ranges.some((r) => vocabulary.isSubtypeOf(typeName, r) || (LITERALS[r] === "number" && LITERALS[typeName] === "integer"));
  };

  const rules = raw.properties ? checkNode(raw, nodeType, [], "", ruleType) : null;
  if (rules && raw.node_check) rules.nodeCheck = raw.node_check;

  const checkTriggers = (optIn: Raw | undefined, path: Path) => {
    (optIn?.triggers ?? []).forEach((trigger: string, ti: number) =>
      trigger.split(".").forEach((segment, si) => checkPropertyName(segment, si === 0 ? nodeType : null, [...path, "triggers", ti])),
    );
  };
  checkTriggers(raw.opt_in, ["opt_in"]);

  const featureIds = new Set<string>();
  const features: IrFeature[] = (raw.features ?? []).map((f: Raw, i: number) => {
    if (featureIds.has(f.id)) report(["features", i, "id"], `feature id "${f.id}" is used twice`);
    featureIds.add(f.id);
    checkTriggers(f.opt_in, ["features", i, "opt_in"]);
    return {
      id: f.id,
      name: f.name,
      googleDocsUrl: f.google_docs_url,
      triggers: f.opt_in?.triggers ?? [],
      retired: f.retired ?? null,
      rules: checkNode(f, nodeType, ["features", i], "", `${ruleType}__${f.id.replace(/-/g, "_")}`),
    };
  });

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
  const locateRulesOf = rulesOfUses.map((use) => ({ name: use.name, ...file.locate(use.path) }));
  return { ir, diagnostics, rulesOf: locateRulesOf };
}

function defaultFix(property: string, level: Level): string {
  return level === "required" ? `Add "${property}"; the rich result needs it.` : `Add "${property}" for a richer result.`;
}
