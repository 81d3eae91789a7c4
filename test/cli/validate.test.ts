/** The `sdv validate` command as a user runs it: files, stdin, a loopback URL, exit codes, --json. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { mkdtempSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusDir } from "../corpus-dir.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "sdv-cli-"));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function sdv(args: string[], input?: string, env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/sdv.ts", ...args], { cwd: repoRoot, env: { ...process.env, NO_COLOR: "1", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

const goodEvent = {
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Concert",
  startDate: "2026-07-21T19:00-05:00",
  location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main", addressLocality: "Town", postalCode: "1", addressRegion: "R", addressCountry: "US" } },
};
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

test("a valid file exits 0 and prints a readable report", async () => {
  const r = await sdv(["validate", file("ok.json", JSON.stringify(goodEvent))]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /Event: valid, eligible/);
  assert.match(r.stdout, /sdv: exit 0: no errors/);
  assert.match(r.stdout, /score \d+\/100/);
  assert.match(r.stdout, /warning eventStatus/);
  assert.match(r.stdout, /fix: /);
});

test("a page whose only Microdata is untyped is not validated (exit 2, no_jsonld_found naming the untyped items); next to typed data it is a warning", async () => {
  const untyped = '<div itemscope><span itemprop="name">Jazz night</span></div>';
  const alone = await sdv(["validate", "--format", "json", file("untyped.html", `<!doctype html><body>${untyped}</body>`)]);
  assert.is(alone.code, 2, alone.stderr);
  const failure = JSON.parse(alone.stdout).results[0].error;
  assert.is(failure.code, "no_jsonld_found");
  assert.match(failure.message, /Microdata items without an itemtype/);

  const both = await sdv(["validate", "--format", "json", "--fail-on", "error", file("untyped-and-typed.html", `<!doctype html><body>${untyped}<script type="application/ld+json">${JSON.stringify(goodEvent)}</script></body>`)]);
  assert.is(both.code, 0, both.stderr);
  const types = JSON.parse(both.stdout).results[0].schemas.map((s: { type: string }) => s.type).sort();
  assert.equal(types, ["(no itemtype)", "Event"]);
});

test("errors exit 1 and name property, fix and place", async () => {
  const bad = JSON.stringify({ ...goodEvent, startDate: "2026-07-21" }, null, 2);
  const r = await sdv(["validate", file("bad.json", bad), "--profile", "spec"]);
  assert.is(r.code, 1);
  assert.match(r.stdout, /error\s+startDate: .* \(line 5, column 16\)/);
  assert.match(r.stdout, /5 \|   "startDate": "2026-07-21",\n\s+\| {16}\^/, "the source line with a caret under the column");
  assert.match(r.stdout.trimEnd().split("\n").pop()!, /^sdv: exit 1: 1 error in 1 of 1 input \(--fail-on error\)$/);
});

test("--min-score fails a clean file under the threshold", async () => {
  const path = file("ok2.json", JSON.stringify(goodEvent));
  assert.is((await sdv(["validate", path, "--min-score", "50"])).code, 0);
  assert.is((await sdv(["validate", path, "--min-score", "100"])).code, 1);
  assert.is((await sdv(["validate", path, "--min-score", "abc"])).code, 2);
});

test("--json prints the report of every run, one input's ValidationResponse in results", async () => {
  const r = await sdv(["validate", file("ok3.json", JSON.stringify(goodEvent)), "--json"]);
  const report = JSON.parse(r.stdout);
  assert.is(report.inputs, 1);
  assert.is(report.summary.validated, 1);
  assert.equal(report.exit, { code: 0, reason: r.stderr.replace(/^profile: .*\n/, "").replace(/^sdv: /, "").trim() });
  const body = report.results[0];
  assert.ok(body.source.endsWith("ok3.json"), body.source);
  assert.is(body.success, true);
  assert.is(body.schemas_found, 1);
  assert.is(body.schemas[0].type, "Event");
  assert.type(body.summary.score, "number");
  assert.is(body.meta.api_version, "1.0.0");
  assert.is(body.meta.cached, false);
});

test("standard input and HTML are read", async () => {
  const html = `<html><script type="application/ld+json">${JSON.stringify(goodEvent)}</script></html>`;
  const r = await sdv(["validate", "-"], html);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /1 schema/);
});

test("unusable input exits 2", async () => {
  assert.is((await sdv(["validate", join(dir, "missing.json")])).code, 2);
  assert.is((await sdv(["validate", file("none.html", "<html><p>no markup</p></html>")])).code, 2);
  assert.is((await sdv(["validate"])).code, 2);
  assert.is((await sdv(["frobnicate"])).code, 2);
});

test("a broken block is an error (exit 1), not a crash", async () => {
  const r = await sdv(["validate", file("broken.html", '<script type="application/ld+json">{"@type": "Event",}</script>')]);
  assert.is(r.code, 1);
  assert.match(r.stdout, /not valid JSON/);
});

test("URL input goes through the guarded fetcher", async () => {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<script type="application/ld+json">${JSON.stringify(goodEvent)}</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  try {
    const refused = await sdv(["validate", `http://127.0.0.1:${port}/page`]);
    assert.is(refused.code, 2, "loopback is refused unless an operator allows it");
    assert.match(refused.stdout, /destination_not_allowed/);
    assert.match(refused.stdout, new RegExp(`--allow-host 127\\.0\\.0\\.1:${port}`), "the refusal names the flag that allows it");
    const json = await sdv(["validate", `http://127.0.0.1:${port}/page`, "--format", "json"]);
    assert.is(json.code, 2);
    assert.is(JSON.parse(json.stdout).results[0].error.code, "destination_not_allowed", "JSON output on exit 2 too");
    const flagged = await sdv(["validate", `http://127.0.0.1:${port}/page`, "--allow-host", `127.0.0.1:${port}`]);
    assert.is(flagged.code, 0, flagged.stdout);
    const allowed = await sdv(["validate", `http://127.0.0.1:${port}/page`, "--json"], undefined, { FETCH_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${port}` });
    assert.is(allowed.code, 0, allowed.stderr);
    assert.is(JSON.parse(allowed.stdout).results[0].url, `http://127.0.0.1:${port}/page`);
  } finally {
    server.close();
  }
});

const corpus = corpusDir();
if (!corpus) {
  test.skip("CLI over the corpus (../shared/corpus not found)", () => {});
} else {
  test("the CLI never crashes on hostile and real inputs", async () => {
    const picks = [
      ...readdirSync(join(corpus, "nasty")).map((f) => join(corpus, "nasty", f)),
      ...readdirSync(join(corpus, "pages")).filter((_, i) => i % 8 === 0).map((f) => join(corpus, "pages", f)),
    ];
    for (const path of picks) {
      const r = await sdv(["validate", path, "--json"]);
      assert.ok([0, 1, 2].includes(r.code), `${path}: exit ${r.code}: ${r.stderr}`);
      assert.not.match(r.stderr, /at .*\.ts:\d+/, `${path}: stack trace`);
      JSON.parse(r.stdout); // JSON on every exit code
    }
  });
}

test.run();
