/**
 * GET /rules and GET /rules/<Type>: the generated rule pages (generated/site/rules/), for people, so
 * they stay out of the OpenAPI document. A name is only ever a key of the map of pages that exist;
 * another spelling of a known type (event, Event.html) redirects to the one address issues link to.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { findGeneratedSite, loadRulePages, type RulePages } from "../http/generated-site.ts";

/** The pages change only with a deploy; an hour keeps a stale copy short-lived. */
const CACHE_CONTROL = "public, max-age=3600";

export async function rulePagesRoutes(app: FastifyInstance): Promise<void> {
  const site = findGeneratedSite(import.meta.url);
  const pages: RulePages | null = site === null ? null : loadRulePages(site);
  if (pages === null) app.log.warn("generated/site not found: /rules answers 404 (run `npm run compile`)");

  const sendPage = (reply: FastifyReply, status: number, body: Buffer, cacheControl: string) =>
    reply.code(status).type("text/html; charset=utf-8").header("cache-control", cacheControl).header("x-content-type-options", "nosniff").send(body);

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    // Browsers get a page with a way back; API clients the usual ApiError.
    if (pages !== null && (request.headers.accept ?? "").includes("text/html")) return sendPage(reply, 404, pages.notFound, "no-cache");
    throw new ApiError("not_found", "No rule page of that name; GET /api/v1/types lists the types sdv checks.");
  };

  app.get("/rules", { schema: { hide: true } }, async (request, reply) => {
    if (pages === null) return notFound(request, reply);
    return sendPage(reply, 200, pages.index, CACHE_CONTROL);
  });

  const typePage = async (request: FastifyRequest<{ Params: { type: string } }>, reply: FastifyReply, trailingSlash: boolean) => {
    const name = request.params.type;
    if (name === "") return reply.redirect("/rules", 301);
    if (pages === null) return notFound(request, reply);
    const page = trailingSlash ? undefined : pages.byType.get(name);
    if (page !== undefined) return sendPage(reply, 200, page, CACHE_CONTROL);
    const canonical = pages.canonical.get(name.toLowerCase().replace(/\.html$/, ""));
    if (canonical !== undefined) return reply.header("cache-control", CACHE_CONTROL).redirect(`/rules/${canonical}`, 301);
    return notFound(request, reply);
  };
  app.get<{ Params: { type: string } }>("/rules/:type", { schema: { hide: true } }, (request, reply) => typePage(request, reply, false));
  app.get<{ Params: { type: string } }>("/rules/:type/", { schema: { hide: true } }, (request, reply) => typePage(request, reply, true));
}
