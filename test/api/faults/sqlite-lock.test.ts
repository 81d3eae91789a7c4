/**
 * Another process holding the SQLite file's write lock (`BEGIN EXCLUSIVE`) delays only what needs to write:
 * those requests fail fast and cleanly (503 service_unavailable, Retry-After, no credit charged), while
 * /api/v1/types, /health and reads (key look-ups, login) keep answering at once.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EMBEDDED_DB_FILE } from "../../../api/stores/index.ts";
import { apiError, EVENT, login, signup, startApp, uniqueEmail, validateJsonLd, type TestApp } from "../helpers.ts";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const HOLD_MS = 3000;
/** Generous bounds: the point is "not stalled by the lock", not speed. */
const UNRELATED_WITHIN_MS = 1000;
const FAIL_WITHIN_MS = 2500;

/** A separate process that takes the exclusive lock and holds it; resolves once the lock is taken. */
function holdLock(file: string, ms: number): Promise<{ child: ChildProcess; released: Promise<void> }> {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(file)});
    db.exec("BEGIN EXCLUSIVE");
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); process.exit(0); }, ${ms});
  `;
  const child = spawn(process.execPath, ["-e", script], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  const released = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout!.once("data", () => resolve({ child, released }));
  });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/**
 * Sends a request `afterMs` from now, while another one is in progress; its time counts from when it was
 * due, so a blocked event loop (which also delays the timer) shows up as lateness.
 */
function sendLater<T>(afterMs: number, run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const due = performance.now() + afterMs;
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      run().then((result) => resolve({ result, ms: performance.now() - due }), reject);
    }, afterMs);
  });
}

let t: TestApp;
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await t.close();
});

test("a write lock held by another process: writes answer 503 fast, nothing is charged, other routes do not wait", async () => {
  const { key, email } = await signup(t.app);
  const lock = await holdLock(join(t.dataDir, EMBEDDED_DB_FILE), HOLD_MS);
  try {
    const validation = timed(() => validateJsonLd(t.app, key, EVENT));
    const types = await sendLater(100, () => t.app.inject({ url: "/api/v1/types" }));
    const health = await sendLater(0, () => t.app.inject({ url: "/health" }));
    const loggedIn = await sendLater(0, () => login(t.app, email));
    const signupDuringLock = await timed(() => t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail("locked") } }));
    const validated = await validation;

    assert.is(types.result.statusCode, 200);
    assert.ok(types.ms < UNRELATED_WITHIN_MS, `/api/v1/types took ${Math.round(types.ms)} ms during the lock`);
    assert.is(health.result.statusCode, 200);
    assert.ok(health.ms < UNRELATED_WITHIN_MS, `/health took ${Math.round(health.ms)} ms during the lock`);
    assert.ok(loggedIn.ms < UNRELATED_WITHIN_MS, `login (a read) took ${Math.round(loggedIn.ms)} ms during the lock`);

    apiError(validated.result, 503, "service_unavailable");
    assert.ok(Number(validated.result.headers["retry-after"]) >= 1, "Retry-After on the 503");
    assert.ok(validated.ms < FAIL_WITHIN_MS, `the validation failed after ${Math.round(validated.ms)} ms`);
    apiError(signupDuringLock.result, 503, "service_unavailable");
    assert.ok(signupDuringLock.ms < FAIL_WITHIN_MS);
  } finally {
    await lock.released;
  }
  assert.is((await login(t.app, email)).requests_used, 0, "the refused validation cost nothing");
  const after = await validateJsonLd(t.app, key, EVENT);
  assert.is(after.statusCode, 200, "writes work again once the lock is gone");
  assert.is(after.json().meta.credits_remaining, 99);
});

test.run();
