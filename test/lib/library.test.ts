/** The library entry (lib/index.ts): the engine without the service, and what importing it loads. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import { FetchError, validate, validateUrl } from "../../lib/index.ts";
import { modulesLoadedBy, servicePackagesIn } from "./loaded-modules.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const event = {
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Concert",
  startDate: "2026-07-21", // no time: an error with a place
};
const eventText = JSON.stringify(event, null, 2);
const page = `<!doctype html>\n<html><head>\n<script type="application/ld+json">\n${eventText}\n</script></head></html>`;

const inputs: Array<[string, unknown, boolean]> = [
  ["HTML", page, true],
  ["JSON-LD text", eventText, true],
  ["a parsed value", event, false],
  ["an array of values", [event], false],
];
for (const [label, input, hasPositions] of inputs) {
  test(`validate() takes ${label} and answers the API's ValidationResponse`, () => {
    const r = validate(input, { profile: "spec" });
    assert.is(r.success, true);
    assert.is(r.schemas_found, 1);
    assert.is(r.schemas[0].type, "Event");
    assert.is(r.schemas[0].valid, false);
    const startDate = r.schemas[0].errors.find((e) => e.property === "startDate");
    assert.ok(startDate, "the date without a time is reported");
    assert.is(startDate!.line !== undefined, hasPositions, "line and column only when there was text");
    assert.type(r.summary.score, "number");
    assert.is(r.summary.total_schemas, 1);
    assert.is(r.meta.cached, false);
    assert.is(r.meta.credits_used, 0);
    assert.is(r.url, undefined);
  });
}

test("the library defaults to the google profile and every response says which profile produced it", () => {
  const byDefault = validate(event);
  assert.is(byDefault.meta.profile, "google");
  assert.not.ok(byDefault.schemas[0].errors.some((e) => e.property === "startDate"), "a date alone is what the search engine accepts");
  assert.not.ok(byDefault.schemas[0].warnings.some((w) => w.property === "startDate"), "the event page recommends a date alone for an all-day event");
  const spec = validate(event, { profile: "spec" });
  assert.is(spec.meta.profile, "spec");
  assert.ok(spec.schemas[0].errors.some((e) => e.property === "startDate"));
});

test("validate() reads a string as the format it is told", () => {
  assert.is(validate(eventText, { format: "html" }).schemas_found, 0, "JSON text read as HTML holds no script block");
  assert.is(validate("not json", { format: "json" }).schemas[0].errors[0].code, "invalid-json");
  assert.is(validate(page, { url: "https://example.com/e" }).url, "https://example.com/e");
});

test("a page without structured data gives zero schemas, not an exception", () => {
  const r = validate("<html><p>nothing here</p></html>");
  assert.is(r.schemas_found, 0);
});

test("validateUrl() fetches through the guarded fetcher: loopback refused unless allowed", async () => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const url = `http://127.0.0.1:${port}/event`;
    const refused = await validateUrl(url).then(
      () => null,
      (err: unknown) => err,
    );
    assert.instance(refused, FetchError);
    assert.is((refused as FetchError).code, "destination_not_allowed");
    const r = await validateUrl(url, { allowPrivateHosts: [`127.0.0.1:${port}`] });
    assert.is(r.url, url);
    assert.is(r.schemas[0].type, "Event");
  } finally {
    server.close();
  }
});

test("importing the library loads none of the service's dependencies", () => {
  const modules = modulesLoadedBy(pathToFileURL(`${repoRoot}lib/index.ts`).href, ["--import", "tsx"]);
  assert.ok(modules.some((m) => m.endsWith("/runtime/validate.ts")), "the recorder sees the engine load");
  assert.equal(servicePackagesIn(modules), []);
  // The recorder can see them: the service's app module does load Fastify.
  assert.ok(servicePackagesIn(modulesLoadedBy(pathToFileURL(`${repoRoot}api/app.ts`).href, ["--import", "tsx"])).length > 0);
});

test.run();
