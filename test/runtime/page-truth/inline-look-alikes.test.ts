/**
 * Inline styles that only look like hiding (docs/decisions.md): opacity 0, off-screen positioning, a zero
 * font size and a clip are how fade-ins start and screen-reader text is written, so a price in such an
 * element is shown without render. The twins hide the same element by display:none or visibility:hidden.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const withPriceStyled = (style: string) =>
  truthIssues(page(`<h1>Executive Anvil</h1><p style="${style}">1.299,00 €</p><p>4,8 von 5 (120)</p>`, jsonLd(product()), "de"));

test("a price in an element faded out, moved off-screen, sized to nothing or clipped is shown", () => {
  for (const style of ["opacity:0", "opacity: 0; transition: opacity .3s", "position:absolute; left:-9999px", "font-size:0", "position:absolute; clip:rect(0,0,0,0); width:1px; height:1px"]) {
    assert.equal(withPriceStyled(style), [], style);
  }
});

test("the twins: the same element hidden by display:none or visibility:hidden is not shown", () => {
  for (const style of ["opacity:0; display:none", "position:absolute; left:-9999px; visibility:hidden"]) {
    assert.equal(withPriceStyled(style), ["Product not-visible offers.price"], style);
  }
});

test.run();
