/** `sdv admin list|show|deactivate|activate|set-plan` on the server's configuration (same DATA_DIR). */
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

test("list and show: plan, key state and usage, never the key", async () => {
  const { key, email } = await signup(t.app);
  assert.is((await validateJsonLd(t.app, key, EVENT)).statusCode, 200);
  const rotated = await t.app.inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": key } });
  const newKey = rotated.json().api_key as string;
  const other = await signup(t.app);
  await admin("deactivate", other.email);
  const account = (await t.app.sdv.stores.accounts.findByEmail(email))!;

  const list = await admin("list");
  assert.is(list.code, 0, list.err.join("\n"));
  const line = list.out.find((l) => l.startsWith(`${email}\t`));
  assert.ok(line, list.out.join("\n"));
  assert.match(line!, /\tfree\tactive\t1\/100$/);
  assert.ok(list.out.some((l) => l.startsWith(`${other.email}\tfree\tdeactivated\t`)));
  assert.not.ok(list.out.some((l) => l.includes("retired-keys.invalid")), "retired-key records are not accounts");
  assert.match(list.out[list.out.length - 1]!, /^\d+ accounts?$/);

  const show = await admin("show", email.toUpperCase());
  assert.is(show.code, 0, show.err.join("\n"));
  const text = show.out.join("\n");
  assert.match(text, /plan: +free \(100 validations a month/);
  assert.match(text, /key: +active/);
  assert.match(text, /usage: +1 of 100 in \d{4}-\d{2} \(99 left\)/);
  assert.match(text, new RegExp(`account id: +${account.id}`));

  const everything = [...list.out, ...show.out, ...list.err, ...show.err].join("\n");
  for (const secret of [key, newKey, key.slice(9), newKey.slice(9), account.keyHash, account.keyCiphertext]) {
    assert.not.ok(everything.includes(secret), "a key (or its hash or ciphertext) was printed");
  }
  assert.is((await admin("show", "nobody-here@example.com")).code, 1);
});

test("usage errors exit 2, unknown accounts exit 1", async () => {
  assert.is((await admin()).code, 2);
  assert.is((await admin("delete", "a@example.com")).code, 2);
  assert.is((await admin("deactivate")).code, 2);
  assert.is((await admin("deactivate", "not-an-email")).code, 2);
  assert.is((await admin("set-plan", "a@example.com", "platinum")).code, 2);
  assert.is((await admin("set-plan", "a@example.com")).code, 2);
  assert.is((await admin("activate", "a@example.com", "extra")).code, 2);
  assert.is((await admin("list", "extra")).code, 2);
  assert.is((await admin("show")).code, 2);
  const missing = await admin("activate", "nobody-here@example.com");
  assert.is(missing.code, 1);
  assert.match(missing.err[0], /no account/);
  const badConfig = await runAdmin(["activate", "a@example.com"], { env: { DATA_DIR: t.dataDir, PORT: "x" }, out: () => {}, err: () => {} });
  assert.is(badConfig, 2);
});

test.run();
