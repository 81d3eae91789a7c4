/**
 * Pages after JavaScript: headless Chromium driven by playwright-core, started once and reused, a fresh
 * browser context (own cookies, cache, storage) per page.
 *
 * Nothing of this runs, and playwright-core is not even loaded, until a render is asked for.
 *
 * Safety (docs/rendering.md): the browser reaches the network only through a PolicyProxy that applies
 * the guarded fetcher's rules; the browser-wide proxy refuses everything and each context gets its own
 * proxy for its one page; loopback is not exempt (`<-loopback>`); Chromium resolves no name itself (its
 * host resolver maps every name to "not found"); QUIC, WebRTC over UDP, service workers, downloads,
 * non-http(s) requests, dialogs, popups and permission prompts are refused.
 *
 * Bounds: one deadline per page (navigation, scripts, settling, snapshot), caps on requests, bytes,
 * frames, DOM elements, script time and JavaScript heap (a watchdog reads the page's metrics over CDP;
 * the renderer's V8 heap is limited too), and at most `concurrency` pages at once in the process. A page
 * over any bound fails with a FetchError that says which; its context is closed, and if even that does not
 * end it in time the browser is restarted, so the next page is served.
 */
import { untilAborted } from "../../runtime/until-aborted.ts";
import type { Browser, CDPSession, Response } from "playwright-core";
import { FetchError } from "../fetch-error.ts";
import { parseTarget, DEFAULT_ALLOWED_PORTS } from "../parse-target.ts";
import { parseAllowedHosts } from "../host-policy.ts";
import { checkDestination, DestinationRefused, type DestinationPolicy, type Resolver } from "../destination-policy.ts";
import { DEFAULT_MAX_BYTES, DEFAULT_USER_AGENT, systemResolver } from "../guarded-fetch.ts";
import type { ConnectGuard } from "../pinned-agent.ts";
import { Semaphore } from "../semaphore.ts";
import { PolicyProxy } from "./policy-proxy.ts";
import { PageSession } from "./page-session.ts";
import { findChromium } from "./chromium-path.ts";
import { RENDER_DEFAULTS, type RenderConfig, type RenderLimits } from "./config.ts";
import { watchRendererMemory, type MemoryWatch } from "./renderer-memory.ts";
import { formatBytes, formatMs } from "../../runtime/limit-text.ts";

export interface RenderOptions {
  /** As for the fetcher (FETCH_ALLOWED_PRIVATE_HOSTS): host or host:port entries that may be private. */
  allowPrivateHosts?: string[];
  allowedPorts?: readonly number[];
  /** Injectable DNS for the proxy (tests). */
  resolver?: Resolver;
  /** Test backstop: sees every address the proxy is about to connect to. */
  connectGuard?: ConnectGuard;
  userAgent?: string;
  /** The caller gave up: the render stops at once. */
  signal?: AbortSignal;
  /**
   * Wait for a place at most the configured maxQueueWaitMs (then render_unavailable): a caller answering
   * someone (the service) must not hold a request behind a queue of pages that hang to their deadlines.
   * Without it (the CLI, audits) a render waits its turn however long.
   */
  boundedWait?: boolean;
  /** Tighter (or looser) bounds for this page. */
  limits?: Partial<RenderLimits>;
}

export interface RenderedPage {
  /** The requested URL, normalized. */
  url: string;
  /** The document's URL after redirects. */
  finalUrl: string;
  status: number;
  /** The DOM serialized after scripts ran and the network went quiet. */
  html: string;
  /** Requests the page made (all frames). */
  requests: number;
  /** Requests the policy refused (never sent). */
  refused: number;
  /** Bytes received from servers. */
  bytes: number;
  elapsedMs: number;
}

export interface RenderAvailability {
  available: boolean;
  /** Why not, when not. */
  reason?: string;
}

/** How long closing a page's context may take before the browser is restarted instead. */
const CLOSE_TIMEOUT_MS = 3_000;
const LAUNCH_TIMEOUT_MS = 30_000;
const WATCHDOG_INTERVAL_MS = 200;
const MAX_REDIRECTS = 5;

type Playwright = typeof import("playwright-core");

interface LiveBrowser {
  browser: Browser;
  fallbackProxy: PolicyProxy;
  memory: MemoryWatch | null;
  pages: number;
  active: number;
  retiring: boolean;
}

