/**
 * A property another one needs beside it is told once: as the missing companion's error, not again as a
 * missing recommended property (a recipe's nutrition without its recipeYield gave both).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const recipe = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Pancakes",
  image: "https://example.com/p.jpg",
  nutrition: { "@type": "NutritionInformation", calories: "240 calories" },
};

test("nutrition without recipeYield: one issue about recipeYield, the companion's error", () => {
  const [node] = validateValue(recipe).schemas;
  const aboutYield = [...node.errors, ...node.warnings].filter((i) => i.property === "recipeYield");
  assert.equal(aboutYield.map((i) => `${i.severity} ${i.code}`), ["error missing-companion"]);
  assert.not.ok(node.properties_missing_recommended.includes("recipeYield"));
});

test("without nutrition, recipeYield stays a missing recommended property", () => {
  const { nutrition: _, ...plain } = recipe;
  const [node] = validateValue(plain).schemas;
  const aboutYield = [...node.errors, ...node.warnings].filter((i) => i.property === "recipeYield");
  assert.equal(aboutYield.map((i) => `${i.severity} ${i.code}`), ["warning missing-recommended"]);
  assert.ok(node.properties_missing_recommended.includes("recipeYield"));
});

test.run();
