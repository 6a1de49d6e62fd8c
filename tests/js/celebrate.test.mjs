// The win's cascade: where each card flies, how it bounces, when it is all over.
import assert from "node:assert/strict";
import { test } from "node:test";

import { exitAfter, flightAt, inTurn, lastsMs, launches, wobble } from "../../static/js/celebrate.js";

const box = { width: 1000, height: 600, cardW: 80, cardH: 112 };
const floor = box.height - box.cardH;
const four = [0, 1, 2, 3].map((i) => ({ x: 400 + i * 90, y: 10 }));

test("a card starts where it lay and moves across at a steady speed", () => {
  for (const l of launches(four, box)) {
    assert.deepEqual(flightAt(l, 0, box), { x: l.x, y: l.y, bounces: 0 });
    const a = flightAt(l, 0.5, box);
    const b = flightAt(l, 1, box);
    assert.ok(Math.abs((b.x - a.x) - (a.x - l.x)) < 1e-9);
    assert.notEqual(l.vx, 0);
  }
});

test("a card never goes below the table's bottom edge, and bounces lower each time", () => {
  const l = { x: 0, y: 10, vx: 100, vy: 0, at: 0 };
  const tops = [];
  let lowest = -Infinity;
  let top = Infinity;
  let last = 0;
  for (let t = 0; t <= 6; t += 0.002) {
    const p = flightAt(l, t, box);
    lowest = Math.max(lowest, p.y);
    if (p.bounces !== last) {             // a bounce: the highest point since the last one
      if (last > 0) tops.push(top);
      top = Infinity;
      last = p.bounces;
    }
    top = Math.min(top, p.y);
  }
  assert.ok(lowest <= floor + 1e-9);
  assert.ok(lowest > floor - 1);           // it does reach the bottom
  assert.ok(tops.length >= 3, `${tops.length} bounces seen`);
  for (let i = 1; i < tops.length; i += 1) assert.ok(tops[i] > tops[i - 1], "each bounce is lower");
});

test("a card that hardly bounces slides along the bottom", () => {
  const l = { x: 0, y: floor, vx: 50, vy: -1, at: 0 };
  assert.equal(flightAt(l, 3, box).y, floor);
});

test("a card below the bottom edge starts on it (a foundation at the table's foot)", () => {
  const [l] = launches([{ x: 100, y: 590 }], box);
  assert.equal(l.y, floor);
  assert.ok(flightAt(l, 0.3, box).y <= floor);
});

test("every card leaves the table at a side, the cards one after another", () => {
  const starts = Array.from({ length: 52 }, (_, i) => ({ x: (i % 4) * 120 + 300, y: 8 }));
  const plan = launches(starts, box);
  for (let i = 1; i < plan.length; i += 1) assert.ok(plan[i].at > plan[i - 1].at);
  for (const l of plan) {
    const t = exitAfter(l, box);
    assert.ok(Number.isFinite(t) && t > 0 && t < 4, `${t}`);
    const p = flightAt(l, t, box);
    assert.ok(p.x >= box.width - 1e-6 || p.x + box.cardW <= 1e-6);
  }
  assert.ok(plan.some((l) => l.vx < 0) && plan.some((l) => l.vx > 0), "both ways");
});

test("the celebration lasts a few seconds, however many cards", () => {
  for (const n of [1, 8, 52, 104]) {
    const starts = Array.from({ length: n }, (_, i) => ({ x: (i % 8) * 100, y: 8 }));
    const ms = lastsMs(launches(starts, box), box);
    assert.ok(ms > 500 && ms <= 7200, `${n} cards: ${ms} ms`);
  }
});

test("the same cards fly the same way every time", () => {
  assert.deepEqual(launches(four, box), launches(four, box));
  for (let i = 0; i < 100; i += 1) assert.ok(wobble(i) >= 0 && wobble(i) < 1);
});

test("the cards leave from the top of each pile in turn", () => {
  const pile = (name, n) => ({ cards: Array.from({ length: n }, (_, i) => `${name}${i}`),
    spots: Array.from({ length: n }, (_, i) => ({ x: name.charCodeAt(0), y: i })) });
  const order = inTurn([pile("a", 3), pile("b", 1), pile("c", 2)]).map((c) => c.el);
  assert.deepEqual(order, ["a2", "b0", "c1", "a1", "c0", "a0"]);
  assert.deepEqual(inTurn([pile("a", 2)])[0], { el: "a1", x: 97, y: 1 });
  assert.deepEqual(inTurn([]), []);
});
