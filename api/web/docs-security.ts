/**
 * Security headers of the documentation pages (issue 16: /docs/ and /docs/errors had none, and Swagger UI
 * takes an API key). Swagger UI gets the policy @fastify/swagger-ui computes for its own inline script and
 * style (hashes), tightened: no framing, no third-party fonts, styles or validator badge, no base-uri
 * change, no forms elsewhere. The error-code page is static: nothing but its one inline style, by hash.
 */
import { createHash } from "node:crypto";

export const DOCS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "x-content-type-options": "nosniff",
  // For browsers without frame-ancestors.
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
});

/** Swagger UI's generated policy, tightened. */
export function tightenSwaggerCsp(header: string | string[] | number): string {
  const directives = String(header)
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d !== "" && !d.startsWith("frame-ancestors") && !d.startsWith("base-uri") && d !== "upgrade-insecure-requests")
    .map((d) => d.replace(/\s+https:/g, "").replace(/\s+validator\.swagger\.io/g, ""));
  return [...directives, "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join("; ");
}

/** The policy of a static page whose only non-markup content is the inline <style> `css`. */
export function staticPageCsp(css: string): string {
  const hash = createHash("sha256").update(css).digest("base64");
  return `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}
