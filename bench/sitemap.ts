/**
 * The sitemap reader (fetch/site/sitemap.ts) on the protocol's largest sitemap, 50 MB, as real markup and
 * as hostile markup of unclosed tags: MB/s per input. Linear means the hostile rows run at a speed of the
 * same order as the real one (the regular expressions it replaced took 15 s for 0.7 MiB of unclosed <url>).
 */
import { parseSitemap } from "../fetch/site/sitemap.ts";
import { recordResults } from "./results.ts";
import { printTable, type BenchContext } from "./util.ts";

const MB = 1024 * 1024;
const SIZE = 50 * MB;

function fill(unit: string): string {
  return unit.repeat(Math.floor(SIZE / unit.length));
}

export async function run(_ctx: BenchContext): Promise<void> {
  const inputs: Array<[string, string]> = [
    ["real: <url><loc> + <lastmod> entries", `<urlset>${fill("<url><loc>https://www.example.com/products/item-000123?ref=sitemap</loc><lastmod>2026-11-20</lastmod></url>\n")}</urlset>`],
    ["hostile: unclosed <url>", `<urlset>${fill("<url>")}`],
    ["hostile: unclosed <url><loc>", `<urlset>${fill("<url><loc>x")}`],
    ["hostile: unclosed <!--", `<urlset>${fill("<!--")}`],
    ["hostile: < without >", `<urlset>${fill("<a")}`],
  ];
  const rows = [["50 MB sitemap", "ms", "MB/s", "entries"]];
  const speeds: number[] = [];
  for (const [label, xml] of inputs) {
    parseSitemap(xml.slice(0, MB)); // warm-up
    const times: number[] = [];
    let entries = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      entries = parseSitemap(xml).entries.length;
      times.push(performance.now() - started);
    }
    const ms = times.sort((a, b) => a - b)[1];
    speeds.push(xml.length / MB / (ms / 1000));
    rows.push([label, ms.toFixed(0), speeds.at(-1)!.toFixed(0), String(entries)]);
  }
  printTable(rows);
  recordResults("sitemap", [
    { id: "real", label: "the sitemap reader on a real 50 MB sitemap", value: speeds[0], unit: "MB/s", digits: 0 },
    { id: "hostile.slowest", label: "the same on the slowest of four hostile 50 MB sitemaps (unclosed tags)", value: Math.min(...speeds.slice(1)), unit: "MB/s", digits: 0 },
    { id: "hostile.fastest", label: "the same on the fastest of them", value: Math.max(...speeds.slice(1)), unit: "MB/s", digits: 0 },
  ]);
}
