/** InputOrder (api/validation/input-order.ts): turns taken strictly in input order, however the items pass. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { InputOrder } from "../../api/validation/input-order.ts";

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

test("item i's turn comes only after items 0..i-1 passed, even when a later item passes early", async () => {
  const order = new InputOrder(4);
  const turns: number[] = [];
  for (const i of [3, 2, 1, 0]) void order.wait(i).then(() => turns.push(i));
  await settled();
  assert.equal(turns, [0], "the first item never waits");
  order.pass(2); // refused before its turn (e.g. a parse error): must not let item 3 overtake items 0 and 1
  await settled();
  assert.equal(turns, [0]);
  order.pass(0);
  await settled();
  assert.equal(turns, [0, 1]);
  order.pass(1);
  await settled();
  assert.equal(turns, [0, 1, 2, 3], "item 2 had passed already, so item 3 follows at once");
});

test("pass is idempotent; passAll lets every item through", async () => {
  const order = new InputOrder(3);
  order.pass(0);
  order.pass(0);
  const turns: number[] = [];
  for (const i of [0, 1, 2]) void order.wait(i).then(() => turns.push(i));
  await settled();
  assert.equal(turns.sort(), [0, 1]);
  order.passAll();
  await settled();
  assert.equal(turns.sort(), [0, 1, 2]);
});

test.run();
