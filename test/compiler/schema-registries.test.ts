/** The rule language's closed lists stay equal to what the runtime implements. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { listChecks, nodeChecks } from "../../runtime/checks/structure-checks.ts";
import { ISSUE_CODES } from "../../runtime/issue-codes.ts";
import { ruleFiles } from "../rules/rule-files.ts";

const schema = JSON.parse(readFileSync(new URL("../../generated/rule-file.schema.json", import.meta.url), "utf8"));

test("list_check names equal the list-check registry", () => {
  assert.equal([...schema.definitions.propertyRule.properties.list_check.enum].sort(), Object.keys(listChecks).sort());
});

test("node_check names equal the node-check registry", () => {
  assert.equal([...schema.definitions.expectNode.properties.node_check.enum].sort(), Object.keys(nodeChecks).sort());
});

test("every issue code an example expects is a real code", () => {
  const known = new Set<string>(ISSUE_CODES);
  for (const file of ruleFiles()) {
    for (const example of file.examples.invalid) for (const e of example.expect ?? []) assert.ok(known.has(e.code), `${file.type}: ${e.code}`);
  }
});

test.run();
