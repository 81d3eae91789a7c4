/**
 * JSON Schemas of every request and response. Routes use them for validation and serialization, and
 * @fastify/swagger turns them into the OpenAPI 3.1 document (GET /openapi.json). Shared shapes are
 * registered once with an $id (app.addSchema) and referenced as { $ref: "Name#" }; they become
 * components.schemas.Name in the document.
 *
 * Response schemas list the spec's fields plus the additive ones (issue code, path,
 * line, column; schema block, path, matched_type, checked, features, score): a field missing here would be
 * silently dropped by the serializer.
 */
import { CODE_PATTERN, REQUEST_ID_PATTERN } from "../accounts/verification-format.ts";
import { ERROR_CODES } from "../errors.ts";
import { PAID_PLANS, PLAN_NAMES, BILLING_PERIODS } from "../billing/plans.ts";

const uri = { type: "string", format: "uri" } as const;
const nonNegative = { type: "integer", minimum: 0 } as const;
const stringList = { type: "array", items: { type: "string" } } as const;

export const ApiErrorDetailSchema = {
  $id: "ApiErrorDetail",
  type: "object",
  description: "The error member of an ApiError (also the error of a failed batch item).",
  required: ["code", "message"],
  properties: {
    code: { type: "string", enum: ERROR_CODES, description: "Machine-readable and stable." },
    message: { type: "string", description: "Human-readable." },
    docs_url: { ...uri, description: "Explanation of the code." },
    upgrade_url: { ...uri, description: "Present on quota_exceeded." },
    retry_after_seconds: { type: "integer", minimum: 1, description: "Present on rate_limit_exceeded; equals the Retry-After header." },
  },
} as const;

export const ApiErrorSchema = {
  $id: "ApiError",
  type: "object",
  description: "Every error answer. error.code is stable across versions; error.message wording is not.",
  required: ["success", "error"],
  properties: {
    success: { type: "boolean", const: false },
    error: { $ref: "ApiErrorDetail#" },
  },
} as const;

export const ValidationIssueSchema = {
  $id: "ValidationIssue",
  type: "object",
  required: ["severity", "property", "message", "fix"],
  properties: {
    severity: { type: "string", enum: ["error", "warning"] },
    property: { type: "string", description: "Property name (nested: dotted path from the node, e.g. offers.price). Stable." },
    message: { type: "string", description: "Human-readable; wording may change." },
    fix: { type: "string" },
    google_docs_url: uri,
    rule_url: { ...uri, description: "The rule on sdv's rule page of the type, e.g. https://sdv.example/rules/Event#startDate (additive; absent for findings no rule of the page raised, such as vocabulary warnings)." },
    one_of: { ...stringList, description: "For code missing-one-of: every member of the group; property is the first (additive)." },
    code: { type: "string", description: "Stable kebab-case issue code (additive)." },
    patch: {
      type: "array",
      description:
        "The mechanical fix as an RFC 6902 JSON Patch against the JSON-LD block the node came from, pointers relative to the block: a test of the value found, then its replacement (and, for a price that named its currency, priceCurrency added). Present only where the fix has one reading; never on Microdata or RDFa (additive).",
      items: {
        type: "object",
        required: ["op", "path", "value"],
        properties: {
          op: { type: "string", enum: ["test", "replace", "add"] },
          path: { type: "string" },
          value: {},
        },
      },
    },
    path: { type: "string", description: "JSON Pointer of the issue inside its block (additive)." },
    line: { type: "integer", minimum: 1, description: "Line in the submitted text or page, where known (additive)." },
    column: { type: "integer", minimum: 1, description: "Column in the submitted text or page, where known (additive)." },
  },
} as const;

