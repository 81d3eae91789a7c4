/**
 * The fixer of a misspelt @type: "Prodcut" -> "Product" when the name is no Schema.org type and the
 * did-you-mean has one answer (the fix text of unknown-type issues, and of wrong-type issues on an object
 * whose type is a near miss of an accepted one). Names of other vocabularies are left alone.
 */
import { closestName } from "../did-you-mean.ts";
import { vocabularyIndex } from "../type-hierarchy.ts";
import type { JsonPatchOperation } from "../types.ts";

let classNames: string[] | null = null;

const isIri = (name: string): boolean => name.includes(":") || name.includes("/");

/**
 * The patch of the @type at `pointer` (a name or a list of names), or null. `accepts`, when given, is what
 * the suggestion must be (the types the property takes).
 */
export function typePatch(pointer: string, written: unknown, accepts?: (name: string) => boolean): JsonPatchOperation[] | null {
  const vocabulary = vocabularyIndex();
  const names = typeof written === "string" ? [written] : Array.isArray(written) ? written : [];
  let at = -1;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (typeof name !== "string" || vocabulary.isType(name) || isIri(name)) continue;
    // Two misspelt names: which one the author meant to keep is not mechanical.
    if (at !== -1) return null;
    at = i;
  }
  if (at === -1) return null;
  const name = names[at] as string;
  const suggestion = closestName(name, (classNames ??= Object.keys(vocabulary.data.classes)));
  if (suggestion === null || suggestion === name || (accepts && !accepts(suggestion))) return null;
  if (typeof written !== "string" && names.includes(suggestion)) return null;
  const path = typeof written === "string" ? pointer : `${pointer}/${at}`;
  return [
    { op: "test", path, value: name },
    { op: "replace", path, value: suggestion },
  ];
}
