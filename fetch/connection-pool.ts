/**
 * Kept-alive connections for the guarded fetcher. A crawl or an audit fetches page after page from one
 * site; a new agent per fetch opened a new TCP (and TLS) connection for each, which cost about a fifth
 * of an audit worker's CPU. Agents are kept per checked destination instead: the key holds the host,
 * EVERY address its lookup was checked to, whether private addresses were allowed, and the limits the
 * agent enforces, so a fetch reuses a connection only to an address the same check accepted (a host
 * whose DNS answer changed gets a new agent, whose connector checks again). Every fetch still resolves
 * and classifies the host first (destination-policy.ts); only the socket is reused.
 *
 * Bounded: at most MAX_AGENTS destinations (the least recently used one is closed past it), at most
 * CONNECTIONS_PER_DESTINATION sockets each, and an idle socket closes after KEEP_ALIVE_MS (idle sockets
 * never hold a process open: undici unrefs them). `closePooledConnections()` ends them all at shutdown.
 */
import type { Agent } from "undici";
import { createPinnedAgent, type PinnedAgentOptions } from "./pinned-agent.ts";

/** Destinations whose agents are kept. */
const MAX_AGENTS = 64;
/** Sockets per destination: above the audits' per-site concurrency, far below what a server refuses. */
export const CONNECTIONS_PER_DESTINATION = 16;
/** An idle kept socket is closed after this long, and a server's keep-alive hint is capped at it. */
export const KEEP_ALIVE_MS = 4_000;

const agents = new Map<string, Agent>();

/** The kept agent for this destination and these limits, made on first use. */
export function pooledAgent(options: Omit<PinnedAgentOptions, "connectGuard" | "baseConnector">): Agent {
  const { destination } = options;
  const addresses = destination.addresses.map((a) => `${a.family}/${a.address}`).sort().join(",");
  const key = [
    destination.hostname.toLowerCase(),
    addresses,
    destination.allowPrivate ? "private" : "public",
    options.connectTimeoutMs,
    options.headersTimeoutMs,
    options.bodyTimeoutMs,
    options.maxResponseBytes,
  ].join("|");
  const known = agents.get(key);
  if (known !== undefined) {
    // Most recently used last: the first entry is the one to close when the map is full.
    agents.delete(key);
    agents.set(key, known);
    return known;
  }
  if (agents.size >= MAX_AGENTS) {
    const [oldestKey, oldest] = agents.entries().next().value as [string, Agent];
    agents.delete(oldestKey);
    // Requests still running on it finish; it takes no new ones.
    oldest.close().catch(() => {});
  }
  const agent = createPinnedAgent({ ...options, connections: CONNECTIONS_PER_DESTINATION, keepAliveMs: KEEP_ALIVE_MS });
  agents.set(key, agent);
  return agent;
}

/** Closes every kept connection (the service's shutdown, a test's end); later fetches open new ones. */
export async function closePooledConnections(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.destroy().catch(() => {})));
}

/** How many destinations have kept agents (tests). */
export function pooledDestinations(): number {
  return agents.size;
}
