/**
 * docs/service.md's plan tables are the limits the service enforces (api/billing/plans.ts and
 * api/audits/limits.ts): a plan's quota, per-minute limit, answer budget and audit limits change in one
 * place, and this fails until the docs follow.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AUDIT_LIMITS } from "../../api/audits/limits.ts";
import { PLAN_NAMES, PLANS } from "../../api/billing/plans.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const service = readFileSync(join(repoRoot, "docs", "service.md"), "utf8");

/** The rows of the Markdown table whose header starts with `| Plan | <second>`, by plan. */
function table(second: string): Map<string, string[]> {
  const lines = service.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`| Plan | ${second}`));
  assert.ok(start !== -1, `a table "| Plan | ${second}"`);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    rows.set(cells[0], cells.slice(1));
  }
  return rows;
}

const count = (n: number) => n.toLocaleString("en-US");
const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GiB` : `${bytes / 1024 ** 2} MiB`);

test("the plans table: validations a month, requests a minute, answer budget a minute", () => {
  const rows = table("Validations a month");
  assert.equal([...rows.keys()], PLAN_NAMES);
  for (const plan of PLAN_NAMES) {
    const p = PLANS[plan];
    assert.equal(rows.get(plan), [count(p.monthly), count(p.perMinute), size(p.answerBytesPerMinute)], plan);
  }
});

test("the audits table: pages per audit, runs at once", () => {
  const rows = table("Pages per audit");
  assert.equal([...rows.keys()], PLAN_NAMES);
  for (const plan of PLAN_NAMES) assert.equal(rows.get(plan), [count(AUDIT_LIMITS[plan].pagesPerAudit), count(AUDIT_LIMITS[plan].auditsAtOnce)], plan);
});

test("the walkthrough's free-plan limits are the free plan's", () => {
  assert.match(service, new RegExp(`free plan allows \\*\\*${PLANS.free.perMinute} requests a minute with a key\\*\\*`));
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  assert.match(readme, new RegExp(`free plan has ${PLANS.free.monthly} validations a month and ${PLANS.free.perMinute} keyed requests a minute`));
});

test.run();
