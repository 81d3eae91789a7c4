/** api/errors.ts and docs/errors.md list the same codes, statuses and meanings, in the same order. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { ERRORS, ERROR_CODES } from "../../api/errors.ts";

const doc = readFileSync(new URL("../../docs/errors.md", import.meta.url), "utf8");
const rows = doc
  .split("\n")
  .map((line) => /^\| `([a-z_]+)` \| (\d{3}) \| (.+) \|$/.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => ({ code: m[1], status: Number(m[2]), meaning: m[3] }));

test("docs/errors.md lists exactly the codes of api/errors.ts", () => {
  assert.equal(rows.map((r) => r.code), ERROR_CODES);
});

test("statuses and meanings agree", () => {
  for (const row of rows) {
    const spec = ERRORS[row.code as keyof typeof ERRORS];
    assert.is(row.status, spec.status, row.code);
    assert.is(row.meaning, spec.meaning, row.code);
  }
});

test("the issue's stable codes are all there, with their statuses", () => {
  const expected: Record<string, number> = {
    invalid_request: 400, invalid_email: 400, invalid_url: 400, invalid_plan: 400, invalid_billing: 400,
    missing_api_key: 401, invalid_api_key: 401, inactive_api_key: 403, email_not_found: 404, not_found: 404,
    request_timeout: 408, email_already_registered: 409, event_in_progress: 409, payload_too_large: 413,
    unsupported_media_type: 415, headers_too_large: 431,
    fetch_failed: 422, fetch_timeout: 422, destination_not_allowed: 422, page_too_large: 422,
    unsupported_content_type: 422, too_many_redirects: 422, no_jsonld_found: 422, parse_error: 422, validation_timeout: 422,
    quota_exceeded: 429, rate_limit_exceeded: 429, billing_unavailable: 503, service_unavailable: 503, internal_error: 500,
    batch_timeout: 504,
    render_failed: 422, render_timeout: 422, render_unavailable: 503,
    audit_not_found: 404, audit_in_progress: 409, too_many_audits: 429,
    invalid_verification: 400, mail_unavailable: 503,
  };
  assert.equal(Object.fromEntries(ERROR_CODES.map((c) => [c, ERRORS[c].status])), expected);
});

test.run();
