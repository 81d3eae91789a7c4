/**
 * What the vocabulary walk gets to see of a node: the node itself when it is within the caps (the
 * usual case, no copy), else a copy holding the first LIMITS.propertiesPerObject properties of each
 * object and no more than the request's remaining property budget. Properties left out are counted:
 * the report says how many were not checked (report-caps.ts). Rules still read the whole node (they
 * look properties up by name, so their cost does not grow with unknown keys): a required property
 * written after a thousand junk keys is found, never reported missing.
 *
 * The vocabulary walk reads the node itself first and counts as it goes (checkVocabulary, with
 * countUnder for what it does not read); only a node past a cap comes here.
 */
import { LIMITS } from "./limits.ts";
import { isObject, setOwn, type JsonObject } from "./json.ts";
import type { RequestBudget } from "./request-budget.ts";

/** Deeper than the vocabulary walk goes, so nothing it would read is cut by depth. */
const VIEW_DEPTH = 40;

export function boundedView(node: JsonObject, budget: RequestBudget): JsonObject {
  const keys = countKeys(node, 0);
  if (keys >= 0 && keys <= budget.propertiesRemaining) {
    budget.propertiesRemaining -= keys;
    return node;
  }
  return copyObject(node, 0, budget);
}

/** Keys under `value` down to VIEW_DEPTH, or -1 as soon as an object or a list passes its cap. */
function countKeys(value: JsonObject, depth: number): number {
  let total = 0;
  let own = 0;
  for (const key in value) {
    if (++own > LIMITS.propertiesPerObject) return -1;
    total++;
    const child = value[key];
    if (typeof child !== "object" || child === null) continue;
    const n = countUnder(child, depth);
    if (n < 0) return -1;
    total += n;
  }
  return total;
}

/**
 * Keys under `child`, the value of a key of an object at `depth`, as boundedView counts them (its own
 * key not included); -1 past a cap. For the vocabulary walk, which counts what it reads itself and asks
 * this only for what it does not read (another vocabulary's keys, unknown properties, @value objects).
 */
export function countUnder(child: unknown, depth: number): number {
  if (typeof child !== "object" || child === null || depth >= VIEW_DEPTH) return 0;
  if (!Array.isArray(child)) return countKeys(child as JsonObject, depth + 1);
  if (child.length > LIMITS.valuesPerProperty) return -1;
  let total = 0;
  for (let i = 0; i < child.length; i++) {
    const item = child[i];
    if (!isObject(item)) continue;
    const n = countKeys(item, depth + 1);
    if (n < 0) return -1;
    total += n;
  }
  return total;
}

function copyObject(value: JsonObject, depth: number, budget: RequestBudget): JsonObject {
  const out: JsonObject = {};
  let own = 0;
  // @type decides what the rest means: it is always kept.
  if (value["@type"] !== undefined) out["@type"] = value["@type"];
  for (const key in value) {
    if (key === "@type") continue;
    if (own >= LIMITS.propertiesPerObject || budget.propertiesRemaining <= 0) {
      budget.propertiesNotChecked++;
      continue;
    }
    own++;
    budget.propertiesRemaining--;
    const child = value[key];
    setOwn(out, key, depth >= VIEW_DEPTH || typeof child !== "object" || child === null ? child : copyValue(child, depth + 1, budget));
  }
  return out;
}

function copyValue(value: object, depth: number, budget: RequestBudget): unknown {
  if (!Array.isArray(value)) return copyObject(value as JsonObject, depth, budget);
  const kept = Math.min(value.length, LIMITS.valuesPerProperty);
  // The rules count the values past the cap (they read the same list): counted once, there.
  const out: unknown[] = new Array(kept);
  for (let i = 0; i < kept; i++) {
    const item: unknown = value[i];
    out[i] = isObject(item) ? copyObject(item, depth, budget) : item;
  }
  return out;
}
