/**
 * The embedded store holds every account's e-mail and (encrypted) key: the folders and files the service
 * creates for it are private to the service's user. SQLite creates the -wal and -shm files with the mode of
 * the database file, so creating that file 0600 before SQLite opens it covers all three. Folders and files
 * that already exist (an operator's own volume) keep their modes.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDir(path: string): void {
  const created = mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  // The umask may only remove bits, but say it exactly for the folder itself.
  if (created !== undefined) chmodSync(path, PRIVATE_DIR_MODE);
}

/** Creates an empty file readable by its owner only, unless it exists. */
export function ensurePrivateFile(path: string): void {
  if (existsSync(path)) return;
  try {
    closeSync(openSync(path, "wx", PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return; // another process created it first
    throw error;
  }
  chmodSync(path, PRIVATE_FILE_MODE);
}
