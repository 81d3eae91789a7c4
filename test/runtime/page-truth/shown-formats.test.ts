/**
 * not-visible on how real pages write what the markup says: Indian digit grouping, the digits of other
 * scripts, counts rounded to thousands, a price of 0 shown as "Free", soft hyphens in a heading, symbols
 * beside a name, character references beyond the common ones, cents as a superscript, headings in
 * capitals, decomposed accents and prices in cents. Each shown form has a twin that shows another value.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const anvil = (extra: Record<string, unknown> = {}) => jsonLd(product(extra));
const offer = (price: number | string, priceCurrency: string) => ({ offers: { "@type": "Offer", price, priceCurrency, availability: "https://schema.org/InStock" } });
const rating = (ratingValue: number, reviewCount: number) => ({ aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount } });

test("Indian grouping: ₹1,29,900 is 129900 (and with paise), ₹1,29,000 is not", () => {
  const markup = anvil(offer(129900, "INR"));
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body("₹1,29,900"), markup, "en-IN")), []);
  assert.equal(truthIssues(page(body("Rs. 1,29,900.00"), markup, "hi")), []);
  assert.equal(truthIssues(page(body("₹12,34,56,789"), anvil(offer(123456789, "INR")), "en-IN")), []);
  assert.equal(truthIssues(page(body("₹1,29,000"), markup, "en-IN")), ["Product not-visible offers.price"]);
  // Groups of two are only Indian between commas and before a last group of three.
  assert.equal(truthIssues(page(body("₹1,29,90"), markup, "en-IN")), ["Product not-visible offers.price"]);
});

test("other scripts' digits: Persian, Arabic-Indic, Devanagari and full-width numbers are read", () => {
  const cases: Array<[string, string, string, string]> = [
    // [lang, price 1299 shown, rating 4.8 shown, count 120 shown]
    ["fa", "۱٬۲۹۹ تومان", "۴٫۸ از ۵", "۱۲۰"],
    ["ar", "١٬٢٩٩ ر.س", "٤٫٨ من ٥", "١٢٠"],
    ["hi", "₹ १,२९९", "४.८", "१२०"],
    ["ja", "￥１，２９９", "４．８", "１２０件"],
  ];
  for (const [lang, price, stars, count] of cases) {
    const body = (r: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>${r} (${count})</p>`;
    assert.equal(truthIssues(page(body(stars), anvil(), lang)), [], lang);
    // The twin: 4.2 in the same digits.
    const other = stars.replace(/[٨۸८８]/, (d) => String.fromCharCode(d.charCodeAt(0) - 6));
    assert.equal(truthIssues(page(body(other), anvil(), lang)), ["Product not-visible aggregateRating.ratingValue"], `${lang} ${other}`);
  }
  // A page without a language is read in either digits.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>۱٬۲۹۹</p><p>۴٫۸ (۱۲۰)</p>`, anvil(), null)), []);
  // So is a page whose language attribute is its CMS's default (an Arabic shop on lang="en-US", an Indian
  // one on "en-IN"), or one that gives the part its language: its digits are read all the same.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>السعر: ١٬٢٩٩ ر.س</p><p>٤٫٨ (١٢٠)</p>`, anvil(), "en-US")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>₹ १,२९९</p><p>४.८ (१२०)</p>`, anvil(), "en-IN")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><div lang="ar"><p>١٬٢٩٩ ر.س</p><p>٤٫٨ (١٢٠)</p></div>`, anvil(), "en")), []);
  // The twins: another price and another rating in the same digits.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>السعر: ١٬٢٩٨ ر.س</p><p>٤٫٢ (١٢٠)</p>`, anvil(), "en-US")), ["Product not-visible aggregateRating.ratingValue", "Product not-visible offers.price"]);
});

test("a count rounded to thousands: 1.2K, 1,2 Tsd. and 1.2万 show 1,234 and 12,000; 2.5K does not show 1,234", () => {
  const body = (count: string) => `<h1>Executive Anvil</h1><p>€1,299</p><p>4.8 (${count})</p>`;
  assert.equal(truthIssues(page(body("1.2K ratings"), anvil(rating(4.8, 1234)), "en")), []);
  assert.equal(truthIssues(page(body("1k+ reviews"), anvil(rating(4.8, 1234)), "en")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1.299 €</p><p>4,8 (1,2 Tsd. Bewertungen)</p>`, anvil(rating(4.8, 1234)), "de")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1299</p><p>4.8 (1.2万条评价)</p>`, anvil(rating(4.8, 12000)), "zh")), []);
  // Polish, Italian and Korean thousands and ten thousands.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1 299 zł</p><p>4,8 (12,3 tys. opinii)</p>`, anvil(rating(4.8, 12345)), "pl")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1.299 €</p><p>4,8 (12,3 mila recensioni)</p>`, anvil(rating(4.8, 12345)), "it")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1,299원</p><p>4.8 (1.2만 리뷰)</p>`, anvil(rating(4.8, 12000)), "ko")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1,299원</p><p>4.8 (3.5만 리뷰)</p>`, anvil(rating(4.8, 12000)), "ko")), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(truthIssues(page(body("2.5K ratings"), anvil(rating(4.8, 1234)), "en")), ["Product not-visible aggregateRating.reviewCount"]);
  // A count under a thousand is never read as rounded: 1.2K does not show 120.
  assert.equal(truthIssues(page(body("1.2K ratings"), anvil(), "en")), ["Product not-visible aggregateRating.reviewCount"]);
  // A rating or a price is not a count: "4.8K" does not show a price of 4,800.
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>4.8K</p><p>4.8 (120)</p>`, anvil(offer(4800, "USD")), "en")), ["Product not-visible offers.price"]);
});

test("a price of 0 shown as Free (or Gratis, Kostenlos, 無料); a page that shows a price instead is told", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  for (const [lang, word] of [["en", "Free"], ["nl", "Gratis"], ["de", "KOSTENLOS"], ["ja", "価格: 無料"]]) {
    assert.equal(truthIssues(page(body(word), anvil(offer(0, "EUR")), lang)), [], word);
    assert.equal(truthIssues(page(body(word), anvil(offer("0.00", "EUR")), lang)), [], `${word} for "0.00"`);
  }
  assert.equal(truthIssues(page(body("$0.00"), anvil(offer(0, "USD")))), []);
  assert.equal(truthIssues(page(body("$5.00"), anvil(offer(0, "USD")))), ["Product not-visible offers.price"]);
  // "Free" does not show a price that is not 0.
  assert.equal(truthIssues(page(body("Free"), anvil(offer(5, "USD")))), ["Product not-visible offers.price"]);
});

test("soft hyphens in a heading (&shy; or U+00AD) do not split its words", () => {
  const markup = jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name: "Schwarzwälder Kirschtorte", image: "https://example.com/k.jpg" });
  assert.equal(truthIssues(page(`<h1>Schwarz&shy;wälder Kirsch&shy;torte</h1>`, markup, "de")), []);
  assert.equal(truthIssues(page(`<h1>Schwarz\u00adwälder Kirsch\u00ADtorte</h1>`, markup, "de")), []);
  assert.equal(truthIssues(page(`<h1>Schwarz&shy;wälder Apfel&shy;torte</h1>`, markup, "de")), ["Recipe not-visible name"]);
  // A soft hyphen in the markup's value is not read either.
  const hyphenated = jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name: "Schwarz\u00adwälder Kirschtorte", image: "https://example.com/k.jpg" });
  assert.equal(truthIssues(page(`<h1>Schwarzwälder Kirschtorte</h1>`, hyphenated, "de")), []);
});

test("characters a reader does not tell apart read as one: zero-width ones, full-width Latin, 2×4, ʻ and ʼ", () => {
  const recipe = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name, image: "https://example.com/k.jpg" });
  // Zero-width spaces, joiners, word joiners and BOMs inside a word, on the page or in the markup.
  for (const zw of ["\u200b", "&#8203;", "\u200c", "\u200d", "\u2060", "\ufeff"]) {
    assert.equal(truthIssues(page(`<h1>Kirsch${zw}torte Deluxe</h1>`, recipe("Kirschtorte Deluxe"), "de")), [], JSON.stringify(zw));
  }
  assert.equal(truthIssues(page(`<h1>Kirschtorte Deluxe</h1>`, recipe("Kirsch\u200btorte Deluxe"), "de")), []);
  // Full-width Latin and the ideographic space of a Japanese page, either way round.
  assert.equal(truthIssues(page(`<h1>ＡＢＣ　クッキー</h1>`, recipe("ABC クッキー"), "ja")), []);
  assert.equal(truthIssues(page(`<h1>ABC クッキー</h1>`, recipe("ＡＢＣ クッキー"), "ja")), []);
  // WordPress writes "2x4" between numbers as "2&#215;4"; modifier-letter apostrophes read as the apostrophe.
  assert.equal(truthIssues(page(`<h1>Best 2&#215;4 Workbench Plans</h1>`, recipe("Best 2x4 Workbench Plans"))), []);
  assert.equal(truthIssues(page(`<h1>Hawai'i Poke Bowl</h1>`, recipe("Hawai\u02bbi Poke Bowl"))), []);
  // The twins: other letters are still other words.
  assert.equal(truthIssues(page(`<h1>ＡＢＤ　クッキー</h1>`, recipe("ABC クッキー"), "ja")), ["Recipe not-visible name"]);
  assert.equal(truthIssues(page(`<h1>Best 2&#215;6 Workbench Plans</h1>`, recipe("Best 2x4 Workbench Plans"))), ["Recipe not-visible name"]);
  assert.equal(truthIssues(page(`<h1>Kirsch\u200btarte Deluxe</h1>`, recipe("Kirschtorte Deluxe"), "de")), ["Recipe not-visible name"]);
});

test("compatibility forms read as what they stand for: m² and m2, CO₂, ½ and 1/2, ligatures, half-width katakana, tatweel", () => {
  const recipe = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name, image: "https://example.com/k.jpg" });
  const shown = (heading: string, name: string, lang = "en") => truthIssues(page(`<h1>${heading}</h1>`, recipe(name), lang));
  assert.equal(shown("Balcony Herb Garden 2 m<sup>2</sup>", "Balcony Herb Garden 2 m²"), []);
  assert.equal(shown("Balcony Herb Garden 2 m²", "Balcony Herb Garden 2 m2"), []);
  assert.equal(shown("Soda Bread without CO<sub>2</sub> Cartridges", "Soda Bread without CO₂ Cartridges"), []);
  assert.equal(shown("Pancakes with &frac12; Cup Flour", "Pancakes with 1/2 Cup Flour"), []);
  assert.equal(shown("Pancakes with 1/2 Cup Flour", "Pancakes with ½ Cup Flour"), []);
  assert.equal(shown("Con\ufb01t Duck Legs", "Confit Duck Legs"), []);
  assert.equal(shown("ｶﾞｰﾃﾞﾝ サラダ", "ガーデン サラダ", "ja"), []);
  assert.equal(shown("ガーデン サラダ", "ｶﾞｰﾃﾞﾝ サラダ", "ja"), []);
  assert.equal(shown("مـــطعم الشام", "مطعم الشام", "ar"), []);
  // The twins: another number, fraction or word is still another.
  assert.equal(shown("Balcony Herb Garden 3 m<sup>2</sup>", "Balcony Herb Garden 2 m²"), ["Recipe not-visible name"]);
  assert.equal(shown("Pancakes with &frac14; Cup Flour", "Pancakes with 1/2 Cup Flour"), ["Recipe not-visible name"]);
  assert.equal(shown("ｶﾞｰﾃﾞﾝ スープ", "ガーデン サラダ", "ja"), ["Recipe not-visible name"]);
  assert.equal(shown("مـــطبخ الشام", "مطعم الشام", "ar"), ["Recipe not-visible name"]);
});

test("Japanese, Chinese and Thai write no spaces: a name meets the text around it at a word's edge, and a space on one side only is no difference", () => {
  const recipe = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name, image: "https://example.com/k.jpg" });
  const shown = (body: string, name: string, lang: string) => truthIssues(page(body, recipe(name), lang));
  // Block edges between two such characters add no space (a phone layout's <br> splits no word), so the
  // heading runs into the navigation before it and the text after it.
  assert.equal(shown("<nav>ホーム</nav><h1>金床セット</h1><p>説明です</p>", "金床セット", "ja"), []);
  assert.equal(shown("<p>人気のレシピ</p><h1>红烧肉</h1><p>做法</p>", "红烧肉", "zh"), []);
  assert.equal(shown("<h1>金床セットの作り方</h1>", "金床セット", "ja"), []);
  assert.equal(shown("<p>เมนู</p><h1>ต้มยำกุ้ง</h1>", "ต้มยำกุ้ง", "th"), []);
  // A space on one side only, either way round; an ideographic space too.
  assert.equal(shown("<h1>プロ用 金床セット</h1>", "プロ用金床セット", "ja"), []);
  assert.equal(shown("<h1>プロ用金床セット</h1>", "プロ用　金床セット", "ja"), []);
  // ... and on the page's side: the ideographic space of a Japanese title, a no-break space.
  assert.equal(shown("<h1>プロ用　金床セット</h1>", "プロ用金床セット", "ja"), []);
  assert.equal(shown("<h1>专业&nbsp;铁砧套装</h1>", "专业铁砧套装", "zh"), []);
  assert.equal(shown("<h1>プロ用　金床ケース</h1>", "プロ用金床セット", "ja"), ["Recipe not-visible name"]);
  // A page in another language reads its spaces as written, and the markup's the same way.
  assert.equal(shown("<h1>プロ用 金床セット</h1>", "プロ用 金床セット", "en"), []);
  assert.equal(shown("<h1>プロ用 金床セット</h1>", "プロ用金床セット", null as unknown as string), []);
  // The twins: another dish is still another, and a Latin word still needs its edges.
  assert.equal(shown("<nav>ホーム</nav><h1>金床ケース</h1>", "金床セット", "ja"), ["Recipe not-visible name"]);
  assert.equal(shown("<h1>プロ用 金床ケース</h1>", "プロ用金床セット", "ja"), ["Recipe not-visible name"]);
  assert.equal(shown("<h1>Superanvil Set</h1>", "Anvil Set", "en"), ["Recipe not-visible name"]);
});

test("superscript cents after a template's line break: $<span>19</span>\\n<sup>99</sup> shows 19.99", () => {
  const markup = anvil(offer(19.99, "USD"));
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body('<span class="price">\n  <span class="currency">$</span><span class="whole">19</span>\n  <sup class="cents">99</sup>\n</span>'), markup)), []);
  assert.equal(truthIssues(page(body('<span class="price">\n  <span class="currency">$</span><span class="whole">19</span>\n  <sup class="cents">99</sup>\n</span>'), anvil(offer(1999, "USD")))), ["Product not-visible offers.price"]);
});

test("a name or headline the page cuts with an ellipsis shows its opening: \"Executive Anvil with Extra Long Ho…\"", () => {
  const named = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Product", name, image: "https://example.com/a.jpg" });
  const long = "Executive Anvil with Extra Long Horn and Hardy Hole";
  assert.equal(truthIssues(page(`<h2>Executive Anvil with Extra Long Ho…</h2>`, named(long))), []);
  assert.equal(truthIssues(page(`<h2>Executive Anvil with Extra Long...</h2>`, named(long))), []);
  const article = jsonLd({ "@context": "https://schema.org", "@type": "Article", headline: "A very long headline that the theme truncates with an ellipsis on the page for layout" });
  assert.equal(truthIssues(page(`<h1>A very long headline that the theme truncates with an&hellip;</h1>`, article)), []);
  // The twins: another text before the ellipsis, an opening too short to tell, a cut that starts inside a word.
  assert.equal(truthIssues(page(`<h2>Executive Anvil with Extra Short Ho…</h2>`, named(long))), ["Product not-visible name"]);
  assert.equal(truthIssues(page(`<h2>Executive Anv…</h2>`, named(long))), ["Product not-visible name"]);
  assert.equal(truthIssues(page(`<h2>SuperExecutive Anvil with Extra Long Ho…</h2>`, named(long))), ["Product not-visible name"]);
});

test("symbols beside a name (™, ℃, ★, →) separate words as punctuation does: Air Runner™ shows Air Runner", () => {
  const named = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Product", name, image: "https://example.com/a.jpg" });
  assert.equal(truthIssues(page(`<h1>Air Runner™</h1>`, named("Air Runner"))), []);
  assert.equal(truthIssues(page(`<h1>Air Runner</h1>`, named("Air Runner™"))), []);
  assert.equal(truthIssues(page(`<h1>★ Air Runner → 100℃</h1>`, named("Air Runner 100 ℃"))), []);
  assert.equal(truthIssues(page(`<h1>Air Runners™</h1>`, named("Air Runner"))), ["Product not-visible name"]);
  // Letters of the scripts past those blocks (Glagolitic, Coptic, Georgian) are still letters.
  assert.equal(truthIssues(page(`<h1>ⴀⴁⴂ ⴃ</h1>`, named("ⴀⴁ"))), ["Product not-visible name"]);
});

test("character references of the standard's whole table: Bl&aring;b&aelig;r is Blåbær, in the page and in Microdata", () => {
  const markup = jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name: "Blåbærsaft med Ørret", image: "https://example.com/b.jpg" });
  assert.equal(truthIssues(page(`<h1>Bl&aring;b&aelig;rsaft med &Oslash;rret</h1>`, markup, "no")), []);
  assert.equal(truthIssues(page(`<h1>Bringeb&aelig;rsaft med &Aring;l</h1>`, markup, "no")), ["Recipe not-visible name"]);
  // Microdata's value is read from the element's text with the same table: Ø, not ø or "&Oslash;".
  const microdata = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">&Oslash;rret &amp; Bl&aring;b&aelig;r</h1>
    <link itemprop="image" href="https://example.com/b.jpg"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
    <meta itemprop="price" content="12"><meta itemprop="priceCurrency" content="NOK"><span>12 kr</span></div></div>`;
  const conflicting = jsonLd({ "@context": "https://schema.org", "@type": "Product", name: "Ørret & Blåbær", image: "https://example.com/b.jpg", offers: { "@type": "Offer", price: 12, priceCurrency: "NOK" } });
  // Same name in both syntaxes (the Microdata value decoded as the JSON-LD one is written): one entity, no conflict on the name.
  const issues = truthIssues(page(microdata + conflicting, "", "no"), "https://shop.example/b");
  assert.not.ok(issues.some((i) => i.includes("conflicting-values name")), issues.join("\n"));
});

test("cents written as a superscript: $19<sup>99</sup> shows 19.99 (not 1999), in the page's decimal mark", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body("$19<sup>99</sup>"), anvil(offer(19.99, "USD")), "en")), []);
  assert.equal(truthIssues(page(body("$1,299<SUP class=c> 00 </SUP>"), anvil(offer(1299, "USD")), "en")), []);
  assert.equal(truthIssues(page(body("<span>19</span><sup>99</sup> €"), anvil(offer(19.99, "EUR")), "de")), []);
  assert.equal(truthIssues(page(body("$19<sup>99</sup>"), anvil(offer(19.99, "USD")), null)), []);
  // A template's space or line break before the superscript, or a span inside it, is still cents.
  assert.equal(truthIssues(page(body("$19 <sup>99</sup>"), anvil(offer(19.99, "USD")), "en")), []);
  assert.equal(truthIssues(page(body('<span class="currency">$</span><span class="whole">19</span>\n  <sup class="cents">99</sup>'), anvil(offer(19.99, "USD")), "en")), []);
  assert.equal(truthIssues(page(body("$<span>19</span><sup><span>99</span></sup>"), anvil(offer(19.99, "USD")), "en")), []);
  // The twins: the superscript is cents, so the page does not show 1999; a block between them parts them.
  assert.equal(truthIssues(page(body("$19<sup>99</sup>"), anvil(offer(1999, "USD")), "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("$19 <sup>99</sup>"), anvil(offer(1999, "USD")), "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("$19</p><p><sup>99</sup>"), anvil(offer(19.99, "USD")), "en")), ["Product not-visible offers.price"]);
  // A superscript of one digit, or of more than two, is no cents (a footnote, a power).
  assert.equal(truthIssues(page(body("$19<sup>9</sup>"), anvil(offer(19.9, "USD")), "en")), ["Product not-visible offers.price"]);
  // A hidden superscript adds nothing.
  assert.equal(truthIssues(page(body("$19<sup hidden>99</sup>"), anvil(offer(19.99, "USD")), "en")), ["Product not-visible offers.price"]);
});

test("the euro sign as the decimal mark, as French shops print prices: 12€99 and 1 299€99 show 12.99 and 1,299.99", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4,8 (120)</p>`;
  for (const [shown, value] of [["12€99", 12.99], ["12 € 99", 12.99], ["12<sup>€99</sup>", 12.99], ["12€<sup>99</sup>", 12.99], ["12<sup>99 €</sup>", 12.99], ["12<sup>99&nbsp;&euro;</sup>", 12.99], ["1 299€99", 1299.99], ["1&#8239;299€99", 1299.99]] as const) {
    assert.equal(truthIssues(page(body(shown), anvil(offer(value, "EUR")), "fr")), [], shown);
  }
  // The twins: other cents, another whole, a number that goes on.
  for (const shown of ["12€98", "13€99", "12€995"]) {
    assert.equal(truthIssues(page(body(shown), anvil(offer(12.99, "EUR")), "fr")), ["Product not-visible offers.price"], shown);
  }
  // Cents in a superscript with the currency are cents: 12<sup>99 €</sup> is no 1299.
  assert.equal(truthIssues(page(body("12<sup>99 €</sup>"), anvil(offer(1299, "EUR")), "fr")), ["Product not-visible offers.price"]);
});

test("öre after a colon, as Swedish shops print prices: 149:90 and 1 299:90 kr show 149.90 and 1,299.90 on a Swedish page", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4,8 (120)</p>`;
  for (const [shown, value] of [["149:90", 149.9], ["149:90 kr", 149.9], ["Pris: 1 299:90 kr", 1299.9], ["1&nbsp;299:90", 1299.9], ["149:-", 149]] as const) {
    assert.equal(truthIssues(page(body(shown), anvil(offer(value, "SEK")), "sv")), [], shown);
  }
  // The twins: other öre, another whole, a time of day with seconds, and the same "19:30" on a page in
  // English, where it is a time of day.
  for (const [shown, lang] of [["149:80 kr", "sv"], ["148:90 kr", "sv"], ["kl. 149:90:00", "sv"], ["149:90", "en"]] as const) {
    assert.equal(truthIssues(page(body(shown), anvil(offer(149.9, "SEK")), lang)), ["Product not-visible offers.price"], `${shown} (${lang})`);
  }
});

test("a price written in cents: 99¢, 99 cents, 99 ct and $.99 show 0.99; a twin of another amount, or cents of a larger number, does not", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  for (const shown of ["99¢", "only 99 &cent; each", "99 cents", "99&nbsp;ct", "$.99", "US$ .99", "€,99", "only 99p"]) {
    assert.equal(truthIssues(page(body(shown), anvil(offer(0.99, "USD")), "en")), [], shown);
  }
  assert.equal(truthIssues(page(body("$.5"), anvil(offer(0.5, "USD")), "en")), [], "$.5 is 50 cents");
  assert.equal(truthIssues(page(body("150¢"), anvil(offer(1.5, "USD")), "en")), [], "150¢ is 1.50");
  // The twins: another amount, the decimals of a number, a word that only begins with "ct", a mark with no currency.
  for (const shown of ["89¢", "$1.99¢", "99 cts.", "99 ctx", "$.995", "Version .99", "$.99.5", "1099p video", "99px"]) {
    assert.equal(truthIssues(page(body(shown), anvil(offer(0.99, "USD")), "en")), ["Product not-visible offers.price"], shown);
  }
  // Cents are asked for prices that have them: 99¢ does not show 99.
  assert.equal(truthIssues(page(body("99¢"), anvil(offer(99, "USD")), "en")), [], "99 shown as a number");
  assert.equal(truthIssues(page(body("99¢"), anvil(offer(9900, "USD")), "en")), ["Product not-visible offers.price"]);
  // In Microdata, with the price only in a content attribute, the text's cents show it.
  const micro = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Executive Anvil</h1><img itemprop="image" src="/a.jpg" alt="">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="0.99"><meta itemprop="priceCurrency" content="USD">
    <link itemprop="availability" href="https://schema.org/InStock"><span>SHOWN</span></div></div>`;
  assert.equal(truthIssues(page(micro.replace("SHOWN", "99¢"), "", "en")), []);
  assert.equal(truthIssues(page(micro.replace("SHOWN", "89¢"), "", "en")), ["Product not-visible offers.price"]);
});

test("a heading in capitals in the source: STRASSE shows Straße, Turkish İPEK HALI shows İpek Halı (and ipek halı)", () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>1.299 €</p><p>4,8 (120)</p>`;
  assert.equal(truthIssues(page(body("STRASSENLAMPE"), anvil({ name: "Straßenlampe" }), "de")), []);
  assert.equal(truthIssues(page(body("Straßenlampe"), anvil({ name: "STRASSENLAMPE" }), "de")), []);
  assert.equal(truthIssues(page(body("İPEK HALI"), anvil({ name: "İpek Halı" }), "tr")), []);
  assert.equal(truthIssues(page(body("İpek Halı"), anvil({ name: "ipek hali" }), "tr")), []);
  // The twins: another word in the same capitals.
  assert.equal(truthIssues(page(body("STRASSENLATERNE"), anvil({ name: "Straßenlampe" }), "de")), ["Product not-visible name"]);
  assert.equal(truthIssues(page(body("İPEK KİLİM"), anvil({ name: "İpek Halı" }), "tr")), ["Product not-visible name"]);
});

test("composed and decomposed accents are one text: Café in the markup, Cafe + U+0301 on the page, and the other way round", () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>1.299 €</p><p>4,8 (120)</p>`;
  assert.equal(truthIssues(page(body("Cafe\u0301 Amboss"), anvil({ name: "Café Amboss" }), "de")), []);
  assert.equal(truthIssues(page(body("Café Amboss"), anvil({ name: "Cafe\u0301 Amboss" }), "de")), []);
  assert.equal(truthIssues(page(body("Cre\u0300me bru\u0302le\u0301e"), anvil({ name: "Crème brûlée" }), "fr")), []);
  // The twins: another name in decomposed accents, either way.
  assert.equal(truthIssues(page(body("Cafe\u0301 Hammer"), anvil({ name: "Café Amboss" }), "de")), ["Product not-visible name"]);
  assert.equal(truthIssues(page(body("Café Hammer"), anvil({ name: "Cafe\u0301 Amboss" }), "de")), ["Product not-visible name"]);
});

test("accents the page leaves off: French capitals \"CAFE CREME\" and \"ETE 2026\" show the markup's Café Crème and Été 2026", () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>1 299 €</p><p>4,8 (120)</p>`;
  assert.equal(truthIssues(page(body("CAFE CREME"), anvil({ name: "Café Crème" }), "fr")), []);
  assert.equal(truthIssues(page(body("Collection ETE 2026"), anvil({ name: "Collection Été 2026" }), "fr")), []);
  assert.equal(truthIssues(page(body("Cafe Creme"), anvil({ name: "Cafe\u0301 Cre\u0300me" }), "fr")), []);
  // The twin: another word without its accents.
  assert.equal(truthIssues(page(body("CAFE NOIR"), anvil({ name: "Café Crème" }), "fr")), ["Product not-visible name"]);
});

test("accents the markup leaves off: a name typed \"Creme Brulee\" (a feed's ASCII names) shows as the page's Crème Brûlée", () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>1 299 €</p><p>4,8 (120)</p>`;
  assert.equal(truthIssues(page(body("Crème Brûlée"), anvil({ name: "Creme Brulee" }), "fr")), []);
  assert.equal(truthIssues(page(body("Áo dài lụa tơ tằm"), anvil({ name: "Ao dai lua to tam" }), "vi")), []);
  // Decomposed accents on the page, an accent on each side in another place.
  assert.equal(truthIssues(page(body("Cre\u0300me Brule\u0301e"), anvil({ name: "Creme Brulee" }), "fr")), []);
  assert.equal(truthIssues(page(body("Crème Brulée"), anvil({ name: "Creme Brûlee" }), "fr")), []);
  // The twins: another word on the page, or the name only in an element the page hides.
  assert.equal(truthIssues(page(body("Crème Caramel"), anvil({ name: "Creme Brulee" }), "fr")), ["Product not-visible name"]);
  assert.equal(truthIssues(page(`<h1 hidden>Crème Brûlée</h1><p>1 299 €</p><p>4,8 (120)</p>`, anvil({ name: "Creme Brulee" }), "fr")), ["Product not-visible name"]);
});

test("Greek capitals drop the tonos and keep the dialytika: \"ΠΡΟΪΟΝ ΕΛΑΙΟΛΑΔΟΥ\" shows the markup's Προϊόν Ελαιολάδου", () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>12,99 €</p><p>4,8 (120)</p>`;
  assert.equal(truthIssues(page(body("ΠΡΟΪΟΝ ΕΛΑΙΟΛΑΔΟΥ"), anvil({ name: "Προϊόν Ελαιολάδου", offers: { "@type": "Offer", price: "12.99", priceCurrency: "EUR" } }), "el")), []);
  assert.equal(truthIssues(page(body("ΠΡΟΙΟΝ ΕΛΑΙΟΛΑΔΟΥ"), anvil({ name: "Προϊόν Ελαιολάδου", offers: { "@type": "Offer", price: "12.99", priceCurrency: "EUR" } }), "el")), []);
  // The twin: another word in capitals.
  assert.equal(truthIssues(page(body("ΠΡΟΪΟΝ ΜΕΛΙΟΥ"), anvil({ name: "Προϊόν Ελαιολάδου", offers: { "@type": "Offer", price: "12.99", priceCurrency: "EUR" } }), "el")), ["Product not-visible name"]);
});

test("Hebrew and Arabic punctuation separates words: a geresh for an apostrophe, an Arabic comma after a word", () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>12.99</p><p>4.8 (120)</p>`;
  const named = (name: string) => anvil({ name, offers: { "@type": "Offer", price: "12.99", priceCurrency: "ILS" } });
  assert.equal(truthIssues(page(body("צ׳יפס בטטה אפויה"), named("צ'יפס בטטה אפויה"), "he")), []);
  assert.equal(truthIssues(page(body("زيت زيتون، بكر ممتاز"), named("زيت زيتون بكر ممتاز"), "ar")), []);
  // The twins: another word.
  assert.equal(truthIssues(page(body("צ׳יפס תפוחי אדמה"), named("צ'יפס בטטה אפויה"), "he")), ["Product not-visible name"]);
  assert.equal(truthIssues(page(body("زيت زيتون، عادي"), named("زيت زيتون بكر ممتاز"), "ar")), ["Product not-visible name"]);
});

test("a currency without a minor unit: 129.000₫ on a page in English is 129,000 dong; the same digits in dollars are not", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body("129.000₫"), anvil(offer(129000, "VND")), "en")), []);
  assert.equal(truthIssues(page(body("¥ 12.900"), anvil(offer(12900, "JPY")), "en-US")), []);
  assert.equal(truthIssues(page(body("129.000₫"), anvil(offer(129000, "vnd")), "en")), [], "the code in any case");
  // Currencies whose minor unit no longer circulates: rupiah, forint, Colombian pesos.
  assert.equal(truthIssues(page(body("Rp129.000"), anvil(offer(129000, "IDR")), "en")), []);
  assert.equal(truthIssues(page(body("COP $129.000"), anvil(offer(129000, "COP")), "en")), []);
  assert.equal(truthIssues(page(body("Rp139.000"), anvil(offer(129000, "IDR")), "en")), ["Product not-visible offers.price"]);
  // The twins: a currency with three decimals keeps the page's convention (129.000 in English is 129
  // dinars), and another amount in dong is still not shown.
  assert.equal(truthIssues(page(body("129.000 KD"), anvil(offer(129000, "KWD")), "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("139.000₫"), anvil(offer(129000, "VND")), "en")), ["Product not-visible offers.price"]);
});


test('"and" and "&": the markup\'s "Salt and Pepper" is shown as "Salt & Pepper" or "Salt + Pepper", and a question\'s "&" as "and"', () => {
  const body = (heading: string) => `<h1>${heading}</h1><p>$1,299.00</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body("Salt &amp; Pepper Grinder"), anvil({ name: "Salt and Pepper Grinder" }))), []);
  assert.equal(truthIssues(page(body("Salt + Pepper Grinder"), anvil({ name: "Salt and Pepper Grinder" }))), []);
  assert.equal(truthIssues(page(`<h1>Salz &amp; Pfeffer Mühle</h1><p>1.299,00 €</p><p>4,8 (120)</p>`, anvil({ name: "Salz und Pfeffer Mühle", offers: { "@type": "Offer", price: 1299, priceCurrency: "EUR" } }), "de")), []);
  // The twins: another word where the conjunction was.
  assert.equal(truthIssues(page(body("Salt &amp; Vinegar Grinder"), anvil({ name: "Salt and Pepper Grinder" }))), ["Product not-visible name"]);
  assert.equal(truthIssues(page(body("Salt or Pepper"), anvil({ name: "Salt & Pepper" }))), ["Product not-visible name"]);
  // A question is looked up whole (no word dropped at either end): "&" in the markup, "and" on the page.
  const question = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name, acceptedAnswer: { "@type": "Answer", text: "Within three days." } }] });
  assert.equal(truthIssues(page(`<h2>Do you ship spare parts and tools?</h2><p>Within three days.</p>`, question("Do you ship spare parts & tools?"))), []);
  assert.equal(truthIssues(page(`<h2>Do you ship spare parts &amp; tools?</h2><p>Within three days.</p>`, question("Do you ship spare parts and tools?"))), []);
  assert.equal(truthIssues(page(`<h2>Do you ship spare parts or tools?</h2><p>Within three days.</p>`, question("Do you ship spare parts & tools?"))), ["FAQPage not-visible mainEntity.name"]);
});

test("a price in a currency of cents has no three decimals: €1.299 on a page in English and $1,299 on one in German show 1,299; 1.299 KD is a dinar and 299 fils", () => {
  const body = (price: string, stars = "4.8") => `<h1>Executive Anvil</h1><p>${price}</p><p>${stars} (120)</p>`;
  assert.equal(truthIssues(page(body("€1.299"), anvil(offer(1299, "EUR")), "en")), []);
  assert.equal(truthIssues(page(body("1.299 €"), anvil(offer(1299, "EUR")), "en")), []);
  assert.equal(truthIssues(page(body("$1,299", "4,8"), anvil(offer(1299, "USD")), "de")), []);
  assert.equal(truthIssues(page(body("£1.299"), anvil(offer("1299.00", "gbp")), "en")), [], "the code in any case, the price as text");
  // A currency of three decimals keeps the page's reading, either way round.
  assert.equal(truthIssues(page(body("1.299 KD"), anvil(offer(1.299, "KWD")), "en")), []);
  // The twins: another amount; the same digits in dinars, or in a currency the markup does not name,
  // are 1.299 on a page in English.
  assert.equal(truthIssues(page(body("€1.399"), anvil(offer(1299, "EUR")), "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("$1,399", "4,8"), anvil(offer(1299, "USD")), "de")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("1.299 KD"), anvil(offer(1299, "KWD")), "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("1.299"), anvil({ offers: { "@type": "Offer", price: 1299, availability: "https://schema.org/InStock" } }), "en")), ["Product not-visible offers.price"]);
});

test("a count is whole: 4.8 (1.234) on a page in English and 4,8 (1,234) on one in German show 1,234 reviews; a rating keeps the page's reading", () => {
  const body = (shown: string) => `<h1>Executive Anvil</h1><p>€1,299</p><p>${shown}</p>`;
  assert.equal(truthIssues(page(body("4.8 (1.234)"), anvil(rating(4.8, 1234)), "en")), []);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1.299 €</p><p>4,8 (1,234)</p>`, anvil(rating(4.8, 1234)), "de")), []);
  const ratings = { aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, ratingCount: 12345 } };
  assert.equal(truthIssues(page(body("4.8 (12.345 ratings)"), anvil(ratings), "en")), []);
  // The twins: another count in the same format; a rating, which may have three decimals, is 4125 in
  // "4,125" on a page in English.
  assert.equal(truthIssues(page(body("4.8 (1.243)"), anvil(rating(4.8, 1234)), "en")), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>1.299 €</p><p>4,8 (1,243)</p>`, anvil(rating(4.8, 1234)), "de")), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(truthIssues(page(body("4.8 (12.354 ratings)"), anvil(ratings), "en")), ["Product not-visible aggregateRating.ratingCount"]);
  assert.equal(truthIssues(page(body("4,125 (1,234)"), anvil(rating(4.125, 1234)), "en")), ["Product not-visible aggregateRating.ratingValue"]);
});

test("a count shown as a lower bound: 1,200+ reviews shows 1,234, 500+ shows 523, 1,000+ shows 1,234; 1,300+ does not show 1,234, nor 1,200+ 1,300", () => {
  const body = (count: string) => `<h1>Executive Anvil</h1><p>€1,299</p><p>4.8 (${count})</p>`;
  const shows = (count: string, n: number, lang = "en") => truthIssues(page(lang === "en" ? body(count) : `<h1>Executive Anvil</h1><p>1 299 €</p><p>4,8 (${count})</p>`, anvil(rating(4.8, n)), lang));
  assert.equal(shows("1,200+ reviews", 1234), []);
  assert.equal(shows("500+ reviews", 523), []);
  assert.equal(shows("1,000+ ratings", 1234), []);
  assert.equal(shows("1,000 + ratings", 1999), []);
  assert.equal(shows("1.200+ Bewertungen", 1234, "de"), []);
  assert.equal(shows("1 200+ avis", 1234, "fr"), []);
  // The twins: a bound above the count, a count past the bound's step, the number without its "+", a
  // "+" that adds a number, and a price, which is no count.
  assert.equal(shows("1,300+ reviews", 1234), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,200+ reviews", 1300), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("500+ reviews", 600), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,000+ ratings", 2000), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,200 reviews", 1234), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,200+34 reviews", 1234), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(truthIssues(page(`<h1>Executive Anvil</h1><p>from $1,200+</p><p>4.8 (120)</p>`, anvil(offer(1234, "USD")), "en")), ["Product not-visible offers.price"]);
});

test("rounded counts in more languages: Turkish 1,2B, Swedish 1,2 tn, Dutch 1,2 dzd., Arabic 1.2 ألف, Japanese 1.2千; 1.2B on a page in English is no thousand", () => {
  const shows = (count: string, lang: string | null, n = 1234) => truthIssues(page(`<h1>Executive Anvil</h1><p>1299</p><p>4,8 (${count})</p>`, anvil(rating(4.8, n)), lang));
  const cases: Array<[string, string, string | null]> = [
    // [shown, the twin of another count, lang]
    ["1,2B değerlendirme", "2,5B değerlendirme", "tr"],
    ["1,2 bin değerlendirme", "2,5 bin değerlendirme", "tr"],
    ["1,2 tn betyg", "2,5 tn betyg", "sv"],
    ["1,2 dzd. beoordelingen", "2,5 dzd. beoordelingen", "nl"],
    ["1.2 ألف تقييم", "2.5 ألف تقييم", "ar"],
    ["١٫٢ ألف تقييم", "٢٫٥ ألف تقييم", "ar"],
    ["1.2 الف تقييم", "2.5 الف تقييم", "ar"],
    ["1.2千件", "2.5千件", "ja"],
    ["1.2千条评价", "2.5千条评价", "zh"],
    ["1.2千件", "2.5千件", null],
  ];
  for (const [shown, other, lang] of cases) {
    assert.equal(shows(shown, lang), [], `${shown} (${lang})`);
    assert.equal(shows(other, lang), ["Product not-visible aggregateRating.reviewCount"], `${other} (${lang})`);
  }
  // The twins in another language: "B" is a billion in English, "tn" and "dzd" are no thousands
  // outside Swedish and Dutch (a ton, the Algerian dinar), not on a page without a language either.
  assert.equal(shows("1.2B ratings", "en"), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,2B", null), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,2 tn", "de"), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(shows("1,2 dzd", null), ["Product not-visible aggregateRating.reviewCount"]);
});

test("a mark no thousands reading fits is a decimal mark: KWD 0,990 in English and KWD 1299.000 in Italian show 0.990 and 1299.000", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  // A leading 0 or a first group of four digits groups no thousands, so the language has nothing to decide.
  assert.equal(truthIssues(page(body("KWD 0,990"), anvil(offer("0.990", "KWD")), "en")), []);
  assert.equal(truthIssues(page(body("KWD 1299.000"), anvil(offer("1299.000", "KWD")), "it")), []);
  assert.equal(truthIssues(page(body("KWD 1299,000"), anvil(offer("1299.000", "KWD")), "en")), []);
  // The twins: another amount; and a real "1.299" still follows the page's language.
  assert.equal(truthIssues(page(body("KWD 0,980"), anvil(offer("0.990", "KWD")), "en")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("KWD 1299.500"), anvil(offer("1299.000", "KWD")), "it")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("KWD 1.299"), anvil(offer("1.299", "KWD")), "it")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("KWD 1.299"), anvil(offer("1.299", "KWD")), "en")), []);
  assert.equal(truthIssues(page(body("KWD 1.299"), anvil(offer(1299, "KWD")), "it")), []);
});

test("Thai and Burmese digits are no letters of an unspaced script: the space or block edge between two numbers stays", () => {
  const thai = (stars: string, count: string) => `<h1>Executive Anvil</h1><p>1299</p><div>${stars}</div><div>${count} รีวิว</div>`;
  assert.equal(truthIssues(page(thai("๔.๘", "๑,๒๓๔"), anvil(rating(4.8, 1234)), "th")), []);
  const burmese = (price: string) => `<h1>Executive Anvil</h1><p><s>၁,၅၀၀</s> ${price} ကျပ်</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(burmese("၁,၂၉၉"), anvil(offer(1299, "MMK")), "my")), []);
  // The twins: other numbers in the same digits.
  assert.equal(truthIssues(page(thai("๔.๒", "๑,๒๓๔"), anvil(rating(4.8, 1234)), "th")), ["Product not-visible aggregateRating.ratingValue"]);
  assert.equal(truthIssues(page(thai("๔.๘", "๑,๒๓๕"), anvil(rating(4.8, 1234)), "th")), ["Product not-visible aggregateRating.reviewCount"]);
  assert.equal(truthIssues(page(burmese("၁,၃၉၉"), anvil(offer(1299, "MMK")), "my")), ["Product not-visible offers.price"]);
});

test("superscript cents after grouped units take the other mark: 1.299<sup>99</sup> € without a language and €1.299<sup>99</sup> in en-IE show 1,299.99", () => {
  const body = (price: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`;
  assert.equal(truthIssues(page(body('<span class="price">1.299<sup>99</sup> €</span>'), anvil(offer(1299.99, "EUR")), null)), []);
  assert.equal(truthIssues(page(body("€1.299<sup>99</sup>"), anvil(offer(1299.99, "EUR")), "en-IE")), []);
  // Grouped with a comma on a page in German, the cents follow a point.
  assert.equal(truthIssues(page(body("$1,299<sup>99</sup>"), anvil(offer(1299.99, "USD")), "de")), []);
  // The twins: other cents; and ungrouped units keep the page's mark.
  assert.equal(truthIssues(page(body('<span class="price">1.299<sup>98</sup> €</span>'), anvil(offer(1299.99, "EUR")), null)), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("€1.299<sup>99</sup>"), anvil(offer(1299, "EUR")), "en-IE")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("€1299<sup>99</sup>"), anvil(offer(1299.99, "EUR")), "en-IE")), []);
});


test("a markup number written in the page's format (\"1.299,00\", \"4,8\") is the number that format reads: shown as 1.299 € and 4,8; another number is not", () => {
  const body = (price: string, rated: string) => `<h1>Executive Anvil</h1><p>${price}</p><p>${rated}</p>`;
  const german = (price: string, ratingValue: string) =>
    anvil({ offers: { "@type": "Offer", price, priceCurrency: "EUR", availability: "https://schema.org/InStock" }, aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount: 120 } });
  // The same price and rating as the page shows them, without the decimals the markup writes.
  assert.equal(truthIssues(page(body("1.299 €", "4,8 von 5 (120)"), german("1.299,00", "4,8"), "de")), []);
  assert.equal(truthIssues(page(body("1 299 €", "4,8 sur 5 (120)"), german("1 299,00", "4,8"), "fr")), []);
  assert.equal(truthIssues(page(body("€1,299", "4.8 of 5 (120)"), german("1.299,00", "4,8"), "en")), []);
  // Twins: another price, another rating.
  assert.equal(truthIssues(page(body("1.199 €", "4,8 von 5 (120)"), german("1.299,00", "4,8"), "de")), ["Product not-visible offers.price"]);
  assert.equal(truthIssues(page(body("1.299 €", "4,2 von 5 (120)"), german("1.299,00", "4,8"), "de")), ["Product not-visible aggregateRating.ratingValue"]);
});

test.run();
