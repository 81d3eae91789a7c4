// What Adobe's validator expects as input, for the two child processes that run it (adobe-validate.mjs,
// adobe-validate-files.mjs).

/**
 * web-auto-extractor's JSON-LD output shape from a parsed JSON-LD document: top-level items (arrays
 * flattened, @graph nodes lifted) grouped by @type.
 */
export function toWaeData(value) {
  const jsonld = {};
  const add = (item) => (jsonld[String(item?.["@type"])] ??= []).push(item);
  for (const item of Array.isArray(value) ? value : [value]) {
    if (Array.isArray(item?.["@graph"])) item["@graph"].forEach(add);
    else add(item);
  }
  return { jsonld };
}
