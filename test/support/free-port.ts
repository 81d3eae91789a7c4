/**
 * A TCP port on 127.0.0.1 that was free a moment ago: for servers that must know their address before
 * they start (a PUBLIC_BASE_URL, a redis-server command line). Callers that can, retry on EADDRINUSE.
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
