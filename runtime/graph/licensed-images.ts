/**
 * Images a node holds with license metadata: `{"@type": "SoftwareSourceCode", "image": {"@type":
 * "ImageObject", "contentUrl": "...", "license": "..."}}`. The search engine reads image metadata
 * wherever an ImageObject carries it ("add the markup for every place an image is used"), and its
 * report lists such a nested image as an item of its own: Search Console named the missing creator,
 * creditText, copyrightNotice and acquireLicensePage of an image nested this way, with only its license
 * given (MarkusNeusinger/anyplot#10537). Read only as its parent's value it was checked against nothing.
 *
 * Only what opts an image in to the image metadata rules (rules-src/types/ImageObject.yaml: one of its
 * licensing properties) makes it an item: a plain `{"@type": "ImageObject", "url": ...}` logo stays its
 * parent's value. A value that only refers to a node ({"@id"}), or whose @id another object defines, is
 * that node's, reported where it is defined.
 */
import { isObject, isReferenceOnly, type JsonObject } from "../json.ts";
import type { Entity } from "./collect.ts";
import { typeNames } from "./type-names.ts";
import { CONTAINMENT, MAX_CONTAINED_DEPTH, entitiesUnder } from "./contained-entities.ts";
import { MAY_HOLD_ANY } from "./held-properties.ts";

/** Properties whose values are images of the node. */
export const IMAGE_PROPERTIES = ["image", "logo", "thumbnail", "primaryImageOfPage"] as const;

/** The image metadata page's licensing properties: any one of them opts an ImageObject in. */
const LICENSING = ["license", "acquireLicensePage", "creditText", "creator", "copyrightNotice"] as const;

/** Images looked at per node, at most (a gallery of thousands is looked at up to here). */
const MAX_IMAGES = 50;

export const LICENSED_IMAGE_TYPE = "ImageObject";

function isLicensedImage(v: unknown): v is JsonObject {
  return isObject(v) && !isReferenceOnly(v) && typeNames(v["@type"]).includes(LICENSED_IMAGE_TYPE) && LICENSING.some((k) => v[k] !== undefined);
}

/**
 * Whether `node`, or a node it wraps (graph/contained-entities.ts), holds an image with license
 * metadata: the image metadata rules are loaded for the input only then (lib/on-demand).
 */
export function holdsLicensedImage(node: JsonObject, depth = 0): boolean {
  for (const property of IMAGE_PROPERTIES) {
    const value = node[property];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (let i = 0; i < values.length && i < MAX_IMAGES; i++) if (isLicensedImage(values[i])) return true;
  }
  if (depth >= MAX_CONTAINED_DEPTH) return false;
  for (const property of CONTAINMENT) {
    const value = node[property];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (let i = 0; i < values.length && i < MAX_IMAGES; i++) {
      const v = values[i];
      if (isObject(v) && holdsLicensedImage(v, depth + 1)) return true;
    }
  }
  return false;
}

/**
 * The ImageObjects with license metadata `entity`'s node holds as its images, as entities of their own.
 * `held`: graph/held-properties.ts's answer for the node, when known.
 */
export function licensedImages(entity: Entity, definedAs: (id: string) => JsonObject | undefined, held = MAY_HOLD_ANY): Entity[] {
  return entitiesUnder(entity, IMAGE_PROPERTIES, isLicensedImage, definedAs, MAX_IMAGES, held);
}
