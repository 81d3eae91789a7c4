/**
 * The score's promises (docs/score.md), each as a property over a table of inputs:
 * 100 exactly when nothing is reported; a broken block is 0; errors weigh more than warnings (and
 * keep the page under 50); adding a missing property never lowers it; repetition does not sink it;
 * retired-feature findings and vocabulary notes weigh little. Plus the documented worked examples.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateBlocks, validateValue } from "../../runtime/validate.ts";
import { NOTE_POINTS, VALID_FLOOR, WARNING_POINTS } from "../../runtime/score.ts";
import { isObject } from "../../runtime/json.ts";
import type { EngineResult } from "../../runtime/types.ts";

type Doc = Record<string, unknown>;
const ctx = "https://schema.org";

const place = { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "1000", addressRegion: "RG", addressCountry: "US" } };
const step = (i: number): Doc => ({ "@type": "HowToStep", name: `Step ${i}`, text: `Do ${i}.`, url: `https://example.com/c#step${i}`, image: `https://example.com/s${i}.jpg` });
const plainStep = (i: number): Doc => ({ "@type": "HowToStep", text: `Do ${i}.` });

/** Documents with nothing to report: every required and recommended property, well-formed. */
const complete: Record<string, Doc> = {
  event: {
    "@context": ctx,
    "@type": "Event",
    name: "Concert",
    startDate: "2026-07-21T19:00-05:00",
    location: place,
    endDate: "2026-07-21T23:00-05:00",
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    description: "A concert",
    image: "https://example.com/a.jpg",
    offers: { "@type": "Offer", price: 30, priceCurrency: "USD", availability: "https://schema.org/InStock", url: "https://example.com/t", validFrom: "2026-05-01T10:00Z" },
    performer: { "@type": "PerformingGroup", name: "Band" },
    organizer: { "@type": "Organization", name: "Org", url: "https://example.com" },
  },
  recipe: {
    "@context": ctx,
    "@type": "Recipe",
    name: "Cookies",
    image: ["https://example.com/1x1.jpg"],
    author: { "@type": "Person", name: "Wendy", url: "https://example.com/wendy" },
    datePublished: "2024-03-10",
    description: "Peanut butter cookies",
    prepTime: "PT10M",
    cookTime: "PT25M",
    totalTime: "PT35M",
    recipeCuisine: "French",
    recipeCategory: "Cookies",
    keywords: "cookies",
    recipeYield: "24",
    nutrition: { "@type": "NutritionInformation", calories: "120 calories" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: 5, ratingCount: 18 },
    recipeIngredient: ["2 cups of peanut butter", "1/3 cup of sugar"],
    recipeInstructions: [step(1), step(2)],
    video: {
      "@type": "VideoObject",
      name: "How to",
      description: "How to bake them.",
      thumbnailUrl: ["https://example.com/t.jpg"],
      contentUrl: "https://example.com/v.mp4",
      uploadDate: "2024-02-05T08:00:00+08:00",
      duration: "PT1M33S",
      interactionStatistic: { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: 2347 },
    },
  },
  breadcrumbs: {
    "@context": ctx,
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Books", item: "https://example.com/books" },
      { "@type": "ListItem", position: 2, name: "Authors", item: "https://example.com/books/authors" },
    ],
  },
};

const clone = <T>(v: T): T => structuredClone(v);
const score = (doc: unknown): number => validateValue(doc).summary.score;
const issueCount = (r: EngineResult): number => r.summary.total_errors + r.summary.total_warnings;

/** Every property path of a document ("offers", "offers.price", "recipeInstructions.0.name"). */
function paths(value: unknown, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...paths(item, [...prefix, String(i)])));
  else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (key.startsWith("@")) continue;
      out.push([...prefix, key], ...paths(value[key], [...prefix, key]));
    }
  }
  return out;
}

function without(doc: unknown, ...drop: string[][]): Doc {
  const copy = clone(doc) as Doc;
  for (const path of drop) {
    let node: unknown = copy;
    for (const key of path.slice(0, -1)) node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    const last = path[path.length - 1];
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else if (isObject(node)) delete node[last];
  }
  return copy;
}

test("the complete documents report nothing and score 100", () => {
  for (const [name, doc] of Object.entries(complete)) {
    const r = validateValue(doc);
    assert.equal(r.schemas.flatMap((s) => [...s.errors, ...s.warnings].map((i) => `${i.code} ${i.property}`)), [], name);
    assert.is(r.summary.score, 100, name);
  }
});

