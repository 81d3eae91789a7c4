/**
 * A button drawn by an input shows its value as its label: `<input type="submit" value="Add to cart –
 * $12.50">`, as a `<button>` shows its content (HTML's Submit, Reset and Button states of the input
 * element). A reader sees that text; the values of other inputs are a form's state, not the page's text.
 */
import type { HtmlScanner } from "../extract/html-scan.ts";
import { decodeEntities } from "../extract/html-text.ts";

const BUTTON_TYPE = /^[ \t\n\r\f]*(?:submit|reset|button)[ \t\n\r\f]*$/i;

/** Characters of a label read at most: a hostile page's megabyte of value is no label. */
export const MAX_BUTTON_LABEL = 256;

/** The label an input's start tag shows as a button, or null (another type, or no value). */
export function buttonLabel(scanner: HtmlScanner): string | null {
  // The first of a repeated attribute counts, as the tokenizer keeps it.
  let type: string | null = null;
  let value: string | null = null;
  do {
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "type")) type ??= scanner.attributeValue(k);
      else if (scanner.attributeIs(k, "value")) value ??= scanner.attributeValue(k);
    }
  } while (scanner.moreAttributes());
  if (type === null || value === null || !BUTTON_TYPE.test(type)) return null;
  const label = decodeEntities(value.slice(0, MAX_BUTTON_LABEL), true).trim();
  return label === "" ? null : label;
}
