/**
 * The request id: taken from the caller's `x-request-id` (a load balancer's or a client's trace id) when
 * it is a safe token, otherwise a new UUID. It is sent back on every answer and is the `reqId` of every log
 * line of the request, so one id follows a request through the proxy, the service and its logs. A caller's
 * id goes into log lines and headers as is, hence the rule: 1 to 128 characters from a conservative set,
 * no spaces, quotes or control characters (which could forge log lines or headers).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function isSafeRequestId(value: unknown): value is string {
  return typeof value === "string" && SAFE_REQUEST_ID.test(value);
}

/** Fastify's `genReqId`. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return isSafeRequestId(given) ? given : randomUUID();
}