export class Renderer {
  readonly config: RenderConfig;
  #current: LiveBrowser | null = null;
  #starting: Promise<LiveBrowser> | null = null;
  /** The pages being rendered at once (`concurrency`); a page's place is given back once it is closed. */
  readonly #places: Semaphore;
  #closed = false;
  #rendering = 0;

  constructor(config: RenderConfig = RENDER_DEFAULTS) {
    this.config = config;
    this.#places = new Semaphore(config.concurrency);
  }

  /** Whether a browser can be started here (looks for the executable; starts nothing). */
  availability(): RenderAvailability {
    if (findChromium(this.config.chromiumPath) !== null) return { available: true };
    return {
      available: false,
      reason: this.config.chromiumPath !== null ? `CHROMIUM_PATH (${this.config.chromiumPath}) is not an executable file` : "no Chromium found (install chromium, or set CHROMIUM_PATH)",
    };
  }

  /** Pages rendering and waiting right now. */
  get load(): { rendering: number; waiting: number } {
    return { rendering: this.#rendering, waiting: this.#places.waiting };
  }

  async render(url: string, options: RenderOptions = {}): Promise<RenderedPage> {
    const target = parseTarget(url);
    const availability = this.availability();
    if (!availability.available) throw new FetchError("render_unavailable", `Rendering is not available on this server: ${availability.reason}.`);
    if (this.#closed) throw new FetchError("render_unavailable", "Rendering is not available: the renderer is shutting down.");
    const limits: RenderLimits = { ...this.config.limits, ...options.limits };
    const policy: DestinationPolicy = {
      allowed: parseAllowedHosts(options.allowPrivateHosts),
      allowedPorts: options.allowedPorts ?? DEFAULT_ALLOWED_PORTS,
      resolver: options.resolver ?? systemResolver,
    };
    // A place first, then the page's own look-up: look-ups that never answer (each holds a thread of the
    // pool every look-up shares) are as many as the places and their queue, and end with the deadline.
    await this.#acquire(options.signal, options.boundedWait === true ? this.config.maxQueueWaitMs : null);
    let done: Promise<void> = Promise.resolve();
    try {
      await checkPage(target, policy, limits.deadlineMs, options.signal);
      return await this.#renderOne(target.url.href, target.host, policy, limits, options, (ending) => {
        done = ending;
      });
    } finally {
      void done.finally(() => this.#release());
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const starting = this.#starting;
    if (starting) await starting.catch(() => null);
    const current = this.#current;
    this.#current = null;
    if (current) await this.#shutDown(current);
  }

  /**
   * A place among the pages rendering, refused at once when `maxQueued` pages already wait for one, and
   * after `maxWaitMs` of waiting when given.
   */
  async #acquire(signal: AbortSignal | undefined, maxWaitMs: number | null): Promise<void> {
    signal?.throwIfAborted();
    if (this.#places.full && this.#places.waiting >= this.config.maxQueued) {
      throw new FetchError("render_unavailable", `Too many pages are waiting to be rendered (${this.#places.waiting}); retry in a moment.`);
    }
    if (maxWaitMs === null || !this.#places.full) {
      await this.#places.acquire(signal);
    } else {
      const waited = new AbortController();
      const giveUp = () => waited.abort(signal!.reason);
      signal?.addEventListener("abort", giveUp, { once: true });
      const timer = setTimeout(() => {
        waited.abort(new FetchError("render_unavailable", `Every render place stayed busy for ${Math.round(maxWaitMs / 1000)} s; retry in a moment, or validate without render.`));
      }, maxWaitMs);
      try {
        await this.#places.acquire(waited.signal);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", giveUp);
      }
    }
    this.#rendering++;
  }

  #release(): void {
    this.#rendering--;
    this.#places.release();
  }

