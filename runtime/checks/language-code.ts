import { expectedText, show, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

// RFC 5646 section 2.1 "langtag" and "privateuse", case-insensitive. The primary language
// subtag is limited to 2-3 letters: 4-8 letter ones are allowed by the grammar but none is
// registered, and accepting them would pass names like "english".
const LANGTAG = new RegExp(
  "^(?:" +
    "[a-z]{2,3}(?:-[a-z]{3}){0,3}" + // language, extlang
    "(?:-[a-z]{4})?" + // script
    "(?:-(?:[a-z]{2}|[0-9]{3}))?" + // region
    "(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*" + // variants
    "(?:-[0-9a-wyz](?:-[a-z0-9]{2,8})+)*" + // extensions
    "(?:-x(?:-[a-z0-9]{1,8})+)?" + // private use
    "|x(?:-[a-z0-9]{1,8})+" +
    ")$",
  "i",
);

/** RFC 5646 grandfathered tags that the grammar above does not cover. */
const GRANDFATHERED: ReadonlySet<string> = new Set([
  "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux",
  "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
]);

const LANGUAGE_NAME = /^[a-z]{4,}$/i;

const check = trimAware((s) => {
  if (LANGTAG.test(s) || GRANDFATHERED.has(s.toLowerCase())) return null;
  if (s.includes("_")) {
    const hyphenated = s.replaceAll("_", "-");
    if (LANGTAG.test(hyphenated)) return `use hyphens, not underscores: ${hyphenated}`;
  }
  if (LANGUAGE_NAME.test(s)) return `use a language code such as en or fr, not a name like ${show(s)}`;
  return `expected a BCP 47 language tag, e.g. en or en-US, not ${show(s)}`;
});

export const languageCode: ValueCheck = {
  name: "language-code",
  description: "BCP 47 language tag, e.g. en, en-US or zh-Hant-TW",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a language code", value);
  },
};
