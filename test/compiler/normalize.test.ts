/**
 * The normalize stage: the raw types match the schema, the raw input is never changed, every
 * diagnostic has a code of the closed set, a file with several problems gets all of them at once,
 * and shared shapes inline with their per-use overrides.
 */
import { KEYWORD_NAMES } from "../../compiler/keywords/registry.ts";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadRuleText, loadRuleDirectory } from "../../compiler/load.ts";
import { compileFiles, loadShapes, loadVocabulary } from "../../compiler/compile.ts";
import { checkRuleFile } from "../../compiler/check.ts";
import { propertyOrder } from "../../compiler/normalize/inline-shapes.ts";
import { DIAGNOSTIC_CODES, formatDiagnostic, type Diagnostic } from "../../compiler/diagnostics.ts";
import * as raw from "../../compiler/raw.ts";
import { valueChecks } from "../../runtime/checks/index.ts";
import type { IrNodeRules } from "../../compiler/ir.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const vocabulary = loadVocabulary(root);
const schema = JSON.parse(readFileSync(new URL("../../generated/rule-file.schema.json", import.meta.url), "utf8"));
const defs = schema.definitions;
const keys = (o: object) => Object.keys(o).sort();

test("the raw rule-file types name exactly the schema's keys", () => {
  assert.equal(keys(raw.RULE_FILE_KEYS), keys(schema.properties));
  assert.equal([...keys(raw.CORE_PROPERTY_RULE_KEYS), ...KEYWORD_NAMES].sort(), keys(defs.propertyRule.properties));
  assert.equal(keys(raw.EXPECT_NODE_KEYS), keys(defs.expectNode.properties));
  assert.equal(keys(raw.ONE_OF_KEYS), keys(defs.oneOfList.items.properties));
  assert.equal(keys(raw.OPT_IN_KEYS), keys(defs.optIn.properties));
  assert.equal(keys(raw.FEATURE_KEYS), keys(schema.properties.features.items.properties));
  assert.equal(keys(raw.VALID_EXAMPLE_KEYS), keys(defs.validExample.properties));
  assert.equal(keys(raw.INVALID_EXAMPLE_KEYS), keys(defs.invalidExample.properties));
  assert.equal(keys(raw.SHAPE_FILE_KEYS), keys(defs.shapeFile.properties));
  assert.equal(keys(raw.FEATURE_HEADER_KEYS), keys(defs.shapeFile.properties.feature.properties));
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

test("normalizing never changes the raw input: every real rule file, deep-frozen", () => {
  const { files } = loadRuleDirectory(fileURLToPath(new URL("../../rules-src/types", import.meta.url)), "rules-src/types");
  const shapeFiles = loadRuleDirectory(fileURLToPath(new URL("../../rules-src/shapes", import.meta.url)), "rules-src/shapes").files;
  for (const f of shapeFiles) deepFreeze(f.data);
  const { shapes } = loadShapes(shapeFiles, vocabulary);
  const formats = new Set(Object.keys(valueChecks));
  assert.ok(files.length > 30);
  for (const file of files) {
    const before = JSON.stringify(file.data);
    deepFreeze(file.data);
    // Modules run in strict mode: a write to a frozen object throws here.
    const { ir, diagnostics } = checkRuleFile(file, { vocabulary, formats, shapes });
    assert.equal(diagnostics.map(formatDiagnostic), [], file.file);
    assert.ok(ir, file.file);
    assert.is(JSON.stringify(file.data), before, file.file);
  }
});

const SEVERAL = `type: Event
status: supported
tier: 2
google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/event
verified_on: 2026-11-22
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/event
properties:
  name: { level: mandatory, expect: Text }
  startDate: { level: required, format: no-such-check }
  eventStatus: { level: recommended, values: [EventSheduled] }
  location:
    level: required
    expect:
      - type: Place
        properties:
          adress: { level: required }
          name: { level: required, min: 5, max: 1 }
  offers:
    level: recommended
    expect: [{ type: Offer, shape: NoSuchShape }]
one_of:
  - level: required
    properties: [name]
features:
  - id: a
    name: A
    google_docs_url: https://example.com/a
    properties: { performer: { level: required, expect: Persn } }
  - id: a
    name: B
    google_docs_url: https://example.com/b
examples:
  valid:
    - name: ok
      data: { "@type": Event }
  invalid:
    - name: bad
      data: { "@type": Event }
      expect: [{ code: missing-required, property: name }]
`;

function compile(text: string, shapes: Record<string, string> = {}): Diagnostic[] {
  const { loaded, diagnostics } = loadRuleText("rules-src/types/Event.yaml", text);
  const shapeFiles = Object.entries(shapes).map(([name, t]) => loadRuleText(`rules-src/shapes/${name}.yaml`, t).loaded!);
  return compileFiles(loaded ? [loaded] : [], vocabulary, diagnostics, shapeFiles).diagnostics;
}

test("a file with several problems, schema and semantic ones mixed, gets all of them in one round", () => {
  const found = compile(SEVERAL).map((d) => `${d.line}:${d.code}: ${d.message}`);
  assert.equal(found, [
    '3:status: tier 2 does not fit status "supported" (supported 1, coming_soon 2, planned 3 or 4, deprecated 0)',
    '9:shape: "properties.name.level" must be one of "required", "recommended", "optional"',
    '10:format: unknown format "no-such-check" (known: ' + [...Object.keys(valueChecks)].sort().join(", ") + ")",
    '11:enum-member: "EventSheduled" is not a member of EventStatusType (did you mean "EventScheduled"?)',
    '17:unknown-property: "adress" is not a Schema.org 29.4 property (did you mean "address"?)',
    "18:conflict: min 5 is above max 1",
    '21:reference: shape "NoSuchShape" has no file in rules-src/shapes/',
    '24:shape: "one_of.0.properties" must NOT have fewer than 2 items',
    '29:unknown-type: "Persn" is not a Schema.org 29.4 type (did you mean "Person"?)',
    '30:duplicate: feature id "a" is used twice',
  ]);
});

test("every diagnostic the compiler emits has a code of the closed set", () => {
  const codes = new Set<string>(DIAGNOSTIC_CODES);
  const samples = [
    ...compile(SEVERAL),
    ...compile("type: [\n"),
    ...compile(SEVERAL.replace("type: Event", "type: Evnt")),
    ...compile(SEVERAL.replace("offers:\n    level: recommended\n    expect: [{ type: Offer, shape: NoSuchShape }]", "offers:\n    level: recommended\n    expect: [{ type: Offer, shape: Rating }]"), { Rating: "shape: Rating\ntype: Rating\nproperties: { ratingValue: { level: required } }\n" }),
  ];
  assert.ok(samples.length > 12);
  for (const d of samples) assert.ok(codes.has(d.code), `${d.code}: ${d.message}`);
  assert.ok(samples.some((d) => d.code === "yaml"));
  assert.ok(samples.some((d) => d.code === "file-name"));
  assert.ok(samples.some((d) => d.code === "not-subtype" && d.message.includes('shape "Rating"')));
});

const RATING_SHAPE = `shape: Rating
type: Rating
node_check: rating-bounds
properties:
  ratingValue: { level: required, expect: [Number, Text], fix: 'Add {path}, e.g. 4.' }
  bestRating: { level: recommended, expect: Number }
one_of:
  - level: recommended
    properties: [author, ratingExplanation]
    fix: 'Name who rated: {path}.author.'
`;

const USING = `type: Event
status: supported
tier: 1
google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/event
verified_on: 2026-11-22
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/event
properties:
  name: { level: required, expect: Text }
  review:
    level: optional
    expect:
      - type: Review
        properties:
          reviewRating:
            level: required
            expect: [{ type: Rating, shape: Rating, properties: { bestRating: { level: optional }, worstRating: { level: optional } } }]
  aggregateRating:
    level: optional
    expect: [{ type: AggregateRating, shape: Rating }]
examples:
  valid:
    - name: ok
      data: { "@context": https://schema.org, "@type": Event, name: A }
  invalid:
    - name: no name
      data: { "@context": https://schema.org, "@type": Event }
      expect: [{ code: missing-required, property: name }]
`;

test("a shape is inlined with per-use overrides, extra properties and {path} texts; a subtype may use it", () => {
  const { loaded } = loadRuleText("rules-src/types/Event.yaml", USING);
  const shapeFile = loadRuleText("rules-src/shapes/Rating.yaml", RATING_SHAPE).loaded!;
  const result = compileFiles([loaded!], vocabulary, [], [shapeFile]);
  assert.equal(result.diagnostics, []);
  const rs = result.output!.ruleSets[0];
  const classRules = (rules: IrNodeRules, name: string) => {
    const e = rules.properties.find((p) => p.name === name)!.expect[0];
    return e.kind === "class" ? e : assert.unreachable("a class expectation") as never;
  };
  const review = classRules(rs.rules!, "review").rules!;
  const rating = classRules(review, "reviewRating");
  assert.is(rating.nodeCheck, "rating-bounds");
  assert.equal(rating.rules!.properties.map((p) => [p.name, p.level]), [["ratingValue", "required"], ["bestRating", "optional"], ["worstRating", "optional"]]);
  assert.is(rating.rules!.properties[0].fix, "Add review.reviewRating.ratingValue, e.g. 4.");
  assert.is(rating.rules!.oneOf[0].fix, "Name who rated: review.reviewRating.author.");
  const aggregate = classRules(rs.rules!, "aggregateRating");
  assert.equal(aggregate.rules!.properties.map((p) => [p.name, p.level]), [["ratingValue", "required"], ["bestRating", "recommended"]]);
  assert.is(aggregate.rules!.properties[0].fix, "Add aggregateRating.ratingValue, e.g. 4.");
  assert.ok(aggregate.accepts.includes("EmployerAggregateRating"), "subtype expansion");
});

test("a rule file may start from a shape: its own properties override and extend the shape's, {path} names a top-level property in quotes", () => {
  const text = `type: Rating
status: supported
tier: 1
google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/review-snippet
verified_on: 2026-11-22
sources:
  - url: https://developers.google.com/search/docs/appearance/structured-data/review-snippet
shape: Rating
properties:
  bestRating: { level: optional }
  worstRating: { level: optional, expect: Number }
examples:
  valid:
    - name: ok
      data: { "@context": https://schema.org, "@type": Rating, ratingValue: 4, author: { "@type": Person, name: A } }
  invalid: []
`;
  const { loaded } = loadRuleText("rules-src/types/Rating.yaml", text);
  deepFreeze(loaded!.data);
  const shapeFile = loadRuleText("rules-src/shapes/Rating.yaml", RATING_SHAPE).loaded!;
  const { shapes } = loadShapes([shapeFile], vocabulary);
  const { ir, diagnostics } = checkRuleFile(loaded!, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  assert.equal(diagnostics, []);
  assert.is(ir!.rules!.nodeCheck, "rating-bounds");
  assert.equal(ir!.rules!.properties.map((p) => [p.name, p.level]), [["ratingValue", "required"], ["bestRating", "optional"], ["worstRating", "optional"]]);
  assert.is(ir!.rules!.properties[0].fix, 'Add "ratingValue", e.g. 4.');
  assert.is(ir!.rules!.oneOf[0].fix, 'Name who rated: "author".');
  const missing = loadRuleText("rules-src/types/Rating.yaml", text.replace("shape: Rating", "shape: NoSuchShape")).loaded!;
  const result = checkRuleFile(missing, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  assert.ok(result.diagnostics.some((d) => d.code === "reference" && d.message.includes('shape "NoSuchShape"')));
});

test("a feature may start from a shape: the feature's requirements are the shape's with its own over them", () => {
  const text = USING.replace("examples:", `features:
  - id: rated
    name: Rated
    google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/review-snippet
    shape: Rating
    properties:
      bestRating: { level: optional }
examples:`).replace("type: Event\n", "type: Rating\n").replace(/"@type": Event/g, '"@type": Rating').replace("name: { level: required, expect: Text }", "ratingValue: { level: required }").replace("properties: [{ code: missing-required, property: name }]", "");
  const { loaded } = loadRuleText("rules-src/types/Rating.yaml", text);
  const shapeFile = loadRuleText("rules-src/shapes/Rating.yaml", RATING_SHAPE).loaded!;
  const { shapes } = loadShapes([shapeFile], vocabulary);
  const { ir, diagnostics } = checkRuleFile(loaded!, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  assert.equal(diagnostics.filter((d) => d.message.includes("shape")), []);
  const feature = ir!.features.find((f) => f.id === "rated")!;
  assert.equal(feature.rules.properties.map((p) => [p.name, p.level]), [["ratingValue", "required"], ["bestRating", "optional"]]);
  assert.is(feature.rules.oneOf.length, 1);
});

test("a feature shape gives a feature naming it its id, name, page and triggers; the feature's own keys override; without a header the feature must name itself", () => {
  const header = `feature:
  id: rated
  name: Rated
  google_docs_url: https://developers.google.com/search/docs/appearance/structured-data/review-snippet
  opt_in: { triggers: [ratingValue], binding: true }
`;
  const withFeature = (features: string) =>
    USING.replace("examples:", `features:\n${features}examples:`)
      .replace("type: Event\n", "type: Rating\n").replace(/"@type": Event/g, '"@type": Rating')
      .replace("name: { level: required, expect: Text }", "ratingValue: { level: required }")
      .replace("properties: [{ code: missing-required, property: name }]", "");
  const compile = (shapeText: string, features: string) => {
    const { loaded } = loadRuleText("rules-src/types/Rating.yaml", withFeature(features));
    deepFreeze(loaded!.data);
    const shapeFile = loadRuleText("rules-src/shapes/Rating.yaml", shapeText).loaded!;
    const { shapes, diagnostics: shapeDiagnostics } = loadShapes([shapeFile], vocabulary);
    assert.equal(shapeDiagnostics, []);
    return checkRuleFile(loaded!, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  };
  const shared = compile(RATING_SHAPE + header, "  - shape: Rating\n");
  assert.equal(shared.diagnostics.filter((d) => d.message.includes("shape") || d.message.includes("feature")), []);
  const feature = shared.ir!.features.find((f) => f.id === "rated")!;
  assert.is(feature.name, "Rated");
  assert.is(feature.googleDocsUrl, "https://developers.google.com/search/docs/appearance/structured-data/review-snippet");
  assert.equal(feature.triggers, ["ratingValue"]);
  assert.is(feature.binding, true);
  assert.equal(feature.rules.properties.map((p) => p.name), ["ratingValue", "bestRating"]);

  const renamed = compile(RATING_SHAPE + header, "  - shape: Rating\n    name: Rated here\n    opt_in: { triggers: [bestRating] }\n");
  const own = renamed.ir!.features.find((f) => f.id === "rated")!;
  assert.is(own.name, "Rated here");
  assert.equal(own.triggers, ["bestRating"]);
  assert.is(own.binding, false);

  const headless = compile(RATING_SHAPE, "  - shape: Rating\n");
  assert.ok(headless.diagnostics.some((d) => d.code === "reference" && d.message.includes('shape "Rating" has no feature header')));
  assert.equal(headless.ir!.features, []);
});

test("a rule set's enhancements reach the IR, and their paths are checked against the vocabulary", () => {
  const check = (enhancements: string) => {
    const { loaded } = loadRuleText("rules-src/types/Event.yaml", USING.replace("examples:", `enhancements:\n${enhancements}examples:`));
    const shapeFile = loadRuleText("rules-src/shapes/Rating.yaml", RATING_SHAPE).loaded!;
    const { shapes } = loadShapes([shapeFile], vocabulary);
    return checkRuleFile(loaded!, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  };
  const ok = check("  - { property: review.author, name: review authors }\n");
  assert.equal(ok.diagnostics, []);
  assert.equal(ok.ir!.enhancements, [{ property: "review.author", name: "review authors" }]);
  const bad = check("  - { property: reviw, name: reviews }\n");
  assert.ok(bad.diagnostics.some((d) => d.message.includes("reviw")), JSON.stringify(bad.diagnostics));
});

test("requires_level: required reaches the IR; without requires it is a conflict", () => {
  const check = (rule: string) => {
    const { loaded } = loadRuleText("rules-src/types/Event.yaml", USING.replace("name: { level: required, expect: Text }", `name: { level: required, expect: Text }\n  description: ${rule}`));
    const { shapes } = loadShapes([loadRuleText("rules-src/shapes/Rating.yaml", RATING_SHAPE).loaded!], vocabulary);
    return checkRuleFile(loaded!, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  };
  const ok = check("{ level: recommended, expect: Text, requires: [image], requires_level: required }");
  assert.equal(ok.diagnostics, []);
  const p = ok.ir!.rules!.properties.find((x) => x.name === "description")!;
  assert.equal([p.requires, p.requiresRequired], [["image"], true]);
  assert.is(check("{ level: recommended, expect: Text, requires: [image] }").ir!.rules!.properties.find((x) => x.name === "description")!.requiresRequired, false);
  assert.ok(check("{ level: recommended, expect: Text, requires_level: required }").diagnostics.some((d) => d.code === "conflict" && d.message.includes("requires_level")));
});

test("merged properties keep the use's order, each shape property it leaves out after the one before it in the shape", () => {
  const shape = ["price", "priceCurrency"];
  assert.equal(propertyOrder(shape, ["availability", "price", "priceCurrency", "url"]), ["availability", "price", "priceCurrency", "url"]);
  assert.equal(propertyOrder(shape, ["priceSpecification", "availability"]), ["price", "priceCurrency", "priceSpecification", "availability"]);
  assert.equal(propertyOrder(shape, ["category", "price", "eligibleRegion"]), ["category", "price", "priceCurrency", "eligibleRegion"]);
  assert.equal(propertyOrder(["a", "b", "c", "d"], ["c", "x"]), ["a", "b", "c", "d", "x"]);
  assert.equal(propertyOrder(["a", "b"], []), ["a", "b"]);
});

test("shape files are checked: schema, file name, type", () => {
  const bad = loadRuleText("rules-src/shapes/Rating.yaml", "shape: Ratin\ntype: Ratng\nlevel: required\n").loaded!;
  assert.equal(loadShapes([bad], vocabulary).diagnostics.map(formatDiagnostic), [
    'rules-src/shapes/Rating.yaml:3:1: unknown key "level" in the file',
  ]);
  const misnamed = loadRuleText("rules-src/shapes/Rating.yaml", "shape: Ratin\ntype: Ratng\n").loaded!;
  assert.equal(loadShapes([misnamed], vocabulary).diagnostics.map((d) => d.code), ["file-name", "unknown-type"]);
});

test("defaults fill a frozen input's gaps in the IR, not in the input (a deprecated entry without kind)", () => {
  const text = USING.replace("status: supported\ntier: 1", "status: deprecated\ntier: 0\ndeprecated: { since: 2025-01-01, note: Gone. }");
  const { loaded } = loadRuleText("rules-src/types/Event.yaml", text);
  deepFreeze(loaded!.data);
  const shapeFile = loadRuleText("rules-src/shapes/Rating.yaml", RATING_SHAPE).loaded!;
  const { shapes } = loadShapes([shapeFile], vocabulary);
  const { ir, diagnostics } = checkRuleFile(loaded!, { vocabulary, formats: new Set(Object.keys(valueChecks)), shapes });
  assert.equal(diagnostics, []);
  assert.equal(ir!.deprecated, { since: "2025-01-01", note: "Gone.", kind: "retired" });
  assert.is((loaded!.data as { deprecated: { kind?: string } }).deprecated.kind, undefined);
});

test.run();
