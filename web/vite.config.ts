/**
 * The browser pages, built by `npm run build` into dist/web and served by the service (api/web/pages.ts).
 * One Vite input per page; the playground bundles the engine from runtime/ and generated/ (no Node
 * built-ins there, by design). SDV_WEB_OUT_DIR lets the browser tests build into a folder of their own.
 */
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "/",
  publicDir: here("public"),
  logLevel: "warn",
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
      },
    },
  },
});
