/**
 * The forward proxy every byte a rendering browser fetches goes through (127.0.0.1, an ephemeral port).
 *
 * Plain HTTP requests (absolute-form) and CONNECT tunnels (HTTPS, and WebSockets, which Chromium always
 * tunnels through a proxy) are checked with the guarded fetcher's own policy (destination-policy.ts):
 * the target is parsed once with the WHATWG parser, the host name, literal address and port are checked,
 * the name is resolved once, every address classified, and the connection made to a checked address
 * only; the peer's address is checked again once connected. Anything else (a request in origin form,
 * an Upgrade on the proxy connection itself) is refused.
 *
 * One proxy serves one rendered page, so it can count that page's requests and bytes and end every
 * connection at once when the page is done or over a cap. Without a policy it refuses everything: the
 * browser-wide fallback that contexts without their own proxy would use.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { sameAddress } from "../classify-address.ts";
import { checkDestination, type DestinationPolicy } from "../destination-policy.ts";
import { parseTarget, type Target } from "../parse-target.ts";
import type { ConnectGuard, PinnedDestination } from "../pinned-agent.ts";

const HOP_BY_HOP = new Set([
  "connection",
  "proxy-connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-authenticate",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
const CONNECT_TIMEOUT_MS = 5_000;

export interface PolicyProxyOptions {
  /** null: refuse everything. */
  policy: DestinationPolicy | null;
  /** Test backstop, as for the fetcher: called with the address just before connecting; throwing refuses. */
  connectGuard?: ConnectGuard;
  /** Requests and tunnels at most; later ones are refused. */
  maxRequests?: number;
  /** Bytes received from servers at most; past it every connection is ended. */
  maxBytes?: number;
  /** Called once when a cap is passed. */
  onLimit?: (what: "requests" | "bytes") => void;
}

export interface ProxyStats {
  /** Requests and tunnels let through. */
  allowed: number;
  /** Requests and tunnels refused by the policy or a cap. */
  refused: number;
  /** Bytes received from servers. */
  bytesIn: number;
}

export class PolicyProxy {
  readonly stats: ProxyStats = { allowed: 0, refused: 0, bytesIn: 0 };
  /** The URLs (or host:port of tunnels) refused, for the caller to explain a failed navigation. */
  readonly refusedTargets: string[] = [];
  readonly #server: http.Server;
  #options: PolicyProxyOptions;
  readonly #sockets = new Set<net.Socket>();
  #limitHit = false;
  #closed = false;
  #port = 0;

