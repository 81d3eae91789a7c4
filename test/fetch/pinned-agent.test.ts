// The pinned connector and lookup, with an injected base connector: no sockets.
// Matrix rows: S-45 (lookup {all:true}), S-47 (literal hosts checked in the connector), S-49 (backstop on
// the socket's actual remote address), plus host mismatch and guard ordering.
import type { LookupAddress } from "node:dns";
import type { Socket } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { buildConnector } from "undici";
import { FetchError } from "../../fetch/fetch-error.ts";
import {
  createPinnedConnector,
  createPinnedLookup,
  type PinnedDestination,
} from "../../fetch/pinned-agent.ts";

interface FakeSocket {
  remoteAddress: string | undefined;
  destroyed: boolean;
  destroy(): void;
}

function fakeBase(remoteAddress: string | undefined) {
  const calls: buildConnector.Options[] = [];
  const sockets: FakeSocket[] = [];
  const base: buildConnector.connector = (options, callback) => {
    calls.push(options);
    const socket: FakeSocket = {
      remoteAddress,
      destroyed: false,
      destroy() {
        this.destroyed = true;
      },
    };
    sockets.push(socket);
    queueMicrotask(() => callback(null, socket as unknown as Socket));
  };
  return { base, calls, sockets };
}

function connect(
  destination: PinnedDestination,
  hostname: string,
  remoteAddress: string | undefined,
  guard?: (address: string, port: number) => void,
) {
  const fake = fakeBase(remoteAddress);
  const connector = createPinnedConnector({ destination, connectTimeoutMs: 1000, baseConnector: fake.base, connectGuard: guard });
  return new Promise<{ err: Error | null; socket: unknown; fake: typeof fake }>((resolve) => {
    connector({ hostname, host: `${hostname}:8080`, protocol: "http:", port: "8080" }, (err, socket) =>
      resolve({ err, socket, fake }),
    );
  });
}

const named: PinnedDestination = {
  hostname: "site.test",
  addresses: [{ address: "127.0.0.1", family: 4 }],
  allowPrivate: true,
};

test("named host: connects, and the socket's remote address matches the pin", async () => {
  const seen: Array<[string, number]> = [];
  const { err, socket, fake } = await connect(named, "site.test", "127.0.0.1", (a, p) => seen.push([a, p]));
  assert.is(err, null);
  assert.ok(socket);
  assert.is(fake.calls.length, 1);
  assert.equal(seen, [["127.0.0.1", 8080]]);
});

test("IPv4-mapped remote address of the pinned IPv4 address is the same destination", async () => {
  const { err } = await connect(named, "site.test", "::ffff:127.0.0.1");
  assert.is(err, null);
});

test("S-49 backstop: a socket connected elsewhere is destroyed and refused", async () => {
  const { err, socket, fake } = await connect(named, "site.test", "::ffff:127.0.0.2");
  assert.instance(err, FetchError);
  assert.is((err as FetchError).code, "destination_not_allowed");
  assert.is(socket, null);
  assert.is(fake.sockets[0].destroyed, true);
  assert.not.match((err as FetchError).message, /127\./);
});

test("backstop: a socket without a remote address is refused", async () => {
  const { err, fake } = await connect(named, "site.test", undefined);
  assert.is((err as FetchError).code, "destination_not_allowed");
  assert.is(fake.sockets[0].destroyed, true);
});

test("a host other than the pinned one is refused before a socket exists", async () => {
  const { err, fake } = await connect(named, "evil.test", "127.0.0.1");
  assert.is((err as FetchError).code, "destination_not_allowed");
  assert.is(fake.calls.length, 0);
});

test("S-47 literal IP: must be the pinned literal; others refused before a socket exists", async () => {
  const literal: PinnedDestination = { hostname: "127.0.0.1", addresses: [{ address: "127.0.0.1", family: 4 }], allowPrivate: true };
  assert.is((await connect(literal, "127.0.0.1", "127.0.0.1")).err, null);
  const other = await connect(literal, "127.0.0.2", "127.0.0.2");
  assert.is((other.err as FetchError).code, "destination_not_allowed");
  assert.is(other.fake.calls.length, 0);
});

test("the connector re-classifies: private pins without an operator allowance are refused", async () => {
  const notAllowed: PinnedDestination = { ...named, allowPrivate: false };
  const { err, fake } = await connect(notAllowed, "site.test", "127.0.0.1");
  assert.is((err as FetchError).code, "destination_not_allowed");
  assert.is(fake.calls.length, 0);
  const metadata: PinnedDestination = { hostname: "169.254.169.254", addresses: [{ address: "169.254.169.254", family: 4 }], allowPrivate: false };
  const meta = await connect(metadata, "169.254.169.254", "169.254.169.254");
  assert.is((meta.err as FetchError).code, "destination_not_allowed");
  assert.is(meta.fake.calls.length, 0);
  const multicast: PinnedDestination = { hostname: "m.test", addresses: [{ address: "224.0.0.1", family: 4 }], allowPrivate: true };
  assert.is(((await connect(multicast, "m.test", "224.0.0.1")).err as FetchError).code, "destination_not_allowed");
});

test("a throwing connect guard refuses the connection before a socket exists", async () => {
  const { err, fake } = await connect(named, "site.test", "127.0.0.1", () => {
    throw new Error("no");
  });
  assert.is((err as FetchError).code, "destination_not_allowed");
  assert.is(fake.calls.length, 0);
});

function lookup(destination: PinnedDestination, hostname: string, options: object) {
  return new Promise<{ err: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) => {
    createPinnedLookup(destination)(hostname, options, (err, address, family) => resolve({ err, address, family }));
  });
}

const dual: PinnedDestination = {
  hostname: "dual.test",
  addresses: [
    { address: "127.0.0.1", family: 4 },
    { address: "::1", family: 6 },
  ],
  allowPrivate: true,
};

test("S-45 lookup with {all:true} (Node 20 happy eyeballs) returns every pinned address", async () => {
  const { err, address } = await lookup(dual, "dual.test", { all: true });
  assert.is(err, null);
  assert.equal(address, [
    { address: "127.0.0.1", family: 4 },
    { address: "::1", family: 6 },
  ]);
});

test("lookup without all returns the first pinned address; family filters are honoured", async () => {
  assert.equal(await lookup(dual, "dual.test", {}), { err: null, address: "127.0.0.1", family: 4 });
  assert.equal(await lookup(dual, "DUAL.test.", { family: 6 }), { err: null, address: "::1", family: 6 });
  assert.equal((await lookup(dual, "dual.test", { family: 6, all: true })).address, [{ address: "::1", family: 6 }]);
  const v4only: PinnedDestination = { ...dual, addresses: [{ address: "127.0.0.1", family: 4 }] };
  assert.is((await lookup(v4only, "dual.test", { family: 6 })).err?.message.includes("no pinned address"), true);
});

test("lookup for any other host fails", async () => {
  const { err } = await lookup(dual, "evil.test", { all: true });
  assert.instance(err, FetchError);
});

test.run();
