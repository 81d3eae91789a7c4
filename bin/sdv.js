#!/usr/bin/env node
// The installed command runs the compiled CLI (npm install builds dist/ through the prepare script).
import("../dist/cli/sdv.js").catch((err) => {
  if (err && err.code === "ERR_MODULE_NOT_FOUND") {
    console.error("sdv: the build is missing; run `npm run build` first.");
    process.exit(2);
  }
  throw err;
});
