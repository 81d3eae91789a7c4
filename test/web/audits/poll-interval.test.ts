/**
 * The audits page's polling stays within a third of the plan's requests a minute (web/src/audits/
 * poll-interval.ts): the free plan's 10 a minute were spent in 9 s at one look every 1.5 s, and the
 * page then stopped at its first 429.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { pollInterval } from "../../../web/src/audits/poll-interval.ts";

test("looks a minute takes stay within a third of the plan's rate; never faster than 1.5 s", () => {
  for (const perMinute of [10, 30, 60, 120, 600, 100_000]) {
    const ms = pollInterval(perMinute);
    assert.ok(ms >= 1500, `${perMinute}: ${ms}`);
    assert.ok(60_000 / ms <= perMinute / 3 + 1e-9 || ms === 1500, `${perMinute}/min: ${60_000 / ms} looks a minute`);
  }
  assert.is(pollInterval(10), 18_000);
  assert.is(pollInterval(100_000), 1500);
});

test("an unknown rate (the account not read yet) polls slowly", () => {
  assert.is(pollInterval(undefined), 20_000);
  assert.is(pollInterval(0), 20_000);
});

test.run();
