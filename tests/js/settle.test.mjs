// Waiting for the table to settle (static/js/settle.js): what a Hint pressed while automatic
// moves are still playing waits for.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createSettle } from "../../static/js/settle.js";

/** A table whose automatic moves are counted down by hand; returns what was kept, in order. */
function table(pending) {
  const state = { pending };
  const { settled, poke } = createSettle(() => state.pending === 0);
  return { state, settled, poke };
}

const turn = () => new Promise((resolve) => { setImmediate(resolve); });

test("a settled table answers at once", async () => {
  const { settled } = table(0);
  let kept = false;
  settled().then(() => { kept = true; });
  await turn();
  assert.equal(kept, true);
});

test("a table still moving answers once its last automatic move is played, not before", async () => {
  const t = table(2);
  const kept = [];
  t.settled().then(() => kept.push("first"));
  t.settled().then(() => kept.push("second"));
  t.state.pending = 1;
  t.poke();
  await turn();
  assert.deepEqual(kept, []);             // one more automatic move to come
  t.state.pending = 0;
  t.poke();
  await turn();
  assert.deepEqual(kept, ["first", "second"]);
  t.poke();                               // kept once only
  await turn();
  assert.deepEqual(kept, ["first", "second"]);
});

test("a poke is judged once the transition is over: a move that schedules the next is not settled", async () => {
  const t = table(1);
  let kept = false;
  t.settled().then(() => { kept = true; });
  t.state.pending = 0;                    // the move's snapshot is taken...
  t.poke();
  t.state.pending = 1;                    // ...and, in the same transition, the next one is scheduled
  await turn();
  assert.equal(kept, false);
  t.state.pending = 0;
  t.poke();
  await turn();
  assert.equal(kept, true);
});
