/**
 * `@type` as written: a short name, a full Schema.org URL (http or https, with or without www),
 * or a prefixed name. All become the short name; other vocabularies keep their full IRI so that
 * they are reported, never mistaken for Schema.org types.
 */
const PREFIXES = ["https://schema.org/", "http://schema.org/", "https://www.schema.org/", "http://www.schema.org/", "schema:"];

export function shortTypeName(raw: string): string {
  const name = raw.trim();
  if (name.charCodeAt(0) === 104 /* h */ || name.charCodeAt(0) === 115 /* s */) {
    for (const prefix of PREFIXES) if (name.startsWith(prefix)) return name.slice(prefix.length);
  }
  return name;
}

/**
 * Arrays for single string @type values, shared: callers only read them (the readonly type says
 * so). Not frozen: V8 takes slow paths for iteration and filter on frozen arrays.
 */
const singleTypeCache = new Map<string, readonly string[]>();
const NO_TYPES: readonly string[] = [];
/**
 * The last string asked for and its array: the walks meet runs of one type (a breadcrumb's ListItems,
 * a product's offers), and a comparison is cheaper than the map's look-up.
 */
let lastValue: string | null = null;
let lastNames: readonly string[] = NO_TYPES;

export function typeNames(value: unknown): readonly string[] {
  if (typeof value === "string") {
    if (value === lastValue) return lastNames;
    let cached = singleTypeCache.get(value);
    if (!cached) {
      if (singleTypeCache.size > 4096) singleTypeCache.clear();
      cached = [shortTypeName(value)];
      singleTypeCache.set(value, cached);
    }
    lastValue = value;
    lastNames = cached;
    return cached;
  }
  if (value === undefined) return NO_TYPES;
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value) if (typeof item === "string") out.push(shortTypeName(item));
    return out;
  }
  return [];
}
