/**
 * One page as the truth checks read it: its HTML, its URL when known, and what a reader sees, worked
 * out once and only when a check first asks (a page whose nodes have no property to look up never
 * pays for its visible text).
 */
import { HtmlScanner } from "../extract/html-scan.ts";
import { readVisibleText, type VisibleText } from "./visible-text.ts";
import { ShownText } from "./text-match.ts";
import { ShownNumbers, decimalMarkOf } from "./price-text.ts";

/** Elements whose Microdata or RDFa value is an attribute, not the text a reader sees. */
const VALUE_FROM_ATTRIBUTE = new Set(["meta", "link", "a", "area", "img", "audio", "embed", "iframe", "source", "track", "video", "object", "data", "meter"]);

export class TruthPage {
  readonly html: string;
  readonly pageUrl: string | null;
  #visible: VisibleText | undefined;
  #text: ShownText | undefined;
  #numbers: ShownNumbers | undefined;
  #scanner: HtmlScanner | undefined;

  constructor(html: string, pageUrl: string | null) {
    this.html = html;
    this.pageUrl = pageUrl;
  }

  visibleText(): VisibleText {
    return (this.#visible ??= readVisibleText(this.html));
  }

  shownText(): ShownText {
    if (this.#text === undefined) {
      const v = this.visibleText();
      this.#text = new ShownText(v.text, v.truncated);
    }
    return this.#text;
  }

  shownNumbers(): ShownNumbers {
    if (this.#numbers === undefined) {
      const v = this.visibleText();
      this.#numbers = new ShownNumbers(v.text, decimalMarkOf(v.lang), v.truncated);
    }
    return this.#numbers;
  }

  /**
   * The Microdata or RDFa value of the element at `offset` is its text content (visible by
   * construction), not a `content`, `href`, `src`, `value` or `datetime` attribute.
   */
  readsElementText(offset: number): boolean {
    const scanner = (this.#scanner ??= new HtmlScanner(this.html));
    scanner.pos = offset;
    if (!scanner.next() || scanner.isEndTag || scanner.tagStart !== offset) return false;
    const name = scanner.tagName();
    if (VALUE_FROM_ATTRIBUTE.has(name)) return false;
    for (let k = 0; k < scanner.attrCount; k++) {
      if (scanner.attributeIs(k, "content")) return false;
      if (name === "time" && scanner.attributeIs(k, "datetime")) return false;
    }
    return true;
  }
}