export const SchemaResultSchema = {
  $id: "SchemaResult",
  type: "object",
  required: [
    "type",
    "valid",
    "rich_result_eligible",
    "deprecated",
    "errors",
    "warnings",
    "properties_found",
    "properties_missing_required",
    "properties_missing_recommended",
    "rich_result",
  ],
  properties: {
    type: { type: "string", description: "The @type found; subtypes normalized to the parent type." },
    valid: { type: "boolean" },
    rich_result_eligible: { type: "boolean" },
    deprecated: { type: "boolean" },
    deprecation_note: { type: ["string", "null"] },
    errors: { type: "array", items: { $ref: "ValidationIssue#" } },
    warnings: { type: "array", items: { $ref: "ValidationIssue#" } },
    properties_found: stringList,
    properties_missing_required: stringList,
    properties_missing_recommended: stringList,
    rich_result: {
      type: "object",
      required: ["eligible", "reason", "google_docs_url"],
      properties: { eligible: { type: "boolean" }, reason: { type: "string" }, google_docs_url: uri },
    },
    matched_type: { type: "string", description: "The @type as written when it was normalized to a parent (additive)." },
    id: { type: "string", maxLength: 2048, description: "The node's own @id as written, when it has one (additive)." },
    block: { type: "integer", minimum: 0, description: "0-based index of the block: JSON-LD blocks in page order, then one block for the page's Microdata items and one for its RDFa nodes (additive)." },
    path: { type: "string", description: "JSON Pointer of the node inside its block (additive)." },
    syntax: { type: "string", enum: ["json-ld", "microdata", "rdfa"], description: "The syntax the node was written in (additive)." },
    checked: { type: "boolean", description: "false for types without a rule set: reported, not checked (additive)." },
    score: { type: "integer", minimum: 0, maximum: 100, description: "This node's score; the summary score is their mean, under 50 when any has an error (additive)." },
    omitted: {
      type: "object",
      description: "What this node's lists leave out at the caps (additive; present only when something was).",
      required: ["errors", "warnings", "properties_found"],
      properties: { errors: nonNegative, warnings: nonNegative, properties_found: nonNegative },
    },
    rendering: {
      type: "string",
      enum: ["in-html", "added-by-javascript", "changed-by-javascript"],
      description:
        "Rendered validations only (render=true; additive): the node is in the server's HTML as rendered, only JavaScript added it, or JavaScript changed it (see changed_properties). Matched by type and @id, else by type and position.",
    },
    changed_properties: {
      ...stringList,
      description: "With changed-by-javascript (additive): the properties JavaScript added, removed or changed, as dotted paths (offers.price).",
    },
    notes: {
      ...stringList,
      description: "What sdv could not check on this node and why (additive; not issues): e.g. self-serving reviews without the page's URL.",
    },
    features: {
      type: "array",
      description: "Eligibility per rich-result feature (additive).",
      items: {
        type: "object",
        required: ["feature", "name", "eligible", "reason", "google_docs_url", "missing"],
        properties: {
          feature: { type: "string" },
          name: { type: "string" },
          eligible: { type: "boolean" },
          reason: { type: "string" },
          google_docs_url: uri,
          missing: stringList,
        },
      },
    },
  },
} as const;

/** Additive: which rules a validation applies (runtime/options/profile.ts). A URL's cached result is kept per profile. */
export const ProfileSchema = {
  type: "string",
  enum: ["spec", "google"],
  // No `default` here: the app's ajv fills defaults in, and a batch item must be able to name none.
  description:
    "Which rules apply (additive; default spec): spec, the service spec's rules; google, what the search engine's own test accepts where the two differ " +
    "(a date-only Event startDate is a warning, JSON-LD with comments is read with a warning (a trailing comma stays a parse error), recommendations the search engine's documentation dropped are not warned).",
} as const;

