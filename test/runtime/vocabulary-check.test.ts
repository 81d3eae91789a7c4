/** Vocabulary conformance warnings: a table of inputs and the warning each must (or must not) give. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const ctx = "https://schema.org";
const cases: Array<[string, unknown, { code: string; property: string; fix?: RegExp } | null]> = [
  // Top-level unknown types are errors (test/runtime/unknown-type.test.ts); nested ones stay warnings.
  ["misspelt nested type gets a did-you-mean", { "@context": ctx, "@type": "WebPage", about: { "@type": "Prodcut", name: "x" } }, { code: "unknown-type", property: "about.@type", fix: /Did you mean "Product"/ }],
  ["wrong case nested type gets the right case", { "@context": ctx, "@type": "WebPage", mainEntity: { "@type": "recipe", name: "x" } }, { code: "unknown-type", property: "mainEntity.@type", fix: /"Recipe"/ }],
  ["an unknown extra type beside a known one is a warning", { "@context": ctx, "@type": ["WebPage", "Prodcut"], name: "x" }, { code: "unknown-type", property: "@type", fix: /"Product"/ }],
  ["misspelt property", { "@context": ctx, "@type": "WebPage", nmae: "x" }, { code: "unknown-property", property: "nmae", fix: /"name"/ }],
  ["property of another type", { "@context": ctx, "@type": "WebPage", price: 3 }, { code: "unknown-property", property: "price" }],
  ["nested property paths are dotted", { "@context": ctx, "@type": "WebPage", author: { "@type": "Person", nme: "x" } }, { code: "unknown-property", property: "author.nme" }],
  ["superseded property", { "@context": ctx, "@type": "Organization", name: "x", founders: [{ "@type": "Person", name: "y" }] }, { code: "superseded-property", property: "founders", fix: /"founder"/ }],
  ["value outside the range", { "@context": ctx, "@type": "WebPage", author: { "@type": "Place", name: "x" } }, { code: "unexpected-type", property: "author" }],
  ["a subtype inside the range is fine", { "@context": ctx, "@type": "WebPage", author: { "@type": "Corporation", name: "x" } }, null],
  ["action annotations are understood", { "@context": ctx, "@type": "WebSite", potentialAction: { "@type": "SearchAction", target: "https://x.example/?q={q}", "query-input": "required name=q" } }, null],
  [
    "an action annotation's PropertyValueSpecification (Yoast's query-input) is no value of the property",
    { "@context": ctx, "@type": "WebSite", potentialAction: { "@type": "SearchAction", target: { "@type": "EntryPoint", urlTemplate: "https://x.example/?s={s}" }, "query-input": { "@type": "PropertyValueSpecification", valueRequired: true, valueName: "s" } } },
    null,
  ],
  [
    "the math solver page's SolveMathAction annotation of MathSolver's mathExpression is understood",
    { "@context": ctx, "@type": ["MathSolver", "LearningResource"], name: "x", url: "https://x.example/", potentialAction: [{ "@type": "SolveMathAction", target: "https://x.example/solve?q={math_expression_string}", "mathExpression-input": "required name=math_expression_string", eduQuestionType: "Polynomial Equation" }] },
    null,
  ],
  ["the same property on the action itself (no annotation) is still outside its domain", { "@context": ctx, "@type": "SolveMathAction", mathExpression: "x+1=2" }, { code: "unknown-property", property: "mathExpression" }],
  ["the speakable page's spelling xPath is read as xpath", { "@context": ctx, "@type": "WebPage", name: "x", speakable: { "@type": "SpeakableSpecification", xPath: ["/html/head/title"] } }, null],
  ["another casing of a property is still unknown", { "@context": ctx, "@type": "WebPage", name: "x", speakable: { "@type": "SpeakableSpecification", XPATH: ["/html/head/title"] } }, { code: "unknown-property", property: "speakable.XPATH" }],
  ["the same object as the property's own value is outside its range", { "@context": ctx, "@type": "SearchAction", query: { "@type": "Place", name: "x" } }, { code: "unexpected-type", property: "query" }],
  ["a superseded property the search engine's documentation still asks for (a restaurant's menu) is not warned about", { "@context": ctx, "@type": "Restaurant", name: "x", menu: "https://x.example/menu" }, null],
  ["the book actions page's LibrarySystem additionalProperty (librarytype) is not warned about", { "@context": ctx, "@type": "LibrarySystem", name: "x", additionalProperty: { "@type": "PropertyValue", name: "librarytype", value: "public" } }, null],
  ["additionalProperty on another Organization is still outside its domain", { "@context": ctx, "@type": "Organization", name: "x", additionalProperty: { "@type": "PropertyValue", name: "librarytype", value: "public" } }, { code: "unknown-property", property: "additionalProperty" }],
  ["other vocabularies are left alone", { "@context": ctx, "@type": "WebPage", "og:title": "x", "https://example.com/p": 1 }, null],
  ["full Schema.org property IRIs are read", { "@context": ctx, "@type": "WebPage", "https://schema.org/name": "x" }, null],
];

for (const [name, doc, expected] of cases) {
  test(name, () => {
    const issues = validateValue(doc).schemas.flatMap((s) => [...s.errors, ...s.warnings]);
    const vocabulary = issues.filter((i) => ["unknown-type", "unknown-property", "unexpected-type", "superseded-property"].includes(i.code));
    assert.ok(issues.every((i) => !["unknown-type", "unknown-property", "unexpected-type", "superseded-property"].includes(i.code) || i.severity === "warning"), "vocabulary issues are warnings");
    if (expected === null) return assert.equal(vocabulary.map((i) => i.message), []);
    const hit = vocabulary.find((i) => i.code === expected.code && i.property === expected.property);
    assert.ok(hit, `expected ${expected.code} on ${expected.property}; got ${vocabulary.map((i) => `${i.code} ${i.property}`).join("; ")}`);
    if (expected.fix) assert.match(hit!.fix, expected.fix);
  });
}

test("deep input does not overflow the vocabulary walk", () => {
  let node: Record<string, unknown> = { "@type": "Person", name: "end" };
  for (let i = 0; i < 5000; i++) node = { "@type": "Person", knows: node };
  const r = validateValue({ "@context": ctx, ...node });
  assert.ok(r.schemas.some((s) => s.type === "Person"));
  assert.ok(r.schemas.some((s) => s.errors.some((e) => e.code === "too-deep")));
});

test("an enumeration member written as a type is told to be a value, not a near type name", () => {
  const r = validateValue({ "@context": "https://schema.org", "@type": "Event", name: "Fair", eventAttendanceMode: { "@type": "OfflineEventAttendanceMode" } });
  const w = r.schemas[0].warnings.find((i) => i.code === "unknown-type")!;
  assert.match(w.message, /"OfflineEventAttendanceMode" is a value of EventAttendanceModeEnumeration, not a type/);
  assert.match(w.fix, /"https:\/\/schema\.org\/OfflineEventAttendanceMode"/);
  // The twin: a misspelt type still gets its did-you-mean.
  const typo = validateValue({ "@context": "https://schema.org", "@type": "Event", name: "Fair", location: { "@type": "Plcae", name: "Hall" } });
  assert.match(typo.schemas[0].warnings.find((i) => i.code === "unknown-type")!.fix, /Did you mean "Place"/);
});

test("nodes of one type whose keys come in other orders each get their own verdicts (the walk keeps the last node's key order)", () => {
  const person = (keys: Array<[string, unknown]>) => ({ "@type": "Person", ...Object.fromEntries(keys) });
  const r = validateValue({
    "@context": ctx,
    "@type": "WebPage",
    name: "x",
    author: [
      person([["name", "a"], ["jobTitle", "b"], ["nmae", "c"]]),
      person([["nmae", "d"], ["name", "e"], ["price", 3]]),
      person([["name", "f"], ["price", 4], ["jobTitle", "g"], ["founders", [{ "@type": "Person", name: "h" }]]]),
      person([["name", "i"], ["jobTitle", "j"]]),
    ],
  });
  const found = r.schemas[0].warnings.filter((w) => ["unknown-property", "superseded-property"].includes(w.code)).map((w) => `${w.code} ${w.path}`);
  assert.equal(found.sort(), ["unknown-property /author/0/nmae", "unknown-property /author/1/nmae", "unknown-property /author/1/price", "unknown-property /author/2/founders", "superseded-property /author/2/founders", "unknown-property /author/2/price"].sort());
});

test("values of one key whose types alternate each get their own type's verdicts (a key's verdict keeps the last value's type)", () => {
  // Offers of two types, in both orders and in runs: lowPrice is AggregateOffer's, not Offer's; seller is both's.
  const offer = (extra: Record<string, unknown>) => ({ "@type": "Offer", price: 1, priceCurrency: "EUR", ...extra });
  const aggregate = (extra: Record<string, unknown>) => ({ "@type": "AggregateOffer", lowPrice: 1, priceCurrency: "EUR", ...extra });
  const r = validateValue({
    "@context": ctx,
    "@type": "Product",
    name: "x",
    offers: [offer({ lowPrice: 2 }), aggregate({}), aggregate({ nmae: "y" }), offer({}), offer({ lowPrice: 3 }), aggregate({ price: 2 }), offer({ seller: { "@type": "Organization", name: "s" } })],
  });
  const found = r.schemas[0].warnings.filter((w) => w.code === "unknown-property").map((w) => w.path);
  assert.equal(found.sort(), ["/offers/0/lowPrice", "/offers/2/nmae", "/offers/4/lowPrice"].sort());
});

test.run();
