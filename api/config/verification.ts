/**
 * ACCOUNT_VERIFICATION: unset (the spec's passwordless signup and login, the key returned at once) or
 * "email" (the key only after a one-time code sent by SMTP is used; see routes/auth/verify.ts). SMTP_URL is
 * required then, and only ever echoed through shown() (it usually carries a password).
 */
import { integer, shown, type SectionReader } from "./env.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";

export interface VerificationConfig {
  /** null: the spec's behaviour (no verification). */
  mode: "email" | null;
  /** smtp:// or smtps:// URL of the server that sends the codes (null when mode is null). */
  smtpUrl: string | null;
  /** From: header of the mails. */
  mailFrom: string;
  /** How long a code stays usable. */
  ttlSeconds: number;
  /** Mails per e-mail address per minute. */
  mailsPerEmailPerMinute: number;
  /** Mails per client IP per minute. */
  mailsPerIpPerMinute: number;
  /** Completion attempts (POST /api/auth/verify) per client IP per minute. */
  attemptsPerIpPerMinute: number;
}

export const VERIFICATION_DEFAULTS = {
  VERIFICATION_TTL_SECONDS: 600,
  VERIFICATION_MAILS_PER_EMAIL_PER_MINUTE: 3,
  VERIFICATION_MAILS_PER_IP_PER_MINUTE: 10,
  VERIFICATION_ATTEMPTS_PER_IP_PER_MINUTE: 10,
};

export const readVerification: SectionReader<{ verification: VerificationConfig }> = (env, problems) => {
  const modeText = env.get("ACCOUNT_VERIFICATION");
  let mode: VerificationConfig["mode"] = null;
  if (modeText !== undefined) {
    if (modeText === "email") mode = "email";
    else if (modeText !== "none") problems.push(`ACCOUNT_VERIFICATION must be "email" or unset (got ${shown(modeText)})`);
  }
  const smtpText = env.get("SMTP_URL");
  let smtpUrl: string | null = null;
  if (smtpText !== undefined) {
    const parsed = canParseUrl(smtpText) ? new URL(smtpText) : null;
    if (!parsed || (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") || parsed.hostname === "") {
      problems.push(`SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465 (got ${shown(smtpText)})`);
    } else smtpUrl = smtpText;
  } else if (mode === "email") {
    problems.push("SMTP_URL must be set when ACCOUNT_VERIFICATION=email (the server that sends the one-time codes)");
  }
  const mailFrom = env.get("SMTP_FROM") ?? "sdv <no-reply@localhost>";
  if (/[\r\n]/.test(mailFrom)) problems.push("SMTP_FROM must be one line");
  return {
    verification: {
      mode,
      smtpUrl: mode === "email" ? smtpUrl : null,
      mailFrom,
      ttlSeconds: integer(env, "VERIFICATION_TTL_SECONDS", VERIFICATION_DEFAULTS.VERIFICATION_TTL_SECONDS, 60, 3600, problems),
      mailsPerEmailPerMinute: integer(env, "VERIFICATION_MAILS_PER_EMAIL_PER_MINUTE", VERIFICATION_DEFAULTS.VERIFICATION_MAILS_PER_EMAIL_PER_MINUTE, 1, 1000, problems),
      mailsPerIpPerMinute: integer(env, "VERIFICATION_MAILS_PER_IP_PER_MINUTE", VERIFICATION_DEFAULTS.VERIFICATION_MAILS_PER_IP_PER_MINUTE, 1, 1e6, problems),
      attemptsPerIpPerMinute: integer(env, "VERIFICATION_ATTEMPTS_PER_IP_PER_MINUTE", VERIFICATION_DEFAULTS.VERIFICATION_ATTEMPTS_PER_IP_PER_MINUTE, 1, 1e6, problems),
    },
  };
};
