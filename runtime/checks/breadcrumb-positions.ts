// BreadcrumbList positions: the search engine orders the trail by position, so the values must
// number the items 1, 2, 3, ... in the order they are listed.

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
 * naming the first offending index.
 */
export function checkPositions(positions: unknown[]): string | null {
  for (let i = 0; i < positions.length; i++) {
    const raw = positions[i];
    if (raw == null) return `position at index ${i} is missing`;
    const position = toInteger(raw);
    const expected = i + 1;
    if (position === expected) continue;
    if (Number.isNaN(position)) {
      return typeof raw === "object"
        ? `position at index ${i} is not a whole number`
        : `position at index ${i} (${typeof raw === "string" ? JSON.stringify(raw) : String(raw)}) is not a whole number`;
    }
    if (position < 1) return `position at index ${i} is ${position}; positions start at 1`;
    // Every earlier index holds its own position, so a smaller one repeats index position - 1.
    if (position < expected) {
      return `position at index ${i} is ${position}, a duplicate of index ${position - 1}; expected ${expected}`;
    }
    const later = positions.findIndex((p, j) => j > i && toInteger(p) === expected);
    return later === -1
      ? `position at index ${i} is ${position}, which leaves a gap; expected ${expected}`
      : `position at index ${i} is ${position}, out of order; expected ${expected}`;
  }
  return null;
}
