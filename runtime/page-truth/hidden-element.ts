/**
 * Where an element the page hides ends, as HTML's tree builder ends it: at its end tag, but also where
 * its end tag is left out. `<ul><li>Home<li hidden>Old</ul><h1>Anvil</h1>`: the list's end tag ends the
 * hidden item, and the heading after it is shown; read only up to the hidden element's own end tag, the
 * rest of the page would count as hidden and every value on it would be reported not visible.
 *
 * The elements opened inside the hidden one are kept by name (not their tree: enough to tell an end
 * tag of theirs from the end tag of an element around the hidden one).
 */
import { CLOSES_P } from "../extract/closes-p.ts";

/**
 * Start tags that end an open element of the key's name whose end tag was left out ("an li element's
 * end tag may be omitted if the li element is immediately followed by another li element", HTML 13.1.2.4).
 */
const ENDED_BY_START: Readonly<Record<string, ReadonlySet<string>>> = {
  li: new Set(["li"]),
  dt: new Set(["dt", "dd"]),
  dd: new Set(["dt", "dd"]),
  option: new Set(["option", "optgroup"]),
  optgroup: new Set(["optgroup"]),
  td: new Set(["td", "th", "tr", "tbody", "thead", "tfoot"]),
  th: new Set(["td", "th", "tr", "tbody", "thead", "tfoot"]),
  tr: new Set(["tr", "tbody", "thead", "tfoot"]),
  tbody: new Set(["tbody", "thead", "tfoot"]),
  thead: new Set(["tbody", "tfoot"]),
  tfoot: new Set(["tbody"]),
  rt: new Set(["rt", "rp", "rb"]),
  rp: new Set(["rt", "rp", "rb"]),
  p: CLOSES_P,
};

/**
 * Open elements between which the start tag above is no sibling of the hidden element: an `<li>`
 * inside a nested list is that list's item (the tree builder stops looking at these).
 */
const SCOPE = new Set(["ul", "ol", "dl", "table", "select", "datalist", "menu", "button", "object", "marquee", "applet", "caption", "td", "th", "template", "svg", "math"]);

/** End tags the tree builder does not let end an element around the hidden one. */
const NEVER_ANCESTOR_END = new Set(["body", "html", "br"]);

/** Names kept of the elements opened inside a hidden one (a hostile page may open any number). */
const MAX_INNER = 4096;

export class HiddenElement {
  readonly #inner: string[] = [];
  /** Elements opened past MAX_INNER: their end tags are taken as theirs. */
  #uncounted = 0;

  /**
   * @param name the hidden element's name, lower case
   * @param inline a phrasing element (span, a): any end tag around it ends it
   */
  constructor(
    readonly name: string,
    private readonly inline: boolean,
  ) {
    // An element whose end tag may be left out (li, td, option): its parent's end tag ends it.
    this.#optionalEnd = ENDED_BY_START[name] !== undefined;
  }

  readonly #optionalEnd: boolean;

  /** A start tag inside the hidden element: true when it ends the hidden element (and is itself outside). */
  start(name: string, opensElement: boolean): boolean {
    const endedBy = ENDED_BY_START[this.name];
    if (endedBy !== undefined && endedBy.has(name) && !this.#scoped()) return true;
    if (!opensElement) return false;
    if (this.#inner.length < MAX_INNER) this.#inner.push(name);
    else this.#uncounted++;
    return false;
  }

  /** An end tag inside the hidden element: true when it ends the hidden element. */
  end(name: string, inlineEnd: boolean): boolean {
    if (this.#uncounted > 0) {
      this.#uncounted--;
      return false;
    }
    const inner = this.#inner;
    const at = inner.lastIndexOf(name);
    if (at >= 0) {
      inner.length = at;
      return false;
    }
    if (name === this.name) return true;
    if (NEVER_ANCESTOR_END.has(name)) return false;
    // An end tag of no element opened inside: an element's around the hidden one, which ends it too,
    // unless the tree builder ignores it (a `</span>` does not end a hidden `<div>` it would have to
    // pass: a stray end tag, as it is in a browser).
    return !inlineEnd || this.inline || this.#optionalEnd;
  }

  /** An element opened inside hides a same-named start tag from the hidden one (a nested list's items). */
  #scoped(): boolean {
    if (this.#uncounted > 0) return true;
    for (const name of this.#inner) if (SCOPE.has(name)) return true;
    return false;
  }
}
