/**
 * The import rules hold on this tree, and the checker does catch an upward import (on a small tree
 * written for the purpose), so a pass means something.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkImport, checkTree } from "./import-rules.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

function tree(files: Record<string, string>): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), "sdv-imports-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

test("no import of this repository runs upward or sideways", () => {
  const violations = checkTree(repoRoot);
  assert.equal(violations.map((v) => `${v.from} -> ${v.to}: ${v.rule}`), []);
});

test("a deliberate upward import is caught, in every form an import takes", () => {
  const t = tree({
    "runtime/engine.ts": 'import { x } from "../api/app.ts";\nexport const y = x;\n',
    "runtime/types.ts": 'export type { Config } from "../api/config.ts";\n',
    "runtime/lazy.ts": 'export const load = () => import("../cli/sdv.ts");\n',
    "fetch/guarded-fetch.ts": 'import type { Stores } from "../api/stores/index.ts";\n',
    "api/stores/index.ts": 'import { accountSummary } from "../accounts/account-summary.ts";\n',
    "api/accounts/account-summary.ts": 'import { storeCall } from "../stores/store-call.ts";\n',
    "cli/sdv.ts": 'import { validate } from "../lib/index.ts";\nimport { run } from "../test/run.ts";\n',
    "api/app.ts": 'import { a } from "./routes/auth.ts";\nimport { b } from "../runtime/engine.ts";\n',
  });
  try {
    const found = checkTree(t.root).map((v) => `${v.from} -> ${v.to}`);
    assert.equal(found, [
      "api/stores/index.ts -> api/accounts/account-summary.ts",
      "cli/sdv.ts -> lib/index.ts",
      "cli/sdv.ts -> test/run.ts",
      "fetch/guarded-fetch.ts -> api/stores/index.ts",
      "runtime/engine.ts -> api/app.ts",
      "runtime/lazy.ts -> cli/sdv.ts",
      "runtime/types.ts -> api/config.ts",
    ]);
  } finally {
    t.remove();
  }
});

test("the rules read as docs/architecture.md states them", () => {
  assert.is(checkImport("generated/validators/Event.ts", "runtime/rule-runtime.ts"), null);
  assert.ok(checkImport("generated/index.ts", "fetch/guarded-fetch.ts"));
  assert.is(checkImport("lib/index.ts", "fetch/guarded-fetch.ts"), null);
  assert.ok(checkImport("lib/index.ts", "api/app.ts"));
  assert.ok(checkImport("api/app.ts", "cli/sdv.ts"));
  assert.is(checkImport("web/src/playground/engine.ts", "lib/respond.ts"), null);
  assert.ok(checkImport("runtime/engine.ts", "compiler/compile.ts"));
  assert.is(checkImport("api/routes/auth.ts", "api/http/context.ts"), null);
  assert.ok(checkImport("api/http/context.ts", "api/routes/auth.ts"));
  assert.ok(checkImport("api/new-thing.ts", "api/errors.ts"), "a file on no floor is reported");
});

test.run();
