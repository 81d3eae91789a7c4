/**
 * The renderer against hostile pages, over loopback only.
 *
 * A page whose scripts try every way out: canary listeners on another port of the page's own host and on
 * other loopback addresses (127.0.0.2, in decimal and octal forms too), 169.254.169.254, file: URLs, a
 * WebSocket, a service worker, prefetch and DNS prefetch, a beacon, an EventSource, WebRTC, a popup and a
 * redirect into a canary. The canaries count their connections: zero. The render still completes.
 *
 * Pages that loop forever, allocate without end, open 1,000 iframes or redirect in circles end within
 * their deadline with a clear error, and the next page is served.
 *
 * Needs Chromium; without it every test here is skipped (counted as skipped).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { gzipSync } from "node:zlib";
import { isLoopbackForTest, startServer, type Fixture } from "../fixtures.ts";
import { findChromium } from "../../../fetch/render/chromium-path.ts";
import { chromiumArgs, Renderer } from "../../../fetch/render/renderer.ts";
import { RENDER_DEFAULTS } from "../../../fetch/render/config.ts";
import { FetchError } from "../../../fetch/fetch-error.ts";
import { validateEngine } from "../../../lib/index.ts";
import { validateRenderedHtml } from "../../../runtime/validate.ts";

const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);
if (chromium === null) console.log("skip: renderer tests (Chromium not found: apt-get install chromium, or set CHROMIUM_PATH)");
const withBrowser = chromium === null ? test.skip : test;

// Generous: the hostile page dials a dozen refused targets, and on a loaded 2-core CI machine 5 s was once not enough for it to settle.
const DEADLINE_MS = 10_000;
/** Closing a stuck page (or restarting the browser) on top of the deadline. */
const SLACK_MS = 4_000;

let site: Fixture;
let sameHostCanary: Fixture;
let otherAddressCanary: Fixture;
let renderer: Renderer;
/** Every address the renderer's proxy was about to connect to. */
const attempts: string[] = [];

const allowed = () => [`127.0.0.1:${site.port}`];
const render = (path: string) =>
  renderer.render(`http://127.0.0.1:${site.port}${path}`, {
    allowPrivateHosts: allowed(),
    connectGuard: (address) => {
      attempts.push(address);
      if (!isLoopbackForTest(address)) throw new Error(`test connect guard: refusing ${address}`);
    },
  });

function hostilePage(): string {
  const c1 = `127.0.0.1:${sameHostCanary.port}`;
  const c2 = `127.0.0.2:${otherAddressCanary.port}`;
  const c2decimal = `2130706434:${otherAddressCanary.port}`;
  const c2octal = `0177.0.0.2:${otherAddressCanary.port}`;
  const targets = [
    `http://${c1}/fetch`,
    `http://${c2}/fetch`,
    `http://${c2decimal}/decimal`,
    `http://${c2octal}/octal`,
    `http://localhost:${sameHostCanary.port}/localhost`,
    `http://[::1]:${sameHostCanary.port}/v6`,
    "http://169.254.169.254/latest/meta-data/",
    `https://${c1}/tls`,
    `http://127.0.0.1:${site.port}/redirect-to-canary`,
    "file:///etc/passwd",
  ];
  return `<!doctype html><html><head><title>hostile</title>
<link rel="dns-prefetch" href="//canary.example">
<link rel="preconnect" href="http://${c2}">
<link rel="prefetch" href="http://${c1}/prefetch">
<link rel="stylesheet" href="http://${c2}/style.css">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"still validated"}</script>
</head><body>
<img src="http://${c1}/img"><img src="http://${c2}/img"><img src="file:///etc/hostname">
<iframe src="http://${c2}/frame"></iframe><iframe src="file:///etc/passwd"></iframe>
<script>
const targets = ${JSON.stringify(targets)};
for (const t of targets) { try { fetch(t).catch(() => {}); } catch {} }
for (const t of targets) { try { const x = new XMLHttpRequest(); x.open("GET", t); x.send(); } catch {} }
for (const w of ["ws://${c1}/ws", "ws://${c2}/ws", "wss://${c1}/ws"]) { try { new WebSocket(w); } catch {} }
try { new EventSource("http://${c1}/events"); } catch {}
try { navigator.sendBeacon("http://${c2}/beacon", "x"); } catch {}
try { navigator.serviceWorker.register("/sw.js").catch(() => {}); } catch {}
try { const pc = new RTCPeerConnection({ iceServers: [{ urls: "stun:${c2}" }] }); pc.createDataChannel("x"); pc.createOffer().then((o) => pc.setLocalDescription(o)); } catch {}
try { window.open("http://${c1}/popup"); } catch {}
</script></body></html>`;
}

