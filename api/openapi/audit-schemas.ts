/** Request and response schemas of the audit routes (api/routes/audits.ts); the OpenAPI document is built from them. */
const nullableString = { type: ["string", "null"] } as const;
const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;
const count = { type: "integer", minimum: 0 } as const;
const counts = {
  type: "object",
  description: "found: pages discovered for the site (sitemaps and links); done: validated (or without structured data); failed: could not be fetched or read; skipped: not audited (robots.txt, another origin, over max_pages). done + failed + skipped = found once the run is done.",
  required: ["found", "done", "failed", "skipped"],
  properties: { found: count, done: count, failed: count, skipped: count },
} as const;
const runStatus = { type: "string", enum: ["queued", "running", "done", "stopped", "failed"] } as const;
const pageStatus = { type: "string", enum: ["pending", "validated", "no_markup", "failed", "skipped"] } as const;

const diffTotals = {
  type: ["object", "null"],
  description: "This run against the previous done run (null for the first run).",
  properties: {
    against: { type: "string" },
    pages_gained: count,
    pages_lost: count,
    new_errors: count,
    fixed_errors: count,
    regressed: { type: "boolean" },
  },
} as const;

export const AuditRunSchema = {
  type: "object",
  required: ["id", "status", "reason", "trigger", "created_at", "started_at", "finished_at", "pages", "credits_used", "diff"],
  properties: {
    id: { type: "string" },
    status: runStatus,
    reason: nullableString,
    trigger: { type: "string", enum: ["created", "manual", "schedule"] },
    created_at: dateTime,
    started_at: nullableDateTime,
    finished_at: nullableDateTime,
    pages: counts,
    credits_used: count,
    diff: diffTotals,
    eligible: { type: ["object", "null"], additionalProperties: count, description: "Pages eligible per feature when the run finished or stopped." },
  },
} as const;

const issueSummary = {
  type: "object",
  properties: { severity: { type: "string", enum: ["error", "warning"] }, type: { type: "string" }, property: { type: "string" }, code: { type: "string" }, pages: count },
} as const;

export const AuditSchema = {
  type: "object",
  required: ["id", "discover", "max_depth", "max_pages", "render", "schedule", "next_run_at", "notify", "created_at", "status", "reason", "pages", "credits_used"],
  properties: {
    id: { type: "string" },
    url: { type: "string", format: "uri" },
    sitemap_url: { type: "string", format: "uri" },
    urls: { type: "array", items: { type: "string", format: "uri" }, description: "List mode: exactly these pages." },
    discover: { type: "string", enum: ["both", "sitemap", "links"], description: "Where the audit finds its pages (sitemap for list mode and for audits made before link discovery)." },
    max_depth: { type: "integer", minimum: 0, description: "Clicks from a seed page (the start page, the sitemaps' pages) that links are followed to." },
    max_pages: { type: "integer", minimum: 1 },
    render: { type: "boolean", description: "Kept with the audit; pages are validated from their HTML as served (see docs/audits.md)." },
    schedule: { type: ["string", "null"], enum: ["daily", "weekly", null] },
    next_run_at: nullableDateTime,
    notify: {
      type: ["object", "null"],
      properties: {
        webhook_url: { type: "string", format: "uri" },
        secret: { type: "string", description: "The webhook's signing secret: only in the answer that created the audit." },
      },
    },
    created_at: dateTime,
    status: { ...runStatus, description: "The latest run's status." },
    reason: { ...nullableString, description: "Why the latest run stopped or failed." },
    pages: counts,
    credits_used: { ...count, description: "Credits charged by every kept run of the audit (1 per page validated)." },
    eligible: { type: "object", additionalProperties: count, description: "The latest run's pages eligible per rich-result feature." },
    scores: { type: "object", additionalProperties: count, description: "The latest run's validated pages per score band (0-49, 50-89, 90-99, 100)." },
    issues: { type: "array", items: issueSummary, description: "The latest run's issues by type and property, with the pages that have each (most first, at most 50)." },
    worst_pages: {
      type: "array",
      items: { type: "object", properties: { url: { type: "string" }, score: count, errors: count } },
      description: "The latest run's lowest-scoring pages (at most 10).",
    },
    runs: { type: "array", items: AuditRunSchema, description: "Newest first (at most 50)." },
  },
} as const;

export const CreateAuditBodySchema = {
  type: "object",
  additionalProperties: false,
  description: "Exactly one of url (the site: robots.txt, its sitemaps and its links from this page on), sitemap_url and urls (list mode).",
  properties: {
    url: { type: "string", maxLength: 2048, description: "Where the crawl starts; a path keeps it to that folder (https://shop.example/products/ audits /products/… only)." },
    sitemap_url: { type: "string", maxLength: 2048 },
    urls: { type: "array", minItems: 1, maxItems: 100_000, items: { type: "string", maxLength: 2048 }, description: "List mode: exactly these pages, all on one site (robots.txt still decides); no discovery." },
    discover: {
      type: "string",
      enum: ["both", "sitemap", "links"],
      description: "both (default): the sitemaps' pages and the pages links reach from the start page and from them; sitemap: the sitemaps' pages only; links: the start page and the pages its links reach.",
    },
    max_depth: { type: "integer", minimum: 0, maximum: 1000, description: "Clicks from a seed page (the start page, the sitemaps' pages) that links are followed to (default 10; 0 follows none)." },
    max_pages: { type: "integer", minimum: 1, maximum: 100_000, description: "Pages at most (default and ceiling: the plan's pages per audit)." },
    render: { type: "boolean" },
    schedule: { type: "string", enum: ["daily", "weekly"] },
    notify: {
      type: "object",
      additionalProperties: false,
      required: ["webhook_url"],
      properties: { webhook_url: { type: "string", maxLength: 2048 } },
    },
  },
} as const;

