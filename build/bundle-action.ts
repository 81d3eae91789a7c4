/**
 * `npm run build:action`: the GitHub Action as one file, action/dist/index.mjs, committed (the runner runs
 * a JavaScript action from the repository as it is: nothing is installed or built at run time). It holds
 * action/src/ and the CLI it runs, with the CLI's npm dependencies inside (no node_modules beside it) and
 * every rule set (one file: no chunks to find). playwright-core stays outside: `--render` asks for it.
 * `--check` builds into memory and fails while the committed file differs (test/action/ runs it too).
 */
import { jsonAsParse } from "./json-as-parse.ts";
import { build, type Plugin } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
export const actionBundlePath = join(repoRoot, "action/dist/index.mjs");

/** The bundled CLI's version is the light package's, fixed at build time (there is no package.json beside the bundle). */
const fixedVersion: Plugin = {
  name: "action-version",
  setup(b) {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "packages/sdv/package.json"), "utf8")) as { version: string };
    b.onLoad({ filter: /[\\/]cli[\\/]version\.ts$/ }, () => ({ loader: "ts", contents: `export function packageVersion(): string { return ${JSON.stringify(version)}; }` }));
  },
};

/** robots-parser is required at run time (createRequire), which a bundle cannot see: made a static import. */
const staticRobotsParser: Plugin = {
  name: "action-robots-parser",
  setup(b) {
    b.onLoad({ filter: /[\\/]fetch[\\/]site[\\/]robots\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const call = 'createRequire(import.meta.url)("robots-parser")';
      if (!source.includes(call)) throw new Error(`build/bundle-action.ts: ${args.path} no longer loads robots-parser with ${call}; update the plugin`);
      return { loader: "ts", contents: `import __robotsParser from "robots-parser";\n${source.replace(call, "__robotsParser")}` };
    });
  },
};

/** The config file's schema inside the bundle: the action must run from action.yml and action/dist alone. */
const embeddedConfigSchema: Plugin = {
  name: "action-config-schema",
  setup(b) {
    b.onLoad({ filter: /[\\/]cli[\\/]config[\\/]config-schema\.ts$/ }, () => {
      const compact = JSON.stringify(JSON.parse(readFileSync(join(repoRoot, "schema/sdv.config.schema.json"), "utf8")));
      return { loader: "ts", contents: `export function readConfigSchema(): unknown { return JSON.parse(${JSON.stringify(compact)}); }` };
    });
  },
};

export async function bundleAction(): Promise<string> {
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: ["action/src/main.ts"],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node24",
    external: ["playwright-core"],
    plugins: [fixedVersion, staticRobotsParser, embeddedConfigSchema, jsonAsParse],
    // Bundled CommonJS packages call require() for Node's built-ins: an ES module has none of its own.
    banner: {
      js: "// Built by `npm run build:action` (build/bundle-action.ts) from action/src/ and cli/; do not edit.\nimport { createRequire as __sdvCreateRequire } from \"node:module\";\nconst require = __sdvCreateRequire(import.meta.url);",
    },
    legalComments: "eof",
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await bundleAction();
  if (process.argv.includes("--check")) {
    let committed = "";
    try {
      committed = readFileSync(actionBundlePath, "utf8");
    } catch {
      // missing: drifted
    }
    if (committed !== text) {
      console.error("action/dist/index.mjs differs from what action/src/ and cli/ build: run `npm run build:action` and commit it");
      process.exit(1);
    }
  } else {
    mkdirSync(dirname(actionBundlePath), { recursive: true });
    writeFileSync(actionBundlePath, text);
    console.log(`action/dist/index.mjs: ${(text.length / 1024).toFixed(0)} KiB`);
  }
}