export const ValidationResponseSchema = {
  $id: "ValidationResponse",
  type: "object",
  required: ["success", "schemas_found", "schemas", "summary", "meta"],
  properties: {
    success: { type: "boolean", const: true },
    url: { ...uri, description: "Present for URL requests: the URL as normalized (fragment removed)." },
    schemas_found: nonNegative,
    schemas: { type: "array", items: { $ref: "SchemaResult#" } },
    summary: {
      type: "object",
      required: ["total_schemas", "valid_schemas", "invalid_schemas", "total_errors", "total_warnings", "rich_result_eligible", "score"],
      properties: {
        total_schemas: nonNegative,
        valid_schemas: nonNegative,
        invalid_schemas: nonNegative,
        total_errors: nonNegative,
        total_warnings: nonNegative,
        rich_result_eligible: nonNegative,
        score: { type: "integer", minimum: 0, maximum: 100 },
        rendering: {
          type: "object",
          description: "Rendered validations only (render=true; additive): nodes by where they come from; removed_by_javascript counts nodes of the server's HTML gone after the scripts ran.",
          required: ["in_html", "added_by_javascript", "changed_by_javascript", "removed_by_javascript"],
          properties: { in_html: nonNegative, added_by_javascript: nonNegative, changed_by_javascript: nonNegative, removed_by_javascript: nonNegative },
        },
      },
    },
    limits: {
      type: "object",
      description:
        "Additive; present only when a cap was reached: the report is truncated (later blocks and nodes not validated, issues past the listing caps counted instead of listed). summary counts every issue found in what was validated.",
      required: [
        "truncated",
        "caps",
        "blocks_found",
        "blocks_not_validated",
        "nodes_found",
        "nodes_not_validated",
        "properties_not_checked",
        "values_not_checked",
        "issues_found",
        "issues_listed",
        "omitted_issues",
      ],
      properties: {
        truncated: { type: "boolean", const: true },
        caps: {
          type: "object",
          required: ["blocks", "nodes", "properties_per_object", "values_per_property", "issues_per_node", "issues_per_answer"],
          properties: {
            blocks: nonNegative,
            nodes: nonNegative,
            properties_per_object: nonNegative,
            values_per_property: nonNegative,
            issues_per_node: nonNegative,
            issues_per_answer: nonNegative,
            issues_found_per_request: nonNegative,
          },
        },
        blocks_found: nonNegative,
        blocks_not_validated: nonNegative,
        nodes_found: nonNegative,
        nodes_not_validated: nonNegative,
        properties_not_checked: nonNegative,
        values_not_checked: nonNegative,
        issues_found: nonNegative,
        issues_listed: nonNegative,
        schemas_not_listed: {
          ...nonNegative,
          description: "A batch item past the batch's answer cap (about 4 MiB): its schemas are not listed (schemas is empty), summary counts them all.",
        },
        omitted_issues: {
          type: "object",
          required: ["errors", "warnings", "by_code", "by_property"],
          properties: {
            errors: nonNegative,
            warnings: nonNegative,
            by_code: { type: "object", description: "Issue code -> issues left out, most frequent first.", additionalProperties: nonNegative },
            by_property: {
              type: "object",
              description: "Property -> issues left out, the 50 most frequent; the rest added up under \"(other)\".",
              additionalProperties: nonNegative,
            },
          },
        },
      },
    },
    meta: {
      type: "object",
      required: ["api_version", "validated_at", "cached", "credits_used", "credits_remaining", "response_time_ms"],
      properties: {
        api_version: { type: "string" },
        validated_at: { type: "string", format: "date-time" },
        cached: { type: "boolean", description: "true when served from the 1-hour URL cache." },
        credits_used: { type: "integer", minimum: 0, maximum: 1 },
        credits_remaining: nonNegative,
        response_time_ms: nonNegative,
        profile: { ...ProfileSchema, description: "Additive: the profile whose rules made the report (the request's, spec when it names none)." },
      },
    },
  },
} as const;

