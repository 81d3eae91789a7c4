/**
 * E-mail rules of accounts, shared by the routes, the stores and `sdv admin`.
 *
 * A sensible e-mail syntax check (not RFC 5322 in full: no quoted local parts, comments or IP-literal
 * domains, which no sign-up form needs): dot-atom local part of at most 64 characters, a domain of
 * LDH labels with at least one dot, a top-level label that is not all digits, 254 characters in all.
 * Addresses are trimmed and lower-cased (normalizeEmail; the stores keep that form). The reserved
 * .invalid top-level domain (RFC 2606) can never receive mail and is refused.
 */
import { normalizeEmail } from "../stores/normalize-email.ts";

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The normalized address, or null when it is not a usable e-mail address. */
export function checkEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const email = normalizeEmail(input);
  if (email.length === 0 || email.length > 254) return null;
  const at = email.lastIndexOf("@");
  if (at <= 0 || at !== email.indexOf("@")) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  const tld = labels[labels.length - 1];
  if (/^\d+$/.test(tld) || tld === "invalid") return null;
  return email;
}
