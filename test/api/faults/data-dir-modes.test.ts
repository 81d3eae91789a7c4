/** The DATA_DIR the service creates is 0700, and its files (database, -wal, -shm, key secret) are 0600. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStores } from "../../../api/stores/index.ts";
import { loadOrCreateSecret } from "../../../api/keys/index.ts";
import { newAccount } from "../stores/fixtures.ts";

const mode = (path: string) => statSync(path).mode & 0o777;
const octal = (n: number) => `0${n.toString(8)}`;

test("a fresh DATA_DIR (and its missing parent) is 0700; sdv.db, -wal, -shm and the secret are 0600, whatever the umask", async () => {
  const root = mkdtempSync(join(tmpdir(), "sdv-modes-"));
  const previous = process.umask(0o022);
  try {
    const dataDir = join(root, "parent", "data");
    const stores = await openStores({ dataDir });
    try {
      await stores.accounts.create(newAccount()); // a write, so the WAL file exists
      loadOrCreateSecret(dataDir, undefined);
      assert.is(octal(mode(dataDir)), "0700", "DATA_DIR");
      assert.is(octal(mode(join(root, "parent"))), "0700", "a parent it created");
      for (const file of ["sdv.db", "sdv.db-wal", "sdv.db-shm", "key-encryption.secret"]) {
        assert.ok(existsSync(join(dataDir, file)), `${file} exists (${readdirSync(dataDir).join(", ")})`);
        assert.is(octal(mode(join(dataDir, file))), "0600", file);
      }
    } finally {
      await stores.close();
    }
  } finally {
    process.umask(previous);
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();
