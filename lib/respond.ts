/** What the library's entry points share: reading a string input's format, and the response around a result. */
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../runtime/report.ts";
import type { EngineResult } from "../runtime/types.ts";

/** What a string input is; "auto" looks at its first character ("{" or "[" is JSON, anything else HTML). */
export type InputFormat = "auto" | "html" | "json";

export function readsAsJson(text: string, format: InputFormat): boolean {
  if (format !== "auto") return format === "json";
  const first = text.trimStart().charAt(0);
  return first === "{" || first === "[";
}

export function respond(result: EngineResult, started: number, url: string | undefined): ValidationResponse {
  return toValidationResponse(
    result,
    {
      api_version: API_VERSION,
      validated_at: new Date().toISOString(),
      cached: false,
      credits_used: 0,
      response_time_ms: Math.round(performance.now() - started),
    },
    url,
  );
}
