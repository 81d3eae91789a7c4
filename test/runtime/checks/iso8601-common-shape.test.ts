/**
 * dateTimeError answers the date-time nearly every page writes by one pattern before reading the
 * characters: the two must agree on every value, near the pattern's edges above all (a 29th, hour 24,
 * a 14-hour offset, a lower-case z), for every combination of a time and a zone being required.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { dateTimeError, readDateTimeError } from "../../../runtime/checks/iso8601.ts";

const dates = ["2026-01-01", "2024-02-28", "2024-02-29", "2025-02-29", "2026-04-30", "2026-04-31", "2026-00-10", "2026-13-10", "2026-12-00", "2026-12-32", "2026-1-05", "0000-01-01"];
const times = ["", "T00:00", "T23:59", "T24:00", "T24:01", "T19:30:00", "T19:30:60", "T19:30:61", "T19:60", "T19:30:05.250", "T19:30:05.", "T19:30:05,2", "T9:30", "T", "t19:30", " 19:30"];
const zones = ["", "Z", "z", "+00:00", "-05:00", "+13:59", "+14:00", "+14:01", "-1400", "+0530", "+05", "+5:30", "+05:60", "Zx"];

test("the pattern and the character reads agree on every value near the pattern's edges", () => {
  let compared = 0;
  let matchedByPattern = 0;
  for (const date of dates) {
    for (const time of times) {
      for (const zone of zones) {
        const value = `${date}${time}${zone}`;
        for (const [needTime, needZone] of [[true, true], [true, false], [false, true], [false, false]] as const) {
          const read = readDateTimeError(value, needTime, needZone);
          assert.is(dateTimeError(value, needTime, needZone), read, `${value} (time ${needTime}, zone ${needZone})`);
          compared++;
          if (read === null && needTime && needZone) matchedByPattern++;
        }
      }
    }
  }
  assert.ok(compared > 10_000, `${compared} comparisons`);
  assert.ok(matchedByPattern > 100, "values the common shape covers are among them");
});

test.run();
