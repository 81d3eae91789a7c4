/**
 * The GitHub Action as the runner runs it (test/action/js-runner.ts): `node action/dist/index.mjs` from a
 * copy of the repository's files as GitHub downloads them (no node_modules, nothing built), in a
 * workspace with pages, with INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_WORKSPACE.
 * Local sites and the code-scanning API are servers on 127.0.0.1.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { commandsIn, readManifest, runAction, type StepRun } from "./js-runner.ts";
import { INPUT_DEFAULTS } from "../../action/src/inputs.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const manifest = readManifest(join(repoRoot, "action.yml"));

const scratch = mkdtempSync(join(tmpdir(), "sdv-action-"));
const actionPath = join(scratch, "action");
const workspace = join(scratch, "workspace");
// The action's folder as GitHub downloads it: the repository's files, nothing built, no node_modules.
for (const f of execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: repoRoot, encoding: "utf8" }).split("\0").filter(Boolean)) {
  if (!existsSync(join(repoRoot, f))) continue; // deleted in the working tree
  mkdirSync(dirname(join(actionPath, f)), { recursive: true });
  cpSync(join(repoRoot, f), join(actionPath, f));
}

const ld = (o: object) => JSON.stringify({ "@context": "https://schema.org", ...o }, null, 2);
const event = (i: number) => ({ "@type": "Event", name: `Concert ${i}`, startDate: "2026-07-21" });

/** JSON-LD files with errors and warnings of several codes, more than GitHub shows of each kind. */
function writePages(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 8; i++) writeFileSync(join(dir, `event-${i}.json`), ld(event(i)));
  for (let i = 0; i < 4; i++) writeFileSync(join(dir, `product-${i}.json`), ld({ "@type": "Product", name: `Chair ${i}` }));
  for (let i = 0; i < 3; i++) writeFileSync(join(dir, `recipe-${i}.json`), ld({ "@type": "Recipe", name: `Soup ${i}` }));
  writeFileSync(join(dir, "broken.json"), '{"@context": "https://schema.org", "@type": "Event",');
}
writePages(join(workspace, "public"));

const run = (inputs: Record<string, string>, env: Record<string, string> = {}, token = "", cwd = workspace) => runAction(manifest, { actionPath, workspace: cwd, with: inputs, env, token });
const failureOf = (r: StepRun) => `exit ${r.code}\n${r.stdout}\n${r.stderr}`;

function sarifCounts(path: string): { error: number; warning: number; note: number; codes: Record<string, Set<string>> } {
  const log = JSON.parse(readFileSync(path, "utf8"));
  const counts = { error: 0, warning: 0, note: 0, codes: { error: new Set<string>(), warning: new Set<string>(), note: new Set<string>() } as Record<string, Set<string>> };
  for (const r of log.runs[0].results) {
    counts[r.level as "error"]++;
    counts.codes[r.level].add(r.ruleId);
  }
  for (const n of log.runs[0].invocations[0].toolExecutionNotifications) counts[n.level as "error"]++;
  return counts;
}

test("action.yml: a JavaScript action on node24 whose main is the committed bundle; the inputs of earlier versions kept, the new ones there", () => {
  assert.is(manifest.runs.using, "node24");
  assert.is(manifest.runs.main, "action/dist/index.mjs");
  assert.ok(existsSync(join(repoRoot, manifest.runs.main)));
  for (const name of ["command", "inputs", "min-score", "fail-on", "allow-host", "max-pages", "args", "annotations", "step-summary", "sarif-file", "upload-sarif", "sdv-version"])
    assert.ok(manifest.inputs[name], `input ${name} is still there`);
  for (const name of ["profile", "config", "baseline", "header", "user-agent"]) assert.ok(manifest.inputs[name], `input ${name}`);
  assert.is(manifest.inputs.profile.default, "google");
  assert.is(manifest.inputs["upload-sarif"].default, "false", "SARIF upload is opt-in (code scanning is off on many private repositories)");
  assert.equal(Object.keys(manifest.outputs).sort(), ["exit-code", "sarif-file"]);
});