export const TypeEntrySchema = {
  $id: "TypeEntry",
  type: "object",
  required: ["type", "also_matches", "status", "tier", "google_docs_url", "rules_url", "required_properties", "recommended_properties"],
  properties: {
    type: { type: "string" },
    also_matches: stringList,
    status: { type: "string", enum: ["supported", "coming_soon", "planned", "deprecated"] },
    tier: { type: "integer", enum: [0, 1, 2, 3, 4] },
    google_docs_url: uri,
    rules_url: { ...uri, description: "sdv's rule page of the type: every property, accepted values and examples (additive)." },
    required_properties: stringList,
    recommended_properties: stringList,
    required_one_of: { type: "array", items: stringList, description: "Required groups: at least one member of each is needed (additive)." },
    opt_in_triggers: { ...stringList, description: "The type's rich result is opt-in: checked only when one of these is present (additive)." },
    features: {
      type: "array",
      description: "Further rich-result features fed by the same node, each with its own requirements on top of the type's (additive).",
      items: {
        type: "object",
        required: ["id", "name", "google_docs_url", "required_properties", "recommended_properties"],
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          google_docs_url: uri,
          opt_in_triggers: stringList,
          retired_since: { type: "string", format: "date" },
          required_properties: stringList,
          recommended_properties: stringList,
          required_one_of: { type: "array", items: stringList },
        },
      },
    },
    note: { type: "string" },
  },
} as const;

export const TypesResponseSchema = {
  $id: "TypesResponse",
  type: "object",
  required: ["types", "total_supported", "total_coming_soon", "total_planned", "total_deprecated", "schema_org_version", "last_updated"],
  properties: {
    types: { type: "array", items: { $ref: "TypeEntry#" } },
    total_supported: nonNegative,
    total_coming_soon: nonNegative,
    total_planned: nonNegative,
    total_deprecated: nonNegative,
    schema_org_version: { type: "string" },
    last_updated: { type: "string", format: "date" },
  },
} as const;

const email = { type: "string", maxLength: 320, description: "E-mail address (trimmed and lower-cased)." } as const;

export const EmailBodySchema = {
  type: "object",
  required: ["email"],
  additionalProperties: false,
  properties: { email },
} as const;

export const VerificationPendingSchema = {
  type: "object",
  description:
    "Only when the server sets ACCOUNT_VERIFICATION=email: a one-time code was mailed to the address; no key yet. " +
    "POST /api/auth/verify with this request_id and the mailed code returns the key (the signup or login answer).",
  required: ["status", "request_id", "email", "expires_at", "verify_url", "message"],
  properties: {
    status: { type: "string", const: "verification_sent" },
    request_id: { type: "string", pattern: REQUEST_ID_PATTERN, description: "Binds the mailed code to this request: keep it; the code alone completes nothing." },
    email: { type: "string", format: "email" },
    expires_at: { type: "string", format: "date-time", description: "The code is refused after this instant (VERIFICATION_TTL_SECONDS, 10 minutes by default)." },
    verify_url: { type: "string", format: "uri", description: "Where to send request_id and code (POST)." },
    message: { type: "string" },
  },
} as const;

export const VerifyBodySchema = {
  type: "object",
  required: ["request_id", "code"],
  additionalProperties: false,
  properties: {
    request_id: { type: "string", pattern: REQUEST_ID_PATTERN, description: "The request_id of the 202 answer to signup or login." },
    code: { type: "string", pattern: CODE_PATTERN, description: "The one-time code from the mail." },
  },
} as const;

const accountCore = {
  api_key: { type: "string", pattern: "^sdv_live_[0-9a-f]{32}$" },
  email: { type: "string", format: "email" },
  plan: { type: "string", enum: PLAN_NAMES },
  requests_limit: { type: "integer", minimum: 0, description: "Validations per calendar month (UTC) on the plan." },
  dashboard_url: uri,
} as const;

export const SignupResponseSchema = {
  type: "object",
  description: "The new account and its API key",
  required: ["api_key", "email", "plan", "requests_limit", "dashboard_url", "message"],
  properties: { ...accountCore, message: { type: "string" } },
} as const;

