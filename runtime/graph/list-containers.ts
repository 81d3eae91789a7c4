/**
 * JSON-LD's list and set objects read as the arrays they hold (JSON-LD 1.1, 4.3 Value Ordering):
 * `"recipeInstructions": {"@list": [...]}` is an ordered array of steps and `"image": {"@set": [...]}`
 * a plain array, which is how every rule reads them. Without this, a valid list of HowToSteps was an
 * object without `text`, and a set of offers an Offer without a price.
 *
 * Cost: nothing for a block whose text holds neither keyword (the caller asks mayHoldContainers
 * first); otherwise one walk that copies only the objects and arrays on the way to a container. The
 * caller's value is never changed. Line and column still find the values: runtime/positions reads
 * through the keyword the same way.
 */
import { setOwn, type JsonObject } from "../json.ts";

/** Deeper than the engine validates (it reports too-deep blocks) is left as written. */
const MAX_DEPTH = 300;

/** The block's text may hold a list or set object (a quick look before the walk). */
export function mayHoldContainers(text: string): boolean {
  return text.includes('"@list"') || text.includes('"@set"');
}

/** `value` with each list or set object replaced by its array; `value` itself when it holds none. */
export function withoutContainers(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const read = withoutContainers(item, depth + 1);
      // A set or list among the array's items is its items, in place (a set in an array is the array's).
      if (isContainer(item) && Array.isArray(read)) {
        copy ??= value.slice(0, i);
        copy.push(...read);
        continue;
      }
      if (read !== item) copy ??= value.slice(0, i);
      copy?.push(read);
    }
    return copy ?? value;
  }
  const object = value as JsonObject;
  const inner = containedValue(object);
  if (inner !== undefined) {
    const read = withoutContainers(inner, depth + 1);
    return Array.isArray(read) ? read : [read];
  }
  let copy: JsonObject | null = null;
  for (const key in object) {
    const item = object[key];
    const read = withoutContainers(item, depth + 1);
    if (read === item) continue;
    copy ??= { ...object };
    setOwn(copy, key, read);
  }
  return copy ?? object;
}

function isContainer(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && containedValue(value as JsonObject) !== undefined;
}

/** What a list or set object holds: an object whose only keys are `@list` or `@set` (and `@index`). */
function containedValue(object: JsonObject): unknown {
  let inner: unknown = undefined;
  for (const key in object) {
    if (key === "@list" || key === "@set") {
      if (inner !== undefined) return undefined;
      inner = object[key];
    } else if (key !== "@index") return undefined;
  }
  return inner;
}
