/**
 * `sdv admin`: account operations for the operator, on the same configuration as the server (environment,
 * then .env):
 *
 *   sdv admin list                      every account: e-mail, plan, key state, usage this month
 *   sdv admin show <email>              one account: plan and limits, key state, usage, Stripe customer, dates
 *   sdv admin deactivate <email>        the account's key answers 403 inactive_api_key
 *   sdv admin activate <email>          the key works again
 *   sdv admin set-plan <email> <plan>   free | basic | growth | scale (quota and per-minute limit follow)
 *
 * Keys are never printed, not even in part: `show` says whether the key works, `sdv admin` is not a way to
 * read keys (login is, for the account's owner).
 *
 * Exit codes: 0 done, 1 no such account or the store failed, 2 usage or configuration error.
 */
import { ConfigError, loadConfig, type Config } from "../api/config.ts";
import { withEnvFile } from "../api/env-file.ts";
import { billingPeriod, isPlan, PLAN_NAMES, PLANS } from "../api/billing/plans.ts";
import { checkEmail } from "../api/accounts/email.ts";
import { isRetiredKeyAccount } from "../api/accounts/retired-keys.ts";
import type { Account, AccountStore } from "../api/stores/ports.ts";

export const ADMIN_USAGE = `usage:
  sdv admin list
  sdv admin show <email>
  sdv admin deactivate <email>
  sdv admin activate <email>
  sdv admin set-plan <email> <${PLAN_NAMES.join("|")}>`;

export interface AdminIo {
  /** Default: the process environment with .env applied. */
  env?: Readonly<Record<string, string | undefined>>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Clock of the usage period shown (default now). */
  now?: () => Date;
}

const ARITY: Record<string, number> = { list: 0, show: 1, deactivate: 1, activate: 1, "set-plan": 2 };
const LIST_PAGE = 500;

export async function runAdmin(args: string[], io: AdminIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  const now = io.now ?? (() => new Date());
  const [action, emailArg, planArg] = args;
  if (action === undefined || !(action in ARITY) || args.length - 1 !== ARITY[action]) {
    err(action === undefined || action in ARITY ? ADMIN_USAGE : `sdv admin: unknown action "${action}"\n${ADMIN_USAGE}`);
    return 2;
  }
  let email: string | null = null;
  if (action !== "list") {
    email = checkEmail(emailArg);
    if (email === null) {
      err(`sdv admin: not a valid e-mail address: ${JSON.stringify(emailArg)}`);
      return 2;
    }
  }
  if (action === "set-plan" && !isPlan(planArg)) {
    err(`sdv admin: unknown plan ${JSON.stringify(planArg)} (one of ${PLAN_NAMES.join(", ")})`);
    return 2;
  }

  let config: Config;
  try {
    config = loadConfig(io.env ?? withEnvFile(process.env));
  } catch (e) {
    if (e instanceof ConfigError) {
      err(`sdv admin: ${e.message}`);
      return 2;
    }
    throw e;
  }
  // Loaded here, so `sdv validate` does not load the database drivers.
  const { openConfiguredStores } = await import("../api/stores/index.ts");
  const stores = await openConfiguredStores(config, { accountsOnly: true });
  const accounts = stores.accounts;
  try {
    if (action === "list") {
      await listAccounts(accounts, billingPeriod(now()), out);
      return 0;
    }
    const account = await accounts.findByEmail(email!);
    if (!account || isRetiredKeyAccount(account)) {
      err(`sdv admin: no account with the e-mail ${email}`);
      return 1;
    }
    if (action === "show") {
      await showAccount(accounts, account, billingPeriod(now()), out);
      return 0;
    }
    if (action === "deactivate" || action === "activate") {
      const active = action === "activate";
      const updated = await accounts.setActive(account.id, active);
      if (!updated) {
        err(`sdv admin: the account ${email} vanished`);
        return 1;
      }
      out(`${email}: ${active ? "activated" : "deactivated"}${account.active === active ? " (no change)" : ""}; plan ${updated.plan}`);
      return 0;
    }
    const plan = planArg as keyof typeof PLANS;
    const updated = await accounts.setPlan(account.id, plan);
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

function keyState(account: Account): string {
  return account.active ? "active" : "deactivated";
}

/** One line per account (retired-key records left out), a page of the store at a time. */
async function listAccounts(accounts: AccountStore, period: string, out: (line: string) => void): Promise<void> {
  out(`email\tplan\tkey\tused ${period}`);
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const page = await accounts.list({ after, limit: LIST_PAGE });
    if (page.length === 0) break;
    for (const account of page) {
      if (isRetiredKeyAccount(account)) continue;
      const { used } = await accounts.usage(account.id, period);
      out(`${account.email}\t${account.plan}\t${keyState(account)}\t${used}/${PLANS[account.plan].monthly}`);
      count += 1;
    }
    after = page[page.length - 1]!.email;
  }
  out(`${count} account${count === 1 ? "" : "s"}`);
}

async function showAccount(accounts: AccountStore, account: Account, period: string, out: (line: string) => void): Promise<void> {
  const limits = PLANS[account.plan];
  const { used } = await accounts.usage(account.id, period);
  const rows: Array<[string, string]> = [
    ["email", account.email],
    ["account id", account.id],
    ["plan", `${account.plan} (${limits.monthly} validations a month, ${limits.perMinute} requests a minute)`],
    ["key", `${keyState(account)} (never shown; the owner gets it by login, or a new one by rotation)`],
    ["usage", `${used} of ${limits.monthly} in ${period} (${Math.max(0, limits.monthly - used)} left)`],
    ["stripe customer", account.stripeCustomerId ?? "none"],
    ["created", account.createdAt],
    ["updated", account.updatedAt],
  ];
  for (const [name, value] of rows) out(`${`${name}:`.padEnd(17)}${value}`);
}
