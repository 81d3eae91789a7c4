/**
 * Does a Redis answer PING on 127.0.0.1:6379 within half a second? A raw socket, not the client: the
 * tests and benchmarks that ask only want to know whether to run their Redis half or skip it visibly.
 */
import { createConnection } from "node:net";

export async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => {
      socket.write("PING\r\n");
      socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
    });
  });
}
