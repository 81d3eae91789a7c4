/**
 * Which items of a batch get 429 quota_exceeded when credits run out partway depends on input order, not
 * timing: credits are reserved in input order, so the earlier items get them. Cache hits stay free (served
 * with no credits), and items refused before any reservation (a parse error) take none. Repeated, since a
 * race would show only some of the time.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import type { FastifyInstance } from "fastify";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { EVENT, signup, startApp, type TestApp } from "./helpers.ts";

const PAGE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(EVENT)}</script></head><body></body></html>`;
const MONTHLY = 100;
const ROUNDS = 5;

interface Item {
  ok: boolean;
  status: number;
  result?: { meta: { cached: boolean; credits_used: number } };
  error?: { code: string };
}

let fixture: Fixture;
let t: TestApp;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();
let unique = 0;

function route(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(PAGE);
}

const site = (path: string) => `http://site.test:${fixture.port}${path}`;
const period = () => new Date().toISOString().slice(0, 7);

async function accountWith(app: FastifyInstance, remaining: number): Promise<{ key: string; id: string }> {
  const { key, email } = await signup(app);
  const accounts = app.sdv.stores.accounts;
  const account = (await accounts.findByEmail(email))!;
  for (let i = 0; i < MONTHLY - remaining; i++) assert.ok((await accounts.reserveCredit(account.id, period(), MONTHLY)).ok);
  return { key, id: account.id };
}

async function batch(key: string, items: unknown[]): Promise<Item[]> {
  const res = await t.app.inject({ method: "POST", url: "/api/v1/validate/batch", headers: { "x-api-key": key }, payload: { items } });
  assert.is(res.statusCode, 200, res.body.slice(0, 200));
  return res.json().results as Item[];
}

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp(
    { FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
    { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 10_000 } },
  );
});
test.after(async () => {
  await t.close();
  await fixture.close();
  assert.equal(rec.offBox, [], "a connection to a non-loopback address was attempted");
});

test(`${ROUNDS} rounds: 20 JSON-LD items with 7 credits left: exactly the first 7 succeed, the other 13 get 429`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const { key, id } = await accountWith(t.app, 7);
    const results = await batch(key, Array.from({ length: 20 }, () => ({ jsonld: EVENT })));
    const outcome = results.map((r) => (r.ok ? "ok" : `${r.status} ${r.error!.code}`));
    assert.equal(outcome, [...Array(7).fill("ok"), ...Array(13).fill("429 quota_exceeded")], `round ${round}`);
    assert.is((await t.app.sdv.stores.accounts.usage(id, period())).used, MONTHLY);
  }
});

test(`${ROUNDS} rounds, mixed: a fresh URL first (slower to reach its reservation), a cache hit and a parse error in the middle`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const cachedUrl = site(`/cached-${++unique}`);
    const warm = await signup(t.app);
    assert.is((await batch(warm.key, [{ url: cachedUrl }]))[0]!.ok, true);

    const { key, id } = await accountWith(t.app, 4);
    const items = [
      { url: site(`/fresh-${++unique}`) },
      { jsonld: EVENT },
      { url: cachedUrl },
      { jsonld: "{ not json" },
      { jsonld: EVENT },
      { jsonld: [EVENT, EVENT] },
      { jsonld: EVENT },
      { url: site(`/fresh-${++unique}`) },
      { url: cachedUrl },
      { jsonld: EVENT },
    ];
    const outcome = (await batch(key, items)).map((r) => (r.ok ? (r.result!.meta.cached ? "cached" : "ok") : r.error!.code));
    assert.equal(
      outcome,
      ["ok", "ok", "cached", "parse_error", "ok", "ok", "quota_exceeded", "quota_exceeded", "cached", "quota_exceeded"],
      `round ${round}`,
    );
    assert.is((await t.app.sdv.stores.accounts.usage(id, period())).used, MONTHLY);
  }
});

test.run();
