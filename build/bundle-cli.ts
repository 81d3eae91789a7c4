/**
 * `npm run build`, second step: the `sdv` command as one ES module bundle in dist/cli/ (bin/sdv.js runs
 * it). Start-up time is a budget (cold start <= 2x `node -e 0`, bench/cli.ts): Node then reads,
 * resolves and compiles a handful of files instead of a hundred. Each rule set stays a chunk of its own,
 * imported when an input needs it (lib/validate-on-demand.ts); so do the commands and formats that the
 * sources import lazily. npm packages stay outside the bundle: they are dependencies of the package, except
 * the editor and agent servers' (`sdv lsp`, `sdv mcp`): their packages bring some 17 MB of dependencies
 * (an HTTP framework among them) that the two stdio servers never load, and the light package's install
 * budget is 15 MB, so the little they use is bundled into their own lazy chunks.
 */
import { jsonAsParse } from "./json-as-parse.ts";
import { build, type Metafile, type Plugin } from "esbuild";
import { rmSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** Packages bundled into the command (with whatever they import) rather than installed beside it. */
const INLINED = new Set(["@modelcontextprotocol/sdk", "vscode-languageserver", "vscode-languageserver-textdocument"]);

const packageName = (specifier: string): string => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** Every npm package external, but the inlined ones and what they import themselves. */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      if (INLINED.has(packageName(args.path)) || /[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** CommonJS code in an ES module bundle (vscode-languageserver) calls require for Node's modules. */
const requireShim = 'import { createRequire as __sdvCreateRequire } from "node:module"; const require = __sdvCreateRequire(import.meta.url);';

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
    plugins: [...plugins, externalPackages, jsonAsParse],
    metafile: true,
    logLevel: "warning",
    banner: { js: `// Built by \`npm run build\` (build/bundle-cli.ts) from cli/sdv.ts; the sources are in the repository.\n${requireShim}` },
  });
  return result.metafile;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await bundleCli(`${repoRoot}dist/cli`);
