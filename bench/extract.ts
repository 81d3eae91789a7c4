/**
 * HTML -> JSON-LD block texts, in MB/s (1 MB = 10^6 bytes of the file), on small/typical/large.html.
 * Compared: our scanner; a bare regex (a floor: fast but blind to comments and raw text);
 * htmlparser2 streaming and node-html-parser (the parsers we could have used); and Adobe's
 * extractor (@marbec/web-auto-extractor, which its validator's README pairs it with).
 * Budget: ours >= 50 MB/s on typical.html.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { parse as parseDom } from "node-html-parser";
import { extractJsonLdBlocks } from "../runtime/extract/extract-jsonld.ts";
import { baselineRevision, importBaseline } from "./baseline.ts";
import { errorMessage, medianNs, printTable, type BenchContext } from "./util.ts";

const PAGES = ["small", "typical", "large"];
const BUDGET_MBS = 50;

type Extractor = (html: string) => unknown[];

function isLdJson(type: string | undefined): boolean {
  return type !== undefined && type.split(";")[0].trim().toLowerCase() === "application/ld+json";
}

const LD_REGEX = /<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi;

function regexScan(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(LD_REGEX)) out.push(m[1]);
  return out;
}

function htmlparser2Stream(html: string): string[] {
  const out: string[] = [];
  let inBlock = false;
  let text = "";
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === "script" && isLdJson(attribs.type)) {
        inBlock = true;
        text = "";
      }
    },
    ontext(data) {
      if (inBlock) text += data;
    },
    onclosetag(name) {
      if (inBlock && name === "script") {
        out.push(text);
        inBlock = false;
      }
    },
  });
  parser.end(html);
  return out;
}

function nodeHtmlParser(html: string): string[] {
  return parseDom(html)
    .querySelectorAll('script[type="application/ld+json"]')
    .map((el) => el.rawText);
}

/** Adobe's extractor as its README uses it, or the reason it cannot be had. */
async function loadAdobeExtractor(): Promise<Extractor | string> {
  const pkg = "@marbec/web-auto-extractor";
  try {
    // A variable specifier: the package is optional (a devDependency of Adobe's validator only).
    const mod = (await import(pkg)) as {
      default: new (o: object) => { parse(html: string): { jsonld?: Record<string, unknown[]> } };
    };
    const extractor = new mod.default({ addLocation: true, embedSource: ["rdfa", "microdata"] });
    return (html) => Object.values(extractor.parse(html).jsonld ?? {}).flat();
  } catch (err) {
    return `${pkg} not installed (the validator's README extracts with it; it is not among our dependencies): ${errorMessage(err)}`;
  }
}

export async function run(ctx: BenchContext): Promise<void> {
  const pages = PAGES.map((name) => {
    const buf = readFileSync(join(ctx.benchDir, "html", `${name}.html`));
    return { name, bytes: buf.length, html: buf.toString("utf8") };
  });

  const adobe = await loadAdobeExtractor();
  const extractors: Array<[string, Extractor | string]> = [
    ["sdv (ours)", extractJsonLdBlocks],
    ...(await baselineRows()),
    ["regex scan (floor)", regexScan],
    ["htmlparser2 stream", htmlparser2Stream],
    ["node-html-parser", nodeHtmlParser],
    ["adobe (web-auto-extractor)", adobe],
  ];

  const header = ["extractor (MB/s, blocks)", ...pages.map((p) => `${p.name}.html ${(p.bytes / 1024).toFixed(0)} KB`)];
  const rows: string[][] = [header];
  let oursTypical = NaN;
  const notes: string[] = [];
  const timeOf = (fn: Extractor, html: string, bytes: number) =>
    // Fewer samples on the 1.5 MB page: the slow parsers take tens of ms per call.
    medianNs(() => fn(html), bytes > 1e6 ? { minSamples: 7, sampleMs: 400 } : {});
  // With a baseline, ours and the baseline are timed in turns, best of three: on a shared machine a
  // busy moment would otherwise land on one side of the comparison only.
  const paired = new Map<string, number>();
  const baseline = extractors[1];
  if (baselineRevision() !== null && typeof baseline[1] !== "string") {
    for (let round = 0; round < 3; round++) {
      for (const [label, fn] of [extractors[0], baseline] as Array<[string, Extractor]>) {
        for (const p of pages) paired.set(`${label}|${p.name}`, Math.min(paired.get(`${label}|${p.name}`) ?? Infinity, timeOf(fn, p.html, p.bytes)));
      }
    }
  }
  for (const [label, fn] of extractors) {
    if (typeof fn === "string") {
      rows.push([label, ...pages.map(() => "n/a")]);
      notes.push(`${label}: n/a: ${fn}`);
      continue;
    }
    const cells = pages.map((p) => {
      const blocks = fn(p.html).length;
      const ns = paired.get(`${label}|${p.name}`) ?? timeOf(fn, p.html, p.bytes);
      const mbs = p.bytes / 1e6 / (ns / 1e9);
      if (fn === extractJsonLdBlocks && p.name === "typical") oursTypical = mbs;
      return `${formatMbs(mbs)} (${blocks})`;
    });
    rows.push([label, ...cells]);
  }
  printTable(rows);
  for (const n of notes) console.log(n);
  console.log(
    `extraction typical.html: ${formatMbs(oursTypical)} MB/s (budget >= ${BUDGET_MBS}) ${oursTypical >= BUDGET_MBS ? "PASS" : "FAIL"}`,
  );
}

/** Our extractor at BENCH_BASELINE (see baseline.ts), when set. */
async function baselineRows(): Promise<Array<[string, Extractor | string]>> {
  const rev = baselineRevision();
  if (rev === null) return [];
  const mod = await importBaseline<{ extractJsonLdBlocks: Extractor }>("runtime/extract/extract-jsonld.ts");
  return [[`sdv at ${rev} (baseline)`, typeof mod === "string" ? mod : mod.extractJsonLdBlocks]];
}

function formatMbs(x: number): string {
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}
