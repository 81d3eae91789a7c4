// Shared by the value-check tests (the leading underscore keeps it out of the runner's pattern).
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ValueCheck } from "../../../runtime/checks/value-check.ts";

/** [value, passes, a fragment the failure message must contain] */
export type Row = readonly [value: string | number | boolean, passes: boolean, fragment?: string];

/** Registers one uvu test per row on the default suite; the test file calls test.run(). */
export function checkTable(check: ValueCheck, rows: readonly Row[]): void {
  for (const [value, passes, fragment] of rows) {
    test(`${check.name} ${JSON.stringify(value)} ${passes ? "passes" : "fails"}`, () => {
      const reason = check.test(value);
      if (passes) {
        assert.is(reason, null, `expected a pass, got: ${reason}`);
        return;
      }
      assert.type(reason, "string", "expected a failure");
      const message = reason as string;
      // Messages are shown one per line in reports, and read as fragments, not sentences.
      assert.ok(message.length > 0 && !message.includes("\n"), "one non-empty line");
      assert.not.ok(message.endsWith("."), `no trailing period: ${message}`);
      if (fragment !== undefined) assert.ok(message.includes(fragment), `"${message}" should contain "${fragment}"`);
    });
  }
}
