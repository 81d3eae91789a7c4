/**
 * A redis-server of the test's own, on a free loopback port, that the test may freeze (SIGSTOP), thaw
 * (SIGCONT) and kill. The shared Redis on 6379 is never touched. `start` returns a reason instead when no
 * redis-server binary is installed, so the test can skip visibly.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { sleep } from "../stores/fixtures.ts";
import { onFreePort } from "../../support/free-port.ts";

export interface PrivateRedis {
  url: string;
  pid: number;
  freeze(): void;
  thaw(): void;
  kill(): Promise<void>;
}


async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(300, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.write("PING\r\n");
  });
}

/**
 * Why no private Redis can be started here (no redis-server binary), or null. Known when a test file loads, so
 * the file registers its tests with uvu's `test.skip` (counted as skipped) rather than tests that return
 * early (counted as passed).
 */
export function privateRedisMissing(): string | null {
  return spawnSync("redis-server", ["--version"]).status !== 0 ? "redis-server is not installed" : null;
}

/**
 * One redis-server on `port`, ready when it says so and answers PING. Its own exit is checked before the
 * port is asked: another test's server that took the port would answer PING too. A port found taken
 * throws (EADDRINUSE in its log) so `onFreePort` tries a new one.
 */
async function launch(port: number): Promise<{ child: ChildProcess; port: number } | { reason: string }> {
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let log = "";
  let exited = false;
  const onLog = (chunk: Buffer) => {
    if (log.length < 16_384) log += chunk.toString("utf8");
  };
  child.stdout!.on("data", onLog);
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; i < 50; i++) {
    if (exited) {
      if (/Address already in use/i.test(log)) throw Object.assign(new Error(`redis-server: port ${port} taken`), { code: "EADDRINUSE" });
      return { reason: `redis-server exited at start (port ${port}):\n${log.slice(-2_000)}` };
    }
    if (/Ready to accept connections/.test(log) && (await answers(port))) {
      // Read no more of its log (the pipe must not fill and block it) once it is ready.
      child.stdout!.off("data", onLog);
      child.stdout!.resume();
      return { child, port };
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  return { reason: `redis-server did not answer within 5 s (port ${port}):\n${log.slice(-2_000)}` };
}

export async function startPrivateRedis(): Promise<PrivateRedis | { reason: string }> {
  const missing = privateRedisMissing();
  if (missing !== null) return { reason: missing };
  let started: { child: ChildProcess; port: number } | { reason: string };
  try {
    started = await onFreePort(launch);
  } catch (err) {
    return { reason: String((err as Error).message ?? err) };
  }
  if ("reason" in started) return started;
  const { child, port } = started;
  let exited = child.exitCode !== null || child.signalCode !== null;
  child.once("exit", () => {
    exited = true;
  });
  const pid = child.pid!;
  return {
    url: `redis://127.0.0.1:${port}`,
    pid,
    freeze: () => {
      if (!exited) process.kill(pid, "SIGSTOP");
    },
    thaw: () => {
      if (!exited) process.kill(pid, "SIGCONT");
    },
    kill: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      process.kill(pid, "SIGKILL");
      await gone;
    },
  };
}
