/**
 * Errors the HTTP layer meets before any route runs, answered as ApiError like every other error.
 *
 * - Node's parser rejects the connection's bytes (bad request line, NUL or other bad bytes in a header,
 *   headers over 16 KiB) or the request does not arrive completely within the deadline: Fastify's
 *   `clientErrorHandler` gets the raw socket, and would write its own `{"error":"Bad Request",...}` body.
 * - The router cannot decode the path (`/%zz`) or a parameter is too long: Fastify's `frameworkErrors`.
 *
 * The body never echoes the request (there may be no parsed request at all) and the connection is closed,
 * as Node does, because the parser state of a broken connection cannot be trusted.
 */
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, errorBody } from "../errors.ts";
import { sendApiError } from "./error-handler.ts";
import { REQUEST_ID_HEADER } from "../http/request-id.ts";

export function clientErrorAnswer(err: NodeJS.ErrnoException): ApiError {
  switch (err.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError("request_timeout", "The request did not arrive completely in time; the connection is closed.");
    case "HPE_HEADER_OVERFLOW":
      return new ApiError("headers_too_large", "The request's headers are too large; the connection is closed.");
    default:
      return new ApiError("invalid_request", "The request is not valid HTTP/1.1; the connection is closed.");
  }
}

/** Fastify's `clientErrorHandler` (called with the instance as `this`). */
export function handleClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const apiError = clientErrorAnswer(err);
  this.log.info({ code: apiError.code, cause: err.code }, "malformed or incomplete request refused");
  if (socket.writable) {
    const body = JSON.stringify(errorBody(apiError, this.sdv?.publicBaseUrl ?? ""));
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${statusText(apiError.statusCode)}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: the router could not take the request apart. */
export function handleFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The onRequest hooks (which set it elsewhere) do not run for a request the router refused.
  reply.header(REQUEST_ID_HEADER, request.id);
  const message =
    err.code === "FST_ERR_BAD_URL"
      ? "The request path is not valid (malformed percent-encoding)."
      : err.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? "The request path is too long."
        : "The request is invalid.";
  sendApiError(reply, new ApiError("invalid_request", message));
}

function statusText(status: number): string {
  return { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[status] ?? "Error";
}
