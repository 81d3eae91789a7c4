/**
 * Raw and rendered, side by side: which nodes of a rendered page were in the server's HTML, which only
 * JavaScript added, and which it changed (and where).
 *
 * Nodes are matched by type and @id; nodes without an @id by type and position (the second Product
 * without an @id matches the second such Product of the raw page), so a script that adds a breadcrumb
 * before the product does not make the product "changed". Values are compared as JSON, property by
 * property, down to a bounded depth: the changed ones are given as dotted paths (`offers.price`, array
 * positions left out, as in issue properties). Pure: the caller hands in both inputs, prepared and checked.
 */
import type { PreparedInput } from "./engine.ts";
import type { Entity } from "./graph/collect.ts";
import { isObject } from "./json.ts";
import type { EngineResult, RenderingSummary, SchemaResult } from "./types.ts";

/** Changed properties listed per node at most; comparing stops this deep. */
const MAX_CHANGED = 50;
const MAX_DEPTH = 12;
/** Values compared per node at most (a hostile page's huge nodes cost no more than this). */
const MAX_STEPS = 20_000;

interface Side {
  prepared: PreparedInput;
  result: EngineResult;
}

interface Keyed {
  result: SchemaResult;
  node: Entity["node"] | null;
  id: string | null;
}

/** Marks every SchemaResult of `rendered` (in place) and adds `summary.rendering`. */
export function compareRendering(rendered: Side, raw: Side): EngineResult {
  const rawKeyed = keyed(raw);
  const byId = new Map<string, Keyed>();
  const byPosition = new Map<string, Keyed[]>();
  for (const k of rawKeyed) {
    if (k.id !== null) {
      const key = `${k.result.type}\u0000${k.id}`;
      if (!byId.has(key)) byId.set(key, k);
    } else {
      const list = byPosition.get(k.result.type) ?? [];
      list.push(k);
      byPosition.set(k.result.type, list);
    }
  }
  const seenPerType = new Map<string, number>();
  const matched = new Set<Keyed>();
  const counts: RenderingSummary = { in_html: 0, added_by_javascript: 0, changed_by_javascript: 0, removed_by_javascript: 0 };
  for (const k of keyed(rendered)) {
    let twin: Keyed | undefined;
    if (k.id !== null) {
      twin = byId.get(`${k.result.type}\u0000${k.id}`);
    } else {
      const n = seenPerType.get(k.result.type) ?? 0;
      seenPerType.set(k.result.type, n + 1);
      twin = byPosition.get(k.result.type)?.[n];
    }
    if (twin === undefined || matched.has(twin)) {
      k.result.rendering = "added-by-javascript";
      counts.added_by_javascript++;
      continue;
    }
    matched.add(twin);
    const changed = k.node !== null && twin.node !== null ? changedProperties(twin.node, k.node) : sameReport(twin.result, k.result) ? [] : ["(node)"];
    if (changed.length === 0) {
      k.result.rendering = "in-html";
      counts.in_html++;
    } else {
      k.result.rendering = "changed-by-javascript";
      k.result.changed_properties = changed;
      counts.changed_by_javascript++;
    }
  }
  counts.removed_by_javascript = rawKeyed.length - matched.size;
  rendered.result.summary.rendering = counts;
  return rendered.result;
}

/** Each result with its node (when it has one: broken blocks and cap results have none) and @id. */
function keyed(side: Side): Keyed[] {
  const byPlace = new Map<string, Entity>();
  side.prepared.entities.forEach((entities) => {
    for (const e of entities) byPlace.set(`${e.block}\u0000${e.path}`, e);
  });
  return side.result.schemas.map((result) => {
    const entity = byPlace.get(`${result.block}\u0000${result.path}`);
    const node = entity?.node ?? null;
    const id = node !== null && typeof node["@id"] === "string" ? node["@id"] : null;
    return { result, node, id };
  });
}

/** Synthetic results (no node) are the same when they report the same issues. */
function sameReport(a: SchemaResult, b: SchemaResult): boolean {
  return a.errors.length === b.errors.length && a.warnings.length === b.warnings.length && a.errors.every((e, i) => e.code === b.errors[i].code);
}

/** Dotted paths of the properties whose values differ (added, removed or changed), in the rendered node's order. */
export function changedProperties(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const out: string[] = [];
  const budget = { steps: MAX_STEPS };
  diffObjects(before, after, "", 0, out, budget);
  return out;
}

function diffObjects(a: Record<string, unknown>, b: Record<string, unknown>, prefix: string, depth: number, out: string[], budget: { steps: number }): void {
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !Object.hasOwn(b, k))];
  for (const key of keys) {
    if (out.length >= MAX_CHANGED) return;
    // JSON-LD keywords are not properties (@type and @id decided the match; @context is the same vocabulary).
    if (key.charCodeAt(0) === 64 /* @ */) continue;
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) {
      out.push(path);
      continue;
    }
    diffValues(a[key], b[key], path, depth + 1, out, budget);
  }
}

function diffValues(a: unknown, b: unknown, path: string, depth: number, out: string[], budget: { steps: number }): void {
  if (--budget.steps < 0) return;
  if (a === b) return;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && depth < MAX_DEPTH) {
    const before = out.length;
    for (let i = 0; i < a.length && out.length < MAX_CHANGED; i++) diffValues(a[i], b[i], path, depth + 1, out, budget);
    // One entry per path, however many list items changed under it.
    dedupeTail(out, before);
    return;
  }
  if (isObject(a) && isObject(b) && depth < MAX_DEPTH) {
    const before = out.length;
    diffObjects(a, b, path, depth, out, budget);
    dedupeTail(out, before);
    return;
  }
  if (!sameJson(a, b, budget, depth)) out.push(path);
}

/** Paths added since `from` that repeat an earlier entry (several list items changed the same property). */
function dedupeTail(out: string[], from: number): void {
  const seen = new Set(out.slice(0, from));
  let w = from;
  for (let r = from; r < out.length; r++) {
    if (seen.has(out[r])) continue;
    seen.add(out[r]);
    out[w++] = out[r];
  }
  out.length = w;
}

/** Past the budget or the depth, values are taken as equal: only what was compared is reported. */
function sameJson(a: unknown, b: unknown, budget: { steps: number }, depth: number): boolean {
  if (--budget.steps < 0 || depth > MAX_DEPTH * 4) return true;
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i], budget, depth + 1));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k], budget, depth + 1));
  }
  return false;
}
