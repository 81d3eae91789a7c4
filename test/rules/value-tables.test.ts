/**
 * Table tests built from the rule files: in an eligible example of each rule set (and of each
 * feature), every required property that the example holds has each of its value rules broken
 * once; the verdict must name the property (its dotted path) in an error and the node (or the
 * feature) must lose its eligibility. A broken recommended property is a warning. A new rule gets
 * its rows without writing a test. `TABLES=1` prints the rows.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fileURLToPath } from "node:url";
import { compileDirectory } from "../../compiler/compile.ts";
import type { IrNodeRules, IrProperty, IrRuleSet } from "../../compiler/ir.ts";
import { validateValue } from "../../runtime/validate.ts";
import { typeNames } from "../../runtime/graph/type-names.ts";
import { subtypes } from "../../runtime/type-hierarchy.ts";
import type { SchemaResult } from "../../runtime/types.ts";
import { inEnhancement } from "../support/value-corruptions.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const { output } = compileDirectory(root);
if (!output) throw new Error("the rule files do not compile");

type Key = string | number;

/** Values that break one rule of the property each: its enumeration, fixed texts, format, type, bounds, non-empty. */
function brokenValues(p: IrProperty): unknown[] {
  const out: unknown[] = [""];
  if (p.values) out.push("NotAMember");
  else if (p.keywords.some((k) => k.brokenValue !== undefined)) out.push(p.keywords.find((k) => k.brokenValue !== undefined)!.brokenValue);
  else if (p.format !== null) out.push(p.format === "non-empty-text" ? "   " : "not a value ###");
  else if (p.expect.length && p.expect.every((e) => e.kind === "class")) out.push("just text", { "@type": "Widget" });
  else if (p.expect.length && p.expect.every((e) => e.kind === "literal" && (e.literal === "number" || e.literal === "integer"))) out.push("many");
  else if (p.expect.length && p.expect.every((e) => e.kind === "literal" && e.literal === "boolean")) out.push("maybe");
  else if (p.expect.length && p.expect.every((e) => e.kind === "enum")) out.push("NotAMember");
  if (p.min !== null) out.push(p.min - 1);
  return out;
}

function at(data: unknown, path: readonly Key[]): unknown {
  let v: any = data;
  for (const k of path) v = v?.[k];
  return v;
}

function withValue(data: unknown, path: readonly Key[], value: unknown): unknown {
  const copy = structuredClone(data);
  (at(copy, path.slice(0, -1)) as any)[path[path.length - 1]] = value;
  return copy;
}

