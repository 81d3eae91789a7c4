/**
 * Verdicts a CI gate relies on, through the command a pipeline runs: a misspelt type fails the
 * build, a retired type does not (its note printed once), a page whose only block is broken scores 0.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "sdv-verdicts-"));

function sdv(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/sdv.ts", ...args], { cwd: repoRoot });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout }));
    child.stdin.end();
  });
}

const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return path;
};

test("a misspelt top-level type exits 1 with a did-you-mean", async () => {
  const r = await sdv(["validate", file("typo.json", { "@context": "https://schema.org", "@type": "Prodcut", name: "Shoe", offers: { "@type": "Offer", price: 30, priceCurrency: "USD" } })]);
  assert.is(r.code, 1);
  assert.match(r.stdout, /error\s+@type: "Prodcut" is not a Schema\.org/);
  assert.match(r.stdout, /Did you mean "Product"/);
});

test("retired types exit 0 and print their note once", async () => {
  const vehicle = (vin: string) => ({ "@type": "Car", name: "Golf", vehicleIdentificationNumber: vin });
  const r = await sdv(["validate", file("cars.json", { "@context": "https://schema.org", "@graph": [vehicle("1HGCM82633A004352"), vehicle("1HGCM82633A004353")] }), "--json"]);
  assert.is(r.code, 0);
  const body = JSON.parse(r.stdout).results[0];
  assert.is(body.summary.total_errors, 0);
  assert.ok(body.summary.total_warnings > 0);
  const note: string = body.schemas[0].deprecation_note;
  const text = await sdv(["validate", join(dir, "cars.json")]);
  assert.is(text.code, 0);
  assert.is(text.stdout.split(note).length - 1, 1, "the note is printed once");
});

test("a page whose only block is broken scores 0", async () => {
  const r = await sdv(["validate", file("broken.html", '<script type="application/ld+json">{"@type": "Event",}</script>'), "--json"]);
  assert.is(r.code, 1);
  assert.is(JSON.parse(r.stdout).results[0].summary.score, 0);
});

test.run();
