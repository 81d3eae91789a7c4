/**
 * The one error handler: every failure leaves as the spec's ApiError. Our own ApiErrors pass through;
 * Fastify's errors (schema validation, bad or empty JSON, body too large, unsupported media type, unknown
 * route) are mapped to stable codes; the guarded fetcher's FetchErrors keep their codes; anything else is
 * a 500 with a generic message, its details only in the log.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, GENERIC_MESSAGES, errorBody, type ErrorCode } from "../errors.ts";
import { FetchError } from "../../fetch/fetch-error.ts";
import { BODY_LIMIT_BYTES } from "../http/limits.ts";
import { fromFetchError } from "../http/fetch-errors.ts";

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(err, request);
    if (apiError.statusCode >= 500) {
      request.log.error({ err }, "request failed");
    } else if (apiError.cause !== undefined) {
      request.log.info({ code: apiError.code, cause: describeCause(apiError.cause) }, "request refused");
    }
    return sendApiError(reply, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0].slice(0, 200);
    return sendApiError(reply, new ApiError("not_found", `No endpoint ${request.method} ${path}.`));
  });
}

export function sendApiError(reply: FastifyReply, err: ApiError): FastifyReply {
  if (err.headers) for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
  return reply
    .code(err.statusCode)
    .type("application/json; charset=utf-8")
    .send(errorBody(err, reply.server.sdv.publicBaseUrl));
}

export function toApiError(err: unknown, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError) return fromFetchError(err);
  const e = (err ?? {}) as Partial<FastifyError> & { validation?: AjvError[]; validationContext?: string };
  if (Array.isArray(e.validation) && e.validation.length > 0) return fromValidation(e.validation[0], e.validationContext, request);

  switch (e.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError("payload_too_large", `The request body is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MiB.`);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError("unsupported_media_type", unsupportedMediaMessage(request));
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError("invalid_request", "The request body is empty; send a JSON object.");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError("invalid_request", jsonSyntaxMessage(e.message));
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError("invalid_request", "The request's Content-Length does not match its body.");
  }
  const status = typeof e.statusCode === "number" ? e.statusCode : 500;
  if (status === 413) return new ApiError("payload_too_large", `The request body is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MiB.`);
  if (status === 415) return new ApiError("unsupported_media_type", unsupportedMediaMessage(request));
  if (status === 404) return new ApiError("not_found", "Not found.");
  if (status === 400 && err instanceof SyntaxError) return new ApiError("invalid_request", jsonSyntaxMessage(err.message));
  if (status >= 400 && status < 500) return new ApiError("invalid_request", "The request is invalid.");
  if (status === 503) return new ApiError("service_unavailable", GENERIC_MESSAGES.service_unavailable, { cause: err });
  return new ApiError("internal_error", `${GENERIC_MESSAGES.internal_error} (request id ${request.id})`, { cause: err });
}

function fromValidation(v: AjvError, context: string | undefined, request: FastifyRequest): ApiError {
  const config = request.routeOptions.config ?? {};
  const where = context === "querystring" ? "query parameter" : "field";
  const segments = v.instancePath.split("/").filter((s) => s !== "");
  let field = segments[0] ?? "";
  if (v.keyword === "required" && field === "") field = String(v.params.missingProperty ?? "");
  const codeFor = (name: string): ErrorCode => config.fieldCodes?.[name] ?? "invalid_request";

  // The validate body's "exactly one of url and jsonld" (oneOf of two required lists, beside an optional profile).
  if (context === "body" && segments.length === 0 && (v.keyword === "oneOf" || v.keyword === "required") && config.exactlyOneOf) {
    return new ApiError("invalid_request", exactlyOneMessage(request.body));
  }
  switch (v.keyword) {
    case "additionalProperties":
      return new ApiError("invalid_request", `Unknown ${where} ${JSON.stringify(String(v.params.additionalProperty ?? ""))}.`);
    case "minProperties":
    case "maxProperties":
      return new ApiError("invalid_request", exactlyOneMessage(request.body));
    case "required":
      return new ApiError(codeFor(field), `The ${where} ${field} is required.`);
  }
  if (field === "") {
    // The body (or query) as a whole has the wrong type: missing, an array, a string...
    const what = context === "querystring" ? "The query" : "The request body";
    return new ApiError(config.bodyCode ?? "invalid_request", `${what} must be a JSON object.`);
  }
  const code = codeFor(field);
  switch (v.keyword) {
    case "type":
      return new ApiError(code, `The ${where} ${field} must be ${article(String(v.params.type))}.`);
    case "enum": {
      const allowed = Array.isArray(v.params.allowedValues) ? v.params.allowedValues.join(", ") : "";
      return new ApiError(code, `The ${where} ${field} must be one of: ${allowed}.`);
    }
    case "anyOf":
      if (field === "jsonld") {
        return new ApiError(code, "jsonld must be an object, a non-empty array of objects, or a string holding JSON text.");
      }
      break;
    case "minLength":
      return new ApiError(code, `The ${where} ${field} must not be empty.`);
    case "maxLength":
      return new ApiError(code, `The ${where} ${field} is too long (at most ${String(v.params.limit)} characters).`);
  }
  return new ApiError(code, `The ${where} ${field} is invalid.`);
}

/** The validate body holds exactly one of url and jsonld: say what is wrong with this one. */
function exactlyOneMessage(body: unknown): string {
  // A list's keys are its indexes: say what the body should be instead (a large body is checked as a shorter stand-in).
  if (Array.isArray(body)) return 'The request body must be a JSON object {"url": ...} or {"jsonld": ...} (or send the JSON-LD itself as application/ld+json).';
  const keys = typeof body === "object" && body !== null ? Object.keys(body) : [];
  const unknown = keys.find((k) => k !== "url" && k !== "jsonld" && k !== "profile");
  if (unknown !== undefined) {
    return `Unknown field ${JSON.stringify(unknown)}: the body is {"url": ...} or {"jsonld": ...} (or send the JSON-LD itself as application/ld+json).`;
  }
  return keys.includes("url") && keys.includes("jsonld") ? "Give only one of url and jsonld, not both." : "Give one of url and jsonld.";
}

function article(type: string): string {
  if (type.includes(",")) return `one of ${type}`;
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function jsonSyntaxMessage(raw: string | undefined): string {
  if (raw && /prototype|__proto__|constructor/i.test(raw)) {
    return "The request body contains a forbidden property name (__proto__ or constructor.prototype).";
  }
  return "The request body is not valid JSON.";
}

function unsupportedMediaMessage(request: FastifyRequest): string {
  const accepted = request.routeOptions.url === "/api/v1/validate" ? "application/json or application/ld+json" : "application/json";
  return `Send the request body as ${accepted}.`;
}

function describeCause(cause: unknown): unknown {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return { name: cause.name, message: cause.message, ...(code !== undefined ? { code } : {}) };
  }
  return cause;
}
