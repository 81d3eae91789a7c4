/**
 * Accounts: signup, passwordless login, the keyed read of the account, key rotation, and the start of a
 * paid-plan checkout, and the completion of a signup or login verified by e-mail; one file per route in routes/auth/.
 */
import type { FastifyInstance } from "fastify";
import { signupRoute } from "./auth/signup.ts";
import { loginRoute } from "./auth/login.ts";
import { accountRoute } from "./auth/account.ts";
import { rotateKeyRoute } from "./auth/rotate-key.ts";
import { checkoutRoute } from "./auth/checkout.ts";
import { verifyRoute } from "./auth/verify.ts";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  signupRoute(app);
  loginRoute(app);
  accountRoute(app);
  rotateKeyRoute(app);
  checkoutRoute(app);
  verifyRoute(app);
}
