/**
 * `sdv admin`: account operations for the operator, on the same configuration (environment) as the server:
 *
 *   sdv admin deactivate <email>        the account's key answers 403 inactive_api_key
 *   sdv admin activate <email>          the key works again
 *   sdv admin set-plan <email> <plan>   free | basic | growth | scale (quota and per-minute limit follow)
 *
 * Exit codes: 0 done, 1 no such account or the store failed, 2 usage or configuration error.
 */
import { ConfigError, loadConfig } from "../api/config.ts";
import { isPlan, PLAN_NAMES, PLANS } from "../api/billing/plans.ts";
import { checkEmail } from "../api/accounts/email.ts";

export const ADMIN_USAGE = `usage:
  sdv admin deactivate <email>
  sdv admin activate <email>
  sdv admin set-plan <email> <${PLAN_NAMES.join("|")}>`;

export interface AdminIo {
  env?: Readonly<Record<string, string | undefined>>;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export async function runAdmin(args: string[], io: AdminIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  const [action, emailArg, planArg, ...extra] = args;
  const arity: Record<string, number> = { deactivate: 1, activate: 1, "set-plan": 2 };
  if (action === undefined || !(action in arity) || args.length - 1 !== arity[action] || extra.length > 0) {
    err(action === undefined || action in arity ? ADMIN_USAGE : `sdv admin: unknown action "${action}"\n${ADMIN_USAGE}`);
    return 2;
  }
  const email = checkEmail(emailArg);
  if (email === null) {
    err(`sdv admin: not a valid e-mail address: ${JSON.stringify(emailArg)}`);
    return 2;
  }
  if (action === "set-plan" && !isPlan(planArg)) {
    err(`sdv admin: unknown plan ${JSON.stringify(planArg)} (one of ${PLAN_NAMES.join(", ")})`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(io.env ?? process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      err(`sdv admin: ${e.message}`);
      return 2;
    }
    throw e;
  }
  // Loaded here, so `sdv validate` does not load the database drivers.
  const { openStores } = await import("../api/stores/index.ts");
  const stores = await openStores({
    dataDir: config.dataDir,
    mongodbUrl: config.mongodbUrl ?? undefined,
    redisUrl: undefined, // accounts only
  });
  try {
    const account = await stores.accounts.findByEmail(email);
    if (!account) {
      err(`sdv admin: no account with the e-mail ${email}`);
      return 1;
    }
    if (action === "deactivate" || action === "activate") {
      const active = action === "activate";
      const updated = await stores.accounts.setActive(account.id, active);
      if (!updated) {
        err(`sdv admin: the account ${email} vanished`);
        return 1;
      }
      out(`${email}: ${active ? "activated" : "deactivated"}${account.active === active ? " (no change)" : ""}; plan ${updated.plan}`);
      return 0;
    }
    const plan = planArg as keyof typeof PLANS;
    const updated = await stores.accounts.setPlan(account.id, plan);
    if (!updated) {
      err(`sdv admin: the account ${email} vanished`);
      return 1;
    }
    out(`${email}: plan ${account.plan} -> ${plan} (${PLANS[plan].monthly} validations a month, ${PLANS[plan].perMinute} requests a minute)`);
    return 0;
  } catch (e) {
    err(`sdv admin: the account store failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await stores.close();
  }
}
