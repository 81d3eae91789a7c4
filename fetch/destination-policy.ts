/**
 * Which destinations a fetch may reach, decided once per hop before any connection: the literal address,
 * the host name, the port, then every address the host resolves to. Shared by the guarded fetcher and the
 * renderer's forward proxy, so a browser's requests obey exactly the rules of a plain fetch.
 *
 * The answer is the pinned destination (the checked addresses to connect to), or a refusal saying why;
 * callers word the message (a fetcher speaks of the page, the proxy of a sub-request).
 */
import { isIP } from "node:net";
import { classifyAddress, isUnicastRange } from "./classify-address.ts";
import { isAllowedHost, isDeniedHostname, type AllowedHost } from "./host-policy.ts";
import { isPortAllowed, type Target } from "./parse-target.ts";
import type { PinnedAddress, PinnedDestination } from "./pinned-agent.ts";

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export interface DestinationPolicy {
  readonly allowed: readonly AllowedHost[];
  readonly allowedPorts: readonly number[];
  readonly resolver: Resolver;
}

/** Why a destination was refused: its address (or a name reserved for local hosts), its port, or DNS. */
export type RefusalReason = "address" | "port" | "unresolved";

export class DestinationRefused extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, options?: { cause?: unknown }) {
    super(`destination refused (${reason})`, options);
    this.reason = reason;
  }
}

/**
 * Resolves and checks one hop. Throws DestinationRefused; `resolve` wraps the resolver call (the fetcher
 * bounds it by its deadline) and may throw anything of its own, which is passed on.
 */
export async function checkDestination(
  target: Target,
  policy: DestinationPolicy,
  resolve: (lookup: Promise<unknown>) => Promise<unknown> = (lookup) => lookup,
): Promise<PinnedDestination> {
  const explicitlyAllowed = isAllowedHost(policy.allowed, target.host, target.port);
  const acceptable = (address: string) => {
    const cls = classifyAddress(address);
    return cls.public || (explicitlyAllowed && isUnicastRange(cls.range));
  };

  if (target.ipFamily !== 0) {
    if (!acceptable(target.hostname)) throw new DestinationRefused("address");
  } else if (!explicitlyAllowed && isDeniedHostname(target.hostname)) {
    throw new DestinationRefused("address");
  }

  if (!isPortAllowed(target, policy.allowedPorts, explicitlyAllowed)) throw new DestinationRefused("port");

  if (target.ipFamily !== 0) {
    return {
      hostname: target.hostname,
      addresses: [{ address: target.hostname, family: target.ipFamily }],
      allowPrivate: explicitlyAllowed,
    };
  }

  let resolved: unknown;
  try {
    resolved = await resolve(policy.resolver(target.hostname));
  } catch (err) {
    if (err instanceof DestinationRefused) throw err;
    throw new DestinationRefused("unresolved", { cause: err });
  }
  const addresses: PinnedAddress[] = [];
  for (const entry of Array.isArray(resolved) ? resolved : []) {
    const address = typeof entry?.address === "string" ? entry.address : "";
    const family = isIP(address) as 0 | 4 | 6;
    // Fail closed: any blocked address fails the host (the socket could try any of them).
    if (family === 0 || !acceptable(address)) throw new DestinationRefused("address");
    addresses.push({ address, family });
  }
  if (addresses.length === 0) throw new DestinationRefused("unresolved");
  return { hostname: target.hostname, addresses, allowPrivate: explicitlyAllowed };
}
