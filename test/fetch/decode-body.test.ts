// Content-type parsing and charset decoding (pure). Matrix rows: F-10, F-11 (rule: missing type is
// rejected), F-12 (invalid bytes never crash).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { decodeHtml, isHtmlContentType, parseContentType } from "../../fetch/decode-body.ts";

const types: Array<[string | null, string, string | null, boolean]> = [
  ["text/html", "text/html", null, true],
  ["text/html; charset=utf-8", "text/html", "utf-8", true],
  ["TEXT/HTML; Charset=\"ISO-8859-1\"", "text/html", "iso-8859-1", true],
  ["text/html;foo=bar;charset=windows-1252", "text/html", "windows-1252", true],
  ["application/xhtml+xml", "application/xhtml+xml", null, true],
  ["  application/xhtml+xml ; charset=utf-8", "application/xhtml+xml", "utf-8", true],
  ["text/plain", "text/plain", null, false],
  ["application/json", "application/json", null, false],
  ["application/ld+json", "application/ld+json", null, false],
  ["application/pdf", "application/pdf", null, false],
  ["image/png", "image/png", null, false],
  ["application/octet-stream", "application/octet-stream", null, false],
  ["text/htmlx", "text/htmlx", null, false],
  ["", "", null, false],
  [null, "", null, false],
];

for (const [header, mime, charset, html] of types) {
  test(`content type ${JSON.stringify(header)}`, () => {
    const ct = parseContentType(header);
    assert.is(ct.mimeType, mime);
    assert.is(ct.charset, charset);
    assert.is(isHtmlContentType(ct), html);
  });
}

const latin1 = Buffer.from("<p>café – ü</p>".replace("–", "-"), "latin1");

test("charset from the Content-Type header", () => {
  assert.is(decodeHtml(latin1, "iso-8859-1"), "<p>café - ü</p>");
  assert.is(decodeHtml(Buffer.from([0x80, 0x93]), "windows-1252"), "€“");
  assert.is(decodeHtml(Buffer.from("<p>é</p>", "utf8"), "utf-8"), "<p>é</p>");
});

test("windows-1252 (and the labels meaning it): every byte as the Encoding Standard maps it, with and without 0x80-0x9F", () => {
  // The Encoding Standard's index for 0x80-0x9F; every other byte is its own code point.
  const high = [
    0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
    0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
  ];
  const all = Buffer.from(Array.from({ length: 256 }, (_, b) => b));
  const expected = String.fromCharCode(...Array.from({ length: 256 }, (_, b) => (b >= 0x80 && b <= 0x9f ? high[b - 0x80] : b)));
  for (const label of ["windows-1252", "iso-8859-1", "latin1", "ascii", "us-ascii"]) assert.is(decodeHtml(all, label), expected, label);
  // Without any byte 0x80-0x9F, the same text as a plain Latin-1 decode.
  const plain = Buffer.from(Array.from({ length: 256 }, (_, b) => b).filter((b) => b < 0x80 || b > 0x9f));
  assert.is(decodeHtml(plain, "windows-1252"), plain.toString("latin1"));
  // A large page of them decodes to one character a byte.
  assert.is(decodeHtml(Buffer.alloc(1 << 20, 0x93), "windows-1252"), "\u201c".repeat(1 << 20));
});

test("default is UTF-8; unknown labels fall back to UTF-8; invalid bytes become U+FFFD", () => {
  assert.is(decodeHtml(Buffer.from("<p>é</p>", "utf8"), null), "<p>é</p>");
  assert.is(decodeHtml(Buffer.from("<p>é</p>", "utf8"), "no-such-charset"), "<p>é</p>");
  assert.is(decodeHtml(Buffer.from([0x3c, 0xff, 0xfe, 0xfd, 0x3e]), null), "<\ufffd\ufffd\ufffd>");
});

test("a byte order mark wins over the header", () => {
  assert.is(decodeHtml(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from("é")]), "iso-8859-1"), "é");
  assert.is(decodeHtml(Buffer.from([0xff, 0xfe, 0x41, 0x00]), "utf-8"), "A");
  assert.is(decodeHtml(Buffer.from([0xfe, 0xff, 0x00, 0x41]), null), "A");
});

test("<meta charset> in the first 1024 bytes applies when the header has none", () => {
  const page = Buffer.concat([Buffer.from('<html><head><meta charset="iso-8859-1">'), Buffer.from("é", "latin1")]);
  assert.ok(decodeHtml(page, null).endsWith("é"));
  const httpEquiv = Buffer.concat([
    Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'),
    Buffer.from([0x80]),
  ]);
  assert.ok(decodeHtml(httpEquiv, null).endsWith("€"));
  // The header wins over meta; a UTF-16 meta declaration means UTF-8.
  assert.ok(decodeHtml(page, "utf-8").endsWith("\ufffd"));
  assert.ok(decodeHtml(Buffer.from('<meta charset="utf-16">é'), null).endsWith("é"));
});

test.run();
