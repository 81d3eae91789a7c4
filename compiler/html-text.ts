/**
 * Text as rule-page HTML: what the page emitters and the keywords' page sentences (compiler/keywords/)
 * share, below both.
 */

/** Text or attribute value as HTML (rule files are trusted, but their texts contain quotes and <). */
export const esc = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;"));

/** A dotted property path ("offers.shippingDetails.shippingRate"): on a phone it may break after a dot, never inside a name. */
const DOTTED_PATH = /^[\w@]+(?:\.[\w@]+)+$/;

export const code = (text: string): string => `<code>${DOTTED_PATH.test(text) ? esc(text).replace(/\./g, ".<wbr>") : esc(text)}</code>`;

/** "a, b or c" (or "a, b and c"): how a rule page lists names and values in a sentence. */
export const list = (items: string[], sep = ", ", last = " or "): string =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(sep)}${last}${items[items.length - 1]}`;
