/**
 * Normalize step "shape inlining": every expect item naming a `shape` is replaced by the shape's
 * rules with the item's own keys laid over them. Pure: the raw file is never changed, a new tree
 * is returned. Per-use overrides work key by key inside each property rule (`level`, `fix`, ...),
 * new properties take the place the use gives them (propertyOrder), and a one_of group naming the same members as a
 * shape's group replaces that group's keys; other groups are added. A rule file's own top-level
 * `shape` works the same way on its top-level rules, so a type that is both a rule set and nested in
 * others (the offer-level return policy, an offer's shipping details) is written once, and so does a
 * feature's `shape` on the feature's requirements (a book's book actions and the feed's works). A
 * shape with a `feature` header is a whole feature several types share (paywalled content): a feature
 * naming it takes its id, name, page and triggers from the header, its own keys laid over them.
 */
import type { RawExpectNode, RawFeature, RawOneOf, RawPropertyMap, RawPropertyRule, RawRuleFile, RawShapeFile } from "../raw.ts";
import type { DiagnosticCode } from "../diagnostics.ts";
import type { Path } from "../stages/context.ts";

export type ShapeLibrary = ReadonlyMap<string, RawShapeFile>;
export type Report = (code: DiagnosticCode, path: Path, message: string) => void;
export interface ShapeUse {
  shape: string;
  type: string;
  path: Path;
}

export function inlineShapes(raw: RawRuleFile, shapes: ShapeLibrary, report: Report, uses: ShapeUse[] = []): RawRuleFile {
  const walker = new Inliner(shapes, report, uses);
  const { shape: _topShape, ...rest } = raw;
  const out: RawRuleFile = rest;
  const top = startFrom(raw.shape, raw, [], raw.type, shapes, report, uses);
  if (top.properties) out.properties = top.properties;
  if (top.one_of) out.one_of = top.one_of;
  const nodeCheck = raw.node_check ?? (raw.shape !== undefined ? shapes.get(raw.shape)?.node_check : undefined);
  if (nodeCheck) out.node_check = nodeCheck;
  if (out.properties) out.properties = walker.map(out.properties, ["properties"], top.stack);
  if (raw.features) {
    out.features = raw.features.map((f: RawFeature, i: number): RawFeature => {
      if (!f || typeof f !== "object") return f;
      const { shape: _featureShape, ...feature } = f;
      const own = startFrom(f.shape, f, ["features", i], raw.type, shapes, report, uses);
      const header = f.shape === undefined ? undefined : shapes.get(f.shape)?.feature;
      const merged: RawFeature = { ...header, ...feature };
      if (merged.id === undefined || merged.name === undefined || merged.google_docs_url === undefined) {
        report("reference", ["features", i, "shape"], `shape "${f.shape}" has no feature header: give the feature its own id, name and google_docs_url`);
        return null as unknown as RawFeature;
      }
      if (own.properties) merged.properties = walker.map(own.properties, ["features", i, "properties"], own.stack);
      if (own.one_of) merged.one_of = own.one_of;
      return merged;
    });
  }
  return out;
}

/**
 * The requirements a rule file's top level or one of its features start from: its own, laid over
 * the shape it names (none: its own as they are).
 */
function startFrom(
  name: string | undefined,
  own: { properties?: RawPropertyMap; one_of?: RawOneOf[] },
  at: Path,
  type: string,
  shapes: ShapeLibrary,
  report: Report,
  uses: ShapeUse[],
): { properties?: RawPropertyMap; one_of?: RawOneOf[]; stack: string[] } {
  const plain = { properties: own.properties, one_of: own.one_of, stack: [] as string[] };
  if (name === undefined) return plain;
  const shape = shapes.get(name);
  if (!shape) {
    report("reference", [...at, "shape"], `shape "${name}" has no file in rules-src/shapes/`);
    return plain;
  }
  uses.push({ shape: name, type, path: at.length ? [...at, "shape"] : ["type"] });
  return { ...layer(shape, own.properties, own.one_of), stack: [name] };
}

class Inliner {
  constructor(
    private readonly shapes: ShapeLibrary,
    private readonly report: Report,
    private readonly uses: ShapeUse[],
  ) {}

  map(props: RawPropertyMap, path: Path, stack: string[]): RawPropertyMap {
    const out: RawPropertyMap = {};
    for (const [name, rule] of Object.entries(props)) out[name] = this.rule(rule, [...path, name], stack);
    return out;
  }

