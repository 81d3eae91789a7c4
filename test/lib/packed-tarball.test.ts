/**
 * The light package as a user gets it: `npm pack --workspace sdv` (its prepack builds packages/sdv from
 * this tree), then `npm install --omit=dev --engine-strict <tarball>` into an empty project on this
 * machine's Node and on the current LTS line (from .ci/run's cache; skipped, saying so, when it is not
 * there). On each: the CLI and the library work, no install script ran (nothing native was built), no
 * package of the service is in the tree. Then `import { validate } from "sdv"` type-checks against the
 * shipped declarations, and bundles for a browser (esbuild --platform=browser) without a Node built-in.
 *
 * Slow-ish (a build and two installs). Installs prefer npm's cache; when the registry cannot be reached
 * and the cache lacks a dependency, the install tests skip and say so.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { expectedManifest, isServicePackage, manifestDrift, packagedImports } from "../../build/light-package.ts";
import { modulesLoadedInProject, servicePackagesIn } from "./loaded-modules.ts";
import { ltsMajor, registryNodeBin, registryNodeDir } from "./node-lines.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const scratch = mkdtempSync(join(tmpdir(), "sdv-packed-"));

/** A child with this machine's environment minus an enclosing npm's settings, `nodeBin` first on PATH. */
function run(command: string, args: string[], cwd: string, nodeBin?: string) {
  // npm_config_* variables of an enclosing `npm test` would leak into the child npm (dry-run, prefix...).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_")));
  if (nodeBin) env.PATH = `${nodeBin}:${env.PATH}`;
  return spawnSync(command, args, { cwd, encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 });
}

const packed = run(npm, ["pack", "--workspace", "sdv", "--pack-destination", scratch, "--silent"], repoRoot);
const tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"));
if (packed.status !== 0 || !tarball) throw new Error(`npm pack --workspace sdv failed: ${packed.stderr}`);

test("packages/sdv/package.json lists what its built files import (at the root's ranges), and no service package", async () => {
  const imports = await packagedImports();
  assert.equal([...imports].filter(isServicePackage), []);
  assert.equal(manifestDrift(expectedManifest(imports)), [], "run `npm run build:light -- --write`");
  const manifest = JSON.parse(readFileSync(join(repoRoot, "packages/sdv/package.json"), "utf8"));
  assert.equal(manifest.peerDependenciesMeta["playwright-core"], { optional: true }, "rendering's browser driver is optional");
});

const event = { "@context": "https://schema.org", "@type": "Event", name: "Jazz", startDate: "2026-07-21" };

/** Every package folder in a project's node_modules (scoped ones as @scope/name), nested ones too. */
function installedPackages(dir: string): string[] {
  const found: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      const names = entry.startsWith("@") ? readdirSync(join(modules, entry)).map((n) => `${entry}/${n}`) : [entry];
      for (const name of names) {
        found.push(name);
        walk(join(modules, name, "node_modules"));
      }
    }
  };
  walk(join(dir, "node_modules"));
  return found;
}

/** Install and use the tarball in an empty project on the Node whose bin folder is `nodeBin` (this one when undefined). */
function onNodeLine(label: string, nodeBin: string | undefined): boolean {
  const node = nodeBin ? join(nodeBin, "node") : process.execPath;
  const project = join(scratch, label.replace(/\W+/g, "-"));
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  const version = run(node, ["--version"], project).stdout.trim();
  const installed = run(
    npm,
    ["install", "--omit=dev", "--engine-strict", "--prefer-offline", "--foreground-scripts", "--no-audit", "--no-fund", join(scratch, tarball!)],
    project,
    nodeBin,
  );
  if (installed.status !== 0 && /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT/.test(installed.stderr)) {
    test.skip(`${label}: the light package installs and works (npm registry unreachable, and the cache lacks a dependency)`, () => {});
    return false;
  }

  test(`${label} (${version}): npm install --omit=dev --engine-strict <tarball> succeeds, without an engine warning`, () => {
    assert.is(installed.status, 0, installed.stderr);
    assert.not.match(installed.stdout + installed.stderr, /EBADENGINE/);
  });

  test(`${label}: nothing native was built and no package of the service is in the tree`, () => {
    const packages = installedPackages(project);
    assert.ok(packages.includes("sdv"));
    assert.equal(packages.filter(isServicePackage), []);
    for (const name of packages) {
      const dir = join(project, "node_modules", name);
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts?: Record<string, string> };
      // npm runs `node-gyp rebuild` for a package with binding.gyp, else only these scripts.
      assert.not.ok(existsSync(join(dir, "binding.gyp")), `${name} would be compiled`);
      for (const hook of ["preinstall", "install", "postinstall"]) assert.not.ok(manifest.scripts?.[hook], `${name} has an ${hook} script`);
    }
    const nativeModules = readdirSync(join(project, "node_modules"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".node"));
    assert.equal(nativeModules, []);
    assert.not.ok(packages.includes("playwright-core"), "the optional peer is not installed");
  });

  test(`${label}: the installed command validates a file (and says where sdv admin is)`, () => {
    const bin = join(project, "node_modules/.bin/sdv");
    const v = run(bin, ["--version"], project, nodeBin);
    assert.is(v.status, 0, v.stderr);
    assert.match(v.stdout, /^\d+\.\d+\.\d+/);
    writeFileSync(join(project, "event.json"), JSON.stringify(event));
    const r = run(bin, ["validate", "event.json", "--format", "json"], project, nodeBin);
    assert.is(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout).results[0] as { schemas: Array<{ type: string; errors: Array<{ property: string }> }> };
    assert.is(report.schemas[0].type, "Event");
    assert.ok(report.schemas[0].errors.some((e) => e.property === "startDate"), "the date without a time is an error");
    const admin = run(bin, ["admin", "list"], project, nodeBin);
    assert.is(admin.status, 2);
    assert.match(admin.stderr, /comes with the service/);
  });

  test(`${label}: import { validate } from "sdv" validates a page`, () => {
    writeFileSync(
      join(project, "use.mjs"),
      `import { validate, validateUrl } from "sdv";
const r = validate('<script type="application/ld+json">${JSON.stringify(event)}</script>');
const startDate = r.schemas[0].errors.some((e) => e.property === "startDate");
console.log(JSON.stringify({ type: r.schemas[0].type, startDate, url: typeof validateUrl }));`,
    );
    const r = run(node, ["use.mjs"], project);
    assert.is(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout), { type: "Event", startDate: true, url: "function" });
  });
  return true;
}

