/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every message it accepts, for the
 * tests of e-mail verification. Plain SMTP with AUTH allowed without TLS: the traffic never leaves loopback.
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  /** The message as sent (headers and body), soft line breaks of quoted-printable undone. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail (or one already waiting past `seen`) within `ms`. */
  nextMail(seen: number, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(credentials = { user: "sdv", pass: "smtp-test-pass-9f2c" }): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error("invalid credentials"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8").replace(/=\r?\n/g, "");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  if (address === null || typeof address !== "object") throw new Error("smtp sink has no port");
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${address.port}`,
    mails,
    async nextMail(seen, ms = 5_000) {
      const until = Date.now() + ms;
      while (mails.length <= seen) {
        if (Date.now() > until) throw new Error(`no mail within ${ms} ms (have ${mails.length})`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return mails[seen]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
