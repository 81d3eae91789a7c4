/**
 * JSON-LD list and set objects are the arrays they hold (runtime/graph/list-containers.ts): a recipe's
 * steps in an `@list`, a product's images and offers in an `@set`, are read as written in a plain
 * array, and an issue inside one is placed at its value.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateJsonText, validateValue } from "../../runtime/validate.ts";
import { withoutContainers } from "../../runtime/graph/list-containers.ts";

const codes = (r: ReturnType<typeof validateValue>) => r.schemas.flatMap((s) => s.errors.map((e) => `${e.code} ${e.property}`));

/** The recipe page's first example, shortened (the steps, ingredients and images kept). */
const recipe: Record<string, unknown> = {
  "@context": "https://schema.org/",
  "@type": "Recipe",
  name: "Non-Alcoholic Piña Colada",
  image: ["https://example.com/photos/1x1/photo.jpg", "https://example.com/photos/4x3/photo.jpg", "https://example.com/photos/16x9/photo.jpg"],
  author: { "@type": "Person", name: "Mary Stone" },
  datePublished: "2024-03-10",
  description: "This non-alcoholic pina colada is everyone's favorite!",
  recipeCuisine: "American",
  prepTime: "PT1M",
  cookTime: "PT2M",
  totalTime: "PT3M",
  keywords: "non-alcoholic",
  recipeYield: "4 servings",
  recipeCategory: "Drink",
  nutrition: { "@type": "NutritionInformation", calories: "120 calories" },
  aggregateRating: { "@type": "AggregateRating", ratingValue: 5, ratingCount: 18 },
  recipeIngredient: ["400ml of pineapple juice", "100ml cream of coconut", "ice"],
  recipeInstructions: [
    { "@type": "HowToStep", name: "Blend", text: "Blend 400ml of pineapple juice and 100ml cream of coconut until smooth.", url: "https://example.com/recipe#step1", image: "https://example.com/photos/recipe/step1.jpg" },
    { "@type": "HowToStep", name: "Fill", text: "Fill a glass with ice.", url: "https://example.com/recipe#step2", image: "https://example.com/photos/recipe/step2.jpg" },
  ],
};

test("a recipe whose steps, ingredients and images are list and set objects is read as with arrays", () => {
  const plain = validateValue(recipe, undefined, { profile: "google" });
  const wrapped = validateValue(
    { ...recipe, recipeInstructions: { "@list": recipe.recipeInstructions }, recipeIngredient: { "@list": recipe.recipeIngredient }, image: { "@set": recipe.image } },
    undefined,
    { profile: "google" },
  );
  assert.equal(codes(wrapped), codes(plain));
  assert.equal(wrapped.schemas[0].warnings.map((w) => w.code + w.property), plain.schemas[0].warnings.map((w) => w.code + w.property));
  assert.is(wrapped.schemas[0].rich_result_eligible, true);
});

const product = (offers: unknown) =>
  JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", image: "https://example.com/a.jpg", offers }, null, 1);
const offer = (price: string) => ({ "@type": "Offer", price, priceCurrency: "USD", availability: "https://schema.org/InStock" });

test("a broken value inside a set is still an error, placed where it is written", () => {
  const good = validateJsonText(product({ "@set": [offer("12.00"), offer("13.00")] }));
  assert.equal(codes(good), []);
  const text = product({ "@set": [offer("12.00"), offer("twelve")] });
  const bad = validateJsonText(text).schemas[0].errors.find((e) => e.code === "invalid-format");
  assert.ok(bad, "no invalid-format error");
  const line = text.split("\n").findIndex((l) => l.includes('"twelve"')) + 1;
  assert.is(bad.line, line);
});

test("the caller's value is not changed; an object with other keys besides @list is not a list object", () => {
  const value = { a: { "@list": [1, 2] }, b: [{ "@set": [3] }, 4], c: { "@list": [5], name: "x" } };
  const before = JSON.stringify(value);
  assert.equal(withoutContainers(value), { a: [1, 2], b: [3, 4], c: { "@list": [5], name: "x" } });
  assert.is(JSON.stringify(value), before);
  const plain = { a: [1], b: { c: "d" } };
  assert.is(withoutContainers(plain), plain);
});

test.run();
