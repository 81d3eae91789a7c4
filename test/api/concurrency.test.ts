/**
 * Credits are reserved atomically before validating: N + k concurrent validations against N remaining
 * credits give exactly N successes and k quota_exceeded, and the account's usage is exactly N. Run on the
 * embedded store, and with REDIS_URL (rate limits and cache in Redis) when a Redis answers on
 * 127.0.0.1:6379 (skipped visibly otherwise).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { FastifyInstance } from "fastify";
import { EVENT, signup, startApp, validateJsonLd, type TestApp } from "./helpers.ts";
import { redisAnswers } from "../support/redis-answers.ts";

/** Uses `used` credits of the account's current period directly in the store. */
async function useCredits(app: FastifyInstance, email: string, used: number): Promise<string> {
  const accounts = app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  const period = new Date().toISOString().slice(0, 7);
  for (let i = 0; i < used; i++) assert.ok((await accounts.reserveCredit(account.id, period, 100)).ok);
  return account.id;
}

async function race(app: FastifyInstance, remaining: number, extra: number): Promise<void> {
  const { key, email } = await signup(app);
  const accountId = await useCredits(app, email, 100 - remaining);
  const results = await Promise.all(Array.from({ length: remaining + extra }, () => validateJsonLd(app, key, EVENT)));
  const ok = results.filter((r) => r.statusCode === 200);
  const quota = results.filter((r) => r.statusCode === 429 && r.json().error.code === "quota_exceeded");
  assert.is(ok.length, remaining, `successes with ${remaining} credits and ${remaining + extra} requests`);
  assert.is(quota.length, extra);
  // Each success reports the credits left after its own reservation: a permutation of 0..remaining-1.
  const left = ok.map((r) => r.json().meta.credits_remaining).sort((a: number, b: number) => a - b);
  assert.equal(left, Array.from({ length: remaining }, (_, i) => i));
  const period = new Date().toISOString().slice(0, 7);
  assert.is((await app.sdv.stores.accounts.usage(accountId, period)).used, 100);
}

/** `vars`: the settings of the run, or why it cannot run here (its tests then count as skipped). */
function suite(name: string, vars: Record<string, string> | string): void {
  let t: TestApp | null = null;
  const it = typeof vars === "string" ? test.skip : test;
  if (typeof vars === "string") console.log(`  SKIP ${name}: ${vars}`);
  it(`${name}: 200 concurrent validations against 100 credits give exactly 100 successes (x5)`, async () => {
    t = await startApp({ RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn", ...(vars as Record<string, string>) });
    for (let round = 0; round < 5; round++) await race(t.app, 100, 100);
  });
  it(`${name}: 1 credit left, 50 concurrent: exactly 1 success`, async () => {
    if (t === null) return;
    await race(t.app, 1, 49);
  });
  it(`${name}: 0 credits left: every request is quota_exceeded`, async () => {
    if (t === null) return;
    await race(t.app, 0, 20);
    await t.close();
  });
}

suite("embedded store", {});
suite("REDIS_URL set", (await redisAnswers()) ? { REDIS_URL: "redis://127.0.0.1:6379" } : "Redis does not answer on 127.0.0.1:6379");

test.run();
