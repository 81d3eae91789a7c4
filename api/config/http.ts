/** Who may call from a browser (CORS_ORIGINS) and which proxies' X-Forwarded-For is believed (TRUST_PROXY). */
import { isIP } from "node:net";
import { list, shown, type SectionReader } from "./env.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";

export interface HttpConfig {
  /** Origins allowed to call the API from a browser (CORS_ORIGINS); empty: CORS off; ["*"]: any origin. */
  corsOrigins: string[];
  /**
   * Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none,
   * the client is the socket peer. Per-IP limits (signup, login, unknown keys) then see the real client.
   */
  trustProxy: string[];
}

/** proxy-addr's names for address ranges, accepted as entries too. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const readHttp: SectionReader<HttpConfig> = (env, problems) => {
  const corsOrigins: string[] = [];
  for (const entry of list(env, "CORS_ORIGINS")) {
    const parsed = entry === "*" || !canParseUrl(entry) ? null : new URL(entry);
    if (entry === "*") corsOrigins.push("*");
    else if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin === entry.replace(/\/$/, "")) corsOrigins.push(parsed.origin);
    else problems.push(`CORS_ORIGINS entries must be origins such as https://app.example.com (scheme, host, optional port; no path), or * (got ${shown(entry)})`);
  }
  const trustProxy: string[] = [];
  for (const entry of list(env, "TRUST_PROXY")) {
    if (isAddressOrCidr(entry) || RANGE_NAMES.has(entry.toLowerCase())) trustProxy.push(entry.toLowerCase());
    else problems.push(`TRUST_PROXY entries must be IP addresses or CIDRs of your proxies, such as 10.0.0.5 or 10.0.0.0/8 (or loopback, linklocal, uniquelocal) (got ${shown(entry)})`);
  }
  return { corsOrigins, trustProxy };
};

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
