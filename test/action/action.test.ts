/**
 * The GitHub Action (action.yml) run as GitHub runs it (test/action/composite-runner.ts): from a copy of
 * this repository's checkout as the action's own folder, in a workspace with pages to check. The first
 * run misses the cache, so it packs and installs the light package from the checkout; the second finds
 * it in the cache. Checked: annotations (at most 10 of each kind, the most telling first, a notice for
 * the rest), the step summary, SARIF upload only when asked, the caller's PATH and Node left alone.
 *
 * Slow (an `npm ci` and a build of the light package on the first run), like the packed-tarball test.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readAction, runComposite, type JobRun } from "./composite-runner.ts";
// @ts-expect-error plain JavaScript without declarations: the action runs it with the runner's Node as it is
import { annotate } from "../../action/annotate.mjs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const action = readAction(join(repoRoot, "action.yml"));
const annotateSarif = annotate as (log: unknown, path: string) => { lines: string[]; summary: string };

test("action.yml: a composite action on the runner's Node (no setup-node), inputs of earlier versions kept", () => {
  assert.is(action.runs.using, "composite");
  assert.not.ok(action.runs.steps.some((s) => s.uses?.startsWith("actions/setup-node")), "the caller's Node is not changed");
  for (const name of ["command", "inputs", "min-score", "fail-on", "allow-host", "max-pages", "sarif-file", "upload-sarif", "sdv-version"])
    assert.ok(action.inputs[name], `input ${name} is still there`);
  assert.is(action.inputs["upload-sarif"].default, "false", "SARIF upload is opt-in (code scanning is off on many private repositories)");
  assert.is(action.inputs.annotations.default, "true");
  assert.is(action.inputs["step-summary"].default, "true");
  for (const s of action.runs.steps) if (s.run) assert.is(s.shell, "bash", "composite run steps name their shell");
});

/** JSON-LD files with errors and warnings of several codes, more than GitHub shows of each kind. */
function writePages(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const ld = (o: object) => JSON.stringify({ "@context": "https://schema.org", ...o }, null, 2);
  for (let i = 0; i < 8; i++) writeFileSync(join(dir, `event-${i}.json`), ld({ "@type": "Event", name: `Concert ${i}`, startDate: "2026-07-21" }));
  for (let i = 0; i < 4; i++) writeFileSync(join(dir, `product-${i}.json`), ld({ "@type": "Product", name: `Chair ${i}` }));
  for (let i = 0; i < 3; i++) writeFileSync(join(dir, `recipe-${i}.json`), ld({ "@type": "Recipe", name: `Soup ${i}` }));
  writeFileSync(join(dir, "broken.json"), '{"@context": "https://schema.org", "@type": "Event",');
}

interface Counted {
  error: number;
  warning: number;
  note: number;
}

function sarifCounts(path: string): Counted & { codes: Record<string, Set<string>> } {
  const log = JSON.parse(readFileSync(path, "utf8"));
  const counts = { error: 0, warning: 0, note: 0, codes: { error: new Set<string>(), warning: new Set<string>(), note: new Set<string>() } as Record<string, Set<string>> };
  for (const r of log.runs[0].results) {
    counts[r.level as keyof Counted]++;
    counts.codes[r.level].add(r.ruleId);
  }
  for (const n of log.runs[0].invocations[0].toolExecutionNotifications) counts[n.level as keyof Counted]++;
  return counts;
}

const commandsIn = (job: JobRun, kind: string) =>
  job.steps
    .flatMap((s) => s.stdout.split("\n"))
    .filter((l) => l.startsWith(`::${kind} `));

const scratch = mkdtempSync(join(tmpdir(), "sdv-action-"));
const actionPath = join(scratch, "action");
const workspace = join(scratch, "workspace");
const cacheStore = join(scratch, "cache");
// The action's folder as GitHub downloads it: the repository's files, nothing built, no node_modules.
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: repoRoot, encoding: "utf8" }).split("\0").filter(Boolean);
for (const f of files) {
  if (!existsSync(join(repoRoot, f))) continue; // deleted in the working tree
  mkdirSync(dirname(join(actionPath, f)), { recursive: true });
  cpSync(join(repoRoot, f), join(actionPath, f));
}
writePages(join(workspace, "public"));
// A cached npm makes the checkout's `npm ci` quick here; on GitHub it downloads.
const env = { npm_config_prefer_offline: "true" };

let firstRun: JobRun | undefined;

