/**
 * A node of several types is judged by the rule set that applies to it: one whose markup the node
 * carries before opt-in markup it does not (a review snippet on a recording it does not rate), a rich
 * result of its own before a review snippet. Each case has a twin that differs in the one property
 * that decides, so that the order of the types alone cannot pass it.
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

test.run();
