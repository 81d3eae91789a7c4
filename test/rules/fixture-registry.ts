/**
 * Compiles small fixture rule files (YAML text) with the real compiler and loads the emitted
 * validators, so language tests run the same generated code as the committed rules, against a
 * registry of their own. The build goes to a fresh folder at the repository root, laid out like
 * generated/ (so its relative imports of runtime/ resolve), and is removed by `cleanup`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { loadRuleText, type LoadedFile } from "../../compiler/load.ts";
import { compileFiles, loadVocabulary } from "../../compiler/compile.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";
import type { RuleRegistry } from "../../runtime/compiled-rule-set.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const vocabulary = loadVocabulary(root);

export interface FixtureRegistry {
  registry: RuleRegistry;
  /** generated/types.json of the fixture rules, parsed. */
  typesPayload: { types: Array<Record<string, unknown>> };
  cleanup(): void;
}

/** `files`: file name ("Thing.yaml") to YAML text. Throws with the diagnostics when they do not compile. */
export async function compileFixture(files: Record<string, string>): Promise<FixtureRegistry> {
  const loaded: LoadedFile[] = [];
  const problems: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const result = loadRuleText(`rules-src/types/${name}`, text);
    problems.push(...result.diagnostics.map(formatDiagnostic));
    if (result.loaded) loaded.push(result.loaded);
  }
  const { output, diagnostics } = compileFiles(loaded, vocabulary);
  problems.push(...diagnostics.map(formatDiagnostic));
  if (!output || problems.length) throw new Error(`fixture rules do not compile:\n${problems.join("\n")}`);
  const dir = mkdtempSync(join(root, ".fixture-build-"));
  for (const [path, text] of output.files) {
    const target = join(dir, path.replace(/^generated\//, ""));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const index = (await import(pathToFileURL(join(dir, "index.ts")).href)) as { ruleSetFor: RuleRegistry };
  const typesPayload = JSON.parse(output.files.get("generated/types.json")!);
  return { registry: index.ruleSetFor, typesPayload, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
