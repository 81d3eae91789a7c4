/**
 * buildApp is the one place the service's parts are built and closed: the audit service comes with the
 * app (not from the audit routes) and closes with it, and listening on PORT=0 without PUBLIC_BASE_URL
 * puts the bound address in the service context, never into the loaded configuration.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../api/config.ts";
import { buildApp } from "../../api/app.ts";

test("PORT=0: the links name the bound port; the configuration stays as loaded", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sdv-root-"));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
  const before = structuredClone(config);
  const app = await buildApp(config);
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : -1;
    assert.is(app.sdv.publicBaseUrl, `http://127.0.0.1:${port}`);
    assert.is(app.sdv.urls.rules, `http://127.0.0.1:${port}/rules`);
    assert.equal(config, before, "buildApp changed the configuration");
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the audit service is the app's: there before any route runs, closed when the app closes", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sdv-root-"));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
  try {
    assert.ok(app.audits, "no audit service on the app");
    await app.ready();
    const closing = app.audits.close.bind(app.audits);
    let closed = 0;
    app.audits.close = async () => {
      closed++;
      return closing();
    };
    await app.close();
    assert.is(closed, 1);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.run();
