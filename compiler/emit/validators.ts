/**
 * generated/validators/<Type>.ts: one function per node shape (the type, then each nested shape),
 * straight-line presence checks, and one constant per property rule. A rule constant holds only the
 * fields that differ from their defaults (runtime/rule-runtime.ts reads an absent field as its default);
 * `propertyRule` gives every rule one object shape, so the checks' reads of its fields stay fast.
 */
import type { IrExpect, IrKeyword, IrNodeRules, IrProperty, IrRuleSet, UseRuntime } from "../ir.ts";
import { BANNER, Code, ident, lit } from "./code.ts";
import { ruleSetLiteral } from "./registry.ts";
import { oneOfAnchor, propertyAnchor, ruleUrl } from "./rule-anchors.ts";
import { nodeChecks } from "../../runtime/checks/structure-checks.ts";

const JSON_TS = "../../runtime/json.ts";
const RULE_RUNTIME = "../../runtime/rule-runtime.ts";
const STRUCTURE_CHECKS = "../../runtime/checks/structure-checks.ts";
const TYPE_HIERARCHY = "../../runtime/type-hierarchy.ts";
const VALUE_CHECKS = "../../runtime/checks/index.ts";
const COMPILED_RULE_SET = "../../runtime/compiled-rule-set.ts";

/**
 * Whose rule page a rules tree is on: the rule set's type, and the feature (null: the type's own rules);
 * `docs`, the search engine's page its issues link: the feature's own (the paywalled content page for
 * an Article's paywall markup), else the rule set's.
 */
interface PageOf {
  type: string;
  feature: string | null;
  docs: string;
}

/** The constant naming a feature's own documentation page (declared once per module by emitValidator). */
const featureDocsConst = (featureId: string) => ident(`DOCS_${featureId}`.replace(/[^A-Za-z0-9_]/g, "_"));

/** The issues' google_docs_url of a rules tree, as source: DOCS where it is the rule set's, else the feature's constant. */
const docsSource = (page: PageOf, rs: IrRuleSet): string => (page.feature === null || page.docs === rs.googleDocsUrl ? "DOCS" : featureDocsConst(page.feature));

/** A node shape and where its rules sit in the YAML file (property names and types from the root). */
interface Shape {
  rules: IrNodeRules;
  trail: string[];
}

const fnName = (rules: IrNodeRules) => ident(`validate_${rules.id}`);
const ruleConst = (rules: IrNodeRules, p: IrProperty) => ident(`${rules.id}_${p.name}`.replace(/[^A-Za-z0-9_]/g, "_"));
const groupConst = (rules: IrNodeRules, i: number) => ident(`${rules.id}_oneOf${i}`);

/** Every node shape of the rule set, parents first. */
function shapes(root: IrNodeRules, rootTrail: string[]): Shape[] {
  const out: Shape[] = [];
  const seen = new Set<IrNodeRules>();
  const visit = (rules: IrNodeRules, trail: string[]) => {
    if (seen.has(rules)) return;
    seen.add(rules);
    out.push({ rules, trail });
    for (const p of rules.properties) for (const e of p.expect) if (e.kind === "class" && e.rules) visit(e.rules, [...trail, p.name, e.type]);
  };
  visit(root, rootTrail);
  return out;
}

