/**
 * The playground page: pasted markup is validated in a worker as you type (no key, no request), a URL
 * through the API with the visitor's key, and the markup can be shared in the link's fragment.
 */
import "./playground.css";
import { createEditor } from "./editor.ts";
import { detectFormat, type MarkupFormat } from "./format.ts";
import type { ValidationResponse } from "./engine.ts";
import { ValidationClient } from "./validation-client.ts";
import type { ValidationReply } from "./worker.ts";
import { renderResults, summaryLine } from "./results.ts";
import { readShareFragment, shareFragment, type ShareMode } from "./share.ts";
import { describeError, signUpInline, storedKey, validateUrlThroughApi } from "./url-check.ts";
import { currentSession, endSession } from "../session.ts";
import { ApiCallError } from "../api.ts";
import { EXAMPLE } from "./example.ts";
import { enableOffline, precacheAllAssets } from "./offline.ts";
import { externalLink, h } from "./dom.ts";

/** A pause this long after a keystroke starts a validation. */
const DEBOUNCE_MS = 250;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $<HTMLParagraphElement>("pg-status");
const source = $<HTMLParagraphElement>("pg-source");
const results = $<HTMLDivElement>("pg-results");
const detected = $<HTMLSpanElement>("pg-detected");
const apiError = $<HTMLDivElement>("pg-api-error");

const editor = createEditor($("pg-editor"), { label: "Markup to validate (JSON-LD or HTML)", onChange: schedule });
const client = new ValidationClient(showMarkupReply);

let timer: ReturnType<typeof setTimeout> | undefined;

function mode(): ShareMode {
  return (document.querySelector<HTMLInputElement>('input[name="pg-mode"]:checked')?.value as ShareMode | undefined) ?? "auto";
}

function setMode(next: ShareMode): void {
  const radio = document.querySelector<HTMLInputElement>(`input[name="pg-mode"][value="${next}"]`);
  if (radio) radio.checked = true;
}

function format(text: string): MarkupFormat {
  const m = mode();
  return m === "auto" ? detectFormat(text) : m;
}

function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(validateNow, DEBOUNCE_MS);
}

function validateNow(): void {
  clearTimeout(timer);
  const text = editor.text();
  const f = format(text);
  editor.setFormat(f);
  detected.textContent = mode() === "auto" && text.trim() ? `(detected: ${f === "json" ? "JSON-LD" : "HTML page"})` : "";
  if (!text.trim()) {
    client.validate("", f); // supersedes a run in flight, whose reply would otherwise land
    editor.showIssues([]);
    source.textContent = "";
    results.replaceChildren();
    status.textContent = "Paste markup to validate it.";
    return;
  }
  results.setAttribute("aria-busy", "true");
  client.validate(text, f);
}

function showMarkupReply(reply: ValidationReply): void {
  results.removeAttribute("aria-busy");
  if (!editor.text().trim()) return;
  if (!reply.ok) {
    status.textContent = `The validation failed: ${reply.message}`;
    return;
  }
  show(reply.response, `Pasted markup, validated in your browser in ${Math.max(1, Math.round(reply.ms))} ms (nothing was sent).`);
  // After the first validation, not before: its rule sets are fetched first, the rest while the visitor reads.
  precacheAllAssets();
  const located = reply.response.schemas.flatMap((s) => [...s.errors, ...s.warnings]).filter((i) => i.line !== undefined);
  editor.showIssues(located.map((i) => ({ line: i.line!, column: i.column ?? 1, severity: i.severity, message: `${i.property}: ${i.message}` })));
}

function show(response: ValidationResponse, from: string, onSelect: boolean = true): void {
  source.textContent = from;
  renderResults(results, response, onSelect ? { onSelect: (line, column) => editor.select(line, column) } : {});
  status.textContent = summaryLine(response);
}

for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="pg-mode"]')) radio.addEventListener("change", validateNow);

$("pg-example").addEventListener("click", () => {
  setMode("auto");
  editor.setText(EXAMPLE);
  validateNow();
});

// Share link.
$("pg-share").addEventListener("click", async () => {
  const fragment = await shareFragment({ mode: mode(), markup: editor.text() });
  history.replaceState(null, "", fragment);
  const link = location.href;
  const out = $<HTMLInputElement>("pg-share-link");
  out.value = link;
  $("pg-share-out").hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    // No clipboard permission: the link is shown to copy by hand.
  }
  out.select();
  status.textContent = copied ? "Share link copied. The markup is inside the link; nothing is stored on the server." : "Share link ready below: copy it. The markup is inside the link; nothing is stored on the server.";
});

