/**
 * The registries of generated/: `index.ts` imports every rule set (the synchronous engine, the
 * service); `on-demand.ts` imports none up front and gives a loader per rule set (the CLI's cold
 * start). Both read the one map of @type to rule set emitted in on-demand.ts.
 */
import { VariableDeclarationKind } from "ts-morph";
import type { IrRuleSet } from "../ir.ts";
import type { MatchTable } from "../matches.ts";
import { BANNER, lit, newSourceFile, print } from "./source.ts";

const withRulesSorted = (ruleSets: IrRuleSet[]) => ruleSets.filter((rs) => rs.rules).sort((a, b) => a.type.localeCompare(b.type));

/** A rule set's CompiledRuleSet literal; its validators are functions of the same module. */
export function ruleSetLiteral(rs: IrRuleSet): string {
  const features = rs.features
    .map(
      (f) =>
        `{ id: ${lit(f.id)}, name: ${lit(f.name)}, googleDocsUrl: ${lit(f.googleDocsUrl)}, triggers: ${lit(f.triggers)}${f.binding ? ", binding: true" : ""}, retired: ${lit(f.retired)}, validate: validate_${f.rules.id} }`,
    )
    .join(",\n");
  return `{
  type: ${lit(rs.type)},
  status: ${lit(rs.status)},
  tier: ${rs.tier},
  googleDocsUrl: ${lit(rs.googleDocsUrl)},
  richResult: ${lit(rs.richResult)},
  verifiedOn: ${lit(rs.verifiedOn)},
  deprecated: ${lit(rs.deprecated)},
  optIn: ${lit(rs.optIn)},
  validate: validate_${rs.type},
  features: [${features}],
}`;
}

export function emitRegistry(ruleSets: IrRuleSet[]): string {
  const file = newSourceFile("/generated/index.ts");
  const withRules = withRulesSorted(ruleSets);
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "../runtime/compiled-rule-set.ts", namedImports: ["CompiledRuleSet"] });
  file.addImportDeclaration({ moduleSpecifier: "./on-demand.ts", namedImports: ["ruleSetTypeFor"] });
  for (const rs of withRules) {
    file.addImportDeclaration({ moduleSpecifier: `./validators/${rs.type}.ts`, namedImports: [{ name: "ruleSet", alias: `ruleSet_${rs.type}` }] });
  }
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["The rule sets with requirements of their own, by type."],
    declarations: [{ name: "ruleSets", type: "readonly CompiledRuleSet[]", initializer: `[${withRules.map((rs) => `ruleSet_${rs.type}`).join(", ")}]` }],
  });
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: "byType", initializer: "new Map(ruleSets.map((rs) => [rs.type, rs]))" }],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every @type sdv checks, to the rule set that checks it (subtypes to their nearest rule set)."],
    declarations: [
      {
        name: "ruleSetFor",
        type: "ReadonlyMap<string, CompiledRuleSet>",
        initializer: `new Map<string, CompiledRuleSet>([...ruleSetTypeFor].map(([type, owner]) => [type, byType.get(owner)!]))`,
      },
    ],
  });
  return BANNER("rules-src/types/*.yaml") + print(file);
}

export function emitOnDemandRegistry(ruleSets: IrRuleSet[], table: MatchTable): string {
  const file = newSourceFile("/generated/on-demand.ts");
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "../runtime/compiled-rule-set.ts", namedImports: ["CompiledRuleSet"] });
  const entries = [...table.validatorOf].map(([name, owner]) => `[${lit(name)}, ${lit(owner)}]`).join(",\n");
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every @type sdv checks, to the type of the rule set that checks it (subtypes to their nearest rule set)."],
    declarations: [{ name: "ruleSetTypeFor", type: "ReadonlyMap<string, string>", initializer: `new Map<string, string>([\n${entries}\n])` }],
  });
  const loaders = withRulesSorted(ruleSets)
    .map((rs) => `${rs.type}: async () => (await import(${lit(`./validators/${rs.type}.ts`)})).ruleSet`)
    .join(",\n");
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Each rule set's module, imported on first use (runtime/on-demand-registry.ts)."],
    declarations: [{ name: "ruleSetLoaders", type: "Readonly<Record<string, () => Promise<CompiledRuleSet>>>", initializer: `{\n${loaders}\n}` }],
  });
  return BANNER("rules-src/types/*.yaml") + print(file);
}
