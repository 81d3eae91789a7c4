/**
 * GET /api/v1/types: the generated type list (generated/types.json), each entry with the absolute
 * address of its rule page added (`rules_url`, from PUBLIC_BASE_URL, so it is built here and not
 * at compile time).
 */
import type { FastifyInstance } from "fastify";
import typesPayload from "../../generated/types.json" with { type: "json" };
import { releaseName, schemaOrgVersion } from "../../runtime/type-hierarchy.ts";

/** The payload with `rules_url` after each entry's google_docs_url (the field it sits beside in meaning). */
export function typesWithRuleLinks(rulesRoot: string): typeof typesPayload {
  return {
    ...typesPayload,
    // The release in force: the vocabulary the engine runs on (`SCHEMAORG_VERSION` at build; V29.4 by default).
    schema_org_version: releaseName(schemaOrgVersion()),
    types: typesPayload.types.map((entry) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(entry)) {
        out[key] = value;
        if (key === "google_docs_url") out.rules_url = `${rulesRoot}/${entry.type}`;
      }
      return out as (typeof typesPayload.types)[number];
    }),
  };
}

export async function typesRoutes(app: FastifyInstance): Promise<void> {
  // Serialized once per rule-page root (it changes once, when PORT=0 learns its port); a string payload with a
  // JSON content type is sent as is (no schema serializer in between).
  let body = { root: "", text: "" };
  const bodyFor = (root: string) => (body.root === root ? body.text : (body = { root, text: JSON.stringify(typesWithRuleLinks(root)) }).text);
  app.get(
    "/api/v1/types",
    {
      schema: {
        tags: ["validation"],
        operationId: "listTypes",
        security: [],
        summary: "The types sdv validates, with their status, tier and (tier 1) required and recommended properties",
        response: { 200: { $ref: "TypesResponse#", description: "The type list" } },
      },
    },
    async (_request, reply) => {
      reply.type("application/json; charset=utf-8");
      return bodyFor(app.sdv.urls.rules);
    },
  );
}
