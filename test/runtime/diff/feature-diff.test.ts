/**
 * The run diff's promises: nodes matched by type and @id (else place), issues by code and property
 * (never line); per-feature gains and losses per page; pages in one run only are added/removed, not
 * gained/lost; a failed page loses eligibility but says nothing about errors; regressed when a page
 * lost a feature or an error is new. Snapshots come from the real engine where markup is involved.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../../runtime/validate.ts";
import { diffRuns, snapshotPage, type PageSnapshot } from "../../../runtime/diff/feature-diff.ts";

const ctx = "https://schema.org";
const offer = { "@type": "Offer", price: "10.00", priceCurrency: "USD", availability: "https://schema.org/InStock" };
const product = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ "@context": ctx, "@type": "Product", "@id": "#p", name: "Kettle", image: "https://example.com/k.jpg", offers: offer, ...extra });

const page = (name: string, value: unknown): PageSnapshot => snapshotPage(name, validateValue(value).schemas);

test("a Product with an offer is eligible for its own rich result and the merchant listing, keyed by @id", () => {
  const snap = page("p.html", product());
  assert.is(snap.status, "validated");
  assert.is(snap.nodes.length, 1);
  assert.is(snap.nodes[0].key, "Product##p");
  assert.equal(snap.nodes[0].eligible, ["Product", "merchant-listing"]);
  assert.equal(snap.nodes[0].errors, []);
});

test("a node without @id is keyed by its block and path", () => {
  const { "@id": _id, ...anonymous } = product();
  const snap = page("p.html", anonymous);
  assert.is(snap.nodes[0].key, "Product@0:");
});

test("status: null results failed, no results no markup, an explicit status wins", () => {
  assert.is(snapshotPage("a", null).status, "failed");
  assert.is(snapshotPage("a", []).status, "no-markup");
  assert.is(snapshotPage("a", [], "failed").status, "failed");
});

test("losing the offer loses the merchant listing on that page and regresses", () => {
  const before = [page("a.html", product()), page("b.html", product())];
  const after = [page("a.html", product({ offers: undefined })), page("b.html", product())];
  const diff = diffRuns(before, after);
  const merchant = diff.features.find((f) => f.feature === "merchant-listing");
  assert.equal(merchant, { feature: "merchant-listing", gained: [], lost: ["a.html"] });
  assert.is(diff.totals.pages_lost, 1);
  assert.is(diff.regressed, true);
  assert.equal(diffRuns(after, before).features.find((f) => f.feature === "merchant-listing")?.gained, ["a.html"]);
  assert.is(diffRuns(after, before).regressed, false);
});

test("a new error is listed by type, code and property with its pages; the reverse run lists it fixed", () => {
  const bad = product({ name: undefined });
  const before = [page("a.html", product()), page("b.html", product())];
  const after = [page("a.html", bad), page("b.html", bad)];
  const diff = diffRuns(before, after);
  assert.ok(diff.errors.new.length >= 1);
  const change = diff.errors.new[0];
  assert.is(change.type, "Product");
  assert.equal([change.code, change.property], ["missing-required", "name"]);
  assert.equal(change.pages, ["a.html", "b.html"]);
  assert.is(diff.totals.new_errors, diff.errors.new.reduce((n, c) => n + c.pages.length, 0));
  assert.is(diff.regressed, true);
  const back = diffRuns(after, before);
  assert.equal(back.errors.fixed.map((c) => [c.code, c.property, c.pages]), diff.errors.new.map((c) => [c.code, c.property, c.pages]));
  assert.is(back.errors.new.length, 0);
});

test("the same error on a line further down is not new: issues are matched by code and property, not line", () => {
  const bad = product({ name: undefined });
  const before = snapshotPage("a.html", validateValue(bad).schemas);
  const moved = validateValue(bad).schemas.map((s) => ({ ...s, errors: s.errors.map((e) => ({ ...e, line: (e.line ?? 1) + 40 })) }));
  const diff = diffRuns([before], [snapshotPage("a.html", moved)]);
  assert.equal(diff.errors.new, []);
  assert.equal(diff.errors.fixed, []);
  assert.is(diff.regressed, false);
});

test("a node moved to another block keeps its @id key: nothing new, nothing lost", () => {
  const other = { "@context": ctx, "@type": "Organization", name: "Shop", url: "https://example.com/" };
  const before = page("a.html", [product()]);
  const after = page("a.html", [other, product()]);
  assert.is(after.nodes.find((n) => n.type === "Product")?.key, "Product##p");
  const diff = diffRuns([before], [after]);
  assert.equal(diff.errors.new, []);
  assert.is(diff.totals.pages_lost, 0);
});

test("pages in one run only are added or removed, not gained or lost", () => {
  const diff = diffRuns([page("old.html", product())], [page("new.html", product())]);
  assert.equal(diff.pages, { added: ["new.html"], removed: ["old.html"] });
  assert.equal(diff.features.map((f) => [f.feature, f.gained, f.lost]), [["Product", [], []], ["merchant-listing", [], []]]);
  assert.is(diff.regressed, false);
});

test("an added page's errors: new for sdv diff and --baseline (addedPagesErrorsAreNew), not for the service's audits", () => {
  const before = [page("a.html", product())];
  const after = [page("a.html", product()), page("new.html", product({ name: undefined }))];
  assert.is(diffRuns(before, after).totals.new_errors, 0);
  const counted = diffRuns(before, after, { addedPagesErrorsAreNew: true });
  assert.is(counted.totals.new_errors, 1);
  assert.equal(counted.errors.new.map((c) => [c.type, c.property, c.pages]), [["Product", "name", ["new.html"]]]);
  assert.is(counted.regressed, true);
  assert.equal(diffRuns([page("a.html", product())], [snapshotPage("b.html", null)], { addedPagesErrorsAreNew: true }).errors.new, [], "an added page that failed says nothing");
});

test("a page that failed loses its eligibility but its errors are neither new nor fixed", () => {
  const bad = product({ name: undefined });
  const diff = diffRuns([page("a.html", bad)], [snapshotPage("a.html", null)]);
  assert.equal(diff.errors.fixed, []);
  const again = diffRuns([page("a.html", product())], [snapshotPage("a.html", null)]);
  assert.equal(again.features.find((f) => f.feature === "Product")?.lost, ["a.html"]);
  assert.is(again.regressed, true);
});

test("features are sorted by name and every feature of either run is listed", () => {
  const article = { "@context": ctx, "@type": "Article", headline: "Hi", image: "https://example.com/a.jpg", datePublished: "2024-01-05T08:00:00+00:00", author: { "@type": "Person", name: "Ann", url: "https://example.com/ann" } };
  const diff = diffRuns([page("a.html", article)], [page("a.html", product())]);
  const names = diff.features.map((f) => f.feature);
  assert.equal(names, [...names].sort());
  assert.ok(names.includes("Article") && names.includes("Product"), names.join());
});

test.run();
