/**
 * Stage 2: requirements. Each property rule and one-of group is checked against the vocabulary
 * and the language's invariants, and normalized into the IR; nested shapes recurse.
 */
import { didYouMean } from "../did-you-mean.ts";
import { isCheckName, optionProblems } from "../../runtime/checks/index.ts";
import type { IrExpect, IrNodeRules, IrOneOf, IrProperty, Level, LiteralKind } from "../ir.ts";
import type { FileChecker, Path, Raw } from "./context.ts";

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

export function checkNode(c: FileChecker, nodeRaw: Raw, nodeType: string | null, path: Path, dotted: string, id: string): IrNodeRules {
  const properties: IrProperty[] = [];
  for (const [name, ruleRaw] of Object.entries<Raw>(nodeRaw.properties ?? {})) {
    const propPath = [...path, "properties", name];
    properties.push(checkProperty(c, name, ruleRaw, nodeType, propPath, dotted ? `${dotted}.${name}` : name, `${id}_${name}`));
  }
  const oneOf: IrOneOf[] = (nodeRaw.one_of ?? []).map((group: Raw, gi: number) => {
    group.properties.forEach((name: string, pi: number) => {
      // A dotted member is checked segment by segment; the type of nested segments is not known here.
      name.split(".").forEach((segment, si) => c.checkPropertyName(segment, si === 0 ? nodeType : null, [...path, "one_of", gi, "properties", pi]));
    });
    const prefix = dotted ? `${dotted}.` : "";
    return {
      level: group.level,
      properties: group.properties,
      property: prefix + group.properties[0],
      members: group.properties.map((p: string) => prefix + p),
      // Filled in by the defaults step (compiler/normalize/defaults.ts).
      fix: group.fix ?? "",
    };
  });
  return { id, properties, oneOf, nodeCheck: null };
}

