/**
 * not-visible on texts the page and the markup write in two ways a reader takes for one: a space set or
 * not where a Japanese or Chinese word meets a Latin one, the marks and letters Arabic, Persian, Hebrew
 * and Hindi writers add, leave out or type from another keyboard, letters with a stroke typed plain, a
 * size's "x" with or without spaces, a job's gender note without brackets, and tags stripped
 * without a space between their texts. Each has a twin that
 * shows another text and is still told.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { jsonLd, page, truthIssues } from "./helpers.ts";

const recipe = (name: string) => jsonLd({ "@context": "https://schema.org", "@type": "Recipe", name, image: "https://example.com/k.jpg" });
const shown = (heading: string, name: string, lang: string | null) => truthIssues(page(`<h1>${heading}</h1>`, recipe(name), lang));
const NOT_SHOWN = ["Recipe not-visible name"];

test("a space where a Japanese or Chinese word meets a Latin word or a number, or none: one text, either way round", () => {
  assert.equal(shown("金床 50kg", "金床50kg", "ja"), []);
  assert.equal(shown("金床50kg", "金床 50kg", "ja"), []);
  assert.equal(shown("iPhone 15 专用 铁砧", "iPhone 15专用铁砧", "zh-CN"), []);
  assert.equal(shown("プロ用Anvilセット", "プロ用 Anvil セット", "ja"), []);
  // Full-width digits, and a space at the edge of an element.
  assert.equal(shown("金床 ５０kg", "金床50kg", "ja"), []);
  assert.equal(shown("iPhone 15 <span>専用</span>", "iPhone 15専用", "ja"), []);
  // A Latin name run into Japanese text, with the space or without: its own word.
  assert.equal(shown("アップル iPhone 15", "iPhone 15", "ja"), []);
  assert.equal(shown("アップルiPhone 15", "iPhone 15", "ja"), []);
  // The twins: another weight, a longer Latin word, and a Latin word inside another still differ.
  assert.equal(shown("金床 60kg", "金床50kg", "ja"), NOT_SHOWN);
  assert.equal(shown("金床50kgs", "金床50kg", "ja"), NOT_SHOWN);
  assert.equal(shown("アップルiPhones 15", "iPhone 15", "ja"), NOT_SHOWN);
  assert.equal(shown("Superanvil 50kg", "Anvil 50kg", "en"), NOT_SHOWN);
});

test("a Latin word beside Japanese text on a page of many look-ups (the word counts) is still its own word", () => {
  // Past a few look-ups the text's words are counted once (text-match.ts: WORD_INDEX_AFTER): a Latin word
  // run into Japanese text must be counted as a word of its own.
  const faq = jsonLd({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: Array.from({ length: 12 }, (_, i) => ({ "@type": "Question", name: `質問${i}`, acceptedAnswer: { "@type": "Answer", text: `Anvil${i} Pro` } })),
  });
  const body = (shownAt7: string) => Array.from({ length: 12 }, (_, i) => `<h3>質問${i}</h3><p>答えは${i === 7 ? shownAt7 : `Anvil${i}`} Pro</p>`).join("");
  assert.equal(truthIssues(page(body("Anvil7"), faq, "ja")), []);
  const twin = body("Anvil7X");
  assert.equal(truthIssues(page(twin, faq, "ja")), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
});

test("names of several words in the Indic scripts, Georgian, or with a Vietnamese letter at a word's start: shown as written", () => {
  assert.equal(shown("जरूरी हथौडा", "जरूरी हथौडा", "hi"), []);
  assert.equal(shown("মাছের ঝোল", "মাছের ঝোল", "bn"), []);
  assert.equal(shown("தக்காளி சாதம்", "தக்காளி சாதம்", "ta"), []);
  assert.equal(shown("ხაჭაპური აჭარული", "ხაჭაპური აჭარული", "ka"), []);
  assert.equal(shown("Bún chả ở Hà Nội", "Bún chả ở Hà Nội", "vi"), []);
  // The twins: the second word differs.
  assert.equal(shown("जरूरी कुल्हाड़ी", "जरूरी हथौडा", "hi"), NOT_SHOWN);
  assert.equal(shown("Bún chả ấm Hà Nội", "Bún chả ở Hà Nội", "vi"), NOT_SHOWN);
});

test("Japanese words with an iteration mark (人々, 佐々木), and Khmer, Burmese and Lao, written without spaces: shown as written and inside a sentence", () => {
  assert.equal(shown("人々と金床", "人々と金床", "ja"), []);
  assert.equal(shown("佐々木の金床", "佐々木", "ja"), []);
  assert.equal(shown("色々な金床", "色々な金床", "ja"), []);
  assert.equal(shown("ទិញឆ្នាំងថ្មី", "ឆ្នាំង", "km"), []);
  assert.equal(shown("ထမင်းအိုးအသစ်", "ထမင်းအိုး", "my"), []);
  assert.equal(shown("ຂາຍໝໍ້ຫຸງເຂົ້າໃໝ່", "ໝໍ້ຫຸງເຂົ້າ", "lo"), []);
  // The twins: another word.
  assert.equal(shown("人々と鉄床", "人々と金床", "ja"), NOT_SHOWN);
  assert.equal(shown("ទិញកាំបិតថ្មី", "ឆ្នាំង", "km"), NOT_SHOWN);
});

test("an emoji's variation selector (❤️ as a keyboard types it) on one side only: one text", () => {
  assert.equal(shown("I ❤ NY Mug", "I ❤️ NY Mug", "en"), []);
  assert.equal(shown("I ❤️ NY Mug", "I ❤ NY Mug", "en"), []);
  assert.equal(shown("I ❤ LA Mug", "I ❤️ NY Mug", "en"), NOT_SHOWN);
});

test("Arabic, Persian, Hebrew and Hindi: marks and keyboard letters written or left out are one text", () => {
  // Persian pages mix the Arabic keyboard's yeh and kaf with the Persian ones.
  assert.equal(shown("سندان ايراني", "سندان ایرانی", "fa"), []);
  assert.equal(shown("کباب کوبیده", "كباب كوبيده", "fa"), []);
  // Arabic harakat (a shadda) and the hamza on an alef, written on one side only.
  assert.equal(shown("سندان محمد", "سندان محمّد", "ar"), []);
  assert.equal(shown("سندان مُحَمَّد", "سندان محمد", "ar"), []);
  assert.equal(shown("مطعم احمد", "مطعم أحمد", "ar"), []);
  // Hebrew points, and the nukta of Hindi, on one side only.
  assert.equal(shown("סַדָּן בַּרְזֶל", "סדן ברזל", "he"), []);
  assert.equal(shown("ज़रूरी हथौड़ा", "जरूरी हथौडा", "hi"), []);
  assert.equal(shown("जरूरी हथौडा", "ज़रूरी हथौड़ा", "hi"), []);
  // The twins: another word is another.
  assert.equal(shown("سندان تركي", "سندان ایرانی", "fa"), NOT_SHOWN);
  assert.equal(shown("سندان علي", "سندان محمّد", "ar"), NOT_SHOWN);
  assert.equal(shown("סַדָּן נְחֹשֶׁת", "סדן ברזל", "he"), NOT_SHOWN);
  assert.equal(shown("ज़रूरी कुल्हाड़ी", "जरूरी हथौडा", "hi"), NOT_SHOWN);
});

test("letters with a stroke and ligatures typed as plain letters (a feed's ASCII names), either way round", () => {
  assert.equal(shown("Łyżka stalowa", "Lyzka stalowa", "pl"), []);
  assert.equal(shown("Lyzka stalowa", "Łyżka stalowa", "pl"), []);
  assert.equal(shown("Smørrebrød med æg", "Smorrebrod med aeg", "da"), []);
  assert.equal(shown("Smorrebrod med aeg", "Smørrebrød med æg", "da"), []);
  assert.equal(shown("Bánh mì đặc biệt", "Banh mi dac biet", "vi"), []);
  // The twins.
  assert.equal(shown("Łyżka drewniana", "Lyzka stalowa", "pl"), NOT_SHOWN);
  assert.equal(shown("Rugbrød med sild", "Smorrebrod med aeg", "da"), NOT_SHOWN);
});

test("a size's x with spaces around it or without: one size", () => {
  assert.equal(shown("Anvil 20 x 30 cm", "Anvil 20x30 cm", "en"), []);
  assert.equal(shown("Anvil 20x30 cm", "Anvil 20 x 30 cm", "en"), []);
  assert.equal(shown("Anvil 20 × 30 cm", "Anvil 20x30 cm", "en"), []);
  // The twin: another size.
  assert.equal(shown("Anvil 20 x 40 cm", "Anvil 20x30 cm", "en"), NOT_SHOWN);
});

test("a job title's gender note without brackets (m/w/d, H/F) over a heading without it", () => {
  const job = (title: string) =>
    jsonLd({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title,
      description: "<p>Schmieden</p>",
      datePosted: "2026-10-01",
      hiringOrganization: { "@type": "Organization", name: "Acme" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Berlin", addressCountry: "DE" } },
    });
  const issues = (heading: string, title: string, lang: string) => truthIssues(page(`<h1>${heading}</h1>`, job(title), lang), "https://jobs.example/1");
  assert.equal(issues("Schmied", "Schmied m/w/d", "de"), []);
  assert.equal(issues("Forgeron", "Forgeron H/F", "fr"), []);
  assert.equal(issues("Kunstschmied", "Kunstschmied - w/m/d", "de"), []);
  assert.equal(issues("Engineer", "Engineer f/m/x", "en"), []);
  // The twin: another job.
  assert.equal(issues("Schlosser", "Schmied m/w/d", "de"), ["JobPosting not-visible title"]);
});

test("an FAQ answer or a review whose tags a plugin stripped without spaces (\"SmallMediumLarge\") is the list or paragraphs the page shows", () => {
  const faq = (text: string) =>
    jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "What sizes are there?", acceptedAnswer: { "@type": "Answer", text } }] });
  const body = "<h3>What sizes are there?</h3><ul><li>Small</li><li>Medium</li><li>Large</li></ul>";
  assert.equal(truthIssues(page(body, faq("SmallMediumLarge"))), []);
  const review = (reviewBody: string) =>
    jsonLd({ "@context": "https://schema.org", "@type": "Review", itemReviewed: { "@type": "Product", name: "Executive Anvil" }, author: { "@type": "Person", name: "Al" }, reviewRating: { "@type": "Rating", ratingValue: 5 }, reviewBody });
  assert.equal(truthIssues(page("<h1>Executive Anvil</h1><p>Great anvil</p><p>Heavy and solid</p>", review("Great anvilHeavy and solid"))), []);
  // The twins: a size the page does not list, a paragraph it does not have.
  assert.equal(truthIssues(page(body, faq("SmallMediumXLarge"))), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
  assert.equal(truthIssues(page("<h1>Executive Anvil</h1><p>Great anvil</p><p>Light and flimsy</p>", review("Great anvilHeavy and solid"))), ["Review not-visible reviewBody"]);
});

test("an answer's inline tags join the letters on each side as the page's do; block tags part words", () => {
  const faq = (text: string) =>
    jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Why this forge?", acceptedAnswer: { "@type": "Answer", text } }] });
  const ask = (answer: string, markup: string) => truthIssues(page(`<h3>Why this forge?</h3><p>${answer}</p>`, faq(markup)));
  const told = ["FAQPage not-visible mainEntity.acceptedAnswer.text"];
  assert.equal(ask("It emits 30% less CO<sub>2</sub> than gas forges do.", "It emits 30% less CO<sub>2</sub> than gas forges do."), []);
  assert.equal(ask("Use <code>Promise</code>s instead of callbacks.", "<p>Use <code>Promise</code>s instead of callbacks.</p>"), []);
  assert.equal(ask("It is <em>un</em>breakable, we promise.", "It is <em>un</em>breakable, we promise."), []);
  // Block tags still part words: two list items are two words.
  assert.equal(ask("Sizes: Small Medium", "Sizes:<ul><li>Small</li><li>Medium</li></ul>"), []);
  // The twins: another gas, another word.
  assert.equal(ask("It emits 30% less CO<sub>3</sub> than gas forges do.", "It emits 30% less CO<sub>2</sub> than gas forges do."), told);
  assert.equal(ask("Use <code>Promise</code>s instead of loops.", "<p>Use <code>Promise</code>s instead of callbacks.</p>"), told);
});

test("a < or > that starts no tag, and an escaped tag name a page shows as text, stay the answer's words", () => {
  const faq = (text: string) =>
    jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "How do I store it?", acceptedAnswer: { "@type": "Answer", text } }] });
  const ask = (answer: string, markup: string) => truthIssues(page(`<h3>How do I store it?</h3><p>${answer}</p>`, faq(markup)));
  const told = ["FAQPage not-visible mainEntity.acceptedAnswer.text"];
  assert.equal(ask("Don&#8217;t store it below &lt;5 °C or above &gt;30 °C.", "Don't store it below <5 °C or above >30 °C."), []);
  assert.equal(ask("Add the &lt;meta&gt; tag to your site&#8217;s &lt;head&gt; section.", "Add the &lt;meta&gt; tag to your site's &lt;head&gt; section."), []);
  assert.equal(ask("Because List&lt;Object&gt; is not a supertype of List&lt;String&gt;.", "Because List&lt;Object&gt; is not a supertype of List&lt;String&gt;."), []);
  // An escaped paragraph is still read as one (plugins escape their answers' HTML).
  assert.equal(ask("We ship worldwide within five days.", "&lt;p&gt;We ship worldwide within five days.&lt;/p&gt;"), []);
  // The twins: the page leaves out what the "<" no longer swallows; another tag name.
  assert.equal(ask("Don&#8217;t store it below.", "Don't store it below <5 °C or above >30 °C."), told);
  assert.equal(ask("Add the &lt;link&gt; tag to your site&#8217;s &lt;head&gt; section.", "Add the &lt;meta&gt; tag to your site's &lt;head&gt; section."), told);
});

test("numeric references to 0x80-0x9F are the Windows-1252 characters HTML reads them as (&#154; is š, &#156; is œ)", () => {
  assert.equal(shown("Pe&#154;ek torta", "Pešek torta", "cs"), []);
  assert.equal(shown("B&#156;uf bourguignon", "Bœuf bourguignon", "fr"), []);
  assert.equal(shown("&#138;koda &#150; Anvil&#153;", "Škoda – Anvil™", "cs"), []);
  // The twins: another letter; a code Windows-1252 leaves unused is no letter.
  assert.equal(shown("Pe&#155;ek torta", "Pešek torta", "cs"), NOT_SHOWN);
  assert.equal(shown("Pe&#157;ek torta", "Pešek torta", "cs"), NOT_SHOWN);
});

test("compatibility forms either way round: Roman numerals, CJK unit squares, №, enclosed letters, ĳ; a fraction after a digit is a mixed number", () => {
  assert.equal(shown("ファイナルファンタジーⅦ", "ファイナルファンタジーVII", "ja"), []);
  assert.equal(shown("ファイナルファンタジーVII リメイク", "ファイナルファンタジーⅦ リメイク", "ja"), []);
  assert.equal(shown("FINAL FANTASY Ⅶ REMAKE", "Final Fantasy VII Remake", "en"), []);
  assert.equal(shown("ダンベル 5㎏ セット", "ダンベル 5kg セット", "ja"), []);
  assert.equal(shown("ダンベル 5kg セット", "ダンベル 5㎏ セット", "ja"), []);
  assert.equal(shown("Крем № 5", "Крем No 5", "ru"), []);
  assert.equal(shown("IJsselmeer Anvil", "Ĳsselmeer Anvil", "nl"), []);
  assert.equal(shown("㈜대장간 모루 세트", "(주)대장간 모루 세트", "ko"), []);
  assert.equal(shown("1&frac12; Pound Meatloaf", "1 1/2 Pound Meatloaf", "en"), []);
  assert.equal(shown("2¼ Hour Bread", "2 ¼ Hour Bread", "en"), []);
  // The twins: another numeral, another weight, another fraction.
  assert.equal(shown("ファイナルファンタジーⅧ", "ファイナルファンタジーVII", "ja"), NOT_SHOWN);
  assert.equal(shown("ダンベル 5㎎ セット", "ダンベル 5kg セット", "ja"), NOT_SHOWN);
  assert.equal(shown("1&frac34; Pound Meatloaf", "1 1/2 Pound Meatloaf", "en"), NOT_SHOWN);
  assert.equal(shown("11/2 Pound Meatloaf", "1 1/2 Pound Meatloaf", "en"), NOT_SHOWN);
});

test("signs typed as letters in brackets ((tm), (r), (c), (sm)) are the signs a page prints for them, either way round", () => {
  assert.equal(shown("Acme &#8482; Anvil Cake", "Acme (tm) Anvil Cake", "en"), []);
  assert.equal(shown("Acme&reg; Anvil", "Acme (r) Anvil", "en"), []);
  assert.equal(shown("Acme (R) Anvil", "Acme® Anvil", "en"), []);
  assert.equal(shown("Acme (tm) Anvil Cake", "Acme (tm) Anvil Cake", "en"), []);
  // The twins: another cake, another maker.
  assert.equal(shown("Acme &#8482; Hammer Cake", "Acme (tm) Anvil Cake", "en"), NOT_SHOWN);
  assert.equal(shown("Acne&reg; Anvil", "Acme (r) Anvil", "en"), NOT_SHOWN);
});

test("Greek without its tonos and Russian with е for ё: the words the page writes with them, either way round", () => {
  assert.equal(shown("Ελληνικός καφές", "Ελληνικος καφες", "el"), []);
  assert.equal(shown("Ελληνικος καφες", "Ελληνικός καφές", "el"), []);
  assert.equal(shown("Ёлочная гирлянда", "Елочная гирлянда", "ru"), []);
  assert.equal(shown("Елочная гирлянда", "Ёлочная гирлянда", "ru"), []);
  // The twins: another drink, another toy.
  assert.equal(shown("Ελληνικός χυμός", "Ελληνικος καφες", "el"), NOT_SHOWN);
  assert.equal(shown("Ёлочная игрушка", "Елочная гирлянда", "ru"), NOT_SHOWN);
});

test("a title of two words with a remark or options at its end has no word to leave off: Senior Engineer (Remote) is not Junior Engineer (Remote)", () => {
  const job = (title: string) => jsonLd({ "@context": "https://schema.org", "@type": "JobPosting", title, datePosted: "2026-11-01", description: "Forge.", hiringOrganization: { "@type": "Organization", name: "Acme" } });
  const posted = (heading: string, title: string) => truthIssues(page(`<h1>${heading}</h1>`, job(title), "en"));
  const told = ["JobPosting not-visible title"];
  assert.equal(posted("Junior Engineer (Remote)", "Senior Engineer (Remote)"), told);
  assert.equal(posted("Junior Engineer, Berlin", "Senior Engineer, Berlin"), told);
  assert.equal(posted("Junior Softwareentwickler (m/w/d)", "Senior Softwareentwickler (m/w/d)"), told);
  // The twins: the title without its remark, and a title of three words without one at its start.
  assert.equal(posted("Senior Engineer", "Senior Engineer (Remote)"), []);
  assert.equal(posted("Software Engineer (Remote)", "Senior Software Engineer (Remote)"), []);
});

test("Japanese and Chinese texts with their own punctuation (、。，？（）：) as the page writes it: shown, inside a sentence, in a split heading, before the site's name", () => {
  const faq = (question: string, answer: string) =>
    jsonLd({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: question, acceptedAnswer: { "@type": "Answer", text: answer } }] });
  const faqIssues = (body: string, question: string, answer: string, lang: string) => truthIssues(page(body, faq(question, answer), lang));
  assert.equal(faqIssues("<dl><dt>返品はできますか？</dt><dd>はい、30日以内であれば返品できます。</dd></dl>", "返品はできますか？", "はい、30日以内であれば返品できます。", "ja"), []);
  assert.equal(faqIssues("<dl><dt>返品はできますか？</dt><dd>A：はい、30日以内であれば返品できます。ご連絡ください。</dd></dl>", "返品はできますか？", "はい、30日以内であれば返品できます。", "ja"), []);
  assert.equal(faqIssues("<h3>可以退货吗？</h3><p>可以，三十天内均可退货。</p>", "可以退货吗?", "可以,三十天内均可退货。", "zh-CN"), []);
  assert.equal(shown("カレー、辛口", "カレー、辛口", "ja"), []);
  assert.equal(shown("<span>金床</span>（50kg）の選び方", "金床（50kg）の選び方", "ja"), []);
  assert.equal(shown("今日は<b>カレー、辛口</b>を作ります", "カレー、辛口", "ja"), []);
  assert.equal(shown("金床の選び方", "金床の選び方｜鍛冶ブログ", "ja"), []);
  // The twins: another answer, another dish, a name the page does not hold, punctuation where the markup has none between other words.
  assert.equal(faqIssues("<dl><dt>返品はできますか？</dt><dd>いいえ、返品はできません。</dd></dl>", "返品はできますか？", "はい、30日以内であれば返品できます。", "ja"), ["FAQPage not-visible mainEntity.acceptedAnswer.text"]);
  assert.equal(shown("カレー、甘口", "カレー、辛口", "ja"), NOT_SHOWN);
  assert.equal(shown("金床（60kg）の選び方", "金床（50kg）の選び方", "ja"), NOT_SHOWN);
  assert.equal(shown("鍛冶ブログ", "金床の選び方｜鍛冶ブログ", "ja"), NOT_SHOWN);
});

test("German umlauts spelled out (ae, oe, ue, ss) in the markup or on the page: one text, either way round", () => {
  assert.equal(shown("Käsespätzle Hobel", "Kaesespaetzle Hobel", "de"), []);
  assert.equal(shown("Kaesespaetzle Hobel", "Käsespätzle Hobel", "de"), []);
  assert.equal(shown("Grüße aus Köln", "Gruesse aus Koeln", "de"), []);
  assert.equal(shown("Strasse", "Straße", "de"), []);
  // The twins: other words.
  assert.equal(shown("Käsehobel", "Kaesespaetzle Hobel", "de"), NOT_SHOWN);
  assert.equal(shown("Kaesehobel", "Käsespätzle Hobel", "de"), NOT_SHOWN);
});

test.run();
