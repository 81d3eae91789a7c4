/** POST /api/auth/keys: a new key; the one used for the call stops working at once. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { generateApiKey, hashApiKey } from "../../keys/index.ts";
import { requireApiKey } from "../../http/auth-hooks.ts";
import { storeCall } from "../../stores/store-call.ts";
import { RotateKeyResponseSchema, errorResponses } from "../../openapi/schemas.ts";
import { rotateAndRetire } from "../../accounts/retired-keys.ts";

export function rotateKeyRoute(app: FastifyInstance): void {
  app.post(
    "/api/auth/keys",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      schema: {
        tags: ["accounts"],
        operationId: "rotateKey",
        summary: "Rotate the API key: a new key is issued and the one used for this call stops working at once",
        security: [{ apiKeyHeader: [] }],
        body: { type: ["object", "null"], additionalProperties: false, properties: {}, description: "No fields (the body may be omitted)." },
        response: { 201: RotateKeyResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    rotateKey,
  );
}

async function rotateKey(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const ctx = this.sdv;
  const caller = request.account!;
  const apiKey = generateApiKey();
  // Conditional on the presented key: of concurrent rotations, on any number of instances, one wins.
  const rotated = await storeCall(() => rotateAndRetire(ctx.stores.accounts, caller, hashApiKey(apiKey), ctx.cipher.encrypt(apiKey), request.log));
  if (!rotated) {
    throw new ApiError("inactive_api_key", "This API key was replaced by a new one (POST /api/auth/keys); use the new key.");
  }
  request.log.info({ account: rotated.id }, "api key rotated");
  reply.code(201);
  return {
    api_key: apiKey,
    email: rotated.email,
    message: "A new API key was issued. The previous key no longer works; update your integrations.",
  };
}
