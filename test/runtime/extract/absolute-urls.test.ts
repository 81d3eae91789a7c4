/**
 * A Microdata URL value (img src, a/link href, object data) and an itemid are parsed as HTML parses
 * URLs even when the page's base is unknown (HTML posted or read from a file): an absolute URL needs
 * no base. Each case has a relative twin, which without a base stays as written.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";

function item(inner: string, itemid = ""): Record<string, unknown> {
  const html = `<div itemscope itemtype="https://schema.org/Product"${itemid}>${inner}</div>`;
  return extractMicrodata(buildItemTree(html), html, null).items[0] as Record<string, unknown>;
}

test("an absolute src without a base: its space is percent-encoded", () => {
  assert.is(item(`<img itemprop="image" src="https://ex.com/a b.png">`).image, "https://ex.com/a%20b.png");
});

test("twin: a relative src without a base stays as written", () => {
  assert.is(item(`<img itemprop="image" src="img/a b.png">`).image, "img/a b.png");
});

test("an absolute href without a base: a line break and a tab inside are dropped, scheme and host lower-cased", () => {
  assert.is(item(`<a itemprop="url" href="HTTPS://Ex.COM/im\n\tage">u</a>`).url, "https://ex.com/image");
});

test("twin: a relative href without a base stays as written", () => {
  assert.is(item(`<a itemprop="url" href="/im\n\tage">u</a>`).url, "/im\n\tage");
});

test("an absolute itemid without a base is parsed too", () => {
  assert.is(item(`<span itemprop="name">N</span>`, ` itemid="HTTPS://Ex.COM/p#x y"`)["@id"], "https://ex.com/p#x%20y");
});

test("twin: a relative itemid without a base stays as written", () => {
  assert.is(item(`<span itemprop="name">N</span>`, ` itemid="p#x y"`)["@id"], "p#x y");
});

test.run();
