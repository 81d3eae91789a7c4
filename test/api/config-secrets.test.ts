/** Configuration errors name the setting and what is wrong, but never echo a secret embedded in a value. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConfigError, loadConfig } from "../../api/config.ts";

const SECRET = "hunter2-S3cret";

const CASES: Array<[string, Record<string, string>]> = [
  ["PUBLIC_BASE_URL with user:password", { PUBLIC_BASE_URL: `https://admin:${SECRET}@sdv.example.com` }],
  ["PUBLIC_BASE_URL with user:password and a query", { PUBLIC_BASE_URL: `https://admin:${SECRET}@sdv.example.com/?a=1` }],
  ["PUBLIC_BASE_URL unparsable, password with a space", { PUBLIC_BASE_URL: `https://admin:${SECRET} x@sdv example.com` }],
  ["PUBLIC_BASE_URL with a password only", { PUBLIC_BASE_URL: `https://:${SECRET}@sdv.example.com` }],
  ["PUBLIC_BASE_URL with a token in the query", { PUBLIC_BASE_URL: `https://sdv.example.com/?token=${SECRET}` }],
  ["STRIPE_API_BASE with user:password", { STRIPE_API_BASE: `http://user:${SECRET}@127.0.0.1:12111/v1` }],
  ["STRIPE_API_BASE with a key in the query", { STRIPE_API_BASE: `http://127.0.0.1:12111/?api_key=${SECRET}` }],
  ["FETCH_ALLOWED_PRIVATE_HOSTS with credentials", { FETCH_ALLOWED_PRIVATE_HOSTS: `intranet.local,admin:${SECRET}@db.local` }],
];

for (const [name, env] of CASES) {
  test(`${name}: refused, the setting named, the secret not echoed`, () => {
    try {
      loadConfig(env);
      assert.unreachable("the configuration was accepted");
    } catch (err) {
      assert.instance(err, ConfigError);
      const message = (err as ConfigError).message;
      assert.ok(message.includes(Object.keys(env)[0]!), message);
      assert.not.ok(message.includes(SECRET), message);
      assert.not.ok(message.includes("hunter2"), message);
    }
  });
}

test("what is not secret is still shown, to help fix it", () => {
  try {
    loadConfig({ PUBLIC_BASE_URL: "ftp://sdv.example.com" });
    assert.unreachable();
  } catch (err) {
    assert.match((err as Error).message, /ftp:\/\/sdv\.example\.com/);
  }
});

test.run();
