/**
 * Microdata items without itemtype: a top-level one is reported (a warning at its line and column,
 * as no rich result can come from it); one used as a property value of a typed item is normal.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";

const UNTYPED = "(no itemtype)";

test("a top-level untyped item gives a warning at its element, valid and unchecked", () => {
  const html = `<html>\n<body>\n  <p>Hi</p>\n    <div itemscope><span itemprop="name">Elizabeth</span><span itemprop="band">Four Parts Water</span></div>\n</body></html>`;
  const r = validateHtml(html);
  assert.is(r.schemas.length, 1);
  const [s] = r.schemas;
  assert.is(s.type, UNTYPED);
  assert.is(s.syntax, "microdata");
  assert.ok(s.valid);
  assert.not.ok(s.checked);
  assert.not.ok(s.rich_result_eligible);
  assert.equal(s.errors, []);
  assert.equal(s.properties_found, ["name", "band"]);
  assert.is(s.warnings.length, 1);
  const [w] = s.warnings;
  assert.is(w.code, "missing-type");
  assert.is(w.severity, "warning");
  assert.match(w.message, "itemscope without itemtype");
  assert.is(w.line, 4);
  assert.is(w.column, 5);
  assert.is(r.summary.total_warnings, 1);
  assert.is(r.summary.valid_schemas, 1);
});

test("untyped items as property values of a typed item are normal: no warning, no result of their own", () => {
  const html =
    `<div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Amanda</span>` +
    `<div itemprop="address" itemscope><span itemprop="streetAddress">1 Main St</span></div></div>`;
  const r = validateHtml(html);
  assert.equal(r.schemas.map((s) => s.type), ["Person"]);
  assert.not.ok(r.schemas[0].warnings.some((w) => w.code === "missing-type"));
});

test("typed items held by an untyped item are named: they are not read either", () => {
  const html = `<div itemscope>\n<div itemprop="thing" itemscope itemtype="https://schema.org/Product"><span itemprop="name">Shoe</span></div></div>`;
  const r = validateHtml(html);
  assert.equal(r.schemas.map((s) => s.type), [UNTYPED]);
  const [w] = r.schemas[0].warnings;
  assert.match(w.message, `under "thing" are not read either`);
  assert.match(w.fix, "itemprop");
  assert.is(w.line, 1);
  assert.is(w.column, 1);
});

test("typed items inside an untyped item without itemprop stay top-level; both are reported", () => {
  const html = `<body itemscope>\n<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">ACME</span></div>\n</body>`;
  const r = validateHtml(html);
  assert.equal(r.schemas.map((s) => s.type).sort(), [UNTYPED, "Organization"].sort());
  const untyped = r.schemas.find((s) => s.type === UNTYPED)!;
  assert.equal(untyped.properties_found, []);
  assert.is(untyped.warnings[0].line, 1);
});

test("an itemref'd property counts for the untyped item, and each untyped item is reported once", () => {
  const html = `<p id="x" itemprop="a">1</p>\n<div itemscope itemref="x"><p itemprop="b">2</p></div>\n<div itemscope><p itemprop="c">3</p></div>`;
  const r = validateHtml(html);
  assert.equal(r.schemas.map((s) => [s.type, s.properties_found, s.warnings[0].line]), [[UNTYPED, ["a", "b"], 2], [UNTYPED, ["c"], 3]]);
});

test("extraction: untyped top-level items are listed with their offsets, not as nodes; with untyped=true they are nodes", () => {
  const html = `<div itemscope><span itemprop="a">A</span></div><div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">T</span></div>`;
  const block = extractMicrodata(buildItemTree(html), html, null);
  assert.is(block.items.length, 1);
  assert.equal(block.untyped, [{ offset: 0, properties: ["a"], typedValues: [] }]);
  const all = extractMicrodata(buildItemTree(html), html, null, true);
  assert.is(all.items.length, 2);
  assert.is(all.untyped, undefined);
});

test.run();
