/** How messages quote the values they are about: shared by the rule runtime and the keywords' checks. */

/** "the text \"abc\"", "a list", "the number 3": a value as a message names it. */
export const describeValue = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : typeof v === "string" ? `the text ${quoted(v.length > 60 ? v.slice(0, 57) + "..." : v)}` : `the ${typeof v} ${String(v)}`;

/** JSON.stringify of a text, without the call when nothing in it needs an escape (the usual case, in every failure message). */
export function quoted(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** "A, B or C" lists of a rule's fixed values, worked out on the first failure and kept. */
const valueLists = new WeakMap<ReadonlySet<string>, string>();
export function valueList(values: ReadonlySet<string>): string {
  let text = valueLists.get(values);
  if (text === undefined) valueLists.set(values, (text = [...values].join(", ")));
  return text;
}
