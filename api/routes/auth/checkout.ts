/** POST /api/auth/checkout: starts a paid-plan checkout; answers the URL of Stripe's hosted checkout page. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type Stripe from "stripe";
import { ApiError } from "../../errors.ts";
import type { Account } from "../../stores/ports.ts";
import type { BillingPeriod, PaidPlan } from "../../billing/plans.ts";
import type { ServiceContext } from "../../http/context.ts";
import { requireApiKey } from "../../http/auth-hooks.ts";
import { CheckoutBodySchema, CheckoutResponseSchema, errorResponses } from "../../openapi/schemas.ts";

export function checkoutRoute(app: FastifyInstance): void {
  app.post(
    "/api/auth/checkout",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      config: { fieldCodes: { plan: "invalid_plan", billing: "invalid_billing" }, bodyCode: "invalid_plan" },
      schema: {
        tags: ["accounts"],
        operationId: "createCheckout",
        summary: "Start a paid-plan checkout; answers the URL of the payment provider's hosted checkout page",
        security: [{ apiKeyHeader: [] }],
        body: CheckoutBodySchema,
        response: { 200: CheckoutResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    checkout,
  );
}

async function checkout(this: FastifyInstance, request: FastifyRequest) {
  const ctx = this.sdv;
  const account = request.account!;
  const { plan, billing } = request.body as { plan: PaidPlan; billing: BillingPeriod };
  const stripe = ctx.stripe;
  if (!stripe) throw new ApiError("billing_unavailable", "Payments are not configured on this server.");
  const price = ctx.config.stripe.prices[plan][billing];
  if (!price) throw new ApiError("billing_unavailable", `The ${plan} plan with ${billing} billing is not offered on this server.`);
  return { url: await createCheckoutSession(ctx, stripe, request, account, { plan, billing, price }) };
}

async function createCheckoutSession(
  ctx: ServiceContext,
  stripe: Stripe,
  request: FastifyRequest,
  account: Account,
  offer: { plan: PaidPlan; billing: BillingPeriod; price: string },
): Promise<string> {
  const { plan, billing, price } = offer;
  const metadata = { account_id: account.id, email: account.email, plan, billing };
  // A double click within the same minute gets the same session from Stripe.
  const idempotencyKey = `sdv-checkout-${account.id}-${plan}-${billing}-${Math.floor(ctx.now().getTime() / 60_000)}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [{ price, quantity: 1 }],
        client_reference_id: account.id,
        ...(account.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: account.email }),
        metadata,
        subscription_data: { metadata },
        success_url: ctx.urls.checkoutSuccess,
        cancel_url: ctx.urls.checkoutCancel,
      },
      { idempotencyKey },
    );
  } catch (err) {
    request.log.error({ err: { name: (err as Error)?.name, message: (err as Error)?.message, type: (err as { type?: string })?.type } }, "stripe checkout failed");
    throw new ApiError("billing_unavailable", "The payment provider did not answer; retry in a moment.");
  }
  if (typeof session.url !== "string" || session.url === "") {
    request.log.error({ session: session.id }, "stripe checkout session without url");
    throw new ApiError("billing_unavailable", "The payment provider did not return a checkout page; retry in a moment.");
  }
  request.log.info({ account: account.id, plan, billing, session: session.id }, "checkout started");
  return session.url;
}