test("action.yml's defaults are the ones the action falls back to without the runner", () => {
  const declared = Object.fromEntries(Object.entries(manifest.inputs).filter(([name]) => name !== "token").map(([name, spec]) => [name, spec.default ?? ""]));
  assert.equal(declared, { ...INPUT_DEFAULTS });
});

test("the committed bundle is what the sources build (npm run build:action), and imports no npm package", async () => {
  const { bundleAction, actionBundlePath } = await import("../../build/bundle-action.ts");
  const built = await bundleAction();
  assert.ok(built === readFileSync(actionBundlePath, "utf8"), "action/dist/index.mjs drifted from action/src/ and cli/: run `npm run build:action` and commit it");
  const imported = [...built.matchAll(/(?:^|[;\s])(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]);
  const packages = imported.filter((s) => !isBuiltin(s) && s !== "playwright-core");
  assert.equal(packages, [], "only Node's built-ins (and the optional playwright-core of --render)");
});

let first: StepRun;

test("a folder: annotations (10 of each kind, one of each code first), the step summary, exit-code and sarif-file outputs, the step fails; no install first", async () => {
  first = await run({ inputs: "public" });
  assert.is(first.code, 1, failureOf(first));
  assert.is(first.outputs["exit-code"], "1");
  assert.is(first.outputs["sarif-file"], "sdv.sarif");
  // Seconds, not the composite action's minute of npm ci; `npm run bench -- action` holds the 3 s target
  // on a quiet machine, this bound leaves room for a loaded test run.
  assert.ok(first.ms < 10_000, `the step took ${Math.round(first.ms)} ms`);
  const counts = sarifCounts(join(workspace, "sdv.sarif"));
  assert.ok(counts.error > 10 && counts.warning > 10, `enough findings to overflow: ${counts.error} errors, ${counts.warning} warnings`);
  const errors = commandsIn(first, "error");
  const warnings = commandsIn(first, "warning");
  assert.is(errors.length, 10);
  assert.is(warnings.length, 10);
  const codes = (lines: string[]) => lines.map((l) => /title=sdv ([\w-]+)/.exec(l)![1]);
  const distinct = Math.min(10, counts.codes.error.size);
  assert.is(new Set(codes(errors).slice(0, distinct)).size, distinct, codes(errors).join(" "));
  assert.ok(errors.some((l) => l.includes("file=public/event-")), "annotations name the file");
  assert.ok(errors.some((l) => /,line=\d+,col=\d+,/.test(l)), "and the place in it");
  const notices = commandsIn(first, "notice");
  assert.is(notices.length, 1);
  assert.match(notices[0], new RegExp(`${counts.error - 10} errors, ${counts.warning - 10} warnings not shown as annotations`));
  // sdv's own summary first, then the annotations' counts.
  assert.match(first.summary, /^## ❌ sdv validate: failed \(exit 1\)/);
  assert.ok(first.summary.indexOf("## ❌ sdv validate") < first.summary.indexOf("### sdv annotations"));
  assert.match(first.summary, new RegExp(`\\| Errors \\| ${counts.error} \\| 10 \\|`));
});

test("profile: google by default (a date-only startDate is no issue, one without a time zone a warning), spec on request (an error)", async () => {
  const onlyEvent = join(workspace, "one-event");
  mkdirSync(onlyEvent, { recursive: true });
  writeFileSync(join(onlyEvent, "e.json"), ld({ ...event(0), location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Springfield", postalCode: "12345", addressCountry: "US" } } }));
  const google = await run({ inputs: "one-event/e.json", "sarif-file": "google.sarif" });
  const spec = await run({ inputs: "one-event/e.json", "sarif-file": "spec.sarif", profile: "spec" });
  const startDate = (file: string) => JSON.parse(readFileSync(join(workspace, file), "utf8")).runs[0].results.find((r: { ruleId: string; message: { text: string } }) => r.ruleId === "invalid-format" && /startDate/.test(r.message.text))?.level;
  assert.is(startDate("google.sarif"), undefined, failureOf(google));
  assert.is(google.code, 0, failureOf(google));
  // A time without an offset is the google profile's warning.
  writeFileSync(join(onlyEvent, "t.json"), ld({ ...event(0), startDate: "2026-07-21T19:00", location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Springfield", postalCode: "12345", addressCountry: "US" } } }));
  const noZone = await run({ inputs: "one-event/t.json", "sarif-file": "google-t.sarif" });
  assert.is(startDate("google-t.sarif"), "warning", failureOf(noZone));
  assert.is(startDate("spec.sarif"), "error");
  assert.is(spec.code, 1);
  assert.match(spec.stdout, /--profile spec/);
  // An empty profile leaves the choice to the config file.
  writeFileSync(join(onlyEvent, "sdv.config.json"), JSON.stringify({ profile: "spec" }));
  const fromConfig = await run({ inputs: "e.json", "sarif-file": "../config.sarif", profile: "" }, {}, "", onlyEvent);
  assert.is(fromConfig.code, 1, failureOf(fromConfig));
  assert.not.match(fromConfig.stdout, /--profile/);
  assert.is(startDate("config.sarif"), "error");
});

test("fail-on never passes; annotations and the step summary can be turned off", async () => {
  const r = await run({ inputs: "public", "fail-on": "never", annotations: "false", "step-summary": "false" });
  assert.is(r.code, 0, failureOf(r));
  assert.is(r.outputs["exit-code"], "0");
  assert.equal(commandsIn(r, "error"), []);
  assert.is(r.summary, "");
});

test("INPUT_MIN-SCORE (the runner keeps the dash) reaches sdv; globs in inputs are sdv's to expand, quotes quote", async () => {
  const r = await run({ inputs: "public/event-*.json\n'public/product-0.json'", "min-score": "99", "fail-on": "never", "sarif-file": "globbed.sarif" });
  assert.is(r.code, 1, failureOf(r));
  assert.match(r.stderr, /below --min-score 99/);
  const files = new Set(
    JSON.parse(readFileSync(join(workspace, "globbed.sarif"), "utf8")).runs[0].results.map((x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => x.locations[0].physicalLocation.artifactLocation.uri),
  );
  assert.equal([...files].sort(), [...Array.from({ length: 8 }, (_, i) => `public/event-${i}.json`), "public/product-0.json"].sort());
});

test("args as shell words: quotes quote, newlines separate, later flags win over the inputs", async () => {
  const r = await run({ inputs: "public", "fail-on": "never", args: `--expect "public/product-*.json=Product[merchant-listing]"\n--fail-on   'error'` });
  assert.is(r.code, 1, failureOf(r));
  assert.match(r.stderr, /expectation/, "the quoted glob reached sdv as one argument");
  assert.match(r.stderr, /--fail-on error/, "the later --fail-on of args won");
});

test("bad inputs are exit 2 with an error annotation: an unterminated quote, --format in args, an unknown command", async () => {
  for (const [inputs, why] of [
    [{ inputs: "public", args: '--user-agent "acme ci' }, /unterminated "/],
    [{ inputs: "public", args: "--format json" }, /--format is the action's own/],
    [{ inputs: "public", command: "check" }, /command takes validate or crawl/],
  ] as const) {
    const r = await run(inputs);
    assert.is(r.code, 2, failureOf(r));
    assert.match(commandsIn(r, "error").join("\n"), why);
  }
});

test("sdv-version: the bundled version passes, another one is exit 2 saying to pin the ref", async () => {
  const version = JSON.parse(readFileSync(join(repoRoot, "packages/sdv/package.json"), "utf8")).version as string;
  const same = await run({ inputs: "public", "sdv-version": version, "fail-on": "never" });
  assert.is(same.code, 0, failureOf(same));
  const other = await run({ inputs: "public", "sdv-version": "99.0.0" });
  assert.is(other.code, 2);
  assert.match(commandsIn(other, "error")[0], /carries sdv .*pin|ref/);
});

test("config and baseline inputs: the project's rules apply, and only issues not in the baseline fail", async () => {
  writeFileSync(join(workspace, "ci.sdv.json"), JSON.stringify({ rules: [{ code: "missing-recommended", severity: "off" }] }));
  const configured = await run({ inputs: "public/product-0.json", config: "ci.sdv.json", "sarif-file": "configured.sarif", "fail-on": "warning" });
  const results = JSON.parse(readFileSync(join(workspace, "configured.sarif"), "utf8")).runs[0].results as Array<{ ruleId: string }>;
  assert.ok(results.length > 0, failureOf(configured));
  assert.not.ok(results.some((r) => r.ruleId === "missing-recommended"), "the config's rule turned missing-recommended off");

  // The team's baseline, made once with the CLI (it exits 1: the folder has errors).
  spawnSync(process.execPath, [join(repoRoot, "bin/sdv.js"), "validate", "public", "--profile", "google", "--format", "json", "--output", "baseline.json"], { cwd: workspace, stdio: "ignore" });
  assert.ok(existsSync(join(workspace, "baseline.json")));
  const known = await run({ inputs: "public", baseline: "baseline.json" });
  assert.is(known.code, 0, failureOf(known));
  writeFileSync(join(workspace, "public", "event-new.json"), ld({ "@type": "Event", name: "New" }));
  const fresh = await run({ inputs: "public", baseline: "baseline.json" });
  rmSync(join(workspace, "public", "event-new.json"));
  assert.is(fresh.code, 1, failureOf(fresh));
  assert.match(fresh.stderr, /new error/);
});

test("action.yml and action/dist alone (nothing else of the repository beside them) run with a config file, a broken one included", async () => {
  const bare = join(scratch, "bare-action");
  mkdirSync(join(bare, "action"), { recursive: true });
  cpSync(join(repoRoot, "action.yml"), join(bare, "action.yml"));
  cpSync(join(repoRoot, "action/dist"), join(bare, "action/dist"), { recursive: true });
  const siteDir = join(scratch, "bare-site");
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(join(siteDir, "p.json"), ld({ "@type": "Product", name: "Chair" }));
  const runBare = (inputs: Record<string, string>) => runAction(manifest, { actionPath: bare, workspace: siteDir, with: inputs, env: {}, token: "" });

  writeFileSync(join(siteDir, "sdv.config.json"), JSON.stringify({ rules: [{ code: "missing-recommended", severity: "off" }] }));
  const configured = await runBare({ inputs: "p.json", "sarif-file": "bare.sarif", "fail-on": "never" });
  assert.is(configured.code, 0, failureOf(configured));
  const results = JSON.parse(readFileSync(join(siteDir, "bare.sarif"), "utf8")).runs[0].results as Array<{ ruleId: string }>;
  assert.ok(results.length > 0, "the product without offers or reviews still has its errors");
  assert.not.ok(results.some((r) => r.ruleId === "missing-recommended"), "the config's rule turned missing-recommended off");

  // The schema inside the bundle checks the file: a wrong severity is named by its key.
  writeFileSync(join(siteDir, "sdv.config.json"), JSON.stringify({ rules: [{ code: "missing-recommended", severity: "loud" }] }));
  const broken = await runBare({ inputs: "p.json" });
  assert.is(broken.code, 2, failureOf(broken));
  assert.match(`${broken.stdout}\n${broken.stderr}`, /rules\[0\]\.severity must be one of/);
  assert.not.match(`${broken.stdout}\n${broken.stderr}`, /missing from the package/);
});

// A staging site that wants a header, and records what each request carried.
let site: Server;
let origin = "";
const seen: IncomingMessage[] = [];

test.before(async () => {
  site = createServer((req, res) => {
    seen.push(req);
    const send = (type: string, body: string, status = 200) => {
      res.writeHead(status, { "content-type": type });
      res.end(body);
    };
    if (req.headers.authorization !== "Basic c3RhZ2luZzpzM2NyZXQ=") return send("text/plain", "who are you?", 401);
    if (req.url === "/robots.txt") return send("text/plain", `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (req.url === "/sitemap.xml")
      return send("application/xml", `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/a</loc></url><url><loc>${origin}/b</loc></url></urlset>`);
    return send("text/html", `<html><head><script type="application/ld+json">${ld({ "@type": "Product", name: "Kettle" })}</script></head></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test('header (one "Name: value" a line) and user-agent reach the site; quoted args too; the header value is masked', async () => {
  seen.length = 0;
  const host = origin.replace("http://", "");
  const validated = await run({ inputs: `${origin}/a`, "allow-host": host, header: "Authorization: Basic c3RhZ2luZzpzM2NyZXQ=\nX-Staging: yes, please", "user-agent": "acme ci/1.0", "fail-on": "never" });
  assert.is(validated.code, 0, failureOf(validated));
  assert.is(seen.length, 1);
  assert.is(seen[0].headers["user-agent"], "acme ci/1.0");
  assert.is(seen[0].headers["x-staging"], "yes, please");
  assert.match(validated.stdout, /^::add-mask::Basic c3RhZ2luZzpzM2NyZXQ=$/m);
  assert.not.match(validated.stdout.replace(/^::add-mask::.*$/gm, ""), /c3RhZ2luZzpzM2NyZXQ=/, "the credentials are not printed");

  seen.length = 0;
  const crawled = await run({
    command: "crawl",
    inputs: `${origin}/`,
    "allow-host": host,
    args: `--user-agent "acme ci" --header "Authorization: Basic c3RhZ2luZzpzM2NyZXQ=" --delay 0`,
    "fail-on": "never",
  });
  assert.is(crawled.code, 0, failureOf(crawled));
  assert.ok(seen.length >= 3, `robots.txt, the sitemap and the pages were fetched (${seen.map((r) => r.url).join(" ")})`);
  assert.ok(seen.every((r) => r.headers["user-agent"] === "acme ci"), seen.map((r) => r.headers["user-agent"]).join(", "));
  const pages = JSON.parse(readFileSync(join(workspace, "sdv.sarif"), "utf8")).runs[0].artifacts?.map((a: { location: { uri: string } }) => a.location.uri) ?? [];
  assert.ok(pages.length === 0 || pages.some((u: string) => u.endsWith("/a")), JSON.stringify(pages));
});

test("upload-sarif: the report goes to the code-scanning API (gzipped, base64) for the run's commit and ref, with the token", async () => {
  let received: { auth?: string; path?: string; body?: { commit_sha: string; ref: string; sarif: string } } = {};
  const api = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      received = { auth: req.headers.authorization, path: req.url, body: JSON.parse(body) };
      res.writeHead(202, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "upload-1" }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  try {
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const r = await run({ inputs: "public", "upload-sarif": "true", "fail-on": "never" }, { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: "acme/site", GITHUB_SHA: "a".repeat(40), GITHUB_REF: "refs/heads/main" }, "t0ken");
    assert.is(r.code, 0, failureOf(r));
    assert.match(r.stdout, /uploaded to code scanning \(id upload-1\)/);
    assert.is(received.path, "/repos/acme/site/code-scanning/sarifs");
    assert.is(received.auth, "Bearer t0ken");
    assert.is(received.body!.commit_sha, "a".repeat(40));
    assert.is(received.body!.ref, "refs/heads/main");
    const sent = JSON.parse(gunzipSync(Buffer.from(received.body!.sarif, "base64")).toString("utf8"));
    const written = JSON.parse(readFileSync(join(workspace, "sdv.sarif"), "utf8"));
    assert.is(sent.runs[0].results.length, written.runs[0].results.length);
    assert.is(sent.runs[0].automationDetails.id, "sdv/");
  } finally {
    await new Promise<void>((resolve) => api.close(() => resolve()));
  }
});

test.after(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

test.run();
