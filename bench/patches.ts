/**
 * What the patch pass costs (runtime/patches/): a validation with patches against the same validation
 * without them (`patches: false`), on every ../shared/bench/jsonld document (valid markup pays one loop
 * over its issues) and on a fixable document: a @graph of 20 products whose offers each carry three
 * mechanical fixes (an enumeration in the wrong case, a currency sign, a price with a decimal comma), the
 * worst case for the pass.
 * Budget (DESIGN.md section 8): with patches <= 1.1x without, on every document.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateValue } from "../runtime/validate.ts";
import { median, medianNs, printTable, type BenchContext } from "./util.ts";

const BUDGET_X = 1.1;
/** Rounds per document, each timing without and with patches back to back. */
const ROUNDS = 7;

function fixable(): unknown {
  return {
    "@context": "https://schema.org",
    "@graph": Array.from({ length: 20 }, (_, i) => ({
      "@type": "Product",
      name: `Anvil ${i}`,
      image: `https://example.com/anvil-${i}.jpg`,
      offers: { "@type": "Offer", price: "19,99 €", priceCurrency: "€", availability: "instock", priceValidUntil: "2027-12-31" },
    })),
  };
}

export async function run(ctx: BenchContext): Promise<void> {
  const dir = join(ctx.benchDir, "jsonld");
  const docs = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ""), value: JSON.parse(readFileSync(join(dir, f), "utf8")) as unknown }));
  docs.push({ name: "fixable", value: fixable() });

  const rows: string[][] = [["doc", "patches", "without us", "with us", "x (median)", "x low-high"]];
  let ok = true;
  for (const doc of docs) {
    const withPatches = validateValue(doc.value);
    const count = withPatches.schemas.reduce((n, s) => n + [...s.errors, ...s.warnings].filter((i) => i.patch).length, 0);
    // Rounds of without and with back to back, the order alternating, so that a drift of the machine
    // weighs on both sides; the verdict is the median round's ratio, the spread printed beside it.
    const timing = { warmupMs: 40, sampleMs: 150 };
    const without: number[] = [];
    const withTimes: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const timeWithout = () => medianNs(() => validateValue(doc.value, undefined, { patches: false }), timing);
      const timeWith = () => medianNs(() => validateValue(doc.value), timing);
      let a: number;
      let b: number;
      if (round % 2 === 0) {
        a = timeWithout();
        b = timeWith();
      } else {
        b = timeWith();
        a = timeWithout();
      }
      without.push(a);
      withTimes.push(b);
      ratios.push(b / a);
    }
    const x = median(ratios);
    if (x > BUDGET_X) ok = false;
    rows.push([doc.name, String(count), (median(without) / 1000).toFixed(1), (median(withTimes) / 1000).toFixed(1), `${x.toFixed(2)}x`, `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`]);
  }
  printTable(rows);
  console.log(`patch budget: a validation with patches <= ${BUDGET_X}x one without, on every doc: ${ok ? "PASS" : "FAIL"}`);
}
