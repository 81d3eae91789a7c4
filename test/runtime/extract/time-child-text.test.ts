/**
 * A Microdata <time> without datetime has the value of its child text content (WHATWG HTML,
 * "Microdata", values): its own text, not its descendants'. A hidden label inside it ("until") made the
 * date invalid. Each case has a twin that differs only in the element: a <span>, whose value is its
 * whole text content.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildItemTree } from "../../../runtime/extract/html-items.ts";
import { extractMicrodata } from "../../../runtime/extract/microdata.ts";

function value(element: string, inner: string): unknown {
  const html = `<div itemscope itemtype="https://schema.org/Offer"><${element} itemprop="priceValidUntil">${inner}</${element}></div>`;
  return (extractMicrodata(buildItemTree(html), html, null).items[0] as Record<string, unknown>).priceValidUntil;
}

const HIDDEN_LABEL = `<span hidden>until</span>2030-01-01`;
const BROKEN_BY_BR = `2030<br>-01-01`;
const STRAY_END_TAG = `<b>by</b></i> 2030-01-01`;

test("<time>: a child element's text is not the value", () => {
  assert.is(value("time", HIDDEN_LABEL), "2030-01-01");
});

test("twin: a <span>'s value is its whole text", () => {
  assert.is(value("span", HIDDEN_LABEL), "until2030-01-01");
});

test("<time>: its own text nodes are joined as they are, a void child between them adds nothing", () => {
  assert.is(value("time", BROKEN_BY_BR), "2030-01-01");
});

test("twin: a <span>'s text has a <br> as a break", () => {
  assert.is(value("span", BROKEN_BY_BR), "2030 -01-01");
});

test("<time>: a stray end tag closes nothing, and its own text after closed children is kept", () => {
  assert.is(value("time", STRAY_END_TAG), "2030-01-01");
});

test("twin: a <span>'s text holds its children's", () => {
  assert.is(value("span", STRAY_END_TAG), "by 2030-01-01");
});

test.run();
