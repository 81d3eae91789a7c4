/**
 * not-visible on numbers written with a unit word: counts rounded to thousands in more languages (and
 * only on the pages of the language a unit belongs to), exact prices in the large units of Chinese,
 * Japanese, Korean, Indian, Vietnamese, Indonesian, Thai and Russian listings, thousands grouped with
 * the figure, six-per-em and hair spaces, and rubles, hryvnias and złoty written apart from their
 * kopecks and grosze. Each shown form has a twin that shows another value.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, product, truthIssues } from "./helpers.ts";

const anvil = (extra: Record<string, unknown> = {}) => jsonLd(product(extra));
const offer = (price: number | string, priceCurrency: string) => ({ offers: { "@type": "Offer", price, priceCurrency, availability: "https://schema.org/InStock" } });
const rating = (ratingValue: number, reviewCount: number) => ({ aggregateRating: { "@type": "AggregateRating", ratingValue, reviewCount } });
const COUNT = ["Product not-visible aggregateRating.reviewCount"];
const PRICE = ["Product not-visible offers.price"];

/** A page that shows the price as 1299 and the count as `count`. */
const showsCount = (count: string, lang: string | null, n: number) =>
  truthIssues(page(`<h1>Executive Anvil</h1><p>1299</p><p>4,8 (${count})</p>`, anvil(rating(4.8, n)), lang));
/** A page that shows the price as `price` and the count 120. */
const showsPrice = (price: string, lang: string | null, n: number, currency: string) =>
  truthIssues(page(`<h1>Executive Anvil</h1><p>${price}</p><p>4.8 (120)</p>`, anvil(offer(n, currency)), lang));

type PriceTwin = [shown: string, other: string, price: number, currency: string, lang: string];
/** Each price shown as written on a page in its language, and not by its twin that writes another amount. */
function assertPriceTwins(cases: readonly PriceTwin[]): void {
  for (const [shown, other, price, currency, lang] of cases) {
    assert.equal(showsPrice(shown, lang, price, currency), [], `${shown} (${lang})`);
    assert.equal(showsPrice(other, lang, price, currency), PRICE, `${other} (${lang})`);
  }
}

test("rounded counts in more languages: тис., tis., ezer, mii, хил., χιλ., N, nghìn, พัน, หมื่น, rb, 천, हज़ार, млн, К, mi, mill.", () => {
  const cases: Array<[string, string, string | null, number]> = [
    // [shown, the twin of another count, lang, the count]
    ["12,3 тис. відгуків", "25,3 тис. відгуків", "uk", 12345],
    ["12,3 tis. hodnocení", "25,3 tis. hodnocení", "cs", 12345],
    ["12,3 tis. hodnotení", "25,3 tis. hodnotení", "sk", 12345],
    ["12,3 ezer értékelés", "25,3 ezer értékelés", "hu", 12345],
    ["12,3 mii de recenzii", "25,3 mii de recenzii", "ro", 12345],
    ["1,2 хил. отзива", "2,5 хил. отзива", "bg", 1234],
    ["12,3 χιλ. κριτικές", "25,3 χιλ. κριτικές", "el", 12345],
    ["12,3N đánh giá", "25,3N đánh giá", "vi", 12345],
    ["12,3 nghìn đánh giá", "25,3 nghìn đánh giá", "vi", 12345],
    // Typed with a combining grave accent.
    ["12,3 nghi\u0300n đánh giá", "25,3 nghi\u0300n đánh giá", "vi", 12345],
    ["12.3พันรีวิว", "25.3พันรีวิว", "th", 12345],
    ["1.2 หมื่น รีวิว", "2.5 หมื่น รีวิว", "th", 12345],
    ["12,3 rb ulasan", "25,3 rb ulasan", "id", 12345],
    ["1.2천 리뷰", "2.5천 리뷰", "ko", 1234],
    ["12.3 हज़ार रेटिंग", "25.3 हज़ार रेटिंग", "hi", 12345],
    // The nukta as one character (U+095B), and left off.
    ["12.3 \u0939\u095b\u093e\u0930 रेटिंग", "25.3 \u0939\u095b\u093e\u0930 रेटिंग", "hi", 12345],
    ["12.3 हजार रेटिंग", "25.3 हजार रेटिंग", "hi", 12345],
    ["1,2 млн отзывов", "2,5 млн отзывов", "ru", 1234567],
    ["12,3К отзывов", "25,3К отзывов", "ru", 12345],
    ["12,3к відгуків", "25,3к відгуків", "uk", 12345],
    ["1,2 mi avaliações", "2,5 mi avaliações", "pt", 1234567],
    ["1,2 mill. reseñas", "2,5 mill. reseñas", "es", 1234567],
  ];
  for (const [shown, other, lang, n] of cases) {
    assert.equal(showsCount(shown, lang, n), [], `${shown} (${lang})`);
    assert.equal(showsCount(other, lang, n), COUNT, `${other} (${lang})`);
  }
});

