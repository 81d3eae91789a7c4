/**
 * The official Stripe SDK, configured from the environment. STRIPE_API_BASE points it at a stand-in of the
 * Stripe API (the tests' loopback fixture); otherwise it talks to Stripe. A short timeout and two retries
 * (the SDK sends the same Idempotency-Key on each retry).
 */
import Stripe from "stripe";
import type { Config } from "../config.ts";

export const STRIPE_TIMEOUT_MS = 10_000;

export function createStripeClient(config: Config): Stripe | null {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return null;
  return new Stripe(secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(apiBase ? { host: apiBase.host, port: apiBase.port, protocol: apiBase.protocol } : {}),
  });
}
