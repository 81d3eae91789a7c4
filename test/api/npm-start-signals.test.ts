/**
 * `npm start` under a supervisor (systemd, a container runtime, a process manager) that stops the service
 * by signalling npm: the signal must reach the server, which then shuts down, instead of leaving it
 * running (and holding its port) behind a dead npm. Runs the repository's own built server (dist/).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { onFreePort } from "../support/free-port.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const dataDir = mkdtempSync(join(tmpdir(), "sdv-npm-start-"));

const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(npm_|MONGODB_URL$|REDIS_URL$|PUBLIC_BASE_URL$|STRIPE_|DATA_DIR$|HOST$|PORT$|SDV_)/i.test(k)),
) as Record<string, string>;

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

if (!existsSync(join(repoRoot, "dist/api/server.js"))) {
  test.skip("npm start: SIGTERM to npm stops the server (dist/api/server.js not built: npm run build)", () => {});
} else {
  test("npm start: SIGTERM sent to npm reaches the server, which exits and frees its port", async () => {
    const { child, port, log, npmExited } = await onFreePort(startService);
    try {
      assert.ok(await listening(port));
      child.kill("SIGTERM");
      await npmExited;
      const stopped = await until(async () => !(await listening(port)), 10_000);
      assert.ok(stopped, `the server still listens on ${port} after npm got SIGTERM and exited:\n${log()}`);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      // A server left behind by the old start script: stopped here, not left holding the port.
      const pid = /"pid":(\d+)/.exec(log())?.[1];
      if (pid !== undefined) {
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  });
}

/** `npm start` on `port`, once the service says it is ready; a start that found the port taken throws with its log. */
async function startService(port: number) {
  const child = spawn(npm, ["start", "--silent"], { cwd: repoRoot, env: { ...cleanEnv, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const npmExited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = await until(async () => log.includes('"msg":"sdv service ready"') || child.exitCode !== null, 30_000);
  if (!ready || !log.includes('"msg":"sdv service ready"')) {
    if (child.exitCode === null) child.kill("SIGKILL");
    await npmExited;
    throw Object.assign(new Error(`the server did not become ready:\n${log}`), { log });
  }
  return { child, port, log: () => log, npmExited };
}

test.after(() => rmSync(dataDir, { recursive: true, force: true }));

test.run();