let bloat: Buffer | undefined;

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "/").split("?")[0];
  const html = (body: string) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(body);
  };
  switch (path) {
    case "/plain":
      return html(`<!doctype html><html><head><script type="application/ld+json">{"@type":"Thing","name":"x"}</script></head><body>ok</body></html>`);
    case "/grows":
      // 136 bytes that grow into a 6 MB document: the page measures its snapshot and sends none.
      return html(`<!doctype html><body><script>document.body.append("x".repeat(6 * 1024 * 1024))</script></body>`);
    case "/hostile":
      return html(hostilePage());
    case "/bloat": {
      // A few hundred KB on the wire that the browser decodes into 300 MB of text: memory the page's
      // JavaScript heap never holds, so only the renderer's own memory tells.
      bloat ??= gzipSync(`<!doctype html><html><body><p>${"a".repeat(300 * 1024 * 1024)}</p></body></html>`, { level: 1 });
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      return void res.end(bloat);
    }
    case "/redirect-to-canary":
      res.writeHead(302, { location: `http://127.0.0.2:${otherAddressCanary.port}/redirected` });
      return void res.end();
    case "/sw.js":
      res.writeHead(200, { "content-type": "text/javascript" });
      return void res.end("self.addEventListener('fetch', () => {});");
    case "/shadow-roots": {
      // Web components that each attach an open shadow root of 50 elements, nested one level.
      const n = Number(new URL(req.url ?? "/", "http://x").searchParams.get("n"));
      return html(`<!doctype html><html lang="en"><body><script>customElements.define("x-card", class extends HTMLElement { constructor() { super(); const root = this.attachShadow({ mode: "open" }); root.innerHTML = "<span>in shadow</span>".repeat(49) + (this.hasAttribute("outer") ? "<x-card></x-card>" : ""); } }); document.body.insertAdjacentHTML("beforeend", "<x-card outer></x-card>".repeat(${n}));</script></body></html>`);
    }
    case "/mobile-only-price":
    case "/desktop-only-price": {
      // A stylesheet that shows the price on phones only (or on desktops only), as responsive themes write it.
      const hidden = path === "/mobile-only-price" ? "(min-width: 769px)" : "(max-width: 768px)";
      return html(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>@media ${hidden} { .price { display: none } }</style>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Executive Anvil","image":"https://shop.example/a.jpg","offers":{"@type":"Offer","price":1299,"priceCurrency":"USD"}}</script>
</head><body><h1>Executive Anvil</h1><p class="price">$1,299.00</p></body></html>`);
    }
    case "/hang":
      // Never answered: the page's render ends at its deadline.
      return;
    case "/loop":
      return html("<!doctype html><html><body><script>for (;;) {}</script></body></html>");
    case "/loop-later":
      return html("<!doctype html><html><body><p>x</p><script>setTimeout(() => { for (;;) {} }, 10);</script></body></html>");
    case "/allocate":
      return html("<!doctype html><html><body><script>const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random()));</script></body></html>");
    case "/iframes":
      return html("<!doctype html><html><body><script>for (let i = 0; i < 1000; i++) document.body.appendChild(document.createElement('iframe'));</script></body></html>");
    case "/circle-a":
      res.writeHead(302, { location: "/circle-b" });
      return void res.end();
    case "/circle-b":
      res.writeHead(302, { location: "/circle-a" });
      return void res.end();
    case "/form-away":
      // Submitted during parsing, before the load event: the navigation would go to a refused address.
      return html(`<!doctype html><html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"own document"}</script></head><body><form method="post" action="http://127.0.0.2:${otherAddressCanary.port}/submit"><input name="q" value="1"></form><script>document.forms[0].submit();</script></body></html>`);
    case "/location-away-later":
      return html(`<!doctype html><html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"own document"}</script></head><body><p id="p">x</p><script>addEventListener("load", () => setTimeout(() => { document.getElementById("p").textContent = "changed before leaving"; location.href = "http://169.254.169.254/latest/meta-data/"; }, 20));</script></body></html>`);
    case "/location-away-same-site":
      return html(`<!doctype html><html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing","name":"own document"}</script></head><body><script>location.replace("/plain");</script></body></html>`);
    case "/js-redirect-loop":
      return html("<!doctype html><html><body><script>location.href = '/js-redirect-loop?' + Math.random();</script></body></html>");
    default:
      res.writeHead(404).end();
  }
}

