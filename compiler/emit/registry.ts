/** generated/index.ts: the compiled rule sets and the map from every matching @type to one of them. */
import { VariableDeclarationKind } from "ts-morph";
import type { IrRuleSet } from "../ir.ts";
import type { MatchTable } from "../matches.ts";
import { BANNER, lit, newSourceFile, print } from "./source.ts";

export function emitRegistry(ruleSets: IrRuleSet[], table: MatchTable): string {
  const file = newSourceFile("/generated/index.ts");
  const withRules = ruleSets.filter((rs) => rs.rules).sort((a, b) => a.type.localeCompare(b.type));
  file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "../runtime/compiled-rule-set.ts", namedImports: ["CompiledRuleSet"] });
  for (const rs of withRules) {
    const names = [`validate_${rs.type}`, ...rs.features.map((f) => `validate_${f.rules.id}`)];
    file.addImportDeclaration({ moduleSpecifier: `./validators/${rs.type}.ts`, namedImports: names });
  }
  for (const rs of withRules) {
    const features = rs.features
      .map(
        (f) =>
          `{ id: ${lit(f.id)}, name: ${lit(f.name)}, googleDocsUrl: ${lit(f.googleDocsUrl)}, triggers: ${lit(f.triggers)}, retired: ${lit(f.retired)}, validate: validate_${f.rules.id} }`,
      )
      .join(",\n");
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: `ruleSet_${rs.type}`,
          type: "CompiledRuleSet",
          initializer: `{
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
}`,
        },
      ],
    });
  }
  const entries = [...table.validatorOf].map(([name, owner]) => `[${lit(name)}, ruleSet_${owner}]`).join(",\n");
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every @type sdv checks, to the rule set that checks it (subtypes to their nearest rule set)."],
    declarations: [{ name: "ruleSetFor", type: "ReadonlyMap<string, CompiledRuleSet>", initializer: `new Map<string, CompiledRuleSet>([\n${entries}\n])` }],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["The rule sets with requirements of their own, by type."],
    declarations: [{ name: "ruleSets", type: "readonly CompiledRuleSet[]", initializer: `[${withRules.map((rs) => `ruleSet_${rs.type}`).join(", ")}]` }],
  });
  return BANNER("rules-src/types/*.yaml") + print(file);
}
