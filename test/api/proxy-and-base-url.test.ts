/**
 * Issue 16, items 5 and 7.
 * - TRUST_PROXY: behind a trusted proxy the per-IP limits see each client (X-Forwarded-For), so one
 *   client's bad keys throttle that client only; without it (the default), or from a peer that is not a
 *   trusted proxy, X-Forwarded-For is ignored (a client cannot pick its own address).
 * - PORT=0 without PUBLIC_BASE_URL: the links the service hands out name the port it was given, not 0.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "undici";
import { generateApiKey } from "../../api/keys/api-key.ts";
import { ConfigError, loadConfig } from "../../api/config.ts";
import { EVENT, apiError, startApp, type TestApp } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";

const validateAs = (t: TestApp, peer: string, client: string | null, key = generateApiKey()) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/validate",
    remoteAddress: peer,
    headers: { "x-api-key": key, ...(client !== null ? { "x-forwarded-for": client } : {}) },
    payload: { jsonld: EVENT },
  });

test("TRUST_PROXY: one client's bad keys behind the proxy do not throttle another client behind it", async () => {
  const t = await startApp({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1", INVALID_KEY_LIMIT_PER_MINUTE: "2", RATE_LIMIT_PER_MINUTE: "1000" });
  try {
    await awaitRoomInWindow(10_000);
    for (let i = 0; i < 2; i++) apiError(await validateAs(t, "10.1.2.3", "203.0.113.5"), 401, "invalid_api_key");
    apiError(await validateAs(t, "10.1.2.3", "203.0.113.5"), 429, "rate_limit_exceeded");
    apiError(await validateAs(t, "10.1.2.3", "203.0.113.6"), 401, "invalid_api_key");
    // A peer that is not a trusted proxy cannot choose its address by the header: it is itself.
    for (let i = 0; i < 2; i++) apiError(await validateAs(t, "198.51.100.9", `203.0.113.${10 + i}`), 401, "invalid_api_key");
    apiError(await validateAs(t, "198.51.100.9", "203.0.113.99"), 429, "rate_limit_exceeded");
  } finally {
    await t.close();
  }
});

test("without TRUST_PROXY, X-Forwarded-For is ignored", async () => {
  const t = await startApp({ INVALID_KEY_LIMIT_PER_MINUTE: "2", RATE_LIMIT_PER_MINUTE: "1000" });
  try {
    await awaitRoomInWindow(10_000);
    for (let i = 0; i < 2; i++) apiError(await validateAs(t, "10.1.2.3", `203.0.113.${i}`), 401, "invalid_api_key");
    apiError(await validateAs(t, "10.1.2.3", "203.0.113.50"), 429, "rate_limit_exceeded");
  } finally {
    await t.close();
  }
});

test("TRUST_PROXY entries are addresses, CIDRs or proxy-addr's range names; anything else is a configuration error", () => {
  assert.equal(loadConfig({ TRUST_PROXY: "10.0.0.5, 192.168.0.0/16 ::1 fd00::/8 loopback" }).trustProxy, ["10.0.0.5", "192.168.0.0/16", "::1", "fd00::/8", "loopback"]);
  assert.equal(loadConfig({}).trustProxy, []);
  for (const bad of ["true", "10.0.0.0/33", "proxy.example", "10.0.0.1/8/2"]) {
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), (err: unknown) => err instanceof ConfigError && err.problems.some((p) => p.startsWith("TRUST_PROXY")));
  }
});

test("PORT=0 without PUBLIC_BASE_URL: dashboard_url, rules_url, rule_url and docs_url name the bound port", async () => {
  const t = await startApp({ PORT: "0", HOST: "127.0.0.1", PUBLIC_BASE_URL: "", RATE_LIMIT_PER_MINUTE: "1000" });
  try {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = new URL(address).port;
    assert.ok(port !== "0" && port !== "");
    const base = `http://127.0.0.1:${port}`;
    const signup = await request(`${address}/api/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `port0-${process.pid}@example.com` }) });
    const account = (await signup.body.json()) as { api_key: string; dashboard_url: string };
    assert.is(account.dashboard_url, `${base}/dashboard`);
    const types = (await (await request(`${address}/api/v1/types`)).body.json()) as { types: Array<{ rules_url?: string }> };
    assert.ok(types.types.some((x) => x.rules_url?.startsWith(`${base}/rules/`)), "rules_url");
    const validated = await request(`${address}/api/v1/validate`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": account.api_key },
      body: JSON.stringify({ jsonld: { "@context": "https://schema.org", "@type": "Event" } }),
    });
    const report = (await validated.body.json()) as { schemas: Array<{ errors: Array<{ rule_url?: string }> }> };
    const ruleUrls = report.schemas.flatMap((s) => s.errors.map((e) => e.rule_url)).filter((u) => u !== undefined);
    assert.ok(ruleUrls.length > 0 && ruleUrls.every((u) => u!.startsWith(`${base}/rules/`)), JSON.stringify(ruleUrls.slice(0, 2)));
    const refused = (await (await request(`${address}/api/v1/validate`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).body.json()) as {
      error: { docs_url: string };
    };
    assert.ok(refused.error.docs_url.startsWith(`${base}/docs/errors`), refused.error.docs_url);
  } finally {
    await t.close();
  }
});

test.run();
