/** Size and time limits of the HTTP layer (docs/deployment.md lists them). */

/** Largest request body, any route but the webhook. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Largest Stripe webhook body. */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;
/** URL results are cached this long. */
export const CACHE_TTL_SECONDS = 3600;
/**
 * A batch answers within this time: items not finished by then answer 504 batch_timeout (not charged, their
 * fetches aborted). Below the 60 s idle timeouts common in front of services (AWS ALB, nginx's
 * proxy_read_timeout), so the caller gets the finished items rather than a proxy's 504 for all of them.
 */
export const BATCH_DEADLINE_MS = 50_000;
/**
 * A batch's answer, about: items are given whole in input order while they fit, the others brief (their
 * summary and counts, no schemas listed). 50 items of a large page would otherwise answer 26 MiB.
 */
export const BATCH_ANSWER_MAX_BYTES = 4 * 1024 * 1024;
/**
 * A validation in a worker (a large input) that has not finished by then is stopped: its worker is
 * ended and the request answers 422 validation_timeout, uncharged. The engine's caps bound a real 5 MiB
 * page to well under a second; this is the backstop for an input built against a slow path they miss.
 */
export const VALIDATION_DEADLINE_MS = 20_000;
/** A request must arrive completely within this time (real sockets only). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node looks for requests past their deadline: the deadline is honoured within this much. */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;
/** Grace period of a graceful shutdown before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;
