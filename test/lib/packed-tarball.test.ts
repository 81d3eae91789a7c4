/**
 * The package as a user gets it: `npm pack` (which builds dist/ with declarations), `npm install <tarball>`
 * in a scratch project, then `import { validate } from "sdv"` type-checks against the shipped declarations,
 * runs, and loads none of the service's dependencies.
 *
 * Slow-ish (a build and an install). The install prefers npm's cache and skips install scripts (the
 * library needs no native module); when the registry cannot be reached it skips, and says so.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { modulesLoadedInProject, servicePackagesIn } from "./loaded-modules.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const scratch = mkdtempSync(join(tmpdir(), "sdv-packed-"));

function run(command: string, args: string[], cwd: string) {
  // npm_config_* variables of an enclosing `npm test` would leak into the child npm (dry-run, prefix...).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));
  return spawnSync(command, args, { cwd, encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 });
}

const packed = run(npm, ["pack", "--pack-destination", scratch, "--silent"], repoRoot);
const tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"));
if (packed.status !== 0 || !tarball) throw new Error(`npm pack failed: ${packed.stderr}`);

writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
const installed = run(npm, ["install", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", `./${tarball}`], scratch);
const offline = installed.status !== 0 && /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT/.test(installed.stderr);

if (offline) {
  test.skip("the packed tarball installs and imports (npm registry unreachable, and the cache lacks a dependency)", () => {});
} else {
  test("npm install <tarball> succeeds", () => {
    assert.is(installed.status, 0, installed.stderr);
  });

  test("import { validate } from \"sdv\" type-checks against the shipped declarations and validates a page", () => {
    writeFileSync(
      join(scratch, "check.ts"),
      `import { validate, type ValidationResponse, type ValidationIssue } from "sdv";
const html = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Event","name":"Jazz","startDate":"2026-07-21"}</script>';
const report: ValidationResponse = validate(html);
const issues: ValidationIssue[] = report.schemas.flatMap((s) => [...s.errors, ...s.warnings]);
const score: number = report.summary.score;
console.log(JSON.stringify({ type: report.schemas[0].type, score, issues: issues.length }));
`,
    );
    writeFileSync(
      join(scratch, "wrong.ts"),
      `import { validate } from "sdv";\nconst score: string = validate("{}").summary.score;\nvoid score;\n`,
    );
    // No @types/node in the scratch project: the declarations must not need it.
    const compilerOptions = { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, types: [] };
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["check.ts"] }));
    writeFileSync(join(scratch, "tsconfig.wrong.json"), JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, files: ["wrong.ts"] }));
    const good = run(process.execPath, [tsc, "-p", "tsconfig.json"], scratch);
    assert.is(good.status, 0, good.stdout + good.stderr);
    // The declarations are really read: a wrong type is caught.
    const wrong = run(process.execPath, [tsc, "-p", "tsconfig.wrong.json"], scratch);
    assert.is(wrong.status, 2);
    assert.match(wrong.stdout, /wrong\.ts\(2,7\): error TS2322/);

    const ran = run(process.execPath, ["check.js"], scratch);
    assert.is(ran.status, 0, ran.stderr);
    const out = JSON.parse(ran.stdout) as { type: string; score: number; issues: number };
    assert.is(out.type, "Event");
    assert.ok(out.issues > 0, "the date without a time is reported");
  });

  test("the installed package's entry loads none of the service's dependencies", () => {
    const modules = modulesLoadedInProject(scratch, "sdv");
    assert.ok(modules.some((m) => m.includes("/node_modules/sdv/dist/lib/index.js")), "the installed copy was the one loaded");
    assert.equal(servicePackagesIn(modules), []);
  });

  test("the installed command runs (bin/sdv.js -> the bundle in dist/cli/) and validates a file", () => {
    const bin = join(scratch, "node_modules/sdv/bin/sdv.js");
    const r = run(process.execPath, [bin, "--version"], scratch);
    assert.is(r.status, 0, r.stderr);
    assert.match(r.stdout, /^\d+\.\d+\.\d+/);
    writeFileSync(join(scratch, "event.json"), JSON.stringify({ "@context": "https://schema.org", "@type": "Event", name: "Jazz", startDate: "2026-07-21" }));
    const v = run(process.execPath, [bin, "validate", "event.json", "--json"], scratch);
    assert.is(v.status, 1, v.stderr);
    const report = JSON.parse(v.stdout) as { schemas: Array<{ type: string; errors: Array<{ property: string }> }> };
    assert.is(report.schemas[0].type, "Event");
    assert.ok(report.schemas[0].errors.some((e) => e.property === "startDate"), "the date without a time is an error");
  });
}

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
