// The URL rules shared by absolute-url and image-url.
import { canParseUrl } from "../can-parse-url.ts";

const WHITESPACE = /\s/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// The last label is letters in any script ("рф", "中国", "भारत" with its vowel signs) or punycode ("xn--p1ai"):
// owners type their internationalized domain as they read it.
const HOST_LIKE = /^([^\s/?#:]+\.(?:\p{L}[\p{L}\p{M}]+|xn--[A-Za-z0-9-]+))(?:[:/?#]|$)/u;
// "photo.jpg" is shaped like a host name but is a relative path.
const FILE_NAME = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|ico|html?|php|aspx?|jsp|pdf|json|xml|txt|js|css)$/i;

/** Length of a leading "http://" or "https://" in any case, or 0. */
function httpPrefixLength(s: string): number {
  // Lowercasing a letter's char code is `| 0x20`; the colon and slashes must match exactly.
  if ((s.charCodeAt(0) | 32) !== 104 || (s.charCodeAt(1) | 32) !== 116 || (s.charCodeAt(2) | 32) !== 116 || (s.charCodeAt(3) | 32) !== 112) return 0;
  let i = 4;
  if ((s.charCodeAt(4) | 32) === 115) i = 5;
  return s.charCodeAt(i) === 58 && s.charCodeAt(i + 1) === 47 && s.charCodeAt(i + 2) === 47 ? i + 3 : 0;
}

/** The host must follow the slashes directly: WHATWG would skip "https:///host"'s third slash. */
function hasHostStart(s: string, at: number): boolean {
  const c = s.charCodeAt(at);
  return at < s.length && c !== 47 && c !== 92 && c !== 63 && c !== 35;
}

/**
 * The most common URLs of all (lower-case scheme, a host name whose last label starts with a
 * letter, no port, printable ASCII after it), matched by compiled regular-expression code, faster
 * than the character loop below. Everything it accepts, isPlainHttpUrl accepts too; the rest goes there.
 */
const COMMON_URL = /^https?:\/\/(?:[A-Za-z0-9-]+\.)*[A-Za-z][A-Za-z0-9-]*(?:[/?#][!#-;=?-[\]_a-z~]*)?$/;

function isHttpUrl(s: string): boolean {
  if (COMMON_URL.test(s)) return true;
  const prefix = httpPrefixLength(s);
  if (prefix === 0 || !hasHostStart(s, prefix)) return false;
  return isPlainHttpUrl(s, prefix) || (!WHITESPACE.test(s) && canParseUrl(s));
}

const isAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);

/**
 * The common case decided without the URL parser (a native call that dominated validation time):
 * an ASCII host name whose last label is not numeric, an optional port, and a path, query and
 * fragment of printable ASCII that WHATWG accepts as is. Anything else goes to the URL parser.
 */
export function isPlainHttpUrl(s: string, start: number): boolean {
  const n = s.length;
  let i = start;
  let labelStart = i;
  let lastLabelNumeric = true;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 46 /* . */) {
      if (i === labelStart) return false;
      labelStart = i + 1;
      lastLabelNumeric = true;
    } else if (isAlnum(c) || c === 45 /* - */) {
      if (c < 48 || c > 57) lastLabelNumeric = false;
    } else break;
  }
  if (i === start || (labelStart < i && lastLabelNumeric)) return false; // numeric hosts are IPv4 rules' business
  if (i < n && s.charCodeAt(i) === 58 /* : */) {
    const portStart = ++i;
    let port = 0;
    while (i < n && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) port = port * 10 + (s.charCodeAt(i++) - 48);
    if (i === portStart || port > 65535) return false;
  }
  if (i < n) {
    const c = s.charCodeAt(i);
    if (c !== 47 && c !== 63 && c !== 35) return false;
  }
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c <= 32 || c >= 127 || c === 34 || c === 60 || c === 62 || c === 92 || c === 94 || c === 96 || c === 123 || c === 124 || c === 125) return false;
  }
  return true;
}

