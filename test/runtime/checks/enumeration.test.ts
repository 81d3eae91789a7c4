import { test } from "uvu";
import * as assert from "uvu/assert";
import { enumMember } from "../../../runtime/checks/enumeration.ts";

const rows: ReadonlyArray<readonly [string, string | null]> = [
  ["InStock", "InStock"],
  ["https://schema.org/InStock", "InStock"],
  ["http://schema.org/InStock", "InStock"],
  ["https://www.schema.org/InStock", "InStock"],
  ["http://www.schema.org/InStock", "InStock"],
  ["schema:InStock", "InStock"],
  ["EventScheduled", "EventScheduled"],
  ["https://schema.org/OfflineEventAttendanceMode", "OfflineEventAttendanceMode"],
  ["https://schema.org/3DModel", "3DModel"],
  ["Sunday", "Sunday"], // starts with s without being a prefix
  ["http", "http"],
  ["schema", "schema"],
  // the caller, not this helper, decides whether the name is a member of the enumeration
  ["instock", "instock"],
  // none of the forms
  ["In Stock", null],
  [" InStock", null],
  ["InStock ", null],
  ["", null],
  ["https://schema.org/", null],
  ["schema:", null],
  ["https://schema.org/InStock/", null],
  ["https://schema.org/ItemAvailability/InStock", null],
  ["https://schema.org/InStock#x", null],
  ["schema.org/InStock", null],
  ["//schema.org/InStock", null],
  ["HTTPS://SCHEMA.ORG/InStock", null],
  ["https://example.com/InStock", null],
  ["https://schema.org.evil.com/InStock", null],
  ["ex:InStock", null],
  ["In-Stock", null],
  ["In_Stock", null],
];

for (const [value, expected] of rows) {
  test(`enumMember ${JSON.stringify(value)} -> ${JSON.stringify(expected)}`, () => {
    assert.is(enumMember(value), expected);
  });
}

test.run();