const installedHere = onNodeLine("this machine's Node", undefined);
const lts = ltsMajor();
const ltsBin = registryNodeBin(lts);
if (Number(process.versions.node.split(".")[0]) === lts) {
  test.skip(`Node ${lts} (the current LTS): covered above, this run is on it`, () => {});
} else if (ltsBin === null) {
  test.skip(`Node ${lts} (the current LTS): the light package installs and works (no Node ${lts} in ${registryNodeDir(lts)}; .ci/run puts it there)`, () => {});
} else onNodeLine(`Node ${lts}`, ltsBin);

const project = join(scratch, "this-machine-s-Node");
if (!installedHere) test.skip("the installed library: loaded modules, declarations, browser bundle (not installed, see above)", () => {});
else {

test("the library's entry loads none of the service's dependencies, nor undici until validateUrl runs", () => {
  const modules = modulesLoadedInProject(project, "sdv");
  assert.ok(modules.some((m) => m.includes("/node_modules/sdv/dist/lib/index.js")), "the installed copy was the one loaded");
  assert.equal(servicePackagesIn(modules), []);
});

test("import { validate } from \"sdv\" type-checks against the shipped declarations", () => {
  writeFileSync(
    join(project, "check.ts"),
    `import { validate, type ValidationResponse, type ValidationIssue } from "sdv";
const report: ValidationResponse = validate("{}");
const issues: ValidationIssue[] = report.schemas.flatMap((s) => [...s.errors, ...s.warnings]);
const score: number = report.summary.score;
void issues; void score;
`,
  );
  writeFileSync(join(project, "wrong.ts"), `import { validate } from "sdv";\nconst score: string = validate("{}").summary.score;\nvoid score;\n`);
  // No @types/node in the project: the declarations must not need it.
  const compilerOptions = { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, types: [], noEmit: true };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["check.ts"] }));
  writeFileSync(join(project, "tsconfig.wrong.json"), JSON.stringify({ compilerOptions, files: ["wrong.ts"] }));
  const good = run(process.execPath, [tsc, "-p", "tsconfig.json"], project);
  assert.is(good.status, 0, good.stdout + good.stderr);
  // The declarations are really read: a wrong type is caught.
  const wrong = run(process.execPath, [tsc, "-p", "tsconfig.wrong.json"], project);
  assert.is(wrong.status, 2);
  assert.match(wrong.stdout, /wrong\.ts\(2,7\): error TS2322/);
});

test("esbuild --platform=browser bundles import { validate } from \"sdv\" with no Node built-in, and the bundle validates", async () => {
  writeFileSync(
    join(project, "page.js"),
    `import { validate, validateUrl } from "sdv";
const r = validate('<script type="application/ld+json">${JSON.stringify(event)}</script>');
const fetched = await validateUrl("https://example.com/").catch((e) => e.code);
console.log(JSON.stringify({ type: r.schemas[0].type, startDate: r.schemas[0].errors.some((e) => e.property === "startDate"), fetched }));`,
  );
  const out = join(project, "bundle.js");
  const result = await build({
    absWorkingDir: project,
    entryPoints: ["page.js"],
    bundle: true,
    format: "esm",
    platform: "browser",
    outfile: out,
    metafile: true,
    logLevel: "silent",
  });
  assert.equal(result.errors, []);
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.some((i) => i.endsWith("node_modules/sdv/dist/lib/browser.js")), "the browser condition chose the browser build");
  assert.equal(inputs.filter((i) => isBuiltin(i.replace(/^node:/, "")) || i.startsWith("node:") || i.includes("node_modules/undici/")), []);
  const externals = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  assert.equal(externals, [], "nothing left for a runtime to provide");
  // Run alone, in a folder with no node_modules: everything it needs is in the one file.
  const alone = mkdtempSync(join(tmpdir(), "sdv-browser-bundle-"));
  try {
    copyFileSync(out, join(alone, "bundle.mjs"));
    const ran = run(process.execPath, ["bundle.mjs"], alone);
    assert.is(ran.status, 0, ran.stderr);
    assert.equal(JSON.parse(ran.stdout), { type: "Event", startDate: true, fetched: "fetch_failed" }, "validateUrl rejects: the fetcher needs Node");
  } finally {
    rmSync(alone, { recursive: true, force: true });
  }
});

}

test.after(() => rmSync(scratch, { recursive: true, force: true }));

test.run();
