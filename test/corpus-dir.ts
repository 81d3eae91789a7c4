/**
 * Where the shared corpus lives: `../shared/corpus` next to the repository root.
 * Tests that read it call corpusDir() and skip visibly when it returns null (docs/test-data.md),
 * so a fresh clone without the corpus still passes.
 */
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Absolute path of `../shared/corpus` relative to the repository root, or null when absent. */
export function corpusDir(): string | null {
  const dir = fileURLToPath(new URL("../../shared/corpus", import.meta.url));
  return existsSync(dir) && statSync(dir).isDirectory() ? dir : null;
}
