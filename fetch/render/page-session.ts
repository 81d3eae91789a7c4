/**
 * One page to render: a fresh browser context (own cookies, cache, storage) with its own PolicyProxy, one
 * page in it, a CDP session for the page's metrics, and the counts the bounds need (requests, requests in
 * flight, frames).
 *
 * The context exists before the page's URL is known to it: until `arm` gives it a policy and caps, its
 * proxy refuses everything. (A session opened ahead of time, to hide the 0.3-0.7 s a context and its
 * renderer process take, gained nothing measurable on this 2-core machine under load, so none is.)
 */
import type { Browser, BrowserContext, CDPSession, Page, Request } from "playwright-core";
import type { FetchError } from "../fetch-error.ts";
import type { DestinationPolicy } from "../destination-policy.ts";
import type { ConnectGuard } from "../pinned-agent.ts";
import { PolicyProxy } from "./policy-proxy.ts";

export interface Arming {
  policy: DestinationPolicy;
  connectGuard?: ConnectGuard;
  maxRequests: number;
  maxBytes: number;
  maxFrames: number;
  /** Called when the page passes a cap (the first call counts). */
  fail(what: "requests" | "bytes" | "frames" | "crash"): void;
}

/** WebRTC can send UDP around any proxy: the page gets no peer connections at all. */
const NO_WEBRTC = `(() => {
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCIceTransport"]) {
    try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
  }
})();`;

/** The request navigates the page's top frame (a request for a frame not created yet, a new iframe, does not). */
function isTopFrame(request: Request, top: Page | null): boolean {
  if (top === null) return false;
  try {
    return request.frame() === top.mainFrame();
  } catch {
    return false;
  }
}

/** A phone's screen, as the smartphone crawler's (412 CSS pixels wide) and its touch and mobile meta viewport. */
export const MOBILE_SCREEN = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true } as const;

export class PageSession {
  readonly userAgent: string;
  requests = 0;
  inflight = 0;
  lastActivity = performance.now();
  frames = 0;
  #arming: Arming | null = null;

  private constructor(
    readonly proxy: PolicyProxy,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly cdp: CDPSession,
    userAgent: string,
  ) {
    this.userAgent = userAgent;
  }

  static async open(browser: Browser, userAgent: string): Promise<PageSession> {
    const proxy = await PolicyProxy.start({ policy: null });
    let context: BrowserContext | null = null;
    try {
      context = await browser.newContext({
        proxy: { server: proxy.url },
        serviceWorkers: "block",
        acceptDownloads: false,
        permissions: [],
        userAgent,
        // The search engine indexes a page as its smartphone crawler renders it (mobile-first indexing):
        // a phone's viewport, so a stylesheet's @media rules show and hide what a phone's reader sees.
        ...MOBILE_SCREEN,
        javaScriptEnabled: true,
      });
      // No scheme but http(s) leaves the page (file:, ftp:, chrome:...): data: and blob: never reach the network.
      await context.route((u) => u.protocol !== "http:" && u.protocol !== "https:", (route) => route.abort("blockedbyclient"));
      // The page's own document is what is judged: once the top frame has committed it, a script that
      // navigates the top frame away (a form submitted, a location change, a meta refresh) is cancelled
      // (ERR_ABORTED keeps the current document), instead of leaving the render on another page or on
      // the error page of a navigation the policy refused. Frames and the first navigation's
      // redirects are untouched.
      let ownDocument = false;
      let top: Page | null = null;
      await context.route(
        () => ownDocument,
        (route) => {
          const request = route.request();
          if (request.isNavigationRequest() && isTopFrame(request, top)) return route.abort("aborted").catch(() => {});
          return route.fallback().catch(() => {});
        },
      );
      await context.addInitScript(NO_WEBRTC);
      let first: Page | null = null;
      context.on("page", (opened) => {
        // Popups and new windows are closed as they open; only the first page is rendered.
        if (first === null) first = opened;
        else void opened.close().catch(() => {});
      });
      const page = await context.newPage();
      top = page;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame() && frame.url() !== "about:blank") ownDocument = true;
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      const session = new PageSession(proxy, context, page, cdp, userAgent);
      session.#listen();
      return session;
    } catch (err) {
      await proxy.close();
      await context?.close().catch(() => {});
      throw err;
    }
  }

  /** Gives the session its policy and caps; from now on the page may load. */
  arm(arming: Arming): void {
    this.#arming = arming;
    this.proxy.arm({
      policy: arming.policy,
      connectGuard: arming.connectGuard,
      maxRequests: arming.maxRequests,
      maxBytes: arming.maxBytes,
      onLimit: (what) => arming.fail(what),
    });
  }

  /** Ends the page's connections at once, then closes the context; false when that took longer than `timeoutMs`. */
  async close(timeoutMs: number): Promise<boolean> {
    await this.proxy.close();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const closed = this.context.close().then(
      () => true,
      () => true,
    );
    const result = await Promise.race([closed, timeout]);
    clearTimeout(timer);
    return result;
  }

  #listen(): void {
    const { context, page } = this;
    context.on("request", () => {
      this.inflight++;
      this.lastActivity = performance.now();
      if (++this.requests > (this.#arming?.maxRequests ?? Infinity)) this.#arming?.fail("requests");
    });
    const settled = () => {
      this.inflight = Math.max(0, this.inflight - 1);
      this.lastActivity = performance.now();
    };
    context.on("requestfinished", settled);
    context.on("requestfailed", settled);
    page.on("dialog", (dialog) => void dialog.dismiss().catch(() => {}));
    page.on("crash", () => this.#arming?.fail("crash"));
    page.on("frameattached", () => {
      if (++this.frames > (this.#arming?.maxFrames ?? Infinity)) this.#arming?.fail("frames");
    });
  }
}
