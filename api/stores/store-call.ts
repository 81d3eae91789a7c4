/**
 * Account-store calls on the request path fail closed: if the store (SQLite file, MongoDB) throws, the
 * caller gets 503 service_unavailable with Retry-After, never unmetered work and never a driver message.
 */
import { ApiError, GENERIC_MESSAGES } from "../errors.ts";

export const STORE_RETRY_AFTER_SECONDS = 5;

export async function storeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError("service_unavailable", GENERIC_MESSAGES.service_unavailable, {
      cause: err,
      headers: { "retry-after": String(STORE_RETRY_AFTER_SECONDS) },
    });
  }
}
