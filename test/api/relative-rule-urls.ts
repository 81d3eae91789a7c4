/**
 * API answers carry absolute rule links; the engine's are site-relative. The answer-equals-engine
 * tests compare with the base taken off again here (asserting every link carries exactly that base),
 * rather than with the service's own conversion, so a wrong conversion cannot pass unnoticed.
 */
import * as assert from "uvu/assert";

export function withoutRuleUrlBase<T>(body: T, base: string): T {
  const copy = JSON.parse(JSON.stringify(body)) as { schemas?: Array<{ errors: Array<{ rule_url?: string }>; warnings: Array<{ rule_url?: string }> }> };
  for (const schema of copy.schemas ?? []) {
    for (const issue of [...schema.errors, ...schema.warnings]) {
      if (issue.rule_url === undefined) continue;
      assert.ok(issue.rule_url.startsWith(`${base}/rules/`), `rule_url ${issue.rule_url} is not under ${base}/rules/`);
      issue.rule_url = issue.rule_url.slice(base.length);
    }
  }
  return copy as T;
}