  private rule(rule: RawPropertyRule, path: Path, stack: string[]): RawPropertyRule {
    if (!rule || typeof rule !== "object") return rule;
    const out: RawPropertyRule = { ...rule };
    if (rule.properties) out.properties = this.map(rule.properties, [...path, "properties"], stack);
    if (Array.isArray(rule.expect)) {
      out.expect = rule.expect.map((item, i) => (typeof item === "string" || !item ? item : this.item(item, [...path, "expect", i], stack)));
    }
    return out;
  }

  private item(item: RawExpectNode, path: Path, stack: string[]): RawExpectNode {
    let merged: RawExpectNode = item;
    if (item.shape !== undefined) {
      const shape = this.shapes.get(item.shape);
      if (!shape) {
        this.report("reference", [...path, "shape"], `shape "${item.shape}" has no file in rules-src/shapes/`);
        const { shape: _dropped, ...rest } = item;
        merged = rest;
      } else if (stack.includes(item.shape)) {
        this.report("reference", [...path, "shape"], `shape "${item.shape}" uses itself (${[...stack, item.shape].join(" -> ")})`);
        const { shape: _dropped, ...rest } = item;
        merged = rest;
      } else {
        this.uses.push({ shape: item.shape, type: item.type, path: [...path, "type"] });
        merged = overlay(shape, item);
        stack = [...stack, item.shape];
      }
    }
    return merged.properties ? { ...merged, properties: this.map(merged.properties, [...path, "properties"], stack) } : merged;
  }
}

function overlay(shape: RawShapeFile, use: RawExpectNode): RawExpectNode {
  const { shape: _name, properties: ownProps, one_of: ownGroups, ...ownKeys } = use;
  const { properties, one_of: groups } = layer(shape, ownProps, ownGroups);
  const out: RawExpectNode = { type: ownKeys.type };
  const nodeCheck = ownKeys.node_check ?? shape.node_check;
  if (nodeCheck) out.node_check = nodeCheck;
  if (properties) out.properties = properties;
  if (groups) out.one_of = groups;
  if (ownKeys.rules_of !== undefined) out.rules_of = ownKeys.rules_of;
  if (ownKeys.not_eligible !== undefined) out.not_eligible = ownKeys.not_eligible;
  return out;
}

/** The shape's properties and groups with a use's own laid over them (absent when there are none). */
function layer(shape: RawShapeFile, ownProps: RawPropertyMap | undefined, ownGroups: RawOneOf[] | undefined): { properties?: RawPropertyMap; one_of?: RawOneOf[] } {
  const shapeProps = shape.properties ?? {};
  const properties: RawPropertyMap = {};
  for (const name of propertyOrder(Object.keys(shapeProps), Object.keys(ownProps ?? {}))) {
    const base = shapeProps[name];
    const own = ownProps?.[name];
    properties[name] = base && own ? { ...base, ...own } : (own ?? base);
  }
  const sameMembers = (a: RawOneOf, b: RawOneOf) => a.properties.length === b.properties.length && a.properties.every((p) => b.properties.includes(p));
  const groups: RawOneOf[] = (shape.one_of ?? []).map((g) => {
    const own = ownGroups?.find((o) => sameMembers(o, g));
    return own ? { ...g, ...own } : g;
  });
  for (const own of ownGroups ?? []) if (!groups.some((g) => sameMembers(g, own))) groups.push(own);
  const out: { properties?: RawPropertyMap; one_of?: RawOneOf[] } = {};
  if (Object.keys(properties).length) out.properties = properties;
  if (groups.length) out.one_of = groups;
  return out;
}

/**
 * The order of the merged properties (it is the order of the issues in a report): the use's own
 * keys as it lists them, each shape property the use leaves out right after the shape property
 * before it (at the start when none is before it). A use that lists the shape's properties where
 * its page has them (the event page's availability before price) keeps that order, and a use that
 * names none gets the shape's first.
 */
export function propertyOrder(shapeKeys: string[], ownKeys: string[]): string[] {
  const own = new Set(ownKeys);
  const out: string[] = [];
  const followers = (from: number) => {
    for (let i = from; i < shapeKeys.length && !own.has(shapeKeys[i]); i++) out.push(shapeKeys[i]);
  };
  followers(0);
  for (const key of ownKeys) {
    out.push(key);
    const at = shapeKeys.indexOf(key);
    if (at >= 0) followers(at + 1);
  }
  return out;
}
