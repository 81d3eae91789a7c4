/** `sdv admin deactivate|activate|set-plan` on the server's configuration (same DATA_DIR). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { runAdmin } from "../../cli/admin-command.ts";
import { apiError, EVENT, login, signup, startApp, validateJsonLd, type TestApp } from "./helpers.ts";

let t: TestApp;
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await t.close();
});

async function admin(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, { env: { DATA_DIR: t.dataDir }, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

test("deactivate: the key answers 403; activate: it works again", async () => {
  const { key, email } = await signup(t.app);
  const off = await admin("deactivate", email.toUpperCase());
  assert.is(off.code, 0, off.err.join("\n"));
  assert.match(off.out[0], /deactivated/);
  apiError(await validateJsonLd(t.app, key, EVENT), 403, "inactive_api_key");
  const on = await admin("activate", email);
  assert.is(on.code, 0);
  assert.is((await validateJsonLd(t.app, key, EVENT)).statusCode, 200);
});

test("set-plan: quota and limits follow", async () => {
  const { key, email } = await signup(t.app);
  const res = await admin("set-plan", email, "scale");
  assert.is(res.code, 0, res.err.join("\n"));
  assert.match(res.out[0], /free -> scale/);
  const info = await login(t.app, email);
  assert.is(info.plan, "scale");
  assert.is(info.requests_limit, 100_000);
  assert.is((await validateJsonLd(t.app, key, EVENT)).json().meta.credits_remaining, 99_999);
});

test("usage errors exit 2, unknown accounts exit 1", async () => {
  assert.is((await admin()).code, 2);
  assert.is((await admin("delete", "a@example.com")).code, 2);
  assert.is((await admin("deactivate")).code, 2);
  assert.is((await admin("deactivate", "not-an-email")).code, 2);
  assert.is((await admin("set-plan", "a@example.com", "platinum")).code, 2);
  assert.is((await admin("set-plan", "a@example.com")).code, 2);
  assert.is((await admin("activate", "a@example.com", "extra")).code, 2);
  const missing = await admin("activate", "nobody-here@example.com");
  assert.is(missing.code, 1);
  assert.match(missing.err[0], /no account/);
  const badConfig = await runAdmin(["activate", "a@example.com"], { env: { DATA_DIR: t.dataDir, PORT: "x" }, out: () => {}, err: () => {} });
  assert.is(badConfig, 2);
});

test.run();
