/**
 * GET and POST /api/v1/validate, and (registered from here, to share one engine) POST /api/v1/validate/batch.
 *
 *   auth + per-minute limit (onRequest) -> input checks (400, 422 parse_error for jsonld text)
 *   -> one validation (validation/validations.ts: cache, single flight, credit reserved and released once)
 *   -> the answer budget (http/answer-budget.ts) -> the answer's text as serialized where it was made
 */
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { requireApiKey } from "../http/auth-hooks.ts";
import { answerBudgetExceeded, chargeAnswerBytes, countPaidAnswerBytes } from "../http/answer-budget.ts";
import { answerBytes, answerText, type Answer } from "../validation/answer.ts";
import { ValidateBodySchema, ValidateQuerySchema, errorResponses } from "../openapi/schemas.ts";
import { INLINE_MAX_CHARS } from "../validation/validation-pool.ts";
import type { JsonLdTextCheck } from "../validation/inspect-body.ts";
import { asValidateBody } from "../validation/validation-job.ts";
import { Validations, type CallContext, type JsonLdSubmission } from "../validation/validations.ts";
import { bodyFieldsProblem } from "../validation/validate-body-fields.ts";
import { ApiError } from "../errors.ts";
import { validateBatchRoutes } from "./validate-batch.ts";
import { mcpRoutes } from "./mcp.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import { clientGone } from "../http/client-gone.ts";

const validateResponses = { 200: { $ref: "ValidationResponse#", description: "The validation report (ValidationResponse)" }, ...errorResponses(400, 401, 403, 413, 415, 422, 429, 500, 503) };

export async function validateRoutes(app: FastifyInstance, options: { batchDeadlineMs?: number }): Promise<void> {
  const validations = new Validations(app.sdv);
  app.addHook("onClose", async () => validations.close());
  const pool = validations.pool;
  // The batch route shares this engine (one page-fetch limit, one single-flight map, one worker pool); it is
  // a child plugin with its own body parser, since a batch body is not a validate body.
  await app.register(validateBatchRoutes, { validations, deadlineMs: options.batchDeadlineMs });
  // The MCP endpoint validates through the same service: same credits, cache and limits.
  await app.register(mcpRoutes, { validations });

  /**
   * Large bodies are parsed in a worker, never on the main thread (inspect-body.ts): the route's schema
   * checks see a small stand-in of the same shape, and the validation gets the text.
   */
  const largeBodies = new WeakMap<FastifyRequest, { text: string; ldJson: boolean; jsonldText?: JsonLdTextCheck }>();
  const jsonParser = app.getDefaultJsonParser("error", "error");
  const parseKeeping = (ldJson: boolean) => (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = body as string;
    if (text.length <= INLINE_MAX_CHARS) {
      jsonParser(request, text, (err: Error | null, value?: unknown) => {
        if (err) return done(err, undefined);
        done(null, ldJson ? asValidateBody(value) : value);
      });
      return;
    }
    pool.inspectBody(text, ldJson).then(
      (inspection) => {
        // The same error the app's JSON parser gives for any body it refuses.
        if (!inspection.ok) return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        largeBodies.set(request, { text, ldJson, jsonldText: inspection.jsonldText });
        done(null, inspection.stub);
      },
      (err: Error) => done(err, undefined),
    );
  };
  // This plugin's own parsers (encapsulated: other routes keep the app's).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseKeeping(false));
  // application/ld+json: the body may be the JSON-LD itself, or the same {url}|{jsonld} object as JSON.
  app.addContentTypeParser("application/ld+json", { parseAs: "string" }, parseKeeping(true));

  app.get(
    "/api/v1/validate",
    {
      // A HEAD would run (and charge) a validation whose report it cannot return.
      exposeHeadRoute: false,
      onRequest: requireApiKey({ allowQueryKey: true }),
      config: { fieldCodes: { url: "invalid_url" }, bodyCode: "invalid_url" },
      schema: {
        tags: ["validation"],
        operationId: "validateUrl",
        summary: "Fetch a page and validate its JSON-LD blocks (results cached for 1 hour)",
        security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
        querystring: ValidateQuerySchema,
        response: validateResponses,
      },
    },
    async (request, reply) => {
      const { url, profile, render } = request.query as { url: string; profile?: Profile; render?: "true" | "false" };
      return validateUrl(request, reply, url, profile, render === "true");
    },
  );

  app.post(
    "/api/v1/validate",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      config: { fieldCodes: { url: "invalid_url" }, bodyCode: "invalid_request", exactlyOneOf: true },
      schema: {
        tags: ["validation"],
        operationId: "validate",
        summary: "Validate a page by URL ({url}) or raw JSON-LD ({jsonld}: object, array of objects, or JSON text)",
        security: [{ apiKeyHeader: [] }],
        consumes: ["application/json", "application/ld+json"],
        body: ValidateBodySchema,
        response: validateResponses,
      },
    },
    async (request, reply) => {
      const body = request.body as { url?: string; jsonld?: unknown; profile?: Profile; render?: boolean };
      const problem = bodyFieldsProblem(body);
      if (problem !== null) throw new ApiError("invalid_request", problem);
      if (body.url !== undefined) return validateUrl(request, reply, body.url, body.profile, body.render === true);
      return validateJsonLd(request, reply, body.jsonld, body.profile);
    },
  );

  const call = (request: FastifyRequest, reply: FastifyReply, profile: Profile | undefined): CallContext => ({
    log: request.log,
    elapsedMs: () => reply.elapsedTime,
    profile,
    signal: clientGone(reply),
  });

  async function validateUrl(request: FastifyRequest, reply: FastifyReply, rawUrl: string, profile: Profile | undefined, render = false): Promise<string> {
    return send(request, reply, await validations.url(request.account!, rawUrl, call(request, reply, profile), { render }));
  }

  /**
   * The answer's text, as it was serialized where the validation ran (or as the cache stored it), after its
   * bytes are counted against the key's answer budget (answer-budget.ts).
   */
  async function send(request: FastifyRequest, reply: FastifyReply, answer: Answer): Promise<string> {
    if (answer.meta.credits_used > 0) {
      countPaidAnswerBytes(request, answerBytes(answer));
    } else {
      const budget = await chargeAnswerBytes(request, answerBytes(answer));
      if (budget.over > 0) throw answerBudgetExceeded(budget);
    }
    reply.type("application/json; charset=utf-8");
    return answerText(answer);
  }

  async function validateJsonLd(request: FastifyRequest, reply: FastifyReply, jsonld: unknown, profile: Profile | undefined): Promise<string> {
    const large = largeBodies.get(request);
    let input: JsonLdSubmission;
    if (typeof jsonld === "string") {
      // A large text was checked in the worker that parsed the body; a small one is checked by the engine.
      input = { kind: "text", text: jsonld, check: large?.jsonldText };
    } else if (large) {
      input = { kind: "kept", job: { kind: "body", text: large.text, ldJson: large.ldJson }, chars: large.text.length };
    } else {
      // Without kept text the body was small (our parsers keep every large one).
      input = { kind: "value", value: jsonld };
    }
    return send(request, reply, await validations.jsonld(request.account!, input, call(request, reply, profile)));
  }
}
