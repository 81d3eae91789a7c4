// List positions: the search engine orders a trail or a list by position, so the values must number
// the items 1, 2, 3, ... in the order they are listed (a carousel's list from where its page starts).

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
 * Null when positions[i] is i + 1 for every i (numbers or integer strings); otherwise a reason
 * naming the first offending index. `continued`: the list may start past 1 (a paginated list's page 2
 * numbers its items from 21, as Schema.org's ItemList example 3 does): positions[i] is then the first
 * one plus i.
 */
export function checkPositions(positions: unknown[], continued = false): string | null {
  const first = continued && positions.length > 0 ? toInteger(positions[0]) : NaN;
  const offset = first > 1 ? first - 1 : 0;
  for (let i = 0; i < positions.length; i++) {
    const raw = positions[i];
    if (raw == null) return `position at index ${i} is missing`;
    const position = toInteger(raw);
    const expected = offset + i + 1;
    if (position === expected) continue;
    if (Number.isNaN(position)) {
      return typeof raw === "object"
        ? `position at index ${i} is not a whole number`
        : `position at index ${i} (${typeof raw === "string" ? JSON.stringify(raw) : String(raw)}) is not a whole number`;
    }
    if (position < 1) return `position at index ${i} is ${position}; positions start at 1`;
    // Every earlier index holds its own position, so a smaller one repeats index position - offset - 1.
    if (position < expected) {
      return position > offset
        ? `position at index ${i} is ${position}, a duplicate of index ${position - offset - 1}; expected ${expected}`
        : `position at index ${i} is ${position}, below the list's first position ${offset + 1}; expected ${expected}`;
    }
    const later = positions.findIndex((p, j) => j > i && toInteger(p) === expected);
    return later === -1
      ? `position at index ${i} is ${position}, which leaves a gap; expected ${expected}`
      : `position at index ${i} is ${position}, out of order; expected ${expected}`;
  }
  return null;
}
