import type { Vocabulary } from "./vocabulary-types.ts";

/** Questions the compiler and the engine ask of the compact Schema.org vocabulary. */
export class VocabularyIndex {
  private readonly ancestorsCache = new Map<string, ReadonlySet<string>>();
  private readonly childrenOf = new Map<string, string[]>();

  constructor(readonly data: Vocabulary) {
    for (const [name, cls] of Object.entries(data.classes)) {
      for (const parent of cls.parents) {
        const list = this.childrenOf.get(parent) ?? [];
        list.push(name);
        this.childrenOf.set(parent, list);
      }
    }
  }

  isType(name: string): boolean {
    return Object.hasOwn(this.data.classes, name);
  }

  isProperty(name: string): boolean {
    return Object.hasOwn(this.data.properties, name);
  }

  isEnumeration(name: string): boolean {
    return this.ancestors(name).has("Enumeration") && name !== "Enumeration";
  }

  /** The type itself and every supertype (transitively). */
  ancestors(name: string): ReadonlySet<string> {
    const cached = this.ancestorsCache.get(name);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = [name];
    while (stack.length) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      for (const parent of this.data.classes[current]?.parents ?? []) stack.push(parent);
    }
    this.ancestorsCache.set(name, seen);
    return seen;
  }

  isSubtypeOf(name: string, ancestor: string): boolean {
    return this.ancestors(name).has(ancestor);
  }

  /** Every subtype (transitively), the type itself excluded, sorted. */
  descendants(name: string): string[] {
    const seen = new Set<string>();
    const stack = [...(this.childrenOf.get(name) ?? [])];
    while (stack.length) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      stack.push(...(this.childrenOf.get(current) ?? []));
    }
    return [...seen].sort();
  }

  /** Members of an enumeration, including those of its sub-enumerations. */
  members(enumeration: string): string[] {
    const out = new Set<string>(this.data.classes[enumeration]?.members ?? []);
    for (const sub of this.descendants(enumeration)) for (const m of this.data.classes[sub]?.members ?? []) out.add(m);
    return [...out].sort();
  }

  /** True when the property's domain includes the type or one of its supertypes. */
  propertyApplies(property: string, type: string): boolean {
    const domains = this.data.properties[property]?.domains ?? [];
    const ancestors = this.ancestors(type);
    return domains.some((d) => ancestors.has(d));
  }
}