/** An http(s) URL written without its scheme's colon ("https//host", "http//host"). */
const MISSING_COLON = /^(https?)\/\/[^/\s]/i;

/**
 * Null for an absolute http(s) URL with a host; otherwise why not. `otherScheme` names the
 * reason for a URL with another scheme, so each check can explain its own case (data: images).
 */
export function httpUrlError(s: string, otherScheme: (scheme: string) => string): string | null {
  if (isHttpUrl(s)) return null;
  if (s.length === 0 || s.trim().length === 0) return "empty URL";
  if (WHITESPACE.test(s)) {
    const trimmed = s.trim();
    if (isHttpUrl(trimmed)) return "remove the spaces around the URL";
    // Words where an address belongs ("books page", "our logo"): no URL to encode, the address is missing.
    if (!SCHEME.test(trimmed) && !trimmed.includes("/") && HOST_LIKE.exec(trimmed) === null) return "a phrase, not a URL: give the page's or the file's address, starting with https://";
    return "the URL contains whitespace: encode spaces as %20";
  }
  const match = SCHEME.exec(s);
  // "www.example.com:8080" parses as the scheme "www.example.com"; it is a host without a scheme.
  if (match === null || match[1].includes(".")) {
    if (s.startsWith("//")) return "add https: at the start: the URL has no scheme";
    // "https//www.example.com": the scheme's colon is missing, and the text reads as a relative path.
    const colonless = MISSING_COLON.exec(s);
    if (colonless !== null) return `the colon after "${colonless[1]}" is missing: write "${colonless[1]}://" (without it the text reads as a relative path)`;
    const host = HOST_LIKE.exec(s);
    if (host !== null && !FILE_NAME.test(host[1])) return "add https:// at the start";
    return "relative URL: use an absolute URL starting with https://";
  }
  const scheme = match[1].toLowerCase();
  if (scheme !== "http" && scheme !== "https") return otherScheme(scheme);
  const prefix = httpPrefixLength(s);
  if (prefix === 0) return `write ${scheme}:// before the host`;
  if (!hasHostStart(s, prefix)) return "the URL has no host after //";
  return "not a valid URL: check the host name and the characters used";
}

/**
 * A relative reference ("/photos/a.jpg", "../b.html", "//cdn.example.com/c.jpg"): the page's URL
 * completes it (the HTML base URL, RFC 3986 section 5), so it still names one resource. A bare
 * host ("www.example.com/x") is not one: resolved, it would name a path on the page's own host.
 */
export function isRelativeReference(s: string): boolean {
  if (s.length === 0 || WHITESPACE.test(s)) return false;
  const match = SCHEME.exec(s);
  if (match !== null && !match[1].includes(".")) return false;
  if (s.startsWith("//")) return true;
  return !startsWithHost(s);
}

/**
 * A host written without its scheme ("www.joesdiner.com", "joesdiner.com/menu"): a site's address as
 * people type it into a directory's form, not a path on the page's host.
 */
export function isBareHost(s: string): boolean {
  if (s.length === 0 || WHITESPACE.test(s) || s.startsWith("//")) return false;
  const match = SCHEME.exec(s);
  if (match !== null && !match[1].includes(".")) return false;
  return startsWithHost(s);
}

function startsWithHost(s: string): boolean {
  const host = HOST_LIKE.exec(s);
  return host !== null && !FILE_NAME.test(host[1]);
}

/**
 * A value the search engine completes or repairs into one URL: a relative reference, or an absolute
 * http(s) URL whose only fault is white space (trimmed at the ends, percent-encoded inside, as every
 * link is). A phrase ("books page") is neither.
 */
export function isRepairableUrl(s: string): boolean {
  if (isRelativeReference(s)) return true;
  if (!WHITESPACE.test(s)) return false;
  const trimmed = s.trim();
  return trimmed.length > 0 && isHttpUrl(trimmed.replace(/\s/g, "%20"));
}

export function schemeNotAllowed(scheme: string): string {
  return `only http and https URLs are allowed, not ${scheme}:`;
}