export const AuditIdParamsSchema = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", maxLength: 100 } },
} as const;

export const AuditPagesQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    cursor: { type: "string", maxLength: 8192 },
    limit: { type: "string", pattern: "^(500|[1-4][0-9]{2}|[1-9][0-9]?)$", description: "Pages per answer, 1 to 500 (default 50)." },
    status: pageStatus,
    type: { type: "string", maxLength: 200 },
    feature: { type: "string", maxLength: 200 },
    code: { type: "string", maxLength: 200 },
    access_key: { type: "string" },
  },
} as const;

export const AuditPageSchema = {
  type: "object",
  required: ["url", "status", "types", "eligible", "score", "errors", "warnings", "issues", "problem", "validated_at"],
  properties: {
    url: { type: "string" },
    status: pageStatus,
    types: { type: "array", items: { type: "string" } },
    eligible: { type: "array", items: { type: "string" }, description: "Rich-result features the page is eligible for." },
    score: { type: ["integer", "null"], minimum: 0, maximum: 100 },
    errors: count,
    warnings: count,
    issues: { type: "array", items: { type: "object", properties: { severity: { type: "string" }, type: { type: "string" }, property: { type: "string" }, code: { type: "string" } } } },
    problem: { type: ["object", "null"], properties: { code: { type: "string" }, message: { type: "string" } } },
    validated_at: nullableDateTime,
  },
} as const;

export const AuditPagesSchema = {
  type: "object",
  required: ["items", "next_cursor"],
  properties: { items: { type: "array", items: AuditPageSchema }, next_cursor: { ...nullableString, description: "null at the end" } },
} as const;

export const AuditListSchema = {
  type: "object",
  required: ["items"],
  properties: { items: { type: "array", items: AuditSchema, description: "The account's audits, newest first (at most 200)." } },
} as const;

export const AuditDiffQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: { against: { type: "string", maxLength: 100 }, run: { type: "string", maxLength: 100 }, access_key: { type: "string" } },
} as const;

const featureCounts = { type: "object", required: ["eligible", "not_eligible"], properties: { eligible: count, not_eligible: count } } as const;

export const AuditTemplatesSchema = {
  type: "object",
  required: ["run", "items"],
  description:
    "The latest run's pages by URL template: path segments that vary among pages sharing the rest of the path collapse into * (/products/*, /blog/*/*, /). Per feature, pages eligible and not (pages with the feature's markup that are not eligible).",
  properties: {
    run: nullableString,
    items: {
      type: "array",
      items: {
        type: "object",
        required: ["template", "pages", "features", "errors", "warnings"],
        properties: { template: { type: "string" }, pages: count, features: { type: "object", additionalProperties: featureCounts }, errors: count, warnings: count },
      },
    },
  },
} as const;

export const AuditReportSchema = {
  type: "object",
  required: ["runs", "features"],
  description:
    "Per rich-result feature over the audit's finished runs (oldest first, at most 10): pages valid, valid with warnings and invalid in each run, and the latest run's top issues with the pages that have each and up to 5 example URLs.",
  properties: {
    runs: { type: "array", items: { type: "object", properties: { run: { type: "string" }, created_at: dateTime, status: runStatus } } },
    features: {
      type: "array",
      items: {
        type: "object",
        required: ["feature", "runs", "top_issues"],
        properties: {
          feature: { type: "string" },
          runs: {
            type: "array",
            items: { type: "object", required: ["run", "valid", "valid_with_warnings", "invalid"], properties: { run: { type: "string" }, valid: count, valid_with_warnings: count, invalid: count } },
          },
          top_issues: {
            type: "array",
            items: {
              type: "object",
              required: ["severity", "code", "property", "pages", "examples"],
              properties: { severity: { type: "string", enum: ["error", "warning"] }, code: { type: "string" }, property: nullableString, pages: count, examples: { type: "array", items: { type: "string" } } },
            },
          },
        },
      },
    },
  },
} as const;

export const AuditDiffSchema = {
  type: "object",
  required: ["run", "against", "diff"],
  description:
    "The per-feature diff of `sdv diff` (runtime/diff/feature-diff.ts): pages that gained and lost eligibility per feature, new and fixed errors by type, code and property; and diff.templates: [{template, pages, features: [{feature, gained, lost}]}], the pages that gained and lost each feature per URL template.",
  properties: {
    run: { type: "string" },
    against: { type: "string" },
    diff: { type: "object", additionalProperties: true },
  },
} as const;
