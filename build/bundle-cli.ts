/**
 * `npm run build`, second step: the `sdv` command as one ES module bundle in dist/cli/ (bin/sdv.js runs
 * it). Start-up time is a budget (cold start <= 2x `node -e 0`, bench/cli.ts): Node then reads,
 * resolves and compiles a handful of files instead of a hundred. Each rule set stays a chunk of its own,
 * imported when an input needs it (lib/validate-on-demand.ts); so do the commands and formats that the
 * sources import lazily. npm packages stay outside the bundle: they are dependencies of the package.
 */
import { build, type Metafile, type Plugin } from "esbuild";
import { readFileSync, rmSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** JSON modules (the vocabulary) as JSON.parse of a string, which V8 reads faster than an object literal. */
const jsonAsParse: Plugin = {
  name: "json-as-parse",
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => {
      const compact = JSON.stringify(JSON.parse(readFileSync(args.path, "utf8")));
      return { contents: `export default JSON.parse(${JSON.stringify(compact)});`, loader: "js" };
    });
  },
};

/**
 * Writes the bundle to `outdir` (emptied first); `npm run build` writes dist/cli/, tests a scratch folder,
 * the light package (build/light-package.ts) its own, with `plugins` that leave the service out.
 */
export async function bundleCli(outdir: string, plugins: Plugin[] = []): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: ["cli/sdv.ts"],
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    plugins: [...plugins, jsonAsParse],
    metafile: true,
    logLevel: "warning",
    banner: { js: "// Built by `npm run build` (build/bundle-cli.ts) from cli/sdv.ts; the sources are in the repository." },
  });
  return result.metafile;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleCli(`${repoRoot}dist/cli`);
