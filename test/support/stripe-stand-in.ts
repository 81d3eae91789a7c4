/**
 * A stand-in of the Stripe API and of its hosted checkout page, on 127.0.0.1 (node:http). The service's
 * official SDK is pointed at it through STRIPE_API_BASE; the browser is sent to its checkout page.
 *
 * - POST /v1/checkout/sessions: records the request (form-encoded, as the SDK sends it) and answers a
 *   session whose `url` is this server's /c/pay/<id>. The same Idempotency-Key gets the same session,
 *   as with Stripe. Failure switches (`mode`) for the SDK's retry behaviour.
 * - GET /c/pay/<id>: a minimal hosted checkout page with a Pay button and a link back (cancel_url).
 * - POST /c/pay/<id> (the Pay button): sends the signed checkout.session.completed event to `webhookUrl`
 *   (signed like Stripe: Stripe.webhooks.generateTestHeaderString with the endpoint secret), then
 *   redirects the browser to the session's success_url with {CHECKOUT_SESSION_ID} filled in. With
 *   `holdWebhooks` the event waits until `releaseWebhooks()`: the browser is back before the plan
 *   changes, as happens with the real Stripe when its webhook is slower than the redirect.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

export const WEBHOOK_SECRET = "whsec_test_secret_for_sdv";

/** The service settings that point checkout at a stand-in on `port`, with a price for every plan and period but scale-annual. */
export function stripeEnv(port: number, webhookSecret = WEBHOOK_SECRET): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    STRIPE_PRICE_BASIC_MONTHLY: "price_basic_monthly",
    STRIPE_PRICE_BASIC_ANNUAL: "price_basic_annual",
    STRIPE_PRICE_GROWTH_MONTHLY: "price_growth_monthly",
    STRIPE_PRICE_GROWTH_ANNUAL: "price_growth_annual",
    STRIPE_PRICE_SCALE_MONTHLY: "price_scale_monthly",
  };
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface StandInSession {
  id: string;
  url: string;
  price: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  status: "open" | "complete";
}

export interface Delivery {
  eventId: string;
  type: string;
  session: string;
  status: number;
  body: string;
}

export class StripeStandIn {
  /** Every API request (not the checkout page's), in order. */
  seen: SeenRequest[] = [];
  mode: "ok" | "fail" | "fail-twice" = "ok";
  sessions = new Map<string, StandInSession>();
  /** The service's webhook endpoint; set once the service listens. */
  webhookUrl: string | null = null;
  /** Hold signed events back until releaseWebhooks(). */
  holdWebhooks = false;
  /** Webhook deliveries made, with the service's answer. */
  deliveries: Delivery[] = [];
  readonly webhookSecret: string;
  #failures = 0;
  #held: Array<() => Promise<void>> = [];
  #byIdempotencyKey = new Map<string, string>();
  #origin = "";
  #server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      this.#handle(req, res, body).catch((err: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(`stand-in error: ${(err as Error)?.message}`);
      });
    });
  });

  constructor(options: { webhookSecret?: string } = {}) {
    this.webhookSecret = options.webhookSecret ?? WEBHOOK_SECRET;
  }

  /** http://127.0.0.1:<port> once started. */
  get origin(): string {
    return this.#origin;
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", () => resolve()));
    const port = (this.#server.address() as AddressInfo).port;
    this.#origin = `http://127.0.0.1:${port}`;
    return port;
  }

  /** Sends the held events, in order, and waits for the service's answers. */
  async releaseWebhooks(): Promise<void> {
    const held = this.#held.splice(0);
    for (const send of held) await send();
  }

  get heldWebhooks(): number {
    return this.#held.length;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    const pay = /^\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(path);
    if (pay) return this.#checkoutPage(req, res, pay[1]);
    const form = new URLSearchParams(body);
    this.seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, form });
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== "POST" || path !== "/v1/checkout/sessions") {
      return json(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    }
    if (this.mode === "fail") {
      return json(500, { error: { type: "api_error", message: "stand-in failure sk_live_secret internal" } }, { "stripe-should-retry": "false" });
    }
    if (this.mode === "fail-twice" && this.#failures < 2) {
      this.#failures += 1;
      return json(500, { error: { type: "api_error", message: "try again" } });
    }
    const idempotencyKey = req.headers["idempotency-key"];
    const earlier = typeof idempotencyKey === "string" ? this.#byIdempotencyKey.get(idempotencyKey) : undefined;
    const session = earlier ? this.sessions.get(earlier)! : this.#createSession(form);
    if (typeof idempotencyKey === "string") this.#byIdempotencyKey.set(idempotencyKey, session.id);
    json(200, { id: session.id, object: "checkout.session", mode: "subscription", status: session.status, url: session.url });
  }

  #createSession(form: URLSearchParams): StandInSession {
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const field = /^metadata\[([^\]]+)\]$/.exec(name);
      if (field) metadata[field[1]] = value;
    }
    const session: StandInSession = {
      id,
      url: `${this.#origin}/c/pay/${id}`,
      price: form.get("line_items[0][price]"),
      client_reference_id: form.get("client_reference_id"),
      customer: form.get("customer"),
      customer_email: form.get("customer_email"),
      metadata,
      success_url: form.get("success_url") ?? "",
      cancel_url: form.get("cancel_url") ?? "",
      status: "open",
    };
    this.sessions.set(id, session);
    return session;
  }

  async #checkoutPage(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) {
      res.writeHead(404, { "content-type": "text/plain" });
      return void res.end("No such checkout session");
    }
    if (req.method === "GET") {
      const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return void res.end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in checkout</title><link rel="icon" href="data:,"></head><body><main>` +
          `<h1>Stand-in checkout</h1><p>Plan <b>${escape(session.metadata.plan ?? "?")}</b> (${escape(session.metadata.billing ?? "?")}), ` +
          `price ${escape(session.price ?? "?")}, for ${escape(session.customer_email ?? session.metadata.email ?? "?")}.</p>` +
          `<form method="post" action="/c/pay/${escape(id)}"><button type="submit">Pay</button></form>` +
          `<p><a href="${escape(session.cancel_url)}">Back</a></p></main></body></html>`,
      );
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "GET, POST" });
      return void res.end();
    }
    if (session.status === "open") {
      session.status = "complete";
      const send = () => this.#deliverCompleted(session);
      if (this.holdWebhooks) this.#held.push(send);
      else await send();
    }
    res.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
    res.end();
  }

  /** checkout.session.completed as Stripe sends it for a paid subscription checkout, signed with the endpoint secret. */
  async #deliverCompleted(session: StandInSession): Promise<void> {
    if (!this.webhookUrl) throw new Error("stand-in: webhookUrl is not set");
    const customer = session.customer ?? `cus_test_${randomBytes(6).toString("hex")}`;
    const eventId = `evt_test_${randomBytes(12).toString("hex")}`;
    const payload = JSON.stringify(
      {
        id: eventId,
        object: "event",
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type: "checkout.session.completed",
        data: {
          object: {
            id: session.id,
            object: "checkout.session",
            mode: "subscription",
            status: "complete",
            payment_status: "paid",
            client_reference_id: session.client_reference_id,
            customer,
            customer_email: session.customer_email,
            subscription: `sub_test_${randomBytes(6).toString("hex")}`,
            metadata: session.metadata,
            success_url: session.success_url,
            cancel_url: session.cancel_url,
            url: null,
          },
        },
      },
      null,
      2,
    );
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    const response = await fetch(this.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    this.deliveries.push({ eventId, type: "checkout.session.completed", session: session.id, status: response.status, body: await response.text() });
  }
}
