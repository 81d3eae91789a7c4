/**
 * The optional `profile` parameter (additive; default spec): GET ?profile=, POST {profile}, a batch's
 * profile and an item's own; a URL's cached result is kept per profile; an unknown profile is a 400.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type http from "node:http";
import { fakeResolver, recorder, startServer, type Fixture } from "../fetch/fixtures.ts";
import { apiError, signup, startApp, type TestApp } from "./helpers.ts";

const ALL_DAY = {
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Fair",
  startDate: "2026-07-21",
  location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "1000", addressRegion: "RG", addressCountry: "US" } },
};
const COMMENTED = '{\n  // the fair\n  "@context": "https://schema.org", "@type": "Organization", "name": "Fair Co", "url": "https://example.com/"\n}';

let fixture: Fixture;
let t: TestApp;
let key: string;
const dns = fakeResolver({ "site.test": "127.0.0.1" });
const rec = recorder();

function route(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(ALL_DAY)}</script></head><body>fair</body></html>`);
}
const site = (path: string) => `http://site.test:${fixture.port}${path}`;

test.before(async () => {
  fixture = await startServer(route);
  t = await startApp({ FETCH_ALLOWED_PRIVATE_HOSTS: "site.test", RATE_LIMIT_PER_MINUTE: "1000" }, { fetchOptions: { resolver: dns.resolve, connectGuard: rec.guard, timeoutMs: 1500 } });
  key = (await signup(t.app)).key;
});
test.after(async () => {
  await t.close();
  await fixture.close();
});

const post = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/v1/validate", headers: { "x-api-key": key }, payload: payload as object });

test("POST {jsonld}: spec by default (date-only startDate an error); profile google: a warning", async () => {
  const spec = await post({ jsonld: ALL_DAY });
  assert.is(spec.statusCode, 200, spec.body);
  assert.is(spec.json().summary.total_errors, 1);
  const google = await post({ jsonld: ALL_DAY, profile: "google" });
  assert.is(google.statusCode, 200, google.body);
  assert.is(google.json().summary.total_errors, 0);
  assert.is(google.json().schemas[0].rich_result_eligible, true);
});

test("meta.profile names the rules that answered: spec by default, the request's otherwise, a cached answer's too", async () => {
  assert.is((await post({ jsonld: ALL_DAY })).json().meta.profile, "spec");
  assert.is((await post({ jsonld: ALL_DAY, profile: "google" })).json().meta.profile, "google");
  const url = encodeURIComponent(site("/fair-meta"));
  const get = () => t.app.inject({ method: "GET", url: `/api/v1/validate?url=${url}&profile=google`, headers: { "x-api-key": key } });
  assert.is((await get()).json().meta.profile, "google");
  const cached = (await get()).json().meta;
  assert.is(cached.cached, true);
  assert.is(cached.profile, "google");
});

test("POST {jsonld: text with comments}: 422 parse_error under spec, read with a warning under google", async () => {
  apiError(await post({ jsonld: COMMENTED }), 422, "parse_error");
  const google = await post({ jsonld: COMMENTED, profile: "google" });
  assert.is(google.statusCode, 200, google.body);
  assert.is(google.json().schemas[0].type, "Organization");
  assert.is(google.json().schemas[0].warnings[0].code, "invalid-json");
  apiError(await post({ jsonld: '{"@type": "Event",, }', profile: "google" }), 422, "parse_error");
  // A trailing comma is not read under either profile (Search Console: unparsable structured data), and
  // the message names it where it is (line 3, right after the url), not at the bracket on the next line.
  const comma = '{\n  "@context": "https://schema.org", "@type": "Organization", "name": "Fair Co",\n  "url": "https://example.com/",\n}';
  for (const profile of ["google", "spec"]) {
    const error = apiError(await post({ jsonld: comma, profile }), 422, "parse_error");
    assert.match(error.message, /line 3, column 32/, `${profile}: ${error.message}`);
    assert.match(error.message, /trailing comma/, profile);
  }
});

test("GET ?profile=google and the spec answer are cached apart", async () => {
  const url = encodeURIComponent(site("/fair"));
  const spec = await t.app.inject({ method: "GET", url: `/api/v1/validate?url=${url}`, headers: { "x-api-key": key } });
  assert.is(spec.json().summary.total_errors, 1, spec.body);
  const google = await t.app.inject({ method: "GET", url: `/api/v1/validate?url=${url}&profile=google`, headers: { "x-api-key": key } });
  assert.is(google.json().summary.total_errors, 0, google.body);
  assert.is(google.json().meta.cached, false);
  const again = await t.app.inject({ method: "GET", url: `/api/v1/validate?url=${url}&profile=google`, headers: { "x-api-key": key } });
  assert.is(again.json().meta.cached, true);
  assert.is(again.json().summary.total_errors, 0);
});

test("batch: the batch's profile applies to items naming none; an item's own wins", async () => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/validate/batch",
    headers: { "x-api-key": key },
    payload: { profile: "google", items: [{ jsonld: ALL_DAY }, { jsonld: ALL_DAY, profile: "spec" }] },
  });
  assert.is(res.statusCode, 200, res.body);
  const [a, b] = res.json().results;
  assert.is(a.result.summary.total_errors, 0);
  assert.is(b.result.summary.total_errors, 1);
  assert.is(a.result.meta.profile, "google");
  assert.is(b.result.meta.profile, "spec");
});

test("an unknown profile is 400 invalid_request naming the choices; exactly one of url and jsonld still holds", async () => {
  assert.match(apiError(await post({ jsonld: ALL_DAY, profile: "bing" }), 400, "invalid_request").message, /profile must be one of: spec, google/);
  assert.match(apiError(await post({ profile: "google" }), 400, "invalid_request").message, /Give one of url and jsonld/);
  assert.match(apiError(await post({ url: site("/x"), jsonld: ALL_DAY, profile: "google" }), 400, "invalid_request").message, /only one/);
  const bad = await t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent(site("/x"))}&profile=bing`, headers: { "x-api-key": key } });
  assert.match(apiError(bad, 400, "invalid_request").message, /profile/);
});

test("destination_not_allowed names FETCH_ALLOWED_PRIVATE_HOSTS", async () => {
  const res = await t.app.inject({ method: "GET", url: `/api/v1/validate?url=${encodeURIComponent("http://127.0.0.9/")}`, headers: { "x-api-key": key } });
  assert.match(apiError(res, 422, "destination_not_allowed").message, /FETCH_ALLOWED_PRIVATE_HOSTS/);
});

test.run();