  private constructor(options: PolicyProxyOptions) {
    this.#options = options;
    this.#server = http.createServer({ requestTimeout: 0, headersTimeout: 10_000 });
    this.#server.on("connection", (socket: net.Socket) => this.#track(socket));
    this.#server.on("request", (req, res) => this.#onRequest(req, res));
    this.#server.on("connect", (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => this.#onConnect(req, socket, head));
    this.#server.on("upgrade", (_req: http.IncomingMessage, socket: net.Socket) => {
      this.#refuse("upgrade");
      socket.destroy();
    });
    this.#server.on("clientError", (_err, socket) => socket.destroy());
  }

  static async start(options: PolicyProxyOptions): Promise<PolicyProxy> {
    const proxy = new PolicyProxy(options);
    await new Promise<void>((resolve, reject) => {
      proxy.#server.once("error", reject);
      proxy.#server.listen(0, "127.0.0.1", () => resolve());
    });
    proxy.#port = (proxy.#server.address() as AddressInfo).port;
    // Never keeps the process alive by itself.
    proxy.#server.unref();
    return proxy;
  }

  /** Policy and caps from now on (a proxy started without a policy, for a page opened ahead of time). */
  arm(options: PolicyProxyOptions): void {
    this.#options = options;
  }

  /** http://127.0.0.1:<port>, for the browser's proxy setting. */
  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  get limitHit(): boolean {
    return this.#limitHit;
  }

  /** Ends every connection (open tunnels and WebSockets included) and stops listening. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #track(socket: net.Socket): void {
    if (this.#closed) {
      socket.destroy();
      return;
    }
    this.#sockets.add(socket);
    socket.once("close", () => this.#sockets.delete(socket));
    socket.on("error", () => {});
  }

  #refuse(what: string): void {
    this.stats.refused++;
    if (this.refusedTargets.length < 50) this.refusedTargets.push(what);
  }

  /** Counts a request against the cap; false when it must be refused. */
  #admit(): boolean {
    const max = this.#options.maxRequests;
    if (max !== undefined && this.stats.allowed >= max) {
      this.#hitLimit("requests");
      return false;
    }
    this.stats.allowed++;
    return true;
  }

  #received(bytes: number): void {
    this.stats.bytesIn += bytes;
    const max = this.#options.maxBytes;
    if (max !== undefined && this.stats.bytesIn > max) {
      this.#hitLimit("bytes");
      for (const socket of this.#sockets) socket.destroy();
    }
  }

  #hitLimit(what: "requests" | "bytes"): void {
    if (this.#limitHit) return;
    this.#limitHit = true;
    this.#options.onLimit?.(what);
  }

  /** The checked destination of a target, or null (refused: counted and recorded). */
  async #check(target: Target, shown: string): Promise<PinnedDestination | null> {
    const policy = this.#options.policy;
    if (policy === null || this.#limitHit) {
      this.#refuse(shown);
      return null;
    }
    try {
      return await checkDestination(target, policy);
    } catch {
      this.#refuse(shown);
      return null;
    }
  }

  /** Connects to the first checked address that answers; the peer must be that address. */
  #connect(destination: PinnedDestination, port: number): Promise<net.Socket | null> {
    const guard = this.#options.connectGuard;
    const tryAt = (index: number): Promise<net.Socket | null> => {
      const candidate = destination.addresses[index];
      if (candidate === undefined || this.#closed) return Promise.resolve(null);
      try {
        guard?.(candidate.address, port);
      } catch {
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        const socket = net.connect({ host: candidate.address, port, family: candidate.family });
        this.#track(socket);
        const timer = setTimeout(() => socket.destroy(), CONNECT_TIMEOUT_MS);
        socket.once("connect", () => {
          clearTimeout(timer);
          const remote = socket.remoteAddress;
          if (!remote || !sameAddress(remote, candidate.address)) {
            socket.destroy();
            resolve(null);
            return;
          }
          resolve(socket);
        });
        socket.once("close", () => {
          clearTimeout(timer);
          resolve(null);
        });
      }).then((socket) => (socket as net.Socket | null) ?? tryAt(index + 1));
    };
    return tryAt(0);
  }

  async #onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const shown = req.url ?? "";
    let target: Target;
    try {
      // Absolute form only: a request for the proxy's own paths is not a proxy request.
      if (!/^http:\/\//i.test(shown)) throw new Error("not absolute http");
      target = parseTarget(shown);
    } catch {
      this.#refuse(shown.slice(0, 200));
      res.writeHead(400, { connection: "close" }).end();
      return;
    }
    const destination = await this.#check(target, target.url.href);
    if (destination === null || !this.#admit()) {
      if (destination !== null) this.#refuse(target.url.href);
      res.writeHead(403, { "content-type": "text/plain", "x-sdv-refused": "1", connection: "close" }).end("refused by sdv's fetch policy");
      return;
    }
    const upstreamSocket = await this.#connect(destination, target.port);
    if (upstreamSocket === null) {
      if (!res.headersSent) res.writeHead(502, { connection: "close" }).end();
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    headers.host = target.url.host;
    headers.connection = "close";
    const upstream = http.request({
      createConnection: () => upstreamSocket,
      method: req.method,
      path: target.url.pathname + target.url.search,
      headers,
      setHost: false,
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { connection: "close" }).end();
      else res.destroy();
    });
    upstream.on("response", (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
      answer.on("data", (chunk: Buffer) => this.#received(chunk.byteLength));
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    req.pipe(upstream);
  }

  async #onConnect(req: http.IncomingMessage, socket: net.Socket, head: Buffer): Promise<void> {
    this.#track(socket);
    const authority = req.url ?? "";
    let target: Target;
    try {
      // host:port with an explicit port; the scheme only matters for the parser.
      if (!/^(\[[0-9a-f:.]+\]|[^:/?#@\s[\]]+):\d{1,5}$/i.test(authority)) throw new Error("bad authority");
      target = parseTarget(`http://${authority}/`);
    } catch {
      this.#refuse(authority.slice(0, 200));
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n");
      return;
    }
    const destination = await this.#check(target, authority);
    if (destination === null || !this.#admit()) {
      if (destination !== null) this.#refuse(authority);
      socket.end("HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n");
      return;
    }
    const upstream = await this.#connect(destination, target.port);
    if (upstream === null || socket.destroyed) {
      upstream?.destroy();
      socket.end("HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n");
      return;
    }
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.byteLength > 0) upstream.write(head);
    upstream.on("data", (chunk: Buffer) => this.#received(chunk.byteLength));
    upstream.pipe(socket);
    socket.pipe(upstream);
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.once("close", end);
    socket.once("close", end);
  }
}
