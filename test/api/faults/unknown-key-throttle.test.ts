/**
 * Guessing keys is throttled per client IP: 300 random well-formed keys from one IP get 401 only up to
 * INVALID_KEY_LIMIT_PER_MINUTE, then 429 rate_limit_exceeded (with retry_after_seconds and Retry-After);
 * another IP is unaffected; no bucket is created per unknown key; and a valid key from the throttled IP is
 * still served (issue 16: 21 bad keys from one IP locked every valid key behind it out).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { generateApiKey } from "../../../api/keys/api-key.ts";
import { BlockedAddresses } from "../../../api/http/blocked-addresses.ts";
import { MemoryRateLimiter } from "../../../api/stores/embedded/memory-rate-limiter.ts";
import { openStores } from "../../../api/stores/index.ts";
import { apiError, EVENT, signup, startApp, type TestApp } from "../helpers.ts";
import { awaitRoomInWindow, tempDir } from "../stores/fixtures.ts";

const LIMIT = 20;
const dir = tempDir("unknown-keys");
let t: TestApp;
let limiter: MemoryRateLimiter;

test.before(async () => {
  const stores = await openStores({ dataDir: dir.path });
  limiter = stores.rateLimiter as MemoryRateLimiter;
  t = await startApp({ INVALID_KEY_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_PER_MINUTE: "1000" }, { stores });
  const close = t.close;
  t.close = async () => {
    await close();
    await stores.close();
    dir.remove();
  };
});
test.after(async () => {
  await t.close();
});

const validateAs = (ip: string, key: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/validate", remoteAddress: ip, headers: { "x-api-key": key }, payload: { jsonld: EVENT } });

test(`300 random well-formed keys from one IP: ${LIMIT} answered 401, the rest 429`, async () => {
  await awaitRoomInWindow(15_000);
  const { key } = await signup(t.app);
  const trackedBefore = limiter.size;
  const statuses: number[] = [];
  let last429;
  for (let i = 0; i < 300; i++) {
    const res = await validateAs("198.51.100.7", generateApiKey());
    statuses.push(res.statusCode);
    if (res.statusCode === 429) last429 = res;
  }
  assert.is(statuses.filter((s) => s === 401).length, LIMIT);
  assert.is(statuses.filter((s) => s === 429).length, 300 - LIMIT);
  assert.ok(statuses.slice(0, LIMIT).every((s) => s === 401), "the first ones are plain 401s");
  const error = apiError(last429!, 429, "rate_limit_exceeded");
  assert.ok(error.retry_after_seconds! >= 1 && error.retry_after_seconds! <= 60);
  assert.is(last429!.headers["retry-after"], String(error.retry_after_seconds));
  assert.ok(limiter.size - trackedBefore <= 2, `no bucket per unknown key (${limiter.size - trackedBefore} new)`);

  // A valid key from the throttled IP is served, and does not lift the throttle; another IP is unaffected.
  assert.is((await validateAs("198.51.100.7", key)).statusCode, 200);
  apiError(await validateAs("198.51.100.7", generateApiKey()), 429, "rate_limit_exceeded");
  assert.is((await validateAs("198.51.100.8", key)).statusCode, 200);
  apiError(await validateAs("198.51.100.8", generateApiKey()), 401, "invalid_api_key");
});

test("the in-process list of refused addresses expires entries and stays bounded", () => {
  const blocked = new BlockedAddresses(3);
  blocked.block("a", 10_000);
  assert.is(blocked.secondsLeft("a", 8_500), 2);
  assert.is(blocked.secondsLeft("a", 10_000), 0, "expired");
  assert.is(blocked.secondsLeft("never", 0), 0);
  const far = Date.now() + 60_000;
  for (const ip of ["b", "c", "d", "e"]) blocked.block(ip, far);
  assert.is(blocked.secondsLeft("b", Date.now()), 0, "the oldest entry was dropped at the bound");
  assert.ok(blocked.secondsLeft("e", Date.now()) > 0);
});

test.run();
