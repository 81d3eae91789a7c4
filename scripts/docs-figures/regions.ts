/**
 * The figure regions of a Markdown file: `<!-- figures:NAME [id ...] -->` ... `<!-- /figures -->`, whose
 * content is rendered from bench/results/NAME.json (all its figures, or the ids listed) and never edited
 * by hand. HTML comments do not show on GitHub, so the markers cost the reader nothing.
 */
import type { RecordedRun } from "./recorded-run.ts";

export interface Region {
  /** The results file (without `.json`). */
  name: string;
  /** Figure ids to show, in this order; empty: all of them. */
  ids: string[];
}

const REGION = /(<!-- figures:([a-z0-9-]+)((?: [a-z0-9._-]+)*) -->\n)([\s\S]*?)(<!-- \/figures -->)/g;

export function regionsOf(markdown: string): Region[] {
  return [...markdown.matchAll(REGION)].map((m) => ({ name: m[2], ids: m[3].trim() === "" ? [] : m[3].trim().split(" ") }));
}

function formatValue(value: number, digits: number): string {
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The Markdown a region shows: one line per figure, then the run it comes from. */
export function renderRegion(region: Region, runs: Map<string, RecordedRun>): string {
  const recorded = runs.get(region.name);
  if (recorded === undefined) return `Not measured yet: \`npm run bench -- ${region.name}\` records it, \`npm run docs:figures\` copies it here.\n`;
  const figures =
    region.ids.length === 0
      ? recorded.figures
      : region.ids.map((id) => {
          const figure = recorded.figures.find((f) => f.id === id);
          if (figure === undefined) throw new Error(`figures:${region.name} names ${id}, which bench/results/${region.name}.json does not have`);
          return figure;
        });
  const lines = figures.map((f) => {
    const value = `${formatValue(f.value, f.digits)}${f.unit === "" ? "" : f.unit === "x" ? "x" : ` ${f.unit}`}`;
    return `- ${f.label}: **${value}**${f.budget === undefined ? "" : ` (budget ${f.budget})`}`;
  });
  const { run } = recorded;
  return `${lines.join("\n")}\n\n<sub>Measured by \`${recorded.command}\` on ${run.date} (commit ${run.commit}; Node ${run.node}; ${run.machine}; ${run.load}).</sub>\n`;
}

/** `markdown` with every region's content rendered again from `runs`. */
export function fillRegions(markdown: string, runs: Map<string, RecordedRun>): string {
  return markdown.replace(REGION, (_m, open: string, name: string, ids: string, _old: string, close: string) => {
    const region: Region = { name, ids: ids.trim() === "" ? [] : ids.trim().split(" ") };
    return `${open}${renderRegion(region, runs)}${close}`;
  });
}
