/**
 * Normalize step "defaults": what a rule leaves out is filled in, and `{path}` in a fix text is
 * replaced, so one text (in a shared shape) serves every parent. In a property's fix `{path}` is
 * the property's dotted path (`offers.price`); in a one_of group's fix, the path of the node that
 * holds the group (`aggregateRating`). At the top level (a rule set that starts from a shape) the
 * name is quoted, as the rule sets' own texts quote theirs: `{path}` and `{path}.shippingRate` read
 * `"returnFees"` and `"shippingRate"`.
 */
import type { IrExpect, IrNodeRules, IrRuleSet, Level } from "../ir.ts";
import { eachNodeRules } from "./walk.ts";

export function applyDefaults(rs: IrRuleSet): void {
  if (rs.deprecated) rs.deprecated = { ...rs.deprecated, kind: rs.deprecated.kind ?? "retired" };
  eachNodeRules(rs, (rules) => fillNode(rules));
}

function fillNode(rules: IrNodeRules): void {
  for (const p of rules.properties) {
    // A top-level property (a rule set that starts from a shape) is named in quotes, as the
    // rule sets' own top-level texts name theirs: "merchantReturnDays".
    p.fix = p.fix === "" ? defaultFix(p.property, p.level) : withPath(p.fix, p.property.includes(".") ? p.property : `"${p.property}"`);
    p.format ??= defaultFormat(p.expect);
  }
  for (const g of rules.oneOf) {
    const holder = g.property.slice(0, g.property.length - g.properties[0].length).replace(/\.$/, "");
    // At the top level there is no holder: "{path}.shippingRate" reads "\"shippingRate\"".
    g.fix = g.fix === "" ? `Add at least one of ${g.properties.map((p) => `"${p}"`).join(", ")}.` : withPath(holder ? g.fix : g.fix.replace(/\{path\}\.([\w@]+)/g, '"$1"'), holder);
  }
}

const withPath = (text: string, path: string): string => text.split("{path}").join(path);

/**
 * A date or duration type says its format: a value expected only as Date, DateTime or Duration is
 * checked as ISO 8601 at every depth even where the rule names no format (a nested video's
 * uploadDate, a carousel Movie's dateCreated).
 */
function defaultFormat(expect: IrExpect[]): string | null {
  if (expect.length === 0 || !expect.every((e) => e.kind === "literal")) return null;
  const kinds = new Set(expect.map((e) => (e.kind === "literal" ? e.literal : null)));
  // A date-time check, as a date-time passes where a date is asked for (the search engine reads both).
  if ([...kinds].every((k) => k === "date" || k === "datetime")) return "iso8601-datetime";
  if (expect.every((e) => e.type === "Duration")) return "iso8601-duration";
  return null;
}

function defaultFix(property: string, level: Level): string {
  return level === "required" ? `Add "${property}"; the rich result needs it.` : `Add "${property}" for a richer result.`;
}
