// The guarded fetcher's kept connections (fetch/connection-pool.ts), on the production path (no connect
// guard: with one, every fetch has an agent of its own). Loopback fixtures only; test names resolve
// through the injected resolver.
import http from "node:http";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fetchPage } from "../../fetch/guarded-fetch.ts";
import { closePooledConnections, pooledDestinations } from "../../fetch/connection-pool.ts";
import { fakeResolver, startServer, type Fixture } from "./fixtures.ts";

const PAGE = '<!doctype html><title>t</title><script type="application/ld+json">{"@type":"Thing"}</script>';
const page = (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(PAGE);
};

let servers: Fixture[] = [];
test.after.each(async () => {
  await closePooledConnections();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

test("fetches from one site share a kept connection", async () => {
  const site = await startServer(page);
  servers.push(site);
  const options = { allowPrivateHosts: [`127.0.0.1:${site.port}`], timeoutMs: 3000 };
  for (let i = 0; i < 10; i++) {
    const got = await fetchPage(`http://127.0.0.1:${site.port}/p/${i}`, options);
    assert.is(got.body, PAGE);
  }
  assert.is(site.requests.length, 10);
  // undici may open a second socket when a page is asked for while the last one's is being released.
  assert.ok(site.connections <= 2, `ten sequential pages over ${site.connections} connections`);
});

test("a host whose address changed gets a connection to the new address only", async () => {
  const first = await startServer(page, { host: "127.0.0.1" });
  const second = await startServer(page, { host: "127.0.0.2", port: first.port });
  servers.push(first, second);
  let address = "127.0.0.1";
  const dns = fakeResolver({ "shop.test": () => [address] });
  const options = { resolver: dns.resolve, allowPrivateHosts: [`shop.test:${first.port}`], timeoutMs: 3000 };
  await fetchPage(`http://shop.test:${first.port}/a`, options);
  address = "127.0.0.2";
  await fetchPage(`http://shop.test:${first.port}/b`, options);
  assert.is(first.requests.length, 1, "the kept connection to the old address is not used for the new answer");
  assert.is(second.requests.length, 1);
  assert.is(dns.calls.length, 2, "every fetch resolves and checks the host again");
});

test("a refused destination stays refused after a kept connection to an allowed one", async () => {
  const site = await startServer(page);
  servers.push(site);
  const dns = fakeResolver({ "shop.test": "127.0.0.1", "intranet.test": "127.0.0.1" });
  await fetchPage(`http://shop.test:${site.port}/`, { resolver: dns.resolve, allowPrivateHosts: [`shop.test:${site.port}`], timeoutMs: 3000 });
  const before = site.requests.length;
  try {
    // Its port is allowed: only its address can refuse it.
    await fetchPage(`http://intranet.test:${site.port}/`, { resolver: dns.resolve, allowPrivateHosts: [`shop.test:${site.port}`], allowedPorts: [site.port], timeoutMs: 3000 });
    assert.unreachable("a loopback address of a host not allowed was fetched");
  } catch (err) {
    assert.is((err as { code?: string }).code, "destination_not_allowed");
  }
  assert.is(site.requests.length, before, "nothing reached the server through the kept connection");
});

test("a kept connection the server drops without answering: the page is fetched again on a new connection", async () => {
  // Each connection serves one page; a second request on it is dropped unanswered, the race a kept
  // connection loses when the server closes it as it sits idle.
  const served = new WeakMap<object, number>();
  const site = await startServer((req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    if (n > 1) req.socket.destroy();
    else page(req, res);
  });
  servers.push(site);
  const options = { allowPrivateHosts: [`127.0.0.1:${site.port}`], timeoutMs: 3000 };
  for (let i = 0; i < 4; i++) {
    const got = await fetchPage(`http://127.0.0.1:${site.port}/p/${i}`, options);
    assert.is(got.body, PAGE);
  }
});

test("destinations kept are bounded, and closing ends them", async () => {
  const site = await startServer(page);
  servers.push(site);
  const names: Record<string, string> = {};
  for (let i = 0; i < 80; i++) names[`h${i}.test`] = "127.0.0.1";
  const dns = fakeResolver(names);
  const allow = Object.keys(names).map((n) => `${n}:${site.port}`);
  for (const name of Object.keys(names)) await fetchPage(`http://${name}:${site.port}/`, { resolver: dns.resolve, allowPrivateHosts: allow, timeoutMs: 3000 });
  assert.ok(pooledDestinations() <= 64, `kept ${pooledDestinations()} destinations`);
  await closePooledConnections();
  assert.is(pooledDestinations(), 0);
});

test.run();