function pointerPath(pointer: string): Key[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

interface Row {
  property: string;
  level: IrProperty["level"];
  path: Key[];
  value: unknown;
}

/** Every property rule the example holds a value for, at every depth, with its broken values. */
function rows(rules: IrNodeRules, data: unknown, node: Key[], prefix: string, out: Row[]): void {
  const holder = at(data, node) as Record<string, unknown>;
  const requiredGroups = rules.oneOf.filter((g) => g.level === "required");
  for (const p of rules.properties) {
    if (p.name.startsWith("@") || p.keywords.some((k) => k.conditional) || p.malformedWarning) continue;
    const value = holder[p.name];
    if (value === undefined) continue;
    // A one-of member alone in its required group counts as required.
    const alone = requiredGroups.some((g) => g.properties.includes(p.name) && g.properties.filter((m) => holder[m.split(".")[0]] !== undefined).length === 1);
    // So is a property a given sibling makes required (its requires_level: required).
    const companion = rules.properties.some((q) => q.requiresRequired && q.requires.includes(p.name) && holder[q.name] !== undefined);
    const level = alone || companion ? "required" : p.level;
    if (level !== "optional") for (const broken of brokenValues(p)) out.push({ property: prefix + p.name, level, path: [...node, p.name], value: broken });
    const first = Array.isArray(value) ? 0 : null;
    const item = first === null ? value : (value as unknown[])[0];
    if (item === null || typeof item !== "object" || Array.isArray(item)) continue;
    const types = typeNames((item as Record<string, unknown>)["@type"]);
    const match = p.expect.find((e) => e.kind === "class" && e.rules && (types.length === 0 || types.some((t) => subtypes(e.type).has(t))));
    if (match?.kind === "class" && match.rules) rows(match.rules, data, first === null ? [...node, p.name] : [...node, p.name, 0], `${prefix}${p.name}.`, out);
  }
}

const key = (r: Row) => `${r.property} = ${JSON.stringify(r.value)}`;

function schemaOf(results: SchemaResult[], rs: IrRuleSet, path: string): SchemaResult | undefined {
  return results.find((s) => s.type === rs.type && s.path === path);
}

for (const rs of output.ruleSets as IrRuleSet[]) {
  if (!rs.rules || rs.validateAs !== null || rs.deprecated?.kind === "retired") continue;
  const examples = rs.examples.valid.filter((e) => e.eligible !== false);
  // The base rules: an example eligible for the type's own rich result.
  const base = examples.map((e) => ({ e, r: validateValue(e.data).schemas.find((s) => s.type === rs.type && s.rich_result_eligible && s.rich_result.reason.startsWith("Meets")) })).find((x) => x.r);
  if (base?.r && rs.rules) {
    const found: Row[] = [];
    rows(rs.rules, base.e.data, pointerPath(base.r.path), "", found);
    // Breaking an opt-in trigger undoes the detection: that is "not detected", tested elsewhere.
    const triggers = new Set((rs.optIn ?? []).map((t) => t.split(/[.@]/)[0]));
    found.splice(0, found.length, ...found.filter((r) => !triggers.has(r.property)));
    // Inside one of the rule set's enhancements (a recipe's video) a broken required value decides only
    // the enhancement: a warning, as a recommended property's.
    for (const r of found) if (r.level === "required" && inEnhancement(rs, r.property)) r.level = "recommended";
    if (process.env.TABLES) console.log(rs.type, found.map(key).join(" | "));
    test(`${rs.type}: every broken value rule of "${base.e.name}" decides the verdict (${found.length} rows)`, () => {
      const failures: string[] = [];
      for (const row of found) {
        const s = schemaOf(validateValue(withValue(base.e.data, row.path, row.value)).schemas, rs, base.r!.path);
        if (!s) {
          failures.push(`${key(row)}: no result`);
          continue;
        }
        const named = [...s.errors, ...s.warnings].filter((i) => i.property === row.property);
        const got = [...s.errors, ...s.warnings].map((i) => `${i.severity} ${i.code} ${i.property}`).join("; ");
        if (row.level === "required") {
          if (!s.errors.some((i) => i.property === row.property) || s.valid) failures.push(`${key(row)}: no error names it; got ${got}`);
        } else if (named.length === 0) failures.push(`${key(row)}: nothing names it; got ${got}`);
        else if (named.some((i) => i.severity === "error")) failures.push(`${key(row)}: a recommended property's broken value is a warning; got ${got}`);
      }
      assert.equal(failures, []);
    });
  }
  // Each feature: an example eligible for it.
  for (const feature of rs.features) {
    if (feature.retired) continue;
    const hit = examples
      .map((e) => ({ e, r: validateValue(e.data).schemas.find((s) => s.type === rs.type && s.features?.some((f) => f.feature === feature.id && f.eligible)) }))
      .find((x) => x.r);
    if (!hit?.r) continue;
    const found: Row[] = [];
    rows(feature.rules, hit.e.data, pointerPath(hit.r.path), "", found);
    const triggers = new Set(feature.triggers.map((t) => t.split(/[.@]/)[0]));
    const required = found.filter((r) => r.level === "required" && !triggers.has(r.property));
    test(`${rs.type}, ${feature.name}: every broken required value of "${hit.e.name}" ends the feature's eligibility (${required.length} rows)`, () => {
      const failures: string[] = [];
      for (const row of required) {
        const s = schemaOf(validateValue(withValue(hit.e.data, row.path, row.value)).schemas, rs, hit.r!.path);
        const f = s?.features?.find((x) => x.feature === feature.id);
        if (!s || !f || f.eligible) failures.push(`${key(row)}: ${feature.name} still eligible`);
        else if (![...s.errors, ...s.warnings].some((i) => i.property === row.property)) failures.push(`${key(row)}: nothing names it`);
      }
      assert.equal(failures, []);
    });
  }
}

test.run();
