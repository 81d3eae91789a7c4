/**
 * better-sqlite3 ships no type declarations and the project adds no @types package, so it is loaded with
 * createRequire and typed here with only the surface the adapter uses. Keeping the shim local (instead of
 * an ambient `declare module`) cannot clash with a declaration package added later.
 */
import { createRequire } from "node:module";

export type SqlValue = string | number | bigint | Buffer | null;

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface Statement<Row = unknown> {
  run(...params: SqlValue[]): RunResult;
  get(...params: SqlValue[]): Row | undefined;
  all(...params: SqlValue[]): Row[];
}

export interface Transaction<Args extends unknown[], Result> {
  (...args: Args): Result;
  /** BEGIN IMMEDIATE: takes the write lock up front, so two writers never deadlock upgrading a read lock. */
  immediate(...args: Args): Result;
}

export interface Database {
  readonly open: boolean;
  readonly inTransaction: boolean;
  prepare<Row = unknown>(sql: string): Statement<Row>;
  exec(sql: string): this;
  pragma(source: string, options: { simple: true }): unknown;
  pragma(source: string): unknown[];
  transaction<Args extends unknown[], Result>(fn: (...args: Args) => Result): Transaction<Args, Result>;
  close(): this;
}

export interface DatabaseOptions {
  /** Milliseconds a statement waits for another connection's lock before failing with SQLITE_BUSY. */
  timeout?: number;
  readonly?: boolean;
  fileMustExist?: boolean;
}

type DatabaseConstructor = new (filename: string, options?: DatabaseOptions) => Database;

const require = createRequire(import.meta.url);
const BetterSqlite3 = require("better-sqlite3") as DatabaseConstructor;

/**
 * How much of a store file is read through a memory map (PRAGMA mmap_size); past it, pages are read by
 * read() calls as before. Address space, not memory: only the pages read are resident, and the OS shares
 * and evicts them as file cache.
 */
export const MMAP_BYTES = 256 * 1024 * 1024;

/**
 * WAL pages written between two checkpoints (PRAGMA wal_autocheckpoint; SQLite's default is 1,000). An
 * audit page's transactions rewrite the same few pages (its run's counters, the tag and status indexes):
 * a checkpoint copies each page once however often it was rewritten since the last, and runs in the
 * committing request's turn. At 10,000 an audit instance spent a tenth less CPU per page (2.86 ms
 * against 3.15 ms, bench/audits.ts's site, one instance). The WAL then reaches 40 MB at most, and a
 * larger one left by a burst is cut back to WAL_SIZE_LIMIT_BYTES after a checkpoint.
 */
export const WAL_CHECKPOINT_PAGES = 10_000;
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export function openDatabase(filename: string, options?: DatabaseOptions): Database {
  return new BetterSqlite3(filename, options);
}

/** better-sqlite3's SqliteError carries the extended result code, e.g. "SQLITE_CONSTRAINT_UNIQUE". */
export function sqliteErrorCode(error: unknown): string | undefined {
  if (error instanceof Error && (error as { code?: unknown }).code !== undefined) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && code.startsWith("SQLITE_") ? code : undefined;
  }
  return undefined;
}
