/**
 * HTML -> Microdata / RDFa items, in MB/s, on pages made at bench time from corpus material:
 * ../shared/bench/html/typical.html (a real-size page: inline styles, scripts, 150 KB) with its
 * ld+json blocks replaced by the search engine's Microdata (or RDFa) examples, spread through the
 * body. Also the JSON-LD-only typical.html through the same entry, to show the fast path.
 * Compared: ours; htmlparser2's tokenizer reading only the item attributes (a floor for a
 * tokenizer-based extractor: no item building); Adobe's extractor (@marbec/web-auto-extractor,
 * which builds Microdata, RDFa and JSON-LD at once); microdata-node (Microdata only, on
 * htmlparser2's DOM).
 * Budget: ours >= 50 MB/s on the Microdata page; the JSON-LD-only page costs
 * the item pre-scan only.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { extractHtmlItems } from "../runtime/extract/extract-items.ts";
import { extractJsonLdBlocks } from "../runtime/extract/extract-jsonld.ts";
import { baselineRevision, importBaseline } from "./baseline.ts";
import { recordResults } from "./results.ts";
import { errorMessage, medianNs, printTable, sharedDir, type BenchContext } from "./util.ts";

const BUDGET_MBS = 50;
type Extractor = (html: string) => number;

/** typical.html without its ld+json blocks, with the examples' bodies spread through its body. */
export { makePage as makePageForProfile };
function makePage(typical: string, exampleDir: string): string {
  const bodies = readdirSync(exampleDir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) => {
      const html = readFileSync(join(exampleDir, f), "utf8");
      // Items on <html>/<body> (VideoObject-4) are kept whole: wrap them in a div of their own.
      const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
      return /<html[^>]*itemscope/i.test(html) ? html.replace(/<\/?(html|head|body)[^>]*>/gi, "").replace(/^/, "<div itemscope itemtype=\"https://schema.org/VideoObject\">") + "</div>" : body;
    });
  const page = typical.replace(/<script[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script>/gi, "");
  const parts = page.split(/(?=<div\b)/i);
  const every = Math.max(1, Math.floor(parts.length / (bodies.length + 1)));
  let out = "";
  let next = 0;
  for (let i = 0; i < parts.length; i++) {
    out += parts[i];
    if (i > 0 && i % every === 0 && next < bodies.length) out += bodies[next++];
  }
  return out + bodies.slice(next).join("");
}

/** htmlparser2's tokenizer, counting elements with an item attribute: what any tokenizer-based extractor pays first. */
function htmlparser2Floor(html: string): number {
  let count = 0;
  const parser = new Parser({
    onopentag(_name, attribs) {
      if ("itemprop" in attribs || "itemscope" in attribs || "property" in attribs || "typeof" in attribs) count++;
    },
  });
  parser.end(html);
  return count;
}

function ours(html: string): number {
  let n = 0;
  for (const block of extractHtmlItems(html)) n += block.items.length;
  return n;
}

/** What validateHtml extracts from a page: JSON-LD blocks (whose scan also spots item attributes), then items. */
function oursWholePage(html: string): number {
  const hints = { itemAttributes: false };
  let n = extractJsonLdBlocks(html, hints).length;
  if (hints.itemAttributes) for (const block of extractHtmlItems(html, null, true)) n += block.items.length;
  return n;
}

async function loadAdobe(): Promise<Extractor | string> {
  const pkg = "@marbec/web-auto-extractor";
  try {
    const mod = (await import(pkg)) as { default: new (o: object) => { parse(html: string): { microdata?: Record<string, unknown[]>; rdfa?: Record<string, unknown[]> } } };
    const extractor = new mod.default({ addLocation: true, embedSource: ["rdfa", "microdata"] });
    return (html) => {
      const r = extractor.parse(html);
      return Object.values(r.microdata ?? {}).flat().length + Object.values(r.rdfa ?? {}).flat().length;
    };
  } catch (err) {
    return `${pkg} not installed: ${errorMessage(err)}`;
  }
}

async function loadMicrodataNode(): Promise<Extractor | string> {
  const pkg = "microdata-node";
  try {
    const mod = (await import(pkg)) as { default: { toJson(html: string): { items: unknown[] } } };
    return (html) => mod.default.toJson(html).items.length;
  } catch (err) {
    return `${pkg} not installed: ${errorMessage(err)}`;
  }
}