function expectSource(c: Code, e: IrExpect): string {
  switch (e.kind) {
    case "literal":
      return `{ kind: "literal", literal: ${lit(e.literal)}, type: ${lit(e.type)} }`;
    case "enum":
      return `{ kind: "enum", type: ${lit(e.type)}, members: ${c.use(TYPE_HIERARCHY, "enumerationMembers")}(${lit(e.type)}) }`;
    case "class": {
      const validate = e.rules ? fnName(e.rules) : e.rulesOf ? ident(`validate_${e.rulesOf}`) : "null";
      const fields = [`kind: "class"`, `type: ${lit(e.type)}`, `accepts: ${c.use(TYPE_HIERARCHY, "subtypes")}(${lit(e.type)})`, `validate: ${validate}`];
      if (e.rulesOf) fields.push("prefixed: true");
      if (e.nodeCheck) fields.push(`nodeCheck: ${c.use(STRUCTURE_CHECKS, "nodeChecks")}[${lit(e.nodeCheck)}]`);
      if (e.nodeCheck && checkedPropertyRequired(e.rules, e.nodeCheck)) fields.push("nodeCheckRequired: true");
      if (e.notEligible) fields.push(`notEligible: ${lit(e.notEligible)}`);
      return `{ ${fields.join(", ")} }`;
    }
  }
}

/** The property a node check judges is required in the shape's own rules (ratingValue in a Rating). */
function checkedPropertyRequired(rules: IrNodeRules | null, check: string): boolean {
  const name = nodeChecks[check].property;
  return rules?.properties.some((p) => p.name === name && p.level === "required" && !p.malformedWarning) ?? false;
}

/** A runtime name imported into the generated module (paths from the repository root, as the keywords write them). */
const useRuntime = (c: Code): UseRuntime => (module, name) => c.use(`../../${module}`, name);

/** The keywords' checks that go in one field of the rule, as a list (a field holding one check takes it alone). */
function keywordField(c: Code, keywords: readonly IrKeyword[], field: NonNullable<IrKeyword["check"]>["field"]): string[] {
  const sources = keywords.flatMap((k) => (k.check?.field === field ? [k.check.source(useRuntime(c))] : []));
  if (sources.length === 0) return [];
  if (field === "condition") {
    if (sources.length > 1) throw new Error("emit: two keywords of one rule set its condition");
    return [`condition: ${sources[0]}`];
  }
  return [`${field}: [${sources.join(", ")}]`];
}

/**
 * The siblings that make `p` required once they are given (their `requires_level: required`): while
 * one is there, a broken value of `p` is as bad as its absence, an error, not its level's warning.
 */
function requiredBy(rules: IrNodeRules, p: IrProperty): string[] {
  if (p.level === "required" || p.keywords.some((k) => k.check?.field === "condition")) return [];
  return rules.properties.filter((q) => q.requiresRequired && q.requires.includes(p.name)).map((q) => q.name);
}

/** The rule's fields, defaults (no format, no values, no bounds, not single...) left out. */
function ruleFields(c: Code, rs: IrRuleSet, rules: IrNodeRules, p: IrProperty, page: PageOf): string[] {
  const by = requiredBy(rules, p);
  const set = (values: readonly string[]) => `new Set(${lit(values)})`;
  const format = p.format
    ? p.formatOptions
      ? `${c.use(VALUE_CHECKS, "configuredCheck")}(${lit(p.format)}, ${lit(p.formatOptions)})`
      : `${c.use(VALUE_CHECKS, "valueChecks")}[${lit(p.format)}]`
    : null;
  return [
    `name: ${lit(p.name)}`,
    `segment: ${lit("/" + p.name.replace(/~/g, "~0").replace(/\//g, "~1"))}`,
    `property: ${lit(p.property)}`,
    `level: ${lit(p.level)}`,
    `expect: [${p.expect.map((e) => expectSource(c, e)).join(", ")}]`,
    ...(format ? [`format: ${format}`] : []),
    ...(p.values ? [`values: ${set(p.values)}`] : []),
    ...(p.min !== null ? [`min: ${p.min}`] : []),
    ...(p.max !== null ? [`max: ${p.max}`] : []),
    ...(p.single ? ["single: true"] : []),
    ...keywordField(c, p.keywords, "valueKeywords"),
    ...keywordField(c, p.keywords, "listKeywords"),
    ...(p.neededForEligibility ? ["neededForEligibility: true"] : []),
    ...(p.requires.length ? [`requires: ${lit(p.requires)}`] : []),
    ...(p.requiresRequired ? ["requiresRequired: true"] : []),
    ...(p.malformedWarning ? ["malformedWarning: true"] : []),
    ...(p.malformedNotEligible ? ["malformedNotEligible: true"] : []),
    ...(p.malformedTextOnly ? ["malformedTextOnly: true"] : []),
    ...keywordField(c, p.keywords, "condition"),
    ...(by.length ? [`condition: ${c.use("../../runtime/keywords/sibling-condition.ts", "siblingPresent")}(${lit(by)})`] : []),
    `fix: ${lit(p.fix)}`,
    `docs: ${docsSource(page, rs)}`,
    `rule: ${lit(ruleUrl(page.type, propertyAnchor(page.feature, p.property)))}`,
  ];
}

