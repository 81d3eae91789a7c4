/**
 * Every mechanical fix class, applied with a JSON Patch library (fast-json-patch, not our own code) and
 * re-validated: the issue is gone, the document changed only where the patch says, and no other issue
 * appeared or went away (beyond the ones the same fix settles, listed per case). The ambiguous cases and
 * the values sdv accepts get no patch.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import jsonPatch from "fast-json-patch";
import { validateValue } from "../../../runtime/validate.ts";
import type { EngineResult, ValidationIssue } from "../../../runtime/types.ts";

type Doc = Record<string, unknown>;

const issuesOf = (r: EngineResult): ValidationIssue[] => r.schemas.flatMap((s) => [...s.errors, ...s.warnings]);
const key = (i: ValidationIssue) => `${i.code} ${i.path} ${i.property}`;

const product = (offer: Doc, extra: Doc = {}): Doc => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Executive Anvil",
  image: "https://example.com/anvil.jpg",
  offers: { "@type": "Offer", price: "39.99", priceCurrency: "USD", availability: "https://schema.org/InStock", ...offer },
  ...extra,
});

const event = (extra: Doc): Doc => ({
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Concert",
  startDate: "2027-07-21T19:00-05:00",
  location: { "@type": "Place", name: "Hall", address: "1 Main St" },
  ...extra,
});

const article = (extra: Doc): Doc => ({
  "@context": "https://schema.org",
  "@type": "NewsArticle",
  headline: "Title",
  image: "https://example.com/a.jpg",
  datePublished: "2027-07-21T08:00:00+02:00",
  author: { "@type": "Person", name: "Ann", url: "https://example.com/ann" },
  hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall" },
  ...extra,
});

interface Case {
  name: string;
  doc: Doc;
  code: string;
  path: string;
  /** The document after the fix, as far as it differs: pointer -> value. */
  expect: Record<string, unknown>;
  /** Other issues the same fix settles (by code and path). */
  alsoGone?: string[];
  /** A fixed @type brings the type's own rules: what they find is new (only missing properties here). */
  reveals?: boolean;
}

