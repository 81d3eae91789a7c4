/**
 * The curl walkthroughs of the docs, run as written against the service (the app, through inject, with
 * the default limits of a fresh start): docs/service.md's walkthrough and batch example in order, and the
 * README's first screen. A reader who runs them top to bottom within one minute on the free plan must
 * never get a 429, and the number of keyed requests the walkthrough states is the number it makes.
 * `KEY=sdv_live_...` takes the key of the last answer that carried one, as a reader would copy it.
 * Page URLs (example.com) are not fetched: the test app resolves no name, so they answer 422, which
 * counts against the per-minute limit like any keyed request.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PLANS } from "../../api/billing/plans.ts";
import { LIMIT_DEFAULTS } from "../../api/config/limits.ts";
import { WINDOW_MS } from "../../api/stores/fixed-window.ts";
import { startApp } from "../api/helpers.ts";
import { commandLines, curlRequest, shellBlocks, shellWords } from "./shell-commands.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");

interface Answered {
  command: string;
  status: number;
  keyed: boolean;
  remaining: string | undefined;
}

/**
 * Runs the blocks' commands in order against one fresh service; every curl's answer, in order. Strict: a
 * command other than curl, open or an assignment fails (a walkthrough step the test would skip).
 */
async function runCommands(blocks: string[], strict: boolean): Promise<Answered[]> {
  // One rate-limit window for the whole run, or a 429 could hide behind a minute turning: a run that
  // crossed a minute is run again from the start of the next one, which leaves it a whole minute.
  for (let attempt = 0; ; attempt++) {
    const intoWindow = Date.now() % WINDOW_MS;
    if (attempt > 0 || intoWindow > WINDOW_MS - 15_000) await new Promise((r) => setTimeout(r, WINDOW_MS - (Date.now() % WINDOW_MS) + 50));
    const windowAtStart = Math.floor(Date.now() / WINDOW_MS);
    const answered = await runOnce(blocks, strict);
    if (Math.floor(Date.now() / WINDOW_MS) === windowAtStart) return answered;
    assert.ok(attempt === 0, "the run stayed within one rate-limit window");
  }
}

async function runOnce(blocks: string[], strict: boolean): Promise<Answered[]> {

  const t = await startApp({
    AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT_DEFAULTS.AUTH_RATE_LIMIT_PER_MINUTE),
    INVALID_KEY_LIMIT_PER_MINUTE: String(LIMIT_DEFAULTS.INVALID_KEY_LIMIT_PER_MINUTE),
  });
  const answered: Answered[] = [];
  const vars: Record<string, string> = {};
  let lastKey: string | undefined;
  try {
    for (const line of blocks.flatMap(commandLines)) {
      const assignment = /^([A-Z_]+)=(\S+)/.exec(line);
      if (assignment !== null) {
        const [, name, value] = assignment;
        if (name === "KEY") {
          assert.ok(lastKey !== undefined, `${line}: no answer carried a key before it`);
          vars.KEY = lastKey;
        } else vars[name] = shellWords(value, vars)[0];
        continue;
      }
      const words = shellWords(line, vars);
      if (words[0] === "open") continue; // a browser page, no API call
      if (words[0] !== "curl" && !strict) continue;
      assert.is(words[0], "curl", `a walkthrough command the test cannot run: ${line}`);
      const req = curlRequest(words);
      const url = new URL(req.url);
      const res = await t.app.inject({ method: req.method as "GET", url: url.pathname + url.search, headers: req.headers, payload: req.body });
      const keyed = req.headers["x-api-key"] !== undefined || url.searchParams.has("access_key");
      answered.push({ command: line, status: res.statusCode, keyed, remaining: res.headers["x-ratelimit-remaining"] as string | undefined });
      const key = /"api_key"\s*:\s*"(sdv_live_[0-9a-f]+)"/.exec(res.body)?.[1];
      if (key !== undefined) lastKey = key;
    }
  } finally {
    await t.close();
  }
  return answered;
}

const service = read("docs/service.md");
const walkthrough = shellBlocks(service, "A walkthrough with curl");
const batch = shellBlocks(service, "Batch");

test("docs/service.md: the walkthrough, then the batch example, run top to bottom without a 429", async () => {
  const answered = await runCommands([...walkthrough, ...batch], true);
  const refused = answered.filter((a) => a.status === 429);
  assert.equal(refused, [], "no 429");
  const keyed = answered.filter((a) => a.keyed);
  assert.ok(keyed.length <= PLANS.free.perMinute, `${keyed.length} keyed requests, the free plan allows ${PLANS.free.perMinute} a minute`);
  // They did run as a reader's would: the signup gave a key, validations were answered, the rotation too.
  assert.is(answered[0].status, 201, answered[0].command);
  assert.ok(answered.some((a) => a.command.includes("/api/v1/validate") && a.status === 200), "a validation answered 200");
  assert.ok(answered.some((a) => a.command.includes("/api/auth/keys") && a.status === 201), "the rotation answered 201");
  assert.ok(keyed.every((a) => a.status !== 401 && a.status !== 403), `every keyed request used a working key: ${keyed.map((a) => `${a.status} ${a.command}`).join("\n")}`);
  assert.is(keyed.at(-1)!.remaining, String(PLANS.free.perMinute - keyed.length), "x-ratelimit-remaining counted them all in one window");
});

test("docs/service.md states the keyed requests its walkthrough and batch example make", async () => {
  const stated = /makes (\d+) keyed requests, and the\s+batch example below a (\d+)th/.exec(service);
  assert.ok(stated !== null, "the walkthrough says how many keyed requests it makes");
  const count = (blocks: string[]) =>
    blocks.flatMap(commandLines).filter((l) => l.startsWith("curl") && (/x-api-key: \$KEY/.test(l) || /access_key=\$KEY/.test(l))).length;
  assert.is(count(walkthrough), Number(stated[1]));
  assert.is(count(walkthrough) + count(batch), Number(stated[2]));
  assert.ok(Number(stated[2]) <= PLANS.free.perMinute);
});

test("README: the first screen's service commands run as written", async () => {
  const answered = await runCommands(shellBlocks(read("README.md"), "Get going"), false);
  assert.ok(answered.length >= 2, "the README's first screen calls the service");
  assert.equal(answered.map((a) => a.status), [201, 200]);
});

test.run();
