/**
 * A client that closes its connection before the answer stops its validation: the page fetch it waited
 * for is aborted (the origin sees its connection closed long before the fetch's own deadline), and
 * nothing is charged. Before, the fetch ran to its deadline for nobody, holding one of the process's
 * fetch places (or a render place) that requests queued behind it waited for.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../fetch/fixtures.ts";
import { OFFLINE_FETCH, signup, startApp, type TestApp } from "./helpers.ts";

/** The fetch's own deadline: far longer than the test waits, so only the abort can end the fetch in time. */
const FETCH_DEADLINE_MS = 60_000;
const WAIT_FOR_ABORT_MS = 8_000;

let origin: Fixture;
let t: TestApp;
let base: string;
const hanging: http.IncomingMessage[] = [];

test.before(async () => {
  origin = await startServer((req) => {
    // Never answered: only the fetcher closing its connection ends it.
    hanging.push(req);
  });
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${origin.port}`, RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: { ...OFFLINE_FETCH, timeoutMs: FETCH_DEADLINE_MS } });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
test.after(async () => {
  await t.close();
  await origin.close();
});

/** Resolves when the origin's request `index` has its connection closed, or rejects after `ms`. */
function closedWithin(index: number, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const req = hanging[index];
      if (req !== undefined && (req.socket.destroyed || req.socket.closed)) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`the origin's connection ${index} was still open after ${ms} ms`));
      }
    }, 25);
  });
}

async function untilRequested(count: number): Promise<void> {
  while (hanging.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

test("GET /api/v1/validate: a client that gives up aborts the page fetch, and is not charged", async () => {
  const { key } = await signup(t.app);
  const gaveUp = new AbortController();
  const url = `http://127.0.0.1:${origin.port}/hang?single`;
  const request = fetch(`${base}/api/v1/validate?url=${encodeURIComponent(url)}`, { headers: { "x-api-key": key }, signal: gaveUp.signal }).catch((err: unknown) => err);
  await untilRequested(1);
  gaveUp.abort();
  assert.instance(await request, Error);
  await closedWithin(0, WAIT_FOR_ABORT_MS);
  const account = await t.app.inject({ method: "GET", url: "/api/auth/account", headers: { "x-api-key": key } });
  assert.is(account.json().requests_used, 0, "nothing charged for the abandoned validation");
});

test("POST /api/v1/validate/batch: a client that gives up aborts its items' fetches, and is not charged", async () => {
  const { key } = await signup(t.app);
  const gaveUp = new AbortController();
  const items = [1, 2].map((n) => ({ url: `http://127.0.0.1:${origin.port}/hang?batch${n}` }));
  const request = fetch(`${base}/api/v1/validate/batch`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ items }),
    signal: gaveUp.signal,
  }).catch((err: unknown) => err);
  await untilRequested(3);
  gaveUp.abort();
  assert.instance(await request, Error);
  await Promise.all([closedWithin(1, WAIT_FOR_ABORT_MS), closedWithin(2, WAIT_FOR_ABORT_MS)]);
  const account = await t.app.inject({ method: "GET", url: "/api/auth/account", headers: { "x-api-key": key } });
  assert.is(account.json().requests_used, 0);
});

test("a client that waits gets its answer: the signal is not aborted by an answered request", async () => {
  const { key } = await signup(t.app);
  const res = await fetch(`${base}/api/v1/validate`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ jsonld: { "@context": "https://schema.org", "@type": "Thing", name: "x" } }),
  });
  assert.is(res.status, 200);
  const account = await t.app.inject({ method: "GET", url: "/api/auth/account", headers: { "x-api-key": key } });
  assert.is(account.json().requests_used, 1);
});

test.run();
