/**
 * Which of the properties read off every validated node for the items it holds (its main entity and
 * breadcrumb, graph/contained-entities.ts; its images, graph/licensed-images.ts) the node has, found in
 * one walk over its keys. Most nodes hold none of them, and a read of a key an object lacks, on objects
 * of every shape, is a slow look-up: six of them cost more than walking a node's keys once.
 */
import type { JsonObject } from "../json.ts";

/** Every property's bit set: the node may hold any of them (read them by name). */
export const MAY_HOLD_ANY = -1;

/** Keys walked at most; a node of more is answered MAY_HOLD_ANY and its properties read by name. */
const MAX_KEYS_WALKED = 32;

/** The property's bit in heldProperties' answer; 0 for a property it does not track (always read). */
export function heldBit(property: string): number {
  switch (property) {
    case "mainEntity":
      return 1;
    case "breadcrumb":
      return 2;
    case "image":
      return 4;
    case "logo":
      return 8;
    case "thumbnail":
      return 16;
    case "primaryImageOfPage":
      return 32;
  }
  return 0;
}

/** The bits of the tracked properties `node` has as keys (inherited keys too, as a read by name finds them). */
export function heldProperties(node: JsonObject): number {
  let held = 0;
  let walked = 0;
  for (const key in node) {
    if (++walked > MAX_KEYS_WALKED) return MAY_HOLD_ANY;
    held |= heldBit(key);
  }
  return held;
}
