/**
 * API keys never reach a log line through a URL. A request URL is logged as it arrived, still
 * percent-encoded, while the query parser decodes names and values: `access%5Fkey=sdv%5Flive%5F...` is
 * accepted as `access_key`, so matching the raw text misses it. Here every query parameter is judged by its
 * decoded name (a key carrier such as access_key) and every path segment and query parameter by its decoded
 * text (anything shaped like one of our keys, even double-encoded), and the value is replaced.
 */
import { API_KEY_PREFIX } from "./api-key.ts";

export const REDACTED = "[redacted]";

/** Query parameter names whose value is a credential, compared after decoding and lower-casing. */
const SECRET_PARAMETERS = new Set(["access_key", "api_key", "apikey", "key", "x-api-key", "token", "access_token"]);

/** Percent-decoding rounds: enough for double and triple encoding, bounded for hostile input. */
const DECODE_ROUNDS = 3;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const redactedPath = path
    .split("/")
    .map((segment) => (hasKeyShape(segment) ? REDACTED : segment))
    .join("/");
  if (queryStart < 0) return redactedPath;
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      const rawName = eq < 0 ? part : part.slice(0, eq);
      const name = decode(rawName.replace(/\+/g, " ")).trim().toLowerCase();
      if (SECRET_PARAMETERS.has(name) || hasKeyShape(part)) {
        return hasKeyShape(rawName) ? REDACTED : `${rawName}=${REDACTED}`;
      }
      return part;
    })
    .join("&");
  return `${redactedPath}?${query}`;
}

/** Whether the text, once decoded, holds our key prefix in any letter case. */
export function hasKeyShape(text: string): boolean {
  return decode(text).toLowerCase().includes(API_KEY_PREFIX);
}

/** Percent-decodes byte by byte (never throws on malformed sequences), a few rounds. */
function decode(text: string): string {
  let current = text;
  for (let round = 0; round < DECODE_ROUNDS && current.includes("%"); round++) {
    const next = current.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}
