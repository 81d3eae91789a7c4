/**
 * generated/validators/<Type>.ts: one function per node shape (the type, then each nested shape),
 * straight-line presence checks, and one constant per property rule.
 */
import { VariableDeclarationKind, type CodeBlockWriter, type SourceFile, type WriterFunction } from "ts-morph";
import type { IrExpect, IrNodeRules, IrProperty, IrRuleSet } from "../ir.ts";
import { BANNER, lit, newSourceFile, print } from "./source.ts";
import { ruleSetLiteral } from "./registry.ts";
import { oneOfAnchor, propertyAnchor, ruleUrl } from "./rule-anchors.ts";
import { nodeChecks } from "../../runtime/checks/structure-checks.ts";

/** Whose rule page a rules tree is on: the rule set's type, and the feature (null: the type's own rules). */
interface PageOf {
  type: string;
  feature: string | null;
}

const fnName = (rules: IrNodeRules) => `validate_${rules.id}`;
const ruleConst = (rules: IrNodeRules, p: IrProperty) => `${rules.id}_${p.name}`.replace(/[^A-Za-z0-9_]/g, "_");
const groupConst = (rules: IrNodeRules, i: number) => `${rules.id}_oneOf${i}`;

/** Every node shape of the rule set, parents first. */
function shapes(root: IrNodeRules): IrNodeRules[] {
  const out: IrNodeRules[] = [];
  const seen = new Set<IrNodeRules>();
  const visit = (rules: IrNodeRules) => {
    if (seen.has(rules)) return;
    seen.add(rules);
    out.push(rules);
    for (const p of rules.properties) for (const e of p.expect) if (e.kind === "class" && e.rules) visit(e.rules);
  };
  visit(root);
  return out;
}

function expectSource(e: IrExpect): string {
  switch (e.kind) {
    case "literal":
      return `{ kind: "literal", literal: ${lit(e.literal)}, type: ${lit(e.type)} }`;
    case "enum":
      return `{ kind: "enum", type: ${lit(e.type)}, members: enumerationMembers(${lit(e.type)}) }`;
    case "class":
      return `{ kind: "class", type: ${lit(e.type)}, accepts: subtypes(${lit(e.type)}), validate: ${e.rules ? fnName(e.rules) : e.rulesOf ? `validate_${e.rulesOf}` : "null"}${e.rulesOf ? ", prefixed: true" : ""}${e.nodeCheck ? `, nodeCheck: nodeChecks[${lit(e.nodeCheck)}]` : ""}${e.nodeCheck && checkedPropertyRequired(e.rules, e.nodeCheck) ? ", nodeCheckRequired: true" : ""}${e.notEligible ? `, notEligible: ${lit(e.notEligible)}` : ""} }`;
  }
}

/** The property a node check judges is required in the shape's own rules (ratingValue in a Rating). */
function checkedPropertyRequired(rules: IrNodeRules | null, check: string): boolean {
  const name = nodeChecks[check].property;
  return rules?.properties.some((p) => p.name === name && p.level === "required" && !p.malformedWarning) ?? false;
}

