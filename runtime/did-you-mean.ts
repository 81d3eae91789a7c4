/**
 * "Did you mean": the closest known name by case-insensitive match, then by edit distance <= 2.
 *
 * Hostile input can hold thousands of unknown names (one node with 30,000 made-up properties took
 * seconds when every name was compared with every candidate), so the candidate list is prepared
 * once (lower-cased, bucketed by length: only names within 2 characters of length can be within
 * distance 2), a letter mask skips most candidates before any distance is computed, the distance
 * runs in reused typed rows, answers are remembered, and a request gets at most
 * LIMITS.suggestionsPerRequest fresh searches.
 */
import { requestBudget } from "./request-budget.ts";

const MAX_DISTANCE = 2;
const MEMO_LIMIT = 4096;

interface Prepared {
  /** Lower-cased name -> the name as written (the case-insensitive match). */
  exact: Map<string, string>;
  /** By length: [lower-cased, as written, letter mask] triples, in candidate order. */
  byLength: Array<Array<[string, string, number]>>;
  memo: Map<string, string | null>;
}

const prepared = new WeakMap<readonly string[], Prepared>();

function prepare(candidates: readonly string[]): Prepared {
  let p = prepared.get(candidates);
  if (p) return p;
  p = { exact: new Map(), byLength: [], memo: new Map() };
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    if (!p.exact.has(lower)) p.exact.set(lower, candidate);
    (p.byLength[lower.length] ??= []).push([lower, candidate, letterMask(lower)]);
  }
  prepared.set(candidates, p);
  return p;
}

export function closestName(name: string, candidates: readonly string[]): string | null {
  const p = prepare(candidates);
  const lower = name.toLowerCase();
  const exact = p.exact.get(lower);
  if (exact !== undefined) return exact;
  const remembered = p.memo.get(lower);
  if (remembered !== undefined) return remembered;
  // Past the request's budget, unknown names get no suggestion rather than more CPU.
  const budget = requestBudget();
  if (budget.suggestionsRemaining <= 0) return null;
  budget.suggestionsRemaining--;

  // Candidate order decides ties, as a single pass over the list would.
  let best: string | null = null;
  let bestIndex = Infinity;
  let bestDistance = MAX_DISTANCE + 1;
  const mask = letterMask(lower);
  for (let len = Math.max(0, lower.length - MAX_DISTANCE); len <= lower.length + MAX_DISTANCE; len++) {
    const bucket = p.byLength[len];
    if (!bucket || Math.abs(len - lower.length) > bestDistance) continue;
    for (const [candidateLower, candidate, candidateMask] of bucket) {
      // Each edit changes at most two letters' presence: more than four differences cannot be within 2 edits.
      if (bitCount(mask ^ candidateMask) > 2 * MAX_DISTANCE) continue;
      // Exact below `limit`; a tie with the best so far goes to the candidate listed first.
      const limit = Math.min(bestDistance + 1, MAX_DISTANCE + 1);
      const d = editDistance(lower, candidateLower, limit);
      if (d >= limit) continue;
      if (d < bestDistance || orderOf(candidates, candidate) < bestIndex) {
        bestDistance = d;
        best = candidate;
        bestIndex = orderOf(candidates, candidate);
      }
    }
  }
  if (p.memo.size >= MEMO_LIMIT) p.memo.clear();
  p.memo.set(lower, best);
  return best;
}

/** Which of 32 character classes (a-z and five shared buckets for the rest) occur in the text. */
function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    mask |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return mask;
}

function bitCount(n: number): number {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Position of a candidate in the caller's list, found only on the rare ties between buckets. */
const orderIndex = new WeakMap<readonly string[], Map<string, number>>();
function orderOf(candidates: readonly string[], candidate: string): number {
  let index = orderIndex.get(candidates);
  if (!index) {
    index = new Map();
    candidates.forEach((c, i) => {
      if (!index!.has(c)) index!.set(c, i);
    });
    orderIndex.set(candidates, index);
  }
  return index.get(candidate) ?? Infinity;
}

let rowBefore = new Int32Array(64);
let rowPrevious = new Int32Array(64);
let rowCurrent = new Int32Array(64);

/**
 * Edit distance counting a swap of neighbours as one edit (optimal string alignment), giving up
 * (returning `limit`) once every path exceeds the limit.
 */
function editDistance(a: string, b: string, limit: number): number {
  const width = b.length + 1;
  if (rowPrevious.length < width) {
    rowBefore = new Int32Array(width * 2);
    rowPrevious = new Int32Array(width * 2);
    rowCurrent = new Int32Array(width * 2);
  }
  let before = rowBefore;
  let previous = rowPrevious;
  let current = rowCurrent;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = previous[j] + 1;
      const insert = current[j - 1] + 1;
      if (insert < value) value = insert;
      const replace = previous[j - 1] + (ai === bj ? 0 : 1);
      if (replace < value) value = replace;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && before[j - 2] + 1 < value) value = before[j - 2] + 1;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  return previous[width - 1];
}
