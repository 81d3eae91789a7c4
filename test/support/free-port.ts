/**
 * A TCP port on 127.0.0.1 that was free a moment ago: for servers that must know their address before
 * they start (a PUBLIC_BASE_URL, a redis-server command line). Another process may take it before the
 * server listens, so callers start through `onFreePort`, which tries again on a new port.
 */
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Thrown (or returned as the reason) by a start that found its port taken. */
export function portTaken(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return /EADDRINUSE/.test(String(err));
  const { code, message, log } = err as { code?: unknown; message?: unknown; log?: unknown };
  return code === "EADDRINUSE" || /EADDRINUSE|Address already in use/i.test(`${String(message)} ${String(log ?? "")}`);
}

/** Runs `start` on a free port, again on a new one (three tries in all) while the port turns out taken. */
export async function onFreePort<T>(start: (port: number) => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (err) {
      if (attempt < tries && portTaken(err)) continue;
      throw err;
    }
  }
}