function ruleSource(p: IrProperty, page: PageOf): string {
  const fields = [
    `name: ${lit(p.name)}`,
    `segment: ${lit("/" + p.name.replace(/~/g, "~0").replace(/\//g, "~1"))}`,
    `property: ${lit(p.property)}`,
    `level: ${lit(p.level)}`,
    `expect: [${p.expect.map(expectSource).join(", ")}]`,
    `format: ${p.format ? (p.formatOptions ? `configuredCheck(${lit(p.format)}, ${lit(p.formatOptions)})` : `valueChecks[${lit(p.format)}]`) : "null"}`,
    `values: ${p.values ? `new Set(${lit(p.values)})` : "null"}`,
    `min: ${p.min ?? "null"}`,
    `max: ${p.max ?? "null"}`,
    `single: ${p.single}`,
    ...(p.minItems !== null ? [`minItems: ${p.minItems}`] : []),
    ...(p.maxItems !== null ? [`maxItems: ${p.maxItems}`] : []),
    ...(p.maxLength !== null ? [`maxLength: ${p.maxLength}`] : []),
    ...(p.textValues ? [`textValues: new Set(${lit(p.textValues)})`] : []),
    ...(p.neededForEligibility ? ["neededForEligibility: true"] : []),
    ...(p.listCheck !== null ? [`listCheck: listChecks[${lit(p.listCheck)}]`] : []),
    ...(p.requires.length ? [`requires: ${lit(p.requires)}`] : []),
    ...(p.malformedWarning ? ["malformedWarning: true"] : []),
    ...(p.requiredWhen ? [`requiredWhen: { property: ${lit(p.requiredWhen.property)}, values: ${p.requiredWhen.values ? `new Set(${lit(p.requiredWhen.values)})` : "null"} }`] : []),
    `fix: ${lit(p.fix)}`,
    `docs: DOCS`,
    `rule: ${lit(ruleUrl(page.type, propertyAnchor(page.feature, p.property)))}`,
  ];
  return `{\n${fields.map((f) => `  ${f},`).join("\n")}\n}`;
}

/** Presence and value checks of one property rule. */
function writeProperty(w: CodeBlockWriter, rules: IrNodeRules, p: IrProperty, local: string): void {
  const check = p.requiredWhen ? `run.checkWhen(${local}, ${ruleConst(rules, p)}, node, at);` : `run.check(${local}, ${ruleConst(rules, p)}, at);`;
  const whenPresent = p.requires.length ? `{ ${check} run.companions(node, ${ruleConst(rules, p)}, at); }` : check;
  if (p.notOnLastItem) w.writeLine(`if (${local} === undefined) { if (!run.lastItem) run.missing(${ruleConst(rules, p)}, at); }`).writeLine(`else ${whenPresent}`);
  else if (p.requiredWhen) w.writeLine(`if (${local} === undefined) run.missingWhen(${ruleConst(rules, p)}, node, at);`).writeLine(`else ${whenPresent}`);
  else if (p.level === "optional") w.writeLine(`if (${local} !== undefined) ${whenPresent}`);
  else w.writeLine(`if (${local} === undefined) run.missing(${ruleConst(rules, p)}, at);`).writeLine(`else ${whenPresent}`);
}

function bodyWriter(rules: IrNodeRules, page: PageOf): WriterFunction {
  return (w) => {
    for (const p of rules.properties) {
      const local = `v_${p.name.replace(/[^A-Za-z0-9_]/g, "_")}`;
      w.writeLine(`const ${local} = node[${lit(p.name)}];`);
      // A subtype-only rule: skipped unless the node is of one of those types.
      if (p.onlyFor.length) w.write(`if (${p.onlyFor.map((t) => `hasType(node, subtypes(${lit(t)}))`).join(" || ")}) `).inlineBlock(() => writeProperty(w, rules, p, local));
      else writeProperty(w, rules, p, local);
    }
    // Only a member holding a valid value satisfies a group (runtime Run.oneOf).
    rules.oneOf.forEach((_g, i) => w.writeLine(`run.oneOf(${groupConst(rules, i)}, node, at);`));
    if (rules.nodeCheck) {
      const rule = ruleUrl(page.type, propertyAnchor(page.feature, nodeChecks[rules.nodeCheck].property));
      w.writeLine(`run.checkNode(node, nodeChecks[${lit(rules.nodeCheck)}], DOCS, at, ${lit(rule)});`);
    }
    if (!rules.properties.length && !rules.oneOf.length && !rules.nodeCheck) w.writeLine("void node; void run; void at;");
  };
}

