/**
 * CORS for browser clients of the API, through @fastify/cors, only when CORS_ORIGINS lists origins (off by
 * default: a server-to-server API needs none, and an open policy invites browser pages to spend a key
 * pasted into them). Keys travel in the x-api-key header, never cookies, so credentials stay off.
 * Preflights answer 204 with the allowed methods and headers; the headers a client needs to read
 * (request id, Retry-After, rate-limit counters) are exposed.
 */
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";

export const CORS_ALLOWED_HEADERS = ["content-type", "x-api-key", "x-request-id"];
export const CORS_EXPOSED_HEADERS = ["x-request-id", "retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins.includes("*") ? "*" : [...origins],
    methods: ["GET", "POST"],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
