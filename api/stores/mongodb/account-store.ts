/**
 * AccountStore on MongoDB, used when MONGODB_URL is set. Each operation is a single-document atomic write,
 * so no transactions (and no replica set) are needed. Collections: accounts (unique email, unique keyHash),
 * usage (unique {accountId, period}), events (the event id is _id), verifications (the request id's hash is
 * _id; a TTL index drops expired ones).
 */
import { randomUUID } from "node:crypto";
import { MongoClient, MongoServerError, type Collection, type Db } from "mongodb";
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
import { dbNameInUrl } from "./database-name.ts";

interface AccountDoc {
  _id: string;
  email: string;
  plan: Plan;
  active: boolean;
  keyHash: string;
  keyCiphertext: string;
  stripeCustomerId: string | null;
  createdAt: string;
  updatedAt: string;
}

interface UsageDoc {
  accountId: string;
  period: string;
  used: number;
}

/** A credit taken under a key (an audit run's page); gone by itself two months on (TTL index). */
interface CreditKeyDoc {
  _id: string;
  accountId: string;
  period: string;
  expireAt: Date;
}

/** How long a credit's key is kept: a run's page is retried within minutes. */
const CREDIT_KEY_DAYS = 62;

interface EventDoc {
  _id: string;
  recordedAt: string;
  /** Absent on events recorded before claims existed: those were applied. */
  state?: "pending" | "applied";
  /** Epoch ms until which a pending claim belongs to its holder. */
  leaseUntil?: number | null;
}

interface VerificationDoc {
  _id: string;
  codeHash: string;
  email: string;
  purpose: PendingVerification["purpose"];
  expiresAt: number;
  /** For the TTL index (MongoDB expires on dates only); expiry itself is checked against expiresAt. */
  expireAt: Date;
}

export interface MongoAccountStoreOptions {
  /** Database name; default: the one in the URL, else "sdv". */
  dbName?: string;
  serverSelectionTimeoutMs?: number;
  now?: () => Date;
}

const DUPLICATE_KEY = 11000;

function isDuplicateKey(error: unknown, field?: string): boolean {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  if (field === undefined) return true;
  const pattern = (error.keyPattern ?? error.errorResponse?.keyPattern) as Record<string, unknown> | undefined;
  if (pattern) return field in pattern;
  // Servers that omit keyPattern still name the index in the message.
  return new RegExp(`index: ${field}_`).test(error.message);
}

function toAccount({ _id, ...rest }: AccountDoc): Account {
  return { id: _id, ...rest };
}

export class MongoAccountStore implements AccountStore {
  readonly #client: MongoClient;
  readonly #accounts: Collection<AccountDoc>;
  readonly #usage: Collection<UsageDoc>;
  readonly #creditKeys: Collection<CreditKeyDoc>;
  readonly #events: Collection<EventDoc>;
  readonly #verifications: Collection<VerificationDoc>;
  readonly #now: () => Date;

  static async connect(url: string, options: MongoAccountStoreOptions = {}): Promise<MongoAccountStore> {
    // Fail start-up in seconds, not the driver's 30, unless the URL or the caller says otherwise.
    const urlSetsTimeout = /[?&]serverSelectionTimeoutMS=/i.test(url);
    const serverSelectionTimeoutMS = options.serverSelectionTimeoutMs ?? (urlSetsTimeout ? undefined : 5000);
    const client = new MongoClient(url, serverSelectionTimeoutMS === undefined ? {} : { serverSelectionTimeoutMS });
    try {
      await client.connect();
      const db = client.db(options.dbName ?? dbNameInUrl(url) ?? "sdv");
      await MongoAccountStore.#ensureIndexes(db);
      return new MongoAccountStore(client, db, options.now ?? (() => new Date()));
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  static async #ensureIndexes(db: Db): Promise<void> {
    await Promise.all([
      db.collection<AccountDoc>("accounts").createIndexes([
        { key: { email: 1 }, name: "email_unique", unique: true },
        { key: { keyHash: 1 }, name: "keyHash_unique", unique: true },
      ]),
      db
        .collection<UsageDoc>("usage")
        .createIndex({ accountId: 1, period: 1 }, { name: "accountId_period_unique", unique: true }),
      db.collection<VerificationDoc>("verifications").createIndex({ expireAt: 1 }, { name: "expireAt_ttl", expireAfterSeconds: 0 }),
      db.collection<CreditKeyDoc>("credit_keys").createIndex({ expireAt: 1 }, { name: "expireAt_ttl", expireAfterSeconds: 0 }),
    ]);
  }

  private constructor(client: MongoClient, db: Db, now: () => Date) {
    this.#client = client;
    this.#accounts = db.collection<AccountDoc>("accounts");
    this.#usage = db.collection<UsageDoc>("usage");
    this.#creditKeys = db.collection<CreditKeyDoc>("credit_keys");
    this.#events = db.collection<EventDoc>("events");
    this.#verifications = db.collection<VerificationDoc>("verifications");
    this.#now = now;
  }

  #stamp(): string {
    return this.#now().toISOString();
  }