const CASES: Case[] = [
  { name: "enumeration in the wrong case", doc: product({ availability: "instock" }), code: "invalid-enum", path: "/offers/availability", expect: { "/offers/availability": "https://schema.org/InStock" } },
  { name: "enumeration as an http URL in the wrong case", doc: product({ availability: "http://schema.org/instock" }), code: "invalid-enum", path: "/offers/availability", expect: { "/offers/availability": "https://schema.org/InStock" } },
  { name: "enumeration in capitals", doc: event({ eventAttendanceMode: "OFFLINEEVENTATTENDANCEMODE" }), code: "invalid-enum", path: "/eventAttendanceMode", expect: { "/eventAttendanceMode": "https://schema.org/OfflineEventAttendanceMode" } },
  { name: "currency as the euro sign", doc: product({ priceCurrency: "€" }), code: "invalid-format", path: "/offers/priceCurrency", expect: { "/offers/priceCurrency": "EUR" } },
  { name: "currency as the pound sign", doc: product({ priceCurrency: "£" }), code: "invalid-format", path: "/offers/priceCurrency", expect: { "/offers/priceCurrency": "GBP" } },
  { name: "currency as a name", doc: product({ priceCurrency: "euro" }), code: "invalid-format", path: "/offers/priceCurrency", expect: { "/offers/priceCurrency": "EUR" } },
  { name: "currency code in lowercase", doc: product({ priceCurrency: "usd" }), code: "invalid-format", path: "/offers/priceCurrency", expect: { "/offers/priceCurrency": "USD" } },
  { name: "price with a dollar sign and a thousands comma", doc: product({ price: "$1,299.00" }), code: "invalid-format", path: "/offers/price", expect: { "/offers/price": "1299.00" } },
  { name: "price with a decimal comma and the euro sign, currency added", doc: product({ price: "19,99 €", priceCurrency: undefined }), code: "invalid-format", path: "/offers/price", expect: { "/offers/price": "19.99", "/offers/priceCurrency": "EUR" }, alsoGone: ["missing-required /offers offers.priceCurrency", "missing-one-of /offers offers.priceCurrency"] },
  { name: "price in euros beside priceCurrency EUR", doc: product({ price: "1.299,00 €", priceCurrency: "EUR" }), code: "invalid-format", path: "/offers/price", expect: { "/offers/price": "1299.00" } },
  { name: "date-time with a space", doc: event({ offers: { "@type": "Offer", price: 10, priceCurrency: "USD", url: "https://example.com/t", availability: "https://schema.org/InStock", validFrom: "2027-07-21 19:00" } }), code: "invalid-format", path: "/offers/validFrom", expect: { "/offers/validFrom": "2027-07-21T19:00" } },
  { name: "date written in words", doc: event({ offers: { "@type": "Offer", price: 10, priceCurrency: "USD", url: "https://example.com/t", availability: "https://schema.org/InStock", validFrom: "July 21, 2027" } }), code: "invalid-format", path: "/offers/validFrom", expect: { "/offers/validFrom": "2027-07-21" } },
  { name: "date day-first where the day cannot be a month", doc: product({ priceValidUntil: "21/07/2027" }), code: "invalid-format", path: "/offers/priceValidUntil", expect: { "/offers/priceValidUntil": "2027-07-21" } },
  { name: "misspelt top-level @type", doc: { ...product({}), "@type": "Prodcut" }, code: "unknown-type", path: "/@type", expect: { "/@type": "Product" }, reveals: true },
  { name: "misspelt nested @type", doc: product({ "@type": "Ofer" }), code: "wrong-type", path: "/offers", expect: { "/offers/@type": "Offer" }, alsoGone: ["unknown-type /offers/@type", "missing-one-of  review"], reveals: true },
  { name: "Boolean written as TRUE", doc: article({ isAccessibleForFree: "TRUE" }), code: "wrong-type", path: "/isAccessibleForFree", expect: { "/isAccessibleForFree": true } },
  { name: "@context without a scheme", doc: { ...product({}), "@context": "schema.org" }, code: "missing-context", path: "", expect: { "/@context": "https://schema.org" } },
  { name: "@context as a scheme-relative URL", doc: { ...product({}), "@context": "//schema.org" }, code: "missing-context", path: "", expect: { "/@context": "https://schema.org" } },
];

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

for (const c of CASES) {
  test(`patch: ${c.name}`, () => {
    const doc = clone(c.doc);
    const before = validateValue(doc);
    const issue = issuesOf(before).find((i) => i.code === c.code && i.path === c.path);
    assert.ok(issue, `the issue ${c.code} at ${c.path} is raised: ${issuesOf(before).map(key).join("; ")}`);
    assert.ok(issue!.patch, `it carries a patch`);
    const fixed = jsonPatch.applyPatch(clone(doc), issue!.patch as jsonPatch.Operation[], true, false).newDocument;
    // Changed only where the patch says.
    const changes = jsonPatch.compare(doc, fixed).map((op) => [op.path, "value" in op ? op.value : undefined]);
    assert.equal(Object.fromEntries(changes), c.expect);
    // The issue is gone; every other issue is as it was, less the ones the same fix settles.
    const after = issuesOf(validateValue(fixed)).map(key);
    assert.not.ok(after.includes(key(issue!)), `the issue is gone: ${after.join("; ")}`);
    // A failed value counts as missing, so the same property's one-of and feature findings go with it.
    const settled = (i: ValidationIssue) => i.property === issue!.property || (c.alsoGone ?? []).some((s) => key(i).startsWith(s));
    const expected = issuesOf(before).filter((i) => i !== issue && !settled(i)).map(key);
    if (c.reveals) {
      for (const k of expected) assert.ok(after.includes(k), `still there: ${k}`);
      for (const k of after) if (!expected.includes(k)) assert.match(k, /^missing-/);
    } else assert.equal(after.sort(), expected.sort());
  });
}

