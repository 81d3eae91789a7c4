/** The project's policy after validation: expectations checked on each page, expired ignores said once. */
import type { Outcome } from "../outcome.ts";
import { unmetExpectation, type ProjectPolicy } from "./project-policy.ts";

export function checkExpectations(outcomes: Outcome[], policy: ProjectPolicy): void {
  if (!policy.hasExpectations) return;
  for (const o of outcomes) {
    // A page that could not be read at all fails on its own (exit 2); one without markup fails what it was expected to carry.
    if (o.failure && o.failure.code !== "no_jsonld_found") continue;
    for (const e of policy.expectationsFor(o.source)) {
      const why = unmetExpectation(e, o.response?.schemas ?? null);
      if (why !== null) (o.findings ??= []).push({ code: "expectation-not-met", severity: "error", message: why });
    }
  }
}

export function warnExpired(policy: ProjectPolicy, source: string | null): void {
  for (const { index, entry } of policy.expired) {
    const what = [entry.files ?? entry.urls, entry.type, entry.code, entry.property].filter(Boolean).join(" ");
    console.error(`sdv: warning: ${source ?? "config"}: ignore[${index}] (${what}: "${entry.reason}") expired on ${entry.until}; it no longer applies. Fix the issue, or give it a later "until".`);
  }
}