function checkProperty(c: FileChecker, name: string, rule: Raw, nodeType: string | null, path: Path, dotted: string, id: string): IrProperty {
  const onlyFor: string[] = rule.only_for ?? [];
  onlyFor.forEach((t, i) => {
    if (!c.vocabulary.isType(t)) c.report("unknown-type", [...path, "only_for", i], `"${t}" is not a Schema.org 29.4 type${didYouMean(t, Object.keys(c.vocabulary.data.classes))}`);
    else if (nodeType && (!c.vocabulary.isSubtypeOf(t, nodeType) || t === nodeType)) c.report("not-subtype", [...path, "only_for", i], `"${t}" is not a subtype of ${nodeType}`);
  });
  // A subtype-only property is checked against the subtypes' domains, not the rule set's type.
  if (onlyFor.length && onlyFor.every((t) => c.vocabulary.isType(t))) {
    for (const t of onlyFor) c.checkPropertyName(name, t, path);
  } else c.checkPropertyName(name, nodeType, path);
  const superseded = c.vocabulary.data.properties[name]?.superseded_by;
  if (superseded && rule.level === "required") {
    c.report("conflict", [...path, "level"], `"${name}" is superseded by "${superseded}" in Schema.org and cannot be required`);
  }
  const expectRaw: Array<string | Raw> = rule.expect === undefined ? [] : Array.isArray(rule.expect) ? rule.expect : [rule.expect];
  const expect: IrExpect[] = [];
  expectRaw.forEach((item, i) => {
    const itemPath = Array.isArray(rule.expect) ? [...path, "expect", i] : [...path, "expect"];
    const typeName = typeof item === "string" ? item : item.type;
    const typePath = typeof item === "string" ? itemPath : [...itemPath, "type"];
    if (!c.vocabulary.isType(typeName)) {
      c.report("unknown-type", typePath, `"${typeName}" is not a Schema.org 29.4 type${didYouMean(typeName, Object.keys(c.vocabulary.data.classes))}`);
      return;
    }
    if (!fitsRange(c, name, typeName)) {
      const ranges = c.vocabulary.data.properties[name]?.ranges ?? [];
      c.report("range", typePath, `"${typeName}" is not in the range of "${name}" (${ranges.join(", ")})`);
    }
    const literal = LITERALS[typeName] ?? (c.vocabulary.isSubtypeOf(typeName, "Quantity") ? "quantity" : undefined);
    if (literal) {
      if (typeof item !== "string") c.report("range", itemPath, `"${typeName}" is a data type: it cannot have nested properties`);
      expect.push({ kind: "literal", literal, type: typeName });
    } else if (c.vocabulary.isEnumeration(typeName)) {
      expect.push({ kind: "enum", type: typeName, members: c.vocabulary.members(typeName) });
    } else {
      const nested = typeof item === "string" ? null : item.properties || item.one_of ? checkNode(c, item, typeName, itemPath, dotted, `${id}_${typeName}`) : null;
      const nodeCheck = typeof item === "string" ? null : (item.node_check ?? null);
      const rulesOf = typeof item === "string" ? null : (item.rules_of ?? null);
      if (rulesOf && nested) c.report("conflict", [...itemPath, "rules_of"], `use either rules_of or nested properties for ${typeName}, not both`);
      if (rulesOf) c.rulesOfUses.push({ name: rulesOf, path: [...itemPath, "rules_of"] });
      const notEligible = typeof item === "string" ? null : (item.not_eligible ?? null);
      expect.push({ kind: "class", type: typeName, accepts: [typeName], rules: nested, nodeCheck, rulesOf, notEligible });
    }
  });
  if (rule.properties || rule.one_of) {
    // Untyped nested requirements: they apply to any object value, so attach them to every class expectation.
    const firstClass = expect.find((e) => e.kind === "class");
    const nested = checkNode(c, rule, firstClass?.type ?? null, path, dotted, `${id}_any`);
    if (!expect.some((e) => e.kind === "class")) {
      c.report("range", path, `nested "properties" need an object type in "expect"`);
    }
    for (const e of expect) if (e.kind === "class" && !e.rules) e.rules = nested;
  }
  if (rule.values) {
    const ranges = c.vocabulary.data.properties[name]?.ranges ?? [];
    const enums = [...ranges, ...expect.map((e) => e.type)].filter((r) => c.vocabulary.isEnumeration(r));
    const allowed = new Set(enums.flatMap((e) => c.vocabulary.members(e)));
    rule.values.forEach((v: string, i: number) => {
      if (!allowed.has(v)) c.report("enum-member", [...path, "values", i], `"${v}" is not a member of ${enums.length ? enums.join(" or ") : "any enumeration in the range of " + name}${didYouMean(v, allowed)}`);
    });
  }
  // `format: name` or `format: {check: name, ...options}`: the options are validated against what the check declares.
  const formatName: string | undefined = typeof rule.format === "object" && rule.format !== null ? rule.format.check : rule.format;
  let formatOptions: Record<string, unknown> | null = null;
  if (typeof rule.format === "object" && rule.format !== null) {
    const { check: _name, ...options } = rule.format as Record<string, unknown>;
    formatOptions = options;
  }
  if (formatName && c.formats && !c.formats.has(formatName)) {
    c.report("format", [...path, "format"], `unknown format "${formatName}" (known: ${[...c.formats].sort().join(", ")})`);
  } else if (formatName && formatOptions && isCheckName(formatName)) {
    for (const problem of optionProblems(formatName, formatOptions)) c.report("format", [...path, "format"], problem);
  }
  if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) c.report("conflict", [...path, "min"], `min ${rule.min} is above max ${rule.max}`);
  if (rule.needed_for_eligibility && rule.level === "required") c.report("conflict", [...path, "needed_for_eligibility"], `"${name}" is required already; needed_for_eligibility is for recommended properties`);
  if (rule.min_items !== undefined && rule.max_items !== undefined && rule.min_items > rule.max_items) c.report("conflict", [...path, "min_items"], `min_items ${rule.min_items} is above max_items ${rule.max_items}`);
  if (rule.single && rule.max_items !== undefined) c.report("conflict", [...path, "max_items"], `a single-valued property takes one value already; drop max_items`);
  if (rule.text_values && rule.values) c.report("conflict", [...path, "text_values"], `use values for enumeration members and text_values for fixed texts, not both`);
  if (rule.text_values) {
    const ranges = c.vocabulary.data.properties[name]?.ranges ?? [];
    const enums = ranges.filter((r) => c.vocabulary.isEnumeration(r));
    const members = new Set(enums.flatMap((e) => c.vocabulary.members(e)));
    rule.text_values.forEach((v: string, i: number) => {
      if (members.has(v)) c.report("enum-member", [...path, "text_values", i], `"${v}" is a member of ${enums.join(" or ")}: list it under values`);
    });
  }
  if (rule.single && rule.min_items > 1) c.report("conflict", [...path, "min_items"], `a single-valued property cannot need ${rule.min_items} values`);
  (rule.requires ?? []).forEach((sibling: string, i: number) => {
    c.checkPropertyName(sibling, nodeType, [...path, "requires", i]);
    if (sibling === name) c.report("conflict", [...path, "requires", i], `"${name}" cannot require itself`);
  });
  if (rule.not_on_last_item && rule.level !== "required") c.report("conflict", [...path, "not_on_last_item"], `not_on_last_item applies to required properties only`);
  if (rule.required_when) {
    const cond = rule.required_when;
    c.checkPropertyName(cond.property, nodeType, [...path, "required_when", "property"], false);
    if ((cond.values === undefined) === (cond.absent === undefined)) c.report("conflict", [...path, "required_when"], `required_when needs either "values" or "absent: true"`);
    if (cond.property === name) c.report("conflict", [...path, "required_when", "property"], `"${name}" cannot depend on itself`);
    if (rule.level === "required") c.report("conflict", [...path, "required_when"], `"${name}" is required always; required_when is for recommended or optional properties`);
    if (cond.values) {
      // Enumeration members must be real members of the sibling's range; other texts are fixed values.
      const ranges = c.vocabulary.data.properties[cond.property]?.ranges ?? [];
      const enums = ranges.filter((r) => c.vocabulary.isEnumeration(r));
      if (enums.length) {
        const allowed = new Set(enums.flatMap((e) => c.vocabulary.members(e)));
        cond.values.forEach((v: string, i: number) => {
          if (!allowed.has(v)) c.report("enum-member", [...path, "required_when", "values", i], `"${v}" is not a member of ${enums.join(" or ")}${didYouMean(v, allowed)}`);
        });
      }
    }
  }
  return {
    name,
    property: dotted,
    level: rule.level as Level,
    expect,
    format: formatName ?? null,
    formatOptions,
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
    fix: rule.fix ?? "",
    why: rule.why ?? null,
  };
}

function fitsRange(c: FileChecker, property: string, typeName: string): boolean {
  const ranges = c.vocabulary.data.properties[property]?.ranges;
  if (!ranges) return true; // reported as an unknown property already
  if (typeName === "Text" || typeName === "URL") return true; // the search engine accepts text and links widely
  return ranges.some((r) => c.vocabulary.isSubtypeOf(typeName, r) || (LITERALS[r] === "number" && LITERALS[typeName] === "integer"));
}
