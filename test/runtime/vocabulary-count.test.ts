/**
 * The vocabulary walk counts the keys it reads and stands in for the bounded view's own count
 * (runtime/bounded-view.ts) in the usual case: for every node the two must agree, on the count and on
 * whether a cap is passed, or the request's property budget and the `properties_not_checked` figure
 * would drift. Random trees with every kind of part the walk treats apart: Schema.org properties,
 * unknown ones, another vocabulary's keys, @-keys, @value objects, lists, nesting past the walk's depth,
 * objects and lists just below and just past their caps.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { seededRandom as random } from "../support/seeded-random.ts";
import { boundedView } from "../../runtime/bounded-view.ts";
import { checkVocabulary, OVER_CAP } from "../../runtime/vocabulary-check.ts";
import { RequestBudget } from "../../runtime/request-budget.ts";
import { LIMITS } from "../../runtime/limits.ts";
import type { JsonObject } from "../../runtime/json.ts";

const KEYS = ["name", "offers", "review", "author", "image", "itemListElement", "og:title", "https://example.com/x", "colour", "@graph", "@id", "query-input", "@context", "hasPart"];
const TYPES = ["Product", "Offer", "Person", "Thing", "NotAType", ["Product", "Car"], undefined];

function tree(next: () => number, depth: number): unknown {
  const r = next();
  if (depth > 5 || r < 0.25) return r < 0.1 ? null : r < 0.2 ? "text" : 4;
  if (r < 0.35) return { "@value": "x", "@language": "en" };
  if (r < 0.5) {
    const length = next() < 0.05 ? LIMITS.valuesPerProperty + (next() < 0.5 ? 0 : 1) : Math.floor(next() * 4);
    return Array.from({ length }, () => (length > 10 ? { name: "n" } : tree(next, depth + 1)));
  }
  const node: JsonObject = {};
  const type = TYPES[Math.floor(next() * TYPES.length)];
  if (type !== undefined) node["@type"] = type;
  if (next() < 0.03) {
    const wide = LIMITS.propertiesPerObject - 1 + Math.floor(next() * 3);
    for (let i = Object.keys(node).length; i < wide; i++) node[`p${i}`] = i;
    return node;
  }
  // A chain past the walk's depth of 32 and the view's of 40.
  if (next() < 0.02) {
    let inner: JsonObject = { "@type": "Thing", name: "deep" };
    for (let i = 0; i < 44; i++) inner = { "@type": "Thing", subjectOf: inner, name: `level ${i}` };
    node.hasPart = inner;
  }
  const keys = Math.floor(next() * 6);
  for (let i = 0; i < keys; i++) node[KEYS[Math.floor(next() * KEYS.length)]] = tree(next, depth + 1);
  return node;
}

/** What the bounded view charges for the node, or OVER_CAP when it cuts a copy. */
function viewCount(node: JsonObject, limit: number): number {
  const budget = new RequestBudget();
  budget.propertiesRemaining = limit;
  return boundedView(node, budget) === node ? limit - budget.propertiesRemaining : OVER_CAP;
}

test("the walk's count is the bounded view's, on 3,000 random nodes (with caps passed and not)", () => {
  const next = random(25);
  let overCap = 0;
  let counted = 0;
  for (let i = 0; i < 3_000; i++) {
    const node: JsonObject = { "@type": "Product", offers: tree(next, 1), review: tree(next, 1), colour: tree(next, 1), "og:image": tree(next, 1) };
    const walked = checkVocabulary(node, "", [], Infinity);
    const viewed = viewCount(node, Number.MAX_SAFE_INTEGER);
    assert.is(walked, viewed, `node ${i}: ${JSON.stringify(node).slice(0, 300)}`);
    if (walked === OVER_CAP) overCap++;
    else {
      counted++;
      // The request's remaining budget: exactly enough is within it, one less is past it.
      assert.is(checkVocabulary(node, "", [], walked), walked);
      assert.is(viewCount(node, walked), walked);
      if (walked > 0) {
        assert.is(checkVocabulary(node, "", [], walked - 1), OVER_CAP);
        assert.is(viewCount(node, walked - 1), OVER_CAP);
      }
    }
  }
  // The trees do reach both sides of the caps, or the test would prove half of what it claims.
  assert.ok(overCap > 50, `${overCap} nodes over a cap`);
  assert.ok(counted > 1_000, `${counted} nodes within the caps`);
});

test.run();
