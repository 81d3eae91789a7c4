/**
 * Broken rule files, each with the exact message the author must see: file, line, column, words.
 * The base file is valid; each case changes one line of it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fileURLToPath } from "node:url";
import { loadRuleText } from "../../compiler/load.ts";
import { compileFiles, loadVocabulary } from "../../compiler/compile.ts";
import { formatDiagnostic } from "../../compiler/diagnostics.ts";

const vocabulary = loadVocabulary(fileURLToPath(new URL("../..", import.meta.url)));

const BASE = `type: Event
status: supported
tier: 1
google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/event
verified_on: 2026-11-22
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/event
properties:
  name: { level: required, expect: Text }
  startDate: { level: required, format: iso8601-datetime-tz }
  eventStatus: { level: recommended, values: [EventScheduled] }
examples:
  valid:
    - name: ok
      data: { "@context": https://schema.org, "@type": Event, name: A, startDate: 2026-01-01T10:00Z }
  invalid:
    - name: no name
      data: { "@context": https://schema.org, "@type": Event, startDate: 2026-01-01T10:00Z }
      expect: [{ code: missing-required, property: name }]
`;

/** Replaces line `n` (1-based) of BASE. */
const withLine = (n: number, text: string) => BASE.split("\n").map((line, i) => (i === n - 1 ? text : line)).join("\n");

function compileOne(text: string, fileName = "Event.yaml"): string[] {
  const file = `rules-src/types/${fileName}`;
  const { loaded, diagnostics } = loadRuleText(file, text);
  const result = compileFiles(loaded ? [loaded] : [], vocabulary, diagnostics);
  return result.diagnostics.map(formatDiagnostic);
}

test("the base file compiles", () => {
  assert.equal(compileOne(BASE), []);
});

const cases: Array<[string, string, string[], string?]> = [
  ["unknown top-level key", withLine(3, "tierr: 1"), [
    'rules-src/types/Event.yaml:1:1: the file is missing the required key "tier"',
    'rules-src/types/Event.yaml:3:1: unknown key "tierr" in the file (did you mean "tier"?)',
  ]],
  ["bad level", withLine(9, "  name: { level: mandatory, expect: Text }"), [
    'rules-src/types/Event.yaml:9:18: "properties.name.level" must be one of "required", "recommended", "optional"',
  ]],
  ["an option the check does not take", withLine(10, "  startDate: { level: required, format: { check: iso8601-datetime-tz, lengths: [13] } }"), [
    'rules-src/types/Event.yaml:10:41: "iso8601-datetime-tz" takes no options',
  ]],
  ["check options: an unknown one and one of the wrong kind, both in one round", withLine(9, "  name: { level: required, expect: Text, format: { check: number, integer: yes, minimum: 0 } }"), [
    'rules-src/types/Event.yaml:9:50: "number" takes no option "minimum" (options: integer, min, exclusive_min)',
    'rules-src/types/Event.yaml:9:50: option "integer" of "number" must be a boolean: a whole number only',
  ]],
  ["unit-code allowed: not a list of distinct texts", withLine(9, "  name: { level: required, expect: Text, format: { check: unit-code, allowed: [DAY, DAY] } }"), [
    'rules-src/types/Event.yaml:9:50: option "allowed" of "unit-code" must be a list of distinct, non-empty texts: the codes the property takes, exactly (shipping times: [DAY, d])',
  ]],
  ["unknown key in a property", withLine(9, "  name: { level: required, expected: Text }"), [
    'rules-src/types/Event.yaml:9:28: unknown key "expected" in "properties.name" (did you mean "expect"?)',
  ]],
  ["YAML syntax", withLine(9, "  name: { level: required, expect: Text"), []],
  ["not a Schema.org property", withLine(9, "  fooBar: { level: required, expect: Text }"), [
    'rules-src/types/Event.yaml:9:3: "fooBar" is not a Schema.org 29.4 property',
  ]],
  ["misspelled property", withLine(9, "  nmae: { level: required, expect: Text }"), [
    'rules-src/types/Event.yaml:9:3: "nmae" is not a Schema.org 29.4 property (did you mean "name"?)',
  ]],
  ["misspelled enumeration member", withLine(11, "  eventStatus: { level: recommended, values: [EventSheduled] }"), [
    'rules-src/types/Event.yaml:11:47: "EventSheduled" is not a member of EventStatusType (did you mean "EventScheduled"?)',
  ]],
  ["conditional requirement on a misspelled sibling", withLine(9, "  name: { level: recommended, required_when: { property: startDat, absent: true } }"), [
    'rules-src/types/Event.yaml:9:58: "startDat" is not a Schema.org 29.4 property (did you mean "startDate"?)',
  ]],
  ["conditional requirement with neither values nor absent", withLine(9, "  name: { level: recommended, required_when: { property: startDate } }"), [
    'rules-src/types/Event.yaml:9:46: required_when needs either "values" or "absent: true"',
  ]],
  ["conditional recommendation on a property that is not optional", withLine(9, "  name: { level: recommended, recommended_when: { property: eventStatus, values: [EventScheduled] } }"), [
    'rules-src/types/Event.yaml:9:49: recommended_when is for optional properties; "name" is recommended',
  ]],
  ["conditional recommendation with both values and a bound", withLine(9, "  endDate: { level: optional, recommended_when: { property: eventStatus, values: [EventScheduled], above: 0 } }"), [
    'rules-src/types/Event.yaml:9:49: recommended_when takes one of "values", "above" or "absent: true"',
  ]],
  ["group waiver with neither values nor elsewhere", withLine(12, "one_of: [{ level: required, properties: [name, description], unless: { property: url } }]\nexamples:"), [
    'rules-src/types/Event.yaml:12:70: unless needs either "values" or "elsewhere: true"',
  ]],
  ["group waiver on one of its own members", withLine(12, "one_of: [{ level: required, properties: [name, description], unless: { property: name, elsewhere: true } }]\nexamples:"), [
    'rules-src/types/Event.yaml:12:82: "name" is a member of the group it would waive',
  ]],
  ["group waiver on a recommended group, by a misspelled sibling", withLine(12, "one_of: [{ level: recommended, properties: [name, description], unless: { property: ulr, values: [x] } }]\nexamples:"), [
    "rules-src/types/Event.yaml:12:73: unless waives a required group; a recommended one is a warning already",
    'rules-src/types/Event.yaml:12:75: "ulr" is not a Schema.org 29.4 property (did you mean "url"?)',
  ]],
  ["opt-in trigger that is no property", withLine(8, "opt_in: { triggers: [nmae] }\nproperties:"), [
    'rules-src/types/Event.yaml:8:22: "nmae" is not a Schema.org 29.4 property (did you mean "name"?)',
  ]],
  ["property outside the type's domain", withLine(9, "  price: { level: required, expect: Number }"), [
    'rules-src/types/Event.yaml:9:3: "price" is not a property of Event or its supertypes in Schema.org 29.4',
  ]],
  ["co_typed: a type of the rule set's own family (only_for's case)", withLine(9, "  name: { level: required, co_typed: [MusicEvent], expect: Text }"), [
    'rules-src/types/Event.yaml:9:39: "MusicEvent" is Event or of its family: co_typed names a type written beside it',
  ]],
  ["co_typed: a property of the co-type is checked against its domain, in the rule and in a group", withLine(11, "  eventStatus: { level: recommended, values: [EventScheduled] }\n  isbn: { level: optional, co_typed: [Place], expect: Text }\none_of: [{ level: recommended, properties: [isbn, name] }]"), [
    'rules-src/types/Event.yaml:12:3: "isbn" is not a property of Place or its supertypes in Schema.org 29.4',
    'rules-src/types/Event.yaml:13:45: "isbn" is not a property of Place or its supertypes in Schema.org 29.4',
  ]],
  ["enumeration value that is no member", withLine(11, "  eventStatus: { level: recommended, values: [EventHappening] }"), [
    'rules-src/types/Event.yaml:11:47: "EventHappening" is not a member of EventStatusType',
  ]],
  ["file name differs from type", BASE, ['rules-src/types/Party.yaml:1:7: type "Event" must equal the file name "Party"'], "Party.yaml"],
  ["tier does not fit status", withLine(3, "tier: 2"), [
    'rules-src/types/Event.yaml:3:7: tier 2 does not fit status "supported" (supported 1, coming_soon 2, planned 3 or 4, deprecated 0)',
  ]],
  ["unknown format", withLine(10, "  startDate: { level: required, format: iso-date }"), []],
  ["unknown expected type", withLine(9, "  name: { level: required, expect: Txt }"), [
    'rules-src/types/Event.yaml:9:36: "Txt" is not a Schema.org 29.4 type (did you mean "Text"?)',
  ]],
  ["expected type outside the range", withLine(9, "  name: { level: required, expect: Place }"), [
    'rules-src/types/Event.yaml:9:36: "Place" is not in the range of "name" (Text)',
  ]],
];

