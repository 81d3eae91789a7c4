/**
 * Parse a page URL (or a redirect Location) exactly once, with the WHATWG URL parser, and keep only that
 * result. Everything downstream (classification, DNS, the request itself) uses the parsed form, so no
 * second parser can disagree about which host is meant (2130706433, 0x7f.1, ①②⑦.0.0.1 ... are all
 * canonicalized to 127.0.0.1 here and classified as such).
 *
 * Rules: absolute http: or https: URL only; no user name or password; at most MAX_URL_LENGTH characters;
 * a host name DNS can carry (<= 253 characters, labels 1..63); port not 0. Which ports may be contacted is
 * a policy question answered by `isPortAllowed`, because it depends on the operator's allow list.
 */
import { isIP } from "node:net";
import { FetchError } from "./fetch-error.ts";

export const MAX_URL_LENGTH = 2048;
export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443];

export interface Target {
  /** The parsed URL, fragment removed (it is never sent and must not split cache keys). */
  readonly url: URL;
  /** `URL.hostname` (IPv6 literals in brackets, IDNs in punycode): the only host form we show users. */
  readonly host: string;
  /** The host as the network sees it: brackets removed. */
  readonly hostname: string;
  /** Effective port (explicit, or 80/443 by scheme). */
  readonly port: number;
  /** 4 or 6 when the host is an IP literal, else 0. */
  readonly ipFamily: 0 | 4 | 6;
}

/** Throws FetchError("invalid_url") with a user-facing message. `base` resolves relative redirect targets. */
export function parseTarget(input: unknown, base?: URL): Target {
  if (typeof input !== "string" || input.trim() === "") {
    throw invalid("A URL is required.");
  }
  if (input.length > MAX_URL_LENGTH * 4) throw invalid(`The URL is longer than ${MAX_URL_LENGTH} characters.`);

  let url: URL;
  try {
    url = base ? new URL(input, base) : new URL(input);
  } catch {
    throw invalid("The URL is not a valid absolute URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid("Only http and https URLs can be fetched.");
  }
  if (url.username !== "" || url.password !== "") {
    throw invalid("URLs with a user name or password are not accepted.");
  }
  url.hash = "";
  if (url.href.length > MAX_URL_LENGTH) throw invalid(`The URL is longer than ${MAX_URL_LENGTH} characters.`);

  const host = url.hostname;
  const hostname = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const ipFamily = isIP(hostname) as 0 | 4 | 6;
  if (ipFamily === 0 && !isValidDnsName(hostname)) throw invalid("The URL's host name is not valid.");

  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw invalid("The URL's port is not valid.");

  return { url, host, hostname, port, ipFamily };
}

/** Port policy: only the standard web ports unless the operator allowed this host explicitly. */
export function isPortAllowed(
  target: Target,
  allowedPorts: readonly number[] = DEFAULT_ALLOWED_PORTS,
  hostExplicitlyAllowed = false,
): boolean {
  return hostExplicitlyAllowed || allowedPorts.includes(target.port);
}

function isValidDnsName(hostname: string): boolean {
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  if (name.length === 0 || name.length > 253) return false;
  return name.split(".").every((label) => label.length >= 1 && label.length <= 63);
}

function invalid(message: string): FetchError {
  return new FetchError("invalid_url", message);
}
