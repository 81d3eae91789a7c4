/** GET /api/v1/types: the generated type list, byte for byte (generated/types.json). */
import type { FastifyInstance } from "fastify";
import typesPayload from "../../generated/types.json" with { type: "json" };

export async function typesRoutes(app: FastifyInstance): Promise<void> {
  // Serialized once; a string payload with a JSON content type is sent as is (no schema serializer in between).
  const body = JSON.stringify(typesPayload);
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
      return body;
    },
  );
}