test("co_typed: a co-type's own property compiles, in the rule and in a group", () => {
  assert.equal(compileOne(withLine(11, "  eventStatus: { level: recommended, values: [EventScheduled] }\n  isbn: { level: optional, co_typed: [Book], expect: Text }\none_of: [{ level: recommended, properties: [isbn, name] }]")), []);
});

for (const [name, text, expected, fileName] of cases) {
  test(`compile error: ${name}`, () => {
    const got = compileOne(text, fileName);
    assert.ok(got.length > 0, "expected at least one diagnostic");
    if (expected.length) assert.equal(got, expected);
  });
}

test("YAML syntax errors carry line and column", () => {
  const got = compileOne(withLine(9, "  name: { level: required, expect: Text"));
  assert.match(got[0], /^rules-src\/types\/Event\.yaml:\d+:\d+: YAML: /);
});

test("an unknown format names the known ones", () => {
  const got = compileOne(withLine(10, "  startDate: { level: required, format: iso-date }"));
  assert.equal(got.length, 1);
  assert.match(got[0], /^rules-src\/types\/Event\.yaml:10:41: unknown format "iso-date" \(known: .*iso8601-date/);
});

test("every problem is reported at once, in file order", () => {
  let text = withLine(3, "tier: 2");
  text = text.replace("  name: { level: required, expect: Text }", "  title: { level: required, expect: Text }");
  text = text.replace("values: [EventScheduled]", "values: [EventHappening]");
  const got = compileOne(text);
  assert.equal(got.length, 3);
  assert.equal(got.map((d) => d.split(":")[1]), ["3", "9", "11"]);
});

test("a superseded property cannot be required", () => {
  const text = withLine(9, "  attendee: { level: required }").replace("type: Event", "type: Event");
  const got = compileOne(text.replace("  attendee: { level: required }", "  attendees: { level: required }"));
  assert.equal(got, ['rules-src/types/Event.yaml:9:23: "attendees" is superseded by "attendee" in Schema.org and cannot be required']);
});

test("also_matches must list real subtypes", () => {
  const got = compileOne(BASE.replace("tier: 1\n", "tier: 1\nalso_matches: [MusicEvent, Place]\n"));
  assert.equal(got, ['rules-src/types/Event.yaml:4:28: "Place" is not a subtype of Event']);
});

test.run();
