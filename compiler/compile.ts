/**
 * The whole compile as a pure step: rule files in, generated files (path -> text) out, or the
 * complete list of problems. Nothing is written here, so `--check` and the tests share it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadRuleDirectory, type LoadedFile } from "./load.ts";
import { checkShape } from "./validate.ts";
import { checkRuleFile } from "./check.ts";
import { buildMatches } from "./matches.ts";
import { sortDiagnostics, type Diagnostic } from "./diagnostics.ts";
import type { IrRuleSet } from "./ir.ts";
import { emitValidator } from "./emit/validators.ts";
import { emitOnDemandRegistry, emitRegistry } from "./emit/registry.ts";
import { emitTypesPayload } from "./emit/types-payload.ts";
import { emitDocsIndex, emitGeneratedReadme, emitTypeDoc } from "./emit/docs.ts";
import { emitRulePage, emitRulesIndex, emitRulesNotFound } from "./emit/site.ts";
import { VocabularyIndex } from "../runtime/vocabulary.ts";
import type { Vocabulary } from "../runtime/vocabulary-types.ts";
import { valueChecks } from "../runtime/checks/index.ts";

export interface CompileOutput {
  files: Map<string, string>;
  ruleSets: IrRuleSet[];
}

export function loadVocabulary(repoRoot: string): VocabularyIndex {
  return new VocabularyIndex(JSON.parse(readFileSync(join(repoRoot, "generated/vocabulary.json"), "utf8")) as Vocabulary);
}

export function compileFiles(files: LoadedFile[], vocabulary: VocabularyIndex, loadDiagnostics: Diagnostic[] = []): { output?: CompileOutput; diagnostics: Diagnostic[] } {
  const diagnostics = [...loadDiagnostics];
  const formats = new Set(Object.keys(valueChecks));
  const ruleSets: IrRuleSet[] = [];
  const rulesOfUses: Array<{ name: string; file: string; line: number; column: number }> = [];
  for (const file of files) {
    const shape = checkShape(file);
    if (shape.length) {
      diagnostics.push(...shape);
      continue;
    }
    const { ir, diagnostics: semantic, rulesOf } = checkRuleFile(file, { vocabulary, formats });
    diagnostics.push(...semantic);
    if (ir) ruleSets.push(ir);
    for (const use of rulesOf ?? []) rulesOfUses.push({ ...use, file: file.file });
  }
  const allTypes = new Set(ruleSets.map((rs) => rs.type));
  for (const rs of ruleSets) {
    if (rs.listedUnder && !allTypes.has(rs.listedUnder)) diagnostics.push({ file: rs.file, line: 1, column: 1, message: `listed_under names "${rs.listedUnder}", which has no rule file` });
  }
  const withRules = new Set(ruleSets.filter((rs) => rs.rules).map((rs) => rs.type));
  for (const use of rulesOfUses) {
    if (!withRules.has(use.name)) diagnostics.push({ file: use.file, line: use.line, column: use.column, message: `rules_of names "${use.name}", which has no rule set with properties` });
  }
  const { table, diagnostics: matchProblems } = buildMatches(ruleSets, vocabulary);
  diagnostics.push(...matchProblems);
  if (diagnostics.length) return { diagnostics: sortDiagnostics(diagnostics) };

  const out = new Map<string, string>();
  const byType = new Map(ruleSets.map((rs) => [rs.type, rs]));
  const formatDescriptions = Object.fromEntries(Object.entries(valueChecks).map(([k, v]) => [k, v.description]));
  for (const rs of ruleSets) {
    if (rs.rules) out.set(`generated/validators/${rs.type}.ts`, emitValidator(rs));
    out.set(`generated/docs/${rs.type}.md`, emitTypeDoc(rs, table, byType, formatDescriptions));
    out.set(`generated/site/rules/${rs.type}.html`, emitRulePage(rs, { table, byType, formatDescriptions }));
  }
  out.set("generated/site/rules/index.html", emitRulesIndex(ruleSets));
  out.set("generated/site/rules-not-found.html", emitRulesNotFound());
  out.set("generated/index.ts", emitRegistry(ruleSets));
  out.set("generated/on-demand.ts", emitOnDemandRegistry(ruleSets, table));
  out.set("generated/types.json", emitTypesPayload(ruleSets, table, vocabulary.data.schema_org_version));
  out.set("generated/docs/README.md", emitDocsIndex(ruleSets));
  out.set("generated/README.md", emitGeneratedReadme());
  return { output: { files: new Map([...out].sort(([a], [b]) => a.localeCompare(b))), ruleSets }, diagnostics: [] };
}

export function compileDirectory(repoRoot: string) {
  const { files, diagnostics } = loadRuleDirectory(join(repoRoot, "rules-src/types"), "rules-src/types");
  return compileFiles(files, loadVocabulary(repoRoot), diagnostics);
}
