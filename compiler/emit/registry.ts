/**
 * The registries of generated/: `index.ts` imports every rule set (the synchronous engine, the
 * service); `on-demand.ts` imports none up front and gives a loader per rule set (the CLI's cold
 * start). Both read the one map of @type to rule set emitted in on-demand.ts.
 */
import type { IrRuleSet } from "../ir.ts";
import type { MatchTable } from "../matches.ts";
import { BANNER, Code, ident, lit } from "./code.ts";
import { groupsListedRecommended } from "./types-payload.ts";

const COMPILED_RULE_SET = "../runtime/compiled-rule-set.ts";

const withRulesSorted = (ruleSets: IrRuleSet[]) => ruleSets.filter((rs) => rs.rules).sort((a, b) => a.type.localeCompare(b.type));

/** A rule set's CompiledRuleSet literal (fields at their defaults left out); its validators are functions of the same module. */
export function ruleSetLiteral(rs: IrRuleSet): string {
  const recommendedGroups = groupsListedRecommended(rs);
  const features = rs.features.map(
    (f) =>
      `    { id: ${lit(f.id)}, name: ${lit(f.name)}, googleDocsUrl: ${lit(f.googleDocsUrl)}, triggers: ${lit(f.triggers)}${f.binding ? ", binding: true" : ""}${f.enhancements.length ? `, enhancements: ${lit(f.enhancements)}` : ""}${f.retired ? `, retired: ${lit(f.retired)}` : ""}, validate: ${ident(`validate_${f.rules.id}`)} },\n`,
  );
  return `{
  type: ${lit(rs.type)},
  status: ${lit(rs.status)},
  tier: ${lit(rs.tier)},
  googleDocsUrl: ${lit(rs.googleDocsUrl)},
${rs.richResult !== null ? `  richResult: ${lit(rs.richResult)},\n` : ""}  verifiedOn: ${lit(rs.verifiedOn)},
${rs.deprecated ? `  deprecated: ${lit(rs.deprecated)},\n` : ""}${rs.optIn ? `  optIn: ${lit(rs.optIn)},\n` : ""}${rs.linkOnly ? `  linkOnly: ${lit(rs.linkOnly)},\n` : ""}${rs.enhancements.length ? `  enhancements: ${lit(rs.enhancements)},\n` : ""}${recommendedGroups.length ? `  recommendedGroups: ${lit(recommendedGroups)},\n` : ""}${rs.videosJudgedAt?.length ? `  videosJudgedAt: ${lit(rs.videosJudgedAt)},\n` : ""}  validate: ${ident(`validate_${rs.type}`)},
  features: [${features.length ? `\n${features.join("")}  ` : ""}],
}`;
}

export function emitRegistry(ruleSets: IrRuleSet[]): string {
  const c = new Code();
  const withRules = withRulesSorted(ruleSets);
  const compiledRuleSet = c.useType(COMPILED_RULE_SET, "CompiledRuleSet");
  const ruleSetTypeFor = c.use("./on-demand.ts", "ruleSetTypeFor");
  const names: string[] = [];
  for (const rs of withRules) {
    names.push(c.use(`./validators/${rs.type}.ts`, "ruleSet", `ruleSet_${rs.type}`));
  }
  c.doc("The rule sets with requirements of their own, by type.");
  c.line(`export const ${c.declare("ruleSets")}: readonly ${compiledRuleSet}[] = [${names.join(", ")}];`);
  c.line(`const ${c.declare("byType")} = new Map(ruleSets.map((rs) => [rs.type, rs]));`);
  c.doc("Every @type sdv checks, to the rule set that checks it (subtypes to their nearest rule set).");
  c.line(
    `export const ${c.declare("ruleSetFor")}: ReadonlyMap<string, ${compiledRuleSet}> = new Map<string, ${compiledRuleSet}>([...${ruleSetTypeFor}].map(([type, owner]) => [type, byType.get(owner)!]));`,
  );
  return c.print(BANNER("rules-src/types/*.yaml"));
}

export function emitOnDemandRegistry(ruleSets: IrRuleSet[], table: MatchTable): string {
  const c = new Code();
  const compiledRuleSet = c.useType(COMPILED_RULE_SET, "CompiledRuleSet");
  c.doc("Every @type sdv checks, to the type of the rule set that checks it (subtypes to their nearest rule set).");
  c.line(`export const ${c.declare("ruleSetTypeFor")}: ReadonlyMap<string, string> = new Map<string, string>([`);
  c.items([...table.validatorOf].map(([name, owner]) => `[${lit(name)}, ${lit(owner)}]`));
  c.line("]);");
  c.doc("Each rule set's module, imported on first use (runtime/on-demand-registry.ts).");
  c.line(`export const ${c.declare("ruleSetLoaders")}: Readonly<Record<string, () => Promise<${compiledRuleSet}>>> = {`);
  c.items(withRulesSorted(ruleSets).map((rs) => `${ident(rs.type)}: async () => (await import(${lit(`./validators/${rs.type}.ts`)})).ruleSet`));
  c.line("};");
  return c.print(BANNER("rules-src/types/*.yaml"));
}