const canaryHandler = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end("canary");

test.before(async () => {
  site = await startServer(route);
  sameHostCanary = await startServer(canaryHandler);
  otherAddressCanary = await startServer(canaryHandler, { host: "127.0.0.2" });
  renderer = new Renderer({ ...RENDER_DEFAULTS, limits: { ...RENDER_DEFAULTS.limits, deadlineMs: DEADLINE_MS, settleMs: 300, maxScriptMs: 3_000, maxHeapMb: 128 } });
});

test.after(async () => {
  await renderer.close();
  await Promise.all([site.close(), sameHostCanary.close(), otherAddressCanary.close()]);
});

withBrowser("a plain page renders", async () => {
  const page = await render("/plain");
  assert.match(page.html, "application/ld+json");
  assert.is(page.status, 200);
});

withBrowser("a hostile page: no canary sees a connection, nothing but loopback is dialled, and the render completes", async () => {
  const before = site.requests.length;
  const page = await render("/hostile");
  assert.match(page.html, "still validated");
  // Give stragglers (a late beacon, a retried socket) a moment to show up at the canaries.
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.is(sameHostCanary.connections, 0, "canary on another port of the page's host");
  assert.is(otherAddressCanary.connections, 0, "canary on 127.0.0.2");
  assert.ok(page.refused >= 5, `the proxy refused the attempts (${page.refused})`);
  assert.equal(attempts.filter((a) => !isLoopbackForTest(a)), [], "no non-loopback address was ever dialled");
  const paths = site.requests.slice(before).map((r) => r.url);
  assert.not.ok(paths.includes("/sw.js"), "the service worker script was not even fetched");
});

const HOSTILE: Array<[string, string, RegExp]> = [
  ["/loop", "a script that loops forever", /render_timeout|render_failed/],
  ["/loop-later", "a script that starts looping after load", /render_timeout|render_failed/],
  ["/allocate", "a script that allocates without end", /render_failed|render_timeout/],
  ["/iframes", "1,000 iframes", /render_failed/],
  ["/circle-a", "redirects in a circle", /too_many_redirects/],
];

for (const [path, what, codes] of HOSTILE) {
  withBrowser(`${what} ends within its deadline with a clear error, and the next page is served`, async () => {
    const started = performance.now();
    const err = await render(path).then(
      () => null,
      (e: unknown) => e,
    );
    const elapsed = performance.now() - started;
    assert.instance(err, FetchError);
    assert.match((err as FetchError).code, codes);
    assert.ok((err as FetchError).message.length > 20);
    assert.ok(elapsed < DEADLINE_MS + SLACK_MS, `ended after ${Math.round(elapsed)} ms`);
    const next = await render("/plain");
    assert.match(next.html, "application/ld+json");
  });
}

// Issue 25: the page's own document is what is judged. A script that navigates the top frame away
// (a form submitted to a refused address, a location change) used to leave the browser on the refused
// navigation's error page (or on another page), and the report found no structured data.
const NAVIGATES_AWAY: Array<[string, string]> = [
  ["/form-away", "a form submitted by a script to a refused address"],
  ["/location-away-later", "a location change to a refused address after load"],
  ["/location-away-same-site", "a location change to another page of the site"],
  ["/js-redirect-loop", "a script that navigates again and again"],
];
for (const [path, what] of NAVIGATES_AWAY) {
  withBrowser(`${what}: the page's own document is rendered, nothing refused is dialled`, async () => {
    const page = await render(path);
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.is(page.finalUrl, url);
    assert.is(page.status, 200);
    if (path !== "/js-redirect-loop") {
      assert.match(page.html, "own document");
      const schemas = validateEngine(page.html, { format: "html" }).schemas;
      assert.ok(schemas.some((x) => x.type === "Thing"), "the page's own structured data is reported");
    }
    if (path === "/location-away-later") assert.match(page.html, "changed before leaving");
    assert.is(otherAddressCanary.connections, 0);
    assert.equal(attempts.filter((a) => !isLoopbackForTest(a)), []);
  });
}

