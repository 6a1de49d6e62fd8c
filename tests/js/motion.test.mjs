// The animation planner: which cards move, from where, and when.
import assert from "node:assert/strict";
import { test } from "node:test";

import { planMotion, play, travelMs } from "../../static/js/motion.js";

const at = (entries) => new Map(entries.map(([id, x, y, up = true]) => [id, { x, y, up }]));

test("nothing animates on the first drawing", () => {
  assert.deepEqual(planMotion(new Map(), [{ id: 1, x: 0, y: 0, up: true }]), []);
  assert.deepEqual(planMotion(null, [{ id: 1, x: 0, y: 0, up: true }]), []);
});

test("only the cards that moved or turned are planned, from where they were", () => {
  const prev = at([[1, 0, 0], [2, 10, 0], [3, 20, 0, false]]);
  const plan = planMotion(prev, [
    { id: 1, x: 0, y: 0, up: true },          // stayed
    { id: 2, x: 50, y: 40, up: true },        // moved
    { id: 3, x: 20, y: 0, up: true },         // turned face up where it lies
  ]);
  assert.deepEqual(plan.map((p) => p.id), [2, 3]);
  assert.deepEqual(plan[0].from, { x: 10, y: 0 });
  assert.deepEqual(plan[0].to, { x: 50, y: 40 });
  assert.equal(plan[0].flip, false);
  assert.equal(plan[1].flip, true);
});

test("the cards of one move leave one after another", () => {
  const prev = at([[1, 0, 0], [2, 0, 10], [3, 0, 20]]);
  const plan = planMotion(prev, [1, 2, 3].map((id) => ({ id, x: 100, y: id * 10, up: true })));
  const delays = plan.map((p) => p.delay);
  assert.deepEqual(delays, [...delays].sort((a, b) => a - b));
  assert.ok(delays[2] > delays[0]);
});

test("a new deal's cards come from the stock, the whole deal within a second", () => {
  const prev = at([[1, 0, 0]]);
  const next = Array.from({ length: 104 }, (_, i) => ({ id: 1000 + i, x: i, y: 50, up: i % 2 === 0 }));
  const plan = planMotion(prev, next, { x: 5, y: 5 });
  assert.equal(plan.length, 104);
  assert.ok(plan.every((p) => p.from.x === 5 && p.from.y === 5));
  assert.ok(Math.max(...plan.map((p) => p.delay + p.duration)) <= 1100);
  assert.deepEqual(planMotion(prev, next, null), [], "no place to deal from: no deal");
  // Dealt cards are marked: a tap passes through them for their whole flight (play()).
  assert.ok(plan.every((p) => p.dealt === true));
});

test("longer trips take longer, within bounds", () => {
  assert.ok(travelMs(400) > travelMs(40));
  assert.ok(travelMs(0) >= 150 && travelMs(10_000) <= 320);
});

test("a dealt card lets taps through until it lands; a card moved in play only while it waits", async () => {
  const fake = () => {
    const classes = new Set();
    const el = {
      style: { zIndex: "" },
      classList: { add: (...c) => c.forEach((x) => classes.add(x)), remove: (...c) => c.forEach((x) => classes.delete(x)),
        toggle: (c, on) => (on ? classes.add(c) : classes.delete(c)) },
      has: (c) => classes.has(c),
      animate: () => {
        // An animation a busy page starts late: ready and finished only when the test says.
        let start;
        el.anim = { ready: new Promise((resolve) => { start = resolve; }) };
        el.start = start;
        return el.anim;
      },
    };
    return el;
  };
  const els = new Map([[1, fake()], [2, fake()], [3, fake()]]);
  const step = (id, extra) => ({ id, from: { x: 0, y: 0 }, to: { x: 90, y: 90 }, flip: false, duration: 20, ...extra });
  play([step(1, { delay: 0, dealt: true }), step(2, { delay: 0 }), step(3, { delay: 10 })], els);
  assert.ok(els.get(1).has("waiting"), "a dealt card in flight over the stock: taps pass through");
  assert.ok(!els.get(2).has("waiting"), "a card moved in play can be caught in flight");
  assert.ok(els.get(3).has("waiting"), "a card waiting for its turn: taps pass through");
  assert.ok([1, 2, 3].every((id) => els.get(id).has("moving")));
  const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
  await pause(60);                              // longer than any delay and flight: not started yet
  assert.ok(els.get(1).has("waiting"), "a dealt card started late still lets taps through");
  assert.ok(els.get(3).has("waiting"), "a delay counts from the animation's real start");
  els.get(3).start();
  els.get(1).start();
  await pause(40);
  assert.ok(!els.get(3).has("waiting"), "its delay over, a card moved in play can be caught");
  assert.ok(els.get(1).has("waiting"), "started, a dealt card lets taps through until it lands");
  els.get(1).anim.onfinish();
  assert.ok(!els.get(1).has("waiting") && !els.get(1).has("moving"), "landed: it takes taps again");
});

test("a card lands in the stack place of the latest drawing, not of its take-off (issue 25)", () => {
  // Q lifts off at place 5; a drawing before it lands puts it at 3 and the K over it at 4.
  const card = (z) => {
    const el = { style: { zIndex: String(z) }, dataset: { z: String(z) }, classList: { add() {}, remove() {}, toggle() {} },
      animate: () => { el.anim = { ready: Promise.resolve() }; return el.anim; } };
    return el;
  };
  const q = card(5);
  const step = (id) => ({ id, from: { x: 0, y: 0 }, to: { x: 90, y: 90 }, flip: false, delay: 0, duration: 20 });
  play([step(1)], new Map([[1, q]]));
  assert.equal(q.style.zIndex, "2005", "in flight above the table");
  const first = q.anim;
  q.dataset.z = "3";                                   // the next drawing: Q lies under the K
  q.style.zIndex = "3";
  const k = card(4);
  play([step(2)], new Map([[2, k]]));
  first.oncancel();                                   // the drawing cancelled Q's flight
  k.anim.onfinish();
  assert.equal(q.style.zIndex, "3");
  assert.equal(k.style.zIndex, "4");
  assert.ok(Number(k.style.zIndex) > Number(q.style.zIndex), "the K shows on top of the Q");
});
