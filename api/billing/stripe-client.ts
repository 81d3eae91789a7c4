/**
 * The official Stripe SDK, configured from the environment. STRIPE_API_BASE points it at a stand-in of the
 * Stripe API (the tests' loopback fixture); otherwise it talks to Stripe. A short timeout and two retries
 * (the SDK sends the same Idempotency-Key on each retry).
 */
import Stripe from "stripe";

export const STRIPE_TIMEOUT_MS = 10_000;

/** What the client needs of the configuration (api/config.ts's Config has it), named here so billing/ stays below config. */
export interface StripeClientSettings {
  stripe: { secretKey: string | null; apiBase: { protocol: "http" | "https"; host: string; port: number } | null };
}

export function createStripeClient(config: StripeClientSettings): Stripe | null {
  const { secretKey, apiBase } = config.stripe;
  if (!secretKey) return null;
  return new Stripe(secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(apiBase ? { host: apiBase.host, port: apiBase.port, protocol: apiBase.protocol } : {}),
  });
}
