/**
 * A unified diff (git's format, `a/` and `b/` prefixes, 3 lines of context) between two texts by lines,
 * with Myers' O(ND) algorithm: fixes change a few lines of a file, so D is small. Line endings are part of
 * the lines compared, so a CRLF file diffs as it is; `git apply` and `patch -p1` read the output.
 */
const CONTEXT = 3;

type Op = { kind: " " | "-" | "+"; line: string };

function splitLines(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  return lines;
}

/**
 * The shortest edit script from a to b (Myers 1986, forward search with the trace kept for the walk back).
 * Step d keeps only the diagonals it can have reached, -(d+1) to d+1: a copy of every diagonal at every
 * step took (lines) x (changes) memory, and 800 changed lines of a 160,000-line file ran out of it.
 */
function editScript(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  /** trace[d]: v before step d, diagonals -(d+1)..d+1. */
  const trace: Int32Array[] = [];
  const before = (d: number, k: number): number => trace[d][k + d + 1];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const k = x - y;
    const down = k === -d || (k !== d && before(d, k - 1) < before(d, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : before(d, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY && x > 0 && y > 0) ops.push({ kind: " ", line: a[--x] }), y--;
    if (d === 0) break;
    if (down) ops.push({ kind: "+", line: b[--y] });
    else ops.push({ kind: "-", line: a[--x] });
  }
  while (x > 0 && y > 0) ops.push({ kind: " ", line: a[--x] }), y--;
  return ops.reverse();
}

const show = (op: Op): string => `${op.kind}${op.line.endsWith("\n") ? op.line : `${op.line}\n\\ No newline at end of file\n`}`;

export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return "";
  const ops = editScript(splitLines(before), splitLines(after));
  let out = `--- a/${path}\n+++ b/${path}\n`;
  let i = 0;
  // Line numbers of ops[counted] in the old and new text, counted on as the hunks move down (counting
  // from the top for each hunk cost hunks x lines).
  let counted = 0;
  let oldLine = 1;
  let newLine = 1;
  while (i < ops.length) {
    if (ops[i].kind === " ") {
      i++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT after the last change within 2*CONTEXT of it.
    let start = Math.max(0, i - CONTEXT);
    while (start > 0 && ops[start - 1].kind !== " ") start--;
    let end = i;
    let last = i;
    while (end < ops.length) {
      if (ops[end].kind !== " ") last = end;
      else if (end - last > 2 * CONTEXT) break;
      end++;
    }
    end = Math.min(ops.length, last + 1 + CONTEXT);
    for (; counted < start; counted++) {
      if (ops[counted].kind !== "+") oldLine++;
      if (ops[counted].kind !== "-") newLine++;
    }
    const oldStart = oldLine;
    const newStart = newLine;
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((o) => o.kind !== "+").length;
    const newCount = hunk.filter((o) => o.kind !== "-").length;
    out += `@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@\n`;
    for (const op of hunk) out += show(op);
    i = end;
  }
  return out;
}
