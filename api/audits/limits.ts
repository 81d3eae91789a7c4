/**
 * Audit limits per plan (docs/service.md, Plans): pages one audit may validate, and audit runs an account may have
 * queued or running at once. Every validated page also takes one of the plan's monthly credits.
 */
import type { Plan } from "../stores/ports.ts";

export interface AuditLimits {
  pagesPerAudit: number;
  auditsAtOnce: number;
}

export const AUDIT_LIMITS: Readonly<Record<Plan, AuditLimits>> = Object.freeze({
  free: { pagesPerAudit: 100, auditsAtOnce: 1 },
  basic: { pagesPerAudit: 2_000, auditsAtOnce: 2 },
  growth: { pagesPerAudit: 25_000, auditsAtOnce: 3 },
  scale: { pagesPerAudit: 100_000, auditsAtOnce: 5 },
});

export function auditLimits(plan: Plan): AuditLimits {
  return AUDIT_LIMITS[plan] ?? AUDIT_LIMITS.free;
}