test("counts rounded with the unit written out, as Intl's long compact display and widgets print them: 1.2 thousand, 1,2 Tausend, ١٫٢ مليون", () => {
  const cases: Array<[string, string, string | null, number]> = [
    ["1.2 thousand reviews", "2.5 thousand reviews", "en", 1234],
    ["1.2 million ratings", "2.5 million ratings", "en", 1234567],
    ["1,2 Tausend Bewertungen", "2,5 Tausend Bewertungen", "de", 1234],
    ["1,2 Millionen Bewertungen", "2,5 Millionen Bewertungen", "de", 1234567],
    ["1,2 millier d'avis", "2,5 milliers d'avis", "fr", 1234],
    ["1,2 millones de reseñas", "2,5 millones de reseñas", "es", 1234567],
    ["12 тысяч отзывов", "25 тысяч отзывов", "ru", 12345],
    ["1,2 tysiące opinii", "2,5 tysiące opinii", "pl", 1234],
    ["1,2 tusen omdömen", "2,5 tusen omdömen", "sv", 1234],
    ["١٫٢ مليون تقييم", "٢٫٥ مليون تقييم", "ar", 1234567],
    ["۱٫۲ هزار نظر", "۲٫۵ هزار نظر", "fa", 1234],
    ["1.2 लाख रेटिंग", "2.5 लाख रेटिंग", "hi", 123456],
  ];
  for (const [shown, other, lang, n] of cases) {
    assert.equal(showsCount(shown, lang, n), [], `${shown} (${lang})`);
    assert.equal(showsCount(other, lang, n), COUNT, `${other} (${lang})`);
  }
  // Not the start of a longer word: "thousands" is no unit after a number.
  assert.equal(showsCount("1.2 thousands", "en", 1234), COUNT);
});

test("a unit that means another thing elsewhere is read on its language's pages only, and not as the start of a longer word", () => {
  const cases: Array<[string, string | null, string | null, number]> = [
    // [shown, its language, another page's language, the count]
    ["12,3N", "vi", "en", 12345],
    ["12,3К", "ru", "kk", 12345],
    ["12,3К", "bg", null, 12345],
    ["1,2 mi", "pt", "es", 1234567],
    ["1,2 mill.", "es", "pt", 1234567],
    ["12,3 rb", "id", "en", 12345],
  ];
  for (const [shown, lang, elsewhere, n] of cases) {
    assert.equal(showsCount(shown, lang, n), [], `${shown} (${lang})`);
    assert.equal(showsCount(shown, elsewhere, n), COUNT, `${shown} (${elsewhere})`);
  }
  // The same letters followed by more of a word: not the unit.
  const words: Array<[string, string, number]> = [
    ["12,3 miimo", "ro", 12345],
    ["12,3Nam", "vi", 12345],
    ["12,3 ezerszer", "hu", 12345],
    ["12.3 हज़ारों", "hi", 12345],
    ["1.2พันธุ์", "th", 1234],
    ["1,2 milliards", "fr", 1234567],
  ];
  for (const [shown, lang, n] of words) assert.equal(showsCount(shown, lang, n), COUNT, `${shown} (${lang})`);
  // A one-letter Cyrillic К or Vietnamese N stands for its word only right after the number: "1 к 2" is "1 to 2".
  assert.equal(showsCount("12,3 К", "ru", 12345), COUNT);
  assert.equal(showsCount("12,3 N", "vi", 12345), COUNT);
});

test("a count in units as a lower bound: 10rb+ shows 10,000 to 19,999; 10K+ too", () => {
  assert.equal(showsCount("10rb+ ulasan", "id", 15000), []);
  assert.equal(showsCount("10rb+ ulasan", "id", 10000), []);
  assert.equal(showsCount("10K+ ratings", "en", 15000), []);
  assert.equal(showsCount("10rb+ ulasan", "id", 25000), COUNT);
  // "10rb+" is at least 10,000: not a rounded 9,500.
  assert.equal(showsCount("10rb+ ulasan", "id", 9500), COUNT);
  assert.equal(showsCount("10K+ ratings", "en", 25000), COUNT);
});

