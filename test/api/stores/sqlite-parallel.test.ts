// better-sqlite3 runs one statement at a time per thread, so the contract's Promise.all cannot overlap two
// SQLite writes. Here separate processes, each with its own connection to one file, reserve at the same
// moment: the proof that reserveCredit holds when a second server or `sdv admin` shares the database.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SqliteAccountStore } from "../../../api/stores/embedded/account-store.ts";
import { newAccount, tempDir } from "./fixtures.ts";

const PROCESSES = 3;
const CALLS_EACH = 600;
const LIMIT = 1000;
const script = fileURLToPath(new URL("./processes/reserve.ts", import.meta.url));

interface Child {
  ready: Promise<void>;
  go(): void;
  won: Promise<number[]>;
}

function startChild(args: string[]): Child {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    if (out.startsWith("ready\n")) markReady();
  });
  const won = once(child, "exit").then(([code]) => {
    if (code !== 0) throw new Error(`reserve process exited with ${code}`);
    return JSON.parse(out.slice("ready\n".length)) as number[];
  });
  won.catch(() => markReady());
  return { ready, go: () => child.stdin.end("go\n"), won };
}

const name = `${PROCESSES} processes x ${CALLS_EACH} reservations against ${LIMIT} credits on one file -> exactly ${LIMIT} ok`;
test(name, async () => {
  const dir = tempDir("parallel");
  const file = join(dir.path, "sdv.db");
  const store = SqliteAccountStore.open(file);
  try {
    const { id } = await store.create(newAccount());
    const children = Array.from({ length: PROCESSES }, () =>
      startChild([file, id, "2026-11", String(LIMIT), String(CALLS_EACH)]),
    );
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.go();
    const perProcess = await Promise.all(children.map((c) => c.won));

    const all = perProcess.flat().sort((a, b) => a - b);
    assert.equal(all, Array.from({ length: LIMIT }, (_, i) => i + 1), "every count 1..limit was won exactly once");
    assert.ok(perProcess.filter((won) => won.length > 0).length > 1, "more than one process won credits");
    assert.equal(await store.usage(id, "2026-11"), { period: "2026-11", used: LIMIT });
  } finally {
    await store.close();
    dir.remove();
  }
});

test.run();
