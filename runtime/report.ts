/** The spec's ValidationResponse around an engine result; the service and the CLI share it. */
import type { EngineResult, SchemaResult, ValidationSummary } from "./types.ts";
import type { LimitsReport } from "./limits.ts";
import type { Profile } from "./options/profile.ts";

export const API_VERSION = "1.0.0";

export interface ValidationMeta {
  api_version: string;
  validated_at: string;
  cached: boolean;
  credits_used: number;
  credits_remaining?: number;
  response_time_ms: number;
  /** Additive: the profile whose rules produced the result (the library and the CLI say it; the HTTP API's is its request's). */
  profile?: Profile;
}

export interface ValidationResponse {
  success: true;
  url?: string;
  schemas_found: number;
  schemas: SchemaResult[];
  summary: ValidationSummary;
  /** Additive: present only when a cap of runtime/limits.ts was reached (the lists are truncated). */
  limits?: LimitsReport;
  meta: ValidationMeta;
}

export function toValidationResponse(result: EngineResult, meta: ValidationMeta, url?: string): ValidationResponse {
  // url sits after success, as in the spec's field order, and only for URL requests.
  return {
    success: true,
    ...(url !== undefined ? { url } : {}),
    schemas_found: result.schemas.length,
    schemas: result.schemas,
    summary: result.summary,
    ...(result.limits !== undefined ? { limits: result.limits } : {}),
    meta,
  };
}
