/**
 * Whether a `.json` file found by walking a folder or by a glob holds JSON-LD, and so is an input: a site's
 * folder also holds its package.json, sdv.config.json, a web manifest and data files, which are not
 * structured data and must not fail the run. JSON-LD: a top-level object with `@context` or `@type`, or
 * an array of such objects. A file that is not JSON at all counts when it names `@context` or `@type`
 * (JSON-LD with comments: the google profile reads it, the spec profile says why not).
 */
import { readFileSync } from "node:fs";

const isJsonLdNode = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value) && ("@context" in value || "@type" in value);

export function holdsJsonLd(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // Unreadable: kept as an input, so that the report says why it could not be read.
    return true;
  }
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return /"@(context|type)"\s*:/.test(text);
  }
  return Array.isArray(value) ? value.length > 0 && value.every(isJsonLdNode) : isJsonLdNode(value);
}