  async #update(accountId: string, set: Partial<AccountDoc>, condition: Partial<AccountDoc> = {}): Promise<Account | null> {
    const doc = await this.#accounts.findOneAndUpdate(
      { ...condition, _id: accountId },
      { $set: { ...set, updatedAt: this.#stamp() } },
      { returnDocument: "after" },
    );
    return doc ? toAccount(doc) : null;
  }

  async create(account: NewAccount): Promise<Account> {
    const stamp = this.#stamp();
    const doc: AccountDoc = {
      _id: randomUUID(),
      email: normalizeEmail(account.email),
      plan: account.plan,
      active: account.active !== false,
      keyHash: account.keyHash,
      keyCiphertext: account.keyCiphertext,
      stripeCustomerId: null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    try {
      await this.#accounts.insertOne(doc);
    } catch (error) {
      if (isDuplicateKey(error, "email")) throw new EmailTakenError(doc.email);
      throw error;
    }
    return toAccount(doc);
  }

  async findByEmail(email: string): Promise<Account | null> {
    const doc = await this.#accounts.findOne({ email: normalizeEmail(email) });
    return doc ? toAccount(doc) : null;
  }

  async findById(id: string): Promise<Account | null> {
    const doc = await this.#accounts.findOne({ _id: id });
    return doc ? toAccount(doc) : null;
  }

  async list(options: { after?: string; limit: number }): Promise<Account[]> {
    const docs = await this.#accounts
      .find(options.after === undefined ? {} : { email: { $gt: options.after } })
      .sort({ email: 1 })
      .limit(Math.max(1, Math.floor(options.limit)))
      .toArray();
    return docs.slice(0, Math.max(0, Math.floor(options.limit))).map(toAccount);
  }

  async findByKeyHash(keyHash: string): Promise<Account | null> {
    const doc = await this.#accounts.findOne({ keyHash });
    return doc ? toAccount(doc) : null;
  }

  async rotateKey(accountId: string, fromKeyHash: string, keyHash: string, keyCiphertext: string): Promise<Account | null> {
    // The filter names the current hash: a single-document conditional update, so one rotation wins.
    return this.#update(accountId, { keyHash, keyCiphertext }, { keyHash: fromKeyHash });
  }

  async setPlan(accountId: string, plan: Plan, stripeCustomerId?: string | null): Promise<Account | null> {
    return this.#update(accountId, stripeCustomerId === undefined ? { plan } : { plan, stripeCustomerId });
  }

  async setActive(accountId: string, active: boolean): Promise<Account | null> {
    return this.#update(accountId, { active });
  }

  /**
   * Under a key, the key is written first and the credit taken after: without a transaction across the two
   * documents, a process killed between them leaves that one page uncharged (SQLite writes both at once).
   */
  async reserveCredit(accountId: string, period: string, limit: number, options: CreditOptions = {}): Promise<ReserveOutcome> {
    const key = options.key;
    if (key === undefined) return this.#reserve(accountId, period, limit);
    try {
      await this.#creditKeys.insertOne({ _id: key, accountId, period, expireAt: new Date(this.#now().getTime() + CREDIT_KEY_DAYS * 86_400_000) });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return { ok: true, used: (await this.usage(accountId, period)).used };
    }
    const taken = await this.#reserve(accountId, period, limit);
    if (!taken.ok) await this.#creditKeys.deleteOne({ _id: key });
    return taken;
  }

  async #reserve(accountId: string, period: string, limit: number): Promise<ReserveOutcome> {
    if (limit < 1) return { ok: false, used: (await this.usage(accountId, period)).used };
    const filter = { accountId, period, used: { $lt: limit } };
    const update = { $inc: { used: 1 } };
    try {
      // The upsert covers the first use of a period: no document matches, so one is inserted with used 1.
      const doc = await this.#usage.findOneAndUpdate(filter, update, { upsert: true, returnDocument: "after" });
      if (doc) return { ok: true, used: doc.used };
    } catch (error) {
      // A duplicate key means the {accountId, period} document exists but the filter did not match it: either
      // it is full (used >= limit), or a concurrent first use inserted it a moment ago. The server does not
      // retry such upserts itself (the filter is not only equality on the unique key), so try once more
      // without upserting; the document now exists, so a miss really means "full".
      if (!isDuplicateKey(error)) throw error;
      const doc = await this.#usage.findOneAndUpdate(filter, update, { returnDocument: "after" });
      if (doc) return { ok: true, used: doc.used };
    }
    return { ok: false, used: (await this.usage(accountId, period)).used };
  }

