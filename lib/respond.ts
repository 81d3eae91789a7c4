/** What the library's entry points share: reading a string input's format, and the response around a result. */
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../runtime/report.ts";
import type { EngineResult } from "../runtime/types.ts";
import type { Profile } from "../runtime/options/profile.ts";

/** What a string input is; "auto" looks at its first character ("{" or "[" is JSON, anything else HTML). */
export type InputFormat = "auto" | "html" | "json";

export function readsAsJson(text: string, format: InputFormat): boolean {
  if (format !== "auto") return format === "json";
  const first = text.trimStart().charAt(0);
  return first === "{" || first === "[";
}

/** The response around a result; `profile` is said in `meta.profile` (which rules produced it). */
export function respond(result: EngineResult, started: number, url: string | undefined, profile: Profile): ValidationResponse {
  return toValidationResponse(
    result,
    {
      api_version: API_VERSION,
      validated_at: new Date().toISOString(),
      cached: false,
      credits_used: 0,
      response_time_ms: Math.round(performance.now() - started),
      profile,
    },
    url,
  );
}
