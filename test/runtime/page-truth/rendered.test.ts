/**
 * With rendering, the truth checks read what the browser shows: a price a script writes into the page
 * is visible once rendered (and not in the server's HTML); a price a script or a stylesheet hides is not. Through the
 * library's validateUrl with Debian's Chromium on a loopback page; skipped without Chromium.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { startServer, type Fixture } from "../../fetch/fixtures.ts";
import { findChromium } from "../../../fetch/render/chromium-path.ts";
import { closeRenderer, validateUrl } from "../../../lib/index.ts";
import { jsonLd, page, product, issuesOf } from "./helpers.ts";

const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);
if (chromium === null) console.log("skip: rendered truth-check tests (Chromium not found: apt-get install chromium, or set CHROMIUM_PATH)");
const withBrowser = chromium === null ? test.skip : test;

/** What React's $RC does, shortened: the fallback after the boundary's marker gives way to the segment's content. */
const REVEAL_SEGMENT = `const marker = document.getElementById("B:0"); const segment = document.getElementById("S:0"); marker.nextElementSibling.remove(); while (segment.firstChild) marker.parentNode.insertBefore(segment.firstChild, marker); segment.remove();`;

const WRITE_PRICE = `<script>document.getElementById("price").textContent = "1.299,00 €";</script>`;
const HIDE_PRICE = `<script>document.getElementById("price").style.display = "none";</script>`;