test("first run (cache miss): installs the light package from the checkout, annotates, summarizes, fails on errors, uploads nothing", () => {
  const job = runComposite(action, { actionPath, workspace, inputs: { inputs: "public" }, cacheStore, env });
  firstRun = job;
  const step = (name: string) => job.steps.find((s) => s.name === name)!;
  const install = step("Install sdv");
  assert.is(install.skipped, false);
  assert.is(install.code, 0, install.stderr);
  assert.match(install.stdout, /^\d+\.\d+\.\d+$/m, "the installed command answers its version");
  assert.is(step("Save sdv").skipped, false);
  assert.ok(readdirSync(cacheStore).some((k) => k.startsWith("sdv-action-Linux-checkout-")), "the install was saved under the checkout's key");
  // The light package, not the service: no fastify, no native SQLite in what was installed.
  const saved = join(cacheStore, readdirSync(cacheStore)[0], "node_modules");
  assert.ok(existsSync(join(saved, "sdv/dist/cli/sdv.js")));
  assert.not.ok(existsSync(join(saved, "fastify")) || existsSync(join(saved, "better-sqlite3")));

  assert.is(job.outputs["exit-code"], "1", step("Run sdv").stderr);
  assert.is(step("Verdict").code, 1, "the step fails on errors");
  assert.is(job.succeeded, false);
  assert.is(step("Upload SARIF").skipped, true, "SARIF upload is opt-in");
  assert.is(job.githubPath, "", "nothing added to the caller's PATH");
  assert.is(job.githubEnv, "", "nothing added to the caller's environment");

  const counts = sarifCounts(join(workspace, "sdv.sarif"));
  assert.ok(counts.error > 10 && counts.warning > 10, `enough findings to overflow: ${counts.error} errors, ${counts.warning} warnings`);
  const errors = commandsIn(job, "error");
  const warnings = commandsIn(job, "warning");
  assert.is(errors.length, 10);
  assert.is(warnings.length, 10);
  // Most telling first: one annotation of each code before any second one.
  const codes = (lines: string[]) => lines.map((l) => /title=sdv ([\w-]+)/.exec(l)![1]);
  const distinctErrors = Math.min(10, counts.codes.error.size);
  assert.is(new Set(codes(errors).slice(0, distinctErrors)).size, distinctErrors, codes(errors).join(" "));
  assert.ok(errors.some((l) => l.includes("file=public/event-")), "annotations name the file");
  assert.ok(errors.some((l) => /,line=\d+,col=\d+,/.test(l)), "and the place in it");
  const notices = commandsIn(job, "notice");
  assert.is(notices.length, 1);
  assert.match(notices[0], new RegExp(`${counts.error - 10} errors, ${counts.warning - 10} warnings not shown as annotations`));

  // The step summary carries the full counts.
  assert.match(job.summary, /### sdv annotations/);
  assert.match(job.summary, new RegExp(`\\| Errors \\| ${counts.error} \\| 10 \\|`));
  assert.match(job.summary, new RegExp(`\\| Warnings \\| ${counts.warning} \\| 10 \\|`));
});

// sdv itself appends its report's summary when GITHUB_STEP_SUMMARY is set (cli/): checked once the CLI does.
const cliWritesSummary = readdirSync(join(repoRoot, "cli"), { recursive: true, encoding: "utf8" }).some(
  (f) => f.endsWith(".ts") && readFileSync(join(repoRoot, "cli", f), "utf8").includes("GITHUB_STEP_SUMMARY"),
);
if (!cliWritesSummary) test.skip("sdv's own report summary in the step summary (the CLI of this checkout writes none)", () => {});
else
  test("sdv's own report summary is in the step summary, before the annotations' counts", () => {
    const run = firstRun!.steps.find((s) => s.name === "Run sdv")!;
    assert.ok(run.summary.trim().length > 0, "the Run sdv step wrote a summary");
    assert.ok(firstRun!.summary.indexOf(run.summary) < firstRun!.summary.indexOf("### sdv annotations"));
  });

test("second run (cache hit): nothing installed or built; SARIF uploaded when asked; passes with fail-on never", () => {
  const job = runComposite(action, { actionPath, workspace, inputs: { inputs: "public", "upload-sarif": "true", "fail-on": "never", "sarif-file": "out.sarif" }, cacheStore, env });
  const step = (name: string) => job.steps.find((s) => s.name === name)!;
  assert.is(step("Restore sdv").outputs["cache-hit"], "true");
  assert.is(step("Install sdv").skipped, true);
  assert.is(step("Save sdv").skipped, true);
  assert.is(job.outputs["exit-code"], "0", step("Run sdv").stderr);
  assert.is(job.succeeded, true);
  const upload = step("Upload SARIF");
  assert.is(upload.skipped, false);
  assert.is(upload.with!.sarif_file, "out.sarif");
  assert.ok(existsSync(join(workspace, "out.sarif")));
});

test("annotations and step summary can be turned off; args reach sdv", () => {
  const job = runComposite(action, { actionPath, workspace, inputs: { inputs: "public", annotations: "false", "step-summary": "false", args: "--concurrency 2 --fail-on warning" }, cacheStore, env });
  assert.is(job.steps.find((s) => s.name === "Annotate")!.skipped, true);
  assert.equal(commandsIn(job, "error"), []);
  assert.is(job.summary, "");
  assert.is(job.outputs["exit-code"], "1");
  const run = job.steps.find((s) => s.name === "Run sdv")!;
  assert.match(run.stderr, /--fail-on warning/, `the later --fail-on of args won: ${run.stderr}`);
});

test("an input that cannot be validated is annotated first, and a URL's finding names the URL, not a file", () => {
  const sarif = {
    runs: [
      {
        invocations: [{ toolExecutionNotifications: [{ level: "error", message: { text: "gone.html: cannot read" }, descriptor: { id: "unreadable" }, locations: [{ physicalLocation: { artifactLocation: { uri: "gone.html" } } }] }] }],
        results: [
          { ruleId: "missing-required", level: "error", message: { text: "Event: startDate: missing" }, locations: [{ physicalLocation: { artifactLocation: { uri: "https://example.com/e" } } }] },
        ],
      },
    ],
  };
  const { lines, summary } = annotateSarif(sarif, "sdv.sarif");
  assert.equal(lines, [
    "::error file=gone.html,title=sdv unreadable::gone.html: cannot read",
    "::error title=sdv missing-required::https://example.com/e: Event: startDate: missing",
  ]);
  assert.match(summary, /\| Errors \| 2 \| 2 \|/);
});

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
