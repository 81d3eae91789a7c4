/**
 * Host-name policy: the operator's explicit allow list (FETCH_ALLOWED_PRIVATE_HOSTS) and the names that are
 * refused before any DNS lookup.
 *
 * Allow-list entries are "host" (any port) or "host:port"; IPv6 literals are written in brackets, with or
 * without a port ("[::1]", "[::1]:8080"). Hosts are canonicalized with the same WHATWG URL parser the
 * fetcher uses (case, IDNA, IPv4 notations), so an entry and a request always compare in one form.
 */
export interface AllowedHost {
  /** Canonical host as `URL.hostname` gives it (IPv6 in brackets), without a trailing dot. */
  readonly hostname: string;
  /** null: any port. */
  readonly port: number | null;
}

export function parseAllowedHosts(entries: readonly string[] | undefined): AllowedHost[] {
  const out: AllowedHost[] = [];
  for (const raw of entries ?? []) {
    const entry = raw.trim();
    if (entry === "") continue;
    const m = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
    if (!m) throw new TypeError(`Invalid allowed private host entry: ${JSON.stringify(raw)} (use host or host:port)`);
    let hostname: string;
    try {
      hostname = new URL(`http://${m[1]}/`).hostname;
    } catch {
      throw new TypeError(`Invalid allowed private host entry: ${JSON.stringify(raw)}`);
    }
    const port = m[2] === undefined ? null : Number(m[2]);
    if (port !== null && (port < 1 || port > 65535)) {
      throw new TypeError(`Invalid port in allowed private host entry: ${JSON.stringify(raw)}`);
    }
    out.push({ hostname: stripTrailingDot(hostname), port });
  }
  return out;
}

/** `hostname` as `URL.hostname` gives it; `port` the effective port. */
export function isAllowedHost(allowed: readonly AllowedHost[], hostname: string, port: number): boolean {
  const host = stripTrailingDot(hostname);
  return allowed.some((a) => a.hostname === host && (a.port === null || a.port === port));
}

/**
 * Names that always mean "this machine" or a provider-internal network, refused before DNS unless allowed
 * explicitly: localhost and *.localhost (RFC 6761), *.internal (metadata.google.internal; ICANN-reserved
 * private TLD). The address check after resolution is the real guard; this only fails fast and clearly.
 */
export function isDeniedHostname(hostname: string): boolean {
  const host = stripTrailingDot(hostname);
  return host === "localhost" || host.endsWith(".localhost") || host === "internal" || host.endsWith(".internal");
}

function stripTrailingDot(host: string): string {
  return host.endsWith(".") ? host.slice(0, -1) : host;
}
