/**
 * URLs holding Latin-1 characters (a German or French host or path) stay valid however hot the process is.
 * On Node 20 and 22, URL.canParse answers false for them once V8 has optimized it (thousands of calls in, as
 * in any busy service); runtime/can-parse-url.ts parses such inputs in full. Each test warms the call up
 * first, so on those lines it fails if the workaround is taken away.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { canParseUrl } from "../../runtime/can-parse-url.ts";
import { validateValue } from "../../runtime/validate.ts";

const LATIN1 = ["https://www.müller.de/", "https://www.exämple.com/p?q=ü", "HTTP://!;é", "https://café.fr/menu"];
const WARM_UP = 50_000;

function warmUp(): void {
  for (let i = 0; i < WARM_UP; i++) canParseUrl(i % 2 === 0 ? "https://example.com/a b" : LATIN1[i % LATIN1.length]);
}

test("canParseUrl: Latin-1 URLs parse on every call after the warm-up, as new URL parses them", () => {
  warmUp();
  for (const url of LATIN1) {
    let refused = 0;
    for (let i = 0; i < 10_000; i++) if (!canParseUrl(url)) refused++;
    assert.is(refused, 0, `${url} refused ${refused} times`);
    assert.ok(new URL(url));
  }
  assert.not.ok(canParseUrl("https://exa mple.com/"));
  assert.not.ok(canParseUrl("not a url"));
  assert.ok(canParseUrl("/p", "https://www.müller.de/"));
});

test("a Product whose url and image are on a Latin-1 host has no URL finding after a busy spell", () => {
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Kaffeebecher",
    url: "https://www.müller.de/becher",
    image: "https://www.müller.de/bilder/becher.jpg",
    offers: { "@type": "Offer", url: "https://www.müller.de/becher", price: "9.90", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
  };
  warmUp();
  for (let i = 0; i < 200; i++) {
    const [node] = validateValue(product).schemas;
    const urlIssues = [...node.errors, ...node.warnings].filter((issue) => /url|image/i.test(issue.property));
    assert.equal(urlIssues, [], `run ${i}: ${JSON.stringify(urlIssues)}`);
  }
});

test.run();
