import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isCheckName, valueChecks } from "../../../runtime/checks/index.ts";
import type { ValueCheck } from "../../../runtime/checks/value-check.ts";

const here = dirname(fileURLToPath(import.meta.url));
const checksDir = join(here, "../../../runtime/checks");

function isValueCheck(value: unknown): value is ValueCheck {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === "string" && typeof v.description === "string" && typeof v.test === "function";
}

test("every registry key equals its check's name", () => {
  for (const [key, check] of Object.entries(valueChecks)) assert.is(check.name, key);
});

test("names are kebab-case and descriptions one line", () => {
  for (const check of Object.values(valueChecks)) {
    assert.ok(/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(check.name), check.name);
    assert.ok(check.description.length > 0 && !check.description.includes("\n"), check.name);
  }
});

test("every ValueCheck exported from runtime/checks is registered, from a file named after it", async () => {
  const found = new Set<ValueCheck>();
  for (const file of readdirSync(checksDir).filter((f) => f.endsWith(".ts"))) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(checksDir, file)).href);
    if (file === "index.ts") continue;
    for (const [exportName, value] of Object.entries(module)) {
      if (!isValueCheck(value)) continue;
      found.add(value);
      assert.is(valueChecks[value.name], value, `${file} exports ${exportName} ("${value.name}"), not in the registry`);
      assert.is(basename(file, ".ts"), value.name, `${exportName} should live in ${value.name}.ts`);
    }
  }
  for (const check of Object.values(valueChecks)) assert.ok(found.has(check), `${check.name} is not exported from its file`);
});

test("every check has a test file", () => {
  const tests = new Set(readdirSync(here));
  for (const name of Object.keys(valueChecks)) assert.ok(tests.has(`${name}.test.ts`), name);
});

test("the registry is frozen and isCheckName agrees with it", () => {
  assert.ok(Object.isFrozen(valueChecks));
  for (const name of Object.keys(valueChecks)) assert.ok(isCheckName(name));
  assert.not.ok(isCheckName("toString"));
  assert.not.ok(isCheckName("iso8601"));
});

test("a boolean fails every check with a message", () => {
  for (const check of Object.values(valueChecks)) {
    const reason = check.test(true);
    assert.type(reason, "string", check.name);
  }
});

test.run();
