import { test } from "uvu";
import { languageCode } from "../../../runtime/checks/language-code.ts";
import { checkTable } from "./_table.ts";

checkTable(languageCode, [
  ["en", true],
  ["fr", true],
  ["haw", true],
  ["en-US", true],
  ["en-us", true], // BCP 47 is case-insensitive
  ["EN-US", true],
  ["pt-BR", true],
  ["zh-Hant-TW", true],
  ["zh-Hans", true],
  ["sr-Latn-RS", true],
  ["es-419", true],
  ["zh-yue", true], // extlang
  ["zh-min-nan", true],
  ["de-CH-1901", true], // variant
  ["sl-rozaj-biske", true],
  ["ca-valencia", true],
  ["en-US-u-ca-gregory", true], // extension
  ["de-DE-u-co-phonebk", true],
  ["en-x-custom", true], // private use
  ["x-whatever", true],
  ["i-klingon", true], // grandfathered
  ["en-GB-oed", true],
  ["art-lojban", true],
  // wrong separators and names
  ["en_US", false, "use hyphens, not underscores: en-US"],
  ["zh_Hant_TW", false, "zh-Hant-TW"],
  ["english", false, "not a name"],
  ["English", false, "not a name"],
  ["French", false, "not a name"],
  // malformed
  ["e", false, "BCP 47"],
  ["en-", false, "BCP 47"],
  ["-en", false, "BCP 47"],
  ["en--US", false, "BCP 47"],
  ["en-U", false, "BCP 47"],
  ["en-USA1", false, "BCP 47"],
  ["en-US-x", false, "BCP 47"],
  ["en-a", false, "BCP 47"],
  ["en-US-u", false, "BCP 47"],
  ["e1", false, "BCP 47"],
  ["123", false, "BCP 47"],
  ["en US", false, "BCP 47"],
  ["en-verylongsubtag", false, "BCP 47"],
  ["", false, "BCP 47"],
  [" en", false, "remove the spaces around the value"],
  [1, false, "as text"],
]);

test.run();