export const LoginResponseSchema = {
  type: "object",
  description: "The account's API key and usage in the current month (UTC)",
  required: ["api_key", "email", "plan", "requests_limit", "requests_used", "credits_remaining", "dashboard_url", "period_resets_at", "rate_limit_per_minute"],
  properties: {
    ...accountCore,
    requests_used: { type: "integer", minimum: 0, description: "Validations charged in the current month." },
    credits_remaining: nonNegative,
    period_resets_at: {
      type: "string",
      format: "date-time",
      description: "Start of the next billing period (00:00 UTC on the 1st of next month), when requests_used goes back to 0. Added field.",
    },
    rate_limit_per_minute: {
      type: "integer",
      minimum: 1,
      description: "Requests a minute the service applies to this account: the plan's, or the server's RATE_LIMIT_PER_MINUTE when it sets one. Added field.",
    },
  },
} as const;

/** GET /api/auth/account: the same fields as login, read with the key instead of the e-mail. */
export const AccountResponseSchema = {
  ...LoginResponseSchema,
  description: "The account of the API key sent: plan, usage in the current month (UTC), when it resets, and the key",
} as const;

export const CheckoutBodySchema = {
  type: "object",
  required: ["plan"],
  additionalProperties: false,
  properties: {
    plan: { type: "string", enum: PAID_PLANS },
    billing: { type: "string", enum: BILLING_PERIODS, default: "monthly" },
  },
} as const;

export const CheckoutResponseSchema = {
  type: "object",
  description: "Where to send the user to pay",
  required: ["url"],
  properties: { url: { ...uri, description: "The payment provider's hosted checkout page." } },
} as const;

export const RotateKeyResponseSchema = {
  type: "object",
  description: "The new API key (the previous one stopped working)",
  required: ["api_key", "email", "message"],
  properties: { api_key: accountCore.api_key, email: accountCore.email, message: { type: "string" } },
} as const;

export const ValidateQuerySchema = {
  type: "object",
  required: ["url"],
  additionalProperties: false,
  properties: {
    url: { type: "string", description: "Fully qualified http or https URL of the page (URL-encode it)." },
    access_key: { type: "string", description: "The API key, instead of the x-api-key header (GET only)." },
    profile: ProfileSchema,
    render: { type: "string", enum: ["true", "false"], description: "true: Validate the page after its JavaScript ran (headless Chromium, every request under the same fetch policy), each node marked in-html, added-by-javascript or changed-by-javascript against the server's HTML. Cached apart from the raw result; 1 credit, like any validation." },
  },
} as const;

export const ValidateBodySchema = {
  type: "object",
  description: "Exactly one of url and jsonld, optionally profile; render only with url.",
  additionalProperties: false,
  minProperties: 1,
  // render with jsonld passes the schema; the route names the problem (validate-body-fields.ts).
  oneOf: [{ required: ["url"] }, { required: ["jsonld"] }],
  properties: {
    profile: ProfileSchema,
    url: { type: "string", description: "Fully qualified http or https URL of the page to fetch and validate." },
    render: { type: "boolean", description: "With url: Validate the page after its JavaScript ran (headless Chromium, every request under the same fetch policy), each node marked in-html, added-by-javascript or changed-by-javascript against the server's HTML. Cached apart from the raw result; 1 credit, like any validation." },
    jsonld: {
      description: "JSON-LD to validate: an object, an array of objects (a graph), or a string holding JSON text (a pasted script block). Never cached.",
      // additionalProperties: true says "any object" to generators: a bare { type: "object" } becomes an
      // object type without properties (Record<string, never> in openapi-typescript), refusing every real one.
      anyOf: [
        { type: "object", additionalProperties: true },
        { type: "array", minItems: 1, items: { type: "object", additionalProperties: true } },
        { type: "string", minLength: 1 },
      ],
    },
  },
} as const;

/** Items of one POST /api/v1/validate/batch. */
export const BATCH_MAX_ITEMS = 50;

export const ValidateBatchBodySchema = {
  type: "object",
  required: ["items"],
  additionalProperties: false,
  properties: {
    profile: { ...ProfileSchema, description: `${ProfileSchema.description} The batch's profile applies to every item that names none.` },
    items: {
      type: "array",
      minItems: 1,
      maxItems: BATCH_MAX_ITEMS,
      description: `1 to ${BATCH_MAX_ITEMS} validations, each the body of one POST /api/v1/validate: {url} or {jsonld}.`,
      items: ValidateBodySchema,
    },
  },
} as const;

