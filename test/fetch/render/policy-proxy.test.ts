/**
 * The renderer's forward proxy on its own (no browser needed): plain HTTP and CONNECT both go through the
 * fetcher's policy; refused targets never see a connection; caps on requests and bytes; no policy refuses all.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import http from "node:http";
import net from "node:net";
import { isLoopbackForTest, startServer, type Fixture } from "../fixtures.ts";
import { PolicyProxy } from "../../../fetch/render/policy-proxy.ts";
import { parseAllowedHosts } from "../../../fetch/host-policy.ts";
import type { DestinationPolicy } from "../../../fetch/destination-policy.ts";

let page: Fixture;
let canary: Fixture;
let otherAddress: Fixture;
const dialled: string[] = [];

test.before(async () => {
  page = await startServer((_req, res) => res.end("x".repeat(10_000)));
  canary = await startServer((_req, res) => res.end("canary"));
  otherAddress = await startServer((_req, res) => res.end("canary"), { host: "127.0.0.2" });
});

test.after(async () => {
  await Promise.all([page.close(), canary.close(), otherAddress.close()]);
});

const policy = (): DestinationPolicy => ({
  allowed: parseAllowedHosts([`127.0.0.1:${page.port}`]),
  allowedPorts: [80, 443],
  resolver: async (name) => {
    if (name === "page.test") return [{ address: "127.0.0.1", family: 4 }];
    if (name === "meta.test") return [{ address: "169.254.169.254", family: 4 }];
    throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
  },
});

const start = (options: Partial<Parameters<typeof PolicyProxy.start>[0]> = {}) =>
  PolicyProxy.start({
    policy: policy(),
    connectGuard: (address) => {
      dialled.push(address);
      if (!isLoopbackForTest(address)) throw new Error(`refusing ${address}`);
    },
    ...options,
  });

/** A GET in absolute form through the proxy: status and body. */
function viaProxy(proxy: PolicyProxy, url: string): Promise<{ status: number; body: string; refused: boolean }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: Number(port), method: "GET", path: url, headers: { host: URL.canParse(url) ? new URL(url).host : "127.0.0.1" } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, refused: res.headers["x-sdv-refused"] !== undefined }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** A CONNECT through the proxy: the status line it answers. */
function connect(proxy: PolicyProxy, authority: string): Promise<string> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`));
    let answer = "";
    socket.on("data", (d) => {
      answer += d;
      if (answer.includes("\r\n")) {
        socket.destroy();
        resolve(answer.split("\r\n")[0]);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer.split("\r\n")[0]));
  });
}

test("an allowed page goes through; refused targets (other port, other loopback address, decimal form, metadata, localhost) never see a connection", async () => {
  const proxy = await start();
  try {
    const ok = await viaProxy(proxy, `http://127.0.0.1:${page.port}/`);
    assert.is(ok.status, 200);
    assert.is(ok.body.length, 10_000);
    for (const url of [
      `http://127.0.0.1:${canary.port}/`,
      `http://127.0.0.2:${otherAddress.port}/`,
      `http://2130706434:${otherAddress.port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://meta.test/",
      `http://localhost:${canary.port}/`,
    ]) {
      const r = await viaProxy(proxy, url);
      assert.is(r.status, 403, url);
      assert.ok(r.refused, url);
    }
    for (const authority of [`127.0.0.1:${canary.port}`, `127.0.0.2:${otherAddress.port}`, "169.254.169.254:443", `[::1]:${canary.port}`, "meta.test:443"]) {
      assert.match(await connect(proxy, authority), /^HTTP\/1\.1 403/, authority);
    }
    assert.match(await connect(proxy, `127.0.0.1:${page.port}`), /^HTTP\/1\.1 200/);
    assert.is(canary.connections, 0);
    assert.is(otherAddress.connections, 0);
    assert.equal(dialled.filter((a) => a !== "127.0.0.1"), []);
  } finally {
    await proxy.close();
  }
});

test("a request in origin form (the proxy's own paths) is refused", async () => {
  const proxy = await start();
  try {
    const r = await viaProxy(proxy, "/");
    assert.is(r.status, 400);
  } finally {
    await proxy.close();
  }
});

test("caps: requests past maxRequests are refused, bytes past maxBytes end the connections; onLimit says which", async () => {
  const hits: string[] = [];
  const proxy = await start({ maxRequests: 2, onLimit: (what) => hits.push(what) });
  try {
    assert.is((await viaProxy(proxy, `http://127.0.0.1:${page.port}/1`)).status, 200);
    assert.is((await viaProxy(proxy, `http://127.0.0.1:${page.port}/2`)).status, 200);
    assert.is((await viaProxy(proxy, `http://127.0.0.1:${page.port}/3`)).status, 403);
    assert.equal(hits, ["requests"]);
  } finally {
    await proxy.close();
  }
  const bytes: string[] = [];
  const small = await start({ maxBytes: 1_000, onLimit: (what) => bytes.push(what) });
  try {
    await viaProxy(small, `http://127.0.0.1:${page.port}/big`).catch(() => null);
    assert.equal(bytes, ["bytes"]);
    assert.ok(small.stats.bytesIn > 1_000);
  } finally {
    await small.close();
  }
});

test("without a policy (the browser-wide fallback) everything is refused", async () => {
  const proxy = await PolicyProxy.start({ policy: null });
  try {
    assert.is((await viaProxy(proxy, `http://127.0.0.1:${page.port}/`)).status, 403);
    assert.match(await connect(proxy, `127.0.0.1:${page.port}`), /^HTTP\/1\.1 403/);
  } finally {
    await proxy.close();
  }
});

test.run();
