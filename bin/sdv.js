#!/usr/bin/env node
// The installed command runs the CLI bundled into dist/cli/ (npm install builds dist/ through the prepare
// script; build/bundle-cli.ts says why a bundle).
// Node 22.1+ keeps V8's compiled code of our modules between runs (start-up time is a budget); older
// Node has no compile cache and skips this.
import nodeModule from "node:module";

nodeModule.enableCompileCache?.();
import("../dist/cli/sdv.js").catch((err) => {
  if (err && err.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes("dist/cli/sdv.js")) {
    console.error("sdv: the build is missing; run `npm run build` first.");
    process.exit(2);
  }
  throw err;
});
