import { expectedText, trimAware } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

const ORDER = "PnYnMnDTnHnMnS";
const EXAMPLE = "e.g. PT1H30M or P1D";

/** Position of a unit in the PnYnMnWnDTnHnMnS order, or -1 when the letter is no unit there. */
function unitRank(c: number, inTime: boolean): number {
  if (inTime) return c === 72 ? 4 : c === 77 ? 5 : c === 83 ? 6 : -1; // H M S
  return c === 89 ? 0 : c === 77 ? 1 : c === 87 ? 2 : c === 68 ? 3 : -1; // Y M W D
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const check = trimAware((s) => {
  const first = s.charCodeAt(0);
  if (first !== 80) {
    if (first === 112) return `use uppercase letters: ${s.toUpperCase()}`;
    if (first === 45) return "a duration can't be negative";
    return `a duration starts with P, ${EXAMPLE}`;
  }
  let lastRank = -1;
  let inTime = false;
  let timeUnits = 0;
  let units = 0;
  let weeks = false;
  let fractional = false;
  let i = 1;
  while (i < s.length) {
    if (s.charCodeAt(i) === 84) {
      if (inTime) return "T appears twice";
      inTime = true;
      i++;
      continue;
    }
    const start = i;
    while (isDigit(s.charCodeAt(i))) i++;
    if (i === start) {
      const c = s.charCodeAt(i);
      if (c === 46 || c === 44) return "add a leading zero before the decimal separator, e.g. PT0.5S";
      if (unitRank(c, inTime) >= 0 || unitRank(c, !inTime) >= 0) return `add a number before ${s[i]}`;
      return `expected a duration like PnYnMnDTnHnMnS, ${EXAMPLE}`;
    }
    // ISO 8601 allows a fraction on the last unit only, so a unit after a fraction is an error.
    if (fractional) return "only the last unit may have a fraction";
    const separator = s.charCodeAt(i);
    if (separator === 46 || separator === 44) {
      if (separator === 44) return "use a dot as decimal separator, e.g. PT0.5S";
      const fractionStart = ++i;
      while (isDigit(s.charCodeAt(i))) i++;
      if (i === fractionStart) return "add digits after the dot";
      fractional = true;
    }
    if (i === s.length) return `${s.slice(start)} has no unit: add Y, M, W, D, H, M or S`;
    const c = s.charCodeAt(i);
    const rank = unitRank(c, inTime);
    if (rank < 0) {
      if (unitRank(c - 32, inTime) >= 0) return `use uppercase letters: ${s.toUpperCase()}`;
      if (!inTime && unitRank(c, true) >= 0) return `add T before hours, minutes and seconds, e.g. PT${s.slice(start, i + 1)}`;
      if (inTime && unitRank(c, false) >= 0) return `years, weeks and days go before T: ${ORDER}`;
      if ((c | 32) >= 97 && (c | 32) <= 122) return `unknown unit ${s[i]}: use Y, M, W, D before T and H, M, S after it`;
      return `expected a duration like ${ORDER}, ${EXAMPLE}`;
    }
    if (rank <= lastRank) return `units are repeated or out of order: use the order ${ORDER}`;
    if (rank === 2) weeks = true;
    lastRank = rank;
    units++;
    if (inTime) timeUnits++;
    i++;
  }
  if (inTime && timeUnits === 0) return "T must be followed by hours, minutes or seconds, e.g. PT30M";
  if (units === 0) return `a duration needs at least one unit, ${EXAMPLE}`;
  // ISO 8601 keeps PnW as a form of its own; mixing weeks with other units is not allowed.
  if (weeks && units > 1) return "weeks can't be combined with other units: count them as days, e.g. P10D";
  return null;
});

export const iso8601Duration: ValueCheck = {
  name: "iso8601-duration",
  description: "ISO 8601 duration, e.g. PT1H30M, P1D or P2W",
  test(value) {
    return typeof value === "string" ? check(value) : expectedText("a duration", value);
  },
};
