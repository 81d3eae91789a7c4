import { test } from "uvu";
import * as assert from "uvu/assert";
import { ISO_3166_ALPHA2_CODES, iso3166Alpha2 } from "../../../runtime/checks/iso3166-alpha2.ts";
import { checkTable } from "./_table.ts";

checkTable(iso3166Alpha2, [
  ["US", true],
  ["GB", true],
  ["DE", true],
  ["FR", true],
  ["JP", true],
  ["AX", true],
  ["BQ", true],
  ["CW", true],
  ["SS", true],
  ["SX", true],
  ["PS", true],
  ["TW", true],
  ["HK", true],
  ["AQ", true],
  ["UM", true],
  ["VA", true],
  ["ZW", true],
  // reserved, not assigned
  ["UK", false, "the United Kingdom is GB"],
  ["EU", false, "European Union"],
  ["EZ", false, "not an assigned ISO 3166-1 code"],
  ["UN", false, "not an assigned"],
  ["XK", false, "Kosovo"],
  ["FX", false, "FR"],
  ["SU", false, "withdrawn"],
  ["YU", false, "withdrawn"],
  ["AN", false, "CW, SX or BQ"],
  ["TP", false, "TL"],
  ["ZR", false, "CD"],
  ["AC", false, "SH"],
  ["IC", false, "ES"],
  ["uk", false, "GB"],
  ["us", false, "use uppercase: US"],
  ["Gb", false, "use uppercase: GB"],
  ["USA", false, "two-letter"],
  ["GBR", false, "two-letter"],
  ["United States", false, "two-letter"],
  ["ZZ", false, "not an ISO 3166-1 alpha-2"],
  ["AA", false, "not an ISO 3166-1"],
  ["QO", false, "not an ISO 3166-1"],
  ["U", false, "not an ISO 3166-1"],
  ["", false, "not an ISO 3166-1"],
  ["U1", false, "not an ISO 3166-1"],
  ["US ", false, "remove the spaces"],
  [840, false, "as text"],
]);

test("iso3166-alpha2 list: the 249 officially assigned codes", () => {
  assert.is(ISO_3166_ALPHA2_CODES.size, 249);
  for (const code of ISO_3166_ALPHA2_CODES) assert.ok(/^[A-Z]{2}$/.test(code), code);
});

test.run();