  /** The browser, started on first use and again after a crash or when it served its share of pages. */
  async #browser(): Promise<LiveBrowser> {
    const current = this.#current;
    if (current && !current.retiring && current.browser.isConnected()) return current;
    if (current) {
      this.#current = null;
      this.#retire(current);
    }
    this.#starting ??= this.#launch().then(
      (live) => {
        this.#starting = null;
        if (this.#closed) {
          void this.#shutDown(live);
          throw new FetchError("render_unavailable", "Rendering is not available: the renderer is shutting down.");
        }
        this.#current = live;
        return live;
      },
      (err: unknown) => {
        this.#starting = null;
        throw err;
      },
    );
    return this.#starting;
  }

  async #launch(): Promise<LiveBrowser> {
    const executablePath = findChromium(this.config.chromiumPath);
    if (executablePath === null) throw new FetchError("render_unavailable", "Rendering is not available on this server: no Chromium found.");
    let playwright: Playwright;
    try {
      playwright = await import("playwright-core");
    } catch (err) {
      throw new FetchError("render_unavailable", "Rendering is not available on this server: playwright-core is not installed.", { cause: err });
    }
    const fallbackProxy = await PolicyProxy.start({ policy: null });
    let browser: Browser;
    try {
      browser = await playwright.chromium.launch({
        executablePath,
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        // Every context without a proxy of its own would get this one, which refuses everything.
        proxy: { server: fallbackProxy.url },
        args: chromiumArgs(this.config.limits.maxHeapMb),
      });
    } catch (err) {
      await fallbackProxy.close();
      throw new FetchError("render_unavailable", "Rendering is not available on this server: the browser did not start.", { cause: err });
    }
    const live: LiveBrowser = { browser, fallbackProxy, memory: null, pages: 0, active: 0, retiring: false };
    browser.on("disconnected", () => {
      live.retiring = true;
      live.memory?.stop();
      if (this.#current === live) this.#current = null;
      void fallbackProxy.close();
    });
    const session = await browser.newBrowserCDPSession().catch(() => null);
    if (session !== null) live.memory = watchRendererMemory(session, this.config.limits.maxMemoryMb * 1024 * 1024, () => live.active > 0);
    return live;
  }

  async #shutDown(live: LiveBrowser): Promise<void> {
    live.retiring = true;
    live.memory?.stop();
    await withTimeout(live.browser.close(), CLOSE_TIMEOUT_MS).catch(() => {});
    await live.fallbackProxy.close();
  }

  /** Stops handing out `live`; closes it now if idle, else when its last page is done. */
  #retire(live: LiveBrowser): void {
    live.retiring = true;
    if (this.#current === live) this.#current = null;
    if (live.active === 0) void this.#shutDown(live);
  }

  /** Renders one page; `closing` receives the promise of its clean-up (the place is held until it settles). */
  async #renderOne(
    url: string,
    host: string,
    policy: DestinationPolicy,
    limits: RenderLimits,
    options: RenderOptions,
    closing: (done: Promise<void>) => void,
  ): Promise<RenderedPage> {
    const started = performance.now();
    const stop = new AbortController();
    const fail = (err: FetchError) => {
      if (!stop.signal.aborted) stop.abort(err);
    };
    const onCallerAbort = () => fail(new FetchError("fetch_timeout", `Rendering the page from ${host} was stopped: the caller's deadline passed.`));
    if (options.signal?.aborted) onCallerAbort();
    else options.signal?.addEventListener("abort", onCallerAbort, { once: true });

    let live: LiveBrowser;
    try {
      live = await untilAborted(this.#browser(), stop.signal);
    } catch (err) {
      options.signal?.removeEventListener("abort", onCallerAbort);
      throw err;
    }
    // The deadline is the page's: starting the browser (once) is not charged to it.
    const timer = setTimeout(
      () => fail(new FetchError("render_timeout", `Rendering the page from ${host} did not finish within ${formatMs(limits.deadlineMs)} (its scripts or requests kept it busy).`)),
      limits.deadlineMs,
    );
    live.active++;
    live.pages++;
    const opening = PageSession.open(live.browser, options.userAgent ?? DEFAULT_USER_AGENT);
    let session: PageSession | null = null;
    let watchdog: NodeJS.Timeout | undefined;
    try {
      session = await untilAborted(opening, stop.signal);
      session.arm({
        policy,
        connectGuard: options.connectGuard,
        maxRequests: limits.maxRequests,
        maxBytes: limits.maxBytes,
        maxFrames: limits.maxFrames,
        fail: (what) => fail(capError(what, limits)),
      });
      const { page } = session;
      watchdog = startWatchdog(session.cdp, limits, fail);
      // To the commit only, then the document's own load event: a script that navigates away is
      // cancelled (page-session.ts), and Playwright's wait for "load" never ends after such a navigation.
      const response = await untilAborted(page.goto(url, { waitUntil: "commit", timeout: 0 }), stop.signal).catch((err: unknown) => {
        throw stop.signal.aborted ? stop.signal.reason : navigationError(err, host);
      });
      checkMainResponse(response, host);
      await untilAborted(page.evaluate(LOADED), stop.signal);
      const s = session;
      await untilAborted(waitForQuiet(() => s.inflight, () => s.lastActivity, limits), stop.signal);
      // One round trip: the serialized DOM (as page.content() gives it) and its element count.
      const [html, elements] = await untilAborted(page.evaluate(SNAPSHOT, [limits.maxDomElements, DEFAULT_MAX_BYTES] as const), stop.signal);
      // The page measures its snapshot and sends none past the cap: a 50 MB one cost this process 117 MiB on arrival.
      if (html === null) throw new FetchError("page_too_large", `The rendered page is larger than ${formatBytes(DEFAULT_MAX_BYTES)}.`);
      if (elements > limits.maxDomElements) throw new FetchError("render_failed", `The rendered page has more than ${limits.maxDomElements} elements.`);
      stop.signal.throwIfAborted();
      return {
        url,
        finalUrl: page.url(),
        status: response?.status() ?? 200,
        html,
        requests: session.requests,
        refused: session.proxy.stats.refused,
        bytes: session.proxy.stats.bytesIn,
        elapsedMs: performance.now() - started,
      };
    } catch (err) {
      if (stop.signal.aborted) throw stop.signal.reason;
      if (err instanceof FetchError) throw err;
      throw new FetchError("render_failed", `Rendering the page from ${host} failed.`, { cause: err });
    } finally {
      clearTimeout(timer);
      clearInterval(watchdog);
      options.signal?.removeEventListener("abort", onCallerAbort);
      // The answer does not wait for the clean-up; the page's place does.
      const ending = (session !== null ? session.close(CLOSE_TIMEOUT_MS) : opening.then((s) => s.close(CLOSE_TIMEOUT_MS), () => true)).then((closed) => {
        if (!closed) live.retiring = true;
        live.active--;
        if (live.retiring || live.pages >= this.config.pagesPerBrowser) this.#retire(live);
      });
      closing(
        withTimeout(ending, CLOSE_TIMEOUT_MS * 2).catch(() => {
          // Not even closing answered: the browser is stuck. Stop it (its pages with it) and free the place.
          live.retiring = true;
          if (this.#current === live) this.#current = null;
          void this.#shutDown(live);
        }),
      );
    }
  }
}

function capError(what: "requests" | "bytes" | "frames" | "crash", limits: RenderLimits): FetchError {
  switch (what) {
    case "bytes":
      return new FetchError("render_failed", `The rendered page received more than ${formatBytes(limits.maxBytes)} (all its requests together).`);
    case "requests":
      return new FetchError("render_failed", `The rendered page made more than ${limits.maxRequests} requests.`);
    case "frames":
      return new FetchError("render_failed", `The rendered page opened more than ${limits.maxFrames} frames.`);
    case "crash":
      return new FetchError("render_failed", `The rendered page crashed (it may have used more than its memory allows: ${limits.maxHeapMb} MB of JavaScript heap, ${limits.maxMemoryMb} MB in all).`);
  }
}

/** Runs in the page: settles once the document's load event has fired. */
const LOADED = (): Promise<void> | void => {
  if (document.readyState === "complete") return;
  return new Promise<void>((resolve) => addEventListener("load", () => resolve(), { once: true }));
};

/**
 * Runs in the page: what page.content() returns (doctype included), with the open shadow roots of the
 * body's shown elements, and the number of elements.
 *
 * First the body's elements the browser does not show, by their computed style (display:none,
 * visibility:hidden or collapse, content-visibility:hidden: a stylesheet's class, an accordion's closed panel), get the `hidden` attribute, the
 * one the visible text reads as hidden (runtime/page-truth/visible-text.ts): with rendering, what a
 * reader sees is what the browser shows, not only what inline styles say. An element made invisible
 * (visibility:hidden) around a descendant that is made visible again (visibility:visible, which CSS
 * lets override an inherited hidden) is not hidden whole: its own text is put in hidden spans, and each
 * invisible element inside with nothing shown in it is hidden. A hidden element's other
 * descendants are not looked at; nor are script, style, template and noscript (never shown, read as
 * such) or a select's options (shown when it is opened). An inline element (a span, a link) the
 * browser lays out as a block (a stylesheet's `display: block`, a flex or grid item) gets an inline
 * `display:block` after its style, which the visible text reads as a block edge: its words are not run
 * into the next ones. An element a stylesheet or its inline style strikes through gets its content
 * wrapped in an `<s>`, which the price look-up reads as a former price's mark. Not a floated one (a drop cap's "E" of "Executive") nor one out of the flow,
 * whose computed display is block but which sits in the line. Skipped on a page past the element limit,
 * which is refused anyway; iterative, so no depth of nesting overflows the page's stack.
 *
 * A web component shows what its shadow root holds (a price a `<product-price>` element writes there),
 * which outerHTML leaves out: the walk goes into open shadow roots, counts their elements against the
 * limit, and the page is serialized with them as declarative shadow roots (`<template
 * shadowrootmode="open">`, which the visible text reads as shown). A closed root cannot be read.
 */
const SNAPSHOT = ([maxElements, maxChars]: readonly [number, number]): [string | null, number] => {
  let elements = document.getElementsByTagName("*").length;
  const shadowRoots: ShadowRoot[] = [];
  if (document.body !== null && elements <= maxElements) {
    const skipped = new Set(["script", "style", "template", "noscript", "select", "datalist"]);
    const hidden: Element[] = [];
    // visibility:hidden is inherited, and a descendant's visibility:visible shows that descendant (CSS
    // Display 3, "visibility"): such an element is walked into, not hidden whole.
    const invisible = new Set<Element>();
    const revealed: Element[] = [];
    const inline = new Set(["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "del", "ins", "output", "meter", "nobr"]);
    const blocks: Element[] = [];
    const struck: Element[] = [];
    const stack: Array<Element | ShadowRoot> = [document.body];
    walk: while (stack.length > 0) {
      const parent = stack.pop() as Element | ShadowRoot;
      for (let child = parent.firstElementChild; child !== null; child = child.nextElementSibling) {
        if (skipped.has(child.localName)) continue;
        const style = getComputedStyle(child);
        // content-visibility:hidden draws no content, but the browser gives it to hidden="until-found" too, which the visible text reads as shown.
        const contentHidden = style.contentVisibility === "hidden" && child.getAttribute("hidden") === null;
        if (style.display === "none" || contentHidden) {
          hidden.push(child);
          continue;
        }
        const above = parent instanceof ShadowRoot ? parent.host : parent;
        if (style.visibility === "hidden" || style.visibility === "collapse") invisible.add(child);
        else if (invisible.has(above)) revealed.push(child);
        if (
          inline.has(child.localName) &&
          /^(?:block|flex|grid|list-item|table|flow-root|-webkit-box)\b/.test(style.display) &&
          !style.display.includes("inline") &&
          style.float === "none" &&
          style.position !== "absolute" &&
          style.position !== "fixed"
        ) {
          blocks.push(child);
        }
        // Declared on the element (descendants draw the line but compute none of their own).
        if (style.textDecorationLine.includes("line-through")) struck.push(child);
        stack.push(child);
        const root = child.shadowRoot;
        if (root !== null) {
          shadowRoots.push(root);
          elements += root.querySelectorAll("*").length;
          if (elements > maxElements) break walk;
          stack.push(root);
        }
      }
    }
    // Marked after the walk: no style is read again after the page changed. An element marked
    // hidden="until-found" that the browser does not show at all (a stylesheet's display:none) is
    // marked plainly: the visible text reads until-found as shown.
    if (elements <= maxElements) for (const element of hidden) if (element.getAttribute("hidden") !== "") element.setAttribute("hidden", "");
    // An invisible element with nothing shown inside is hidden whole (the outermost one suffices). One
    // around a shown descendant keeps its elements (each invisible one is marked on its own) and has
    // its own text put in hidden spans.
    if (elements <= maxElements && invisible.size > 0) {
      const aboveShown = new Set<Node>();
      for (const element of revealed) {
        for (let up: Node | null = element.parentNode; up !== null && !aboveShown.has(up); up = up instanceof ShadowRoot ? up.host : up.parentNode) aboveShown.add(up);
      }
      for (const element of invisible) {
        if (!aboveShown.has(element)) {
          const above = element.parentNode instanceof ShadowRoot ? element.parentNode.host : element.parentElement;
          if (above === null || !invisible.has(above) || aboveShown.has(above)) element.setAttribute("hidden", "");
          continue;
        }
        // Its inline visibility would hide it whole to the visible text's reader: its text is covered below instead.
        if ((element as HTMLElement).style?.visibility) (element as HTMLElement).style.removeProperty("visibility");
        for (let node = element.firstChild; node !== null; node = node.nextSibling) {
          if (node.nodeType !== Node.TEXT_NODE || (node.nodeValue ?? "").trim() === "") continue;
          const cover = document.createElement("span");
          cover.setAttribute("hidden", "");
          element.replaceChild(cover, node);
          cover.appendChild(node);
          node = cover;
        }
      }
    }
    // Last in the style, so the declaration counts over an inline display of its own; a comment left
    // open would swallow it, so it is closed first.
    if (elements <= maxElements) {
      for (const element of blocks) {
        const style = element.getAttribute("style") ?? "";
        const open = style.lastIndexOf("/*") > style.lastIndexOf("*/");
        element.setAttribute("style", `${style}${open ? "*/" : ""};display:block`);
      }
      // A stylesheet's strikethrough (a theme's former price, `.price--compare`) or an inline style's: the
      // element's content is put in an `<s>`, which the visible text reads as struck through (a price
      // shown only struck through is a former price). Its text and its Microdata stay as they were.
      for (const element of struck) {
        if (element.localName === "s" || element.localName === "del" || element.localName === "strike" || element.firstChild === null) continue;
        const mark = document.createElement("s");
        while (element.firstChild !== null) mark.appendChild(element.firstChild);
        element.appendChild(mark);
      }
    }
  }
  const doctype = document.doctype ? new XMLSerializer().serializeToString(document.doctype) : "";
  const root = document.documentElement as Element & { getHTML?: (options: { shadowRoots: ShadowRoot[] }) => string };
  let html: string;
  if (shadowRoots.length === 0 || typeof root.getHTML !== "function" || elements > maxElements) html = doctype + root.outerHTML;
  else {
    // The html element's own tag around its content with the roots: getHTML gives the inner HTML.
    const shell = (root.cloneNode(false) as Element).outerHTML;
    const end = shell.lastIndexOf("</");
    html = doctype + shell.slice(0, end) + root.getHTML({ shadowRoots }) + shell.slice(end);
  }
  // No named function in here: the test runner's transform would wrap it in a helper the page lacks.
  return [html.length > maxChars ? null : html, elements];
};

/** Chromium's flags: headless, nothing that reaches the network by itself, no name resolution of its own. */
export function chromiumArgs(maxHeapMb: number): string[] {
  const args = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--disable-dev-shm-usage",
    "--disable-breakpad",
    "--no-pings",
    "--mute-audio",
    "--dns-prefetch-disable",
    "--disable-features=NetworkPrediction,Prerender2,NoStatePrefetch,DnsOverHttps,AsyncDns,MediaRouter,OptimizationHints,Translate,AutofillServerCommunication,InterestFeedContentSuggestions",
    // Every name Chromium would resolve itself fails: only the proxy (an address) is reachable.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    `--js-flags=--max-old-space-size=${maxHeapMb}`,
  ];
  // Chromium's sandbox cannot run as root; anywhere else it stays on.
  if (typeof process.getuid === "function" && process.getuid() === 0) args.push("--no-sandbox");
  return args;
}

function startWatchdog(cdp: CDPSession, limits: RenderLimits, fail: (err: FetchError) => void): NodeJS.Timeout {
  let asking = false;
  return setInterval(() => {
    // A page stuck in a loop does not answer: the deadline ends it; the watchdog just waits.
    if (asking) return;
    asking = true;
    cdp.send("Performance.getMetrics").then(
      ({ metrics }) => {
        asking = false;
        const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        if (value("ScriptDuration") * 1000 > limits.maxScriptMs) {
          fail(new FetchError("render_failed", `The rendered page's scripts ran longer than ${formatMs(limits.maxScriptMs)}.`));
        } else if (value("JSHeapUsedSize") > limits.maxHeapMb * 1024 * 1024) {
          fail(new FetchError("render_failed", `The rendered page used more than ${limits.maxHeapMb} MB of JavaScript memory.`));
        } else if (value("Nodes") > limits.maxDomElements * 4) {
          fail(new FetchError("render_failed", `The rendered page has more than ${limits.maxDomElements} elements.`));
        }
      },
      () => {
        asking = false;
      },
    );
  }, WATCHDOG_INTERVAL_MS);
}

/** After the load event: until no request has been open for `settleMs`, or `maxSettleWaitMs` passed. */
async function waitForQuiet(inflight: () => number, lastActivity: () => number, limits: RenderLimits): Promise<void> {
  const until = performance.now() + limits.maxSettleWaitMs;
  for (;;) {
    const now = performance.now();
    if (now >= until) return;
    if (inflight() === 0 && now - lastActivity() >= limits.settleMs) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, limits.settleMs / 4))));
  }
}