// Variants with one thing to fix of each kind, beside the complete documents.
const oneFinding: Array<[string, unknown]> = [
  ["a missing recommended property", without(complete.event, ["description"])],
  ["a missing required property", without(complete.event, ["startDate"])],
  ["a vocabulary note", { ...complete.event, colour: "red" }],
  ["no @context", without({ ...complete.event, "@context": undefined })],
  ["an unknown top-level type", { ...complete.event, "@type": "Evnt" }],
  ["a node without @type", { "@context": ctx, name: "x" }],
  ["a retired rich result's missing property", { "@context": ctx, "@type": "HowTo", step: [{ "@type": "HowToStep", text: "Do it." }] }],
  ["a dangling reference", { ...complete.event, organizer: { "@id": "#nobody" } }],
];

test("100 exactly when nothing is reported", () => {
  const table: Array<[string, unknown]> = [...Object.entries(complete), ...oneFinding, ["two complete nodes", [complete.event, complete.breadcrumbs]]];
  for (const [name, doc] of table) {
    const r = validateValue(doc);
    assert.is(r.summary.score === 100, issueCount(r) === 0, `${name}: score ${r.summary.score} with ${issueCount(r)} issue(s)`);
  }
});

const brokenTexts = ["{", '{"@type": "Product",}', "<html>", '{"@type": "Recipe", /* a comment */ "name": "x"}', '{"name": "a\nb"}'];
const asBlock = (text: string) => ({ text, offset: 0, line: 1, column: 1 });

test("a broken block scores 0: alone the page scores 0, beside good blocks it keeps the page under 50", () => {
  for (const text of brokenTexts) {
    const alone = validateBlocks([asBlock(text)]);
    assert.is(alone.schemas[0].score, 0, text);
    assert.is(alone.summary.score, 0, text);
    const beside = validateBlocks([asBlock(text), asBlock(JSON.stringify(complete.event)), asBlock(JSON.stringify(complete.recipe))]);
    assert.is(beside.schemas[0].score, 0, text);
    assert.ok(beside.summary.score < VALID_FLOOR, `${text}: ${beside.summary.score}`);
  }
});

test("errors weigh more than warnings: any error keeps the page under 50, no error keeps it at 50 or more", () => {
  const table: Array<[string, unknown]> = [...oneFinding];
  for (const [name, doc] of Object.entries(complete)) {
    for (const path of paths(doc)) table.push([`${name} without ${path.join(".")}`, without(doc, path)]);
  }
  for (const [name, doc] of table) {
    const r = validateValue(doc);
    assert.is(r.summary.score < VALID_FLOOR, r.summary.total_errors > 0, `${name}: score ${r.summary.score}, ${r.summary.total_errors} error(s)`);
  }
  // And one missing required property costs more than one missing recommended property.
  for (const [required, recommended] of [["startDate", "description"], ["location", "endDate"], ["name", "image"]]) {
    assert.ok(score(without(complete.event, [required])) < score(without(complete.event, [recommended])), `${required} vs ${recommended}`);
  }
});

test("adding a missing property with a good value never lowers the score", () => {
  // For every pair of paths: the document missing q, given p back, scores at least as well as without both.
  // Except where p needs q once given (a recipe's nutrition needs its recipeYield: a missing-companion
  // error): there p is no good value without q, as the search engine says.
  for (const [name, doc] of Object.entries(complete)) {
    const all = paths(doc);
    for (const q of all) {
      const missingQ = score(without(doc, q));
      const companions = new Set(validateValue(without(doc, q)).schemas.flatMap((s) => s.errors.filter((e) => e.code === "missing-companion").map((e) => e.message)));
      for (const p of all) {
        if (p === q || p.join(".").startsWith(q.join(".") + ".") || q.join(".").startsWith(p.join(".") + ".")) continue;
        // Delete the later list index first so both deletions hit the items they name.
        const [first, second] = p.join("/") > q.join("/") ? [p, q] : [q, p];
        const missingBoth = score(without(doc, first, second));
        if ([...companions].some((m) => m.startsWith(`"${p.join(".")}" is given`))) continue;
        assert.ok(missingQ >= missingBoth, `${name} without ${q.join(".")}: adding ${p.join(".")} lowers ${missingBoth} to ${missingQ}`);
      }
    }
  }
});

