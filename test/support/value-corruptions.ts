/**
 * The generated set of value corruptions (issue 25): every documentation example of
 * ../shared/corpus/google-examples with a rule set, and in it every value the compiled rules check,
 * broken one at a time the way real markup breaks it: a URL that is a phrase ("books page"), a date
 * that is a word ("today"), a currency that is a word ("dollars"), an enumeration or a boolean that is
 * neither ("sometimes"), a number that is a word, an object the documentation asks for given as
 * text, an empty required text. Only the first value of a list is broken, and only where the example
 * gives the value.
 *
 * The expected severity is the documentation's level as the rule files record it: a broken value of
 * a required property is an error (a broken required value is a missing one), of a recommended or
 * optional one a warning; a rule marked `malformed_warning` (the documentation tolerates the form)
 * expects a warning, and so does a value inside one of the rule set's enhancements (a recipe's video, a
 * forum post's comments: optional markup that decides only the enhancement). A corruption is caught when the node checked by the example's rule set reports
 * an issue naming the corrupted property (or the object holding it) with that severity, and, for an
 * error, is not valid. A binding feature's rules (paywalled content) count as the node's own; other
 * features only decide their own eligibility and are left out.
 *
 * The oracle comes from the compiler's normalized rules (compileDirectory), not from the generated
 * validators, so a rule the validators fail to apply shows as a miss.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileDirectory } from "../../compiler/compile.ts";
import type { IrExpect, IrNodeRules, IrProperty, IrRuleSet } from "../../compiler/ir.ts";
import { ruleSetFor } from "../../generated/index.ts";
import { topLevelEntities } from "../../runtime/graph/collect.ts";
import { typeNames } from "../../runtime/graph/type-names.ts";
import { subtypes } from "../../runtime/type-hierarchy.ts";
import { isObject, type JsonObject } from "../../runtime/json.ts";
import { validateValue } from "../../runtime/validate.ts";
import { detected } from "../../runtime/features.ts";

export interface Corruption {
  /** Example file and the dotted property broken in it. */
  file: string;
  ruleType: string;
  property: string;
  kind: string;
  value: unknown;
  expected: "error" | "warning";
  /** The whole document with the one value broken. */
  doc: unknown;
  /** Index of the broken node among the example's nodes checked by ruleType. */
  target: number;
}

export interface Outcome {
  corruption: Corruption;
  caught: boolean;
  /** What was reported on the property, for the miss list. */
  seen: string;
}

const URL_FORMATS = new Set(["absolute-url", "http-url", "image-url"]);
const DATE_FORMATS = new Set(["iso8601", "iso8601-date", "iso8601-datetime", "iso8601-datetime-tz", "iso8601-interval"]);
const NUMBER_FORMATS = new Set(["price", "number", "decimal", "integer", "positive-integer"]);

