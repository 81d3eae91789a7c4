/**
 * The dashboard and upgrade pages in Chromium, against the service on 127.0.0.1 and the Stripe stand-in
 * (test/support/stripe-stand-in.ts): sign up in the page, see plan, usage, credits and reset date; the key
 * hidden until asked, shown, copied; rotation; sign-out and sign-in by e-mail; an upgrade paid on the
 * stand-in's hosted page, with the plan changing once the signed webhook lands; a cancelled checkout.
 * Every request the browser makes is recorded: no key in any URL, no origin but ours and the stand-in's
 * checkout page; and no key in the service's log lines.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page, Request } from "playwright-core";
import { browserSkipReason, browserTest, startSite, type Site } from "./harness.ts";
import { seriousViolations } from "./axe.ts";
import { StripeStandIn, stripeEnv } from "../support/stripe-stand-in.ts";

const skip = browserSkipReason();
const it = browserTest(test, skip);
const standIn = new StripeStandIn();
let site: Site;

/** Every request any page of these tests made. */
const requests: Array<{ url: string; method: string; navigation: boolean; resourceType: string }> = [];
/** Every key these tests saw issued. */
const keys = new Set<string>();

test.before(async () => {
  if (skip) return;
  const port = await standIn.start();
  // Polling and page loads are keyed requests; the per-minute limit is not what these tests are about.
  site = await startSite({ RATE_LIMIT_PER_MINUTE: "1000", ...stripeEnv(port) });
  standIn.webhookUrl = `${site.base}/api/billing/webhook`;
});
test.after(async () => {
  await site?.close();
  await standIn.close();
});

let counter = 0;
const newEmail = (what: string) => `dash-${what}-${process.pid}-${++counter}@example.com`;

async function open(options: { viewport?: { width: number; height: number } } = {}) {
  const opened = await site.newPage(options);
  opened.page.on("request", (request: Request) => {
    requests.push({ url: request.url(), method: request.method(), navigation: request.isNavigationRequest(), resourceType: request.resourceType() });
  });
  return opened;
}

async function api(method: string, path: string, options: { key?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.key) headers["x-api-key"] = options.key;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${site.base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const body = await res.json();
  if (typeof body?.api_key === "string") keys.add(body.api_key);
  return { status: res.status, body };
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? "").trim();

/** Waits until the element's text contains `expected`. */
async function waitForText(page: Page, selector: string, expected: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction(
      ([sel, want]) => (document.querySelector(sel)?.textContent ?? "").includes(want),
      [selector, expected] as const,
      { timeout },
    );
  } catch {
    throw new Error(`${selector} never showed ${JSON.stringify(expected)}; it shows ${JSON.stringify(await text(page, selector))}`);
  }
}

const sessionKey = (page: Page) => page.evaluate(() => sessionStorage.getItem("sdv.api_key"));

