/** Semaphore (fetch/semaphore.ts): a waiter whose signal aborts leaves the queue without taking a place; a place held past its work. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Semaphore } from "../../fetch/semaphore.ts";

test("an aborted waiter rejects with the signal's reason and the next waiter gets the place", async () => {
  const pages = new Semaphore(1);
  let release!: () => void;
  const holder = pages.use(() => new Promise<void>((resolve) => (release = resolve)));
  const gaveUp = new AbortController();
  const ran: string[] = [];
  const first = pages.use(async () => void ran.push("aborted waiter"), gaveUp.signal);
  const second = pages.use(async () => void ran.push("second waiter"));
  const reason = new Error("deadline");
  gaveUp.abort(reason);
  try {
    await first;
    assert.unreachable("the aborted waiter ran");
  } catch (err) {
    assert.is(err, reason);
  }
  release();
  await holder;
  await second;
  assert.equal(ran, ["second waiter"]);
  // The place came back: one more use runs at once.
  assert.is(await pages.use(async () => "free"), "free");
});

test("an already aborted signal never takes a place", async () => {
  const pages = new Semaphore(1);
  const reason = new Error("late");
  let ran = false;
  await pages.use(async () => void (ran = true), AbortSignal.abort(reason)).then(
    () => assert.unreachable("ran"),
    (err: unknown) => assert.is(err, reason),
  );
  assert.not.ok(ran);
  assert.is(await pages.use(async () => "free"), "free");
});

test("acquire and release: a place held past its work is handed to the longest waiter; waiting and full say so", async () => {
  const places = new Semaphore(1);
  await places.acquire();
  assert.ok(places.full);
  const order: string[] = [];
  const a = places.acquire().then(() => order.push("a"));
  const b = places.acquire().then(() => order.push("b"));
  assert.is(places.waiting, 2);
  places.release();
  await a;
  assert.equal(order, ["a"]);
  assert.is(places.waiting, 1);
  places.release();
  await b;
  places.release();
  assert.not.ok(places.full);
  assert.is(places.waiting, 0);
});

test.run();