interface NoPatch {
  name: string;
  doc: Doc;
  path: string;
  /** Whether sdv raises an issue there at all (accepted values raise none). */
  flagged: boolean;
}

const NO_PATCH: NoPatch[] = [
  { name: "a dollar sign names no single currency", doc: product({ priceCurrency: "$" }), path: "/offers/priceCurrency", flagged: true },
  { name: "a yen sign is yen or yuan", doc: product({ priceCurrency: "¥" }), path: "/offers/priceCurrency", flagged: true },
  { name: "a withdrawn currency is not swapped for its successor", doc: product({ priceCurrency: "HRK" }), path: "/offers/priceCurrency", flagged: true },
  { name: "a price in euros beside priceCurrency HRK", doc: product({ price: "19,99 €", priceCurrency: "HRK" }), path: "/offers/price", flagged: true },
  { name: "a dollar price beside priceCurrency EUR", doc: product({ price: "$19.99", priceCurrency: "EUR" }), path: "/offers/price", flagged: true },
  { name: "1,299 is a thousand or a decimal", doc: product({ price: "$1,299" }), path: "/offers/price", flagged: true },
  { name: "a price with words around it", doc: product({ price: "from 12.00" }), path: "/offers/price", flagged: true },
  { name: "07/08/2027 is July or August", doc: product({ priceValidUntil: "07/08/2027" }), path: "/offers/priceValidUntil", flagged: true },
  { name: "a date-time without a zone where one is required", doc: event({ startDate: "2027-07-21 19:00" }), path: "/startDate", flagged: true },
  { name: "a word that is no member", doc: product({ availability: "available" }), path: "/offers/availability", flagged: true },
  { name: "a missing required value is not invented", doc: { ...product({}), name: undefined }, path: "", flagged: true },
  { name: "a @type nothing is close to", doc: { ...product({}), "@type": "Gizmo" }, path: "/@type", flagged: true },
  { name: "a short enumeration name is accepted", doc: product({ availability: "InStock" }), path: "/offers/availability", flagged: false },
  { name: "true as text is accepted", doc: article({ isAccessibleForFree: "true" }), path: "/isAccessibleForFree", flagged: false },
];

for (const c of NO_PATCH) {
  test(`no patch: ${c.name}`, () => {
    const issues = issuesOf(validateValue(clone(c.doc))).filter((i) => i.path === c.path);
    assert.is(issues.length > 0, c.flagged, `flagged: ${issues.map(key).join("; ")}`);
    for (const i of issues) assert.is(i.patch, undefined, `${key(i)} has no patch`);
  });
}

test("no patch on Microdata: there is no JSON to patch", async () => {
  const { validateHtml } = await import("../../../runtime/validate.ts");
  const html = `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Anvil</span>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="39.99"><meta itemprop="priceCurrency" content="€"><link itemprop="availability" href="instock"></div></div>`;
  const issues = issuesOf(validateHtml(html, "https://example.com/"));
  assert.ok(issues.some((i) => i.property.includes("priceCurrency")), "the currency is flagged");
  assert.ok(issues.every((i) => i.patch === undefined));
});

test("patches are part of the JSON of a report, pointers relative to the block", async () => {
  const { validateHtml } = await import("../../../runtime/validate.ts");
  const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Thing"}</script>
<script type="application/ld+json">${JSON.stringify(product({ priceCurrency: "€" }))}</script>`;
  const report = JSON.parse(JSON.stringify(validateHtml(html))) as EngineResult;
  const schema = report.schemas.find((s) => s.type === "Product")!;
  assert.is(schema.block, 1);
  const issue = [...schema.errors, ...schema.warnings].find((i) => i.patch)!;
  assert.equal(issue.patch, [
    { op: "test", path: "/offers/priceCurrency", value: "€" },
    { op: "replace", path: "/offers/priceCurrency", value: "EUR" },
  ]);
});

test.run();