function checkMainResponse(response: Response | null, host: string): void {
  if (response === null) return;
  if (response.headers()["x-sdv-refused"] !== undefined) {
    throw new FetchError("destination_not_allowed", "The page redirected to a destination that is not allowed (a private, local or reserved network address).");
  }
  let hops = 0;
  for (let r = response.request().redirectedFrom(); r !== null; r = r.redirectedFrom()) hops++;
  if (hops > MAX_REDIRECTS) throw new FetchError("too_many_redirects", `The page redirected more than ${MAX_REDIRECTS} times.`);
  const status = response.status();
  if (status < 200 || status > 299) throw new FetchError("fetch_failed", `The page answered with HTTP status ${status}.`, { status });
  const type = (response.headers()["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "" && type !== "text/html" && type !== "application/xhtml+xml") {
    throw new FetchError("unsupported_content_type", `The page from ${host} is not HTML; only text/html and application/xhtml+xml pages can be validated.`);
  }
}

function navigationError(err: unknown, host: string): FetchError {
  const message = err instanceof Error ? err.message : String(err);
  if (/ERR_TOO_MANY_REDIRECTS/.test(message)) return new FetchError("too_many_redirects", `The page redirected more than ${MAX_REDIRECTS} times.`, { cause: err });
  if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY_CONNECTION_FAILED|ERR_BLOCKED_BY_CLIENT/.test(message)) {
    return new FetchError("destination_not_allowed", "The page redirected to a destination that is not allowed (a private, local or reserved network address).", { cause: err });
  }
  if (/Download is starting|ERR_ABORTED/.test(message)) {
    return new FetchError("unsupported_content_type", `The page from ${host} is not HTML (the browser would download it).`, { cause: err });
  }
  return new FetchError("fetch_failed", `Could not load the page from ${host} in the browser.`, { cause: err });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The page itself is refused with the fetcher's words before any browser work, within the page's
 * deadline and the caller's (a look-up that does not answer ran 20 s past both).
 */
async function checkPage(target: ReturnType<typeof parseTarget>, policy: DestinationPolicy, deadlineMs: number, signal: AbortSignal | undefined): Promise<void> {
  const deadline = AbortSignal.timeout(deadlineMs);
  try {
    await untilAborted(checkDestination(target, policy), signal ? AbortSignal.any([signal, deadline]) : deadline);
  } catch (err) {
    if (deadline.aborted) throw new FetchError("fetch_timeout", `Resolving ${target.host} did not finish within ${formatMs(deadlineMs)}.`);
    if (signal?.aborted) throw new FetchError("fetch_timeout", `Rendering the page from ${target.host} was stopped: the caller's deadline passed.`);
    if (!(err instanceof DestinationRefused)) throw err;
    if (err.reason === "port") throw new FetchError("invalid_url", `Port ${target.port} is not allowed; allowed ports: ${policy.allowedPorts.join(", ")}.`);
    if (err.reason === "address") throw new FetchError("destination_not_allowed", `Fetching ${target.host} is not allowed: it is, or resolves to, a private, local or reserved network address.`);
    throw new FetchError("fetch_failed", `Could not resolve the host ${target.host}.`, { cause: err.cause ?? err });
  }
}