/** Pages whose price a stylesheet hides, or shows in a closed details element, a select's option or a hidden=until-found panel. */
const STYLED: Record<string, string> = {
  "/styled": `<style>.is-hidden { display: none } .ghost { visibility: hidden }</style><h1>Executive Anvil</h1><div class="is-hidden"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/ghost": `<style>.ghost { visibility: hidden }</style><h1>Executive Anvil</h1><p class="ghost">1.299,00 €</p><p>4,8 von 5 (120)</p>`,
  "/content-hidden": `<style>.later { content-visibility: hidden }</style><h1>Executive Anvil</h1><div class="later"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/until-found-styled": `<style>.closed { display: none }</style><h1>Executive Anvil</h1><div hidden="until-found" class="closed"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/details": `<h1>Executive Anvil</h1><details><summary>Preis</summary><p>1.299,00 €</p></details><p>4,8 von 5 (120)</p>`,
  "/option": `<h1>Executive Anvil</h1><select><option>Klein</option><option>Groß: 1.299,00 €</option></select><p>4,8 von 5 (120)</p>`,
  "/until-found": `<h1>Executive Anvil</h1><h2>Preis</h2><div hidden="until-found"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  // The ARIA accordion pattern: a button that says which panel it opens, the panel hidden by the attribute or a stylesheet.
  "/accordion": `<h1>Executive Anvil</h1><h2><button aria-expanded="false" aria-controls="preis">Preis</button></h2><div id="preis" role="region" hidden><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/accordion-styled": `<style>.panel { display: none }</style><h1>Executive Anvil</h1><h2><button aria-expanded="false" aria-controls="preis">Preis</button></h2><div id="preis" class="panel"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  // A Bootstrap accordion without ARIA: the control's data-toggle and href name the panel a stylesheet hides.
  "/bootstrap-collapse": `<style>.collapse:not(.show) { display: none }</style><h1>Executive Anvil</h1><h2><a data-toggle="collapse" href="#preis">Preis</a></h2><div id="preis" class="collapse"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/bootstrap-collapse-no-control": `<style>.collapse:not(.show) { display: none }</style><h1>Executive Anvil</h1><h2><a href="#preis">Preis</a></h2><div id="preis" class="collapse"><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  // A name set in two spans a stylesheet makes blocks (or flex items), and the twin: a floated drop cap, which sits in the line.
  "/block-spans": `<style>.line { display: block }</style><h1><span class="line">Executive</span><span class="line">Anvil</span></h1><p>1.299,00 €</p><p>4,8 von 5 (120)</p>`,
  "/flex-spans": `<style>h1 { display: flex; gap: .3em }</style><h1><span>Executive</span><span>Anvil</span></h1><p>1.299,00 €</p><p>4,8 von 5 (120)</p>`,
  "/drop-cap": `<style>.drop { float: left; font-size: 3em }</style><h1><span class="drop">E</span>xecutive Anvil</h1><p>1.299,00 €</p><p>4,8 von 5 (120)</p>`,
  // React's streamed rendering: the segment arrives hidden and the page's script moves it into its place.
  "/react-streamed": `<h1>Executive Anvil</h1><template id="B:0"></template><p>…</p><p>4,8 von 5 (120)</p><div hidden id="S:0"><p>1.299,00 €</p></div><script>${REVEAL_SEGMENT}</script>`,
  "/declarative-shadow": `<h1>Executive Anvil</h1><product-price><template shadowrootmode="open"><span>1.299,00 €</span></template></product-price><p>4,8 von 5 (120)</p>`,
  // A theme's former price, struck through by its stylesheet, beside the current one: the markup's 1.299 is the former (and its twin, the current).
  "/struck-by-class": `<style>.was { text-decoration: line-through }</style><h1>Executive Anvil</h1><p><span class="was">1.299,00 €</span> <span class="now">999,00 €</span></p><p>4,8 von 5 (120)</p>`,
  "/struck-by-class-twin": `<style>.was { text-decoration: line-through }</style><h1>Executive Anvil</h1><p><span class="was">1.499,00 €</span> <span class="now">1.299,00 €</span></p><p>4,8 von 5 (120)</p>`,
  // Cents a stylesheet raises, in an element of their own without a decimal mark, and the twin with another price.
  "/cents-class": `<style>.cents { vertical-align: super; font-size: .6em }</style><h1>Executive Anvil</h1><p>1.299<span class="cents">00</span> €</p><p>4,8 von 5 (120)</p>`,
  "/cents-class-twin": `<style>.cents { vertical-align: super; font-size: .6em }</style><h1>Executive Anvil</h1><p>1.199<span class="cents">00</span> €</p><p>4,8 von 5 (120)</p>`,
  // A stylesheet's invisible box around a price made visible again (CSS lets visibility:visible override an inherited hidden), and the twin:
  // the price is the invisible box's own text, and only a label beside it is made visible.
  "/ghost-revealed": `<style>.ghost { visibility: hidden } .shown { visibility: visible }</style><h1>Executive Anvil</h1><div class="ghost"><p>Ausverkauft</p><p class="shown">1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/ghost-revealed-twin": `<style>.ghost { visibility: hidden } .shown { visibility: visible }</style><h1>Executive Anvil</h1><div class="ghost">1.299,00 € <p class="shown">Jetzt kaufen</p></div><p>4,8 von 5 (120)</p>`,
  "/ghost-revealed-nested-twin": `<style>.ghost { visibility: hidden } .shown { visibility: visible }</style><h1>Executive Anvil</h1><div class="ghost"><p><span>1.299,00 €</span></p><p class="shown">Jetzt kaufen</p></div><p>4,8 von 5 (120)</p>`,
  "/ghost-revealed-inline": `<h1>Executive Anvil</h1><div style="visibility:hidden">Ausverkauft <p style="visibility: visible">1.299,00 €</p></div><p>4,8 von 5 (120)</p>`,
  "/ghost-revealed-inline-twin": `<h1>Executive Anvil</h1><div style="visibility:hidden">1.299,00 € <p style="visibility: visible">Jetzt kaufen</p></div><p>4,8 von 5 (120)</p>`,
  "/struck-inline": `<h1>Executive Anvil</h1><p><span style="text-decoration: line-through">1.299,00 €</span> <span>999,00 €</span></p><p>4,8 von 5 (120)</p>`,
};

/** Pages whose price a web component writes into its shadow root (shown, or hidden by the root's own stylesheet). */
const COMPONENT: Record<string, string> = {
  "/shadow": `<span>1.299,00 €</span>`,
  "/shadow-hidden": `<style>.sold-out { display: none }</style><span class="sold-out">1.299,00 €</span>`,
};

/** App shells: the script draws the whole page, with the markup's price or another. */
const SHELL: Record<string, string> = {
  "/app-shell": "1.299,00 €",
  "/app-shell-wrong": "1.199,00 €",
};

/**
 * A body its own markup hides until a script shows it (anti-FOUC), its twin whose price stays hidden
 * inside it, and one no script shows again: the static read takes the body as shown (docs/decisions.md).
 */
const SHOW_BODY = `<script>addEventListener("load", () => { document.body.style.visibility = "visible"; });</script>`;
const PRODUCT_SHOWN = `<h1>Executive Anvil</h1><p>1.299,00 €</p><p>4,8 von 5 (120)</p>`;
const HIDDEN_BODY: Record<string, { body: string; script: string }> = {
  "/hidden-body": { body: PRODUCT_SHOWN, script: SHOW_BODY },
  "/hidden-body-twin": { body: `<h1>Executive Anvil</h1><p hidden>1.299,00 €</p><p>4,8 von 5 (120)</p>`, script: SHOW_BODY },
  "/hidden-body-stays": { body: PRODUCT_SHOWN, script: "" },
};

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const hiddenBody = HIDDEN_BODY[req.url ?? ""];
  if (hiddenBody !== undefined) {
    res.end(`<!doctype html><html lang="de"><head><title>t</title>${jsonLd(product())}</head><body style="visibility:hidden">${hiddenBody.body}${hiddenBody.script}</body></html>`);
    return;
  }
  const drawn = SHELL[req.url ?? ""];
  if (drawn !== undefined) {
    const draw = `document.getElementById("root").innerHTML = ${JSON.stringify(`<h1>Executive Anvil</h1><p>${drawn}</p><p>4,8 von 5 (120)</p>`)};`;
    res.end(page(`<div id="root"></div><script>${draw}</script>`, jsonLd(product()), "de"));
    return;
  }
  const component = COMPONENT[req.url ?? ""];
  if (component !== undefined) {
    const define = `customElements.define("product-price", class extends HTMLElement { constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = ${JSON.stringify(component)}; } });`;
    res.end(page(`<h1>Executive Anvil</h1><product-price></product-price><p>4,8 von 5 (120)</p><script>${define}</script>`, jsonLd(product()), "de"));
    return;
  }
  const styled = STYLED[req.url ?? ""];
  if (styled !== undefined) {
    res.end(page(styled, jsonLd(product()), "de"));
    return;
  }
  const body = `<h1>Executive Anvil</h1><p id="price">${req.url === "/hidden" ? "1.299,00 €" : ""}</p><p>4,8 von 5 (120)</p>`;
  res.end(page(body + (req.url === "/hidden" ? HIDE_PRICE : WRITE_PRICE), jsonLd(product()), "de"));
}

let site: Fixture;
const codes = (r: Awaited<ReturnType<typeof validateUrl>>) => r.schemas.flatMap((s) => issuesOf(s).map((i) => `${i.code} ${i.property}`));

test.before(async () => {
  site = await startServer(route);
});

test.after(async () => {
  await closeRenderer();
  await site.close();
});

withBrowser("a price written by a script: not visible in the server's HTML, visible rendered", async () => {
  const url = `http://127.0.0.1:${site.port}/written`;
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), ["not-visible offers.price"]);
  assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), []);
});

