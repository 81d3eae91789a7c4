/**
 * `sdv fix` as a user runs it: a diff by default, --write in place, only the JSON-LD blocks of a page
 * changed (every other byte identical), JSON formatting kept, idempotent, a no-op on the documentation's
 * examples, what is left listed, and no write through a symbolic link.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sdv } from "./sdv-process.ts";
import { corpusDir } from "../corpus-dir.ts";
import { extractJsonLdBlocks } from "../../runtime/extract/extract-jsonld.ts";

const dir = mkdtempSync(join(tmpdir(), "sdv-fix-"));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Anvil &amp; co</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"ACME","url":"https://example.com/"}</script>
<script type="application/ld+json">
{
  "@context": "schema.org",
  "@type": "Prodcut",
  "name": "Executive Anvil",
  "image": "https://example.com/anvil.jpg",
  "offers": {
    "@type": "Offer",
    "price": "19,99 €",
    "availability": "instock"
  }
}
</script>
</head>
<body>  <p>Prices   in   euros.</p><!-- <script type="application/ld+json">{"@type":"Prodcut"}</script> -->
</body></html>
`;

/** The page with its JSON-LD blocks cut out: what must not change. */
function outsideBlocks(html: string): string[] {
  const parts: string[] = [];
  let at = 0;
  for (const b of extractJsonLdBlocks(html)) {
    parts.push(html.slice(at, b.offset));
    at = b.offset + b.text.length;
  }
  parts.push(html.slice(at));
  return parts;
}

test("a page: a unified diff, the file untouched; the diff applies with git apply", async () => {
  const file = join(dir, "page.html");
  writeFileSync(file, PAGE);
  const out = await sdv(["fix", "page.html"], { cwd: dir });
  assert.is(out.code, 0, out.stderr);
  assert.is(readFileSync(file, "utf8"), PAGE);
  assert.match(out.stdout, /^--- a\/page\.html\n\+\+\+ b\/page\.html\n@@ /);
  assert.match(out.stdout, /\n-  "@type": "Prodcut",\n/);
  assert.match(out.stdout, /\n\+  "@type": "Product",\n/);
  assert.match(out.stderr, /would fix unknown-type at \/@type: "Prodcut" -> "Product"/);
  execFileSync("git", ["apply", "--unsafe-paths", `--directory=${dir}`, "-p1"], { input: out.stdout.replace(/(a|b)\/page\.html/g, "$1/page.html"), cwd: dir });
  const applied = readFileSync(file, "utf8");
  assert.is.not(applied, PAGE);
  // The diff says what --write writes.
  const other = join(dir, "page-written.html");
  writeFileSync(other, PAGE);
  await sdv(["fix", "--write", "page-written.html"], { cwd: dir });
  assert.is(readFileSync(other, "utf8"), applied);
});

test("--write: only the changed block's bytes change; fixes revealed by a fixed @type are applied too; a second run changes nothing", async () => {
  const file = join(dir, "write.html");
  writeFileSync(file, PAGE);
  const out = await sdv(["fix", "--write", "write.html"], { cwd: dir });
  assert.is(out.code, 0, out.stderr);
  assert.is(out.stdout, "");
  const fixed = readFileSync(file, "utf8");
  assert.equal(outsideBlocks(fixed), outsideBlocks(PAGE));
  const blocks = extractJsonLdBlocks(fixed);
  assert.is(blocks[0].text, extractJsonLdBlocks(PAGE)[0].text, "the valid block is untouched");
  assert.equal(JSON.parse(blocks[1].text), {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Executive Anvil",
    image: "https://example.com/anvil.jpg",
    offers: { "@type": "Offer", price: "19.99", availability: "https://schema.org/InStock", priceCurrency: "EUR" },
  });
  // The added member sits on its own line with its siblings' indentation.
  assert.match(blocks[1].text, /\n    "availability": "https:\/\/schema\.org\/InStock",\n    "priceCurrency": "EUR"\n  }/);
  const again = await sdv(["fix", "--write", "write.html"], { cwd: dir });
  assert.is(again.code, 0);
  assert.is(readFileSync(file, "utf8"), fixed);
  assert.not.match(again.stderr, /fixed /);
  const diff = await sdv(["fix", "write.html"], { cwd: dir });
  assert.is(diff.stdout, "");
});

