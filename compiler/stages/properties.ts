/**
 * Stage 2: requirements. Each property rule and one-of group is checked against the vocabulary
 * and the language's invariants, and normalized into the IR; nested shapes recurse.
 */
import { didYouMean } from "../did-you-mean.ts";
import { isCheckName, optionProblems } from "../../runtime/checks/index.ts";
import type { IrExpect, IrNodeRules, IrOneOf, IrProperty, LiteralKind } from "../ir.ts";
import type { RawOneOf, RawPropertyMap, RawPropertyRule } from "../raw.ts";
import { checkKeywords } from "../keywords/registry.ts";
import type { FileChecker, Path } from "./context.ts";

/** What holds property rules: a rule file, a feature, a shape, an expected type's node, or an untyped nested rule. */
interface RawNode {
  properties?: RawPropertyMap;
  one_of?: RawOneOf[];
}

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

export function checkNode(c: FileChecker, nodeRaw: RawNode, nodeType: string | null, path: Path, dotted: string, id: string): IrNodeRules {
  const properties: IrProperty[] = [];
  // The types a property's name was checked against, where a keyword names them: a group member
  // with a rule of its own is checked as its rule was.
  const domainsOf = new Map<string, string[]>();
  for (const [name, ruleRaw] of Object.entries(nodeRaw.properties ?? {})) {
    const propPath = [...path, "properties", name];
    properties.push(checkProperty(c, name, ruleRaw, nodeType, propPath, dotted ? `${dotted}.${name}` : name, `${id}_${name}`, domainsOf));
  }
  const oneOf: IrOneOf[] = (nodeRaw.one_of ?? []).map((group, gi) => {
    group.properties.forEach((name, pi) => {
      const at = [...path, "one_of", gi, "properties", pi];
      const domains = domainsOf.get(name);
      if (domains) for (const t of domains) c.checkPropertyName(name, t, at);
      // A dotted member is checked segment by segment; the type of nested segments is not known here.
      else name.split(".").forEach((segment, si) => c.checkPropertyName(segment, si === 0 ? nodeType : null, at));
    });
    const prefix = dotted ? `${dotted}.` : "";
    const unless = group.unless;
    if (unless) {
      const at = [...path, "one_of", gi, "unless"];
      c.checkPropertyName(unless.property, nodeType, [...at, "property"]);
      if ((unless.values === undefined) === (unless.elsewhere === undefined)) c.report("conflict", at, `unless needs either "values" or "elsewhere: true"`);
      if (group.properties.includes(unless.property)) c.report("conflict", [...at, "property"], `"${unless.property}" is a member of the group it would waive`);
      if (group.level !== "required") c.report("conflict", at, "unless waives a required group; a recommended one is a warning already");
    }
    return {
      level: group.level,
      properties: group.properties,
      property: prefix + group.properties[0],
      members: group.properties.map((p) => prefix + p),
      // Filled in by the defaults step (compiler/normalize/defaults.ts).
      fix: group.fix ?? "",
      unless: unless ? { property: unless.property, values: unless.values ?? null, elsewhere: unless.elsewhere === true, notEligible: unless.not_eligible ?? null } : null,
    };
  });
  return { id, properties, oneOf, nodeCheck: null };
}

function checkProperty(c: FileChecker, name: string, rule: RawPropertyRule, nodeType: string | null, path: Path, dotted: string, id: string, domainsOf: Map<string, string[]>): IrProperty {
  const { keywords, nameDomains } = checkKeywords({ checker: c, name, nodeType, rule, path });
  if (nameDomains) domainsOf.set(name, nameDomains);
  // A rule for some subtypes only is checked against their domains, not the rule set's type.
  if (nameDomains) for (const t of nameDomains) c.checkPropertyName(name, t, path);
  else c.checkPropertyName(name, nodeType, path);
  const superseded = c.vocabulary.data.properties[name]?.superseded_by;
  if (superseded && rule.level === "required") {
    c.report("conflict", [...path, "level"], `"${name}" is superseded by "${superseded}" in Schema.org and cannot be required`);
  }
  const expectRaw = rule.expect === undefined ? [] : Array.isArray(rule.expect) ? rule.expect : [rule.expect];
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
      const link = typeof item === "string" ? undefined : item.link_only?.link;
      if (link !== undefined) {
        if (nested?.properties.some((p) => p.name === link)) nested.linkOnly = link;
        else c.report("conflict", [...itemPath, "link_only", "link"], `link_only names "${link}", which the properties of ${typeName} here do not list (its value is what is checked)`);
      }
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
    rule.values.forEach((v, i) => {
      if (!allowed.has(v)) c.report("enum-member", [...path, "values", i], `"${v}" is not a member of ${enums.length ? enums.join(" or ") : "any enumeration in the range of " + name}${didYouMean(v, allowed)}`);
    });
  }
  // `format: name` or `format: {check: name, ...options}`: the options are validated against what the check declares.
  const formatName = typeof rule.format === "object" && rule.format !== null ? rule.format.check : rule.format;
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
  (rule.requires ?? []).forEach((sibling, i) => {
    c.checkPropertyName(sibling, nodeType, [...path, "requires", i]);
    if (sibling === name) c.report("conflict", [...path, "requires", i], `"${name}" cannot require itself`);
  });
  if (rule.requires_level !== undefined && !rule.requires?.length) c.report("conflict", [...path, "requires_level"], `requires_level needs requires: the siblings it makes required`);
  return {
    name,
    property: dotted,
    level: rule.level,
    expect,
    format: formatName ?? null,
    formatOptions,
    values: rule.values ?? null,
    min: rule.min ?? null,
    max: rule.max ?? null,
    single: rule.single === true,
    neededForEligibility: rule.needed_for_eligibility === true,
    requires: rule.requires ?? [],
    requiresRequired: rule.requires_level === "required",
    malformedWarning: rule.malformed !== undefined,
    malformedNotEligible: rule.malformed === "not_eligible",
    malformedTextOnly: rule.malformed === "text_warning",
    keywords,
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
