/**
 * Examples of the OpenAPI document. The response examples are real: the engine validates the example
 * Event when the document is built, so they can never drift from what the service answers (only the meta
 * block's clock, timing and credits are fixed values). The linter checks every example against its schema.
 */
import { API_VERSION, toValidationResponse, type ValidationResponse } from "../../runtime/report.ts";
import { validateValue } from "../../runtime/validate.ts";
import { withAbsoluteRuleUrls } from "../http/absolute-rule-urls.ts";
import { ApiError, errorBody } from "../errors.ts";

/** An event listing as a site would publish it (the spec's Event rules: name, startDate with offset, location). */
export const EVENT_EXAMPLE = {
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Jazz night at the Blue Room",
  startDate: "2026-07-21T19:00-05:00",
  endDate: "2026-07-21T23:00-05:00",
  eventStatus: "https://schema.org/EventScheduled",
  eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
  location: {
    "@type": "Place",
    name: "The Blue Room",
    address: {
      "@type": "PostalAddress",
      streetAddress: "1 Main St",
      addressLocality: "Springfield",
      postalCode: "62701",
      addressRegion: "IL",
      addressCountry: "US",
    },
  },
  image: ["https://example.com/photos/jazz-night-1x1.jpg"],
  description: "A night of modern jazz with the Blue Room quartet.",
  offers: {
    "@type": "Offer",
    url: "https://example.com/events/jazz-night/tickets",
    price: "30",
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
    validFrom: "2026-05-01T12:00-05:00",
  },
};

export const EXAMPLE_PAGE_URL = "https://example.com/events/jazz-night";

/** What POST /api/v1/validate answers for EVENT_EXAMPLE on this service (computed by the engine; rule_url made absolute as the API does). */
export function validationExample(publicBaseUrl: string): ValidationResponse {
  return toValidationResponse(withAbsoluteRuleUrls(validateValue(EVENT_EXAMPLE, undefined, { profile: "spec" }), publicBaseUrl), {
    api_version: API_VERSION,
    validated_at: "2026-07-01T12:00:00.000Z",
    cached: false,
    credits_used: 1,
    credits_remaining: 99,
    response_time_ms: 3,
    profile: "spec",
  });
}

export function batchRequestExample(): { items: Array<{ url: string } | { jsonld: unknown }> } {
  return { items: [{ jsonld: EVENT_EXAMPLE }, { url: "https://unreachable.example/events" }] };
}

export function batchResponseExample(publicBaseUrl: string): unknown {
  const failed = errorBody(new ApiError("fetch_failed", "Could not resolve the host unreachable.example."), publicBaseUrl).error;
  return {
    results: [
      { ok: true, status: 200, result: validationExample(publicBaseUrl) },
      { ok: false, status: 422, error: failed },
    ],
    summary: { items: 2, succeeded: 1, failed: 1, credits_used: 1 },
  };
}