test("JSON: indentation (tabs), key order and CRLF line endings kept; only the values change", async () => {
  const original = ['{', '\t"@context": "https://schema.org",', '\t"@type": "Event",', '\t"name": "Concert",', '\t"startDate": "2027-07-21T19:00-05:00",', '\t"eventAttendanceMode": "OFFLINEEVENTATTENDANCEMODE",', '\t"location": {"@type": "Place", "name": "Hall", "address": "1 Main St"},', '\t"offers": {"@type": "Offer", "price": 10, "priceCurrency": "£", "validFrom": "July 21, 2027"}', '}', ''].join("\r\n");
  const file = join(dir, "event.jsonld");
  writeFileSync(file, original);
  const out = await sdv(["fix", "-w", "event.jsonld"], { cwd: dir });
  assert.is(out.code, 0, out.stderr);
  const expected = original
    .replace('"OFFLINEEVENTATTENDANCEMODE"', '"https://schema.org/OfflineEventAttendanceMode"')
    .replace('"£"', '"GBP"')
    .replace('"July 21, 2027"', '"2027-07-21"');
  assert.is(readFileSync(file, "utf8"), expected);
});

test("a valid document is left as it is; what is left unfixed is listed with its issue; errors left exit 1", async () => {
  const valid = join(dir, "valid.json");
  const text = JSON.stringify({ "@context": "https://schema.org", "@type": "Organization", name: "ACME", url: "https://example.com/", logo: "https://example.com/logo.png" }, null, 2);
  writeFileSync(valid, text);
  const ok = await sdv(["fix", "--write", "valid.json"], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
  assert.is(readFileSync(valid, "utf8"), text);

  const ambiguous = join(dir, "dollar.json");
  const dollar = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Anvil", image: "https://example.com/a.jpg", offers: { "@type": "Offer", price: "12.00", priceCurrency: "$" } });
  writeFileSync(ambiguous, dollar);
  const left = await sdv(["fix", "--write", "dollar.json"], { cwd: dir });
  assert.is(readFileSync(ambiguous, "utf8"), dollar, "an ambiguous currency is not guessed");
  assert.match(left.stderr, /dollar\.json:1:\d+: not fixed: (error|warning) invalid-format \(Product: offers\.priceCurrency\)/);
});

test("the google profile by default, as sdv validate: a date-only startDate is no error left; --profile spec leaves it", async () => {
  const event = { "@context": "https://schema.org", "@type": "Event", name: "Fair", startDate: "2027-07-21", location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Town", postalCode: "12345", addressCountry: "US" } } };
  writeFileSync(join(dir, "fair.jsonld"), JSON.stringify(event, null, 2));
  const google = await sdv(["fix", "fair.jsonld"], { cwd: dir });
  assert.is(google.code, 0, google.stderr);
  const spec = await sdv(["fix", "--profile", "spec", "fair.jsonld"], { cwd: dir });
  assert.is(spec.code, 1, spec.stderr);
  assert.match(spec.stderr, /not fixed: error invalid-format \(Event: startDate\)/);
  assert.is((await sdv(["fix", "--profile", "strict", "fair.jsonld"], { cwd: dir })).code, 2);
});

test("--write does not follow a symbolic link; unknown extensions and no files are usage errors", async () => {
  const target = join(dir, "target.json");
  const text = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "A", offers: { "@type": "Offer", price: 1, priceCurrency: "€" } });
  writeFileSync(target, text);
  symlinkSync(target, join(dir, "link.json"));
  const out = await sdv(["fix", "--write", "link.json"], { cwd: dir });
  assert.is(out.code, 2);
  assert.match(out.stderr, /symbolic link/);
  assert.is(readFileSync(target, "utf8"), text);
  assert.is((await sdv(["fix", "notes.txt"], { cwd: dir })).code, 2);
  assert.is((await sdv(["fix"], { cwd: dir })).code, 2);
});

const corpus = corpusDir();
if (corpus) {
  test("a no-op on every documentation example (google-examples)", async () => {
    const examples = join(corpus, "google-examples");
    const work = mkdtempSync(join(tmpdir(), "sdv-fix-examples-"));
    const files = readdirSync(examples).filter((f) => /\.(html|json)$/.test(f));
    for (const f of files) copyFileSync(join(examples, f), join(work, f));
    const out = await sdv(["fix", ...files], { cwd: work });
    assert.ok(files.length > 100);
    assert.is(out.stdout, "", "no example gets a diff");
    assert.not.match(out.stderr, /would fix/);
  });
} else {
  test.skip("a no-op on every documentation example (../shared/corpus not found)", () => {});
}

test.run();
