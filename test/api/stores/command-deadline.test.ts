/** The Redis command deadline: a miss fails fast and skips Redis for the cool-down; a stall is not a miss. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ErrorReply } from "redis";
import { CommandDeadline, RedisUnavailableError } from "../../../api/stores/redis/command-deadline.ts";

const never = () => new Promise<string>(() => {});

test("a command that never answers fails after the deadline; the next ones fail at once until the cool-down ends", async () => {
  let now = 1_000;
  const downs: Error[] = [];
  const deadline = new CommandDeadline({ timeoutMs: 30, cooldownMs: 500, now: () => now, onDown: (e) => downs.push(e) });
  const started = performance.now();
  await deadline.run(never).then(
    () => assert.unreachable("a hung command resolved"),
    (e: unknown) => assert.instance(e, RedisUnavailableError),
  );
  assert.ok(performance.now() - started < 500, "failed near its deadline");
  assert.is(deadline.down, true);
  let called = false;
  await deadline.run(async () => ((called = true), "x")).catch(() => {});
  assert.is(called, false, "skipped while down");
  assert.is(downs.length, 1, "one warning per outage");
  now += 501;
  assert.is(await deadline.run(async () => "back"), "back");
});

test("an error reply of Redis is passed on without treating Redis as down", async () => {
  const deadline = new CommandDeadline({ timeoutMs: 50 });
  await deadline.run(() => Promise.reject(new ErrorReply("WRONGTYPE"))).catch(() => {});
  assert.is(deadline.down, false);
  await deadline.run(() => Promise.reject(new Error("Socket closed unexpectedly"))).catch(() => {});
  assert.is(deadline.down, true, "a connection error is");
});

test("an event-loop stall longer than the deadline does not turn a ready answer into a miss", async () => {
  const deadline = new CommandDeadline({ timeoutMs: 20 });
  const answer = deadline.run(
    () => new Promise<string>((resolve) => setTimeout(() => resolve("ok"), 5)),
  );
  const until = Date.now() + 80;
  while (Date.now() < until) {
    // Busy: both the reply timer and the deadline timer are due when the loop resumes.
  }
  assert.is(await answer, "ok");
  assert.is(deadline.down, false);
});

test.run();