withBrowser("pages render on a phone's screen, as the smartphone crawler reads them: a price a stylesheet shows on phones only is shown, one it shows on desktops only is not", async () => {
  const priceIssues = async (path: string) => {
    const page = await render(path);
    return validateRenderedHtml(page.html, page.html, page.finalUrl).schemas.flatMap((x) => x.warnings.filter((w) => w.code === "not-visible").map((w) => w.property));
  };
  assert.equal(await priceIssues("/mobile-only-price"), []);
  assert.equal(await priceIssues("/desktop-only-price"), ["offers.price"]);
});

withBrowser("open shadow roots are in the rendered HTML as declarative roots, and their elements count against the element limit", async () => {
  const small = await render("/shadow-roots?n=2");
  const afterScript = small.html.slice(small.html.indexOf("</script>"));
  assert.is(afterScript.split(`<template shadowrootmode="open">`).length - 1, 4, "two cards and the card in each");
  assert.is(afterScript.split("<span>in shadow</span>").length - 1, 4 * 49);
  assert.match(small.html, /^<!DOCTYPE html><html lang="en"><head>/);
  // 20,000 elements in the light DOM's count would pass a limit of 10,000; in shadow roots they count too.
  const strict = new Renderer({ ...RENDER_DEFAULTS, limits: { ...RENDER_DEFAULTS.limits, deadlineMs: DEADLINE_MS, maxDomElements: 10_000 } });
  try {
    const url = `http://127.0.0.1:${site.port}/shadow-roots?n=200`;
    const err = await strict.render(url, { allowPrivateHosts: allowed() }).then(() => null, (e: unknown) => e);
    assert.ok(err instanceof FetchError, String(err));
    assert.is((err as FetchError).code, "render_failed");
    assert.match((err as FetchError).message, /more than 10000 elements/);
    assert.ok((await strict.render(`http://127.0.0.1:${site.port}/shadow-roots?n=50`, { allowPrivateHosts: allowed() })).html.length > 0, "5,000 elements in shadow roots pass");
  } finally {
    await strict.close();
  }
});

withBrowser("a page whose snapshot is past the 5 MiB cap: page_too_large, and the next page is served", async () => {
  // Its own renderer with a patient deadline: the test is about the cap, and measuring a 6 MB document
  // took past the shared 10 s deadline once in CI while the other test process loaded both cores.
  const patient = new Renderer({ ...RENDER_DEFAULTS, limits: { ...RENDER_DEFAULTS.limits, deadlineMs: 30_000 } });
  try {
    const err = await patient.render(`http://127.0.0.1:${site.port}/grows`, { allowPrivateHosts: allowed() }).catch((e: unknown) => e);
    assert.instance(err, FetchError);
    assert.is((err as FetchError).code, "page_too_large");
    assert.match((await patient.render(`http://127.0.0.1:${site.port}/plain`, { allowPrivateHosts: allowed() })).html, "application/ld+json");
  } finally {
    await patient.close();
  }
});

const procReadable = await import("node:fs/promises").then((fs) => fs.access("/proc/self/status").then(() => true, () => false));
(chromium === null || !procReadable ? test.skip : test)("a page whose renderer holds more memory than RENDER_MAX_MEMORY_MB is stopped with a clear error, and the next page is served", async () => {
  const capped = new Renderer({ ...RENDER_DEFAULTS, limits: { ...RENDER_DEFAULTS.limits, deadlineMs: 30_000, maxMemoryMb: 128 } });
  try {
    const err = await capped.render(`http://127.0.0.1:${site.port}/bloat`, { allowPrivateHosts: allowed() }).catch((e: unknown) => e);
    assert.instance(err, FetchError);
    assert.is((err as FetchError).code, "render_failed");
    assert.match((err as FetchError).message, /128 MB in all/);
    assert.match((await capped.render(`http://127.0.0.1:${site.port}/plain`, { allowPrivateHosts: allowed() })).html, "application/ld+json");
  } finally {
    await capped.close();
  }
});

