/**
 * The rule pages in Chromium, reached the way a user or a client reaches them: from the types endpoint's
 * `rules_url` and from an issue's `rule_url`. Each opens under the pages' strict CSP with its stylesheet
 * applied, no error, the anchor the issue names in view, and no serious accessibility violation, on a
 * desktop and a phone.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserSkipReason, browserTest, startSite, type Site } from "./harness.ts";
import { seriousViolations } from "./axe.ts";
import { EVENT } from "../api/helpers.ts";

const skip = browserSkipReason();
const it = browserTest(test, skip);
let site: Site;

test.before(async () => {
  if (skip) return;
  site = await startSite({ RATE_LIMIT_PER_MINUTE: "1000" });
});
test.after(async () => {
  await site?.close();
});

async function typesEntry(type: string): Promise<{ rules_url: string }> {
  const res = await fetch(`${site.base}/api/v1/types`);
  const body = (await res.json()) as { types: Array<{ type: string; rules_url: string }> };
  const entry = body.types.find((t) => t.type === type);
  if (!entry) throw new Error(`no types entry for ${type}`);
  return entry;
}

it("a types entry's rules_url opens its page: CSP, stylesheet applied, links back, accessible on desktop and phone", async () => {
  for (const type of ["Event", "Product", "Recipe"]) {
    const { rules_url } = await typesEntry(type);
    assert.is(new URL(rules_url).origin, site.base, "rules_url points at this service");
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { context, page, problems } = await site.newPage({ viewport });
      try {
        const response = await page.goto(rules_url);
        assert.is(response?.status(), 200, rules_url);
        assert.match(response!.headers()["content-security-policy"] ?? "", /default-src 'self'/);
        await page.waitForLoadState("networkidle");
        assert.equal(problems, [], `${rules_url}: ${problems.join("; ")}`);
        assert.match((await page.locator("h1").first().textContent()) ?? "", new RegExp(type));
        // /rules.css is applied (not blocked, not missing): the page's own rules change the computed style.
        const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => ({ href: s.href, rules: s.cssRules.length })));
        assert.ok(sheets.some((s) => s.href?.endsWith("/rules.css") && s.rules > 0), JSON.stringify(sheets));
        assert.ok(await page.locator('a[href="/rules"]').count(), "links back to the index");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 1, `${rules_url} scrolls sideways by ${overflow}px at ${viewport.width}px`);
        const violations = await seriousViolations(page);
        assert.equal(violations, [], `${rules_url} at ${viewport.width}px: ${JSON.stringify(violations, null, 1)}`);
      } finally {
        await context.close();
      }
    }
  }
});

it("every rule page and the index fit a phone's width and load without errors", async () => {
  const types = ((await (await fetch(`${site.base}/api/v1/types`)).json()) as { types: Array<{ rules_url: string }> }).types;
  const { context, page, problems } = await site.newPage({ viewport: { width: 360, height: 740 } });
  try {
    for (const url of [`${site.base}/rules`, ...types.map((t) => t.rules_url)]) {
      assert.is((await page.goto(url))?.status(), 200, url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 1, `${url} scrolls sideways by ${overflow}px at 360px`);
      assert.equal(await namesBrokenMidWord(page), [], `${url}: property names broken inside a word at 360px`);
    }
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

/**
 * The code spans (property paths, types) whose text the browser wrapped between two letters or digits:
 * a path may wrap after its dots, never inside a name ("aggrega|teRating"). Each is given as the text
 * with a "|" where it broke.
 */
function namesBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll("main code")) {
      const text = element.textContent ?? "";
      if (element.getClientRects().length < 2) continue;
      const range = document.createRange();
      let previousTop: number | null = null;
      let offset = 0;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? "").length; i++, offset++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (previousTop !== null && top > previousTop + 2 && /\w/.test(text[offset - 1]) && /\w/.test(text[offset])) {
            broken.push(`${text.slice(0, offset)}|${text.slice(offset)}`);
          }
          previousTop = top;
        }
      }
    }
    return broken;
  });
}

it("an issue's rule_url lands on the row of the rule that fired", async () => {
  const signup = await fetch(`${site.base}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `rules-${process.pid}@example.com` }),
  });
  const key = ((await signup.json()) as { api_key: string }).api_key;
  const { startDate: _dropped, ...withoutStartDate } = EVENT as Record<string, unknown>;
  const res = await fetch(`${site.base}/api/v1/validate`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify({ jsonld: withoutStartDate }),
  });
  const body = (await res.json()) as { schemas: Array<{ errors: Array<{ property: string; rule_url?: string }> }> };
  const issue = body.schemas[0].errors.find((e) => e.property === "startDate");
  assert.ok(issue?.rule_url, "the startDate error links its rule");
  const target = new URL(issue!.rule_url!);
  assert.is(target.origin, site.base);
  assert.is(target.pathname, "/rules/Event");

  const { context, page, problems } = await site.newPage({ viewport: { width: 390, height: 844 } });
  try {
    assert.is((await page.goto(target.href))?.status(), 200);
    const id = decodeURIComponent(target.hash.slice(1));
    const anchor = page.locator(`[id="${id}"]`);
    assert.is(await anchor.count(), 1, `one element with id ${id}`);
    assert.match((await anchor.textContent()) ?? "", /startDate/);
    // The browser scrolled the anchor into view.
    assert.ok(await anchor.isVisible());
    const box = await anchor.boundingBox();
    assert.ok(box !== null && box.y >= -1 && box.y < 844, `anchor at y=${box?.y}`);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

test.run();
