/**
 * Where JSON text first stops being JSON, for the parse errors whose message does not say: Node 20's
 * JSON.parse reports an unexpected character ("Unexpected token '“', ..."Cuisine": “French”"... is not
 * valid JSON") without its position, and curly quotes, single quotes, NaN and undefined are the
 * common typos of hand-written markup. A scan of the grammar (RFC 8259), without building values, in
 * one pass with an explicit stack: nesting as deep as the text allows costs no call stack.
 */

/** What the scan expects next. */
const Expect = {
  Value: 0,
  /** After "{": a key or "}". */
  KeyOrClose: 1,
  /** After ",": a key. */
  Key: 2,
  Colon: 3,
  /** After a value inside an object: "," or "}". */
  CommaOrCloseObject: 4,
  /** After "[": a value or "]". */
  ValueOrClose: 5,
  /** After a value inside an array: "," or "]". */
  CommaOrCloseArray: 6,
  /** After the top-level value: only white space. */
  End: 7,
} as const;
type Expectation = (typeof Expect)[keyof typeof Expect];

const OBJECT = 1;
const ARRAY = 2;
const LITERALS: Record<string, string> = { t: "true", f: "false", n: "null" };

/** The offset of the first character that is not JSON (text.length: the text ends too soon); -1: none. */
export function jsonErrorOffset(text: string): number {
  const stack: number[] = [];
  let expect: Expectation = Expect.Value;
  let i = 0;
  const n = text.length;
  const afterValue = (): Expectation => (stack.length === 0 ? Expect.End : stack[stack.length - 1] === OBJECT ? Expect.CommaOrCloseObject : Expect.CommaOrCloseArray);
  /** Steps over the bracket that closes the innermost container: a value ends there. */
  const closeContainer = (): void => {
    i++;
    stack.pop();
    expect = afterValue();
  };
  /** Steps over the bracket that opens a container. */
  const openContainer = (kind: number, next: Expectation): void => {
    stack.push(kind);
    i++;
    expect = next;
  };
  while (true) {
    while (i < n && isJsonSpace(text.charCodeAt(i))) i++;
    if (i === n) return expect === Expect.End ? -1 : n;
    const c = text[i];
    switch (expect) {
      case Expect.End:
        return i;
      case Expect.Colon:
        if (c !== ":") return i;
        i++;
        expect = Expect.Value;
        continue;
      case Expect.CommaOrCloseObject:
      case Expect.CommaOrCloseArray: {
        const close = expect === Expect.CommaOrCloseObject ? "}" : "]";
        if (c === ",") {
          i++;
          expect = expect === Expect.CommaOrCloseObject ? Expect.Key : Expect.Value;
        } else if (c === close) closeContainer();
        else return i;
        continue;
      }
      case Expect.KeyOrClose:
      case Expect.Key:
        if (c === "}" && expect === Expect.KeyOrClose) {
          closeContainer();
          continue;
        }
        if (c !== '"') return i;
        i = stringEnd(text, i);
        if (i < 0) return -i - 1;
        expect = Expect.Colon;
        continue;
      case Expect.Value:
      case Expect.ValueOrClose:
        if (c === "]" && expect === Expect.ValueOrClose) {
          closeContainer();
          continue;
        }
        if (c === "{" || c === "[") {
          openContainer(c === "{" ? OBJECT : ARRAY, c === "{" ? Expect.KeyOrClose : Expect.ValueOrClose);
          continue;
        }
        if (c === '"') {
          i = stringEnd(text, i);
          if (i < 0) return -i - 1;
        } else {
          i = c === "-" || (c >= "0" && c <= "9") ? numberEnd(text, i) : literalEnd(text, i);
          if (i < 0) return -i - 1;
        }
        expect = afterValue();
        continue;
    }
  }
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The offset after the string that starts at `start`, or -(offset of the fault) - 1. */
function stringEnd(text: string, start: number): number {
  const n = text.length;
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c < 32) return -i - 1;
    if (c === 92) {
      const e = text[i + 1];
      // As V8 does, the fault is the escape's character after the backslash (its first non-hex digit for \u).
      if (e === "u") {
        for (let h = i + 2; h < i + 6; h++) if (!isHexDigit(text.charCodeAt(h))) return -h - 1;
        i += 6;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
      else return -(i + 1) - 1;
    } else i++;
  }
  return -n - 1;
}

/** The offset after the literal at `start`, or -(offset of its first wrong character) - 1, as V8 places it. */
function literalEnd(text: string, start: number): number {
  const word = LITERALS[text[start]];
  if (word === undefined) return -start - 1;
  for (let k = 1; k < word.length; k++) if (text[start + k] !== word[k]) return -(start + k) - 1;
  return start + word.length;
}

/** The offset after the number at `start` (RFC 8259's grammar), or -(offset of the fault) - 1. */
function numberEnd(text: string, start: number): number {
  let i = start;
  if (text[i] === "-") i++;
  const digits = (): boolean => {
    const from = i;
    while (isDigit(text.charCodeAt(i))) i++;
    return i > from;
  };
  if (text[i] === "0") i++;
  else if (!digits()) return -i - 1;
  if (text[i] === ".") {
    i++;
    if (!digits()) return -i - 1;
  }
  if (text[i] === "e" || text[i] === "E") {
    i++;
    if (text[i] === "+" || text[i] === "-") i++;
    if (!digits()) return -i - 1;
  }
  return i;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