export async function run(ctx: BenchContext): Promise<void> {
  const corpus = sharedDir("corpus");
  const formats = corpus === null ? null : join(corpus, "formats");
  if (formats === null || !existsSync(join(formats, "google-microdata"))) {
    console.log("SKIP extract-items: ../shared/corpus/formats not found");
    return;
  }
  const typical = readFileSync(join(ctx.benchDir, "html", "typical.html"), "utf8");
  const pages = [
    { name: "microdata", html: makePage(typical, join(formats, "google-microdata")) },
    { name: "rdfa", html: makePage(typical, join(formats, "google-rdfa")) },
    { name: "json-ld only", html: typical },
  ].map((p) => ({ ...p, bytes: Buffer.byteLength(p.html) }));

  const adobe = await loadAdobe();
  const extractors: Array<[string, Extractor | string]> = [
    ["sdv items (ours)", ours],
    ["sdv whole page (JSON-LD + items)", oursWholePage],
    ["sdv JSON-LD only (before items)", (html) => extractJsonLdBlocks(html).length],
    ...(await baselineRows()),
    ["htmlparser2 tokenizer (floor)", htmlparser2Floor],
    ["adobe (web-auto-extractor)", adobe],
    ["microdata-node (Microdata only)", await loadMicrodataNode()],
  ];
  const rows: string[][] = [["extractor (MB/s, items)", ...pages.map((p) => `${p.name} ${(p.bytes / 1024).toFixed(0)} KB`)]];
  const notes: string[] = [];
  // Best of three rounds, interleaved: on a shared 2-core machine one round can land on a busy moment.
  const measured = new Map<string, number>();
  const live = extractors.filter((e): e is [string, Extractor] => typeof e[1] !== "string");
  for (let round = 0; round < 3; round++) {
    for (const [label, fn] of live) {
      for (const p of pages) {
        // A longer warm-up than the JSON-LD rows: the item code paths have more functions to tier up.
        const mbs = p.bytes / 1e6 / (medianNs(() => fn(p.html), { warmupMs: 300, sampleMs: 400 }) / 1e9);
        const key = `${label}|${p.name}`;
        measured.set(key, Math.max(measured.get(key) ?? 0, mbs));
      }
    }
  }
  for (const [label, fn] of extractors) {
    if (typeof fn === "string") {
      rows.push([label, ...pages.map(() => "n/a")]);
      notes.push(`${label}: n/a: ${fn}`);
      continue;
    }
    rows.push([label, ...pages.map((p) => `${formatMbs(measured.get(`${label}|${p.name}`)!)} (${fn(p.html)})`)]);
  }
  printTable(rows);
  for (const n of notes) console.log(n);
  const microdata = measured.get("sdv items (ours)|microdata") ?? NaN;
  const rdfa = measured.get("sdv items (ours)|rdfa") ?? NaN;
  console.log(`items, Microdata page: ${formatMbs(microdata)} MB/s (budget >= ${BUDGET_MBS}) ${microdata >= BUDGET_MBS ? "PASS" : "FAIL"}`);
  console.log(`items, RDFa page: ${formatMbs(rdfa)} MB/s (budget >= ${BUDGET_MBS}) ${rdfa >= BUDGET_MBS ? "PASS" : "FAIL"}`);
  const before = measured.get("sdv JSON-LD only (before items)|json-ld only") ?? NaN;
  const after = measured.get("sdv whole page (JSON-LD + items)|json-ld only") ?? NaN;
  console.log(`JSON-LD-only page, whole-page extraction vs JSON-LD alone (before items): ${(after / before).toFixed(2)}x the speed (budget: no slower, within noise)`);
  const size = (name: string) => `${(pages.find((p) => p.name === name)!.bytes / 1024).toFixed(0)} KB`;
  const rate = (label: string, page: string) => measured.get(`${label}|${page}`) ?? NaN;
  recordResults("extract-items", [
    { id: "ours.microdata", label: `sdv's item extraction, a ${size("microdata")} Microdata page`, value: microdata, unit: "MB/s", digits: 0, budget: `>= ${BUDGET_MBS} MB/s` },
    { id: "ours.rdfa", label: `sdv's item extraction, a ${size("rdfa")} RDFa page`, value: rdfa, unit: "MB/s", digits: 0, budget: `>= ${BUDGET_MBS} MB/s` },
    { id: "htmlparser2.microdata", label: "htmlparser2's tokenizer alone (no items built), the Microdata page", value: rate("htmlparser2 tokenizer (floor)", "microdata"), unit: "MB/s", digits: 0 },
    { id: "adobe.microdata", label: "Adobe's extractor (web-auto-extractor), the Microdata page", value: rate("adobe (web-auto-extractor)", "microdata"), unit: "MB/s", digits: 1 },
    { id: "jsonld-only.ratio", label: "a JSON-LD-only page: whole-page extraction against JSON-LD extraction alone", value: after / before, unit: "x", digits: 2, budget: "no slower" },
  ].filter((f) => Number.isFinite(f.value)));
}

/** The same entries at BENCH_BASELINE (see baseline.ts), when set. */
async function baselineRows(): Promise<Array<[string, Extractor | string]>> {
  const rev = baselineRevision();
  if (rev === null) return [];
  type Jsonld = typeof import("../runtime/extract/extract-jsonld.ts");
  type Items = typeof import("../runtime/extract/extract-items.ts");
  const jsonld = await importBaseline<Jsonld>("runtime/extract/extract-jsonld.ts");
  const items = await importBaseline<Items>("runtime/extract/extract-items.ts");
  if (typeof jsonld === "string" || typeof items === "string") return [[`sdv at ${rev} (baseline)`, typeof jsonld === "string" ? jsonld : (items as string)]];
  return [
    [`sdv items at ${rev} (baseline)`, (html) => items.extractHtmlItems(html).reduce((n, b) => n + b.items.length, 0)],
    [
      `sdv whole page at ${rev} (baseline)`,
      (html) => {
        const hints = { itemAttributes: false };
        let n = jsonld.extractJsonLdBlocks(html, hints).length;
        if (hints.itemAttributes) for (const block of items.extractHtmlItems(html, null, true)) n += block.items.length;
        return n;
      },
    ],
  ];
}

function formatMbs(x: number): string {
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}
