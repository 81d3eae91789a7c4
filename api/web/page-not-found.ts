/**
 * A GET for an address that is no page nor endpoint (a mistyped /dashboard/audit, an old bookmark): a
 * browser gets an HTML page with the ways back, in the web pages' look and under their CSP; an API
 * client, and anything under /api/, the spec's not_found error as before.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";

const PAGE =
  "<!DOCTYPE html>\n" +
  '<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
  "<title>Page not found · sdv</title>\n" +
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n<link rel="stylesheet" href="/rules.css">\n</head>\n<body>\n' +
  '<main id="main-content">\n<h1>Page not found</h1>\n<p>sdv has no page at this address.</p>\n<ul>\n' +
  '<li><a href="/">The playground</a>: check a page, HTML or JSON-LD</li>\n' +
  '<li><a href="/dashboard">The dashboard</a>: your key, plan and usage</li>\n' +
  '<li><a href="/rules">The rule pages</a>: what sdv checks for each type</li>\n' +
  '<li><a href="/docs">The API reference</a></li>\n' +
  "</ul>\n</main>\n</body>\n</html>\n";

/** A browser's navigation: it asks for HTML first (API clients and fetch() ask for JSON or anything). */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0];
  return !path.startsWith("/api/") && /\btext\/html\b/i.test(request.headers.accept ?? "");
}

export async function pageNotFoundRoute(app: FastifyInstance): Promise<void> {
  // A wildcard route is the last match: every page, asset, rule page and endpoint is found before it.
  app.get("/*", { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request)) {
      const path = request.url.split("?")[0].slice(0, 200);
      throw new ApiError("not_found", `No endpoint ${request.method} ${path}.`);
    }
    return reply.code(404).type("text/html; charset=utf-8").header("cache-control", "no-cache").send(PAGE);
  });
}