withBrowser("a price a script hides (inline display:none): visible in the server's HTML, not rendered", async () => {
  const url = `http://127.0.0.1:${site.port}/hidden`;
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), []);
  assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), ["not-visible offers.price"]);
});

withBrowser("rendered, a price a stylesheet hides (display:none, visibility:hidden, content-visibility:hidden by class, also over hidden=until-found) is not visible; the server's HTML cannot tell", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const path of ["/styled", "/ghost", "/content-hidden", "/until-found-styled"]) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), ["not-visible offers.price"], `${path} rendered`);
  }
});

withBrowser("rendered, a price made visible inside a stylesheet's invisible box is shown; the box's own text and an element it holds that stays invisible are not (the twins); the server's HTML cannot tell", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, rendered] of [["/ghost-revealed", []], ["/ghost-revealed-twin", ["not-visible offers.price"]], ["/ghost-revealed-nested-twin", ["not-visible offers.price"]]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [...rendered], `${path} rendered`);
  }
});

withBrowser("rendered, a price an inline style makes visible inside an inline invisible box is shown; the box's own text is not (the twin)", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, rendered] of [["/ghost-revealed-inline", []], ["/ghost-revealed-inline-twin", ["not-visible offers.price"]]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [...rendered], `${path} rendered`);
  }
});