test("a price in the large units listings write exact amounts in: 298万円, 12.98万元, 1,290만원, ₹12.9 Lakh, 1,29 triệu, Rp1,3jt, 1.29 ล้าน, 1,29 млн ₽", () => {
  const cases: PriceTwin[] = [
    ["298万円", "297万円", 2980000, "JPY", "ja"],
    ["12.98万元", "12.97万元", 129800, "CNY", "zh"],
    ["129.8萬", "129.7萬", 1298000, "TWD", "zh-TW"],
    ["1,290만원", "1,280만원", 12900000, "KRW", "ko"],
    ["3억원", "4억원", 300000000, "KRW", "ko"],
    ["₹12.9 Lakh", "₹12.8 Lakh", 1290000, "INR", "en-IN"],
    ["12.9 lakh", "12.8 lakh", 1290000, "INR", "hi"],
    ["₹1.2 Crore", "₹1.3 Crore", 12000000, "INR", "en-IN"],
    ["1,29 triệu ₫", "1,28 triệu ₫", 1290000, "VND", "vi"],
    ["Rp1,3jt", "Rp1,4jt", 1300000, "IDR", "id"],
    ["1.29 ล้าน บาท", "1.28 ล้าน บาท", 1290000, "THB", "th"],
    ["1,29 млн ₽", "1,28 млн ₽", 1290000, "RUB", "ru"],
  ];
  assertPriceTwins(cases);
  // A price is exact, not within a step as a count: 298万 is not 2,985,000 yen, ₹12.9 Lakh not ₹12,91,000.
  assert.equal(showsPrice("298万円", "ja", 2985000, "JPY"), PRICE);
  assert.equal(showsPrice("₹12.9 Lakh", "en-IN", 1291000, "INR"), PRICE);
  // A unit that rounds shows no price, not even the round one.
  assert.equal(showsPrice("$1.2K", "en", 1200, "USD"), PRICE);
  // Indonesian "jt" on an Indonesian page only.
  assert.equal(showsPrice("Rp1,3jt", "en", 1300000, "IDR"), PRICE);
});

test("a price in two large units at once: 3억 5,000만원, 2억 5천만원, 1億2000万円, 1亿2千万元, 1 करोड़ 20 लाख, 1 crore 20 lakh", () => {
  const cases: PriceTwin[] = [
    ["3억 5,000만원", "3억 4,000만원", 350000000, "KRW", "ko"],
    ["3억5000만원", "3억6000만원", 350000000, "KRW", "ko"],
    ["2억 5천만원", "2억 4천만원", 250000000, "KRW", "ko"],
    ["1億2000万円", "1億3000万円", 120000000, "JPY", "ja"],
    ["1億2,980万円", "1億2,970万円", 129800000, "JPY", "ja"],
    ["1亿2千万元", "1亿3千万元", 120000000, "CNY", "zh"],
    ["₹1 करोड़ 20 लाख", "₹1 करोड़ 30 लाख", 12000000, "INR", "hi"],
    ["₹1 crore 20 lakh", "₹1 crore 30 lakh", 12000000, "INR", "en-IN"],
  ];
  assertPriceTwins(cases);
  // The larger unit alone is not the amount: 3억 5,000만원 does not show 300,000,000 won.
  assert.equal(showsPrice("3억 5,000만원", "ko", 300000000, "KRW"), PRICE);
  assert.equal(showsPrice("1億2000万円", "ja", 100000000, "JPY"), PRICE);
  // Two amounts side by side, the second not under one of the first's unit, are two amounts.
  assert.equal(showsPrice("1억 2억", "ko", 100000000, "KRW"), []);
});

test("an amount in units whose last part has none, before won, yen or yuan: 1만 2,900원, 1万2900円, 1万2900元", () => {
  const cases: PriceTwin[] = [
    ["1만 2,900원", "1만 2,800원", 12900, "KRW", "ko"],
    ["1만2900원", "1만2800원", 12900, "KRW", "ko"],
    ["3억 5,000만 2,000원", "3억 5,000만 3,000원", 350002000, "KRW", "ko"],
    ["1万2,900円", "1万2,800円", 12900, "JPY", "ja"],
    ["税込1万2900円", "税込1万2800円", 12900, "JPY", "ja"],
    ["1万2900元", "1万2800元", 12900, "CNY", "zh"],
  ];
  assertPriceTwins(cases);
  // The amount is the whole: its larger part alone is not shown, and a part of one unit or more is a number of its own.
  assert.equal(showsPrice("1만 2,900원", "ko", 10000, "KRW"), PRICE);
  assert.equal(showsPrice("1万2,900円", "ja", 10000, "JPY"), PRICE);
  assert.equal(showsPrice("1만 12,900원", "ko", 22900, "KRW"), PRICE);
  // Without the currency after it, a number after an amount is its own ("1만 2 리뷰": two reviews).
  assert.equal(showsPrice("1만 2 리뷰 1만원", "ko", 10002, "KRW"), PRICE);
});