test("the page's own look-up ends with the page's deadline, and with the caller's signal", async () => {
  // A name server that answers after 3 s; the page's deadline is 300 ms. (No browser work happens before the answer.)
  const slow = (answer: string) => () => new Promise<Array<{ address: string; family: 4 | 6 }>>((resolve) => setTimeout(() => resolve([{ address: answer, family: 4 }]), 3000).unref());
  const quick = new Renderer({ ...RENDER_DEFAULTS, chromiumPath: chromium ?? "/nonexistent/chromium", limits: { ...RENDER_DEFAULTS.limits, deadlineMs: 300 } });
  try {
    if (!quick.availability().available) return;
    const late = await quick.render("http://slow-dns.test/", { resolver: slow("127.0.0.2") }).catch((e: unknown) => e);
    assert.instance(late, FetchError);
    assert.is((late as FetchError).code, "fetch_timeout");
    assert.match((late as FetchError).message, /did not finish within/);
    const caller = new AbortController();
    const patient = new Renderer({ ...RENDER_DEFAULTS, chromiumPath: chromium ?? "/nonexistent/chromium", limits: { ...RENDER_DEFAULTS.limits, deadlineMs: 60_000 } });
    try {
      setTimeout(() => caller.abort(), 100);
      const stopped = await patient.render("http://slow-dns.test/", { resolver: slow("127.0.0.2"), signal: caller.signal }).catch((e: unknown) => e);
      assert.is((stopped as FetchError).code, "fetch_timeout");
      assert.match((stopped as FetchError).message, /caller's deadline/);
      assert.equal(patient.load, { rendering: 0, waiting: 0 }, "its place is given back");
    } finally {
      await patient.close();
    }
  } finally {
    await quick.close();
  }
});

withBrowser("a page the policy refuses is refused before any browser work, in the fetcher's words", async () => {
  const err = await renderer.render(`http://127.0.0.2:${otherAddressCanary.port}/`, { allowPrivateHosts: allowed() }).catch((e: unknown) => e);
  assert.instance(err, FetchError);
  assert.is((err as FetchError).code, "destination_not_allowed");
  const meta = await renderer.render("http://169.254.169.254/latest/meta-data/", {}).catch((e: unknown) => e);
  assert.is((meta as FetchError).code, "destination_not_allowed");
  assert.is(otherAddressCanary.connections, 0);
});

test("Chromium's flags leave it no way out but the proxy: no name resolution of its own, no QUIC, no UDP for WebRTC, a capped heap", () => {
  const args = chromiumArgs(128);
  for (const flag of ["--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--force-webrtc-ip-handling-policy=disable_non_proxied_udp", "--js-flags=--max-old-space-size=128", "--disable-background-networking"]) {
    assert.ok(args.includes(flag), flag);
  }
  // The proxy itself (--proxy-server and --proxy-bypass-list=<-loopback>) is given at launch through
  // playwright-core's proxy option, which adds both flags (checked by the hostile page's canaries above).
});

withBrowser("a bounded wait for a render place ends with render_unavailable while the place is still held; an unbounded one waits its turn", async () => {
  const one = new Renderer({ ...RENDER_DEFAULTS, concurrency: 1, maxQueueWaitMs: 1_000, limits: { ...RENDER_DEFAULTS.limits, deadlineMs: 6_000, settleMs: 300 } });
  const options = (boundedWait?: boolean) => ({ allowPrivateHosts: allowed(), boundedWait });
  try {
    const settled: string[] = [];
    const note = (name: string) => (value: unknown) => {
      settled.push(name);
      return value;
    };
    const holder = one.render(`http://127.0.0.1:${site.port}/hang?holder`, options()).then(note("holder"), (err: unknown) => note("holder")(err));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Waits at most the renderer's 1 s queue wait for the place the hanging page holds for 6 s.
    const bounded = one.render(`http://127.0.0.1:${site.port}/plain?bounded`, options(true)).then(note("bounded"), (err: unknown) => note("bounded")(err));
    // The twin without the bound waits for the place and renders.
    const patient = one.render(`http://127.0.0.1:${site.port}/plain?patient`, options()).then(note("patient"), (err: unknown) => note("patient")(err));
    const [held, refused, served] = await Promise.all([holder, bounded, patient]);
    assert.instance(refused, FetchError);
    assert.is((refused as FetchError).code, "render_unavailable");
    assert.match((refused as FetchError).message, /busy/);
    assert.instance(held, FetchError, "the hanging page ends at its deadline");
    assert.is((held as FetchError).code, "render_timeout");
    assert.not.instance(served, Error, String(served));
    assert.equal(settled, ["bounded", "holder", "patient"]);
  } finally {
    await one.close();
  }
});

test("without Chromium: render_unavailable, nothing started", async () => {
  const none = new Renderer({ ...RENDER_DEFAULTS, chromiumPath: "/nonexistent/chromium" });
  assert.is(none.availability().available, false);
  const err = await none.render("http://127.0.0.1:1/").catch((e: unknown) => e);
  assert.instance(err, FetchError);
  assert.is((err as FetchError).code, "render_unavailable");
});

test.run();
