/**
 * A redis-server of the test's own, on a free loopback port, that the test may freeze (SIGSTOP), thaw
 * (SIGCONT) and kill. The shared Redis on 6379 is never touched. `start` returns a reason instead when no
 * redis-server binary is installed, so the test can skip visibly.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { sleep } from "../stores/fixtures.ts";
import { freePort } from "../../support/free-port.ts";

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

export async function startPrivateRedis(): Promise<PrivateRedis | { reason: string }> {
  const missing = privateRedisMissing();
  if (missing !== null) return { reason: missing };
  const port = await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (let i = 0; i < 50 && !(await answers(port)); i++) {
    if (exited) return { reason: `redis-server exited at start (port ${port})` };
    await sleep(100);
  }
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