/** The first keyword of the rule that shapes this part of the presence check. */
function presenceHook<K extends keyof NonNullable<IrKeyword["presence"]>>(p: IrProperty, part: K): NonNullable<IrKeyword["presence"]>[K] | undefined {
  for (const k of p.keywords) if (k.presence?.[part]) return k.presence[part];
  return undefined;
}

/** Presence and value checks of one property rule (a keyword may say what a missing or present value runs). */
function writeProperty(c: Code, rules: IrNodeRules, p: IrProperty, local: string): void {
  const rule = ruleConst(rules, p);
  const check = presenceHook(p, "present")?.(local, rule) ?? (requiredBy(rules, p).length ? `run.checkWhen(${local}, ${rule}, node, at);` : `run.check(${local}, ${rule}, at);`);
  const whenPresent = p.requires.length ? `{ ${check} run.companions(node, ${rule}, at); }` : check;
  const missing = presenceHook(p, "missing")?.(rule) ?? (p.level === "optional" ? null : `run.missing(${rule}, at);`);
  if (missing === null) c.line(`if (${local} !== undefined) ${whenPresent}`);
  else c.line(`if (${local} === undefined) ${missing}`).line(`else ${whenPresent}`);
}

function writeBody(c: Code, rs: IrRuleSet, rules: IrNodeRules, page: PageOf): void {
  const link = rules.linkOnly === undefined ? undefined : rules.properties.find((p) => p.name === rules.linkOnly);
  if (link !== undefined) {
    // A value holding only its link lists something its own page describes: the link is all there is to check.
    c.block(`if (${c.use(RULE_RUNTIME, "holdsOnly")}(node, ${lit(link.name)}))`, () => {
      c.line(`run.check(node[${lit(link.name)}], ${ruleConst(rules, link)}, at);`).line("return;");
    });
  }
  for (const p of rules.properties) {
    const local = ident(`v_${p.name.replace(/[^A-Za-z0-9_]/g, "_")}`);
    c.line(`const ${local} = node[${lit(p.name)}];`);
    // A keyword's guard (a rule for some types only): the property is skipped unless it holds.
    const guard = presenceHook(p, "guard");
    if (guard) c.block(`if (${guard(useRuntime(c))})`, () => writeProperty(c, rules, p, local));
    else writeProperty(c, rules, p, local);
  }
  // Only a member holding a valid value satisfies a group (runtime Run.oneOf).
  rules.oneOf.forEach((_g, i) => c.line(`run.oneOf(${groupConst(rules, i)}, node, at);`));
  if (rules.nodeCheck) {
    const rule = ruleUrl(page.type, propertyAnchor(page.feature, nodeChecks[rules.nodeCheck].property));
    c.line(`run.checkNode(node, ${c.use(STRUCTURE_CHECKS, "nodeChecks")}[${lit(rules.nodeCheck)}], ${docsSource(page, rs)}, at, ${lit(rule)});`);
  }
  if (!rules.properties.length && !rules.oneOf.length && !rules.nodeCheck) c.line("void node; void run; void at;");
}