test("repetition does not sink the score: the same finding on n list items costs what it costs on one", () => {
  const recipeWith = (n: number) => ({ ...complete.recipe, recipeInstructions: Array.from({ length: n }, (_, i) => plainStep(i + 1)) });
  const reviewsWithoutAuthor = (n: number) => ({
    "@context": ctx,
    "@type": "Product",
    name: "Shoe",
    review: Array.from({ length: n }, () => ({ "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 4 } })),
  });
  const crumbsWithoutItem = (n: number) => ({
    "@context": ctx,
    "@type": "BreadcrumbList",
    itemListElement: Array.from({ length: n + 1 }, (_, i) => ({ "@type": "ListItem", position: i + 1, name: `Level ${i + 1}` })),
  });
  const table: Array<[string, (n: number) => unknown]> = [
    ["recipe steps without name, url and image", recipeWith],
    ["product reviews without author", reviewsWithoutAuthor],
    ["breadcrumb items without item", crumbsWithoutItem],
  ];
  for (const [name, make] of table) {
    const one = score(make(1));
    assert.ok(one < 100, `${name}: there is something to fix`);
    for (const n of [2, 3, 10, 25, 200]) assert.is(score(make(n)), one, `${name}: ${n} items`);
  }
  // The issue's own case: a complete, valid, eligible recipe with 25 plain steps scores like one with 1.
  const r25 = validateValue(recipeWith(25));
  assert.ok(r25.schemas[0].rich_result_eligible && r25.schemas[0].valid);
  assert.is(r25.summary.total_warnings, 75);
  assert.is(r25.summary.score, score(recipeWith(1)));
  assert.is(r25.summary.score, 100 - 3 * WARNING_POINTS);
});

test("vocabulary notes and retired-feature findings weigh little", () => {
  // One note costs NOTE_POINTS, however many times it is repeated.
  for (const [name, doc] of Object.entries(complete)) {
    assert.is(score({ ...doc, colour: "red" }), 100 - NOTE_POINTS, name);
    assert.is(score({ ...doc, colour: "red", flavour: "sweet" }), 100 - 2 * NOTE_POINTS, name);
  }
  // A retired rich result: each finding, even a missing required property, costs a note.
  const howTo = { "@context": ctx, "@type": "HowTo", name: "Tie a tie", step: [{ "@type": "HowToStep", text: "Cross." }] };
  const r = validateValue(howTo);
  assert.is(r.summary.total_errors, 0);
  const findings = new Set(r.schemas[0].warnings.map((w) => `${w.code} ${w.property}`)).size;
  assert.ok(findings > 0);
  assert.is(r.summary.score, 100 - findings * NOTE_POINTS);
});

/** A complete used-car listing: a retired rich result, still checked against its last documented rules. */
const car = {
  "@context": ctx,
  "@type": "Car",
  name: "2009 Volkswagen Golf V 1.4 TSI",
  vehicleIdentificationNumber: "1HGCM82633A004352",
  image: ["https://example.com/cars/golf-1.jpg"],
  url: "https://www.example.com/used-cars/golf-2009",
  offers: { "@type": "Offer", availability: "https://schema.org/InStock", price: 13000, priceCurrency: "USD" },
  itemCondition: "https://schema.org/UsedCondition",
  brand: { "@type": "Brand", name: "Volkswagen" },
  model: "Golf",
  vehicleConfiguration: "V 1.4 TSI",
  vehicleModelDate: "2009",
  mileageFromOdometer: { "@type": "QuantitativeValue", value: 137000, unitCode: "SMI" },
  color: "Black",
  vehicleInteriorColor: "Beige",
  vehicleInteriorType: "Leather",
  bodyType: "Hatchback",
  driveWheelConfiguration: "https://schema.org/FrontWheelDriveConfiguration",
  vehicleEngine: { "@type": "EngineSpecification", fuelType: "Gasoline" },
  vehicleTransmission: "Automatic",
  numberOfDoors: 5,
  vehicleSeatingCapacity: 5,
};

// The worked examples of docs/score.md, so that the page stays true.
const workedExamples: Array<[string, unknown, number]> = [
  ["complete event", complete.event, 100],
  ["event without description and image", without(complete.event, ["description"], ["image"]), 94],
  ["recipe with 25 plain steps", { ...complete.recipe, recipeInstructions: Array.from({ length: 25 }, (_, i) => plainStep(i + 1)) }, 91],
  ["event without startDate", without(complete.event, ["startDate"]), 42],
  ["misspelt type", { "@context": ctx, "@type": "Prodcut", name: "Shoe" }, 42],
  ["complete event and complete breadcrumbs, one of them without startDate", [without(complete.event, ["startDate"]), complete.breadcrumbs], 49],
  ["event without description, complete breadcrumbs", [without(complete.event, ["description"]), complete.breadcrumbs], 98],
  ["complete retired car listing", car, 100],
  ["retired car listing without model and vehicleModelDate", without(car, ["model"], ["vehicleModelDate"]), 98],
];

test("the documented worked examples: the page whose only block is broken", () => {
  assert.is(validateBlocks([asBlock('{"@type": "Event",}')]).summary.score, 0);
});

test("the documented worked examples", () => {
  for (const [name, doc, expected] of workedExamples) assert.is(score(doc), expected, name);
});

test.run();
