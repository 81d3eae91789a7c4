/**
 * `npm run build`, third step: the light package, packages/sdv (an npm workspace, `npm pack --workspace sdv`):
 * the CLI and the library without the service. Its files are built from this tree: the library's compiled
 * modules (dist/lib, runtime, generated, fetch from the tsc step), the library bundled for a browser (the
 * `browser` export condition: lib/index.ts with lib/browser-fetch.ts in place of the fetcher, so it has the
 * same exports and no Node built-in), the CLI bundled again with the service left out (`sdv admin` works
 * on the service's stores, so the light command says where to find it), bin/sdv.js and schema/ (the config file's JSON Schema). Installing it builds nothing native and pulls none of the service's dependencies.
 *
 * Its manifest is committed (package-lock.json records a workspace's dependencies). Its `dependencies` are
 * what the packaged files import, at the root's ranges: `--write` updates them (and the version) after a
 * change, and test/lib/packed-tarball.test.ts fails while they drift. A service package among them fails
 * the build: the light package would then pull the service or break.
 */
import { build, type Metafile, type Plugin } from "esbuild";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleCli } from "./bundle-cli.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
export const lightDir = join(repoRoot, "packages/sdv");
const manifestPath = join(lightDir, "package.json");

/** The service's own dependencies (and their namespaces): none may be imported by the light package. */
export const SERVICE_PACKAGES = [
  "fastify",
  "@fastify/",
  "better-sqlite3",
  "mongodb",
  "redis",
  "@redis/",
  "ioredis",
  "bullmq",
  "stripe",
  "nodemailer",
  "swagger-ui",
  "secure-json-parse",
];
export const isServicePackage = (name: string): boolean =>
  SERVICE_PACKAGES.some((p) => (p.endsWith("/") ? name.startsWith(p) : name === p || name.startsWith(`${p}-`)));

/** The library's compiled folders (tsc's output in dist/) the light package carries. */
const LIBRARY_FOLDERS = ["lib", "runtime", "generated", "fetch"];

/**
 * `sdv admin` opens the service's stores (SQLite, MongoDB, Redis): the light package says where it is. Inside
 * the repository (node_modules/.bin/sdv is the workspace's command there) it runs the service's own command.
 */
const adminElsewhere: Plugin = {
  name: "light-admin",
  setup(b) {
    b.onResolve({ filter: /\/admin-command\.ts$/ }, (args) => ({ path: args.path, namespace: "light-admin" }));
    b.onLoad({ filter: /.*/, namespace: "light-admin" }, () => ({
      loader: "js",
      resolveDir: repoRoot,
      contents: `import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
const WHY = "sdv admin works on the service's account stores; it comes with the service (the repository: npm install && npm start), not with the light sdv package.";
export const ADMIN_USAGE = WHY;
/** The repository's own command when this bundle was built into its packages/sdv (dist/cli/ is four levels down). */
function serviceCommand() {
  const root = new URL("../../../", import.meta.url);
  try {
    const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
    const bin = fileURLToPath(new URL("bin/sdv.js", root));
    return manifest.name === "sdv-service" && manifest.workspaces?.includes("packages/sdv") && existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}
export async function runAdmin(args) {
  const bin = serviceCommand();
  if (bin === null) {
    console.error("sdv: " + WHY);
    return 2;
  }
  return spawnSync(process.execPath, [bin, "admin", ...args], { stdio: "inherit" }).status ?? 2;
}`,
    }));
  },
};

/** The browser build's fetcher and renderer: validateUrl rejects there (lib/browser-fetch.ts and lib/browser-renderer.ts say why). */
const browserFetcher: Plugin = {
  name: "light-browser-fetch",
  setup(b) {
    b.onResolve({ filter: /\/guarded-fetch\.ts$/ }, () => ({ path: join(repoRoot, "lib/browser-fetch.ts") }));
    b.onResolve({ filter: /\/render\/shared-renderer\.ts$/ }, () => ({ path: join(repoRoot, "lib/browser-renderer.ts") }));
  },
};

/** lib/index.ts as one ES module for bundlers that target a browser; platform "browser" fails on any Node built-in. */
async function bundleBrowserLibrary(outfile: string): Promise<void> {
  await build({
    absWorkingDir: repoRoot,
    entryPoints: ["lib/index.ts"],
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    plugins: [browserFetcher],
    logLevel: "warning",
    banner: { js: "// Built by `npm run build` (build/light-package.ts) from lib/index.ts for browsers; the sources are in the repository." },
  });
}

/** Any other module of the service the CLI reaches: a build error naming the importer, not a broken package. */
const noService: Plugin = {
  name: "light-no-service",
  setup(b) {
    b.onResolve({ filter: /(^|\/)api\// }, (args) => {
      if (args.namespace !== "file" || args.path.startsWith("node:")) return undefined;
      return { errors: [{ text: `the light package cannot carry the service: ${args.importer} imports ${args.path}` }] };
    });
  },
};

