/**
 * Every error the server itself emits is an ApiError, also for bytes that never become a request
 * (bad request line, NUL in a header, 64 KiB of headers, a path that cannot be decoded) and for a request
 * that does not arrive completely in time. Tested over raw sockets, since app.inject never parses HTTP.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import net from "node:net";
import { startApp, type TestApp } from "../helpers.ts";
import { REQUEST_TIMEOUT_MS, CONNECTIONS_CHECK_INTERVAL_MS } from "../../../api/http/limits.ts";

const SHORT_DEADLINE_MS = 800;
let t: TestApp;
let port: number;

test.before(async () => {
  t = await startApp({}, { requestTimeoutMs: SHORT_DEADLINE_MS });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});
test.after(async () => {
  await t.close();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  ms: number;
}

/** Writes `chunks` (and keeps the socket open) and reads until the server closes the connection. */
function raw(chunks: Array<string | Buffer>, timeoutMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    });
    socket.on("data", (d) => received.push(d));
    socket.on("error", () => {});
    socket.on("close", () => {
      const text = Buffer.concat(received).toString("utf8");
      const [head, ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join("\r\n\r\n"), ms: performance.now() - started });
    });
    for (const chunk of chunks) socket.write(chunk);
  });
}

function assertApiError(answer: RawAnswer, status: number, code: string): void {
  assert.is(answer.status, status, answer.headers + answer.body);
  const body = JSON.parse(answer.body);
  assert.is(body.success, false);
  assert.is(body.error.code, code);
  assert.type(body.error.message, "string");
  assert.ok(body.error.docs_url.endsWith(`#${code}`));
  assert.match(answer.headers, /content-type: application\/json/i);
}

const MALFORMED: Array<[string, Array<string | Buffer>, number, string]> = [
  ["bad request line", ["GARBAGE\r\n\r\n"], 400, "invalid_request"],
  ["NUL in a header value", [Buffer.from("GET /health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n", "latin1")], 400, "invalid_request"],
  ["space in a header name", ["GET /health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n"], 400, "invalid_request"],
  ["64 KiB of headers", [`GET /health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 64 }, (_, i) => `X-Filler-${i}: ${"a".repeat(1000)}\r\n`).join("")}\r\n`], 431, "headers_too_large"],
  ["a path that cannot be decoded", ["GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"], 400, "invalid_request"],
];

for (const [name, chunks, status, code] of MALFORMED) {
  test(`malformed HTTP: ${name} -> ${status} ${code} as an ApiError`, async () => {
    assertApiError(await raw(chunks), status, code);
  });
}

test("an incomplete request (headers never finished) is cut at the deadline with 408 request_timeout", async () => {
  const answer = await raw(["GET /health HTTP/1.1\r\nHost: x\r\n"]);
  assertApiError(answer, 408, "request_timeout");
  assert.ok(answer.ms >= SHORT_DEADLINE_MS - 50, `not before the deadline (${Math.round(answer.ms)} ms)`);
  assert.ok(answer.ms < SHORT_DEADLINE_MS + CONNECTIONS_CHECK_INTERVAL_MS + 1000, `soon after it (${Math.round(answer.ms)} ms)`);
});

test("a body that stops arriving is cut at the deadline too", async () => {
  const answer = await raw(["POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\":"]);
  assertApiError(answer, 408, "request_timeout");
  assert.ok(answer.ms < SHORT_DEADLINE_MS + CONNECTIONS_CHECK_INTERVAL_MS + 1000, `${Math.round(answer.ms)} ms`);
});

test("the production server: a 30 s deadline, checked every second (not Node's 30 s interval)", async () => {
  const prod = await startApp();
  try {
    assert.is(prod.app.server.requestTimeout, REQUEST_TIMEOUT_MS);
    assert.is(REQUEST_TIMEOUT_MS, 30_000, "README promises 30 s");
    assert.is((prod.app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval, 1000);
  } finally {
    await prod.close();
  }
});

test.run();
