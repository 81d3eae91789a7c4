/** `sdv validate` on Microdata and RDFa pages: the corpus's Microdata pages report their types; a page with none of the three syntaxes exits 2 with a message naming them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusDir } from "../corpus-dir.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const corpus = corpusDir();

function sdv(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/sdv.ts", ...args], { cwd: repoRoot });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end("");
  });
}

if (corpus) {
  const PAGES: Array<[string, string[]]> = [
    ["pages/recipe-blueapron.com.html", ["Recipe"]],
    ["formats/google-rdfa/Product-1.html", ["Product"]],
  ];
  for (const [page, types] of PAGES) {
    test(`sdv validate ${page} --json: reports ${types.join(", ")} with its syntax`, async () => {
      const out = await sdv(["validate", join(corpus, page), "--json"]);
      assert.ok(out.code === 0 || out.code === 1, `exit ${out.code}: ${out.stderr}`);
      const report = JSON.parse(out.stdout).results[0] as { schemas: Array<{ type: string; syntax: string }> };
      for (const t of types) assert.ok(report.schemas.some((s) => s.type === t && s.syntax !== "json-ld"), `${t} not reported`);
    });
  }
} else {
  test.skip("Microdata pages (../shared/corpus not found)", () => {});
}

if (corpus) {
  test("sdv validate (text report): a Microdata node is marked as such", async () => {
    const out = await sdv(["validate", join(corpus, "pages/recipe-blueapron.com.html")]);
    assert.match(out.stdout, /^\s*Recipe \[Microdata\]: /m);
  });
}

test("sdv validate on a page with no structured data: exit 2, the message names the three syntaxes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sdv-formats-"));
  const file = join(dir, "og.html");
  writeFileSync(file, `<!doctype html><html><head><meta property="og:title" content="T"></head><body>hi</body></html>`);
  const out = await sdv(["validate", file]);
  assert.is(out.code, 2);
  for (const word of ["JSON-LD", "Microdata", "RDFa", "Open Graph"]) assert.match(out.stdout + out.stderr, word);
});

test.run();
