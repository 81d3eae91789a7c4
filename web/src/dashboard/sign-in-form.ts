/**
 * Sign in or create an account by e-mail (the service's login is passwordless: the address alone returns
 * the key). Two small forms rather than one that guesses: a mistyped address must not silently create a
 * second account. Used by the dashboard and, before checkout, by the upgrade page. On success the key
 * goes to sessionStorage and the caller gets the account with its usage.
 */
import { ApiCallError, login, signup } from "../api.ts";
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

  const busy = (on: boolean) => {
    for (const control of [signinEmail, signinButton, signupEmail, signupButton]) control.disabled = on;
  };

  async function submit(how: "signin" | "signup", email: string): Promise<void> {
    busy(true);
    announcer.status(how === "signin" ? "Signing in…" : "Creating your account…");
    let retry: HTMLInputElement | null = null;
    try {
      const account = how === "signin" ? await login(email) : await signup(email);
      saveSession({ apiKey: account.api_key, email: account.email });
      // Signup answers without usage and reset date; the keyed read has both.
      const summary = how === "signin" && typeof account.period_resets_at === "string" ? (account as AccountSummary) : await fetchAccount(account.api_key);
      options.onSignedIn(summary, how);
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
