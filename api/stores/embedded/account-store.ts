/**
 * AccountStore on one SQLite file (WAL), the default when no MONGODB_URL is set. better-sqlite3 is
 * synchronous, so each call finishes before the next starts in this process; the statements are still
 * written to be atomic on their own, because other processes (a second server, `sdv admin`) may open the
 * same file.
 *
 * Locks never stall the process. SQLite's busy_timeout waits for another connection's lock inside the
 * synchronous call, i.e. on the event loop: a `BEGIN EXCLUSIVE` held elsewhere for 6 s froze every route,
 * /api/v1/types included, for 6 s. After opening, busy_timeout is 0, so a locked statement fails at once
 * (nothing written: SQLITE_BUSY aborts the statement or transaction), and it is retried from a timer with
 * growing pauses for at most `lockWaitMs`; then the call fails and the route answers 503 with Retry-After.
 * Readers are not blocked by a writer in WAL mode, so key look-ups and logins keep working meanwhile.
 * (A worker thread was the other option; it would add a thread hop to every look-up on the hot path
 * and still have to fail requests once the lock outlives their patience.)
 */
import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import { normalizeEmail } from "../normalize-email.ts";
import {
  EmailTakenError,
  type Account,
  type AccountStore,
  type CreditOptions,
  type EventClaim,
  type NewAccount,
  type PendingVerification,
  type Plan,
  type ReserveOutcome,
  type Usage,
} from "../ports.ts";
import { ensurePrivateFile, makePrivateDir } from "../private-files.ts";
import { migrate } from "./schema.ts";
import { MMAP_BYTES, WAL_CHECKPOINT_PAGES, WAL_SIZE_LIMIT_BYTES, openDatabase, sqliteErrorCode, type Database, type Statement } from "./sqlite-driver.ts";
import { withLockRetry } from "./lock-retry.ts";

interface AccountRow {
  id: string;
  email: string;
  plan: Plan;
  active: 0 | 1;
  key_hash: string;
  key_ciphertext: string;
  stripe_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

interface VerificationRow {
  id_hash: string;
  code_hash: string;
  email: string;
  purpose: PendingVerification["purpose"];
  expires_at: number;
}

export interface SqliteAccountStoreOptions {
  /** How long opening (schema migration) may wait for another connection's lock (ms). */
  busyTimeoutMs?: number;
  /** How long a call keeps retrying, off the event loop, while another connection holds the lock (ms). */
  lockWaitMs?: number;
  now?: () => Date;
}

export const DEFAULT_LOCK_WAIT_MS = 1_000;
/** First pause before retrying a locked statement; it doubles up to the cap. */
/** Patience of releaseCredit: a lock taken between a reservation and its release must not keep the credit. */
const RELEASE_WAIT_MS = 10_000;

/**
 * Commits to accounts or usage by any store of this process. Another connection's commit shows in
 * data_version, which a turn of the event loop reads once (below); one made in this process during that
 * turn (two stores on one file, as tests open them) is seen through this count instead.
 */
let commitsInProcess = 0;

const COLUMNS = "id, email, plan, active, key_hash, key_ciphertext, stripe_customer_id, created_at, updated_at";

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    active: row.active === 1,
    keyHash: row.key_hash,
    keyCiphertext: row.key_ciphertext,
    stripeCustomerId: row.stripe_customer_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class SqliteAccountStore implements AccountStore {
  readonly #db: Database;
  readonly #now: () => Date;
  readonly #sql: {
    insert: Statement;
    byId: Statement<AccountRow>;
    byEmail: Statement<AccountRow>;
    byKeyHash: Statement<AccountRow>;
    page: Statement<AccountRow>;
    rotate: Statement;
    setPlan: Statement;
    setPlanAndCustomer: Statement;
    setActive: Statement;
    reserve: Statement<{ used: number }>;
    reserveMany: Statement<{ used: number }>;
    release: Statement;
    usage: Statement<{ used: number }>;
    addCreditKey: Statement;
    takeCreditKey: Statement<{ account_id: string; period: string }>;
    dropCreditKeysBefore: Statement;
    claimEvent: Statement<{ state: string }>;
    eventState: Statement<{ state: string }>;
    completeEvent: Statement;
    abandonEvent: Statement;
    addVerification: Statement;
    dropExpiredVerifications: Statement;
    takeVerification: Statement<VerificationRow>;
    ping: Statement;
    dataVersion: Statement<{ data_version: number }>;
  };

