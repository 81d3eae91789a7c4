/**
 * The types endpoint's payload (generated/types.json) describes every rich-result feature of a
 * tier-1 type with its own requirements, besides the spec's fields.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import typesPayload from "../../generated/types.json" with { type: "json" };
import { featureId, ruleFiles } from "./rule-files.ts";

type Entry = (typeof typesPayload.types)[number] & {
  features?: Array<{ id: string; name: string; google_docs_url: string; required_properties: string[]; recommended_properties: string[]; required_one_of?: string[][]; opt_in_triggers?: string[] }>;
  required_one_of?: string[][];
};
const entries = new Map(typesPayload.types.map((t) => [t.type, t as Entry]));

test("Product lists the merchant listing with its own requirements, nested ones included", () => {
  const merchant = entries.get("Product")!.features!.find((f) => f.id === "merchant-listing")!;
  assert.ok(merchant, "no merchant-listing feature");
  assert.match(merchant.google_docs_url, /merchant-listing/);
  for (const name of ["image", "offers"]) assert.ok(merchant.required_properties.includes(name), name);
  assert.ok(merchant.required_one_of!.some((g) => g[0] === "offers.price"), JSON.stringify(merchant.required_one_of));
  assert.equal(merchant.opt_in_triggers, ["offers"]);
});

test("a property required unless a sibling is there is listed as required, and the validator agrees", async () => {
  const website = entries.get("WebSite")!;
  const required: string[] = website.required_properties;
  const recommended: string[] = website.recommended_properties;
  assert.ok(required.includes("name"), JSON.stringify(required));
  assert.not.ok(recommended.includes("name"));
  const { validateValue } = await import("../../runtime/validate.ts");
  const [missing] = validateValue({ "@context": "https://schema.org", "@type": "WebSite", url: "https://example.com/" }).schemas;
  assert.ok(missing.errors.some((e) => e.property === "name" && e.code === "missing-required"), missing.errors.map((e) => e.property).join());
  // Every other property listed as required is an error when missing too; listed as recommended, a warning at most.
  for (const name of required) {
    const node: Record<string, unknown> = { "@context": "https://schema.org", "@type": "WebSite", name: "Example", url: "https://example.com/" };
    delete node[name];
    const [r] = validateValue(node).schemas;
    assert.ok(r.errors.some((e) => e.property === name), name);
  }
});

test("one-of groups are listed apart, never joined with |", () => {
  for (const t of typesPayload.types as Entry[]) {
    for (const name of [...t.required_properties, ...t.recommended_properties]) assert.not.match(name, /\|/, `${t.type}: ${name}`);
  }
  assert.equal(entries.get("Product")!.required_one_of, [["review", "aggregateRating", "offers"]]);
});

test("every feature of every tier-1 rule file is listed, and only tier-1 entries list features", () => {
  type File = { type: string; tier: number; listed_under?: string; validate_as?: string; features?: Array<{ id?: string; shape?: string }> };
  const files = ruleFiles() as unknown as File[];
  const byType = new Map(files.map((f) => [f.type, f]));
  for (const file of files) {
    const entry = entries.get(file.type);
    if (!entry || file.listed_under) continue;
    // A validate_as entry (NewsArticle) is checked with, and describes, its target's features.
    const owner = file.validate_as ? byType.get(file.validate_as)! : file;
    const ids = (entry.features ?? []).map((f) => f.id);
    assert.equal(ids, file.tier === 1 ? (owner.features ?? []).map(featureId) : [], file.type);
  }
});

test.run();
