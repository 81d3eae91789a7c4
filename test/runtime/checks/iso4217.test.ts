import { test } from "uvu";
import * as assert from "uvu/assert";
import { ISO_4217_CODES, iso4217 } from "../../../runtime/checks/iso4217.ts";
import { checkTable } from "./_table.ts";

checkTable(iso4217, [
  ["USD", true],
  ["EUR", true],
  ["GBP", true],
  ["JPY", true],
  ["CHF", true],
  ["INR", true],
  ["SLE", true],
  ["VES", true],
  ["VED", true],
  ["ZWG", true],
  ["XCG", true],
  ["XAD", true],
  // fund, metal, testing and no-currency codes are in List One too
  ["XAU", true],
  ["XAG", true],
  ["XPT", true],
  ["XDR", true],
  ["CHE", true],
  ["USN", true],
  ["CLF", true],
  ["XTS", true],
  ["XXX", true],
  ["usd", false, "use uppercase: USD"],
  ["Eur", false, "use uppercase: EUR"],
  ["xau", false, "use uppercase: XAU"],
  // withdrawn codes name their replacement
  ["HRK", false, "withdrawn from ISO 4217: use EUR"],
  ["ANG", false, "use XCG"],
  ["ZWL", false, "use ZWG"],
  ["SLL", false, "use SLE"],
  ["VEF", false, "use VES"],
  ["BYR", false, "use BYN"],
  ["MRO", false, "use MRU"],
  ["CUC", false, "use CUP"],
  ["hrk", false, "use EUR"],
  ["$", false, "USD"],
  ["€", false, "EUR"],
  ["RMB", false, "CNY"],
  ["US$", false, "USD"],
  ["US", false, "not an ISO 4217 currency code"],
  ["USDT", false, "not an ISO 4217"],
  ["BTC", false, "not an ISO 4217"],
  ["ABC", false, "not an ISO 4217"],
  ["", false, "not an ISO 4217"],
  [" USD", false, "remove the spaces"],
  [840, false, "as text"],
]);

test("iso4217 list: 178 distinct three-letter uppercase codes", () => {
  assert.is(ISO_4217_CODES.size, 178);
  for (const code of ISO_4217_CODES) assert.ok(/^[A-Z]{3}$/.test(code), code);
});

test.run();