async function restoreFromFragment(): Promise<boolean> {
  if (!location.hash) return false;
  const shared = await readShareFragment(location.hash);
  if (!shared) {
    if (location.hash.includes("markup=")) status.textContent = "The share link is damaged: its markup could not be read.";
    return false;
  }
  setMode(shared.mode);
  editor.setText(shared.markup);
  validateNow();
  return true;
}
window.addEventListener("hashchange", () => void restoreFromFragment());

// URL validation through the API.
const urlInput = $<HTMLInputElement>("pg-url");
const signupForm = $<HTMLFormElement>("pg-signup");
const emailInput = $<HTMLInputElement>("pg-email");

function showKeyStatus(): void {
  const session = currentSession();
  $("pg-key-text").textContent = session
    ? `Using the API key of ${session.email} (kept in this tab only; each URL check uses a credit).`
    : "Checking a URL uses the API: you will be asked for an e-mail to get a free key.";
  $("pg-forget-key").hidden = !session;
}

function showApiError(err: unknown): void {
  const { text, link } = describeError(err);
  apiError.replaceChildren(h("p", { class: "error-text" }, text, link ? " " : null, link ? (link.href.startsWith("/") || link.href.startsWith(location.origin) ? h("a", { href: link.href }, link.text) : externalLink(link.href, link.text)) : null));
}

function targetUrl(): string | null {
  const value = urlInput.value.trim();
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return url.href;
  } catch {
    // reported below
  }
  return null;
}

async function checkUrl(url: string, apiKey: string): Promise<void> {
  apiError.replaceChildren();
  const render = $<HTMLInputElement>("pg-render").checked;
  status.textContent = `Validating ${url} through the API${render ? ", running its JavaScript" : ""}...`;
  results.setAttribute("aria-busy", "true");
  try {
    const response = await validateUrlThroughApi(url, apiKey, render);
    const credits = response.meta.credits_remaining !== undefined ? `; ${response.meta.credits_remaining} credits left` : "";
    show(response, `${response.url ?? url}, ${render ? "rendered and " : ""}validated by the API${response.meta.cached ? " (cached)" : ""}${credits}.`, false);
  } catch (err) {
    status.textContent = "The URL could not be validated.";
    // The report shown was another input's: it must not read as this URL's.
    source.textContent = `${url}: not validated (see the error above).`;
    results.replaceChildren();
    // A rotated or deactivated key is of no further use: forget it, so the next try offers to sign up.
    if (err instanceof ApiCallError && (err.code === "invalid_api_key" || err.code === "inactive_api_key")) {
      endSession();
      showKeyStatus();
    }
    showApiError(err);
  } finally {
    results.removeAttribute("aria-busy");
  }
}

$<HTMLFormElement>("pg-url-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const url = targetUrl();
  if (!url) {
    urlInput.setAttribute("aria-invalid", "true");
    showApiError(new Error("Enter a full http:// or https:// address."));
    urlInput.focus();
    return;
  }
  urlInput.removeAttribute("aria-invalid");
  const key = storedKey();
  if (key) return void checkUrl(url, key);
  apiError.replaceChildren();
  signupForm.hidden = false;
  emailInput.focus();
});

signupForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const url = targetUrl();
  const email = emailInput.value.trim();
  if (!emailInput.checkValidity() || !email) {
    emailInput.setAttribute("aria-invalid", "true");
    showApiError(new Error("Enter your e-mail address."));
    emailInput.focus();
    return;
  }
  emailInput.removeAttribute("aria-invalid");
  try {
    const key = await signUpInline(email);
    signupForm.hidden = true;
    showKeyStatus();
    if (url) await checkUrl(url, key);
  } catch (err) {
    showApiError(err);
  }
});

$("pg-signup-cancel").addEventListener("click", () => {
  signupForm.hidden = true;
  urlInput.focus();
});

$("pg-forget-key").addEventListener("click", () => {
  endSession();
  showKeyStatus();
  urlInput.focus();
});

showKeyStatus();
void restoreFromFragment();
void client.scriptUrl.then((url) => enableOffline([url]));
