/**
 * Run options: the google profile (a date-only startDate no issue, one without a time zone a warning, comments read
 * with a warning (a trailing comma stays an error), dropped recommendations not warned) and severity overrides decided before
 * eligibility; the spec profile stays today's answer.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validate } from "../../lib/index.ts";
import { blankOutLeniencies } from "../../runtime/options/lenient-json.ts";

const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "1000", addressRegion: "RG", addressCountry: "US" } };
const allDay = { "@context": "https://schema.org", "@type": "Event", name: "Fair", startDate: "2026-07-21", location: place };

test("spec: a date-only startDate is an error; google: no issue (the event page recommends it for an all-day event), and the event is eligible", () => {
  const spec = validate(allDay, { profile: "spec" });
  assert.is(spec.summary.total_errors, 1);
  assert.is(spec.schemas[0].errors[0].property, "startDate");
  const google = validate(allDay, { profile: "google" });
  assert.is(google.summary.total_errors, 0);
  assert.is(google.schemas[0].rich_result_eligible, true);
  assert.not.ok(google.schemas[0].warnings.some((i) => i.property === "startDate"));
  // The twin: a date that is no date is still an error under google.
  assert.ok(validate({ ...allDay, startDate: "2026-07-32" }, { profile: "google" }).schemas[0].errors.some((e) => e.property === "startDate"));
});

test("google: a startDate without a time zone is a warning (the search engine uses the location's); spec: an error", () => {
  const noOffset = { ...allDay, startDate: "2026-07-21T19:00" };
  assert.ok(validate(noOffset, { profile: "spec" }).schemas[0].errors.some((e) => e.property === "startDate"));
  const google = validate(noOffset, { profile: "google" });
  assert.is(google.summary.total_errors, 0);
  assert.is(google.schemas[0].rich_result_eligible, true);
  const w = google.schemas[0].warnings.find((i) => i.property === "startDate");
  assert.ok(w && /time zone of the event's location/.test(w.message), w?.message);
  // A broken date is still an error under google.
  assert.ok(validate({ ...allDay, startDate: "2026-07-21T25:00" }, { profile: "google" }).schemas[0].errors.some((e) => e.property === "startDate"));
});

test("google: an endDate alone or without a time zone, as the event page recommends for multi-day events, is no issue; spec: a warning", () => {
  for (const endDate of ["2026-07-26", "2026-07-26T23:00"]) {
    const event = { ...allDay, endDate };
    assert.ok(validate(event, { profile: "spec" }).schemas[0].warnings.some((w) => w.property === "endDate"), endDate);
    assert.not.ok(validate(event, { profile: "google" }).schemas[0].warnings.some((w) => w.property === "endDate"), endDate);
  }
  assert.ok(validate({ ...allDay, endDate: "soon" }, { profile: "google" }).schemas[0].warnings.some((w) => w.property === "endDate"));
});

test("google: eventAttendanceMode, which the search engine no longer lists, is not warned", () => {
  assert.ok(validate(allDay, { profile: "spec" }).schemas[0].warnings.some((w) => w.property === "eventAttendanceMode"));
  assert.not.ok(validate(allDay, { profile: "google" }).schemas[0].warnings.some((w) => w.property === "eventAttendanceMode"));
});

const commented = (comma: string) => `{
  // the shop
  "@context": "https://schema.org", "@type": "Organization", "name": "A, ] // not a comment", "url": "https://example.com/"${comma} /* trailing */
}`;

test("JSON-LD with comments: broken under spec, read with a positioned warning under google; a trailing comma beside them is an error under both", () => {
  const spec = validate(commented(""), { format: "json", profile: "spec" });
  assert.equal(spec.schemas[0].errors.map((e) => e.code), ["invalid-json"]);
  const google = validate(commented(""), { format: "json", profile: "google" });
  assert.is(google.schemas[0].type, "Organization");
  assert.is(google.schemas[0].valid, true);
  const note = google.schemas[0].warnings[0];
  assert.is(note.code, "invalid-json");
  assert.is(note.line, 2);
  assert.is(note.column, 3);
  assert.match(note.message, /2 comment\(s\)/);
  // Comments read, the trailing comma is what breaks the block under google; under spec the first fault is the comment.
  const google2 = validate(commented(","), { format: "json", profile: "google" }).schemas[0];
  assert.is(google2.valid, false);
  assert.match(google2.errors[0].message, /trailing comma/);
  assert.is(google2.errors[0].line, 3);
  const spec2 = validate(commented(","), { format: "json", profile: "spec" }).schemas[0];
  assert.is(spec2.valid, false);
  assert.is(spec2.errors[0].code, "invalid-json");
  assert.is(spec2.errors[0].line, 2);
});

test("lenient reading keeps strings and positions as they are", () => {
  const out = blankOutLeniencies('{"a": "x // y, ]", /* c */ "b": [1, 2,], }');
  assert.ok(out);
  assert.is(out.text.length, '{"a": "x // y, ]", /* c */ "b": [1, 2,], }'.length);
  assert.equal(JSON.parse(out.text), { a: "x // y, ]", b: [1, 2] });
  assert.is(blankOutLeniencies('{"a": 1'), null);
});

test("an override that downgrades an error is decided before eligibility; off removes; error upgrades and makes invalid", () => {
  const down = validate(allDay, { profile: "spec", overrides: [{ code: "invalid-format", property: "startDate", severity: "warning" }] });
  assert.is(down.schemas[0].valid, true);
  assert.is(down.schemas[0].rich_result_eligible, true);
  const off = validate(allDay, { profile: "spec", overrides: [{ property: "startDate", severity: "off" }] });
  assert.not.ok([...off.schemas[0].errors, ...off.schemas[0].warnings].some((i) => i.property === "startDate"));
  const up = validate({ ...allDay, startDate: "2026-07-21T19:00-05:00" }, { profile: "spec", overrides: [{ code: "missing-recommended", property: "image", type: "Event", severity: "error" }] });
  assert.is(up.schemas[0].valid, false);
  assert.is(up.schemas[0].rich_result_eligible, false);
  assert.is(up.summary.total_errors, 1);
  const otherType = validate(allDay, { profile: "spec", overrides: [{ property: "startDate", type: "Recipe", severity: "off" }] });
  assert.is(otherType.summary.total_errors, 1);
});

test("an override reaches a block that is not valid JSON: an ignored invalid-json is gone, a downgraded one a warning", () => {
  const page = `<html><head><script type="application/ld+json">{"@context": "https://schema.org", "@type": "Event"} ;</script></head><body></body></html>`;
  const as = (severity: "off" | "warning") => validate(page, { overrides: [{ code: "invalid-json", severity }] }).schemas[0];
  const kept = validate(page).schemas[0];
  assert.equal(kept.errors.map((e) => e.code), ["invalid-json"], "the twin without an override reports it");
  const off = as("off");
  assert.equal([...off.errors, ...off.warnings], []);
  const down = as("warning");
  assert.equal(down.errors, []);
  assert.equal(down.warnings.map((w) => w.code), ["invalid-json"]);
});

test.run();
