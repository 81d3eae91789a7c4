import type { Vocabulary, VocabClass, VocabProperty } from "../runtime/vocabulary-types.ts";

type Node = Record<string, unknown>;

const asArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const ids = (v: unknown): string[] =>
  asArray(v)
    .map((x) => (typeof x === "object" && x !== null ? String((x as Node)["@id"]) : String(x)))
    .filter((id) => id.startsWith("schema:"))
    .map((id) => id.slice("schema:".length));

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key];
  return out;
}

/** Pure: release JSON-LD in, compact deterministic vocabulary out. */
export function buildVocabulary(release: unknown, sourceName: string): Vocabulary {
  const graph = (release as { "@graph"?: Node[] })["@graph"];
  if (!Array.isArray(graph)) throw new Error("the release file has no @graph");
  const versionMatch = /v(\d+\.\d+)/.exec(sourceName);

  const classes: Record<string, VocabClass> = {};
  const properties: Record<string, VocabProperty> = {};
  const memberTypes: Array<[string, string[]]> = [];

  for (const node of graph) {
    const id = String(node["@id"]);
    if (!id.startsWith("schema:")) continue;
    const name = id.slice("schema:".length);
    const types = asArray(node["@type"]).map(String);
    const pending = ids(node["schema:isPartOf"]).length > 0 || asArray(node["schema:isPartOf"]).some((p) => String((p as Node)["@id"] ?? p).includes("pending"));
    const supersededBy = ids(node["schema:supersededBy"]);
    if (types.includes("rdfs:Class")) {
      const entry: VocabClass = { parents: sorted(ids(node["rdfs:subClassOf"])) };
      if (types.includes("schema:DataType")) entry.datatype = true;
      if (pending) entry.pending = true;
      if (supersededBy.length) entry.superseded_by = supersededBy[0];
      classes[name] = entry;
    } else if (types.includes("rdf:Property")) {
      const entry: VocabProperty = {
        domains: sorted(ids(node["schema:domainIncludes"])),
        ranges: sorted(ids(node["schema:rangeIncludes"])),
      };
      if (pending) entry.pending = true;
      if (supersededBy.length) entry.superseded_by = supersededBy[0];
      properties[name] = entry;
    }
    // Enumeration members are typed by their enumeration; some are classes too (e.g. medical specialties).
    const enumTypes = types.filter((t) => t.startsWith("schema:")).map((t) => t.slice("schema:".length));
    if (enumTypes.length && !types.includes("rdfs:Class") && !types.includes("rdf:Property")) {
      memberTypes.push([name, enumTypes]);
    } else if (enumTypes.some((t) => t !== "DataType")) {
      memberTypes.push([name, enumTypes.filter((t) => t !== "DataType")]);
    }
  }

  // DataType members (Text, Number...) are classes typed schema:DataType; give them the DataType parent.
  for (const [member, enums] of memberTypes) {
    for (const enumName of enums) {
      const cls = classes[enumName];
      if (!cls) continue;
      (cls.members ??= []).push(member);
    }
  }
  for (const cls of Object.values(classes)) if (cls.members) cls.members = sorted(cls.members);

  return {
    schema_org_version: versionMatch ? versionMatch[1] : "unknown",
    source: sourceName,
    classes: sortKeys(classes),
    properties: sortKeys(properties),
  };
}