test("a price in Hindi's own unit words: 12.9 लाख, 1.2 करोड़ (with or without the nukta)", () => {
  const cases: Array<[string, string, number]> = [
    ["₹12.9 लाख", "₹12.8 लाख", 1290000],
    ["₹1.2 करोड़", "₹1.3 करोड़", 12000000],
    ["₹1.2 \u0915\u0930\u094b\u095c", "₹1.3 \u0915\u0930\u094b\u095c", 12000000],
    ["₹1.2 करोड", "₹1.3 करोड", 12000000],
  ];
  assertPriceTwins(cases.map(([shown, other, price]) => [shown, other, price, "INR", "hi"]));
});

test("thousands grouped with the figure, six-per-em or hair space: 12&#x2007;990 ₽ is 12990", () => {
  for (const space of ["&#x2007;", "&#x2006;", "&#x200A;", "\u2007"]) {
    assert.equal(showsPrice(`12${space}990 ₽`, "ru", 12990, "RUB"), [], space);
    assert.equal(showsPrice(`12${space}980 ₽`, "ru", 12990, "RUB"), PRICE, space);
  }
  assert.equal(showsPrice("1&#x2007;299,00&#x2007;€", "fr", 1299, "EUR"), []);
  assert.equal(showsPrice("1&#x2007;298,00&#x2007;€", "fr", 1299, "EUR"), PRICE);
  // A count so grouped, and one as a lower bound.
  assert.equal(showsCount("1&#x2007;234 отзыва", "ru", 1234), []);
  assert.equal(showsCount("1&#x2007;235 отзывов", "ru", 1234), COUNT);
  assert.equal(showsCount("1&#x200A;200+ отзывов", "ru", 1234), []);
  assert.equal(showsCount("1&#x200A;300+ отзывов", "ru", 1234), COUNT);
});

test("rubles, hryvnias and złoty written apart from their kopecks and grosze: 1 299 руб. 50 коп. is 1299.50", () => {
  const cases: Array<[string, string, string, string]> = [
    // [shown, the twin of another amount, currency, lang]
    ["1 299 руб. 50 коп.", "1 299 руб. 40 коп.", "RUB", "ru"],
    ["1 299 грн 50 коп.", "1 299 грн 40 коп.", "UAH", "uk"],
    ["1299 zł 50 gr", "1299 zł 40 gr", "PLN", "pl"],
  ];
  for (const [shown, other, currency, lang] of cases) {
    assert.equal(showsPrice(shown, lang, 1299.5, currency), [], shown);
    assert.equal(showsPrice(other, lang, 1299.5, currency), PRICE, other);
  }
  // Only these words: two numbers in a row are two amounts.
  assert.equal(showsPrice("1 299 $ 50 ¢", "en", 1299.5, "USD"), PRICE);
});

test("a price in Korean, Japanese or Chinese thousands, alone or after ten thousands: 3천원, 5만 9천원, 12만9천원, 1万2千円, 3千元", () => {
  const shown = (price: number, priceCurrency: string, text: string, lang: string) =>
    truthIssues(page(`<h1>Executive Anvil</h1><p>${text}</p><p>4.8 (120)</p>`, jsonLd(product({ offers: { "@type": "Offer", price, priceCurrency } })), lang));
  assert.equal(shown(3000, "KRW", "3천원", "ko"), []);
  assert.equal(shown(59000, "KRW", "판매가 5만 9천원", "ko"), []);
  assert.equal(shown(129000, "KRW", "12만9천원", "ko"), []);
  assert.equal(shown(12000, "JPY", "1万2千円", "ja"), []);
  assert.equal(shown(3000, "CNY", "3千元", "zh"), []);
  assert.equal(shown(3500, "KRW", "3천500원", "ko"), []);
  assert.equal(shown(3500, "CNY", "3千500元", "zh"), []);
  // The twins: another number of thousands.
  assert.equal(shown(3000, "KRW", "4천원", "ko"), ["Product not-visible offers.price"]);
  assert.equal(shown(59000, "KRW", "판매가 5만 8천원", "ko"), ["Product not-visible offers.price"]);
  assert.equal(shown(12000, "JPY", "1万3千円", "ja"), ["Product not-visible offers.price"]);
  assert.equal(shown(3500, "KRW", "3천600원", "ko"), ["Product not-visible offers.price"]);
  // A number after thousands is their remainder only before the currency's word.
  assert.equal(shown(3500, "KRW", "3천 500 리뷰", "ko"), ["Product not-visible offers.price"]);
});

test.run();
