/**
 * The engine end to end: normalization, dispatch, references, positions, caps and results. On an Event
 * rule set of its own (compiled by the real compiler, test/rules/fixture-registry.ts), so a change to
 * the committed rules cannot move these tests, and these tests say which rules they rely on.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import * as engine from "../../runtime/validate.ts";
import type { SourceBlock } from "../../runtime/types.ts";
import { compileFixture, type FixtureRegistry } from "../rules/fixture-registry.ts";

const EVENT_RULES = `type: Event
status: supported
tier: 1
also_matches: vocabulary
google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/event
rich_result: Event listing
verified_on: 2026-11-25
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/event
properties:
  name: { level: required, expect: Text }
  startDate: { level: required, expect: [DateTime, Date], format: iso8601-datetime-tz }
  location:
    level: required
    expect:
      - type: Place
        properties:
          name: { level: recommended, expect: Text }
          address: { level: required, expect: [PostalAddress, Text] }
  description: { level: recommended, expect: Text }
  endDate: { level: recommended, expect: [DateTime, Date], format: iso8601-datetime-tz }
  eventAttendanceMode: { level: recommended, values: [OfflineEventAttendanceMode, OnlineEventAttendanceMode, MixedEventAttendanceMode] }
  eventStatus: { level: recommended, values: [EventScheduled, EventCancelled, EventPostponed, EventRescheduled] }
  image: { level: recommended, expect: [URL, ImageObject], format: image-url }
  offers: { level: recommended, expect: [Offer] }
  performer: { level: recommended, expect: [Person, PerformingGroup] }
  organizer: { level: recommended, expect: [Person, Organization] }
examples:
  valid: [{ name: fixture, data: { "@type": Event, name: x, startDate: "2026-07-21T19:00-05:00", location: { "@type": Place, name: H, address: "1 Main St" } } }]
  invalid: [{ name: fixture, data: { "@type": Event, startDate: "2026-07-21T19:00-05:00", location: { "@type": Place, name: H, address: "1 Main St" } }, expect: [{ code: missing-required, property: name }] }]
`;

let fixture: FixtureRegistry;
test.before(async () => {
  fixture = await compileFixture({ "Event.yaml": EVENT_RULES });
});
test.after(() => fixture?.cleanup());

// The engine's entry points, on the fixture registry.
const validateValue = (value: unknown) => engine.validateValue(value, fixture.registry);
const validateJsonText = (text: string) => engine.validateJsonText(text, fixture.registry);
const validateHtml = (html: string) => engine.validateHtml(html, null, fixture.registry);
const validateBlocks = (blocks: SourceBlock[]) => engine.validateBlocks(blocks, [], "", fixture.registry);

const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "1000", addressRegion: "RG", addressCountry: "US" } };
const event = (extra: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Concert",
  startDate: "2026-07-21T19:00-05:00",
  location: place,
  ...extra,
});
const block = (text: string, offset = 0) => ({ text, offset, line: 1, column: offset + 1 });

const typeSpellings: Array<[unknown, string, string | undefined]> = [
  ["Event", "Event", undefined],
  [["Event"], "Event", undefined],
  ["http://schema.org/Event", "Event", undefined],
  ["https://schema.org/Event", "Event", undefined],
  ["schema:Event", "Event", undefined],
  ["MusicEvent", "Event", "MusicEvent"],
  ["https://schema.org/SportsEvent", "Event", "SportsEvent"],
  [["Thing", "EducationEvent"], "Event", "EducationEvent"],
];
for (const [written, type, matched] of typeSpellings) {
  test(`@type ${JSON.stringify(written)} is checked as ${type}`, () => {
    const [s] = validateValue(event({ "@type": written })).schemas;
    assert.is(s.type, type);
    assert.is(s.matched_type, matched);
    assert.ok(s.checked);
    assert.equal(s.errors, []);
  });
}

const contexts: Array<[unknown, boolean]> = [
  ["https://schema.org", true],
  ["http://schema.org/", true],
  ["https://schema.org/docs/jsonldcontext.json", true],
  [["https://schema.org", { "@language": "en" }], true],
  [{ "@vocab": "https://schema.org/" }, true],
  ["https://example.com/context", false],
  [undefined, false],
];
for (const [context, ok] of contexts) {
  test(`@context ${JSON.stringify(context)} ${ok ? "is" : "is not"} schema.org`, () => {
    const [s] = validateValue({ ...event(), "@context": context }).schemas;
    assert.is(s.warnings.some((w) => w.code === "missing-context"), !ok);
  });
}

test("root arrays, @graph and nested @graph give one result per node", () => {
  const doc = {
    "@context": "https://schema.org",
    "@graph": [event(), { "@graph": [event({ name: "Second" }), { "@type": "WebPage", name: "Page" }] }],
  };
  const r = validateValue(doc);
  assert.equal(r.schemas.map((s) => s.type), ["Event", "Event", "WebPage"]);
  assert.equal(r.schemas.map((s) => s.path), ["/@graph/0", "/@graph/1/@graph/0", "/@graph/1/@graph/1"]);
  assert.equal(r.schemas.map((s) => s.warnings.some((w) => w.code === "missing-context")), [false, false, false]);
  assert.equal(validateValue([event(), event()]).schemas.length, 2);
});

test("types without a rule set are reported under their own name, unchecked and not eligible", () => {
  const [s] = validateValue({ "@context": "https://schema.org", "@type": "WebPage", name: "x" }).schemas;
  assert.is(s.type, "WebPage");
  assert.is(s.checked, false);
  assert.is(s.rich_result_eligible, false);
  assert.match(s.rich_result.reason, /no rule set for WebPage/);
  assert.equal(s.properties_found, ["name"]);
});

test("a node without @type is an error; a bare reference is not a node", () => {
  const r = validateValue({ "@context": "https://schema.org", "@graph": [{ name: "x" }, { "@id": "#a" }] });
  assert.is(r.schemas.length, 1);
  assert.is(r.schemas[0].errors[0].code, "missing-type");
});

test("@id references resolve across blocks of a page", () => {
  const venue = JSON.stringify({ "@context": "https://schema.org", "@id": "#venue", ...place });
  const ev = JSON.stringify(event({ location: { "@id": "#venue" } }));
  const r = validateBlocks([block(ev), block(venue)]);
  const s = r.schemas.find((x) => x.type === "Event")!;
  assert.equal(s.errors, []);
});

test("on a page with a URL, a relative @id names the node of its absolute form and the other way round, as JSON-LD resolves it", () => {
  const script = (value: object) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
  const venueAt = (id: string) => script({ "@context": "https://schema.org", "@id": id, ...place });
  const page = (eventRef: string, venueId: string) => `<html><head>${script(event({ location: { "@id": eventRef } }))}${venueAt(venueId)}</head><body></body></html>`;
  const codes = (html: string, url: string | null) =>
    engine.validateHtml(html, url, fixture.registry).schemas.find((x) => x.type === "Event")!.warnings.filter((w) => w.code === "dangling-reference").map((w) => w.property);
  assert.equal(codes(page("#venue", "https://site.example/#venue"), "https://site.example/"), []);
  assert.equal(codes(page("https://site.example/events/jazz#venue", "#venue"), "https://site.example/events/jazz"), []);
  assert.equal(codes(page("/#venue", "https://site.example/#venue"), "https://site.example/events/jazz"), []);
  // The twins: resolved against another page it is another node; without the page's URL nothing resolves.
  assert.equal(codes(page("#venue", "https://site.example/#venue"), "https://site.example/events/jazz"), ["location"]);
  assert.equal(codes(page("#venue", "https://site.example/#venue"), null), ["location"]);
  // Blank node ids are not IRIs: "_:v" names only "_:v".
  assert.equal(codes(page("_:v", "_:v"), "https://site.example/"), []);
  assert.equal(codes(page("_:v", "https://site.example/_:v"), "https://site.example/"), ["location"]);
});

test("a reference to nothing is a dangling-reference warning with its path", () => {
  const r = validateValue(event({ organizer: { "@id": "#nobody" } }));
  const w = r.schemas[0].warnings.find((x) => x.code === "dangling-reference");
  assert.ok(w);
  assert.is(w!.path, "/organizer");
  assert.is(w!.property, "organizer");
});

test("reference cycles terminate", () => {
  const a = { "@context": "https://schema.org", "@type": "Event", "@id": "#a", name: "A", startDate: "2026-07-21T19:00Z", location: { "@id": "#p" }, superEvent: { "@id": "#a" } };
  const p = { "@id": "#p", "@type": "Place", name: "P", address: "1 Main St", containedInPlace: { "@id": "#p" } };
  const r = validateValue({ "@context": "https://schema.org", "@graph": [a, p] });
  assert.is(r.schemas[0].type, "Event");
});

test("a broken block is reported with line and column; the other blocks are still validated", () => {
  const broken = '{\n  "@type": "Event",\n  "name": "x",\n}';
  const r = validateBlocks([block(broken), block(JSON.stringify(event()))]);
  assert.is(r.blocks_unparsable, 1);
  assert.is(r.schemas.length, 2);
  const issue = r.schemas[0].errors[0];
  assert.is(issue.code, "invalid-json");
  // At the trailing comma that broke it (line 3, after "x").
  assert.is(issue.line, 3);
  assert.is(issue.column, 14);
  assert.is(r.schemas[1].valid, true);
});

test("a block whose top level is no object (a JSON string of the markup, encoded twice; a number) is an error, not nothing; null and false are no markup", () => {
  const twice = JSON.stringify(JSON.stringify(event()));
  const r = validateBlocks([block(twice), block("42"), block("null"), block("false"), block(JSON.stringify(event()))]);
  assert.is(r.schemas.length, 3);
  const [first, second] = r.schemas.map((s) => s.errors[0]);
  for (const issue of [first, second]) assert.is(issue.code, "invalid-json");
  assert.match(first.message, /top level is a string.*encoded twice/);
  assert.match(second.message, /top level is a number/);
  assert.is(r.schemas[0].valid, false);
  assert.is(r.schemas[0].score, 0);
  assert.is(r.schemas[2].valid, true);
  // A plain string that holds no JSON is not called encoded twice.
  assert.not.match(validateBlocks([block('"hello"')]).schemas[0].errors[0].message, /encoded twice/);
});

test("issue positions point into the page, through the block's offset", () => {
  const json = '{\n  "@context": "https://schema.org",\n  "@type": "Event",\n  "name": "x",\n  "startDate": "2026-07-21",\n  "location": {"@type": "Place", "name": "H", "address": "1 Main St"}\n}';
  const html = `<html>\n<head>\n<script type="application/ld+json">${json}</script>`;
  const r = validateHtml(html);
  const issue = r.schemas[0].errors.find((e) => e.property === "startDate")!;
  assert.is(issue.code, "invalid-format");
  assert.is(issue.path, "/startDate");
  assert.is(issue.line, 7);
  assert.is(issue.column, 16);
  const direct = validateJsonText(json).schemas[0].errors.find((e) => e.property === "startDate")!;
  assert.is(direct.line, 5);
  assert.is(direct.column, 16);
});

test("10,000 levels of nesting give a too-deep issue, not a crash", () => {
  const deep = "[".repeat(10_000) + "]".repeat(10_000);
  const text = `{"@context":"https://schema.org","@type":"Event","name":"x","startDate":"2026-07-21T19:00Z","location":${JSON.stringify(place)},"description":${deep}}`;
  const r = validateJsonText(text);
  const capped = r.schemas.find((s) => s.errors.some((e) => e.code === "too-deep"));
  assert.ok(capped, "too-deep reported");
  assert.ok(r.schemas.some((s) => s.type === "Event"));
  const objects = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
  assert.ok(validateJsonText(objects).schemas.some((s) => s.errors.some((e) => e.code === "too-deep")));
});

test("too-deep names the way down to the deep place, not the first object of each level", () => {
  let deep: Record<string, unknown> = { "@type": "Thing", name: "x" };
  for (let i = 0; i < 300; i++) deep = { "@type": "CreativeWork", subjectOf: deep };
  const r = validateValue({ "@context": "https://schema.org", "@type": "Event", image: { "@type": "ImageObject", url: "https://e.example/a.jpg" }, subjectOf: deep });
  const issue = r.schemas.flatMap((s) => s.errors).find((e) => e.code === "too-deep")!;
  assert.ok(issue, "too-deep reported");
  assert.ok(issue.path.startsWith("/subjectOf/subjectOf/"), issue.path.slice(0, 40));
  assert.not.ok(issue.path.startsWith("/image"));
});

test("an empty script block is ignored", () => {
  const r = validateBlocks([block("   \n"), block(JSON.stringify(event()))]);
  assert.is(r.schemas.length, 1);
});

test("required and recommended properties missing are listed; an invalid page scores under 50", () => {
  const r = validateValue({ "@context": "https://schema.org", "@type": "Event", name: "x" });
  const [s] = r.schemas;
  assert.equal(s.properties_missing_required.sort(), ["location", "startDate"]);
  assert.ok(s.properties_missing_recommended.includes("eventStatus"));
  assert.ok(r.summary.score < 50);
  assert.is(r.summary.invalid_schemas, 1);
});

test("adding a missing property with a good value never lowers the score; all present scores 100", () => {
  const full = event({
    endDate: "2026-07-21T23:00-05:00",
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    description: "A concert",
    image: "https://example.com/a.jpg",
    offers: { "@type": "Offer", price: 30, priceCurrency: "USD", availability: "https://schema.org/InStock", url: "https://example.com/t", validFrom: "2026-05-01T10:00Z" },
    performer: { "@type": "PerformingGroup", name: "Band" },
    organizer: { "@type": "Organization", name: "Org", url: "https://example.com" },
  });
  const fullScore = validateValue(full).summary.score;
  assert.is(fullScore, 100);
  for (const property of Object.keys(full).filter((k) => !k.startsWith("@"))) {
    const without: Record<string, unknown> = { ...full };
    delete without[property];
    assert.ok(validateValue(without).summary.score <= fullScore, property);
  }
});

test("enumeration values as short names or full URLs", () => {
  for (const v of ["EventScheduled", "https://schema.org/EventScheduled", "http://schema.org/EventScheduled", "schema:EventScheduled"]) {
    assert.ok(!validateValue(event({ eventStatus: v })).schemas[0].warnings.some((w) => w.property === "eventStatus"), v);
  }
  const bad = validateValue(event({ eventStatus: "Scheduled" })).schemas[0].warnings.find((w) => w.property === "eventStatus");
  assert.is(bad?.code, "invalid-enum");
});

test("wrong types: required gives an error, recommended a warning", () => {
  const r = validateValue(event({ name: { "@type": "Thing" }, organizer: "Org" })).schemas[0];
  assert.ok(r.errors.some((e) => e.code === "wrong-type" && e.property === "name"));
  assert.ok(r.warnings.some((e) => e.code === "wrong-type" && e.property === "organizer"));
});

test("JSON-LD value objects are read as their value", () => {
  const [s] = validateValue(event({ name: { "@value": "Concert", "@language": "en" } })).schemas;
  assert.equal(s.errors, []);
});

test("the summary counts schemas, errors, warnings and eligibility", () => {
  const r = validateValue([event(), { "@context": "https://schema.org", "@type": "Event" }]);
  assert.is(r.summary.total_schemas, 2);
  assert.is(r.summary.valid_schemas, 1);
  assert.is(r.summary.invalid_schemas, 1);
  assert.is(r.summary.rich_result_eligible, 1);
  assert.is(r.summary.total_errors, r.schemas.reduce((n, s) => n + s.errors.length, 0));
  assert.is(r.summary.total_warnings, r.schemas.reduce((n, s) => n + s.warnings.length, 0));
});

test.run();