/** The corruption a property's rules can tell from a good value, or null when none applies. */
function corruptionFor(p: IrProperty, value: unknown): { kind: string; value: unknown } | null {
  const literals = p.expect.filter((e): e is Extract<IrExpect, { kind: "literal" }> => e.kind === "literal").map((e) => e.literal);
  const classes = p.expect.filter((e) => e.kind === "class");
  const enums = p.expect.filter((e) => e.kind === "enum");
  const textValues = p.keywords.find((k) => k.accepts !== undefined)?.accepts;
  if (textValues !== undefined && typeof value === "string" && textValues.every((t) => /^https?:\/\/schema\.org\//.test(t))) return { kind: "bare member name", value: value.replace(/^.*\//, "") };
  if (p.values !== null || (enums.length > 0 && literals.length === 0 && classes.length === 0)) return { kind: "not a member", value: "sometimes" };
  if (p.format === "iso4217") return { kind: "currency word", value: "dollars" };
  if (p.format !== null && URL_FORMATS.has(p.format)) return typeof value === "string" ? { kind: "not a URL", value: "books page" } : null;
  if (p.format !== null && DATE_FORMATS.has(p.format)) return typeof value === "string" ? { kind: "date word", value: "today" } : null;
  if (p.format !== null && NUMBER_FORMATS.has(p.format)) return typeof value === "number" || typeof value === "string" ? { kind: "number word", value: "many" } : null;
  if (literals.length > 0 && literals.every((l) => l === "boolean")) return { kind: "boolean word", value: "sometimes" };
  if (literals.length > 0 && literals.every((l) => l === "date" || l === "datetime") && typeof value === "string") return { kind: "date word", value: "today" };
  if (literals.length > 0 && literals.every((l) => l === "url") && typeof value === "string") return { kind: "not a URL", value: "books page" };
  if (classes.length > 0 && literals.length === 0 && isObject(value)) return { kind: "text for an object", value: "see the page" };
  if (literals.length > 0 && literals.every((l) => l === "text") && typeof value === "string" && p.level === "required") return { kind: "empty text", value: "" };
  return null;
}

/** The class expectation a value of the property is checked by (its @type among the accepted names). */
function expectFor(p: IrProperty, value: JsonObject): Extract<IrExpect, { kind: "class" }> | null {
  const types = typeNames(value["@type"]);
  for (const e of p.expect) {
    if (e.kind !== "class" || e.rules === null) continue;
    const accepted = new Set(e.accepts.flatMap((a) => [...subtypes(a)]));
    if (types.length === 0 ? e.type === "Thing" : types.some((t) => accepted.has(t) || accepted.has(t.replace(/^https?:\/\/schema\.org\//, "")))) return e;
  }
  return null;
}

interface Site {
  property: string;
  /** Keys from the target node to the value. */
  keys: Array<string | number>;
  p: IrProperty;
  value: unknown;
  /** Every property from the node down to this one is required. */
  requiredChain: boolean;
}

/** Every checked value under `node`, by the rules that check it. */
function sites(node: JsonObject, rules: IrNodeRules, keys: Array<string | number>, requiredChain: boolean, depth: number, out: Site[]): void {
  if (depth > 6) return;
  for (const p of rules.properties) {
    if (p.name.startsWith("@") || !(p.name in node)) continue;
    const raw = node[p.name];
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (first === undefined || first === null) continue;
    const at = Array.isArray(raw) ? [...keys, p.name, 0] : [...keys, p.name];
    const chain = requiredChain && p.level === "required";
    out.push({ property: p.property, keys: at, p, value: first, requiredChain: chain });
    if (isObject(first)) {
      const e = expectFor(p, first);
      if (e?.rules) sites(first, e.rules, at, chain, depth + 1, out);
    }
  }
}

function setAt(root: unknown, keys: Array<string | number>, value: unknown): void {
  let v = root as Record<string | number, unknown>;
  for (const k of keys.slice(0, -1)) v = v[k] as Record<string | number, unknown>;
  v[keys[keys.length - 1]] = value;
}

function targetsOf(doc: unknown, ruleType: string): JsonObject[] {
  return topLevelEntities(doc, 0)
    .map((e) => e.node)
    .filter((n) => typeNames(n["@type"]).some((t) => ruleSetFor.get(t)?.type === ruleType));
}

/** The property is (inside) optional markup that decides only one of the rule set's enhancements. */
export function inEnhancement(ir: IrRuleSet, property: string): boolean {
  return ir.enhancements.some((e) => property === e.property || property.startsWith(`${e.property}.`));
}

export function compiledRuleSets(repoRoot: string): Map<string, IrRuleSet> {
  const { output, diagnostics } = compileDirectory(repoRoot);
  if (!output) throw new Error(`rules do not compile: ${diagnostics.length} problems`);
  return new Map(output.ruleSets.map((rs) => [rs.type, rs]));
}

export function generateCorruptions(examplesDir: string, ruleSets: Map<string, IrRuleSet>): Corruption[] {
  const out: Corruption[] = [];
  for (const file of readdirSync(examplesDir).filter((f) => f.endsWith(".json")).sort()) {
    const text = readFileSync(join(examplesDir, file), "utf8");
    const clean = JSON.parse(text);
    // Every top-level node with a rule set, whatever the file is named after (a book feed is a
    // DataFeed in Book-1.json; the paywall example in CreativeWork-1.json is a NewsArticle).
    const ruleTypes = new Set(topLevelEntities(clean, 0).flatMap((e) => typeNames(e.node["@type"]).map((t) => ruleSetFor.get(t)?.type).filter((t): t is string => t !== undefined)));
    for (const ruleType of [...ruleTypes].sort()) {
      const ir = ruleSets.get(ruleType);
      if (!ir?.rules || ir.deprecated?.kind === "retired") continue;
      targetsOf(clean, ruleType).forEach((node, target) => {
        const found: Site[] = [];
        sites(node, ir.rules!, [], true, 0, found);
        // A binding feature's rules are the node's own once its markup is there (paywalled content).
        for (const feature of ir.features) if (feature.binding && feature.triggers.some((t) => t.split(/[.@]/)[0] in node)) sites(node, feature.rules, [], true, 0, found);
        const seen = new Set<string>();
        for (const site of found) {
          const key = site.keys.join("/");
          if (seen.has(key)) continue;
          seen.add(key);
          const corruption = corruptionFor(site.p, site.value);
          if (!corruption) continue;

          const level = site.p.level;
          if (level === "optional" && site.p.format === null && site.p.values === null && corruption.kind !== "text for an object") continue;
          const doc = JSON.parse(text);
          const copy = targetsOf(doc, ruleType)[target];
          setAt(copy, site.keys, corruption.value);
          // Replacing the only value an opt-in rule set is detected by (a book feed's one Book entity)
          // makes other markup of the node (an ordinary feed), not a broken value of this one.
          if (ir.optIn && !detected(ir.optIn, copy)) continue;
          out.push({
            file,
            ruleType,
            property: site.property,
            kind: corruption.kind,
            value: corruption.value,
            expected: level === "required" && !site.p.malformedWarning && !inEnhancement(ir, site.property) ? "error" : "warning",
            doc,
            target,
          });
        }
      });
    }
  }
  return out;
}

/** Runs one corruption and says whether the node reported it with the expected severity. */
export function judge(c: Corruption): Outcome {
  const result = validateValue(c.doc);
  const schemas = result.schemas.filter((s) => s.type === c.ruleType);
  const s = schemas[c.target] ?? schemas[0];
  if (!s) return { corruption: c, caught: false, seen: "no result for the node" };
  const names = (property: string) => property === c.property || c.property.startsWith(`${property}.`);
  const errors = s.errors.filter((i) => names(i.property));
  const warnings = s.warnings.filter((i) => names(i.property));
  const caught = c.expected === "error" ? errors.length > 0 && !s.valid : warnings.length > 0 || errors.length > 0;
  const seen = [...errors.map((i) => `error ${i.code} ${i.property}`), ...warnings.map((i) => `warning ${i.code} ${i.property}`)].join("; ") || "nothing";
  return { corruption: c, caught, seen };
}