  /** `filename` is a path (its folder is created) or ":memory:". */
  static open(filename: string, options: SqliteAccountStoreOptions = {}): SqliteAccountStore {
    if (filename !== ":memory:") {
      makePrivateDir(dirname(filename));
      ensurePrivateFile(filename);
    }
    const db = openDatabase(filename, { timeout: options.busyTimeoutMs ?? 5000 });
    try {
      db.pragma("journal_mode = WAL");
      // NORMAL is durable across application crashes in WAL mode; only a power loss may drop the last commits.
      db.pragma("synchronous = NORMAL");
      db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
      db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
      // Reads through a memory map: with several processes writing, each transaction starts with its page
      // cache emptied, and re-reading its pages by read() calls cost an audit instance about a tenth of its CPU.
      db.pragma(`mmap_size = ${MMAP_BYTES}`);
      migrate(db);
      db.pragma("busy_timeout = 0");
      return new SqliteAccountStore(db, options.now ?? (() => new Date()), options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  readonly #lockWaitMs: number;

  private constructor(db: Database, now: () => Date, lockWaitMs: number) {
    this.#db = db;
    this.#now = now;
    this.#lockWaitMs = lockWaitMs;
    this.#sql = {
      insert: db.prepare(`INSERT INTO accounts (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      byId: db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE id = ?`),
      byEmail: db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE email = ?`),
      byKeyHash: db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE key_hash = ?`),
      page: db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE email > ? ORDER BY email LIMIT ?`),
      rotate: db.prepare("UPDATE accounts SET key_hash = ?, key_ciphertext = ?, updated_at = ? WHERE id = ? AND key_hash = ?"),
      setPlan: db.prepare("UPDATE accounts SET plan = ?, updated_at = ? WHERE id = ?"),
      setPlanAndCustomer: db.prepare(
        "UPDATE accounts SET plan = ?, stripe_customer_id = ?, updated_at = ? WHERE id = ?",
      ),
      setActive: db.prepare("UPDATE accounts SET active = ?, updated_at = ? WHERE id = ?"),
      // One statement decides and counts: the first use of a period inserts 1, later uses add 1 only while
      // used < limit. When the WHERE refuses, RETURNING yields no row.
      reserve: db.prepare(
        `INSERT INTO usage (account_id, period, used) VALUES (?, ?, 1)
         ON CONFLICT (account_id, period) DO UPDATE SET used = used + 1 WHERE usage.used < ?
         RETURNING used`,
      ),
      // The same for n credits at once, all or none: taken only while used + n <= limit.
      reserveMany: db.prepare(
        `INSERT INTO usage (account_id, period, used) VALUES (?, ?, ?)
         ON CONFLICT (account_id, period) DO UPDATE SET used = used + ? WHERE usage.used + ? <= ?
         RETURNING used`,
      ),
      release: db.prepare("UPDATE usage SET used = used - 1 WHERE account_id = ? AND period = ? AND used > 0"),
      usage: db.prepare("SELECT used FROM usage WHERE account_id = ? AND period = ?"),
      addCreditKey: db.prepare("INSERT OR IGNORE INTO credit_keys (key, account_id, period) VALUES (?, ?, ?)"),
      takeCreditKey: db.prepare("DELETE FROM credit_keys WHERE key = ? RETURNING account_id, period"),
      dropCreditKeysBefore: db.prepare("DELETE FROM credit_keys WHERE period < ?"),
      // Inserts a fresh claim, or takes over a pending one whose lease ran out; no row returned: not claimed.
      claimEvent: db.prepare(
        `INSERT INTO events (id, recorded_at, state, lease_until) VALUES (?, ?, 'pending', ?)
         ON CONFLICT (id) DO UPDATE SET recorded_at = excluded.recorded_at, lease_until = excluded.lease_until
           WHERE events.state = 'pending' AND events.lease_until <= ?
         RETURNING state`,
      ),
      eventState: db.prepare("SELECT state FROM events WHERE id = ?"),
      completeEvent: db.prepare("UPDATE events SET state = 'applied', lease_until = NULL WHERE id = ?"),
      abandonEvent: db.prepare("DELETE FROM events WHERE id = ? AND state = 'pending'"),
      addVerification: db.prepare("INSERT INTO verifications (id_hash, code_hash, email, purpose, expires_at) VALUES (?, ?, ?, ?, ?)"),
      dropExpiredVerifications: db.prepare("DELETE FROM verifications WHERE expires_at < ?"),
      // One statement finds and removes: of two takes, in any number of processes, one gets the row.
      takeVerification: db.prepare("DELETE FROM verifications WHERE id_hash = ? RETURNING id_hash, code_hash, email, purpose, expires_at"),
      ping: db.prepare("SELECT 1"),
      dataVersion: db.prepare("PRAGMA data_version"),
    };
  }

  #stamp(): string {
    return this.#now().toISOString();
  }

  /** Runs `op` now; while another connection holds the lock, again from a timer, within lockWaitMs. */
  #run<T>(op: () => T, waitMs = this.#lockWaitMs): Promise<T> {
    return withLockRetry(op, waitMs);
  }

  #byId(id: string): Account | null {
    const row = this.#sql.byId.get(id);
    return row ? toAccount(row) : null;
  }

  /** Runs an UPDATE of one account and reads the row back in the same transaction. */
  #updateAccount(id: string, update: () => number): Promise<Account | null> {
    this.#byKeyCache.clear();
    return this.#run(() => {
      const account = this.#db.transaction(() => (update() === 0 ? null : this.#byId(id))).immediate();
      this.#committed();
      // Again after the commit: a look-up while a lock held it back may have cached the old row.
      this.#byKeyCache.clear();
      return account;
    });
  }

  /** After each commit to accounts or usage: other stores of this process check data_version again. */
  #committed(): void {
    // This store's own commit leaves its caches right (it updates or clears them itself).
    if (this.#checkedAt === commitsInProcess) this.#checkedAt = commitsInProcess + 1;
    commitsInProcess++;
  }

  async create(account: NewAccount): Promise<Account> {
    this.#byKeyCache.clear();
    const email = normalizeEmail(account.email);
    const stamp = this.#stamp();
    const id = randomUUID();
    try {
      await this.#run(() => {
        this.#sql.insert.run(id, email, account.plan, account.active === false ? 0 : 1, account.keyHash, account.keyCiphertext, null, stamp, stamp);
        this.#committed();
      });
    } catch (error) {
      if (sqliteErrorCode(error) === "SQLITE_CONSTRAINT_UNIQUE" && /accounts\.email/.test(String(error))) {
        throw new EmailTakenError(email);
      }
      throw error;
    }
    return {
      id,
      email,
      plan: account.plan,
      active: account.active !== false,
      keyHash: account.keyHash,
      keyCiphertext: account.keyCiphertext,
      stripeCustomerId: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
  }

  async findByEmail(email: string): Promise<Account | null> {
    const row = await this.#run(() => this.#sql.byEmail.get(normalizeEmail(email)));
    return row ? toAccount(row) : null;
  }

  async findById(id: string): Promise<Account | null> {
    return this.#run(() => this.#byId(id));
  }

  async list(options: { after?: string; limit: number }): Promise<Account[]> {
    const rows = await this.#run(() => this.#sql.page.all(options.after ?? "", Math.max(0, Math.floor(options.limit))));
    return rows.map(toAccount);
  }

  /**
   * Key look-ups run on every request, so accounts are kept in memory by key hash (and usage by account
   * and period, for the credits a cache hit reports). The copies are exact, not timed: this connection's
   * own writes update or clear them, and SQLite's data_version, which changes whenever another
   * connection (such as `sdv admin` in another process) commits, clears them when it moves.
   *
   * data_version is read at most once per turn of the event loop (a read transaction each time was the
   * largest cost of a cache hit): the requests read from their sockets in one turn are answered as of
   * that turn's first look-up, and a commit elsewhere is seen from the next turn on, a few milliseconds
   * at most. A commit by another store of this process is seen at once (commitsInProcess).
   */
  findByKeyHash(keyHash: string): Promise<Account | null> {
    return this.#run(() => this.#findByKeyHash(keyHash));
  }

  #findByKeyHash(keyHash: string): Account | null {
    this.#sync();
    const cached = this.#byKeyCache.get(keyHash);
    if (cached) return { ...cached };
    const row = this.#sql.byKeyHash.get(keyHash);
    if (!row) return null;
    const account = toAccount(row);
    if (this.#byKeyCache.size >= 10_000) this.#byKeyCache.clear();
    this.#byKeyCache.set(keyHash, account);
    return { ...account };
  }

  /** Drops the in-memory copies if another connection committed since they were read (see findByKeyHash). */
  #sync(): void {
    if (this.#checkedInTurn && this.#checkedAt === commitsInProcess) return;
    const version = this.#sql.dataVersion.get()?.data_version ?? -1;
    if (version !== this.#cacheVersion) {
      this.#byKeyCache.clear();
      this.#usageCache.clear();
      this.#cacheVersion = version;
    }
    this.#checkedAt = commitsInProcess;
    if (!this.#checkedInTurn) {
      this.#checkedInTurn = true;
      setImmediate(() => (this.#checkedInTurn = false));
    }
  }

  #byKeyCache = new Map<string, Account>();
  /** used, by `${accountId} ${period}`. */
  #usageCache = new Map<string, number>();
  #cacheVersion = -1;
  #checkedInTurn = false;
  /** commitsInProcess when data_version was last read. */
  #checkedAt = -1;

  #setUsage(accountId: string, period: string, used: number): void {
    if (this.#usageCache.size >= 10_000) this.#usageCache.clear();
    this.#usageCache.set(`${accountId} ${period}`, used);
  }

  async rotateKey(accountId: string, fromKeyHash: string, keyHash: string, keyCiphertext: string): Promise<Account | null> {
    return this.#updateAccount(
      accountId,
      () => this.#sql.rotate.run(keyHash, keyCiphertext, this.#stamp(), accountId, fromKeyHash).changes,
    );
  }

  async setPlan(accountId: string, plan: Plan, stripeCustomerId?: string | null): Promise<Account | null> {
    return this.#updateAccount(accountId, () =>
      stripeCustomerId === undefined
        ? this.#sql.setPlan.run(plan, this.#stamp(), accountId).changes
        : this.#sql.setPlanAndCustomer.run(plan, stripeCustomerId, this.#stamp(), accountId).changes,
    );
  }

  async setActive(accountId: string, active: boolean): Promise<Account | null> {
    return this.#updateAccount(
      accountId,
      () => this.#sql.setActive.run(active ? 1 : 0, this.#stamp(), accountId).changes,
    );
  }

  /**
   * Reservations arriving in the same turn of the event loop are committed together (group
   * commit): each is still its own conditional upsert, atomic on its own, but a commit, the costly
   * part of a write under load, is paid once per batch instead of once per request.
   */
  reserveCredit(accountId: string, period: string, limit: number, options: CreditOptions = {}): Promise<ReserveOutcome> {
    const key = options.key;
    if (key !== undefined) return this.#run(() => this.#commitKeyed(accountId, period, limit, key));
    if (options.immediate === true) return this.#run(() => this.#commitReservations([{ accountId, period, limit }])[0]);
    return new Promise((resolve, reject) => {
      this.#pendingReserves.push({ accountId, period, limit, resolve, reject });
      if (this.#pendingReserves.length === 1) setImmediate(() => this.#flushReserves());
    });
  }

  #pendingReserves: Array<{
    accountId: string;
    period: string;
    limit: number;
    resolve: (outcome: ReserveOutcome) => void;
    reject: (error: unknown) => void;
  }> = [];

  #flushReserves(): void {
    const batch = this.#pendingReserves;
    this.#pendingReserves = [];
    // A locked database rolls the whole batch back (nothing taken), so retrying it is safe.
    this.#run(() => this.#commitReservations(batch)).then(
      (outcomes) => batch.forEach((r, i) => r.resolve(outcomes[i])),
      (error: unknown) => batch.forEach((r) => r.reject(error)),
    );
  }

  /** The period whose older keys were dropped by this store (keys of the last two periods are kept). */
  #keysKeptFrom = "";

  /** One credit under `key`, or none when the key was charged before: the key and the count in one transaction. */
  #commitKeyed(accountId: string, period: string, limit: number, key: string): ReserveOutcome {
    const outcome = this.#db
      .transaction((): ReserveOutcome => {
        const keptFrom = previousPeriod(period);
        if (keptFrom > this.#keysKeptFrom) {
          // A run's page is retried within minutes; a key older than last period is never asked for again.
          this.#sql.dropCreditKeysBefore.run(keptFrom);
          this.#keysKeptFrom = keptFrom;
        }
        if (this.#sql.addCreditKey.run(key, accountId, period).changes === 0) return { ok: true, used: this.#sql.usage.get(accountId, period)?.used ?? 0 };
        const taken = this.#reserveOne(accountId, period, limit);
        if (!taken.ok) this.#sql.takeCreditKey.get(key);
        return taken;
      })
      .immediate();
    this.#committed();
    this.#setUsage(accountId, period, outcome.used);
    return outcome;
  }

  /** Takes the batch's credits in one transaction; the counts read in it are the rows' values once committed. */
  #commitReservations(batch: ReadonlyArray<{ accountId: string; period: string; limit: number }>): ReserveOutcome[] {
    const outcomes = this.#db.transaction(() => this.#reserveAll(batch)).immediate();
    this.#committed();
    batch.forEach((r, i) => this.#setUsage(r.accountId, r.period, outcomes[i].used));
    return outcomes;
  }

  /**
   * The batch's outcomes, each what its own upsert in arrival order would have given. Under load one key's
   * requests arrive many to a turn, so the reservations of one account and period are taken by one statement
   * when all of them fit under the limit (each told the count it would have got in turn); when they do not
   * all fit, one by one, so that exactly those before the limit get a credit. Rows of different accounts or
   * periods do not interact, so taking a group together cannot change another group's outcomes.
   */
  #reserveAll(batch: ReadonlyArray<{ accountId: string; period: string; limit: number }>): ReserveOutcome[] {
    const outcomes = new Array<ReserveOutcome>(batch.length);
    const groups = new Map<string, number[]>();
    batch.forEach((r, i) => {
      const key = `${r.accountId} ${r.period}`;
      const group = groups.get(key);
      if (group) group.push(i);
      else groups.set(key, [i]);
    });
    for (const indexes of groups.values()) {
      const first = batch[indexes[0]];
      const n = indexes.length;
      const sameLimit = indexes.every((i) => batch[i].limit === first.limit);
      // n <= limit: the upsert's first use inserts n unconditionally.
      const taken = n > 1 && sameLimit && n <= first.limit ? this.#sql.reserveMany.get(first.accountId, first.period, n, n, n, first.limit) : undefined;
      if (taken) {
        indexes.forEach((i, k) => (outcomes[i] = { ok: true, used: taken.used - n + k + 1 }));
      } else {
        for (const i of indexes) outcomes[i] = this.#reserveOne(batch[i].accountId, batch[i].period, batch[i].limit);
      }
    }
    return outcomes;
  }

  #reserveOne(accountId: string, period: string, limit: number): ReserveOutcome {
    // The upsert's first use inserts 1 unconditionally, so a limit below 1 must refuse before it.
    const taken = limit >= 1 ? this.#sql.reserve.get(accountId, period, limit) : undefined;
    if (taken) return { ok: true, used: taken.used };
    return { ok: false, used: this.#sql.usage.get(accountId, period)?.used ?? 0 };
  }

  /** A credit given back is owed to the caller: it waits out a lock longer than other calls do. */
  async releaseCredit(accountId: string, period: string, key?: string): Promise<void> {
    await this.#run(() => {
      // Under a key: given back once, to the period the credit was taken in.
      const taken = key === undefined ? { account_id: accountId, period } : this.#db.transaction(() => {
        const row = this.#sql.takeCreditKey.get(key);
        if (row !== undefined) this.#sql.release.run(row.account_id, row.period);
        return row;
      }).immediate();
      if (key === undefined) this.#sql.release.run(accountId, period);
      this.#committed();
      if (taken !== undefined) this.#usageCache.delete(`${taken.account_id} ${taken.period}`);
    }, Math.max(this.#lockWaitMs, RELEASE_WAIT_MS));
  }

  async usage(accountId: string, period: string): Promise<Usage> {
    const used = await this.#run(() => {
      this.#sync();
      const cached = this.#usageCache.get(`${accountId} ${period}`);
      if (cached !== undefined) return cached;
      const read = this.#sql.usage.get(accountId, period)?.used ?? 0;
      this.#setUsage(accountId, period, read);
      return read;
    });
    return { period, used };
  }

  async claimEvent(eventId: string, leaseSeconds: number): Promise<EventClaim> {
    const now = this.#now();
    return this.#run(() =>
      this.#db
        .transaction((): EventClaim => {
          const stamp = now.toISOString();
          if (this.#sql.claimEvent.get(eventId, stamp, Math.round(now.getTime() + leaseSeconds * 1000), now.getTime())) return "claimed";
          return this.#sql.eventState.get(eventId)?.state === "applied" ? "applied" : "in_progress";
        })
        .immediate(),
    );
  }

  async completeEvent(eventId: string): Promise<void> {
    await this.#run(() => this.#sql.completeEvent.run(eventId));
  }

  async abandonEvent(eventId: string): Promise<void> {
    await this.#run(() => this.#sql.abandonEvent.run(eventId));
  }

  async addVerification(verification: PendingVerification, now: number): Promise<void> {
    const { idHash, codeHash, email, purpose, expiresAt } = verification;
    await this.#run(() =>
      this.#db
        .transaction(() => {
          this.#sql.dropExpiredVerifications.run(now);
          this.#sql.addVerification.run(idHash, codeHash, normalizeEmail(email), purpose, expiresAt);
        })
        .immediate(),
    );
  }

  async takeVerification(idHash: string): Promise<PendingVerification | null> {
    const row = await this.#run(() => this.#sql.takeVerification.get(idHash));
    return row
      ? { idHash: row.id_hash, codeHash: row.code_hash, email: row.email, purpose: row.purpose, expiresAt: row.expires_at }
      : null;
  }

  async ping(): Promise<void> {
    this.#sql.ping.get();
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

/** The billing period before `period` ("2026-01" -> "2025-12"). */
function previousPeriod(period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  if (!Number.isInteger(year) || !Number.isInteger(month)) return "";
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}
