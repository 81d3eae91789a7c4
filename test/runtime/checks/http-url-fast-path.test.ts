/** The URL fast path never accepts what the WHATWG parser refuses (it may defer to the parser). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isPlainHttpUrl } from "../../../runtime/checks/http-url.ts";
import { corpusDir } from "../../corpus-dir.ts";

const prefixLength = (s: string) => (s.toLowerCase().startsWith("https://") ? 8 : s.toLowerCase().startsWith("http://") ? 7 : 0);

const samples = [
  "https://example.com", "https://example.com/", "http://a.b/c?d=e#f", "https://example.com:8080/x", "https://example.com:99999/",
  "https://example.com:/x", "https://999.1.1.1/", "https://1.2.3.4/", "https://example.123/", "https://ex ample.com/", "https://exa_mple.com/",
  "https://example..com/", "https://.example.com/", "https://example.com/a b", "https://example.com/a\"b", "https://example.com/%zz",
  "https://example.com/ünicode", "https://xn--bcher-kva.example/", "https://example.com/a|b", "https://example.com?x", "https://example.com#x",
  "https://-example.com/", "https://example-.com/", "https://EXAMPLE.COM/", "http://localhost/", "https://example.com:0/", "https://a/",
];

const corpus = corpusDir();
if (!corpus) test.skip("fast path agrees with URL.canParse on the corpus pages' URLs too (../shared/corpus not found)", () => {});

test("fast path agrees with URL.canParse whenever it accepts" + (corpus ? "" : " (the samples only: ../shared/corpus not found)"), () => {
  const urls = [...samples];
  if (corpus) {
    const text = readdirSync(join(corpus, "pages")).map((f) => readFileSync(join(corpus, "pages", f), "utf8")).join("\n");
    for (const m of text.matchAll(/https?:\/\/[^\s"'<>\\]{1,200}/g)) urls.push(m[0]);
  }
  let accepted = 0;
  for (const url of urls) {
    const prefix = prefixLength(url);
    if (prefix === 0) continue;
    if (isPlainHttpUrl(url, prefix)) {
      accepted++;
      assert.ok(URL.canParse(url), `fast path accepted what WHATWG refuses: ${url}`);
    }
  }
  assert.ok(accepted > 10);
});

test.run();
