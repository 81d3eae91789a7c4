/**
 * Site audits (additive to the spec; docs/audits.md): create, list, read, page through results, run again,
 * compare runs, delete. Keyed like validation; the work itself runs on the audit workers (api/audits/).
 */
import type { FastifyInstance } from "fastify";
import { requireApiKey } from "../http/auth-hooks.ts";
import { errorResponses } from "../openapi/schemas.ts";
import {
  AuditDiffQuerySchema,
  AuditDiffSchema,
  AuditIdParamsSchema,
  AuditListSchema,
  AuditPagesQuerySchema,
  AuditPagesSchema,
  AuditReportSchema,
  AuditSchema,
  AuditTemplatesSchema,
  CreateAuditBodySchema,
} from "../openapi/audit-schemas.ts";
import { Audits, type CreateAuditBody, type PagesQuery } from "../audits/audits.ts";

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const audits = await Audits.open(app.sdv, app.log);
  app.addHook("onClose", async () => audits.close());

  const keyed = requireApiKey({ allowQueryKey: false });
  const keyedGet = requireApiKey({ allowQueryKey: true });
  const security: Array<Record<string, string[]>> = [{ apiKeyHeader: [] }];
  const getSecurity: Array<Record<string, string[]>> = [{ apiKeyHeader: [] }, { apiKeyQuery: [] }];
  const params = AuditIdParamsSchema;

  app.post(
    "/api/v1/audits",
    {
      onRequest: keyed,
      config: { fieldCodes: { url: "invalid_url", sitemap_url: "invalid_url" }, bodyCode: "invalid_request" },
      schema: {
        tags: ["audits"],
        operationId: "createAudit",
        summary: "Audit a site: discover its pages (robots.txt, sitemaps) and validate each one (1 credit per page validated)",
        security,
        body: CreateAuditBodySchema,
        response: { 202: { ...AuditSchema, description: "The audit, queued; notify.secret appears only here" }, ...errorResponses(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return audits.create(request.account!, request.body as CreateAuditBody);
    },
  );

  app.get(
    "/api/v1/audits",
    {
      onRequest: keyedGet,
      schema: {
        tags: ["audits"],
        operationId: "listAudits",
        summary: "The account's audits, newest first",
        security: getSecurity,
        response: { 200: AuditListSchema, ...errorResponses(401, 403, 429, 503) },
      },
    },
    async (request) => ({ items: await audits.list(request.account!) }),
  );

  app.get(
    "/api/v1/audits/:id",
    {
      onRequest: keyedGet,
      schema: {
        tags: ["audits"],
        operationId: "getAudit",
        summary: "An audit: status, page counts, credits, eligible pages per feature, score bands, issues, worst pages, runs",
        security: getSecurity,
        params,
        response: { 200: AuditSchema, ...errorResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request) => audits.get(request.account!, (request.params as { id: string }).id),
  );

  app.get(
    "/api/v1/audits/:id/pages",
    {
      onRequest: keyedGet,
      schema: {
        tags: ["audits"],
        operationId: "listAuditPages",
        summary: "The latest run's pages, in URL order, cursor-paged, filtered by status, type, feature or issue code",
        security: getSecurity,
        params,
        querystring: AuditPagesQuerySchema,
        response: { 200: AuditPagesSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => audits.pages(request.account!, (request.params as { id: string }).id, request.query as PagesQuery),
  );

  app.post(
    "/api/v1/audits/:id/run",
    {
      onRequest: keyed,
      schema: {
        tags: ["audits"],
        operationId: "runAudit",
        summary: "Run the audit again now (a new run)",
        security,
        params,
        response: { 202: AuditSchema, ...errorResponses(401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return audits.run(request.account!, (request.params as { id: string }).id);
    },
  );

  app.get(
    "/api/v1/audits/:id/diff",
    {
      onRequest: keyedGet,
      schema: {
        tags: ["audits"],
        operationId: "diffAudit",
        summary: "A finished run (?run=, default the latest) against the one before it, or against ?against= (a run's or another audit's id)",
        security: getSecurity,
        params,
        querystring: AuditDiffQuerySchema,
        response: { 200: AuditDiffSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => {
      const query = request.query as { against?: string; run?: string };
      return audits.diff(request.account!, (request.params as { id: string }).id, query.against, query.run);
    },
  );

  app.get(
    "/api/v1/audits/:id/templates",
    {
      onRequest: keyedGet,
      schema: {
        tags: ["audits"],
        operationId: "auditTemplates",
        summary: "The latest run's pages by URL template (/products/*), with eligibility per feature, errors and warnings",
        security: getSecurity,
        params,
        response: { 200: AuditTemplatesSchema, ...errorResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request) => audits.templates(request.account!, (request.params as { id: string }).id),
  );

  app.get(
    "/api/v1/audits/:id/report",
    {
      onRequest: keyedGet,
      schema: {
        tags: ["audits"],
        operationId: "auditReport",
        summary: "Per feature over the finished runs: pages valid, valid with warnings and invalid, and the top issues with example pages",
        security: getSecurity,
        params,
        response: { 200: AuditReportSchema, ...errorResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request) => audits.report(request.account!, (request.params as { id: string }).id),
  );

  app.delete(
    "/api/v1/audits/:id",
    {
      onRequest: keyed,
      schema: {
        tags: ["audits"],
        operationId: "deleteAudit",
        summary: "Stop the audit and delete it with its runs and results",
        security,
        params,
        response: { 204: { type: "null", description: "Deleted" }, ...errorResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      await audits.delete(request.account!, (request.params as { id: string }).id);
      return reply.code(204).send();
    },
  );
}
