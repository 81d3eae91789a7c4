/**
 * A node of several types is judged by the rule set that applies to it: one whose markup the node
 * carries before opt-in markup it does not (a review snippet on a recording it does not rate), a rich
 * result of its own before a review snippet or a type without one; and each further rich result of
 * its own the types carry is a result of its own at the same place (the search engine's test lists an
 * item per feature). Each case has a twin that differs in the one property that decides, so that the
 * order of the types alone cannot pass it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const ctx = "https://schema.org";
const codes = (s: { errors: { code: string; property: string }[] }) => s.errors.map((e) => `${e.code} ${e.property}`);

const cases: Array<{ name: string; types: string[]; node: Record<string, unknown>; type: string; errors: string[] }> = [
  {
    name: "an unrated recording sold as a product: the product's broken price is an error",
    types: ["MusicRecording", "Product"],
    node: { name: "Anvil Song", offers: { "@type": "Offer", price: "abc", priceCurrency: "USD" } },
    type: "Product",
    errors: ["invalid-format offers.price"],
  },
  {
    name: "a rated recording sold as a product is a product too (its rules include the rating's)",
    types: ["MusicRecording", "Product"],
    node: { name: "Anvil Song", offers: { "@type": "Offer", price: "abc", priceCurrency: "USD" }, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 9 } },
    type: "Product",
    errors: ["invalid-format offers.price"],
  },
  {
    name: "an unrated TV episode that is a video needs the video's thumbnail and date",
    types: ["TVEpisode", "VideoObject"],
    node: { name: "Anvil, episode 1", description: "The first episode." },
    type: "VideoObject",
    errors: ["missing-required thumbnailUrl", "missing-required uploadDate"],
  },
  {
    name: "a rated game that is an app needs the app's offer",
    types: ["Game", "SoftwareApplication"],
    node: { name: "Space Anvil", aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 10 } },
    type: "SoftwareApplication",
    errors: ["missing-required offers"],
  },
  {
    name: "a video game alone is a rated game: its rating needs a count",
    types: ["VideoGame"],
    node: { name: "Space Anvil", aggregateRating: { "@type": "AggregateRating", ratingValue: 4 } },
    type: "Game",
    errors: ["missing-one-of aggregateRating.ratingCount"],
  },
];

for (const c of cases) {
  test(c.name, () => {
    const [schema] = validateValue({ "@context": ctx, "@type": c.types, ...c.node }).schemas;
    assert.is(schema.type, c.type);
    for (const e of c.errors) assert.ok(codes(schema).some((x) => x.startsWith(e)), `${e} in ${codes(schema).join("; ")}`);
    assert.is(schema.valid, false);
  });
}

test("clean twins: with the property that decided, each of those nodes is valid", () => {
  const offers = { "@type": "Offer", price: 1.99, priceCurrency: "USD" };
  const twins: Record<string, unknown>[] = [
    { "@type": ["MusicRecording", "Product"], name: "Anvil Song", image: "https://example.com/a.jpg", offers },
    { "@type": ["TVEpisode", "VideoObject"], name: "Anvil, episode 1", description: "The first episode.", thumbnailUrl: "https://example.com/t.jpg", uploadDate: "2026-01-05T08:00:00+00:00" },
    { "@type": ["Game", "SoftwareApplication"], name: "Space Anvil", offers, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 10 } },
    { "@type": "VideoGame", name: "Space Anvil", aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 10 } },
  ];
  for (const twin of twins) {
    const [schema] = validateValue({ "@context": ctx, ...twin }).schemas;
    assert.equal(codes(schema), [], JSON.stringify(twin["@type"]));
    assert.ok(schema.valid);
  }
});

test("an unrated game without another rule set is not detected, not judged as something else", () => {
  const [schema] = validateValue({ "@context": ctx, "@type": ["Game", "Thing"], name: "Space Anvil" }).schemas;
  assert.is(schema.type, "Game");
  assert.is(schema.rich_result_eligible, false);
  assert.equal(schema.errors, []);
});

const results = (node: Record<string, unknown>) => validateValue({ "@context": ctx, ...node }).schemas;
const offer = { "@type": "Offer", price: 12.5, priceCurrency: "EUR" };

test("a book co-typed as a product, as the merchant listing page writes it, is a product in either order", () => {
  for (const types of [["Book", "Product"], ["Product", "Book"]]) {
    const [schema, ...more] = results({ "@type": types, name: "Anvils for Beginners", image: "https://example.com/b.jpg", offers: offer });
    assert.is(schema.type, "Product", types.join());
    assert.ok(schema.rich_result_eligible, types.join());
    assert.equal(more, [], "Book has no rich result of its own: no second result");
    const [broken] = results({ "@type": types, name: "Anvils for Beginners", image: "https://example.com/b.jpg", offers: { "@type": "Offer", priceCurrency: "EUR" } });
    assert.ok(codes(broken).some((c) => c.startsWith("missing-one-of offers.price")), codes(broken).join("; "));
  }
});

test("an article that is also an event: two results at one place, each judged by its own rules", () => {
  const node = { "@type": ["Article", "Event"], headline: "Anvil fair", name: "Anvil fair", image: "https://example.com/a.jpg", location: { "@type": "Place", name: "Hall 1", address: "1 Forge St, Sheffield" } };
  const [article, event, ...more] = results(node);
  assert.equal([article.type, event?.type, more.length], ["Article", "Event", 0]);
  assert.is(article.path, event.path);
  assert.ok(article.valid, codes(article).join("; "));
  assert.ok(codes(event).includes("missing-required startDate"), codes(event).join("; "));
  // Its twin with a start date: both valid.
  const [a2, e2] = results({ ...node, startDate: "2026-05-01T10:00:00+01:00" });
  assert.ok(a2.valid && e2.valid, `${codes(a2)} / ${codes(e2)}`);
});

test("an organization that is also a local business needs the local business's address, in either order", () => {
  for (const types of [["Organization", "LocalBusiness"], ["LocalBusiness", "Organization"]]) {
    const all = results({ "@type": types, name: "Anvil & Sons", url: "https://anvil.example/" });
    const local = all.find((r) => r.type === "LocalBusiness");
    assert.ok(local, `${types.join()}: ${all.map((r) => r.type).join()}`);
    assert.ok(codes(local!).includes("missing-required address"), codes(local!).join("; "));
    assert.is(all.filter((r) => r.type === "Organization").length, 1, types.join());
  }
});

test("one rich result is told once: a NewsArticle that is also an Article is one article", () => {
  const all = results({ "@type": ["Article", "NewsArticle"], headline: "Anvils", image: "https://example.com/a.jpg" });
  assert.equal(all.map((r) => r.type), ["Article"]);
});

test("a node of every type there is gives the first and at most three further results, unknown properties told once", () => {
  const types = ["Product", "Event", "Recipe", "JobPosting", "Course", "Dataset", "VideoObject", "Movie", "LocalBusiness", "Organization", "SoftwareApplication"];
  const all = results({ "@type": types, name: "Everything", frobnicate: 1 });
  assert.is(all.length, 4, all.map((r) => r.type).join());
  assert.is(new Set(all.map((r) => r.type)).size, 4);
  const told = all.flatMap((r) => r.warnings).filter((w) => w.property === "frobnicate");
  assert.is(told.length, 1, "the unknown property is told on the first result only");
});

test("a nested value of several types: one an eligible expectation accepts keeps the node eligible (a Car that is a Product)", () => {
  const review = (itemType: unknown) => validateValue({ "@context": ctx, "@type": "Review", itemReviewed: { "@type": itemType, name: "Roadster" }, reviewRating: { "@type": "Rating", ratingValue: 4 }, author: { "@type": "Person", name: "Jane Doe" } }).schemas[0];
  const car = review("Car");
  assert.equal([car.valid, car.rich_result_eligible], [true, false]);
  assert.match(car.rich_result.reason ?? "", /co-type it/);
  const product = review(["Product", "Car"]);
  assert.equal([product.valid, product.rich_result_eligible], [true, true]);
  assert.equal([review(["Car", "Product"]).rich_result_eligible], [true]);
  // A wrong type is told the types to use, not the not-eligible subtype of one of them.
  const wrong = review("Place");
  assert.equal(codes(wrong), ["wrong-type itemReviewed"]);
  assert.not.match(wrong.errors[0].message, /Vehicle/);
});

test.run();
