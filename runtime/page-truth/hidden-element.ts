/**
 * Where an element the page hides ends, as HTML's tree builder ends it: at its end tag, but also where
 * its end tag is left out. `<ul><li>Home<li hidden>Old</ul><h1>Anvil</h1>`: the list's end tag ends the
 * hidden item, and the heading after it is shown; read only up to the hidden element's own end tag, the
 * rest of the page would count as hidden and every value on it would be reported not visible.
 *
 * The elements opened inside the hidden one are kept by name (not their tree: enough to tell an end
 * tag of theirs from the end tag of an element around the hidden one), with a count per name so that
 * an end tag is looked up once, whatever the page nests or leaves open.
 */
import { CLOSES_P } from "../extract/closes-p.ts";

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const TABLE_SECTIONS = new Set(["td", "th", "tr", "tbody", "thead", "tfoot"]);

/**
 * Start tags that end an open element of the key's name whose end tag was left out ("an li element's
 * end tag may be omitted if the li element is immediately followed by another li element", HTML 13.1.2.4;
 * a new `<a>` or `<nobr>` ends an open one, a table part a caption).
 */
const ENDED_BY_START: Readonly<Record<string, ReadonlySet<string>>> = {
  li: new Set(["li"]),
  dt: new Set(["dt", "dd"]),
  dd: new Set(["dt", "dd"]),
  option: new Set(["option", "optgroup"]),
  optgroup: new Set(["optgroup"]),
  td: TABLE_SECTIONS,
  th: TABLE_SECTIONS,
  tr: new Set(["tr", "tbody", "thead", "tfoot"]),
  tbody: new Set(["tbody", "thead", "tfoot"]),
  thead: new Set(["tbody", "tfoot"]),
  tfoot: new Set(["tbody"]),
  caption: new Set([...TABLE_SECTIONS, "col", "colgroup"]),
  rt: new Set(["rt", "rp", "rb"]),
  rp: new Set(["rt", "rp", "rb"]),
  a: new Set(["a"]),
  nobr: new Set(["nobr"]),
  p: CLOSES_P,
  h1: HEADINGS,
  h2: HEADINGS,
  h3: HEADINGS,
  h4: HEADINGS,
  h5: HEADINGS,
  h6: HEADINGS,
};

/** A heading start tag ends an open heading only when that heading is the current node (nothing open inside). */
const ENDED_ONLY_AS_CURRENT: ReadonlySet<string> = HEADINGS;

/**
 * Open elements between which the start tag above is no sibling of the hidden element: an `<li>`
 * inside a nested list is that list's item (the tree builder stops looking at these).
 */
const SCOPE = new Set(["ul", "ol", "dl", "table", "select", "datalist", "menu", "button", "object", "marquee", "applet", "template", "svg", "math"]);

/**
 * Formatting elements: the tree builder reopens them after the end tag of an element around them
 * (`<b><i hidden>secret</b> more` shows nothing of "more"), so only their own end tag ends them.
 */
const FORMATTING = new Set(["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"]);

/** End tags the tree builder does not let end an element around the hidden one. */
const NEVER_ANCESTOR_END = new Set(["body", "html", "br"]);

/** Names kept in order of the elements opened inside a hidden one (past it only counted: a hostile page). */
const MAX_INNER = 100_000;

export class HiddenElement {
  readonly #inner: string[] = [];
  /** How many of each name are open inside, kept in #inner or past MAX_INNER. */
  readonly #open = new Map<string, number>();
  /**
   * How many of each name #inner keeps: an end tag of a name opened only past MAX_INNER is not looked
   * for in the list (100,000 names read again for each of 40,000 `</x>` took 15 s).
   */
  readonly #kept = new Map<string, number>();
  /** Open elements inside that are barriers (SCOPE), as a count. */
  #barriers = 0;
  readonly #optionalEnd: boolean;
  readonly #formatting: boolean;

  /**
   * @param name the hidden element's name, lower case
   * @param inline a phrasing element (span, a): any end tag around it ends it (a formatting one, only its own)
   * @param revealable hidden by `visibility:hidden` alone: an element inside may show itself again (visible-text.ts)
   */
  constructor(
    readonly name: string,
    private readonly inline: boolean,
    readonly revealable = false,
  ) {
    // An element whose end tag may be left out (li, td, option): its parent's end tag ends it.
    this.#optionalEnd = ENDED_BY_START[name] !== undefined && !FORMATTING.has(name) && !HEADINGS.has(name);
    this.#formatting = FORMATTING.has(name);
  }

  /** A start tag inside the hidden element: true when it ends the hidden element (and is itself outside). */
  start(name: string, opensElement: boolean): boolean {
    const endedBy = ENDED_BY_START[this.name];
    if (endedBy !== undefined && endedBy.has(name) && this.#barriers === 0 && (!ENDED_ONLY_AS_CURRENT.has(this.name) || this.#open.size === 0)) return true;
    if (!opensElement) return false;
    // An open element inside that this start tag ends (`<li>a<li>b`, `<p>a<div>`) is closed first,
    // so a list of a thousand items left open keeps one name, not a thousand.
    const inner = this.#inner;
    while (inner.length > 0) {
      const top = inner[inner.length - 1];
      const ends = ENDED_BY_START[top];
      if (ends === undefined || !ends.has(name) || FORMATTING.has(top) || ENDED_ONLY_AS_CURRENT.has(top)) break;
      this.#close(this.#pop());
    }
    if (inner.length < MAX_INNER) {
      inner.push(name);
      this.#kept.set(name, (this.#kept.get(name) ?? 0) + 1);
    }
    this.#open.set(name, (this.#open.get(name) ?? 0) + 1);
    if (SCOPE.has(name)) this.#barriers++;
    return false;
  }

  /** An end tag inside the hidden element: true when it ends the hidden element. */
  end(name: string, inlineEnd: boolean): boolean {
    if ((this.#open.get(name) ?? 0) > 0) {
      // Its element, and what was left open inside it, end here.
      const inner = this.#inner;
      const at = (this.#kept.get(name) ?? 0) > 0 ? inner.lastIndexOf(name) : -1;
      if (at < 0) this.#close(name);
      else while (inner.length > at) this.#close(this.#pop());
      return false;
    }
    if (name === this.name) return true;
    if (NEVER_ANCESTOR_END.has(name) || this.#formatting) return false;
    // An end tag of no element opened inside: an element's around the hidden one, which ends it too,
    // unless the tree builder ignores it (a `</span>` does not end a hidden `<div>` it would have to
    // pass: a stray end tag, as it is in a browser).
    return !inlineEnd || this.inline || this.#optionalEnd;
  }

  /** The last name #inner keeps, taken off it. */
  #pop(): string {
    const name = this.#inner.pop()!;
    const kept = this.#kept.get(name) ?? 0;
    if (kept <= 1) this.#kept.delete(name);
    else this.#kept.set(name, kept - 1);
    return name;
  }

  #close(name: string): void {
    const count = this.#open.get(name) ?? 0;
    if (count <= 1) this.#open.delete(name);
    else this.#open.set(name, count - 1);
    if (SCOPE.has(name)) this.#barriers--;
  }
}
