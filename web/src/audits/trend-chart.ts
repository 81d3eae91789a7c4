/**
 * The trend of eligible pages per feature across runs, as an inline SVG line chart: no third-party code,
 * nothing inline for the CSP (colours come from classes in audits.css), and a text alternative (the SVG's
 * title and description, plus the same numbers as a table) for readers who cannot see it.
 */
import { h } from "../dashboard/dom.ts";
import type { Run } from "./audits-api.ts";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
/** Series colours (audits.css: .series-0 … .series-5), reused past six features. */
const SERIES = 6;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, ...children: Array<Node | string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** Runs oldest first, those with eligibility recorded (finished or stopped). */
export function trendChart(runsNewestFirst: Run[]): HTMLElement {
  const runs = runsNewestFirst.filter((r) => r.eligible !== null).reverse();
  const features = [...new Set(runs.flatMap((r) => Object.keys(r.eligible ?? {})))].sort();
  if (runs.length === 0 || features.length === 0) return h("p", { class: "hint" }, "The trend appears once a run has finished with eligible pages.");
  const max = Math.max(1, ...runs.flatMap((r) => features.map((f) => r.eligible?.[f] ?? 0)));
  const x = (i: number) => PAD.left + (runs.length === 1 ? (WIDTH - PAD.left - PAD.right) / 2 : (i * (WIDTH - PAD.left - PAD.right)) / (runs.length - 1));
  const y = (n: number) => PAD.top + (1 - n / max) * (HEIGHT - PAD.top - PAD.bottom);

  const summary = features.map((f) => `${f}: ${runs.map((r) => r.eligible?.[f] ?? 0).join(", ")}`).join("; ");
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-labelledby": "trend-title trend-desc", class: "trend" },
    svg("title", { id: "trend-title" }, "Eligible pages per feature across runs"),
    svg("desc", { id: "trend-desc" }, `Oldest run first. ${summary}.`),
  );
  for (const tick of [0, Math.round(max / 2), max]) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(tick), y2: y(tick), class: "grid" }));
    chart.append(svg("text", { x: PAD.left - 6, y: y(tick) + 4, class: "axis", "text-anchor": "end" }, String(tick)));
  }
  runs.forEach((_run, i) => chart.append(svg("text", { x: x(i), y: HEIGHT - 8, class: "axis", "text-anchor": "middle" }, `#${i + 1}`)));
  features.forEach((feature, s) => {
    const points = runs.map((r, i) => `${x(i)},${y(r.eligible?.[feature] ?? 0)}`).join(" ");
    const series = svg("g", { class: `series series-${s % SERIES}`, "data-feature": feature });
    series.append(svg("polyline", { points, fill: "none" }));
    runs.forEach((r, i) => series.append(svg("circle", { cx: x(i), cy: y(r.eligible?.[feature] ?? 0), r: 3.5 })));
    chart.append(series);
  });

  const legend = h("ul", { class: "legend" }, ...features.map((f, s) => h("li", {}, h("span", { class: `swatch series-${s % SERIES}`, "aria-hidden": "true" }), f)));
  const table = h(
    "table",
    { class: "data" },
    h("caption", {}, "Eligible pages per feature, by run"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Run"), ...features.map((f) => h("th", { scope: "col" }, f)))),
    h("tbody", {}, ...runs.map((r, i) => h("tr", {}, h("th", { scope: "row" }, `#${i + 1} (${r.created_at.slice(0, 10)})`), ...features.map((f) => h("td", {}, String(r.eligible?.[f] ?? 0)))))),
  );
  return h("div", { class: "trend-box", "data-field": "trend" }, chart, legend, h("details", {}, h("summary", {}, "The numbers"), table));
}
