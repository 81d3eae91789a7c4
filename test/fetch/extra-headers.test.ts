/**
 * The guarded fetcher's extra headers and Retry-After: headers go to the origin asked for and never to
 * another origin a redirect leads to; reserved names are not sent; a 429's Retry-After is read.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fetchPage, extraHeaders, FetchError } from "../../fetch/guarded-fetch.ts";
import { startServer, type Fixture } from "./fixtures.ts";

let site: Fixture;
let other: Fixture;

test.before(async () => {
  other = await startServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html></html>");
  });
  site = await startServer((req, res) => {
    if (req.url === "/away") {
      res.writeHead(302, { location: `http://127.0.0.1:${other.port}/landing` });
      return void res.end();
    }
    if (req.url === "/busy") {
      res.writeHead(429, { "retry-after": "7" });
      return void res.end();
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html></html>");
  });
});
test.after(async () => {
  await site.close();
  await other.close();
});

const allow = () => [`127.0.0.1:${site.port}`, `127.0.0.1:${other.port}`];

test("extra headers reach the origin asked for, not the origin a redirect leads to", async () => {
  await fetchPage(`http://127.0.0.1:${site.port}/away`, { allowPrivateHosts: allow(), headers: { Authorization: "Bearer t0ken", "X-Staging": "1" } });
  const first = site.requests.at(-1)!;
  assert.is(first.headers.authorization, "Bearer t0ken");
  assert.is(first.headers["x-staging"], "1");
  const landed = other.requests.at(-1)!;
  assert.is(landed.url, "/landing");
  assert.is(landed.headers.authorization, undefined);
  assert.is(landed.headers["x-staging"], undefined);
});

test("reserved and malformed headers are not sent", () => {
  assert.equal(extraHeaders({ Host: "evil", "Content-Length": "3", "Proxy-Authorization": "x", "Bad Name": "x", "X-Ok": "yes", "X-Split": "a\r\nInjected: 1" }), { "x-ok": "yes" });
});

test("a 429 carries its Retry-After in seconds", async () => {
  try {
    await fetchPage(`http://127.0.0.1:${site.port}/busy`, { allowPrivateHosts: allow() });
    assert.unreachable();
  } catch (err) {
    assert.instance(err, FetchError);
    assert.is((err as FetchError).status, 429);
    assert.is((err as FetchError).retryAfterSeconds, 7);
  }
});

test.run();