export const BatchItemSuccessSchema = {
  $id: "BatchItemSuccess",
  type: "object",
  description: "An item validated: the ValidationResponse the same POST /api/v1/validate would have answered.",
  required: ["ok", "status", "result"],
  properties: {
    ok: { type: "boolean", const: true },
    status: { type: "integer", const: 200, description: "The HTTP status of the same single call." },
    duplicate_of: { ...nonNegative, description: "Present on a duplicate (same normalized URL or JSON-LD text): the index of the item whose answer this repeats, without work or charge." },
    result: { $ref: "ValidationResponse#" },
  },
} as const;

export const BatchItemFailureSchema = {
  $id: "BatchItemFailure",
  type: "object",
  description: "An item that could not be validated (0 credits): the error the same POST /api/v1/validate would have answered.",
  required: ["ok", "status", "error"],
  properties: {
    ok: { type: "boolean", const: false },
    duplicate_of: { ...nonNegative, description: "Present on a duplicate: the index of the item whose error this repeats." },
    status: { type: "integer", minimum: 400, maximum: 599, description: "The HTTP status of the same single call (400, 422, 429, 500, 503), or 504 batch_timeout: the batch's deadline passed before the item finished." },
    error: { $ref: "ApiErrorDetail#" },
  },
} as const;

export const ValidationBatchResponseSchema = {
  $id: "ValidationBatchResponse",
  type: "object",
  required: ["results", "summary"],
  properties: {
    results: {
      type: "array",
      description: "One entry per item, in the order of the request's items.",
      items: { oneOf: [{ $ref: "BatchItemSuccess#" }, { $ref: "BatchItemFailure#" }] },
    },
    summary: {
      type: "object",
      required: ["items", "succeeded", "failed", "credits_used"],
      properties: {
        items: nonNegative,
        succeeded: nonNegative,
        failed: nonNegative,
        credits_used: { ...nonNegative, description: "Credits charged for the whole batch: fresh validations only (cache hits and failures are free)." },
      },
    },
  },
} as const;

export const HealthResponseSchema = {
  type: "object",
  description: "Alive, and every store answers",
  required: ["status", "stores"],
  properties: {
    status: { type: "string", enum: ["ok"] },
    stores: {
      type: "object",
      required: ["accounts", "cache", "rate_limiter"],
      properties: {
        accounts: { type: "string" },
        cache: { type: "string" },
        rate_limiter: { type: "string" },
      },
    },
    api_version: { type: "string" },
    uptime_seconds: nonNegative,
    rendering: {
      type: "object",
      description: "Whether validations with render=true can run here (a Chromium was found); without it they answer 503 render_unavailable.",
      required: ["available"],
      properties: { available: { type: "boolean" } },
    },
  },
} as const;

export const WebhookResponseSchema = {
  type: "object",
  description: "The event was received (and applied, at most once)",
  required: ["received"],
  properties: {
    received: { type: "boolean", const: true },
    duplicate: { type: "boolean", description: "true when the event id was already processed (applied once)." },
  },
} as const;

export const SHARED_SCHEMAS = [
  ApiErrorDetailSchema,
  ApiErrorSchema,
  ValidationIssueSchema,
  SchemaResultSchema,
  ValidationResponseSchema,
  TypeEntrySchema,
  TypesResponseSchema,
  BatchItemSuccessSchema,
  BatchItemFailureSchema,
  ValidationBatchResponseSchema,
] as const;

/** Response entries for the error statuses a route can answer. */
export function errorResponses(...statuses: number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of statuses) out[String(status)] = { $ref: "ApiError#", description: STATUS_TEXT[status] ?? "Error" };
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request",
  401: "Missing or invalid API key",
  403: "Inactive API key",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "The page or JSON-LD cannot be validated",
  429: "Rate limit or quota exceeded",
  500: "Internal error",
  503: "Unavailable",
};