function addShape(file: SourceFile, rules: IrNodeRules, doc: string, page: PageOf): void {
  for (const p of rules.properties) {
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: ruleConst(rules, p), type: "PropertyRule", initializer: ruleSource(p, page) }],
    });
  }
  rules.oneOf.forEach((g, i) => {
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: groupConst(rules, i),
          type: "OneOfRule",
          initializer: `{ level: ${lit(g.level)}, properties: ${lit(g.properties)}, property: ${lit(g.property)}, members: ${lit(g.members)}, paths: ${lit(g.properties.map((name) => name.split(".")))}, fix: ${lit(g.fix)}, docs: DOCS, rule: ${lit(ruleUrl(page.type, oneOfAnchor(page.feature, g.property)))} }`,
        },
      ],
    });
  });
  file.addFunction({
    isExported: true,
    name: fnName(rules),
    docs: [doc],
    parameters: [
      { name: "node", type: "JsonObject" },
      { name: "run", type: "Run" },
      { name: "at", type: "string" },
    ],
    returnType: "void",
    statements: bodyWriter(rules, page),
  });
}

export function emitValidator(rs: IrRuleSet): string {
  const file = newSourceFile(`/generated/validators/${rs.type}.ts`);
  file.addImportDeclarations([
    { isTypeOnly: true, moduleSpecifier: "../../runtime/json.ts", namedImports: ["JsonObject"] },
    { isTypeOnly: true, moduleSpecifier: "../../runtime/rule-runtime.ts", namedImports: ["Run", "PropertyRule", "OneOfRule"] },
    { moduleSpecifier: "../../runtime/rule-runtime.ts", namedImports: ["hasType"] },
    { moduleSpecifier: "../../runtime/checks/structure-checks.ts", namedImports: ["listChecks", "nodeChecks"] },
    { moduleSpecifier: "../../runtime/type-hierarchy.ts", namedImports: ["subtypes", "enumerationMembers"] },
    { moduleSpecifier: "../../runtime/checks/index.ts", namedImports: ["valueChecks", "configuredCheck"] },
    { isTypeOnly: true, moduleSpecifier: "../../runtime/compiled-rule-set.ts", namedImports: ["CompiledRuleSet"] },
  ]);
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: "DOCS", initializer: lit(rs.googleDocsUrl) }],
  });
  // Shapes checked with another rule set's requirements import that rule set's validator.
  const borrowed = new Set<string>();
  const collect = (rules: IrNodeRules) => {
    for (const p of rules.properties) for (const e of p.expect) if (e.kind === "class" && e.rulesOf && e.rulesOf !== rs.type) borrowed.add(e.rulesOf);
  };
  if (rs.rules) shapes(rs.rules).forEach(collect);
  for (const f of rs.features) shapes(f.rules).forEach(collect);
  for (const name of [...borrowed].sort()) file.addImportDeclaration({ moduleSpecifier: `./${name}.ts`, namedImports: [`validate_${name}`] });
  const roots: Array<[IrNodeRules, string, PageOf]> = [];
  if (rs.rules) roots.push([rs.rules, `${rs.type}: ${rs.richResult ?? "no rich result of its own"}.`, { type: rs.type, feature: null }]);
  for (const f of rs.features) roots.push([f.rules, `${rs.type}, feature "${f.name}": requirements on top of the base rules.`, { type: rs.type, feature: f.id }]);
  for (const [root, doc, page] of roots) {
    for (const rules of shapes(root)) addShape(file, rules, rules === root ? doc : `Nested shape ${rules.id.replace(/_/g, " > ")}.`, page);
  }
  // The rule set lives with its validators, so that a registry can import one rule set alone.
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [`The ${rs.type} rule set as the registries hand it to the engine.`],
    declarations: [{ name: "ruleSet", type: "CompiledRuleSet", initializer: ruleSetLiteral(rs) }],
  });
  const text = print(file);
  return BANNER(rs.file) + usedImportsOnly(text);
}

/** Drops the imports a rule set does not use, so the type check stays clean without lint pragmas. */
function usedImportsOnly(text: string): string {
  const body = text.slice(text.indexOf("const DOCS"));
  return text.replace(/import \{ ([^}]*) \} from "([^"]+)";\n/g, (line, names: string, from: string) => {
    if (line.startsWith("import type")) return line;
    const used = names.split(",").map((n) => n.trim()).filter((n) => new RegExp(`\\b${n}\\b`).test(body));
    return used.length ? `import { ${used.join(", ")} } from "${from}";\n` : "";
  });
}
