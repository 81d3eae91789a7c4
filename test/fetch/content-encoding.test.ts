// The fetcher's own Content-Encoding handling (fetch/http-exchange.ts), over real loopback sockets: each
// coding a server may send decodes to the page, an unknown one leaves the body as sent (as undici's fetch
// did), a broken one is a clear failure, and the request carries only the headers the fetcher sets.
import type http from "node:http";
import zlib from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEFAULT_USER_AGENT, FetchError, fetchPage, type FetchedPage } from "../../fetch/guarded-fetch.ts";
import { ACCEPT_ENCODING, MAX_CODINGS } from "../../fetch/http-exchange.ts";
import { recorder, startServer, type Fixture } from "./fixtures.ts";

const PAGE = '<!doctype html><title>Crème brûlée</title><script type="application/ld+json">{"@type":"Recipe","name":"Crème brûlée"}</script>';
const bytes = Buffer.from(PAGE);
const hasZstd = typeof (zlib as { zstdCompressSync?: unknown }).zstdCompressSync === "function";

/** path -> [Content-Encoding, body] */
const answers: Record<string, [string | null, Buffer]> = {
  "/plain": [null, bytes],
  "/gzip": ["gzip", zlib.gzipSync(bytes)],
  "/x-gzip": ["x-gzip", zlib.gzipSync(bytes)],
  "/GZIP-upper": ["GZIP", zlib.gzipSync(bytes)],
  "/deflate-zlib": ["deflate", zlib.deflateSync(bytes)],
  "/deflate-raw": ["deflate", zlib.deflateRawSync(bytes)],
  "/br": ["br", zlib.brotliCompressSync(bytes)],
  "/gzip-then-br": ["gzip, br", zlib.brotliCompressSync(zlib.gzipSync(bytes))],
  "/identity": ["identity", bytes],
  "/unknown": ["x-custom", bytes],
  "/gzip-cut-short": ["gzip", zlib.gzipSync(Buffer.from(PAGE.repeat(50))).subarray(0, 200)],
  "/gzip-broken": ["gzip", Buffer.from("this is not gzip at all, just text")],
  "/five": ["gzip, gzip, gzip, gzip, gzip", [1, 2, 3, 4, 5].reduce((b) => zlib.gzipSync(b), bytes)],
  "/six": ["gzip, gzip, gzip, gzip, gzip, gzip", [1, 2, 3, 4, 5, 6].reduce((b) => zlib.gzipSync(b), bytes)],
  "/redirect": [null, Buffer.alloc(0)],
};
if (hasZstd) answers["/zstd"] = ["zstd", (zlib as unknown as { zstdCompressSync(b: Buffer): Buffer }).zstdCompressSync(bytes)];

let site: Fixture;

test.before(async () => {
  site = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url ?? "/";
    if (path === "/redirect") return res.writeHead(302, { location: "/gzip", "content-encoding": "gzip", "content-length": 3 }).end("bad");
    const answer = answers[path];
    if (!answer) return res.writeHead(404).end();
    const [encoding, body] = answer;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(encoding ? { "content-encoding": encoding } : {}) });
    res.end(body);
  });
});

test.after(async () => {
  await site.close();
});

async function get(path: string): Promise<{ page?: FetchedPage; err?: FetchError }> {
  const rec = recorder();
  try {
    return { page: await fetchPage(`http://127.0.0.1:${site.port}${path}`, { allowPrivateHosts: ["127.0.0.1"], connectGuard: rec.guard, timeoutMs: 3000 }) };
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    return { err };
  } finally {
    assert.equal(rec.offBox, []);
  }
}

const decodes = ["/plain", "/gzip", "/x-gzip", "/GZIP-upper", "/deflate-zlib", "/deflate-raw", "/br", "/gzip-then-br", "/five", ...(hasZstd ? ["/zstd"] : [])];
for (const path of decodes) {
  test(`Content-Encoding ${answers[path]![0] ?? "(none)"} (${path}) decodes to the page`, async () => {
    const { page, err } = await get(path);
    assert.is(err, undefined, err?.message);
    assert.is(page!.body, PAGE);
    assert.is(page!.bytes, bytes.byteLength, "bytes counts the decoded body");
  });
}

test("identity and an unknown coding leave the body as sent", async () => {
  assert.is((await get("/identity")).page?.body, PAGE);
  assert.is((await get("/unknown")).page?.body, PAGE);
});

test("a gzip body cut short gives what was decoded, as browsers do", async () => {
  const { page, err } = await get("/gzip-cut-short");
  assert.is(err, undefined, err?.message);
  assert.ok(page!.body.length > 0 && PAGE.repeat(50).startsWith(page!.body));
});

test("a body that is not what its Content-Encoding says fails with a message naming the encoding", async () => {
  const { err } = await get("/gzip-broken");
  assert.is(err?.code, "fetch_failed");
  assert.match(err!.message, /content encoding/);
  assert.match(err!.message, /127\.0\.0\.1/);
});

test(`more than ${MAX_CODINGS} codings are refused before decoding`, async () => {
  const { err } = await get("/six");
  assert.is(err?.code, "fetch_failed");
  assert.match(err!.message, /content encoding/);
});

test("a redirect's body is not decoded (a broken one does not fail the redirect)", async () => {
  const { page, err } = await get("/redirect");
  assert.is(err, undefined, err?.message);
  assert.is(page!.body, PAGE);
  assert.is(page!.redirects, 1);
});

test("the request carries only the fetcher's headers, and asks for the encodings it decodes", async () => {
  const before = site.requests.length;
  await get("/gzip");
  const req = site.requests[before]!;
  assert.is(req.headers["user-agent"], DEFAULT_USER_AGENT);
  assert.is(req.headers["accept-encoding"], ACCEPT_ENCODING);
  assert.ok(req.headers.accept?.startsWith("text/html"));
  const names = Object.keys(req.headers).sort();
  assert.equal(names.filter((n) => !["accept", "accept-encoding", "connection", "host", "user-agent"].includes(n)), [], names.join(", "));
});

test("page after page from one site reuses a kept connection (the pooled agent: no test connect guard)", async () => {
  const before = site.connections;
  for (let i = 0; i < 5; i++) {
    const page = await fetchPage(`http://127.0.0.1:${site.port}/br`, { allowPrivateHosts: ["127.0.0.1"], timeoutMs: 3000 });
    assert.is(page.body, PAGE);
  }
  assert.ok(site.connections - before <= 1, `${site.connections - before} connections for 5 pages`);
});

test.run();
