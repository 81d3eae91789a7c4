/**
 * The embedded schema as an ordered list of migrations; PRAGMA user_version records how many ran. A
 * migration is appended, never edited, once it has shipped. Several connections may open the same file at
 * once, so the version is read and raised inside one BEGIN IMMEDIATE transaction.
 */
import type { Database } from "./sqlite-driver.ts";

const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    plan TEXT NOT NULL CHECK (plan IN ('free', 'basic', 'growth', 'scale')),
    active INTEGER NOT NULL CHECK (active IN (0, 1)),
    key_hash TEXT NOT NULL,
    key_ciphertext TEXT NOT NULL,
    stripe_customer_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX accounts_email ON accounts (email);
  CREATE UNIQUE INDEX accounts_key_hash ON accounts (key_hash);

  CREATE TABLE usage (
    account_id TEXT NOT NULL,
    period TEXT NOT NULL,
    used INTEGER NOT NULL CHECK (used >= 0),
    PRIMARY KEY (account_id, period)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE events (
    id TEXT PRIMARY KEY,
    recorded_at TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  `,
  // Webhook events are claimed, then completed: one that failed to apply is given back for the retry.
  // Events recorded before this migration were applied (the old code recorded, then applied).
  `
  ALTER TABLE events ADD COLUMN state TEXT NOT NULL DEFAULT 'applied' CHECK (state IN ('pending', 'applied'));
  ALTER TABLE events ADD COLUMN lease_until INTEGER;
  `,
  // ACCOUNT_VERIFICATION=email: signups and logins waiting for their mailed code (hashes only).
  `
  CREATE TABLE verifications (
    id_hash TEXT PRIMARY KEY,
    code_hash TEXT NOT NULL,
    email TEXT NOT NULL,
    purpose TEXT NOT NULL CHECK (purpose IN ('signup', 'login')),
    expires_at INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX verifications_expires_at ON verifications (expires_at);
  `,
  // Audit pages' credits, each taken once per key (run and page) whichever instance asks and however
  // often: a worker killed between its charge record and its credit no longer leaves the page uncharged.
  `
  CREATE TABLE credit_keys (
    key TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    period TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX credit_keys_period ON credit_keys (period);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database): void {
  db.transaction(() => {
    const current = Number(db.pragma("user_version", { simple: true }));
    if (current > MIGRATIONS.length) {
      throw new Error(
        `the database has schema version ${current}, newer than this build knows (${MIGRATIONS.length}); ` +
          "refusing to open it with an older sdv",
      );
    }
    for (let version = current; version < MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version]!);
    }
    // PRAGMA takes no bound parameters; the value is our own integer.
    if (current !== MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
