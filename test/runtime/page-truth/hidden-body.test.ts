/**
 * A page whose `<body>` its own markup hides (`style="visibility:hidden"`, `style="display:none"`, the
 * `hidden` attribute) is a page a script shows once it has loaded (hiding the page until then keeps
 * a flash of unstyled content from showing), and the search engine renders it: its content is read as
 * shown. An element inside that the markup hides stays hidden. Each page has its twin with another
 * price, in three languages' formats, in JSON-LD and in Microdata.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, product, truthIssues } from "./helpers.ts";

const PRICE = ["Product not-visible offers.price"];

const withBody = (bodyTag: string, lang: string, price: number, currency: string, shown: string) =>
  truthIssues(
    `<!doctype html><html lang="${lang}"><head><title>t</title>${jsonLd(product({ offers: { "@type": "Offer", price, priceCurrency: currency } }))}</head>${bodyTag}<h1>Executive Anvil</h1><p>${shown}</p><p>4.8 (120)</p><script>document.body.style.visibility = "visible"</script></body></html>`,
  );

test("a body hidden until a script shows it: its prices are shown (en, de, fr); the twin's price is not", () => {
  const cases: Array<[string, string, string, number, number, string]> = [
    [`<body style="visibility:hidden">`, "en", "USD", 12.5, 13.5, "$12.50"],
    [`<BODY class="js-loading" STYLE="display: none">`, "de", "EUR", 1299, 1199, "1.299,00&nbsp;€"],
    [`<body hidden>`, "fr", "EUR", 1299, 1199, "1 299,00 €"],
  ];
  for (const [bodyTag, lang, currency, price, other, shown] of cases) {
    assert.equal(withBody(bodyTag, lang, price, currency, shown), [], `${bodyTag} shows ${price}`);
    assert.equal(withBody(bodyTag, lang, other, currency, shown), PRICE, `${bodyTag} does not show ${other}`);
  }
});

test("inside a hidden body, what the markup hides stays hidden", () => {
  assert.equal(withBody(`<body style="visibility:hidden">`, "en", 12.5, "USD", `<span hidden>$12.50</span>`), PRICE);
  assert.equal(withBody(`<body hidden>`, "en", 12.5, "USD", `<span style="display:none">$12.50</span>`), PRICE);
});

test("Microdata: a name in a hidden body's heading is shown; its twin, the name only in a hidden element, is not", () => {
  const item = (heading: string) =>
    truthIssues(
      `<!doctype html><html lang="de"><head><title>t</title></head><body style="display:none"><div itemscope itemtype="https://schema.org/Product">${heading}<link itemprop="image" href="https://example.com/a.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="1299"><meta itemprop="priceCurrency" content="EUR">1.299,00 €</div></div></body></html>`,
    );
  assert.equal(item(`<h1 itemprop="name">Executive Anvil</h1>`), []);
  assert.equal(item(`<h1 itemprop="name" hidden>Executive Anvil</h1>`), ["Product not-visible name"]);
});

test.run();
