/**
 * The Search Console-like report of an audit (GET /api/v1/audits/{id}/report) drawn as a chart per
 * feature: one stacked bar per run (valid, valid with warnings, invalid pages), oldest run first, and the
 * latest run's top issues with example pages. Inline SVG, colours from classes in audits.css (the CSP
 * allows no inline style), and a text alternative: each chart's title and description, and the numbers
 * as a table.
 */
import { h } from "../dashboard/dom.ts";
import type { FeatureReport } from "./audits-api.ts";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 480;
const HEIGHT = 160;
const PAD = { left: 40, right: 8, top: 8, bottom: 24 };
const PARTS = [
  ["valid", "Valid"],
  ["valid_with_warnings", "Valid with warnings"],
  ["invalid", "Invalid"],
] as const;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, ...children: Array<Node | string>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

export function featureReportCharts(report: FeatureReport): HTMLElement {
  if (report.features.length === 0) return h("p", { class: "hint" }, "The report appears once a run has finished with pages eligible for a rich result.");
  return h("div", { "data-field": "feature-report" }, ...report.features.map((f, i) => featureChart(f, i)));
}

function featureChart(f: FeatureReport["features"][number], index: number): HTMLElement {
  const runs = f.runs;
  const max = Math.max(1, ...runs.map((r) => r.valid + r.valid_with_warnings + r.invalid));
  const band = (WIDTH - PAD.left - PAD.right) / Math.max(1, runs.length);
  const barWidth = Math.min(48, band * 0.6);
  const y = (n: number) => PAD.top + (1 - n / max) * (HEIGHT - PAD.top - PAD.bottom);
  const titleId = `report-title-${index}`;
  const descId = `report-desc-${index}`;
  const summary = runs.map((r, i) => `run ${i + 1}: ${r.valid} valid, ${r.valid_with_warnings} with warnings, ${r.invalid} invalid`).join("; ");
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-labelledby": `${titleId} ${descId}`, class: "feature-report", "data-feature": f.feature },
    svg("title", { id: titleId }, `${f.feature}: pages per run`),
    svg("desc", { id: descId }, `Oldest run first. ${summary}.`),
  );
  for (const tick of [0, max]) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(tick), y2: y(tick), class: "grid" }));
    chart.append(svg("text", { x: PAD.left - 6, y: y(tick) + 4, class: "axis", "text-anchor": "end" }, String(tick)));
  }
  runs.forEach((r, i) => {
    const x = PAD.left + i * band + (band - barWidth) / 2;
    let below = 0;
    const bar = svg("g", { class: "run-bar" });
    for (const [key, label] of PARTS) {
      const n = r[key];
      if (n > 0) bar.append(svg("rect", { x, y: y(below + n), width: barWidth, height: y(below) - y(below + n), class: `part-${key}` }, svg("title", {}, `${label}: ${n}`)));
      below += n;
    }
    chart.append(bar, svg("text", { x: x + barWidth / 2, y: HEIGHT - 8, class: "axis", "text-anchor": "middle" }, `#${i + 1}`));
  });
  const legend = h("ul", { class: "legend" }, ...PARTS.map(([key, label]) => h("li", {}, h("span", { class: `swatch part-${key}`, "aria-hidden": "true" }), label)));
  const table = h(
    "table",
    { class: "data" },
    h("caption", {}, `${f.feature}: pages by run`),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Run"), ...PARTS.map(([, label]) => h("th", { scope: "col", class: "num" }, label)))),
    h("tbody", {}, ...runs.map((r, i) => h("tr", {}, h("th", { scope: "row" }, `#${i + 1}`), ...PARTS.map(([key]) => h("td", { class: "num" }, String(r[key])))))),
  );
  const issues =
    f.top_issues.length === 0
      ? h("p", { class: "hint" }, "No issue in the latest run.")
      : h(
          "ul",
          { class: "top-issues" },
          ...f.top_issues.map((i) => h("li", {}, `${i.severity}: ${i.property ?? "(page)"} (${i.code}) on ${i.pages} page${i.pages === 1 ? "" : "s"}, e.g. ${i.examples.slice(0, 2).join(", ")}`)),
        );
  return h("section", { class: "feature-box", "aria-labelledby": `feature-heading-${index}` }, h("h4", { id: `feature-heading-${index}` }, f.feature), chart, legend, issues, h("details", {}, h("summary", {}, "The numbers"), table));
}