/** "@scope/name/sub" -> "@scope/name", "name/sub" -> "name". */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Bare package names a build imports from outside itself (node: and built-in modules left out). */
function externalPackages(metafile: Metafile): Set<string> {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith(".") || isBuiltin(imported.path)) continue;
      names.add(packageName(imported.path));
    }
  return names;
}

/** Packages loaded through createRequire (CommonJS modules without usable typings), which esbuild cannot see. */
function requiredPackages(dir: string): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
  for (const file of files)
    for (const m of readFileSync(join(dir, file), "utf8").matchAll(/createRequire\([^)]*\)\(\s*["']([^"'./][^"']*)["']/g)) names.add(packageName(m[1]));
  return names;
}

/**
 * What the packaged files import, following their modules from each entry (the library's two, the
 * command's) as a consumer's bundler or Node would; also what test/lib/packed-tarball.test.ts checks.
 */
export async function packagedImports(dir: string = lightDir): Promise<Set<string>> {
  const { metafile } = await build({
    absWorkingDir: dir,
    entryPoints: ["dist/lib/index.js", "dist/lib/browser.js", "dist/cli/sdv.js"],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    outdir: "unused",
    metafile: true,
    logLevel: "error",
  });
  return new Set([...externalPackages(metafile), ...requiredPackages(join(dir, "dist"))]);
}

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, "utf8")) as Manifest;

/** The light manifest's version and dependencies as the built files need them. */
export function expectedManifest(imports: Iterable<string>): { version: string; dependencies: Record<string, string> } {
  const root = readManifest(join(repoRoot, "package.json"));
  // An optional peer (playwright-core, for rendering) is imported when asked for, never installed with sdv.
  const peers = (readManifest(manifestPath).peerDependencies ?? {}) as Record<string, string>;
  const dependencies: Record<string, string> = {};
  for (const name of [...imports].sort()) {
    if (name in peers) continue;
    const range = root.dependencies?.[name] ?? root.devDependencies?.[name];
    if (range === undefined) throw new Error(`light package: ${name} is imported but not in the root package.json`);
    dependencies[name] = range;
  }
  return { version: root.version, dependencies };
}

/** How the committed manifest differs from what the built files need (empty when in step). */
export function manifestDrift(expected: ReturnType<typeof expectedManifest>): string[] {
  const current = readManifest(manifestPath);
  const drift: string[] = [];
  if (current.version !== expected.version) drift.push(`version ${current.version}, the root's is ${expected.version}`);
  const have = current.dependencies ?? {};
  for (const [name, range] of Object.entries(expected.dependencies))
    if (have[name] !== range) drift.push(have[name] === undefined ? `lacks ${name}@${range}` : `${name}@${have[name]}, the root's is ${range}`);
  for (const name of Object.keys(have)) if (!(name in expected.dependencies)) drift.push(`${name} is not imported`);
  return drift;
}

/** Builds packages/sdv from dist/ (the tsc step must have run); returns the packages its files import. */
export async function buildLightPackage(): Promise<Set<string>> {
  for (const folder of LIBRARY_FOLDERS)
    if (!existsSync(join(repoRoot, "dist", folder))) throw new Error(`light package: dist/${folder} is missing; run tsc -p tsconfig.build.json first`);
  for (const built of ["dist", "bin", "schema", "LICENSE"]) rmSync(join(lightDir, built), { recursive: true, force: true });
  for (const folder of LIBRARY_FOLDERS) cpSync(join(repoRoot, "dist", folder), join(lightDir, "dist", folder), { recursive: true });
  await bundleBrowserLibrary(join(lightDir, "dist/lib/browser.js"));
  await bundleCli(join(lightDir, "dist/cli"), [adminElsewhere, noService]);
  mkdirSync(join(lightDir, "bin"));
  cpSync(join(repoRoot, "bin/sdv.js"), join(lightDir, "bin/sdv.js"));
  cpSync(join(repoRoot, "LICENSE"), join(lightDir, "LICENSE"));
  // The config file is checked against it (cli/config/load-config.ts), and editors read it through `$schema`.
  cpSync(join(repoRoot, "schema"), join(lightDir, "schema"), { recursive: true });

  const imports = await packagedImports();
  const service = [...imports].filter(isServicePackage);
  if (service.length > 0) throw new Error(`light package: its files import the service's ${service.join(", ")}`);
  return imports;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const expected = expectedManifest(await buildLightPackage());
  if (process.argv.includes("--write")) {
    const manifest = readManifest(manifestPath);
    writeFileSync(manifestPath, `${JSON.stringify({ ...manifest, version: expected.version, dependencies: expected.dependencies }, null, 2)}\n`);
  } else {
    const drift = manifestDrift(expected);
    // A warning, not a failure: `npm ci` runs this build, and the test names the drift.
    if (drift.length > 0)
      console.warn(`light package: packages/sdv/package.json is out of step (${drift.join("; ")}); run \`npm run build:light -- --write\``);
  }
}
