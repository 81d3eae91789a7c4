/**
 * The whole compile as a pure step: rule files in, generated files (path -> text) out, or the
 * complete list of problems. Nothing is written here, so `--check` and the tests share it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadRuleDirectory, type LoadedFile } from "./load.ts";
import { existsSync } from "node:fs";
import { shapeProblems, checkShapeFile } from "./validate.ts";
import { pruneRefused } from "./normalize/prune.ts";
import type { RawShapeFile } from "./raw.ts";
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
import { ruleFileSchemaText } from "./rule-file-schema.ts";

export interface CompileOutput {
  files: Map<string, string>;
  ruleSets: IrRuleSet[];
}

export function loadVocabulary(repoRoot: string): VocabularyIndex {
  return new VocabularyIndex(JSON.parse(readFileSync(join(repoRoot, "generated/vocabulary.json"), "utf8")) as Vocabulary);
}

/**
 * The shared shapes (rules-src/shapes/), each checked against the schema's shapeFile definition
 * and named like its file.
 */
export function loadShapes(shapeFiles: LoadedFile[], vocabulary: VocabularyIndex): { shapes: Map<string, RawShapeFile>; diagnostics: Diagnostic[] } {
  const shapes = new Map<string, RawShapeFile>();
  const diagnostics: Diagnostic[] = [];
  for (const file of shapeFiles) {
    const problems = checkShapeFile(file);
    if (problems.length) {
      diagnostics.push(...problems);
      continue;
    }
    const shape = file.data as RawShapeFile;
    const expectedName = file.file.replace(/^.*\//, "").replace(/\.ya?ml$/, "");
    if (shape.shape !== expectedName) {
      diagnostics.push({ file: file.file, ...file.locate(["shape"]), code: "file-name", message: `shape "${shape.shape}" must equal the file name "${expectedName}"` });
    }
    if (!vocabulary.isType(shape.type)) {
      diagnostics.push({ file: file.file, ...file.locate(["type"]), code: "unknown-type", message: `"${shape.type}" is not a Schema.org ${vocabulary.data.schema_org_version} type` });
    }
    shapes.set(shape.shape, shape);
  }
  return { shapes, diagnostics };
}

export function compileFiles(
  files: LoadedFile[],
  vocabulary: VocabularyIndex,
  loadDiagnostics: Diagnostic[] = [],
  shapeFiles: LoadedFile[] = [],
): { output?: CompileOutput; diagnostics: Diagnostic[] } {
  const diagnostics = [...loadDiagnostics];
  const { shapes, diagnostics: shapeDiagnostics } = loadShapes(shapeFiles, vocabulary);
  diagnostics.push(...shapeDiagnostics);
  const formats = new Set(Object.keys(valueChecks));
  const ruleSets: IrRuleSet[] = [];
  const rulesOfUses: Array<{ name: string; file: string; line: number; column: number }> = [];
  for (const file of files) {
    const shape = shapeProblems(file);
    if (shape.diagnostics.length) {
      // Still check every part the schema accepts; the file gives no rule set.
      diagnostics.push(...shape.diagnostics);
      const pruned = pruneRefused(file.data, shape.paths);
      diagnostics.push(...checkRuleFile(file, { vocabulary, formats, shapes }, pruned.data, { skipHeader: pruned.skipHeader }).diagnostics);
      continue;
    }
    const { ir, diagnostics: semantic, rulesOf } = checkRuleFile(file, { vocabulary, formats, shapes });
    diagnostics.push(...semantic);
    if (ir) ruleSets.push(ir);
    for (const use of rulesOf ?? []) rulesOfUses.push({ ...use, file: file.file });
  }
  const allTypes = new Set(ruleSets.map((rs) => rs.type));
  for (const rs of ruleSets) {
    if (rs.listedUnder && !allTypes.has(rs.listedUnder)) diagnostics.push({ file: rs.file, line: 1, column: 1, code: "reference", message: `listed_under names "${rs.listedUnder}", which has no rule file` });
  }
  const withRules = new Set(ruleSets.filter((rs) => rs.rules).map((rs) => rs.type));
  for (const use of rulesOfUses) {
    if (!withRules.has(use.name)) diagnostics.push({ file: use.file, line: use.line, column: use.column, code: "reference", message: `rules_of names "${use.name}", which has no rule set with properties` });
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
  out.set("generated/rule-file.schema.json", ruleFileSchemaText());
  return { output: { files: new Map([...out].sort(([a], [b]) => a.localeCompare(b))), ruleSets }, diagnostics: [] };
}

export function compileDirectory(repoRoot: string) {
  const { files, diagnostics } = loadRuleDirectory(join(repoRoot, "rules-src/types"), "rules-src/types");
  const shapeDir = join(repoRoot, "rules-src/shapes");
  const shapes = existsSync(shapeDir) ? loadRuleDirectory(shapeDir, "rules-src/shapes") : { files: [], diagnostics: [] };
  return compileFiles(files, loadVocabulary(repoRoot), [...diagnostics, ...shapes.diagnostics], shapes.files);
}
