/** "Did you mean": the closest known name by case-insensitive match, then by edit distance <= 2. */
export function closestName(name: string, candidates: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === lower) return candidate;
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best;
}

/**
 * Edit distance counting a swap of neighbours as one edit (optimal string alignment), giving up
 * (returning `limit`) once every path exceeds the limit.
 */
function editDistance(a: string, b: string, limit: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}
