/**
 * Sends the one-time codes of ACCOUNT_VERIFICATION=email through SMTP_URL (nodemailer). Bounded: a mail
 * server that does not answer fails the send within seconds (the route answers 503), never holds a request
 * for the socket's lifetime. Errors are reduced to their code and message: nodemailer's carry the envelope
 * and, on auth failures, the server's reply, which must not reach the log with the URL's password.
 */
import nodemailer, { type Transporter } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export class MailError extends Error {
  override readonly name = "MailError";
  readonly code: string | undefined;
  constructor(code: string | undefined, message: string) {
    super(message);
    this.code = code;
  }
}

const TIMEOUT_MS = 10_000;

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const timeouts = { connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS, dnsTimeout: TIMEOUT_MS };
  const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, ...timeouts }, { from });
  // The URL's query wins over the options above; it may not lengthen a wait: every wait is ours to bound.
  Object.assign((transport as unknown as { transporter: { options: Record<string, unknown> } }).transporter.options, timeouts);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (err) {
        const e = err as { code?: string; responseCode?: number; message?: string };
        throw new MailError(e.code, `${e.code ?? "send failed"}${e.responseCode ? ` (${e.responseCode})` : ""}`);
      }
    },
    close() {
      transport.close();
    },
  };
}
