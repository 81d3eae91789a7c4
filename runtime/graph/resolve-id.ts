/**
 * An @id resolved against the page's URL, as JSON-LD resolves a relative IRI against the document's
 * base ("#organization" on https://site.example/ is https://site.example/#organization). Null for a
 * blank node's id ("_:b0"), which names a node only as written, and for what does not resolve.
 */
export function resolveId(id: string, base: string): string | null {
  if (id.startsWith("_:")) return null;
  try {
    return new URL(id, base).href;
  } catch {
    return null;
  }
}
