/**
 * Bodies over 32 KiB are parsed in a worker (api/validation/inspect-body.ts) and small ones on the main
 * thread: both must answer alike. Each body below is sent as written and padded with JSON whitespace
 * past the threshold; status, error code and message must be the same (and a 200 the same report).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { signup, startApp, EVENT, type TestApp } from "./helpers.ts";
import { INLINE_MAX_CHARS } from "../../api/validation/validation-pool.ts";

let t: TestApp;
let key = "";
test.before(async () => {
  t = await startApp({ RATE_LIMIT_PER_MINUTE: "1000" });
  key = (await signup(t.app)).key;
});
test.after(async () => t.close());

const pad = (text: string) => text + " ".repeat(INLINE_MAX_CHARS + 1);

const bodies: Array<[label: string, contentType: string, text: string, status: number]> = [
  ["an Event", "application/json", JSON.stringify({ jsonld: EVENT }), 200],
  ["a list of nodes", "application/json", JSON.stringify({ jsonld: [EVENT, { "@type": "Thing" }] }), 200],
  ["jsonld as JSON text", "application/json", JSON.stringify({ jsonld: JSON.stringify(EVENT, null, 2) }), 200],
  ["jsonld text that is not JSON", "application/json", JSON.stringify({ jsonld: '{\n  "@type": "Event",\n}' }), 422],
  ["jsonld text holding numbers", "application/json", JSON.stringify({ jsonld: "[1, 2]" }), 400],
  ["a body that is not JSON", "application/json", '{"jsonld": {"@type": "Event"', 400],
  ["prototype poisoning", "application/json", '{"jsonld": {"@type": "Event", "__proto__": {"x": 1}}}', 400],
  ["constructor.prototype", "application/json", '{"jsonld": {"@type": "Event", "constructor": {"prototype": {"x": 1}}}}', 400],
  ["an empty list", "application/json", '{"jsonld": []}', 400],
  ["a list with a number", "application/json", '{"jsonld": [{"@type": "Event"}, 3]}', 400],
  ["both url and jsonld", "application/json", JSON.stringify({ url: "https://example.com/", jsonld: EVENT }), 400],
  ["an unknown field", "application/json", JSON.stringify({ jsonld: EVENT, extra: 1 }), 400],
  ["a body that is a list", "application/json", JSON.stringify([EVENT]), 400],
  ["url not a string", "application/json", JSON.stringify({ url: { href: "x" } }), 400],
  ["ld+json: the JSON-LD itself", "application/ld+json", JSON.stringify(EVENT), 200],
  ["ld+json: a wrapper object", "application/ld+json", JSON.stringify({ jsonld: EVENT }), 200],
  ["ld+json: a list of nodes", "application/ld+json", JSON.stringify([EVENT, EVENT]), 200],
];

const send = (contentType: string, payload: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key, "content-type": contentType }, payload });

for (const [label, contentType, text, status] of bodies) {
  test(`${label}: the same answer small and padded past ${INLINE_MAX_CHARS} characters`, async () => {
    const small = await send(contentType, text);
    const large = await send(contentType, pad(text));
    assert.is(small.statusCode, status, small.body);
    assert.is(large.statusCode, status, large.body);
    const a = small.json();
    const b = large.json();
    if (status === 200) {
      delete a.meta;
      delete b.meta;
      assert.equal(b, a);
    } else {
      assert.equal(b.error, a.error);
    }
  });
}

test.run();
