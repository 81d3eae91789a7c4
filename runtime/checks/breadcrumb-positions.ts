// List positions: the search engine orders a trail or a list by position ("Position 1 signifies the
// beginning of the trail"), not by where each item is written (a JSON-LD list is unordered unless it is
// an @list), so the positions must number the items 1, 2, 3, ... each once, in any order (a carousel's
// list from where its page starts). A gap or a repeat leaves the order unknown.

/** The position as an integer; NaN when it is not an integer or an integer written as text. */
function toInteger(value: unknown): number {
  if (typeof value === "number") return Number.isInteger(value) ? value : NaN;
  if (typeof value === "string") {
    let i = value.charCodeAt(0) === 43 ? 1 : 0;
    if (i === value.length) return NaN;
    for (; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 48 || c > 57) return NaN;
    }
    return Number(value);
  }
  return NaN;
}

/**
 * Null when the positions number the items 1 to n, each once, in any order (numbers or integer
 * strings); otherwise a reason naming an offending index or the position no item has. `continued`:
 * the list may start past 1 (a paginated list's page 2 numbers its items from 21, as Schema.org's
 * ItemList example 3 does): its lowest position is then its first.
 */
export function checkPositions(positions: unknown[], continued = false): string | null {
  const at = new Map<number, number>();
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < positions.length; i++) {
    const raw = positions[i];
    if (raw == null) return `position at index ${i} is missing`;
    const position = toInteger(raw);
    if (Number.isNaN(position)) {
      return typeof raw === "object"
        ? `position at index ${i} is not a whole number`
        : `position at index ${i} (${typeof raw === "string" ? JSON.stringify(raw) : String(raw)}) is not a whole number`;
    }
    if (position < 1) return `position at index ${i} is ${position}; positions start at 1`;
    const first = at.get(position);
    if (first !== undefined) return `position at index ${i} is ${position}, a duplicate of index ${first}`;
    at.set(position, i);
    if (position < lowest) lowest = position;
    if (position > highest) highest = position;
  }
  if (positions.length === 0) return null;
  const start = continued ? lowest : 1;
  if (highest - start + 1 === positions.length) return null;
  // n distinct positions from `start` up that do not end at start + n - 1 leave one out.
  let missing = start;
  while (at.has(missing)) missing++;
  return missing === 1 && !continued
    ? `no item has position 1: a list starts at position 1 (its positions run from ${lowest} to ${highest})`
    : `no item has position ${missing}, which leaves a gap (the ${positions.length} positions run from ${lowest} to ${highest})`;
}
