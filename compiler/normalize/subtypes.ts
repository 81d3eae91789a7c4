/**
 * Normalize step "subtype expansion": an expected class accepts its Schema.org subtypes, listed
 * once here so the runtime compares names without the vocabulary.
 */
import type { IrRuleSet } from "../ir.ts";
import type { VocabularyIndex } from "../../runtime/vocabulary.ts";
import { eachNodeRules } from "./walk.ts";

export function expandSubtypes(rs: IrRuleSet, vocabulary: VocabularyIndex): void {
  eachNodeRules(rs, (rules) => {
    for (const p of rules.properties) {
      p.expect = p.expect.map((e) => (e.kind === "class" ? { ...e, accepts: [e.type, ...vocabulary.descendants(e.type)] } : e));
    }
  });
}
