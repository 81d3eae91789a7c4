// The embedded audit store's schema moves forward in place: a file written by an earlier build (its
// migrations applied, its rows in the older shape) opens with every count it had.
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { AUDIT_MIGRATIONS, SqliteAuditStore } from "../../../api/stores/embedded/audit-store.ts";
import { openDatabase } from "../../../api/stores/embedded/sqlite-driver.ts";
import { tempDir } from "../stores/fixtures.ts";

/** The build before the issue counts: issues were tag rows, one per page and issue. */
const BEFORE_ISSUE_COUNTS = 2;

test("a file of the build before the issue counts: each run's issue rows become counts, the rows go, and so do the index entries no read needs", async () => {
  const dir = tempDir("audit-migration");
  const file = join(dir.path, "sdv.db");
  const db = openDatabase(file);
  db.exec("CREATE TABLE schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT");
  for (const sql of AUDIT_MIGRATIONS.slice(0, BEFORE_ISSUE_COUNTS)) db.exec(sql);
  db.prepare("INSERT INTO schema_versions (name, version) VALUES ('audits', ?)").run(BEFORE_ISSUE_COUNTS);
  const insertRun = db.prepare("INSERT INTO audit_runs (id, audit_id, account_id, status, trigger, created_at) VALUES (?, 'aud-1', 'acc-1', 'done', 'created', '2026-11-01T00:00:00.000Z')");
  insertRun.run("run-1");
  insertRun.run("run-2");
  const tag = db.prepare("INSERT INTO audit_page_tags (run_id, kind, value, url) VALUES (?, ?, ?, ?)");
  const offers = JSON.stringify(["error", "Product", "offers", "missing-required"]);
  const brand = JSON.stringify(["warning", "Product", "brand", "missing-recommended"]);
  for (let i = 0; i < 5; i++) {
    const url = `https://shop.example/p/${i}`;
    tag.run("run-1", "issue", offers, url);
    if (i < 2) tag.run("run-1", "issue", brand, url);
    tag.run("run-1", "code", "missing-required", url);
    tag.run("run-1", "type", "Product", url);
  }
  tag.run("run-2", "issue", brand, "https://shop.example/p/0");
  db.close();

  const store = SqliteAuditStore.open(file);
  try {
    assert.equal((await store.summary("run-1")).issues, [
      { severity: "error", type: "Product", property: "offers", code: "missing-required", pages: 5 },
      { severity: "warning", type: "Product", property: "brand", code: "missing-recommended", pages: 2 },
    ]);
    assert.equal((await store.summary("run-2")).issues, [{ severity: "warning", type: "Product", property: "brand", code: "missing-recommended", pages: 1 }]);
  } finally {
    await store.close();
  }
  const after = openDatabase(file, { readonly: true });
  try {
    // The other tags stay: the page filters read them.
    const kinds = after.prepare<{ kind: string; n: number }>("SELECT kind, COUNT(*) AS n FROM audit_page_tags GROUP BY kind ORDER BY kind").all();
    assert.equal(kinds, [
      { kind: "code", n: 5 },
      { kind: "type", n: 5 },
    ]);
    // Index entries a page no longer writes: none per charge by audit, none for a page without a score.
    const indexes = after.prepare<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('audit_charges', 'audit_pages') AND sql IS NOT NULL ORDER BY name").all();
    assert.equal(indexes.map((i) => i.name), ["audit_pages_score", "audit_pages_seq", "audit_pages_status"]);
    assert.match(indexes[0]!.sql, /WHERE score IS NOT NULL/);
    const version = after.prepare<{ version: number }>("SELECT version FROM schema_versions WHERE name = 'audits'").get();
    assert.is(version!.version, AUDIT_MIGRATIONS.length);
  } finally {
    after.close();
    dir.remove();
  }
});

test.run();
