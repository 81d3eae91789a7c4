/**
 * Loopback fixtures for the guarded fetcher's tests. Nothing here may ever send a packet off the machine:
 * servers listen on 127.0.0.x only, test names resolve through an injected resolver, and every fetch gets
 * a connect guard that refuses (and records) any non-loopback address before a socket exists.
 */
import http from "node:http";
import type https from "node:https";
import type { AddressInfo } from "node:net";
import type { FetchOptions } from "../../fetch/guarded-fetch.ts";

export interface Fixture {
  readonly port: number;
  readonly host: string;
  /** Requests received (method, url, headers). */
  readonly requests: http.IncomingMessage[];
  /** TCP connections accepted. */
  connections: number;
  close(): Promise<void>;
}

export async function startServer(
  handler: http.RequestListener,
  options: { host?: string; port?: number; server?: http.Server | https.Server } = {},
): Promise<Fixture> {
  const host = options.host ?? "127.0.0.1";
  const requests: http.IncomingMessage[] = [];
  const server = options.server ?? http.createServer();
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(req);
    handler(req, res);
  });
  const fixture = {
    port: 0,
    host,
    requests,
    connections: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on("connection", () => {
    fixture.connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  fixture.port = (server.address() as AddressInfo).port;
  return fixture;
}

/** The test's own notion of loopback, independent of the code under test. */
export function isLoopbackForTest(address: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === "::1" || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address);
}

export interface Recorder {
  /** Every address the fetcher was about to connect to. */
  readonly attempts: string[];
  /** Addresses refused because they were not loopback; must stay empty in every test. */
  readonly offBox: string[];
  readonly guard: (address: string, port: number) => void;
}

export function recorder(): Recorder {
  const attempts: string[] = [];
  const offBox: string[] = [];
  return {
    attempts,
    offBox,
    guard: (address: string) => {
      attempts.push(address);
      if (!isLoopbackForTest(address)) {
        offBox.push(address);
        throw new Error(`test connect guard: refusing non-loopback address ${address}`);
      }
    },
  };
}

export type ResolverMap = Record<string, string | string[] | Error | (() => string[] | Promise<string[]>)>;

export interface FakeResolver {
  readonly resolve: NonNullable<FetchOptions["resolver"]>;
  /** Host names asked for, in order. */
  readonly calls: string[];
}

/** Maps test names to addresses; unknown names fail like NXDOMAIN. */
export function fakeResolver(map: ResolverMap): FakeResolver {
  const calls: string[] = [];
  return {
    calls,
    resolve: async (hostname: string) => {
      calls.push(hostname);
      const entry = map[hostname];
      if (entry === undefined) {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      }
      if (entry instanceof Error) throw entry;
      const list = typeof entry === "function" ? await entry() : Array.isArray(entry) ? entry : [entry];
      return list.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
