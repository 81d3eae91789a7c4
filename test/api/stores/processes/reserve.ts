// A separate process for sqlite-parallel.test.ts: opens its own connection to the shared file, says
// "ready", waits for "go" on stdin (so all processes start together), reserves, and prints the counts it won.
import { createInterface } from "node:readline";
import { SqliteAccountStore } from "../../../../api/stores/embedded/account-store.ts";

const [file, accountId, period, limit, calls] = process.argv.slice(2);
const store = SqliteAccountStore.open(file!);
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === "go") break;
lines.close();

const won: number[] = [];
for (let i = 0; i < Number(calls); i++) {
  const outcome = await store.reserveCredit(accountId!, period!, Number(limit));
  if (outcome.ok) won.push(outcome.used);
}
await store.close();
process.stdout.write(`${JSON.stringify(won)}\n`);
