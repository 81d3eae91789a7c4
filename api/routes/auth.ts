/**
 * Accounts: signup, passwordless login, the keyed read of the account, key rotation, and the start of a
 * paid-plan checkout.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type Stripe from "stripe";
import { ApiError } from "../errors.ts";
import { generateApiKey, hashApiKey } from "../keys/index.ts";
import { EmailTakenError, type Account } from "../stores/ports.ts";
import { PLANS, type BillingPeriod, type PaidPlan } from "../billing/plans.ts";
import { limitByIp, requireApiKey } from "../http/auth-hooks.ts";
import { storeCall } from "../stores/store-call.ts";
import {
  AccountResponseSchema,
  CheckoutBodySchema,
  CheckoutResponseSchema,
  EmailBodySchema,
  LoginResponseSchema,
  RotateKeyResponseSchema,
  SignupResponseSchema,
  errorResponses,
} from "../openapi/schemas.ts";
import { checkEmail } from "../accounts/email.ts";
import { rotateAndRetire } from "../accounts/retired-keys.ts";
import { accountSummary } from "../accounts/account-summary.ts";

const keyed = [{ apiKeyHeader: [] }];

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.sdv;

  app.post(
    "/api/auth/signup",
    {
      onRequest: limitByIp(),
      config: { fieldCodes: { email: "invalid_email" }, bodyCode: "invalid_email" },
      schema: {
        tags: ["accounts"],
        operationId: "signup",
        security: [],
        summary: "Create an account on the free plan and receive its API key",
        body: EmailBodySchema,
        response: { 201: SignupResponseSchema, ...errorResponses(400, 409, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const email = emailFrom(request);
      const apiKey = generateApiKey();
      let account: Account;
      try {
        account = await storeCall(() =>
          ctx.stores.accounts.create({ email, plan: "free", keyHash: hashApiKey(apiKey), keyCiphertext: ctx.cipher.encrypt(apiKey) }),
        );
      } catch (err) {
        const cause = err instanceof ApiError ? err.cause : err;
        if (cause instanceof EmailTakenError || err instanceof EmailTakenError) {
          throw new ApiError("email_already_registered", "An account with this e-mail address already exists; use POST /api/auth/login to get its key.");
        }
        throw err;
      }
      request.log.info({ account: account.id }, "account created");
      reply.code(201);
      return {
        api_key: apiKey,
        email: account.email,
        plan: account.plan,
        requests_limit: ctx.limits(account.plan).monthly,
        dashboard_url: ctx.urls.dashboard,
        message: `Account created on the free plan (${PLANS.free.monthly} validations a month). Keep the API key secret and send it in the x-api-key header.`,
      };
    },
  );

  app.post(
    "/api/auth/login",
    {
      onRequest: limitByIp(),
      config: { fieldCodes: { email: "invalid_email" }, bodyCode: "invalid_email" },
      schema: {
        tags: ["accounts"],
        operationId: "login",
        security: [],
        summary: "Passwordless login: the account's API key and usage for an e-mail address",
        body: EmailBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 404, 413, 415, 429, 500, 503) },
      },
    },
    async (request) => {
      const email = emailFrom(request);
      const account = await storeCall(() => ctx.stores.accounts.findByEmail(email));
      if (!account) throw new ApiError("email_not_found", "No account is registered with this e-mail address.");
      const summary = await accountSummary(ctx, account);
      request.log.info({ account: account.id }, "login");
      return summary;
    },
  );

  app.get(
    "/api/auth/account",
    {
      // The header only: a key in the query string would land in browser history and proxy logs.
      onRequest: requireApiKey({ allowQueryKey: false }),
      schema: {
        tags: ["accounts"],
        operationId: "getAccount",
        summary: "The account of the API key: plan, usage this month, when it resets, the key (no credit charged)",
        description:
          "What login returns, plus period_resets_at, read with the key instead of the e-mail (the dashboard refreshes with it). " +
          "Costs no credit; counts against the per-minute limit like every keyed request.",
        security: keyed,
        response: { 200: AccountResponseSchema, ...errorResponses(401, 403, 429, 500, 503) },
      },
    },
    async (request) => accountSummary(ctx, request.account!),
  );

  app.post(
    "/api/auth/keys",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      schema: {
        tags: ["accounts"],
        operationId: "rotateKey",
        summary: "Rotate the API key: a new key is issued and the one used for this call stops working at once",
        security: keyed,
        body: { type: ["object", "null"], additionalProperties: false, properties: {}, description: "No fields (the body may be omitted)." },
        response: { 201: RotateKeyResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const caller = request.account!;
      const apiKey = generateApiKey();
      // Conditional on the presented key: of concurrent rotations, on any number of instances, one wins.
      const rotated = await storeCall(() =>
        rotateAndRetire(ctx.stores.accounts, caller, hashApiKey(apiKey), ctx.cipher.encrypt(apiKey), request.log),
      );
      if (!rotated) {
        throw new ApiError("inactive_api_key", "This API key was replaced by a new one (POST /api/auth/keys); use the new key.");
      }
      request.log.info({ account: rotated.id }, "api key rotated");
      reply.code(201);
      return {
        api_key: apiKey,
        email: rotated.email,
        message: "A new API key was issued. The previous key no longer works; update your integrations.",
      };
    },
  );

  app.post(
    "/api/auth/checkout",
    {
      onRequest: requireApiKey({ allowQueryKey: false }),
      config: { fieldCodes: { plan: "invalid_plan", billing: "invalid_billing" }, bodyCode: "invalid_plan" },
      schema: {
        tags: ["accounts"],
        operationId: "createCheckout",
        summary: "Start a paid-plan checkout; answers the URL of the payment provider's hosted checkout page",
        security: keyed,
        body: CheckoutBodySchema,
        response: { 200: CheckoutResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429, 503) },
      },
    },
    async (request) => {
      const account = request.account!;
      const { plan, billing } = request.body as { plan: PaidPlan; billing: BillingPeriod };
      const stripe = ctx.stripe;
      if (!stripe) throw new ApiError("billing_unavailable", "Payments are not configured on this server.");
      const price = ctx.config.stripe.prices[plan][billing];
      if (!price) throw new ApiError("billing_unavailable", `The ${plan} plan with ${billing} billing is not offered on this server.`);
      const session = await createCheckoutSession(stripe, request, account, plan, billing, price);
      return { url: session };
    },
  );

  function emailFrom(request: FastifyRequest): string {
    const email = checkEmail((request.body as { email?: unknown }).email);
    if (email === null) throw new ApiError("invalid_email", "The e-mail address is not valid.");
    return email;
  }

  async function createCheckoutSession(
    stripe: Stripe,
    request: FastifyRequest,
    account: Account,
    plan: PaidPlan,
    billing: BillingPeriod,
    price: string,
  ): Promise<string> {
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
}
