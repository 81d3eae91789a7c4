/** Every node-rules block of a rule set (top level, features, nested expect items), each once. */
import type { IrNodeRules, IrRuleSet } from "../ir.ts";

export function eachNodeRules(rs: IrRuleSet, visit: (rules: IrNodeRules) => void): void {
  const seen = new Set<IrNodeRules>();
  const walk = (rules: IrNodeRules | null) => {
    // Untyped nested rules are shared by every class expectation of a property: visit them once.
    if (!rules || seen.has(rules)) return;
    seen.add(rules);
    visit(rules);
    for (const p of rules.properties) for (const e of p.expect) if (e.kind === "class") walk(e.rules);
  };
  walk(rs.rules);
  for (const f of rs.features) walk(f.rules);
}
