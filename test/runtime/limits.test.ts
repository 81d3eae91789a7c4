/** The engine's caps (runtime/limits.ts): what is validated, listed and counted at each, and docs/limits.md agreeing. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { validateBlocks, validateHtml, validateValue } from "../../runtime/validate.ts";
import { LIMITS } from "../../runtime/limits.ts";
import type { EngineResult } from "../../runtime/types.ts";

const bare = (n: number) => Array.from({ length: n }, () => ({ "@type": "Event" }));
const listed = (r: EngineResult) => r.schemas.reduce((n, s) => n + s.errors.length + s.warnings.length, 0);

test("below every cap: no limits report, nothing omitted", () => {
  const r = validateValue(bare(3));
  assert.is(r.limits, undefined);
  assert.ok(r.schemas.every((s) => s.omitted === undefined));
});

const nodeCounts: Array<[number, number]> = [
  [LIMITS.nodes, 0],
  [LIMITS.nodes + 1, 1],
  [5_000, 5_000 - LIMITS.nodes],
];
for (const [count, skipped] of nodeCounts) {
  test(`${count} nodes: ${Math.min(count, LIMITS.nodes)} validated, ${skipped} counted`, () => {
    const r = validateValue(bare(count));
    assert.is(r.schemas.length, Math.min(count, LIMITS.nodes));
    assert.is(r.summary.total_schemas, r.schemas.length);
    assert.is(r.limits?.nodes_not_validated ?? 0, skipped);
    if (r.limits) assert.is(r.limits.nodes_found, count);
  });
}

test("blocks past the cap are counted, not parsed (broken ones included); empty ones are ignored", () => {
  const blocks = [...Array.from({ length: LIMITS.blocks + 5 }, () => '{"@type":"Event"}'), "{ broken", "  "].map((text) => ({ text, offset: 0, line: 1, column: 1 }));
  const r = validateBlocks(blocks);
  assert.is(r.blocks_found, LIMITS.blocks + 7);
  assert.is(r.blocks_unparsable, 0, "the broken block is past the cap");
  assert.is(r.limits!.blocks_not_validated, 6);
  assert.is(r.schemas.length, LIMITS.blocks);
});

test("issues: per-node and per-answer caps; errors of every node listed before any warning; totals count all", () => {
  const r = validateValue(bare(LIMITS.nodes));
  const found = r.summary.total_errors + r.summary.total_warnings;
  assert.ok(found > LIMITS.issuesPerAnswer, "the input has more issues than an answer lists");
  assert.is(listed(r), LIMITS.issuesPerAnswer);
  assert.is(r.limits!.issues_found, found);
  assert.is(r.limits!.omitted_issues.errors + r.limits!.omitted_issues.warnings, found - LIMITS.issuesPerAnswer);
  assert.is(r.limits!.omitted_issues.errors, 0, "every error fits: errors get the room first");
  assert.is(r.schemas.reduce((n, s) => n + s.errors.length, 0), r.summary.total_errors);
  for (const s of r.schemas) assert.ok(s.errors.length + s.warnings.length <= LIMITS.issuesPerNode);
  assert.is(r.summary.invalid_schemas, LIMITS.nodes, "validity does not depend on the listing");
});

test("one node with many unknown properties: rules read it all, the walk and the lists are capped, counts by property end in (other)", () => {
  const node: Record<string, unknown> = { "@context": "https://schema.org", "@type": "Event" };
  for (let i = 0; i < 1_000; i++) node[`junk${i}`] = 1;
  node["__proto__x"] = 1;
  node.name = "Found after the junk";
  const r = validateValue(node);
  const [s] = r.schemas;
  assert.not.ok(s.properties_missing_required.includes("name"), "name, after 1,000 junk keys, is found by the rules");
  assert.is(s.properties_found.length, LIMITS.propertiesPerObject);
  assert.is(s.omitted!.properties_found, 1_002 - LIMITS.propertiesPerObject);
  assert.is(r.limits!.properties_not_checked, 1_003 - LIMITS.propertiesPerObject);
  const byProperty = r.limits!.omitted_issues.by_property;
  assert.ok(Object.keys(byProperty).length <= LIMITS.summaryProperties + 1);
  assert.ok(byProperty["(other)"] > 0);
});

test("a property named __proto__ is counted like any other", () => {
  const junk = Array.from({ length: LIMITS.issuesPerNode + 5 }, (_, i) => `"x${i}":1`).join(",");
  const node = JSON.parse(`{"@context":"https://schema.org","@type":"Thing",${junk},"__proto__":1}`);
  const r = validateValue(node);
  const byProperty = r.limits!.omitted_issues.by_property;
  assert.is(Object.prototype.hasOwnProperty.call(byProperty, "__proto__"), true);
  assert.is(byProperty["__proto__"], 1);
});

test("long names cannot multiply the answer: listed issues are capped in characters too", () => {
  const node: Record<string, unknown> = { "@context": "https://schema.org", "@type": "Event" };
  for (let i = 0; i < 150; i++) node[`${"u".repeat(6_000)}${i}`] = 1;
  const input = JSON.stringify(node).length;
  const r = validateValue(node);
  const answer = JSON.stringify(r).length;
  assert.ok(answer < 2 * input, `answer ${answer} chars for ${input}`);
  assert.ok(r.limits!.issues_listed < LIMITS.issuesPerNode, "the character budget ended the list first");
  for (const name of Object.keys(r.limits!.omitted_issues.by_property)) assert.ok(name.length <= 200, "counted names are cut");
});

test("list values past the cap are counted, not checked", () => {
  const r = validateValue({ "@context": "https://schema.org", "@type": "Event", name: "x", image: Array.from({ length: LIMITS.valuesPerProperty + 10 }, () => 1) });
  assert.is(r.limits!.values_not_checked, 10);
  assert.ok(listed(r) <= LIMITS.issuesPerNode);
});

test("85,000 one-line blocks: bounded time and answer (no quadratic line counting)", () => {
  const page = `<html><body>${'<script type="application/ld+json">{"@type":"Event"}</script>'.repeat(85_000)}</body></html>`;
  const r = validateHtml(page);
  assert.is(r.blocks_found, 85_000);
  assert.is(r.limits!.blocks_not_validated, 85_000 - LIMITS.blocks);
  assert.ok(JSON.stringify(r).length < 1024 * 1024);
});

test("docs/limits.md states the caps of runtime/limits.ts", () => {
  const doc = readFileSync(new URL("../../docs/limits.md", import.meta.url), "utf8");
  const row = (label: string) => new RegExp(`\\| ${label}[^|]*\\| ([\\d,]+) \\|`).exec(doc)?.[1]?.replace(/,/g, "");
  assert.is(Number(row("Blocks per page")), LIMITS.blocks);
  assert.is(Number(row("Nodes per page")), LIMITS.nodes);
  assert.is(Number(row("Properties per object")), LIMITS.propertiesPerObject);
  assert.is(Number(row("Properties read by the vocabulary check per request")), LIMITS.propertiesPerRequest);
  assert.is(Number(row("Values of one list")), LIMITS.valuesPerProperty);
  assert.is(Number(row('"Did you mean"')), LIMITS.suggestionsPerRequest);
  assert.is(Number(row("Issues listed per node")), LIMITS.issuesPerNode);
  assert.is(Number(row("Issues listed per answer")), LIMITS.issuesPerAnswer);
  assert.is(Number(row("Names in `properties_found`")), LIMITS.propertiesPerObject);
});

test.run();
