/** `--header "Name: value"` and `--user-agent`, shared by validate and crawl: what a staging site asks of its visitors. */
import { UsageError } from "./usage.ts";

const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/;
const RESERVED = new Set(["host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer", "expect", "user-agent", "accept", "accept-encoding"]);

export function parseHeaders(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const m = HEADER.exec(value);
    if (!m || /[\r\n\0]/.test(m[2])) throw new UsageError(`--header takes "Name: value" (got ${JSON.stringify(value)})`);
    const name = m[1].toLowerCase();
    if (name === "user-agent") throw new UsageError("give the user agent with --user-agent");
    if (RESERVED.has(name) || name.startsWith("proxy-")) throw new UsageError(`--header cannot set ${m[1]}: the fetcher decides it`);
    out[name] = m[2];
  }
  return out;
}

export function checkUserAgent(userAgent: string | undefined): string | undefined {
  if (userAgent !== undefined && (userAgent.trim() === "" || /[\r\n\0]/.test(userAgent))) throw new UsageError("--user-agent takes one line of text");
  return userAgent;
}
