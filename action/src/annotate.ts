/**
 * The Action's annotations, read from sdv's SARIF report, so one sdv run gives both the annotations and
 * the file code scanning takes. GitHub shows 10 annotations of each kind (error, warning, notice) per step
 * and drops the rest silently: this prints the most telling ones first (inputs that could not be
 * validated, then one issue of each code, codes hitting most places first, then a second of each...), at
 * most 10 errors, 10 warnings and 9 notices, then one notice saying how many were left out; the step
 * summary gets the full counts.
 */

export const SHOWN_PER_KIND = 10;

/** Escaping of workflow command data and property values (actions/toolkit's command.ts). */
const data = (s: unknown) => String(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const property = (s: unknown) => data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

type Kind = "error" | "warning" | "notice";
const KIND: Record<string, Kind> = { error: "error", warning: "warning", note: "notice", none: "notice" };

export interface Annotation {
  code: string;
  file: string | null;
  line?: number;
  col?: number;
  message: string;
}

/** The parts of a SARIF log read here. */
export interface SarifLog {
  runs?: Array<{
    invocations?: Array<{ toolExecutionNotifications?: Array<{ level?: string; message?: { text?: string }; descriptor?: { id?: string }; locations?: SarifLocation[] }> }>;
    results?: Array<{ ruleId?: string; level?: string; message?: { text?: string }; locations?: SarifLocation[] }>;
  }>;
}
interface SarifLocation {
  physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number; startColumn?: number } };
}

/** The annotations of a SARIF log, by kind, each kind in the order it should be shown. */
export function annotationsOf(log: SarifLog): Record<Kind, Annotation[]> {
  const run = log.runs?.[0] ?? {};
  const byKind: Record<Kind, Annotation[]> = { error: [], warning: [], notice: [] };
  for (const n of run.invocations?.[0]?.toolExecutionNotifications ?? []) {
    const uri = n.locations?.[0]?.physicalLocation?.artifactLocation?.uri;
    byKind[KIND[n.level ?? ""] ?? "error"].push({ code: n.descriptor?.id ?? "failure", file: fileOf(uri), message: n.message?.text ?? "" });
  }
  const results: Record<Kind, Annotation[]> = { error: [], warning: [], notice: [] };
  for (const r of run.results ?? []) {
    const location = r.locations?.[0]?.physicalLocation;
    const file = fileOf(location?.artifactLocation?.uri);
    const region = location?.region ?? {};
    // A URL is no file of the repository: it goes into the message instead.
    const where = file === null && location?.artifactLocation?.uri ? `${location.artifactLocation.uri}: ` : "";
    results[KIND[r.level ?? ""] ?? "warning"].push({ code: r.ruleId ?? "issue", file, line: region.startLine, col: region.startColumn, message: `${where}${r.message?.text ?? ""}` });
  }
  for (const kind of Object.keys(byKind) as Kind[]) byKind[kind].push(...spreadByCode(results[kind]));
  return byKind;
}

/** One of each code first (the codes found most often first), then a second of each, and so on. */
function spreadByCode(items: Annotation[]): Annotation[] {
  const groups = new Map<string, Annotation[]>();
  for (const item of items) {
    if (!groups.has(item.code)) groups.set(item.code, []);
    groups.get(item.code)!.push(item);
  }
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length);
  const out: Annotation[] = [];
  for (let i = 0; out.length < items.length; i++) for (const g of ordered) if (i < g.length) out.push(g[i]);
  return out;
}

/** A relative path of the checkout, or null for a URL or standard input (no file to annotate). */
function fileOf(uri: string | undefined): string | null {
  if (!uri || /^[a-z][a-z0-9+.-]*:/i.test(uri) || uri === "stdin") return null;
  return uri.split("/").map(decodeURIComponent).join("/");
}

function command(kind: Kind, a: Annotation): string {
  const props: string[] = [];
  if (a.file) {
    props.push(`file=${property(a.file)}`);
    if (a.line !== undefined) props.push(`line=${a.line}`);
    if (a.line !== undefined && a.col !== undefined) props.push(`col=${a.col}`);
  }
  props.push(`title=${property(`sdv ${a.code}`)}`);
  return `::${kind} ${props.join(",")}::${data(a.message)}`;
}

/** The workflow commands to print and the step summary's Markdown for a SARIF log. */
export function annotate(log: SarifLog, sarifPath: string): { lines: string[]; summary: string } {
  const byKind = annotationsOf(log);
  // A notice slot is kept for the line that says what was left out.
  const limit: Record<Kind, number> = { error: SHOWN_PER_KIND, warning: SHOWN_PER_KIND, notice: SHOWN_PER_KIND - 1 };
  const lines: string[] = [];
  const left = {} as Record<Kind, number>;
  for (const kind of ["error", "warning", "notice"] as const) {
    const shown = byKind[kind].slice(0, limit[kind]);
    lines.push(...shown.map((a) => command(kind, a)));
    left[kind] = byKind[kind].length - shown.length;
  }
  const total = (kind: Kind) => byKind[kind].length;
  const leftOut = (["error", "warning", "notice"] as const).filter((k) => left[k] > 0).map((k) => `${left[k]} ${k === "notice" ? "notice" : k}${left[k] === 1 ? "" : "s"}`);
  if (leftOut.length > 0)
    lines.push(
      `::notice title=sdv::${data(`${leftOut.join(", ")} not shown as annotations (GitHub shows ${SHOWN_PER_KIND} of each kind per step); all of them are in ${sarifPath} and the step summary has the counts`)}`,
    );
  const row = (kind: Kind, label: string) => `| ${label} | ${total(kind)} | ${total(kind) - left[kind]} |`;
  const summary = [
    "### sdv annotations",
    "",
    "| Kind | Found | Shown as annotations |",
    "| --- | ---: | ---: |",
    row("error", "Errors"),
    row("warning", "Warnings"),
    row("notice", "Notices"),
    "",
    leftOut.length > 0
      ? `GitHub shows ${SHOWN_PER_KIND} annotations of each kind per step: the most telling were shown (one of each issue code first); every finding is in \`${sarifPath}\`.`
      : `Every finding is shown as an annotation (and is in \`${sarifPath}\`).`,
    "",
  ].join("\n");
  return { lines, summary };
}
