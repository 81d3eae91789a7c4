/**
 * Keys never reach the logs through a URL: judged by decoded parameter name and by decoded key shape, for
 * every spelling the query parser accepts, at every log level.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { generateApiKey } from "../../../api/keys/api-key.ts";
import { redactUrl } from "../../../api/keys/redact-url.ts";
import { startApp } from "../helpers.ts";

const key = generateApiKey();
const hex = key.slice("sdv_live_".length);
const enc = (s: string) => s.replace(/_/g, "%5F");

const LEAKY_URLS: Array<[string, string]> = [
  ["plain access_key", `/api/v1/validate?url=x&access_key=${key}`],
  ["encoded name and value", `/api/v1/validate?url=x&access%5Fkey=${enc(key)}`],
  ["lower-case escapes", `/api/v1/validate?url=x&access%5fkey=sdv%5flive%5f${hex}`],
  ["name in another case", `/api/v1/validate?ACCESS_KEY=${key}`],
  ["double-encoded value under any name", `/p?x=${enc(key).replace(/%/g, "%25")}`],
  ["key inside the url parameter", `/api/v1/validate?url=${encodeURIComponent(`https://e.test/?k=${key}`)}`],
  ["key in the path", `/api/${key}/x`],
  ["key in the path, encoded", `/api/${enc(key)}`],
  ["api_key carrier with a non-key value", `/p?api_key=${hex}`],
  ["name with + for space", `/p?+access_key+=${hex}`],
];

test("redactUrl: no spelling of a key survives", () => {
  for (const [name, url] of LEAKY_URLS) {
    const out = redactUrl(url);
    assert.not.ok(out.toLowerCase().includes(hex), `${name}: ${out}`);
    assert.ok(out.includes("[redacted]"), `${name}: marked as redacted`);
  }
});

test("redactUrl: URLs without keys are unchanged", () => {
  for (const url of ["/api/v1/types", "/api/v1/validate?url=https%3A%2F%2Fexample.com%2F%3Fq%3D1", "/p?a=1&b=&c", "/p?keyword=sdv"]) {
    assert.is(redactUrl(url), url);
  }
});

test("the running service logs none of them, at trace level", async () => {
  const t = await startApp({ LOG_LEVEL: "trace" });
  try {
    for (const [, url] of LEAKY_URLS) await t.app.inject({ method: "GET", url });
    await t.app.inject({ method: "GET", url: "/api/v1/validate?url=x", headers: { "x-api-key": key } });
    await t.app.inject({ method: "GET", url: `/%zz?access%5Fkey=${enc(key)}` });
    const logs = t.logs.join("\n").toLowerCase();
    assert.ok(logs.includes("[redacted]"), "request URLs are logged, redacted");
    assert.not.ok(logs.includes(hex), "the key's hex reached the log");
  } finally {
    await t.close();
  }
});

test.run();
