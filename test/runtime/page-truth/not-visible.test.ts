/**
 * not-visible: planted defects and clean twins that differ only in the defect, in JSON-LD and
 * Microdata, in English, German and French number formats. The old engine reported none of these.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml } from "../../../runtime/validate.ts";
import { jsonLd, page, product, truthIssues, issuesOf } from "./helpers.ts";

const SHOWN = { en: ["$1,299.00", "4.8 out of 5", "120 reviews"], de: ["1.299,00 €", "4,8 von 5", "120 Bewertungen"], fr: ["1 299,00 €", "4,8 sur 5", "120 avis"] } as const;

for (const lang of ["en", "de", "fr"] as const) {
  const [price, rating, count] = SHOWN[lang];
  const body = (p: string, r: string) => `<h1>Executive Anvil</h1><p class="price">${p}</p><p>${r} (${count})</p>`;

  test(`${lang}: price ${price}, rating ${rating} and the name shown: nothing reported`, () => {
    assert.equal(truthIssues(page(body(price, rating), jsonLd(product()), lang)), []);
  });

  test(`${lang}: the rating shown is not the markup's (4.2 on the page, 4.8 in the markup)`, () => {
    const shown = rating.replace("4", "4").replace(/4([.,])8/, "4$12");
    assert.equal(truthIssues(page(body(price, shown), jsonLd(product()), lang)), ["Product not-visible aggregateRating.ratingValue"]);
  });

  test(`${lang}: the price is in a display:none element`, () => {
    const html = page(`<h1>Executive Anvil</h1><p style="display: none">${price}</p><p>${rating} (${count})</p>`, jsonLd(product()), lang);
    assert.equal(truthIssues(html), ["Product not-visible offers.price"]);
  });
}

test("the page's language decides an ambiguous separator: 1.299 is 1299 in German, 1.299 in English", () => {
  // A price without its currency: one in a currency of cents is read both ways (shown-formats.test.ts).
  const markup = jsonLd(product({ offers: { "@type": "Offer", price: 1299, availability: "https://schema.org/InStock" } }));
  const body = `<h1>Executive Anvil</h1><p>EUR 1.299</p><p>4.8 / 4,8 (120)</p>`;
  assert.equal(truthIssues(page(body, markup, "de")), []);
  assert.equal(truthIssues(page(body, markup, "en")), ["Product not-visible offers.price"]);
  // Without a language both readings count: no warning on an unknown convention.
  assert.equal(truthIssues(page(body, markup, null)), []);
  // "EUR 1,299" is a thousand and more in English.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>EUR 1,299</p><p>4.8 (120)</p>`, markup, "en")), []);
  // A plain "1299".
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1299</p><p>4.8 (120)</p>`, markup, "en")), []);
});

test("a country that writes amounts otherwise than its language: $1,299 in Mexico, 1 299.00 in Switzerland, R 1 299,00 in South Africa", () => {
  // A price without its currency, whose amount the page's reading decides.
  const markup = jsonLd(product({ offers: { "@type": "Offer", price: 1299, availability: "https://schema.org/InStock" } }));
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body("$1,299"), markup, "es-MX")), []);
  assert.equal(truthIssues(page(body("$1,299"), markup, "es-419")), []);
  assert.equal(truthIssues(page(body("Fr. 1 299.00"), markup, "de-CH")), []);
  assert.equal(truthIssues(page(body("R 1 299,00"), markup, "en-ZA")), []);
  // Their languages elsewhere keep their own reading: $1,299 is 1.299 in Spain.
  assert.equal(truthIssues(page(body("$1,299"), markup, "es")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("$1,299"), markup, "es-ES")), ["Product not-visible offers.price"]);
  // The twin: another price in the country's format.
  assert.equal(truthIssues(page(body("$1,399"), markup, "es-MX")), ["Product not-visible offers.price"]);
});

test("a price or a count is not shown by a size, a weight or a share that equals it: 120 mm, 120 g, 120 %, 16 GB", () => {
  const markup = jsonLd(product({ offers: { "@type": "Offer", price: 120, priceCurrency: "EUR", availability: "https://schema.org/InStock" }, aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 16 } }));
  const body = (price: string, count: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (${count})</p>`;
  // The twins: the same numbers as an amount and a count.
  assert.equal(truthIssues(page(body("120,00 €", "16 reviews"), markup, "de")), []);
  assert.equal(truthIssues(page(body("€120", "16"), markup, "en")), []);
  for (const [lang, measure] of [["en", "Blade: 120 mm"], ["en", "Weight 120g"], ["de", "Gewicht: 120 g"], ["en", "Save 120%"], ["fr", "Remise 120 %"], ["ru", "Вес 120 кг"]] as const) {
    assert.equal(truthIssues(page(body(measure, "16 reviews"), markup, lang)), ["Product not-visible offers.price"], `${lang}: ${measure}`);
  }
  for (const [lang, measure] of [["en", "16 GB"], ["en", "16%"], ["de", "16 cm"]] as const) {
    assert.equal(truthIssues(page(body("120,00 €", measure), markup, lang)), ["Product not-visible aggregateRating.reviewCount"], `${lang}: ${measure}`);
  }
  // A unit that is a currency's code or sign, or goes on as another word, is no measure: "120 MGA", "120 Ft", "120 gourdes".
  for (const shown of ["120 MGA", "120 Ft", "120 gourdes", "120 kr", "120 L"]) assert.equal(truthIssues(page(body(shown, "16 reviews"), markup, "en")), [], shown);
  // Bosnia and Herzegovina's convertible mark is written "KM", as kilometres are: a shop's "120,00 KM" is the price.
  const marks = jsonLd(product({ offers: { "@type": "Offer", price: 120, priceCurrency: "BAM", availability: "https://schema.org/InStock" }, aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 16 } }));
  for (const lang of ["bs", "hr", "sr"]) assert.equal(truthIssues(page(body("Cijena: 120,00 KM", "16 recenzija"), marks, lang)), [], lang);
  assert.equal(truthIssues(page(body("Cijena: 110,00 KM", "16 recenzija"), marks, "bs")), ["Product not-visible offers.price"]);
  // A price beside a size, the two written with a space only ("€120 30 mm"): the size is the last number.
  assert.equal(truthIssues(page(body("€120 30 mm", "16 reviews"), markup, "en")), []);
  // A rating may be shown as a share: 96 of 100 as "96%".
  const percent = jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 96, bestRating: 100, reviewCount: 120 } }));
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>€1,299</p><p>96% (120)</p>`, percent, "en")), []);
});

test("Microdata: a price written in a meta tag is not shown by a size that equals it; its twin shows the amount", () => {
  const item = (shown: string) => `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><p>${shown}</p>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="120"><meta itemprop="priceCurrency" content="EUR">
    <link itemprop="availability" href="https://schema.org/InStock"></div></div>`;
  assert.equal(truthIssues(page(item("Length 120 mm"), "", "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(item("Price 120 €"), "", "en")), []);
});

test("a number grouped with spaces beside another number: 1 299,00 4,8 shows 1299 and 4.8, 1 299 000 does not show 1299", () => {
  const markup = jsonLd(product());
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1 299,00 4,8 (120)</p>`, markup, "fr")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>4,8 1 299,00 (120)</p>`, markup, "fr")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1 299 000 4,8 (120)</p>`, markup, "fr")), ["Product not-visible offers.price"]);
});

test("hidden by the hidden attribute, visibility:hidden, template and noscript: not visible", () => {
  const markup = jsonLd(product());
  for (const hide of [`<div hidden>$1,299.00</div>`, `<div style="visibility:hidden">$1,299.00</div>`, `<template>$1,299.00</template>`, `<noscript>$1,299.00</noscript>`, `<script>var p = "$1,299.00"</script>`]) {
    assert.equal(truthIssues(page(`<h1>Executive Anvil</h1>${hide}<p>4.8 (120)</p>`, markup)), ["Product not-visible offers.price"], hide);
    // The twin: the same element, shown.
    const shown = hide.replace(/ hidden|style="visibility:hidden"/, "").replace(/template|noscript|script/g, "div").replace('var p = "$1,299.00"', "$1,299.00");
    assert.equal(truthIssues(page(`<h1>Executive Anvil</h1>${shown}<p>4.8 (120)</p>`, markup)), [], shown);
  }
});

test("hidden=\"until-found\" (an accordion's collapsed panel, opened by a click or a find in the page) is shown, as a closed details element", () => {
  const body = (panel: string) => `<h1>Executive Anvil</h1><h2>Preis</h2><div ${panel}><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`;
  assert.equal(truthIssues(page(body(`hidden="until-found"`), jsonLd(product()), "de")), []);
  assert.equal(truthIssues(page(body(`HIDDEN=UNTIL-FOUND`), jsonLd(product()), "de")), []);
  // The twins: the hidden state (no value, any other value) hides.
  assert.equal(truthIssues(page(body(`hidden`), jsonLd(product()), "de")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body(`hidden="hidden"`), jsonLd(product()), "de")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body(`hidden="until found"`), jsonLd(product()), "de")), ["Product not-visible offers.price"]);
});

test("an accordion's or a tab's closed panel (its id named by a control's aria-controls) is shown, a click away; other hidden elements stay hidden", () => {
  const body = (control: string, panel: string) => `<h1>Executive Anvil</h1><h2><button aria-expanded="false" ${control}>Preis</button></h2><div ${panel}><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`;
  for (const panel of [`id="preis" hidden`, `id="preis" role="region" hidden="hidden"`, `id="preis" style="display:none"`, `style="display: none" id=preis`]) {
    assert.equal(truthIssues(page(body(`aria-controls="preis"`, panel), jsonLd(product()), "de")), [], panel);
  }
  // A control of several panels (tabs), with an entity in the list.
  assert.equal(truthIssues(page(body(`aria-controls="beschreibung&#32;preis"`, `id="preis" hidden`), jsonLd(product()), "de")), []);
  // The twins: no control names the panel, or it names another.
  assert.equal(truthIssues(page(body(`data-target="preis"`, `id="preis" hidden`), jsonLd(product()), "de")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body(`aria-controls="versand"`, `id="preis" hidden`), jsonLd(product()), "de")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body(`aria-controls="preis"`, `hidden`), jsonLd(product()), "de")), ["Product not-visible offers.price"]);
});

test("a closed panel a Bootstrap or jQuery control opens without ARIA (data-toggle collapse, tab or pill naming its #id) is shown; other hidden elements stay hidden", () => {
  const body = (control: string, panel: string) => `<h1>Executive Anvil</h1><h2><a ${control}>Preis</a></h2><div ${panel}><p>1.299,00 €</p></div><p>4,8 von 5 (120)</p>`;
  const controls = [
    `data-toggle="collapse" href="#preis"`,
    `data-bs-toggle="collapse" data-bs-target="#preis" href="#"`,
    `data-toggle="tab" data-target="#preis"`,
    `DATA-BS-TOGGLE=pill href=#preis`,
    `data-toggle='collapse' data-target='#preis' href="#versand"`,
  ];
  for (const control of controls) {
    for (const panel of [`id="preis" class="collapse" style="display:none"`, `id="preis" hidden`]) {
      assert.equal(truthIssues(page(body(control, panel), jsonLd(product()), "de")), [], `${control} ${panel}`);
    }
  }
  // The twins: no such control, another kind of control, a selector that is no one id, another id, the words in a script's text.
  const twins = [
    `href="#preis"`,
    `data-toggle="modal" href="#preis"`,
    `data-toggle="collapse" data-target=".preis" href="#preis"`,
    `data-toggle="collapse" data-target="#preis .body"`,
    `data-bs-toggle="collapse" href="#versand"`,
    `title='<script> data-toggle="collapse" href="#preis"'`,
  ];
  for (const control of twins) {
    assert.equal(truthIssues(page(body(control, `id="preis" class="collapse" style="display:none"`), jsonLd(product()), "de")), ["Product not-visible offers.price"], control);
  }
  const faq = { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "Answer text" } }] };
  assert.equal(truthIssues(page(`<a data-toggle="collapse" href="#faq2">Q?</a><div id="faq2" class="collapse" style="display:none">Answer text</div>`, jsonLd(faq))), []);
  assert.equal(truthIssues(page(`<a>Q?</a><div id="faq2" class="collapse" style="display:none">Answer text</div>`, jsonLd(faq))), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
});

test("a panel Alpine.js shows on a click (x-show, as Hyvä themes' accordions and tabs) is shown; the same panel without x-show stays hidden", () => {
  const faq = { "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "How heavy is it?", acceptedAnswer: { "@type": "Answer", text: "About 50 kg." } }] };
  const body = (panel: string) => `<div x-data="{open:false}"><button @click="open=!open">How heavy is it?</button><div ${panel}>About 50 kg.</div></div>`;
  assert.equal(truthIssues(page(body(`x-show="open" style="display:none"`), jsonLd(faq))), []);
  assert.equal(truthIssues(page(body(`X-SHOW="open" x-cloak hidden`), jsonLd(faq))), []);
  assert.equal(truthIssues(page(body(`style="display:none"`), jsonLd(faq))), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
  assert.equal(truthIssues(page(body(`data-show="open" style="display:none"`), jsonLd(faq))), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
});

test("a hidden element ends where it ends: text after it is visible", () => {
  const html = page(`<div hidden><div>x</div><span>y</span></div><h1>Executive Anvil</h1><p>$1,299.00 4.8 (120)</p>`, jsonLd(product()));
  assert.equal(truthIssues(html), []);
});

test("name, headline, FAQ question and answer, review body: shown or not", () => {
  const faq = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: [{ "@type": "Question", name: "How long does delivery take?", acceptedAnswer: { "@type": "Answer", text: "<p>Delivery takes <b>two to three</b> working days.</p>" } }],
  };
  const shown = `<h2>How long does delivery take?</h2><div>Delivery takes two to three working days.</div>`;
  assert.equal(truthIssues(page(shown, jsonLd(faq))), []);
  assert.equal(truthIssues(page(`<h2>How long does delivery take?</h2><div>Delivery is fast.</div>`, jsonLd(faq))), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
  // The answer's HTML escaped as character references (WordPress FAQ plugins): its tags are still tags.
  const escaped = { ...faq, mainEntity: [{ ...faq.mainEntity[0], acceptedAnswer: { "@type": "Answer", text: "&lt;p&gt;Delivery takes &lt;b&gt;two to three&lt;/b&gt; working days.&lt;/p&gt;" } }] };
  assert.equal(truthIssues(page(shown, jsonLd(escaped))), []);
  assert.equal(truthIssues(page(`<h2>How long does delivery take?</h2><div>Delivery is fast.</div>`, jsonLd(escaped))), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
  const article = { "@context": "https://schema.org", "@type": "NewsArticle", headline: "Anvils fall in price", image: "https://example.com/a.jpg", datePublished: "2026-01-05T08:00:00+01:00" };
  assert.equal(truthIssues(page(`<h1>Anvils fall in price</h1>`, jsonLd(article))), []);
  assert.equal(truthIssues(page(`<h1>Anvils rise</h1>`, jsonLd(article))), ["Article not-visible headline"]);
  // A site name after the headline, behind any separator SEO plugins offer, is no part of it.
  for (const sep of ["|", "–", "·", "•", "»", "/", "~"]) {
    assert.equal(truthIssues(page(`<h1>Anvils fall in price</h1>`, jsonLd({ ...article, headline: `Anvils fall in price ${sep} Smithy Weekly` }))), [], sep);
  }
  assert.equal(truthIssues(page(`<h1>Anvils rise</h1>`, jsonLd({ ...article, headline: "Anvils fall in price · Smithy Weekly" }))), ["Article not-visible headline"]);
  const review = product({ review: { "@type": "Review", author: { "@type": "Person", name: "Ann" }, reviewRating: { "@type": "Rating", ratingValue: 5 }, reviewBody: "Heavy, and it works." } });
  const body = `<h1>Executive Anvil</h1><p>$1,299.00 4.8 (120)</p>`;
  assert.equal(truthIssues(page(`${body}<blockquote>Heavy, and it works.</blockquote>`, jsonLd(review))), []);
  assert.equal(truthIssues(page(body, jsonLd(review))), ["Product not-visible review.reviewBody"]);
});

test("Microdata: a value read from an element's text is visible; a <meta content> value is looked up", () => {
  const item = (price: string, rating: string) => `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><link itemprop="image" href="https://example.com/a.jpg">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">${price}<meta itemprop="priceCurrency" content="EUR"></div>
    <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">${rating} <span itemprop="reviewCount">120</span> Bewertungen</div></div>`;
  // Text values: visible by construction, whatever the format.
  assert.equal(truthIssues(page(item(`<span itemprop="price">1299</span>`, `<span itemprop="ratingValue">4.8</span>`), "", "de")), []);
  // The documentation's own pattern: content="4.4" over a shown "4,4".
  assert.equal(truthIssues(page(item(`<meta itemprop="price" content="1299"> 1.299,00 €`, `<span itemprop="ratingValue" content="4.8">4,8</span>`), "", "de")), []);
  // Meta only, and the page shows another rating.
  assert.equal(truthIssues(page(item(`<meta itemprop="price" content="1299">`, `<span itemprop="ratingValue" content="4.8">4,2</span>`), "", "de")), [
    "Product not-visible aggregateRating.ratingValue",
    "Product not-visible offers.price",
  ]);
});

test("Microdata: a value read from the text of an element the page hides is not shown, unless the page shows it elsewhere", () => {
  const item = (body: string) => `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><link itemprop="image" href="https://example.com/a.jpg">${body}</div>`;
  const offer = (price: string) => `<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">${price}<meta itemprop="priceCurrency" content="EUR"></div>`;
  // A price written with a decimal comma ("1.299,00 €") is looked up as the text it is, and the page
  // shows it nowhere else: only whether the element is hidden decides.
  const price = offer(`<span itemprop="price">1.299,00 €</span>`);
  const de = (body: string) => truthIssues(page(item(body), "", "de"));
  const hidden = ["Product not-visible offers.price"];
  for (const hide of [`<div style="display:none">X</div>`, `<div hidden><p>a</p>X</div>`, `<section style="Visibility: Hidden">X</section>`, `<noscript>X</noscript>`]) {
    assert.equal(de(hide.replace("X", price)), hidden, hide);
    // The twin: the same element, not hidden.
    assert.equal(de(hide.replace(/ hidden| style="[^"]*"/, "").replace(/noscript/g, "div").replace("X", price)), [], `${hide} shown`);
  }
  // The element itself hidden; the third of three hidden elements; hidden elements that ended before it.
  assert.equal(de(offer(`<span itemprop="price" hidden>1.299,00 €</span>`)), hidden);
  assert.equal(de(`<p hidden>a</p><p hidden>b</p><div style="display:none">${price}</div>`), hidden);
  assert.equal(de(`<div hidden><span>a</span></div><p hidden>b</p>${price}`), []);
  assert.equal(de(`<noscript><img src="a.gif"></noscript><template><p>t</p></template>${price}`), []);
  // Past a hundred hidden elements, hidden and not.
  const many = `<p hidden>x</p>`.repeat(100);
  assert.equal(de(`${many}<div hidden>${price}</div>`), hidden);
  assert.equal(de(`${many}${price}`), []);
  // The page's text read to its end first (a JSON-LD event's name the page does not show): the hidden
  // element has ended by the time the item is asked about, and is still told.
  const event = jsonLd({ "@context": "https://schema.org", "@type": "Event", name: "Anvil Days", startDate: "2027-05-01T10:00:00+02:00", location: { "@type": "Place", name: "Hall", address: "Berlin" } });
  const both = truthIssues(page(item(`<div style="display:none">${price}</div><p>Ende</p>`), event, "de"));
  assert.equal(both, ["Event not-visible name", "Product not-visible offers.price"]);
  // `<li hidden>a<li>`: the second li ends the first (optional end tag), and is shown.
  assert.equal(de(`<ul><li hidden>a<li>${price}</ul>`), []);
  // Hidden, but the page shows the value elsewhere: shown.
  const plain = offer(`<span itemprop="price">1299</span>`);
  assert.equal(truthIssues(page(item(`<div hidden>${plain}</div><p>€1,299</p>`), "", "en")), []);
  assert.equal(truthIssues(page(item(`<div hidden>${plain}</div><p>€1,399</p>`), "", "en")), hidden);
  // The message says why.
  const result = validateHtml(page(item(`<div style="display:none">${price}</div>`), "", "de"), "https://shop.example/anvil");
  const [warning] = issuesOf(result.schemas[0]);
  assert.match(warning.message, "only in an element the page hides");
});

test("a product's several offers (its variants'): one price shown is enough; none shown, each is reported", () => {
  const offer = (price: number) => ({ "@type": "Offer", price, priceCurrency: "EUR", availability: "https://schema.org/InStock" });
  const variants = jsonLd(product({ offers: [offer(1299), offer(1399), offer(1499)] }));
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 out of 5 (120 reviews)</p>`;
  assert.equal(truthIssues(page(body("€1,299.00"), variants)), []);
  assert.equal(truthIssues(page(body("€1,499.00"), variants)), []);
  assert.equal(truthIssues(page(body("€999.00"), variants)), ["Product not-visible offers.price", "Product not-visible offers.price", "Product not-visible offers.price"]);
  // One offer: its price is the product's (the planted defect stays one).
  assert.equal(truthIssues(page(body("€999.00"), jsonLd(product()))), ["Product not-visible offers.price"]);
  // Microdata: a shown price element among meta-only offers.
  const item = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><link itemprop="image" href="https://example.com/a.jpg">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">1299</span><meta itemprop="priceCurrency" content="EUR"></div>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="1399"><meta itemprop="priceCurrency" content="EUR"></div></div>`;
  assert.equal(truthIssues(page(item)), []);
  assert.equal(truthIssues(page(item.replace('<span itemprop="price">1299</span>', '<meta itemprop="price" content="1299">'))), ["Product not-visible offers.price", "Product not-visible offers.price"]);
});

test("a rating's two counts are alternatives: one shown is enough; neither shown, each is reported", () => {
  // WP Recipe Maker's markup: 2,211 ratings, 9 of them with a comment; the page shows the ratings.
  const counts = (ratingCount: number, reviewCount: number) => jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, ratingCount, reviewCount } }));
  const body = (shown: string) => `<h1>Executive Anvil</h1><p>€1,299.00</p><p>4.8 from ${shown} votes</p>`;
  assert.equal(truthIssues(page(body("2,211"), counts(2211, 9))), []);
  assert.equal(truthIssues(page(body("9"), counts(2211, 9))), []);
  assert.equal(truthIssues(page(body("2,500"), counts(2211, 9))), ["Product not-visible aggregateRating.ratingCount", "Product not-visible aggregateRating.reviewCount"]);
  // Each rating on its own: the product's count shown does not cover a review's rating elsewhere.
  const two = jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, ratingCount: 2211 } }));
  const recipe = jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name: "Anvil Cake", image: "https://example.com/c.jpg", aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 77 } });
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><h2>Anvil Cake</h2>` + body("2,211"), two + recipe)), ["Recipe not-visible aggregateRating.reviewCount"]);
});

test("a markup number written with a decimal comma (\"4,8\", \"1.299,00\") is looked up as written, not as 48 or 1.299", () => {
  const markup = jsonLd(product({ offers: { "@type": "Offer", price: "1.299,00", priceCurrency: "EUR" }, aggregateRating: { "@type": "AggregateRating", ratingValue: "4,8", reviewCount: "120" } }));
  const result = validateHtml(page(`<h1>Executive Anvil</h1><p>1.299,00 €</p><p>4,8 von 5 (120)</p>`, markup, "de"), "https://shop.example/anvil");
  const codes = [...result.schemas[0].errors, ...result.schemas[0].warnings].map((i) => `${i.code} ${i.property}`);
  assert.ok(codes.includes("invalid-format aggregateRating.ratingValue"), codes.join("; "));
  assert.ok(codes.includes("invalid-format offers.price"), codes.join("; "));
  assert.equal(issuesOf(result.schemas[0]), []);
  // The twin: the page shows another rating.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1.299,00 €</p><p>4,2 von 5 (120)</p>`, markup, "de")), ["Product not-visible aggregateRating.ratingValue"]);
  // Grouping commas are read: "1,299.00" is 1299, shown as €1,299 or not.
  const grouped = jsonLd(product({ offers: { "@type": "Offer", price: "1,299.00", priceCurrency: "EUR" } }));
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>€1,299</p><p>4.8 (120)</p>`, grouped)), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>€1,399</p><p>4.8 (120)</p>`, grouped)), ["Product not-visible offers.price"]);
});

test("a closing remark in brackets may be left out of a heading: \"Softwareentwickler (m/w/d)\" over \"Softwareentwickler\"", () => {
  const job = (title: string) =>
    jsonLd({ "@context": "https://schema.org", "@type": "JobPosting", title, datePosted: "2026-01-01", description: "Entwickeln.", hiringOrganization: { "@type": "Organization", name: "Amboss GmbH" }, jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Berlin", addressCountry: "DE" } } });
  assert.equal(truthIssues(page(`<h1>Softwareentwickler</h1>`, job("Softwareentwickler (m/w/d)"), "de")), []);
  assert.equal(truthIssues(page(`<h1>Softwareentwickler (m/w/d)</h1>`, job("Softwareentwickler (m/w/d)"), "de")), []);
  assert.equal(truthIssues(page(`<h1>Systemadministrator</h1>`, job("Softwareentwickler (m/w/d)"), "de")), ["JobPosting not-visible title"]);
  // Only a closing remark: an opening one is part of the title.
  assert.equal(truthIssues(page(`<h1>Softwareentwickler</h1>`, job("(Senior) Softwareentwickler Backend"), "de")), ["JobPosting not-visible title"]);
});

test("a name's variant options after a comma, and a number's unit written together or apart, may differ from the heading", () => {
  const named = (name: string) => jsonLd(product({ name }));
  const shownAs = (heading: string, name: string) => truthIssues(page(`<h1>${heading}</h1><p>€1,299.00</p><p>4.8 (120)</p>`, named(name)));
  assert.equal(shownAs("Executive Anvil", "Executive Anvil, Black, XL"), []);
  assert.equal(shownAs("Phone X 256 GB Black", "Phone X 256GB Black"), []);
  assert.equal(shownAs("Phone X 256GB Black", "Phone X 256 GB Black"), []);
  assert.equal(shownAs("Kaffee Crema 1 kg Bohnen", "Kaffee Crema 1kg Bohnen"), []);
  // The twins: another capacity, a single word left before the comma, a number not beside its unit.
  assert.equal(shownAs("Phone X 128 GB Black", "Phone X 256GB Black"), ["Product not-visible name"]);
  assert.equal(shownAs("Anvil", "Anvil, Executive Edition"), ["Product not-visible name"]);
  assert.equal(shownAs("Phone X 256 Black GB", "Phone X 256GB Black"), ["Product not-visible name"]);
});

test("a value the markup cut short (\"…\", \"...\", \"[…]\") matches the page's whole text by its opening, its last word possibly split", () => {
  const reviewed = (reviewBody: string) => jsonLd(product({ review: { "@type": "Review", author: { "@type": "Person", name: "Ann" }, reviewRating: { "@type": "Rating", ratingValue: 5 }, reviewBody } }));
  const shown = `<h1>Executive Anvil</h1><p>€1,299.00</p><p>4.8 (120)</p><p>Great anvil, heavy and solid. Would buy again.</p>`;
  for (const cut of ["Great anvil, heavy and so…", "Great anvil, heavy and so...", "Great anvil, heavy and solid […]", "Great anvil, heavy and solid. Would buy [&hellip;]"]) {
    assert.equal(truthIssues(page(shown, reviewed(cut))), [], cut);
  }
  // The twins: an opening the page does not show, and a value not cut short whose last word is not the page's.
  assert.equal(truthIssues(page(shown, reviewed("Light anvil, heavy and so…"))), ["Product not-visible review.reviewBody"]);
  assert.equal(truthIssues(page(shown, reviewed("Great anvil, heavy and so"))), ["Product not-visible review.reviewBody"]);
});

test("a product's name may be shown without its brand's name at its start or end: the brand as text, object or @id reference", () => {
  const shownAs = (heading: string, extra: Record<string, unknown>, more = "") =>
    truthIssues(page(`<h1>${heading}</h1><p>€1,299.00</p><p>4.8 (120)</p>`, jsonLd(product(extra)) + more));
  assert.equal(shownAs("Executive Anvil", { name: "Acme Tools Executive Anvil", brand: { "@type": "Brand", name: "Acme Tools" } }), []);
  assert.equal(shownAs("Executive Anvil", { name: "Executive Anvil by Acme Tools", brand: "Acme Tools" }), []);
  assert.equal(shownAs("Executive Anvil", { name: "Executive Anvil - ACME TOOLS", brand: { "@type": "Brand", name: "Acme Tools" } }), []);
  const graphBrand = jsonLd({ "@context": "https://schema.org", "@type": "Brand", "@id": "https://shop.example/#brand", name: "Acme Tools" });
  assert.equal(shownAs("Executive Anvil", { name: "Acme Tools Executive Anvil", brand: { "@id": "https://shop.example/#brand" } }, graphBrand), []);
  // The twins: no brand, another brand, and a heading without the rest of the name.
  assert.equal(shownAs("Executive Anvil", { name: "Acme Tools Executive Anvil" }), ["Product not-visible name"]);
  assert.equal(shownAs("Executive Anvil", { name: "Acme Tools Executive Anvil", brand: { "@type": "Brand", name: "Anvil Co" } }), ["Product not-visible name"]);
  assert.equal(shownAs("Acme Tools", { name: "Acme Tools Executive Anvil", brand: { "@type": "Brand", name: "Acme Tools" } }), ["Product not-visible name"]);
});

test("FAQ questions are looked up whole and one by one: a second question not shown is reported though the first is", () => {
  // "Do you ship abroad?" without its last word is in "How fast do you ship?": a product name may lose a
  // word at either end ("Aussie Meat Pie Recipe"), a question may not.
  const question = (name: string) => ({ "@type": "Question", name, acceptedAnswer: { "@type": "Answer", text: "Within three days." } });
  const faq = jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [question("How fast do you ship?"), question("Do you ship abroad?")] });
  assert.equal(truthIssues(page(`<h2>How fast do you ship?</h2><p>Within three days.</p>`, faq)), ["FAQPage not-visible mainEntity.name"]);
});

test("the issue: a warning with the dotted property, the value's pointer, line and column, and the guideline", () => {
  const html = page(`<h1>Executive Anvil</h1><p>$1,299.00</p><p>4.2 out of 5 (120)</p>`, jsonLd(product()));
  const s = validateHtml(html, "https://shop.example/anvil").schemas[0];
  const [issue] = issuesOf(s);
  assert.is(issue.severity, "warning");
  assert.is(issue.path, "/aggregateRating/ratingValue");
  assert.is(issue.line, 1);
  assert.ok(issue.column! > 1);
  assert.match(issue.message, "Don't mark up content that is not visible to readers of the page");
  assert.is(issue.google_docs_url, "https://developers.google.com/search/docs/appearance/structured-data/sd-policies");
  assert.ok(s.valid && s.rich_result_eligible, "a warning leaves the verdict");
  assert.ok(s.score! < 100);
});

test("JSON-LD alone (no page): no visibility check", async () => {
  const { validateJsonText } = await import("../../../runtime/validate.ts");
  const s = validateJsonText(JSON.stringify(product())).schemas[0];
  assert.equal(issuesOf(s), []);
});

test("a name that is an element's whole text, run into its neighbours by spans without spaces (EventON's cards), is shown; a longer word, a hidden element or a script's text is not", () => {
  const event = jsonLd({ "@context": "https://schema.org", "@type": "Event", name: "Fall Craft Fair", startDate: "2025-09-05T18:00-05:00", location: { "@type": "Place", name: "Lakeside Hall", address: "1 Main St, Madison, WI" } });
  const card = (title: string) => `<p><a href="/e/1"><span><em>6:00 pm - 9:00 pm</em></span><span>${title}<span><em>Lakeside Community Hall</em></span></span></a></p>`;
  assert.equal(truthIssues(page(card(`<span class="evcal_event_title">Fall Craft Fair</span>`), event)), []);
  // The twins: the same card whose title is a longer word, or hidden; the title only in a script's text.
  assert.equal(truthIssues(page(card(`<span class="evcal_event_title">Fall Craft Fairs</span>`), event)), ["Event not-visible name"]);
  assert.equal(truthIssues(page(card(`<span hidden>Fall Craft Fair</span>`), event)), ["Event not-visible name"]);
  assert.equal(truthIssues(page(`${card("")}<script>document.title = "<b>Fall Craft Fair</b>";</script>`, event)), ["Event not-visible name"]);
  assert.equal(truthIssues(page(`${card("")}<noscript><b>Fall Craft Fair</b></noscript>`, event)), ["Event not-visible name"]);
  assert.equal(truthIssues(page(`${card("")}<template><b>Fall Craft Fair</b></template>`, event)), ["Event not-visible name"]);
  // A template's line breaks around the title are no part of the element's text a reader sees.
  assert.equal(truthIssues(page(card(`<span class="evcal_event_title">\n    Fall Craft Fair\n  </span>`), event)), []);
  // A title with an "&", escaped as HTML or as WordPress writes it (&#038;).
  const jazz = jsonLd({ "@context": "https://schema.org", "@type": "Event", name: "Jazz & Blues Night", startDate: "2025-09-05T18:00-05:00", location: { "@type": "Place", name: "Lakeside Hall", address: "1 Main St, Madison, WI" } });
  assert.equal(truthIssues(page(card(`<span>Jazz &amp; Blues Night</span>`), jazz)), []);
  assert.equal(truthIssues(page(card(`<span>Jazz &#038; Blues Night</span>`), jazz)), []);
  assert.equal(truthIssues(page(card(`<span>Jazz &amp; Blues Nights</span>`), jazz)), ["Event not-visible name"]);
});

test("a rating shown as a share of its best (96% for 4.8 of 5, Magento's review summary) is shown; another share, or 96 that is no percentage, is not", () => {
  const body = (rating: string) => `<h1>Executive Anvil</h1><p>EUR 1.299,00</p><div class="rating-summary"><span>Rating:</span><div class="rating-result" title="${rating}"><span>${rating}</span></div><a>120 Reviews</a></div>`;
  const markup = jsonLd(product());
  assert.equal(truthIssues(page(body("96%"), markup, "de")), []);
  assert.equal(truthIssues(page(body("96 %"), markup, "fr")), []);
  assert.equal(truthIssues(page(body("95%"), markup, "de")), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(truthIssues(page(body("196%"), markup, "de")), ["Product not-visible aggregateRating.ratingValue"]);
  // On a scale of 10 the share is of 10: 9.6 is 96%.
  const ten = jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 9.6, bestRating: 10, reviewCount: 120 } }));
  assert.equal(truthIssues(page(body("96%"), ten, "de")), []);
  assert.equal(truthIssues(page(body("48%"), ten, "de")), ["Product not-visible aggregateRating.ratingValue"]);
});

test("a whole rating drawn in star characters (★★★★☆ for 4 of 5) is shown; another count of stars is not", () => {
  const markup = jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 12 } }));
  const body = (stars: string) => `<h1>Executive Anvil</h1><p>EUR 1.299,00</p><p class="stars">${stars} (12)</p>`;
  assert.equal(truthIssues(page(body("\u2605\u2605\u2605\u2605\u2606"), markup, "de")), []);
  assert.equal(truthIssues(page(body("\u2605\u2605\u2605\u2606\u2606"), markup, "de")), ["Product not-visible aggregateRating.ratingValue"]);
});

test("a rating of halves written with a vulgar fraction (4½, 4 ½, ★★★★½) is shown; another whole part or row of stars is not", () => {
  const markup = jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 12 } }));
  const body = (stars: string) => `<h1>Executive Anvil</h1><p>EUR 1.299,00</p><p class="stars">${stars} (12)</p>`;
  for (const shown of ["4½ Sterne", "4 ½ Sterne", "4&nbsp;&frac12;", "\u2605\u2605\u2605\u2605\u00bd"]) assert.equal(truthIssues(page(body(shown), markup, "de")), [], shown);
  assert.equal(truthIssues(page(body("4¼"), jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue: 4.25, reviewCount: 12 } })), "de")), []);
  // The twins: another whole part, a larger number that ends in 4, a row one star short.
  for (const other of ["3½ Sterne", "14½ Sterne", "\u2605\u2605\u2605\u00bd"]) {
    assert.equal(truthIssues(page(body(other), markup, "de")), ["Product not-visible aggregateRating.ratingValue"], other);
  }
});

test("a rating whose one-decimal rounding is whole, shown without its .0 (4 for 3.96, as Intl prints it), is shown; 3.94 is not", () => {
  const markup = (ratingValue: number) => jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount: 120 } }));
  const body = (rating: string) => `<h1>Executive Anvil</h1><p>1.299,00 €</p><p><span>${rating}</span> <span>(120)</span></p>`;
  assert.equal(truthIssues(page(body("4"), markup(3.96), "de")), []);
  assert.equal(truthIssues(page(body("5"), markup(4.96), "en")), []);
  // The twins: a rating that rounds to 3.9, and another whole.
  assert.equal(truthIssues(page(body("4"), markup(3.94), "de")), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(truthIssues(page(body("3"), markup(3.96), "de")), ["Product not-visible aggregateRating.ratingValue"]);
});

test("a perfect rating is not shown by the scale every rating display prints: 5 against \"3.9 out of 5\"; 5.0 out of 5 shows it", () => {
  const markup = (ratingValue: number) => jsonLd(product({ aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount: 120 } }));
  const rated = (shown: string, r: number, lang: string) => truthIssues(page(`<h1>Executive Anvil</h1><p>€1,299.00</p><p>${shown} (120)</p>`, markup(r), lang));
  const told = ["Product not-visible aggregateRating.ratingValue"];
  for (const [shown, lang] of [["3.9 out of 5", "en"], ["3.9/5", "en"], ["3.9 / 5", "en"], ["3,9 von 5", "de"], ["3,9 sur 5", "fr"]] as const) assert.equal(rated(shown, 5, lang), told, shown);
  // The twins: the perfect rating shown beside its scale, and a rating below the best, which the scale never is.
  for (const [shown, lang] of [["5.0 out of 5", "en"], ["5 out of 5", "en"], ["5/5", "en"], ["Rated 5.00 out of 5", "en"], ["5,0 von 5", "de"]] as const) assert.equal(rated(shown, 5, lang), [], shown);
  assert.equal(rated("3.9 out of 5", 3.9, "en"), []);
});

test("Microdata: a value read from the text of an element the browser does not draw (the head's title, an SVG's title) is looked up; shown elsewhere, it is shown", () => {
  const withTitle = (heading: string) =>
    truthIssues(`<!doctype html><html lang="en" itemscope itemtype="https://schema.org/Product"><head><title itemprop="name">Executive Anvil</title></head><body><link itemprop="image" href="https://example.com/a.jpg"><h1>${heading}</h1></body></html>`);
  assert.equal(withTitle("Garden Hose Reel"), ["Product not-visible name"]);
  assert.equal(withTitle("Executive Anvil"), []);
  const rated = (shown: string) =>
    truthIssues(page(`<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><link itemprop="image" href="https://example.com/a.jpg">
      <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><svg role="img" width="80" height="16"><title itemprop="ratingValue">4.8</title><path d="M0 0h80v16H0z"/></svg>${shown} <span itemprop="reviewCount">87</span> reviews</div></div>`));
  assert.equal(rated(""), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(rated(" 4.8 out of 5"), []);
});

test.run();