withBrowser("rendered, a price in a closed details element, a select's option, a hidden=until-found panel or an accordion's closed panel is shown (a click away), as in the server's HTML", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const path of ["/details", "/option", "/until-found", "/accordion", "/accordion-styled"]) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [], `${path} rendered`);
  }
});

withBrowser("rendered, a closed panel a control opens by data-toggle and href is shown; without the control it is hidden, as in the server's HTML it is not", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, rendered] of [["/bootstrap-collapse", []], ["/bootstrap-collapse-no-control", ["not-visible offers.price"]]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [...rendered], `${path} rendered`);
  }
});

withBrowser("rendered, spans a stylesheet lays out as blocks or flex items are block edges: the name they split is shown; a floated drop cap stays in its word", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const path of ["/block-spans", "/flex-spans"]) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    // The server's HTML, without the stylesheet, runs the two words into one.
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), ["not-visible name"], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [], `${path} rendered`);
  }
  const url = `http://127.0.0.1:${site.port}/drop-cap`;
  assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], "/drop-cap server");
  assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [], "/drop-cap rendered");
});

withBrowser("a price in a web component's open shadow root is shown rendered, and not when the root's stylesheet hides it; the server's HTML has no price", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, rendered] of [["/shadow", []], ["/shadow-hidden", ["not-visible offers.price"]]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), ["not-visible offers.price"], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [...rendered], `${path} rendered`);
  }
});

withBrowser("a React segment streamed hidden and a declarative shadow root are shown, in the server's HTML and rendered", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const path of ["/react-streamed", "/declarative-shadow"]) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [], `${path} rendered`);
  }
});

withBrowser("rendered, a price a stylesheet or an inline style strikes through is a former price: not visible as the offer's price; its twin, the current price, is; the server's HTML cannot tell", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, rendered] of [["/struck-by-class", ["not-visible offers.price"]], ["/struck-inline", ["not-visible offers.price"]], ["/struck-by-class-twin", []]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [], `${path} server`);
    const result = await validateUrl(url, { allowPrivateHosts, render: true });
    assert.equal(codes(result), [...rendered], `${path} rendered`);
    if (rendered.length > 0) assert.match(issuesOf(result.schemas[0])[0].message, /struck through/);
  }
});

withBrowser("cents in an element of their own (a class a stylesheet raises) are read as cents, in the server's HTML and rendered; the twin shows another price", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, expected] of [["/cents-class", []], ["/cents-class-twin", ["not-visible offers.price"]]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [...expected], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })), [...expected], `${path} rendered`);
  }
});

withBrowser("a body hidden until a script shows it: shown in the server's HTML and rendered; the twin's hidden price is not; one no script shows is shown only to the static read", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  const nothingShown = ["not-visible aggregateRating.ratingValue", "not-visible aggregateRating.reviewCount", "not-visible name", "not-visible offers.price"];
  for (const [path, server, rendered] of [
    ["/hidden-body", [], []],
    ["/hidden-body-twin", ["not-visible offers.price"], ["not-visible offers.price"]],
    ["/hidden-body-stays", [], nothingShown],
  ] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts })), [...server], `${path} server`);
    assert.equal(codes(await validateUrl(url, { allowPrivateHosts, render: true })).sort(), [...rendered], `${path} rendered`);
  }
});

withBrowser("an app shell is not checked for not-visible in the server's HTML (a note says to render); rendered, what its script drew is", async () => {
  const allowPrivateHosts = [`127.0.0.1:${site.port}`];
  for (const [path, rendered] of [["/app-shell", []], ["/app-shell-wrong", ["not-visible offers.price"]]] as const) {
    const url = `http://127.0.0.1:${site.port}${path}`;
    const server = await validateUrl(url, { allowPrivateHosts });
    assert.equal(codes(server), [], `${path} server`);
    assert.ok(server.schemas.some((s) => s.notes?.some((n) => n.includes("render"))), `${path} server: the note`);
    const drawn = await validateUrl(url, { allowPrivateHosts, render: true });
    assert.equal(codes(drawn), [...rendered], `${path} rendered`);
    assert.not.ok(drawn.schemas.some((s) => s.notes?.some((n) => n.includes("Validate it with render"))), `${path} rendered: no note`);
  }
});

test.run();