  async releaseCredit(accountId: string, period: string, key?: string): Promise<void> {
    if (key !== undefined) {
      // Given back once, to the period it was taken in.
      const taken = await this.#creditKeys.findOneAndDelete({ _id: key });
      if (taken === null) return;
      ({ accountId, period } = taken);
    }
    await this.#usage.updateOne({ accountId, period, used: { $gt: 0 } }, { $inc: { used: -1 } });
  }

  async usage(accountId: string, period: string): Promise<Usage> {
    const doc = await this.#usage.findOne({ accountId, period }, { projection: { used: 1 } });
    return { period, used: doc?.used ?? 0 };
  }

  async claimEvent(eventId: string, leaseSeconds: number): Promise<EventClaim> {
    const now = this.#now();
    const leaseUntil = Math.round(now.getTime() + leaseSeconds * 1000);
    try {
      await this.#events.insertOne({ _id: eventId, recordedAt: now.toISOString(), state: "pending", leaseUntil });
      return "claimed";
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    // Take over a claim whose holder died: a conditional update on the expired lease, so one taker wins.
    const taken = await this.#events.findOneAndUpdate(
      { _id: eventId, state: "pending", leaseUntil: { $lte: now.getTime() } },
      { $set: { recordedAt: now.toISOString(), leaseUntil } },
    );
    if (taken) return "claimed";
    const doc = await this.#events.findOne({ _id: eventId }, { projection: { state: 1 } });
    return doc === null || doc.state === "pending" ? "in_progress" : "applied";
  }

  async completeEvent(eventId: string): Promise<void> {
    await this.#events.updateOne({ _id: eventId }, { $set: { state: "applied", leaseUntil: null } });
  }

  async abandonEvent(eventId: string): Promise<void> {
    await this.#events.deleteOne({ _id: eventId, state: "pending" });
  }

  async addVerification(verification: PendingVerification, _now: number): Promise<void> {
    const { idHash, codeHash, email, purpose, expiresAt } = verification;
    // Expired ones are dropped by the TTL index, not here.
    await this.#verifications.insertOne({ _id: idHash, codeHash, email: normalizeEmail(email), purpose, expiresAt, expireAt: new Date(expiresAt) });
  }

  async takeVerification(idHash: string): Promise<PendingVerification | null> {
    // findOneAndDelete is atomic on the one document: of concurrent takes, one gets it.
    const doc = await this.#verifications.findOneAndDelete({ _id: idHash });
    return doc ? { idHash: doc._id, codeHash: doc.codeHash, email: doc.email, purpose: doc.purpose, expiresAt: doc.expiresAt } : null;
  }

  async ping(): Promise<void> {
    await this.#client.db("admin").command({ ping: 1 });
  }

  async close(): Promise<void> {
    await this.#client.close();
  }
}
