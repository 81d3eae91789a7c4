/**
 * The API key: masked until the visitor asks to see it (it is a password), a copy button (Clipboard API),
 * and rotation behind a confirmation dialog. The key is only ever in sessionStorage and, while shown, in
 * this element's text; a rotated key replaces the old one in sessionStorage at once.
 */
import { ApiCallError } from "../api.ts";
import { currentSession, saveSession } from "../session.ts";
import { rotateKey } from "./account-api.ts";
import type { Announcer } from "./announcer.ts";
import { h } from "./dom.ts";

const MASK = "sdv_live_" + "•".repeat(32);

export interface KeyPanel {
  element: HTMLElement;
  /** Hides the key again and drops it from the page (sign-out). */
  reset(): void;
  /** The key in sessionStorage changed: show the new one if the key is shown. */
  refresh(): void;
}

export function keyPanel(announcer: Announcer, onKeyRejected: (err: ApiCallError) => void): KeyPanel {
  let revealed = false;
  const keyText = h("code", { id: "api-key", class: "api-key masked", "aria-hidden": "true" }, MASK);
  const keyLabel = h("span", { class: "visually-hidden", id: "api-key-state" }, "hidden");
  const toggle = h("button", { type: "button", class: "secondary", "aria-controls": "api-key" }, "Show key");
  const copy = h("button", { type: "button", class: "secondary" }, "Copy key");
  const rotate = h("button", { type: "button", class: "secondary danger" }, "Rotate key…");

  const confirmRotate = h("button", { type: "button", class: "danger-solid" }, "Rotate key");
  const cancelRotate = h("button", { type: "button", class: "secondary" }, "Cancel");
  const dialog = h(
    "dialog",
    { id: "rotate-dialog", "aria-labelledby": "rotate-title", "aria-describedby": "rotate-text" },
    h("h2", { id: "rotate-title" }, "Rotate your API key?"),
    h(
      "p",
      { id: "rotate-text" },
      "A new key is issued and the current one stops working at once: every integration that uses it fails until you give it the new key.",
    ),
    h("div", { class: "actions" }, confirmRotate, cancelRotate),
  );

  const show = () => {
    const session = currentSession();
    keyText.textContent = revealed && session ? session.apiKey : MASK;
    keyText.classList.toggle("masked", !revealed);
    // The mask is noise to a screen reader: "hidden" is said instead.
    if (revealed) keyText.removeAttribute("aria-hidden");
    else keyText.setAttribute("aria-hidden", "true");
    keyLabel.textContent = revealed ? "shown" : "hidden";
    toggle.textContent = revealed ? "Hide key" : "Show key";
  };

  toggle.addEventListener("click", () => {
    revealed = !revealed;
    show();
  });

  copy.addEventListener("click", async () => {
    const session = currentSession();
    if (!session) return;
    try {
      await navigator.clipboard.writeText(session.apiKey);
      announcer.status("The API key was copied to the clipboard.");
    } catch {
      announcer.error("The browser did not allow copying. Show the key and copy it by hand.");
    }
  });

  rotate.addEventListener("click", () => {
    dialog.showModal();
    cancelRotate.focus();
  });
  cancelRotate.addEventListener("click", () => dialog.close());
  confirmRotate.addEventListener("click", async () => {
    const session = currentSession();
    dialog.close();
    if (!session) return;
    rotate.disabled = true;
    announcer.status("Rotating the key…");
    try {
      const rotated = await rotateKey(session.apiKey);
      saveSession({ apiKey: rotated.api_key, email: rotated.email });
      show();
      announcer.status(`A new key was issued; the previous one no longer works. ${revealed ? "" : "Show it or copy it to update your integrations."}`.trim());
    } catch (err) {
      if (err instanceof ApiCallError && (err.status === 401 || err.status === 403)) return onKeyRejected(err);
      announcer.error(err instanceof ApiCallError ? err.message : "Rotating the key failed. Try again.");
    } finally {
      rotate.disabled = false;
      rotate.focus();
    }
  });

  const element = h(
    "section",
    { class: "panel key-panel", "aria-labelledby": "key-heading" },
    h("h2", { id: "key-heading" }, "API key"),
    h("p", { class: "hint" }, "Send it in the ", h("code", {}, "x-api-key"), " header. Treat it like a password: anyone with it spends your credits."),
    h("p", { class: "key-line" }, h("span", { class: "visually-hidden" }, "Your API key, "), keyLabel, h("span", { class: "visually-hidden" }, ": "), keyText),
    h("div", { class: "actions" }, toggle, copy, rotate),
    dialog,
  );

  return {
    element,
    reset() {
      revealed = false;
      if (dialog.open) dialog.close();
      show();
    },
    refresh: show,
  };
}
