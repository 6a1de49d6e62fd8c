// Waiting for the table to settle before a hint is asked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { settled, whenSettled } from "../../static/js/settle.js";

const still = { moving: false, finishing: false, pointerDown: false, due: false, quietMs: 0 };

test("a still table with nothing due is settled at once", () => {
  assert.equal(settled(still, 300), true);
});

test("cards in motion or a finish in progress are waited for", () => {
  assert.equal(settled({ ...still, moving: true }, 300), false);
  assert.equal(settled({ ...still, finishing: true, quietMs: 9999 }, 300), false);
});

test("an automatic move due is waited for, but not for ever", () => {
  assert.equal(settled({ ...still, due: true, quietMs: 100 }, 300), false);
  assert.equal(settled({ ...still, due: true, quietMs: 300 }, 300), true);
  // A pointer held down holds the automatic moves back: nothing comes until it lifts.
  assert.equal(settled({ ...still, due: true, pointerDown: true }, 300), true);
});

test("the wait ends once the automatic move has been played", async () => {
  globalThis.document = { querySelector: () => null };
  let clock = 0;
  const app = { snap: { status: "playing", safe: ["t1>f1"] }, settings: { autoMove: true } };
  const done = whenSettled(app, 1e9, () => clock);
  let over = false;
  done.then(() => { over = true; });
  await new Promise((r) => { setTimeout(r, 60); });
  assert.equal(over, false);
  app.snap = { status: "playing", safe: [] };        // the automatic move came
  clock += 10;
  await done;
  delete globalThis.document;
});
