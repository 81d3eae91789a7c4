/**
 * Cents set in an element of their own without a decimal mark: shops draw the units large and the cents
 * small and raised, as `<sup>` does, but with a stylesheet's class ("R$ 37<span class="price-cents">90</span>",
 * `<span class="a-price-fraction">`, "priceCents") or an inline `vertical-align` (a big US retailer's
 * `<span style="vertical-align:.75ex">50</span>`). Read as two numbers, "37 90", the page would show
 * neither 37.90 nor anything the markup says; read as cents, it shows the price the reader sees.
 */
import type { HtmlScanner } from "../extract/html-scan.ts";

/**
 * Two digits and an end tag: nothing else in the element (once the caller has checked that the end tag is
 * the element's own), so a class that merely mentions cents around other text changes nothing.
 */
const TWO_DIGITS_THEN_END = /[ \t\n\r]*[0-9]{2}[ \t\n\r]*<\/([A-Za-z][A-Za-z0-9]*)[ \t\n\r>]/y;

/** The lower-case name of the end tag right after two digits at `at`, or null. */
export function endAfterTwoDigits(html: string, at: number): string | null {
  TWO_DIGITS_THEN_END.lastIndex = at;
  const end = TWO_DIGITS_THEN_END.exec(html);
  return end === null ? null : end[1].toLowerCase();
}

/**
 * A class token naming the cents or the fraction part: "cents", "price-cents", "price__cents",
 * "a-price-fraction", "priceCents", "centavos", "centimes", "decimals". Whole tokens or their last
 * part: "text-center", "percent" are not cents. The themes' raised "sup", "dec" and "price-sup" count as
 * whole tokens only: a "footnote-sup" after a price is a footnote's number.
 */
const CENTS_CLASS =
  /(?:^|[\s_-])(?:[Cc]ents?|[Cc]entavos|[Cc]entimes|[Ff]raction|[Dd]ecimals?)(?![A-Za-z])|[a-z](?:Cents?|Fraction|Decimals?)(?![A-Za-z])|(?:^|\s)(?:sup|dec|price[-_]{1,2}sup|priceSup)(?![A-Za-z0-9_-])/;

/** Raised as a superscript: `super`, `top`, `text-top` or a positive length (".75ex", "0.5em"). */
const RAISED = /vertical-align\s*:\s*(?:super|top|text-top|\+?0*\.?0*[1-9])/i;

/** The start tag's class or inline style draws its content as cents. */
export function styledAsCents(scanner: HtmlScanner): boolean {
  do {
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "class")) {
        if (CENTS_CLASS.test(scanner.attributeValue(k))) return true;
      } else if (scanner.attributeIs(k, "style") && RAISED.test(scanner.attributeValue(k))) return true;
    }
  } while (scanner.moreAttributes());
  return false;
}
