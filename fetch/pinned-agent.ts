/**
 * An undici Agent that can only connect to addresses that were already resolved and checked.
 *
 * Two layers, because undici's `connect.lookup` hook is not called for literal IP hosts:
 *  1. the connector's lookup returns only the pinned addresses (no second DNS query, so no rebinding
 *     between check and connect), honouring `{ all: true }` as Node 20's happy eyeballs asks for it;
 *  2. a wrapper around undici's connector runs before any socket exists: the host undici wants must be the
 *     pinned host (or one of the pinned literal addresses), every address it may reach is re-classified
 *     and shown to the optional `connectGuard`; after connecting, the socket's actual remote address must
 *     be one of the pinned addresses, or the socket is destroyed.
 *
 * One agent serves one destination (one redirect hop): made for one fetch and closed when its response has
 * been read, or kept for the destination's next fetches (connection-pool.ts).
 */
import { isIP, type LookupFunction, type Socket } from "node:net";
import { Agent, buildConnector } from "undici";
import { classifyAddress, isUnicastRange, sameAddress } from "./classify-address.ts";
import { FetchError } from "./fetch-error.ts";

export interface PinnedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export interface PinnedDestination {
  /** The host as the network sees it (no brackets): a name, or the literal IP itself. */
  readonly hostname: string;
  /** The checked addresses; for a literal IP host, that address alone. */
  readonly addresses: readonly PinnedAddress[];
  /** The operator allowed this host explicitly: private and loopback unicast addresses are acceptable. */
  readonly allowPrivate: boolean;
}

export type ConnectGuard = (address: string, port: number) => void;

export interface PinnedConnectorOptions {
  readonly destination: PinnedDestination;
  readonly connectTimeoutMs: number;
  readonly connectGuard?: ConnectGuard;
  /** Test seam: the connector that really opens the socket. Defaults to undici's, with the pinned lookup. */
  readonly baseConnector?: buildConnector.connector;
}

export interface PinnedAgentOptions extends PinnedConnectorOptions {
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  /** Cap on body bytes on the wire (the decoded cap is enforced by the reader). */
  readonly maxResponseBytes: number;
  /** Sockets the agent may hold per origin (default 1: one fetch, one socket). */
  readonly connections?: number;
  /** An idle socket is kept this long for the next request (connection-pool.ts); default undici's. */
  readonly keepAliveMs?: number;
}

export function createPinnedAgent(options: PinnedAgentOptions): Agent {
  return new Agent({
    connect: createPinnedConnector(options),
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    maxResponseSize: options.maxResponseBytes,
    connections: options.connections ?? 1,
    pipelining: 1,
    ...(options.keepAliveMs === undefined ? {} : { keepAliveTimeout: options.keepAliveMs, keepAliveMaxTimeout: options.keepAliveMs }),
  });
}

/** A lookup that answers only with the pinned addresses, and only for the pinned host. */
export function createPinnedLookup(destination: PinnedDestination): LookupFunction {
  return (hostname, options, callback) => {
    if (!sameHost(hostname, destination.hostname)) {
      queueMicrotask(() => callback(refusal(`lookup for an unexpected host`), ""));
      return;
    }
    const wanted = options?.family;
    const family = wanted === "IPv4" ? 4 : wanted === "IPv6" ? 6 : wanted;
    const usable = destination.addresses.filter((a) => !family || a.family === family);
    queueMicrotask(() => {
      if (usable.length === 0) {
        const err: NodeJS.ErrnoException = new Error(`no pinned address of family ${String(family)}`);
        err.code = "ENOTFOUND";
        callback(err, "");
      } else if (options?.all) {
        callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
      } else {
        callback(null, usable[0].address, usable[0].family);
      }
    });
  };
}

export function createPinnedConnector(options: PinnedConnectorOptions): buildConnector.connector {
  const { destination, connectGuard } = options;
  const base =
    options.baseConnector ??
    buildConnector({ timeout: options.connectTimeoutMs, lookup: createPinnedLookup(destination) });

  return (connectOptions, callback) => {
    let candidates: readonly PinnedAddress[];
    const port = Number(connectOptions.port) || (connectOptions.protocol === "https:" ? 443 : 80);
    try {
      const host = unbracket(connectOptions.hostname);
      if (isIP(host) !== 0) {
        // Literal host: the lookup hook will not run, so this is the check that counts.
        if (!destination.addresses.some((a) => sameAddress(a.address, host))) {
          throw refusal("literal address was not pinned");
        }
        candidates = [{ address: host, family: isIP(host) as 4 | 6 }];
      } else {
        if (!sameHost(host, destination.hostname)) throw refusal("host was not pinned");
        candidates = destination.addresses;
      }
      if (candidates.length === 0) throw refusal("no pinned address");
      for (const candidate of candidates) {
        const cls = classifyAddress(candidate.address);
        if (!cls.public && !(destination.allowPrivate && isUnicastRange(cls.range))) {
          throw refusal("address is not allowed");
        }
        if (connectGuard) {
          try {
            connectGuard(candidate.address, port);
          } catch (cause) {
            throw refusal("connect guard refused the address", cause);
          }
        }
      }
    } catch (err) {
      queueMicrotask(() => callback(err as Error, null));
      return;
    }

    base(connectOptions, (err, socket) => {
      if (err || !socket) {
        callback(err ?? new Error("connection failed"), null);
        return;
      }
      // Backstop after connect: the peer must be one of the addresses we checked.
      const remote = (socket as Socket).remoteAddress;
      if (!remote || !candidates.some((c) => sameAddress(c.address, remote))) {
        socket.destroy();
        callback(refusal("connected to an address that was not pinned"), null);
        return;
      }
      callback(null, socket);
    });
  };
}

function refusal(detail: string, cause?: unknown): FetchError {
  // The message is generic on purpose; the detail is for logs only.
  return new FetchError("destination_not_allowed", "The destination address is not allowed.", {
    cause: cause ?? new Error(`pinned connector: ${detail}`),
  });
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function sameHost(a: string, b: string): boolean {
  const norm = (h: string) => unbracket(h).toLowerCase().replace(/\.$/, "");
  return norm(a) === norm(b);
}
