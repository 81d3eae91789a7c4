/**
 * Validation cost per document of ../shared/bench/jsonld/*.json, as a multiple of JSON.parse of the
 * same text (ratios hold across machines; absolute times do not). Our engine validates the
 * already-parsed value; Adobe's validator gets the same value in the shape its README's extractor
 * produces, with the Schema.org vocabulary loaded once outside the timing, in a child process
 * (see adobe-validate.mjs).
 * Budget (DESIGN.md section 8): ours <= 1.5x JSON.parse on every document.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EngineResult } from "../runtime/types.ts";
import { errorMessage, medianNs, printTable, type BenchContext } from "./util.ts";

const BUDGET_X = 1.5;

type ValidateValue = (value: unknown) => EngineResult;
type AdobeTiming = { parseNs: number; adobeNs: number };

/**
 * Our engine as production runs it: the tsc build in dist/ (`npm run bench` builds first), so
 * the figures carry no loader overhead from tsx.
 */
async function loadEngine(): Promise<ValidateValue | string> {
  const url = new URL("../dist/runtime/validate.js", import.meta.url);
  if (!existsSync(url)) return "sdv engine not built (dist/runtime/validate.js missing: run npm run build)";
  try {
    const mod = (await import(url.href)) as { validateValue?: ValidateValue };
    if (typeof mod.validateValue !== "function") return "dist/runtime/validate.js does not export validateValue";
    return mod.validateValue;
  } catch (err) {
    return `sdv engine failed to load: ${errorMessage(err)}`;
  }
}

/**
 * Adobe's validator timed in a plain `node` child (bench/adobe-validate.mjs explains why), with the
 * vocabulary its README asks for (schemaorg-all-https). Per doc file: its JSON.parse and validate()
 * medians from that child; or the reason it cannot be measured.
 */
function measureAdobe(vocabDir: string | null, files: string[]): Map<string, AdobeTiming> | string {
  if (vocabDir === null) return "../shared/vocab not found";
  const vocab = ["schemaorg-all-https-v29.4.jsonld", "schemaorg-current-https-v29.4.jsonld"]
    .map((f) => join(vocabDir, f))
    .find((f) => existsSync(f));
  if (vocab === undefined) return "no schemaorg-*-https-v29.4.jsonld in ../shared/vocab";
  const script = fileURLToPath(new URL("./adobe-validate.mjs", import.meta.url));
  const child = spawnSync(process.execPath, [script, vocab, ...files], {
    encoding: "utf8",
    cwd: fileURLToPath(new URL("..", import.meta.url)), // resolves node_modules of the repo
    maxBuffer: 1 << 20,
  });
  const line = child.stdout?.trim().split("\n").pop() ?? "";
  try {
    const out = JSON.parse(line) as { results?: Record<string, AdobeTiming>; error?: string };
    if (out.error !== undefined) return `@adobe/structured-data-validator failed: ${out.error}`;
    return new Map(Object.entries(out.results ?? {}));
  } catch {
    return `adobe-validate.mjs gave no result (exit ${child.status}): ${(child.stderr ?? "").trim().split("\n")[0]}`;
  }
}

export async function run(ctx: BenchContext): Promise<void> {
  const dir = join(ctx.benchDir, "jsonld");
  const docs = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const buf = readFileSync(join(dir, f));
      return { name: f.replace(/\.json$/, ""), file: join(dir, f), bytes: buf.length, text: buf.toString("utf8") };
    });

  const engine = await loadEngine();
  const adobe = measureAdobe(
    ctx.vocabDir,
    docs.map((d) => d.file),
  );

  const rows: string[][] = [["doc", "bytes", "JSON.parse us", "sdv us", "sdv x", "adobe us", "adobe x"]];
  let budgetOk = true;
  for (const doc of docs) {
    const parseNs = medianNs(() => JSON.parse(doc.text));
    const row = [doc.name, String(doc.bytes), us(parseNs)];

    if (typeof engine === "string") {
      row.push("n/a", "n/a");
    } else {
      const value = JSON.parse(doc.text);
      const ns = medianNs(() => engine(value));
      row.push(us(ns), times(ns / parseNs));
      if (ns / parseNs > BUDGET_X) budgetOk = false;
    }

    const a = typeof adobe === "string" ? undefined : adobe.get(doc.file);
    if (a === undefined) row.push("n/a", "n/a");
    else row.push(us(a.adobeNs), times(a.adobeNs / a.parseNs));
    rows.push(row);
  }
  printTable(rows);
  if (typeof engine === "string") console.log(`sdv: n/a: ${engine}`);
  if (typeof adobe === "string") console.log(`adobe: n/a: ${adobe}`);
  else console.log("adobe: timed in a plain `node` child; its x is against JSON.parse timed in that child");
  console.log(
    typeof engine === "string"
      ? `validation budget: sdv <= ${BUDGET_X}x JSON.parse on every doc: n/a (sdv engine not built yet)`
      : `validation budget: sdv <= ${BUDGET_X}x JSON.parse on every doc: ${budgetOk ? "PASS" : "FAIL"}`,
  );
}

function us(ns: number): string {
  const u = ns / 1000;
  return u >= 100 ? u.toFixed(0) : u >= 10 ? u.toFixed(1) : u.toFixed(2);
}

function times(x: number): string {
  return `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}x`;
}
