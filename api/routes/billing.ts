/**
 * POST /api/billing/webhook: Stripe's event callbacks. The signature is verified by the official SDK
 * (constructEvent: HMAC over the raw bytes, 300 s tolerance), so this route gets its own parser that keeps
 * the body as a Buffer. Each event is applied exactly once: its id is claimed, the event applied, the claim
 * completed; a replay of a completed event answers 200 {duplicate: true} and changes nothing. When applying
 * fails, the claim is given back and the answer is an error, so Stripe's retry applies it (recording first
 * and applying after used to turn that retry into a "duplicate" and lose the event). A claim whose process
 * died is taken over once its lease (60 s) runs out; a delivery meanwhile gets 409 and is retried by Stripe.
 * Unknown event types and unknown accounts answer 200 (Stripe would retry for days otherwise). No API
 * key: the signature is the authentication.
 */
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { ApiError } from "../errors.ts";
import { applyStripeEvent } from "../billing/webhook-events.ts";
import { WEBHOOK_BODY_LIMIT_BYTES } from "../http/limits.ts";
import { storeCall } from "../stores/store-call.ts";
import { WebhookResponseSchema, errorResponses } from "../openapi/schemas.ts";

/** How long a claimed event belongs to the delivery applying it, if that process dies meanwhile. */
const EVENT_LEASE_SECONDS = 60;

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/api/billing/webhook",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      // The body is the raw Buffer (the signature covers its bytes); its schema below is documentation only.
      validatorCompiler: () => () => true,
      schema: {
        tags: ["billing"],
        operationId: "stripeWebhook",
        security: [],
        summary: "Stripe webhook (signed with the endpoint secret); not for API clients",
        headers: {
          type: "object",
          required: ["stripe-signature"],
          properties: { "stripe-signature": { type: "string", description: "Stripe's t=...,v1=... signature header" } },
        },
        body: { type: "object", description: "A Stripe Event object, as sent by Stripe." },
        response: { 200: WebhookResponseSchema, ...errorResponses(400, 409, 413, 415, 500, 503) },
      },
    },
    async (request) => {
      const { webhookSecret } = app.sdv.config.stripe;
      if (!webhookSecret) throw new ApiError("billing_unavailable", "Payments are not configured on this server.");
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || signature === "") {
        throw new ApiError("invalid_request", "The Stripe-Signature header is missing.");
      }
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new ApiError("invalid_request", "The webhook body is missing.");
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(raw, signature, webhookSecret);
      } catch (err) {
        request.log.warn({ reason: (err as Error)?.message }, "stripe webhook signature rejected");
        throw new ApiError("invalid_request", "The Stripe signature does not match the body (or is too old).");
      }
      const accounts = app.sdv.stores.accounts;
      const claim = await storeCall(() => accounts.claimEvent(event.id, EVENT_LEASE_SECONDS));
      if (claim === "applied") {
        request.log.info({ event: event.id, type: event.type }, "stripe event already processed");
        return { received: true, duplicate: true };
      }
      if (claim === "in_progress") {
        throw new ApiError("event_in_progress", "This event is being applied by another delivery; retry later.", {
          headers: { "retry-after": String(EVENT_LEASE_SECONDS) },
        });
      }
      let outcome;
      try {
        outcome = await applyStripeEvent(accounts, event);
      } catch (err) {
        // Give the claim back, so Stripe's retry of this event applies it.
        await accounts.abandonEvent(event.id).catch((abandonErr: unknown) =>
          request.log.error({ err: abandonErr, event: event.id }, "could not give back the claim; the retry waits for the lease"),
        );
        request.log.error({ err, event: event.id, type: event.type }, "stripe event not applied; Stripe's retry will apply it");
        throw err;
      }
      await storeCall(() => accounts.completeEvent(event.id));
      request.log.info({ event: event.id, type: event.type, ...outcome }, "stripe event");
      return { received: true };
    },
  );
}
