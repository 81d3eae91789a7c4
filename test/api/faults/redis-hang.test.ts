/**
 * A Redis that stops answering but keeps its socket open (SIGSTOP) is treated exactly like a Redis that is
 * down: keyed validations (URL cache and rate limiter), signup and login answer within 1 s, the URL cache
 * misses, rate limits are counted in process, and a warning is logged. Runs on a redis-server of its own.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../../fetch/fixtures.ts";
import { EVENT, signup, startApp, uniqueEmail, type TestApp } from "../helpers.ts";
import { privateRedisMissing, startPrivateRedis, type PrivateRedis } from "./private-redis.ts";
import { awaitRoomInWindow, sleep } from "../stores/fixtures.ts";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const PAGE = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(EVENT)}</script></head><body></body></html>`;
const ANSWER_WITHIN_MS = 1000;

const redis = await startPrivateRedis();
if ("reason" in redis && privateRedisMissing() !== null) {
  console.log(`  hung-Redis tests skipped: ${redis.reason}`);
  test.skip(`hung Redis (skipped: ${redis.reason})`, () => {});
} else if ("reason" in redis) {
  // The binary is there: a server that does not start is a failure, not a skip.
  const reason = redis.reason;
  test("hung Redis: a private redis-server starts", () => {
    throw new Error(reason);
  });
} else {
  let t: TestApp;
  let fixture: Fixture;
  const r: PrivateRedis = redis;

  test.before(async () => {
    fixture = await startServer((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(PAGE);
    });
    t = await startApp({ REDIS_URL: r.url, RATE_LIMIT_PER_MINUTE: "2", FETCH_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" });
  });
  test.after(async () => {
    r.thaw();
    await t?.close();
    await fixture?.close();
    await r.kill();
  });

  async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    assert.ok(ms < ANSWER_WITHIN_MS, `${what} answered in ${Math.round(ms)} ms (limit ${ANSWER_WITHIN_MS} ms)`);
    return result;
  }

  const page = (path: string) => `http://127.0.0.1:${fixture.port}${path}`;
  const getUrl = (key: string, url: string) =>
    t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(url)}`, headers: { "x-api-key": key } });

  test("frozen Redis: signup, login, raw and URL validations answer within 1 s; the cache misses; limits count in process", async () => {
    const { key, email } = await signup(t.app);
    const warm = await getUrl(key, page("/cached"));
    assert.is(warm.statusCode, 200);
    // On a loaded machine a command may miss its 100 ms deadline and Redis is skipped for 2 s: wait it out.
    let cached = false;
    for (let attempt = 0; attempt < 4 && !cached; attempt++) {
      if (attempt > 0) await sleep(2_100);
      cached = (await getUrl(key, page("/cached"))).json().meta.cached === true;
    }
    assert.ok(cached, "Redis serves the cache while it answers");

    // The frozen calls below wait out Redis timeouts; their per-minute count must stay in one window.
    await awaitRoomInWindow(20_000);
    r.freeze();
    try {
      const created = await timed("signup", () => t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail("frozen") } }));
      assert.is(created.statusCode, 201, created.body);
      const logged = await timed("login", () => t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email } }));
      assert.is(logged.statusCode, 200, logged.body);

      const fresh = created.json().api_key as string;
      const viaUrl = await timed("URL validation", () => getUrl(fresh, page("/cached")));
      assert.is(viaUrl.statusCode, 200, viaUrl.body);
      assert.is(viaUrl.json().meta.cached, false, "a hung cache is a miss");
      const raw = await timed("raw validation", () =>
        t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": fresh }, payload: { jsonld: EVENT } }),
      );
      assert.is(raw.statusCode, 200, raw.body);
      // RATE_LIMIT_PER_MINUTE is 2: the third keyed request of the key is refused by the in-process count.
      const third = await timed("rate-limited validation", () =>
        t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": fresh }, payload: { jsonld: EVENT } }),
      );
      assert.is(third.statusCode, 429, third.body);
      assert.is(third.json().error.code, "rate_limit_exceeded");
      assert.not.match(third.body, /redis|timeout/i, "nothing of Redis reaches the client");

      const health = await timed("health", () => t.app.inject({ url: "/health" }));
      assert.is(health.statusCode, 503, "health reports the frozen Redis");
      assert.ok(
        t.logs.some((line) => /"level":40/.test(line) && /redis unavailable/.test(line)),
        "a warning says Redis is treated as down",
      );
    } finally {
      r.thaw();
    }
  });

  test("killed Redis: keyed requests still answer within 1 s", async () => {
    const { key } = await signup(t.app);
    await r.kill();
    const res = await timed("raw validation", () =>
      t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: { jsonld: EVENT } }),
    );
    assert.is(res.statusCode, 200, res.body);
    const viaUrl = await timed("URL validation", () => getUrl(key, page("/after-kill")));
    assert.is(viaUrl.statusCode, 200, viaUrl.body);
  });

  test("a service whose Redis died closes and exits by itself (BullMQ's worker left no timer behind)", async () => {
    const own = await startPrivateRedis();
    if ("reason" in own) return assert.unreachable(own.reason);
    const script = fileURLToPath(new URL("./processes/close-after-redis-death.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", script, own.url], { stdio: ["pipe", "pipe", "inherit"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    try {
      for (let i = 0; i < 300 && !out.includes("ready"); i++) await sleep(100);
      assert.ok(out.includes("ready"), "the service started");
      await own.kill();
      await sleep(300); // the connections notice, and start dialling again
      child.stdin!.write("close\n");
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([exited, new Promise<string>((resolve) => (timer = setTimeout(() => resolve("still running 15 s later"), 15_000)))]);
      clearTimeout(timer);
      assert.is(code, 0, `exit after close: ${String(code)} (${out.trim()})`);
      assert.ok(out.includes("closed"));
    } finally {
      child.kill("SIGKILL");
      await own.kill();
    }
  });
}

test.run();