async function signUpInPage(page: Page, email: string): Promise<void> {
  await page.goto("/dashboard");
  await page.locator("#signup-email").fill(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.locator("#signed-in").waitFor({ state: "visible" });
  keys.add((await sessionKey(page))!);
}

async function signInInPage(page: Page, email: string): Promise<void> {
  await page.locator("#signin-email").fill(email);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.locator("#signed-in").waitFor({ state: "visible" });
}

it("sign up in the page: plan free, usage 0 of 100, credits, reset date; the key hidden until asked, then equal to login's, copyable", async () => {
  const { context, page, problems } = await open();
  try {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.base });
    const email = newEmail("signup");
    await page.goto("/dashboard");
    // Keyboard only: type the address and press Enter.
    await page.locator("#signup-email").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await page.locator("#signed-in").waitFor({ state: "visible" });
    await waitForText(page, "#status", "Your account was created on the free plan.");

    const account = (await api("POST", "/api/auth/login", { body: { email } })).body;
    assert.is(await text(page, "[data-field=email]"), email);
    assert.is(await text(page, "[data-field=plan]"), "Free");
    // The site runs with RATE_LIMIT_PER_MINUTE=1000: the page shows the applied limit, not the table's 10.
    assert.is(account.rate_limit_per_minute, 1000);
    assert.is(await text(page, "[data-field=plan-limits]"), "100 validations a month, 1,000 requests a minute");
    assert.is(await text(page, "[data-field=usage]"), "0 of 100 validations used");
    assert.is(await text(page, "[data-field=credits]"), "100");
    assert.is(await page.locator("[data-field=resets]").getAttribute("datetime"), account.period_resets_at);
    const resets = new Date(account.period_resets_at);
    assert.is(resets.getUTCDate(), 1);
    assert.is(await text(page, "[data-field=resets]"), new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(resets));

    // Hidden: the key is nowhere in the page until asked for.
    assert.is(await sessionKey(page), account.api_key);
    assert.not.ok((await page.content()).includes(account.api_key.slice(9)), "the key is in the page before it was asked for");
    assert.is(await page.locator("#api-key").getAttribute("aria-hidden"), "true");
    const show = page.getByRole("button", { name: "Show key" });
    await show.focus();
    await page.keyboard.press("Space");
    assert.is(await text(page, "#api-key"), account.api_key);
    assert.is(await page.getByRole("button", { name: "Hide key" }).count(), 1);
    await page.getByRole("button", { name: "Hide key" }).click();
    assert.not.ok((await page.content()).includes(account.api_key.slice(9)), "hidden again");

    await page.getByRole("button", { name: "Copy key" }).click();
    await waitForText(page, "#status", "copied to the clipboard");
    assert.is(await page.evaluate(() => navigator.clipboard.readText()), account.api_key);

    // sessionStorage only: no cookie, nothing in localStorage.
    assert.is(await page.evaluate(() => document.cookie), "");
    assert.is(await page.evaluate(() => localStorage.length), 0);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("usage shows what the API charged; a key the service no longer accepts sends the page back to sign-in", async () => {
  const { context, page, problems } = await open();
  try {
    const email = newEmail("usage");
    await signUpInPage(page, email);
    const key = (await sessionKey(page))!;
    const event = { "@context": "https://schema.org", "@type": "Event", name: "Jazz night", startDate: "2026-07-21T19:00-05:00", location: { "@type": "Place", name: "Hall", address: "1 Main St" } };
    for (let i = 0; i < 3; i++) assert.is((await api("POST", "/api/v1/validate", { key, body: { jsonld: event } })).status, 200);
    await page.reload();
    await waitForText(page, "[data-field=usage]", "3 of 100 validations used");
    assert.is(await text(page, "[data-field=credits]"), "97");
    assert.is(await page.locator("#usage-progress").evaluate((el: HTMLProgressElement) => [el.value, el.max].join("/")), "3/100");
    // Rotated elsewhere (another tab, the API): this tab's key is refused and the page says so.
    assert.is((await api("POST", "/api/auth/keys", { key, body: {} })).status, 201);
    await page.reload();
    await page.locator("#signed-out").waitFor({ state: "visible" });
    await waitForText(page, "#alert", "replaced or deactivated");
    assert.is(await sessionKey(page), null);
    assert.equal(problems.filter((p) => !/status of 403/.test(p)), []);
  } finally {
    await context.close();
  }
});

it("rotate the key: confirm first (cancel and Escape change nothing); then the old key is refused, the new one works and is shown", async () => {
  const { context, page, problems } = await open();
  try {
    await signUpInPage(page, newEmail("rotate"));
    const oldKey = (await sessionKey(page))!;
    const dialog = page.locator("#rotate-dialog");

    await page.getByRole("button", { name: "Rotate key…" }).click();
    assert.ok(await dialog.isVisible(), "the confirmation dialog opens");
    await page.getByRole("button", { name: "Cancel" }).click();
    assert.not.ok(await dialog.isVisible());
    await page.getByRole("button", { name: "Rotate key…" }).click();
    await page.keyboard.press("Escape");
    assert.not.ok(await dialog.isVisible());
    assert.is(await sessionKey(page), oldKey, "nothing rotated yet");
    assert.is((await api("GET", "/api/auth/account", { key: oldKey })).status, 200);

    await page.getByRole("button", { name: "Rotate key…" }).click();
    assert.equal(await seriousViolations(page), [], "the open dialog");
    await dialog.getByRole("button", { name: "Rotate key", exact: true }).click();
    await waitForText(page, "#status", "A new key was issued");
    const newKey = (await sessionKey(page))!;
    keys.add(newKey);
    assert.match(newKey, /^sdv_live_[0-9a-f]{32}$/);
    assert.is.not(newKey, oldKey);

    const refused = await api("GET", "/api/auth/account", { key: oldKey });
    assert.is(refused.status, 403);
    assert.is(refused.body.error.code, "inactive_api_key");
    const accepted = await api("GET", "/api/auth/account", { key: newKey });
    assert.is(accepted.status, 200);
    assert.is(accepted.body.api_key, newKey);

    await page.getByRole("button", { name: "Show key" }).click();
    assert.is(await text(page, "#api-key"), newKey);
    // A reload keeps the new key (sessionStorage), not the old one.
    await page.reload();
    await page.locator("#signed-in").waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Show key" }).click();
    assert.is(await text(page, "#api-key"), newKey);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("sign out, then sign in again by e-mail: the key is dropped from the tab and comes back with login", async () => {
  const { context, page, problems } = await open({ viewport: { width: 390, height: 844 } });
  try {
    const email = newEmail("signout");
    await signUpInPage(page, email);
    const key = (await sessionKey(page))!;
    assert.equal(await seriousViolations(page), [], "signed in, on a phone");
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await seriousViolations(page), [], "signed in, on a phone, dark scheme");
    await page.emulateMedia({ colorScheme: "light" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `the signed-in dashboard scrolls sideways by ${overflow}px on a phone`);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#signed-out").waitFor({ state: "visible" });
    await waitForText(page, "#status", "Signed out");
    assert.is(await sessionKey(page), null);
    assert.is(await page.evaluate(() => sessionStorage.length), 0);
    assert.not.ok((await page.content()).includes(key.slice(9)), "the key is still in the page");
    assert.is(await page.evaluate(() => document.activeElement?.id), "signin-heading");

    // Signing up again with the same address points to sign-in.
    await page.locator("#signup-email").fill(email);
    await page.getByRole("button", { name: "Create account" }).click();
    await waitForText(page, "#alert", "already exists");
    assert.is(await page.locator("#signin-email").inputValue(), email);

    await signInInPage(page, email);
    await waitForText(page, "#status", `Signed in as ${email}`);
    assert.is(await sessionKey(page), key);
    assert.is(await text(page, "[data-field=plan]"), "Free");
    await page.getByRole("button", { name: "Show key" }).click();
    assert.is(await text(page, "#api-key"), key);
    assert.equal(problems.filter((p) => !/status of 409/.test(p)), []);
  } finally {
    await context.close();
  }
});

it("upgrade: plans from the service's table, current marked, annual; pay on the stand-in; back on the dashboard the plan changes after the signed webhook", async () => {
  const { context, page, problems } = await open();
  try {
    const email = newEmail("upgrade");
    await signUpInPage(page, email);
    await page.getByRole("link", { name: "Upgrade" }).click();
    await page.waitForURL(`${site.base}/dashboard/upgrade`);
    await page.locator('li[data-plan="free"][aria-current="true"]').waitFor();
    assert.match(await text(page, 'li[data-plan="free"]'), /Your current plan/);
    assert.match(await text(page, 'li[data-plan="free"]'), /1,000 requests a minute/, "the current plan shows the applied limit");
    assert.match(await text(page, 'li[data-plan="growth"]'), /25,000 validations a month/);
    assert.match(await text(page, 'li[data-plan="growth"]'), /300 requests a minute/);
    assert.match(await text(page, 'li[data-plan="scale"]'), /100,000 validations a month/);
    assert.equal(await seriousViolations(page), [], "the upgrade page, signed in");

    await page.getByLabel("Annual").check();
    standIn.holdWebhooks = true;
    await page.getByRole("button", { name: "Upgrade to Growth" }).click();
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    assert.ok(page.url().startsWith(`${standIn.origin}/c/pay/`), "the browser is on the stand-in's hosted page");
    const sessionId = page.url().split("/").at(-1)!;
    const session = standIn.sessions.get(sessionId)!;
    assert.is(session.price, "price_growth_annual");
    assert.is(session.metadata.plan, "growth");
    assert.is(session.customer_email, email);

    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${site.base}/dashboard`);
    assert.ok(
      requests.some((r) => r.navigation && r.url === `${site.base}/dashboard?checkout=success&session_id=${sessionId}`),
      "the browser came back to the success_url with the session id",
    );
    // Back before the webhook: the payment is being confirmed, the plan is still free.
    await waitForText(page, "#status", "being confirmed");
    assert.is(await text(page, "[data-field=plan]"), "Free");
    assert.is(new URL(page.url()).search, "", "checkout and session_id are gone from the address bar");
    assert.is(standIn.heldWebhooks, 1);

    standIn.holdWebhooks = false;
    await standIn.releaseWebhooks();
    const delivery = standIn.deliveries.at(-1)!;
    assert.is(delivery.session, sessionId);
    assert.is(delivery.status, 200, delivery.body);
    await waitForText(page, "[data-field=plan]", "Growth", 30_000);
    await waitForText(page, "#status", "Payment confirmed: you are now on the Growth plan.");
    assert.is(await text(page, "[data-field=usage]"), "0 of 25,000 validations used");
    assert.is(await text(page, "[data-field=credits]"), "25,000");
    assert.is((await api("POST", "/api/auth/login", { body: { email } })).body.plan, "growth");

    // The upgrade page now marks Growth and offers only Scale.
    await page.goto("/dashboard/upgrade");
    await page.locator('li[data-plan="growth"][aria-current="true"]').waitFor();
    assert.is(await page.getByRole("button", { name: /^Upgrade to / }).count(), 1);
    assert.is(await page.getByRole("button", { name: "Upgrade to Scale" }).count(), 1);
    assert.equal(problems, []);
  } finally {
    standIn.holdWebhooks = false;
    await context.close();
  }
});

it("a cancelled checkout: back on the dashboard, nothing was charged, the plan is unchanged, the address bar clean", async () => {
  const { context, page, problems } = await open();
  try {
    await signUpInPage(page, newEmail("cancel"));
    await page.goto("/dashboard/upgrade");
    await page.getByRole("button", { name: "Upgrade to Basic" }).click();
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    const before = standIn.deliveries.length;
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`${site.base}/dashboard`);
    await waitForText(page, "#status", "Checkout cancelled: nothing was charged");
    assert.is(await text(page, "[data-field=plan]"), "Free");
    assert.is(new URL(page.url()).search, "");
    assert.is(standIn.deliveries.length, before, "no event was sent");
    assert.is(await page.evaluate(() => sessionStorage.getItem("sdv.checkout_plan")), null);
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("a checkout return in a tab that holds no key: the page asks to sign in and still cleans the address bar", async () => {
  const { context, page, problems } = await open();
  try {
    await page.goto("/dashboard?checkout=cancelled");
    await waitForText(page, "#status", "Checkout cancelled: nothing was charged.");
    assert.is(new URL(page.url()).search, "");
    await page.goto("/dashboard?checkout=success&session_id=cs_test_elsewhere&from=mail");
    await waitForText(page, "#status", "Sign in to see your plan");
    assert.is(new URL(page.url()).search, "?from=mail", "only checkout and session_id are removed");
    assert.ok(await page.locator("#signin-form").isVisible());
    assert.equal(problems, []);
  } finally {
    await context.close();
  }
});

it("the upgrade page signed out: the sign-in form first; after signing in, the plans with the current one marked", async () => {
  const { context, page, problems } = await open({ viewport: { width: 390, height: 844 } });
  try {
    const email = newEmail("upgrade-signin");
    assert.is((await api("POST", "/api/auth/signup", { body: { email } })).status, 201);
    await page.goto("/dashboard/upgrade");
    await page.locator("#signin-form").waitFor({ state: "visible" });
    assert.is(await page.getByRole("button", { name: /^Upgrade to / }).count(), 3, "the plans show, the buttons ask to sign in first");
    await page.getByRole("button", { name: "Upgrade to Scale" }).click();
    await waitForText(page, "#alert", "Sign in first");
    await page.locator("#signin-email").fill(email);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.locator('li[data-plan="free"][aria-current="true"]').waitFor();
    await page.locator("#signin-form").waitFor({ state: "detached" });
    await waitForText(page, "#status", "on the Free plan");
    assert.equal(await seriousViolations(page), [], "upgrade page, signed in, on a phone");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `scrolls sideways by ${overflow}px on a phone`);

    // Scale with annual billing has no price on this server: the page says so and stays usable.
    await page.getByLabel("Annual").check();
    await page.getByRole("button", { name: "Upgrade to Scale" }).click();
    await waitForText(page, "#alert", "not offered on this server");
    assert.ok(page.url().startsWith(site.base), "still on our page");
    assert.ok(await page.getByRole("button", { name: "Upgrade to Basic" }).isEnabled(), "the buttons work again");
    assert.is(await page.evaluate(() => sessionStorage.getItem("sdv.checkout_plan")), null);
    assert.equal(problems.filter((p) => !/status of 503/.test(p)), []);
  } finally {
    await context.close();
  }
});

it("no key in any URL the browser requested nor in the service's log; no origin but ours, and the stand-in only by navigation", async () => {
  assert.ok(requests.length > 20, `requests were recorded (${requests.length})`);
  assert.ok(keys.size >= 6, `keys were collected (${keys.size})`);
  const standInOrigin = standIn.origin;
  for (const request of requests) {
    for (const key of keys) assert.not.ok(request.url.includes(key.slice(9)), `a key in ${request.method} ${request.url}`);
    const origin = new URL(request.url).origin;
    if (origin === site.base) continue;
    assert.is(origin, standInOrigin, `a request to another origin: ${request.url}`);
    assert.ok(request.navigation, `a non-navigation request to the stand-in: ${request.resourceType} ${request.url}`);
  }
  assert.ok(requests.some((r) => new URL(r.url).origin === standInOrigin), "the checkout navigation was recorded");
  const logs = site.server.logs.join("");
  assert.ok(logs.includes("/api/auth/account"), "the keyed requests are logged");
  for (const key of keys) assert.not.ok(logs.includes(key.slice(9)), "a key in the service's log");
});

test.run();
