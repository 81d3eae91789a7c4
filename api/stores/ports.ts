/**
 * The service's storage ports. Accounts and usage: embedded SQLite by default, MongoDB when
 * MONGODB_URL is set. URL cache and rate limits: in-process by default, Redis when REDIS_URL is set.
 * Every adapter passes the same contract tests (test/api/stores/contract.test.ts).
 */

export type Plan = "free" | "basic" | "growth" | "scale";

export interface Account {
  id: string;
  /** Normalized: trimmed and lower-cased (see normalizeEmail in email.ts). */
  email: string;
  plan: Plan;
  active: boolean;
  /** SHA-256 (hex) of the current API key: the look-up key. */
  keyHash: string;
  /** The current key, AES-256-GCM encrypted with the server secret (the spec's login returns it). */
  keyCiphertext: string;
  stripeCustomerId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewAccount {
  email: string;
  plan: Plan;
  keyHash: string;
  keyCiphertext: string;
  /** Default true. */
  active?: boolean;
}

/** Usage of one billing period (a calendar month in UTC, "2026-11"). */
export interface Usage {
  period: string;
  used: number;
}

export type EventClaim = "claimed" | "applied" | "in_progress";

export type ReserveOutcome = { ok: true; used: number } | { ok: false; used: number };

export type VerificationPurpose = "signup" | "login";

/**
 * A signup or login waiting for its one-time code (ACCOUNT_VERIFICATION=email). Only hashes are stored:
 * the request id the 202 answer gave and the code the mail carried are never kept as they were sent.
 */
export interface PendingVerification {
  /** SHA-256 (hex) of the request id (the 202 answer's request_id). */
  idHash: string;
  /** SHA-256 (hex) of the mailed code. */
  codeHash: string;
  /** Normalized e-mail address. */
  email: string;
  purpose: VerificationPurpose;
  /** Epoch ms after which the code is refused. */
  expiresAt: number;
}

export interface CreditOptions {
  /** Write this reservation at once rather than with the turn's others. */
  immediate?: boolean;
  /**
   * Take the credit once per key (an audit run's page): a second reservation under a key already charged
   * takes nothing and answers ok, so a caller unsure whether an earlier attempt got through (a killed
   * worker's page, retried) asks again. Implies `immediate`.
   */
  key?: string;
}

export interface AccountStore {
  /** Throws EmailTakenError when the (normalized) e-mail exists. */
  create(account: NewAccount): Promise<Account>;
  findByEmail(email: string): Promise<Account | null>;
  findByKeyHash(keyHash: string): Promise<Account | null>;
  /** By account id (audit workers: the account's current plan when a page is charged). */
  findById(id: string): Promise<Account | null>;
  /** Accounts in e-mail order, `limit` at a time, starting after the e-mail `after` (for `sdv admin list`). */
  list(options: { after?: string; limit: number }): Promise<Account[]>;
  /**
   * Replaces the key in one conditional write, only while the account's key is still `fromKeyHash`: of
   * concurrent rotations (any number of processes) exactly one wins, and the old hash stops matching at
   * once. Null: no such account, or its key is no longer `fromKeyHash` (another rotation won).
   */
  rotateKey(accountId: string, fromKeyHash: string, keyHash: string, keyCiphertext: string): Promise<Account | null>;
  /** `stripeCustomerId` undefined keeps the stored one; null clears it. Null result: no such account. */
  setPlan(accountId: string, plan: Plan, stripeCustomerId?: string | null): Promise<Account | null>;
  setActive(accountId: string, active: boolean): Promise<Account | null>;
  /**
   * Atomically takes one credit if used < limit in `period`; `used` is the count after the call. A store may
   * gather the reservations of one turn into one write (SQLite); `immediate` writes this one at once, for a
   * caller whose other record of the charge is already written (an audit page), so that a crash between the
   * two leaves as short a gap as possible.
   */
  reserveCredit(accountId: string, period: string, limit: number, options?: CreditOptions): Promise<ReserveOutcome>;
  /**
   * Gives back one credit taken by reserveCredit (a validation that failed); never goes below 0. With the
   * `key` it was taken under: given back once, in the period it was taken in, however often this is called.
   */
  releaseCredit(accountId: string, period: string, key?: string): Promise<void>;
  /** A period with no reservation yet has used 0. */
  usage(accountId: string, period: string): Promise<Usage>;
  /**
   * Starts applying a webhook event, exactly once even across failures: "claimed" means apply it now and
   * then call completeEvent (or abandonEvent when applying failed, so the provider's retry applies it);
   * "applied" means it was applied before; "in_progress" means another attempt holds it and its lease
   * (`leaseSeconds`, counted from its claim) has not run out. A claim whose holder died is taken over once
   * its lease has run out.
   */
  claimEvent(eventId: string, leaseSeconds: number): Promise<EventClaim>;
  /** Marks a claimed event applied: later deliveries answer "applied". */
  completeEvent(eventId: string): Promise<void>;
  /** Drops the claim of an event that could not be applied, so the next delivery claims it again. */
  abandonEvent(eventId: string): Promise<void>;
  /** Stores a pending verification (its idHash is new: 128 random bits); may drop ones expired before `now` (epoch ms). */
  addVerification(verification: PendingVerification, now: number): Promise<void>;
  /**
   * Removes the pending verification and returns it, exactly once across processes and instances: a second
   * take (or a concurrent one) gets null. The caller checks the code and the expiry; any attempt, right or
   * wrong, uses the request up.
   */
  takeVerification(idHash: string): Promise<PendingVerification | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface CacheStore {
  get(key: string): Promise<string | null>;
  /** Redis keeps whole seconds, so a fractional TTL may be rounded up; a TTL <= 0 stores nothing. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RateDecision {
  allowed: boolean;
  /** Requests (or units) counted in the current window, this one included. */
  count: number;
  /** Whole seconds until the current window ends, at least 1 (set whether or not the hit is allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one request for `key` in a fixed one-minute window, or `cost` units (the answer-byte budget
   * counts bytes); allowed while the window's count, this hit included, is at most the limit.
   */
  hit(key: string, limitPerMinute: number, cost?: number): Promise<RateDecision>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class EmailTakenError extends Error {
  override readonly name = "EmailTakenError";
  readonly email: string;

  constructor(email: string) {
    super(`the e-mail ${email} is already registered`);
    this.email = email;
  }
}
