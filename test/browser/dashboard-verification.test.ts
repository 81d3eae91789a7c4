/**
 * The dashboard on a server with ACCOUNT_VERIFICATION=email, in Chromium, with the codes mailed to a real
 * SMTP server started here: signup and sign-in ask for the mailed code and finish with it; a refused code
 * says so and leaves the visitor signed out; the code form passes the accessibility checks.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { browserSkipReason, browserTest, startSite, type Site } from "./harness.ts";
import { seriousViolations } from "./axe.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";

const skip = browserSkipReason();
const it = browserTest(test, skip);
let site: Site;
let sink: SmtpSink;

test.before(async () => {
  if (skip) return;
  sink = await startSmtpSink();
  site = await startSite({ RATE_LIMIT_PER_MINUTE: "1000", ACCOUNT_VERIFICATION: "email", SMTP_URL: sink.url });
});
test.after(async () => {
  await site?.close();
  await sink?.close();
});

let counter = 0;
const newEmail = (what: string) => `dash-verify-${what}-${process.pid}-${++counter}@example.com`;
const sessionKey = (page: Page) => page.evaluate(() => sessionStorage.getItem("sdv.api_key"));

async function mailedCode(seen: number): Promise<string> {
  const mail = await sink.nextMail(seen);
  const match = /code for sdv: ([A-Za-z0-9_-]{20})(?=\s)/.exec(mail.raw);
  if (!match) throw new Error(`no code in the mail:\n${mail.raw}`);
  return match[1]!;
}

async function codeAsked(page: Page, email: string): Promise<void> {
  await page.locator("#verify-form").waitFor({ state: "visible" });
  await page.waitForFunction((want) => (document.querySelector("#status")?.textContent ?? "").includes(want), `Code sent to ${email}`);
}

it("sign up and sign in with the mailed code; a wrong code is refused and asks for a new one", async () => {
  const { context, page, problems } = await site.newPage();
  try {
    const email = newEmail("flow");
    await page.goto("/dashboard");
    let seen = sink.mails.length;
    await page.locator("#signup-email").fill(email);
    await page.getByRole("button", { name: "Create account" }).click();
    await codeAsked(page, email);
    assert.is(await sessionKey(page), null, "no key before the code");
    assert.equal(await seriousViolations(page), [], "the code form");
    await page.locator("#verify-code").fill(await mailedCode(seen));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator("#signed-in").waitFor({ state: "visible" });
    const key = await sessionKey(page);
    assert.match(key ?? "", /^sdv_live_[0-9a-f]{32}$/);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("#signed-out").waitFor({ state: "visible" });

    seen = sink.mails.length;
    await page.locator("#signin-email").fill(email);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await codeAsked(page, email);
    await mailedCode(seen);
    await page.locator("#verify-code").fill("x".repeat(20));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.waitForFunction(() => (document.querySelector("#alert")?.textContent ?? "").includes("did not work"));
    assert.is(await page.locator("#verify-form").isVisible(), false, "the used-up request's form is gone");
    assert.is(await sessionKey(page), null);

    seen = sink.mails.length;
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await codeAsked(page, email);
    await page.locator("#verify-code").fill(await mailedCode(seen));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.locator("#signed-in").waitFor({ state: "visible" });
    assert.is(await sessionKey(page), key, "sign-in gives the account's key");
    assert.equal(problems.filter((p) => !/status of 400/.test(p)), []);
  } finally {
    await context.close();
  }
});

test.run();
