/** `onFreePort`: a start that finds its port taken by someone else is tried again on another port. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:net";
import { onFreePort, portTaken } from "./free-port.ts";

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

test("a port taken between the probe and the listen is given up for a new one", async () => {
  const squatter = createServer();
  const ours = createServer();
  const tried: number[] = [];
  try {
    const port = await onFreePort(async (port) => {
      tried.push(port);
      // The first port is taken by another server before ours listens: the race the helper exists for.
      if (tried.length === 1) await listen(squatter, port);
      await listen(ours, port);
      return port;
    });
    assert.is(tried.length, 2);
    assert.is.not(tried[1], tried[0]);
    assert.is(port, tried[1]);
  } finally {
    squatter.close();
    ours.close();
  }
});

test("other failures are not retried, and three taken ports give up", async () => {
  let calls = 0;
  await onFreePort(async () => {
    calls++;
    throw new Error("bad config");
  }).then(
    () => assert.unreachable("resolved"),
    (err: Error) => assert.is(err.message, "bad config"),
  );
  assert.is(calls, 1);
  calls = 0;
  await onFreePort(async () => {
    calls++;
    throw Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE" });
  }).then(
    () => assert.unreachable("resolved"),
    (err: Error) => assert.ok(portTaken(err)),
  );
  assert.is(calls, 3);
});

test("a child's log that says the address is in use counts as a taken port", () => {
  assert.ok(portTaken(Object.assign(new Error("the server exited (1) before it was ready"), { log: "Error: listen EADDRINUSE: address already in use 127.0.0.1:4000" })));
  assert.ok(portTaken({ message: "redis-server", log: "# Warning: Could not create server TCP listening socket 127.0.0.1:6390: bind: Address already in use" }));
  assert.not.ok(portTaken(new Error("ECONNREFUSED")));
});

test.run();
