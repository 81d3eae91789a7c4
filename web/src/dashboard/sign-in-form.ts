/**
 * Sign in or create an account by e-mail (the service's login is passwordless: the address alone returns
 * the key). Two small forms rather than one that guesses: a mistyped address must not silently create a
 * second account. Used by the dashboard and, before checkout, by the upgrade page. On success the key
 * goes to sessionStorage and the caller gets the account with its usage.
 */
import { ApiCallError, isPending, login, signup, verify, type AccountData, type VerificationPending } from "../api.ts";
import { saveSession } from "../session.ts";
import { fetchAccount, type AccountSummary } from "./account-api.ts";
import type { Announcer } from "./announcer.ts";
import { h } from "./dom.ts";

export interface SignInOptions {
  announcer: Announcer;
  /** The line under the heading. */
  intro: string;
  onSignedIn(account: AccountSummary, how: "signin" | "signup"): void;
}

export function signInSection(options: SignInOptions): HTMLElement {
  const { announcer } = options;
  const heading = h("h2", { id: "signin-heading", tabindex: -1 }, "Sign in or create an account");

  const signinEmail = h("input", { id: "signin-email", name: "email", type: "email", autocomplete: "email", required: true, spellcheck: "false" });
  const signinButton = h("button", { type: "submit" }, "Sign in");
  const signinForm = h(
    "form",
    { id: "signin-form", class: "auth-form", "aria-labelledby": "signin-form-heading" },
    h("h3", { id: "signin-form-heading" }, "Sign in"),
    h("label", { for: "signin-email" }, "E-mail address"),
    signinEmail,
    signinButton,
  );

  const signupEmail = h("input", { id: "signup-email", name: "email", type: "email", autocomplete: "email", required: true, spellcheck: "false" });
  const signupButton = h("button", { type: "submit" }, "Create account");
  const signupForm = h(
    "form",
    { id: "signup-form", class: "auth-form", "aria-labelledby": "signup-form-heading" },
    h("h3", { id: "signup-form-heading" }, "New here? Create a free account"),
    h("label", { for: "signup-email" }, "E-mail address"),
    signupEmail,
    h("p", { class: "hint", id: "signup-hint" }, "Free plan: 100 validations a month. No password, no card."),
    signupButton,
  );
  signupEmail.setAttribute("aria-describedby", "signup-hint");

  // Servers with ACCOUNT_VERIFICATION=email answer 202 and mail a code: asked for here, sent with the request_id.
  const codeInput = h("input", { id: "verify-code", name: "code", type: "text", autocomplete: "one-time-code", required: true, spellcheck: "false" });
  const codeButton = h("button", { type: "submit" }, "Confirm");
  const codeIntro = h("p", { id: "verify-intro" });
  const codeForm = h(
    "form",
    { id: "verify-form", class: "auth-form", "aria-labelledby": "verify-form-heading", hidden: true },
    h("h3", { id: "verify-form-heading" }, "Enter the code we mailed you"),
    codeIntro,
    h("label", { for: "verify-code" }, "Code"),
    codeInput,
    codeButton,
  );
  codeInput.setAttribute("aria-describedby", "verify-intro");
  let pending: { request: VerificationPending; how: "signin" | "signup" } | null = null;

  const busy = (on: boolean) => {
    for (const control of [signinEmail, signinButton, signupEmail, signupButton, codeInput, codeButton]) control.disabled = on;
  };

  async function signedIn(account: AccountData, how: "signin" | "signup"): Promise<void> {
    saveSession({ apiKey: account.api_key, email: account.email });
    // Signup answers without usage and reset date; the keyed read has both.
    const summary = how === "signin" && typeof account.period_resets_at === "string" ? (account as AccountSummary) : await fetchAccount(account.api_key);
    options.onSignedIn(summary, how);
  }

  async function submit(how: "signin" | "signup", email: string): Promise<void> {
    busy(true);
    announcer.status(how === "signin" ? "Signing in…" : "Creating your account…");
    let retry: HTMLInputElement | null = null;
    try {
      const answer = how === "signin" ? await login(email) : await signup(email);
      if (isPending(answer)) {
        pending = { request: answer, how };
        codeIntro.textContent = `We sent a one-time code to ${answer.email}. It works once, in this tab, until ${new Date(answer.expires_at).toLocaleTimeString()}.`;
        codeInput.value = "";
        codeForm.hidden = false;
        announcer.status(`Code sent to ${answer.email}.`);
        retry = codeInput;
      } else await signedIn(answer, how);
    } catch (err) {
      announcer.status("");
      announcer.error(explain(err, how));
      // The other form is the way forward: carry the address over and go there.
      const code = err instanceof ApiCallError ? err.code : "";
      retry = code === "email_already_registered" ? signinEmail : code === "email_not_found" ? signupEmail : null;
      if (retry) retry.value = email;
    } finally {
      busy(false);
    }
    retry?.focus();
  }

  signinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit("signin", signinEmail.value.trim());
  });
  codeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void confirmCode(codeInput.value.trim());
  });

  async function confirmCode(code: string): Promise<void> {
    if (!pending) return;
    const { request, how } = pending;
    busy(true);
    announcer.status("Checking the code…");
    try {
      const account = await verify(request.request_id, code);
      pending = null;
      codeForm.hidden = true;
      await signedIn(account, how);
    } catch (err) {
      announcer.status("");
      // One attempt per request: a refused code ends it, so ask for a new one.
      pending = null;
      codeForm.hidden = true;
      announcer.error(err instanceof ApiCallError && err.code === "invalid_verification" ? "That code did not work (wrong, used or expired). Ask for a new one." : explain(err, how));
    } finally {
      busy(false);
    }
  }

  signupForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit("signup", signupEmail.value.trim());
  });

  return h(
    "section",
    { id: "signed-out", class: "panel", "aria-labelledby": "signin-heading" },
    heading,
    h("p", {}, options.intro),
    h("div", { class: "auth-forms" }, signinForm, signupForm),
    codeForm,
  );
}

function explain(err: unknown, how: "signin" | "signup"): string {
  if (!(err instanceof ApiCallError)) return "Something went wrong. Try again.";
  switch (err.code) {
    case "email_already_registered":
      return "An account with this address already exists. Sign in with it instead.";
    case "email_not_found":
      return "No account uses this address. Check it, or create an account with it.";
    case "invalid_email":
      return "That e-mail address is not valid.";
    case "rate_limit_exceeded":
      return `Too many attempts. Try again in ${err.body.retry_after_seconds ?? 60} seconds.`;
    default:
      return err.message || (how === "signin" ? "Signing in failed." : "Creating the account failed.");
  }
}
