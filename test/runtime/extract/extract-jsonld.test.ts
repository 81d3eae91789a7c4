import { test } from "uvu";
import * as assert from "uvu/assert";
import { extractJsonLdBlocks } from "../../../runtime/extract/extract-jsonld.ts";

const J = '{"@type":"Thing"}';

/** Each case: a page and the exact texts of the blocks expected, in page order. */
const cases: Array<{ name: string; html: string; texts: string[] }> = [
  // Plain and attribute syntax
  { name: "plain block", html: `<script type="application/ld+json">${J}</script>`, texts: [J] },
  // The tokenizer's script text: a NUL is U+FFFD (HTML, script data state), so the JSON inside a string parses.
  { name: "NUL in script text", html: `<script type="application/ld+json">{"name":"a\u0000b"}</script>`, texts: ['{"name":"a\ufffdb"}'] },
  { name: "no blocks", html: "<html><body><p>hi</p></body></html>", texts: [] },
  { name: "empty page", html: "", texts: [] },
  { name: "empty block", html: `<script type="application/ld+json"></script>`, texts: [""] },
  { name: "whitespace kept", html: `<script type="application/ld+json">\n  ${J}\n</script>`, texts: [`\n  ${J}\n`] },
  { name: "single quotes", html: `<script type='application/ld+json'>${J}</script>`, texts: [J] },
  { name: "unquoted", html: `<script type=application/ld+json>${J}</script>`, texts: [J] },
  { name: "type case", html: `<script type="Application/LD+JSON">${J}</script>`, texts: [J] },
  { name: "attr name case", html: `<script TYPE="application/ld+json">${J}</script>`, texts: [J] },
  { name: "tag case", html: `<SCRIPT type="application/ld+json">${J}</SCRIPT>`, texts: [J] },
  { name: "mixed-case end tag", html: `<Script type="application/ld+json">${J}</sCrIpT >x`, texts: [J] },
  { name: "whitespace in value", html: `<script type="  application/ld+json \n">${J}</script>`, texts: [J] },
  { name: "spaces around =", html: `<script type = "application/ld+json" >${J}</script>`, texts: [J] },
  { name: "charset param", html: `<script type="application/ld+json; charset=utf-8">${J}</script>`, texts: [J] },
  { name: "param with spaces", html: `<script type="application/ld+json ;charset=UTF-8">${J}</script>`, texts: [J] },
  { name: "character reference in type", html: `<script type="application/ld&#43;json">${J}</script>`, texts: [J] },
  { name: "attribute order", html: `<script id="x" data-a='1' type="application/ld+json" nonce=abc>${J}</script>`, texts: [J] },
  { name: "newlines between attributes", html: `<script\n\tid="x"\n\ttype="application/ld+json"\n>${J}</script>`, texts: [J] },
  { name: "self-closing slash ignored", html: `<script type="application/ld+json"/>${J}</script>`, texts: [J] },
  { name: "quoted > in another attribute", html: `<script data-x="a>b" type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "first type attribute wins", html: `<script type="text/javascript" type="application/ld+json">${J}</script>`, texts: [] },
  { name: "first type wins (ld+json first)", html: `<script type="application/ld+json" type="text/javascript">${J}</script>`, texts: [J] },
  { name: "data-type is not type", html: `<script data-type="application/ld+json">${J}</script>`, texts: [] },

  // Other script types
  { name: "application/json ignored", html: `<script type="application/json">${J}</script>`, texts: [] },
  { name: "text/javascript ignored", html: `<script type="text/javascript">var a=1</script>`, texts: [] },
  { name: "module ignored", html: `<script type="module">import x from "y"</script>`, texts: [] },
  { name: "no type ignored", html: `<script>var a=1</script>`, texts: [] },
  { name: "empty type ignored", html: `<script type>${J}</script>`, texts: [] },
  { name: "ld+json prefix not enough", html: `<script type="application/ld+jsonx">${J}</script>`, texts: [] },
  { name: "application/json+ld ignored", html: `<script type="application/json+ld">${J}</script>`, texts: [] },

  // Wrappers
  { name: "HTML comment wrapper", html: `<script type="application/ld+json"><!--${J}--></script>`, texts: [J] },
  { name: "HTML comment wrapper, spaced", html: `<script type="application/ld+json">\n<!--\n${J}\n-->\n</script>`, texts: [`\n${J}\n`] },
  { name: "JS-commented comment close", html: `<script type="application/ld+json"><!-- ${J} //--></script>`, texts: [` ${J} `] },
  { name: "CDATA wrapper", html: `<script type="application/ld+json"><![CDATA[${J}]]></script>`, texts: [J] },
  { name: "//CDATA wrapper", html: `<script type="application/ld+json">\n//<![CDATA[\n${J}\n//]]>\n</script>`, texts: [`\n${J}\n`] },
  { name: "// CDATA with space", html: `<script type="application/ld+json">// <![CDATA[\n${J}\n// ]]></script>`, texts: [`\n${J}\n`] },
  { name: "/*CDATA*/ wrapper", html: `<script type="application/ld+json">/*<![CDATA[*/${J}/*]]>*/</script>`, texts: [J] },
  { name: "comment around CDATA", html: `<script type="application/ld+json"><!--<![CDATA[${J}]]>--></script>`, texts: [J] },
  { name: "opening wrapper only", html: `<script type="application/ld+json"><!--${J}</script>`, texts: [J] },
  { name: "closing wrapper only", html: `<script type="application/ld+json">${J}--></script>`, texts: [J] },
  { name: "degenerate <!--> (opener wins)", html: `<script type="application/ld+json"><!--></script>`, texts: [">"] },
  { name: "comment text in the middle kept", html: `<script type="application/ld+json">{"a":"<!-- x -->"}</script>`, texts: ['{"a":"<!-- x -->"}'] },

  // HTML comments and other markup around
  { name: "script inside comment", html: `<!-- <script type="application/ld+json">${J}</script> -->`, texts: [] },
  { name: "comment then real block", html: `<!-- <script type="application/ld+json">{}</script> --><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "comment ends with --!>", html: `<!-- x --!><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "abrupt <!-->", html: `<!--><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "abrupt <!--->", html: `<!---><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "comment ends with --->", html: `<!-- a ---><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "-- inside comment does not end it", html: `<!-- a -- b <script type="application/ld+json">{}</script> --><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "unterminated comment", html: `<!-- <script type="application/ld+json">${J}</script>`, texts: [] },
  { name: "doctype and processing instruction", html: `<!DOCTYPE html><?xml version="1.0"?><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "bogus end tag comment", html: `</ x><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "lone < is text", html: `a < b <3 <<script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "attribute value contains a tag", html: `<div title='<script type="application/ld+json">'>x</div>`, texts: [] },
  { name: "end tag with quoted >", html: `<p></p title="a>b"><script type="application/ld+json">${J}</script>`, texts: [J] },

  // Raw-text elements
  { name: "tag inside JS string", html: `<script>var s = '<script type=application/ld+json>{}';</script><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "tag inside style", html: `<style>/* <script type="application/ld+json">{}</script> */</style>`, texts: [] },
  { name: "style ends, block follows", html: `<style>a{}</style><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "tag inside textarea", html: `<textarea><script type="application/ld+json">{}</script></textarea>`, texts: [] },
  { name: "tag inside title", html: `<title><script type="application/ld+json">{}</script></title>`, texts: [] },
  { name: "tag inside xmp", html: `<xmp><script type="application/ld+json">{}</script></xmp>`, texts: [] },
  { name: "</styles> does not end style", html: `<style></styles><script type="application/ld+json">{}</script></style><script type="application/ld+json">${J}</script>`, texts: [J] },
  { name: "plaintext swallows the rest", html: `<plaintext><script type="application/ld+json">${J}</script>`, texts: [] },
  { name: "titles is not title", html: `<titles><script type="application/ld+json">${J}</script></titles>`, texts: [J] },
  { name: "comment inside script is script text", html: `<script>/* <!-- */</script><script type="application/ld+json">${J}</script><!-- -->`, texts: [J] },

  // Script end
  { name: "first </script ends the block", html: `<script type="application/ld+json">{"a":"</script>"}</script>`, texts: ['{"a":"'] },
  { name: "</scripts> does not end it", html: `<script type="application/ld+json">{"a":"</scripts>"}</script>`, texts: ['{"a":"</scripts>"}'] },
  { name: "escaped <\\/script> does not end it", html: `<script type="application/ld+json">{"a":"<\\/script>"}</script>`, texts: ['{"a":"<\\/script>"}'] },
  { name: "</script/ ends it", html: `<script type="application/ld+json">${J}</script/>`, texts: [J] },
  { name: "unterminated at EOF", html: `<p>x</p><script type="application/ld+json">${J}\n`, texts: [`${J}\n`] },
  { name: "unterminated, partial end tag", html: `<script type="application/ld+json">${J}</scr`, texts: [`${J}</scr`] },
  { name: "EOF inside the start tag", html: `<script type="application/ld+json"`, texts: [] },
  { name: "EOF inside a quoted value", html: `<script type="application/ld+json>{}</script>`, texts: [] },

  // Several blocks
  {
    name: "multiple blocks in order",
    html: `<head><script type="application/ld+json">{"n":1}</script><script>x</script></head><body><script type="application/ld+json">{"n":2}</script><p>t</p><script type='application/ld+json'>{"n":3}</script></body>`,
    texts: ['{"n":1}', '{"n":2}', '{"n":3}'],
  },
  { name: "adjacent blocks", html: `<script type="application/ld+json">[1]</script><script type="application/ld+json">[2]</script>`, texts: ["[1]", "[2]"] },
];

/** Naive line/column of an offset, as the spec of the fields: \n, \r\n and lone \r break lines. */
function naiveLineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

for (const c of cases) {
  test(`extract: ${c.name}`, () => {
    const blocks = extractJsonLdBlocks(c.html);
    assert.equal(
      blocks.map((b) => b.text),
      c.texts,
    );
    for (const b of blocks) {
      // Offsets point into the page (its text as the tokenizer reads it), and line/column describe the same position.
      assert.is(c.html.slice(b.offset, b.offset + b.text.length).replace(/\u0000/g, "\ufffd"), b.text);
      assert.equal({ line: b.line, column: b.column }, naiveLineColumn(c.html, b.offset));
    }
  });
}

test("offsets, lines and columns are exact", () => {
  const html = [
    "<!doctype html>", // line 1
    "<html><head>", // 2
    '  <script type="application/ld+json">{"a":1}</script>', // 3: block at column 38
    "<!-- <script type=application/ld+json>{}</script> -->", // 4
    '<script type="application/ld+json">', // 5
    "<!--", // 6
    '{"b":2}', // 7
    "-->", // 8
    "</script>", // 9
  ].join("\n");
  const blocks = extractJsonLdBlocks(html);
  assert.is(blocks.length, 2);
  assert.is(blocks[0].text, '{"a":1}');
  assert.is(blocks[0].offset, html.indexOf('{"a":1}'));
  assert.is(blocks[0].line, 3);
  assert.is(blocks[0].column, 38);
  // After the comment wrapper: text starts with the newline that ends line 6, right after `<!--`.
  assert.is(blocks[1].text, '\n{"b":2}\n');
  assert.is(blocks[1].offset, html.indexOf("<!--\n") + 4);
  assert.is(blocks[1].line, 6);
  assert.is(blocks[1].column, 5);
  assert.equal(JSON.parse(blocks[1].text), { b: 2 });
});

test("CRLF and lone CR line breaks", () => {
  const crlf = '<p>\r\n\r\n<script type="application/ld+json">{}</script>';
  assert.equal(
    extractJsonLdBlocks(crlf).map((b) => [b.line, b.column]),
    [[3, 36]],
  );
  const cr = '<p>\r\r<script type="application/ld+json">{}</script>';
  assert.equal(
    extractJsonLdBlocks(cr).map((b) => [b.line, b.column]),
    [[3, 36]],
  );
});

test("columns count UTF-16 code units", () => {
  const html = '<p>é😀</p><script type="application/ld+json">{}</script>';
  const [b] = extractJsonLdBlocks(html);
  assert.is(b.offset, html.indexOf("{}"));
  assert.is(b.column, b.offset + 1);
});

test("linear on hostile inputs (many '<', unterminated comments and quotes)", () => {
  const inputs = [
    "<".repeat(1_000_000),
    "<!--" + "-".repeat(1_000_000),
    "<a " + 'b="'.repeat(300_000),
    "<script>" + "</".repeat(500_000),
    "<!-- -- ".repeat(200_000),
    '<script type="application/ld+json">' + "</scrip".repeat(150_000),
  ];
  for (const html of inputs) {
    const t0 = performance.now();
    extractJsonLdBlocks(html);
    const ms = performance.now() - t0;
    assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms on a ${html.length}-char input`);
  }
});

test("1.5 MB page with many blocks", () => {
  const filler = "<div class=\"x\"><span>text &amp; more</span></div>\n".repeat(30_000);
  const html = filler + `<script type="application/ld+json">${J}</script>`.repeat(1000) + filler;
  const blocks = extractJsonLdBlocks(html);
  assert.is(blocks.length, 1000);
  assert.ok(blocks.every((b) => b.text === J));
  assert.is(blocks[0].line, 30_001);
});

test.run();
