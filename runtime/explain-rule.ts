/**
 * What sdv's rules say about one property of a type (level, expected types, value check, fix text,
 * documentation): for the MCP tool explain_rule and the language server's hover. The rules live in the
 * compiled rule sets as code, so the property is probed: a blank text, which no rule accepts, fails the
 * property's rule, and the failure carries the rule (runtime/patches/failed-rule.ts).
 */
import type { RuleRegistry } from "./compiled-rule-set.ts";
import type { PropertyRule } from "./rule-runtime.ts";
import { Run } from "./rule-runtime.ts";
import { FAILED_RULE, type IssueWithRule } from "./patches/failed-rule.ts";
import type { JsonObject } from "./json.ts";
import { acceptedTexts } from "./keywords/fixed-texts.ts";

export interface RuleExplanation {
  type: string;
  /** Dotted from the node, as issues name it (offers.price). */
  property: string;
  level: "required" | "recommended" | "optional";
  expected_types: string[];
  /** The value check, when the property has one (e.g. "ISO 4217 currency code in uppercase, e.g. USD"). */
  format?: string;
  /** The accepted enumeration members or texts, when the property takes only those. */
  values?: string[];
  fix: string;
  google_docs_url: string;
  /** sdv's rule page, site-relative (/rules/Event#startDate). */
  rule_url?: string;
}

type NodeValidator = (node: JsonObject, run: Run, at: string) => void;

/** The rule that judges `segments` under a node of `type`: the type's own rules first, then its features'. */
function ruleFor(registry: RuleRegistry, type: string, segments: readonly string[]): PropertyRule | null {
  const ruleSet = registry.get(type);
  if (!ruleSet) return null;
  for (const validate of [ruleSet.validate, ...ruleSet.features.map((f) => f.validate)]) {
    const rule = ruleIn(validate, type, segments);
    if (rule !== null) return rule;
  }
  return null;
}

function ruleIn(validate: NodeValidator, type: string, segments: readonly string[]): PropertyRule | null {
  const path: JsonObject = { "@type": type };
  let container = path;
  let rule: PropertyRule | null = null;
  for (let i = 0; i < segments.length; i++) {
    // A blank text fails every rule (empty-value), whatever it expects.
    container[segments[i]] = " ";
    rule = probe(validate, path, segments.slice(0, i + 1));
    if (rule === null) return null;
    if (i === segments.length - 1) break;
    // Down one level: an object of the first type the property takes.
    const next = rule.expect.find((e) => e.kind === "class");
    if (!next) return null;
    const child: JsonObject = { "@type": next.type };
    container[segments[i]] = child;
    container = child;
  }
  return rule;
}

function probe(validate: NodeValidator, node: JsonObject, segments: readonly string[]): PropertyRule | null {
  const run = new Run(null);
  validate(node, run, "");
  const pointer = `/${segments.join("/")}`;
  for (const issue of run.issues) {
    const rule = (issue as IssueWithRule)[FAILED_RULE];
    if (rule && issue.path === pointer) return rule;
  }
  return null;
}

export function explainRule(registry: RuleRegistry, type: string, property: string): RuleExplanation | null {
  const ruleSet = registry.get(type);
  if (!ruleSet) return null;
  const rule = ruleFor(registry, type, property.split("."));
  if (rule === null) return null;
  const out: RuleExplanation = {
    type: ruleSet.type,
    property: rule.property,
    level: rule.level,
    expected_types: rule.expect.map((e) => e.type),
    fix: rule.fix,
    google_docs_url: rule.docs,
  };
  if (rule.format) out.format = rule.format.description;
  const values = rule.values ?? acceptedTexts(rule.valueKeywords);
  if (values) out.values = [...values];
  if (rule.rule) out.rule_url = rule.rule;
  return out;
}
