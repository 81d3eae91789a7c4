/**
 * JSON text of a parsed JSON value, at any depth. JSON.stringify recurses: an item nested 20,000 deep
 * (which JSON.parse reads) overflowed the stack and failed a whole batch with a 500. Such a value is
 * written with an explicit stack instead; the validation then reports its depth like any other input's.
 */

type Frame = { kind: "array"; items: unknown[]; next: number } | { kind: "object"; value: Record<string, unknown>; keys: string[]; next: number };

export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return deepJsonText(value);
  }
}

function deepJsonText(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (value: unknown): void => {
    if (Array.isArray(value)) {
      out.push("[");
      stack.push({ kind: "array", items: value, next: 0 });
    } else if (value !== null && typeof value === "object") {
      out.push("{");
      stack.push({ kind: "object", value: value as Record<string, unknown>, keys: Object.keys(value), next: 0 });
    } else {
      // A leaf as JSON.stringify writes it (undefined and functions do not come out of JSON.parse).
      out.push(JSON.stringify(value) ?? "null");
    }
  };
  open(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.kind === "array") {
      if (frame.next === frame.items.length) {
        out.push("]");
        stack.pop();
        continue;
      }
      if (frame.next > 0) out.push(",");
      open(frame.items[frame.next++]);
    } else {
      if (frame.next === frame.keys.length) {
        out.push("}");
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.next++];
      out.push(`${frame.next > 1 ? "," : ""}${JSON.stringify(key)}:`);
      open(frame.value[key]);
    }
  }
  return out.join("");
}
