/** Configuration from the environment: defaults, every setting, and clear messages for bad values. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../../api/config.ts";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

test("defaults: nothing set runs the embedded service on 127.0.0.1:3000", () => {
  const c = loadConfig({});
  assert.is(c.port, 3000);
  assert.is(c.host, "127.0.0.1");
  assert.is(c.dataDir, resolve("./data"));
  assert.is(c.mongodbUrl, null);
  assert.is(c.redisUrl, null);
  assert.is(c.publicBaseUrl, "http://127.0.0.1:3000");
  assert.is(c.stripe.secretKey, null);
  assert.is(c.stripe.webhookSecret, null);
  assert.is(c.stripe.apiBase, null);
  assert.equal(c.stripe.prices.basic, { monthly: null, annual: null });
  assert.equal(c.fetchAllowedPrivateHosts, []);
  assert.is(c.rateLimitPerMinute, null);
  assert.is(c.authRateLimitPerMinute, 120);
  assert.is(c.invalidKeyLimitPerMinute, 120);
  assert.is(c.logLevel, "info");
  assert.is(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).publicBaseUrl, "http://localhost:8080");
  assert.is(loadConfig({ PORT: "" }).port, 3000, "empty means unset");
});

test("every setting is read", () => {
  const c = loadConfig({
    PORT: "8081",
    HOST: "::1",
    DATA_DIR: "/var/lib/sdv",
    MONGODB_URL: "mongodb://db:27017/sdv?w=majority",
    REDIS_URL: "redis://cache:6379",
    PUBLIC_BASE_URL: "https://sdv.example.com/",
    STRIPE_SECRET_KEY: "sk_live_abc",
    STRIPE_WEBHOOK_SECRET: "whsec_abc",
    STRIPE_PRICE_BASIC_MONTHLY: "price_1",
    STRIPE_PRICE_SCALE_ANNUAL: "price_2",
    STRIPE_API_BASE: "http://127.0.0.1:12111",
    KEY_ENCRYPTION_SECRET: "ab".repeat(32),
    FETCH_ALLOWED_PRIVATE_HOSTS: "intranet.example:8080, 10.0.0.5 [fd00::1]",
    RATE_LIMIT_PER_MINUTE: "5000",
    AUTH_RATE_LIMIT_PER_MINUTE: "0",
    LOG_LEVEL: "WARN",
  });
  assert.is(c.port, 8081);
  assert.is(c.host, "::1");
  assert.is(c.dataDir, "/var/lib/sdv");
  assert.is(c.mongodbUrl, "mongodb://db:27017/sdv?w=majority");
  assert.is(c.redisUrl, "redis://cache:6379");
  assert.is(c.publicBaseUrl, "https://sdv.example.com");
  assert.is(c.stripe.secretKey, "sk_live_abc");
  assert.is(c.stripe.webhookSecret, "whsec_abc");
  assert.is(c.stripe.prices.basic.monthly, "price_1");
  assert.is(c.stripe.prices.scale.annual, "price_2");
  assert.is(c.stripe.prices.growth.monthly, null);
  assert.equal(c.stripe.apiBase, { protocol: "http", host: "127.0.0.1", port: 12111 });
  assert.equal(c.fetchAllowedPrivateHosts, ["intranet.example:8080", "10.0.0.5", "[fd00::1]"]);
  assert.is(c.rateLimitPerMinute, 5000);
  assert.is(c.authRateLimitPerMinute, 0);
  assert.is(c.logLevel, "warn");
});

test("bad values: every problem reported at once, naming the variable", () => {
  const found = problems({
    PORT: "http",
    MONGODB_URL: "postgres://x",
    REDIS_URL: "localhost:6379",
    PUBLIC_BASE_URL: "sdv.example.com",
    STRIPE_SECRET_KEY: "pk_test_123",
    STRIPE_WEBHOOK_SECRET: "secret",
    STRIPE_PRICE_GOLD_MONTHLY: "price_x",
    STRIPE_API_BASE: "ftp://x",
    KEY_ENCRYPTION_SECRET: "short",
    FETCH_ALLOWED_PRIVATE_HOSTS: "http://x/",
    RATE_LIMIT_PER_MINUTE: "0",
    LOG_LEVEL: "loud",
  });
  for (const name of ["PORT", "MONGODB_URL", "REDIS_URL", "PUBLIC_BASE_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_GOLD_MONTHLY", "STRIPE_API_BASE", "KEY_ENCRYPTION_SECRET", "FETCH_ALLOWED_PRIVATE_HOSTS", "RATE_LIMIT_PER_MINUTE", "LOG_LEVEL"]) {
    assert.ok(found.some((p) => p.includes(name)), `no message names ${name}: ${found.join(" | ")}`);
  }
  assert.is(found.length, 12);
  assert.not.ok(found.join(" ").includes("short"), "the secret's value is not echoed");
  assert.throws(() => loadConfig({ PORT: "70000" }), (e: unknown) => e instanceof ConfigError && /PORT/.test(e.message));
});

test.run();
