/**
 * Elements without content (HTML's void elements, and the obsolete ones parsed as void): the item tree
 * (html-items.ts) opens no level for them, and an element's child text (html-text.ts) is not inside them.
 */
export const VOID: ReadonlySet<string> = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen", "frame"]);
