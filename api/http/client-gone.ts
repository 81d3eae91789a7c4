/**
 * A signal aborted when the client closes its connection before its answer is sent: the validation it
 * waits for then stops waiting (a place in a render or fetch queue, a credit reserved, given back), as a
 * batch item does at the batch's deadline. A client that gave up after 2 s held its render place to the
 * page's deadline, and the requests queued behind it waited for nobody.
 */
import type { FastifyReply } from "fastify";
import { ApiError } from "../errors.ts";

export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once("close", () => {
    // "close" also ends every answered request: only one that ends unanswered is a client gone.
    if (!reply.raw.writableFinished) gone.abort(new ApiError("invalid_request", "The client closed the connection before the answer."));
  });
  return gone.signal;
}