function writeShape(c: Code, rs: IrRuleSet, { rules, trail }: Shape, doc: string, page: PageOf): void {
  const propertyRule = c.useType(RULE_RUNTIME, "PropertyRule");
  for (const p of rules.properties) {
    c.comment(`${rs.file}: ${[...trail, p.name].join(" > ")}`);
    c.line(`const ${c.declare(ruleConst(rules, p))}: ${propertyRule} = ${c.use(RULE_RUNTIME, "propertyRule")}({`).items(ruleFields(c, rs, rules, p, page)).line("});");
  }
  rules.oneOf.forEach((g, i) => {
    const fields = [
      `level: ${lit(g.level)}`,
      `properties: ${lit(g.properties)}`,
      `property: ${lit(g.property)}`,
      `members: ${lit(g.members)}`,
      `paths: ${lit(g.properties.map((name) => name.split(".")))}`,
      `fix: ${lit(g.fix)}`,
      `docs: ${docsSource(page, rs)}`,
      `rule: ${lit(ruleUrl(page.type, oneOfAnchor(page.feature, g.property)))}`,
    ];
    if (g.unless) fields.push(`unless: ${lit({ property: g.unless.property, values: g.unless.values, elsewhere: g.unless.elsewhere, notEligible: g.unless.notEligible })}`);
    c.comment(`${rs.file}: ${[...trail, `one of ${g.members.join(", ")}`].join(" > ")}`);
    c.line(`const ${c.declare(groupConst(rules, i))}: ${c.useType(RULE_RUNTIME, "OneOfRule")} = { ${fields.join(", ")} };`);
  });
  c.line().doc(doc);
  const signature = `export function ${c.declare(fnName(rules))}(node: ${c.useType(JSON_TS, "JsonObject")}, run: ${c.useType(RULE_RUNTIME, "Run")}, at: string): void`;
  c.block(signature, () => writeBody(c, rs, rules, page));
  c.line();
}

export function emitValidator(rs: IrRuleSet): string {
  const c = new Code();
  c.line(`const ${c.declare("DOCS")} = ${lit(rs.googleDocsUrl)};`);
  for (const f of rs.features) if (f.googleDocsUrl !== rs.googleDocsUrl) c.line(`const ${c.declare(featureDocsConst(f.id))} = ${lit(f.googleDocsUrl)};`);
  c.line();
  const roots: Array<[IrNodeRules, string[], string, PageOf]> = [];
  if (rs.rules) roots.push([rs.rules, [], `${rs.type}: ${rs.richResult ?? "no rich result of its own"}.`, { type: rs.type, feature: null, docs: rs.googleDocsUrl }]);
  for (const f of rs.features) roots.push([f.rules, [`feature ${f.id}`], `${rs.type}, feature "${f.name}": requirements on top of the base rules.`, { type: rs.type, feature: f.id, docs: f.googleDocsUrl }]);
  // Shapes checked with another rule set's requirements import that rule set's validator.
  const borrowed = new Set<string>();
  const all = roots.map(([root, trail]) => shapes(root, trail));
  for (const list of all) {
    for (const { rules } of list) for (const p of rules.properties) for (const e of p.expect) if (e.kind === "class" && e.rulesOf && e.rulesOf !== rs.type) borrowed.add(e.rulesOf);
  }
  for (const name of [...borrowed].sort()) c.use(`./${name}.ts`, `validate_${name}`);
  roots.forEach(([root, , doc, page], i) => {
    for (const shape of all[i]) writeShape(c, rs, shape, shape.rules === root ? doc : `Nested shape ${[rs.type, ...shape.trail].join(" > ")}.`, page);
  });
  // The rule set lives with its validators, so that a registry can import one rule set alone.
  c.doc(`The ${rs.type} rule set as the registries hand it to the engine.`);
  c.line(`export const ${c.declare("ruleSet")}: ${c.useType(COMPILED_RULE_SET, "CompiledRuleSet")} = ${ruleSetLiteral(rs)};`);
  return c.print(BANNER(rs.file));
}
