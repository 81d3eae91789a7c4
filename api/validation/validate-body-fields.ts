/**
 * What the validate body's schema cannot say in words: exactly one of url and jsonld, and render only
 * with url. (The schema admits two fields so that {url, render} passes; this names what is wrong.)
 * Null when the body is fine.
 */
export function bodyFieldsProblem(body: { url?: unknown; jsonld?: unknown; render?: unknown }): string | null {
  if (body.url !== undefined && body.jsonld !== undefined) return "Give only one of url and jsonld, not both.";
  if (body.url === undefined && body.jsonld === undefined) return "Give one of url and jsonld.";
  if (body.render !== undefined && body.url === undefined) return "render applies to url only: raw JSON-LD has no scripts to run.";
  return null;
}
