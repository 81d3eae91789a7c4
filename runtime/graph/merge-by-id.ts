/**
 * One node per IRI across syntaxes: a Microdata or RDFa item whose @id (itemid, about/resource)
 * an earlier block already defines is merged into that node (the properties it lacks are added)
 * and left in its own block as a bare {"@id"} reference, which the engine does not report twice.
 * Pointers of the other items stay as extracted, so their line and column still resolve.
 */
import { setOwn, type JsonObject } from "../json.ts";

export function mergeKnownNodes(items: JsonObject[], ids: Map<string, JsonObject>): void {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const id = item["@id"];
    if (typeof id !== "string") continue;
    const known = ids.get(id);
    if (!known || known === item) continue;
    for (const key in item) {
      if (key === "@context" || key === "@id") continue;
      if (!Object.prototype.hasOwnProperty.call(known, key)) setOwn(known, key, item[key]);
    }
    items[i] = { "@id": id };
  }
}
