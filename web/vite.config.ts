/**
 * The browser pages, built by `npm run build` into dist/web and served by the service (api/web/pages.ts).
 * One Vite input per page; the playground bundles the engine from runtime/ and generated/ (no Node
 * built-ins there, by design). SDV_WEB_OUT_DIR lets the browser tests build into a folder of their own.
 */
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";
import { siteHeader } from "./site-header.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * /offline-assets.json: every built asset, which the playground hands to its service worker after the
 * first validation so that a rule set never used online still validates offline. Vite's own manifest
 * does not list the worker's chunks; the bundle does, as assets the worker build emitted into it.
 */
function offlineAssetList(): Plugin {
  return {
    name: "sdv-offline-asset-list",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle).filter((name) => name.startsWith("assets/")).sort().map((name) => `/${name}`);
      this.emitFile({ type: "asset", fileName: "offline-assets.json", source: JSON.stringify(assets) });
    },
  };
}

/** Each page's `<!--site-header-->` becomes the shared header (web/site-header.ts). */
function sharedHeader(): Plugin {
  return {
    name: "sdv-site-header",
    transformIndexHtml(html, ctx) {
      if (!html.includes("<!--site-header-->")) throw new Error(`${ctx.path}: no <!--site-header--> placeholder`);
      return html.replace("<!--site-header-->", siteHeader(ctx.path));
    },
  };
}

export default defineConfig({
  root: here("."),
  base: "/",
  publicDir: here("public"),
  logLevel: "warn",
  plugins: [sharedHeader(), offlineAssetList()],
  // ES module workers can import chunks: each rule set is one, fetched when a paste needs it.
  worker: { format: "es" },
  build: {
    outDir: process.env.SDV_WEB_OUT_DIR ?? here("../dist/web"),
    emptyOutDir: true,
    target: "es2022",
    // The budget (<= 300 KB gzip of JavaScript) is checked by `npm run bench`, not by Vite's warning.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        playground: here("index.html"),
        dashboard: here("dashboard/index.html"),
        upgrade: here("dashboard/upgrade/index.html"),
        audits: here("dashboard/audits/index.html"),
      },
    },
  },
});
