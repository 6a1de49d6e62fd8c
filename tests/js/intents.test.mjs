import assert from "node:assert/strict";
import { test } from "node:test";

import { DOUBLE_TAP_MS, createIntents, hitPile, isEcho } from "../../static/js/intents.js";

const geo = {
  gap: 10,
  piles: {
    stock: { x: 10, y: 10, w: 60, h: 84 },
    waste: { x: 80, y: 10, w: 60, h: 84 },
    t1: { x: 10, y: 110, w: 60, h: 200 },
    t2: { x: 80, y: 110, w: 60, h: 84 },
  },
};

test("hit-testing finds the pile under a point, with half a gap of slack", () => {
  assert.equal(hitPile(geo, 20, 20), "stock");
  assert.equal(hitPile(geo, 74, 20), "stock");       // in the gap, nearer the stock
  assert.equal(hitPile(geo, 100, 300), null);         // below the short pile
  assert.equal(hitPile(geo, 30, 300), "t1");
  assert.equal(hitPile(geo, 30, 300, "t1"), null);    // the pile being dragged from
  assert.equal(hitPile(geo, 90, 120, null, (id) => id === "t2"), null);
});

test("a double tap is one tap: the same spot soon after, not another card or later", () => {
  const last = { pile: "t1", index: 4, point: { x: 30, y: 200 }, at: 1000 };
  assert.equal(isEcho(null, last), false);
  assert.equal(isEcho(last, { pile: "t1", index: 3, point: { x: 33, y: 204 }, at: 1200 }), true);
  assert.equal(isEcho(last, { pile: "t1", index: 3, point: { x: 33, y: 260 }, at: 1200 }), false);
  assert.equal(isEcho(last, { pile: "t2", index: 4, point: { x: 30, y: 200 }, at: 1200 }), false);
  assert.equal(isEcho(last, { pile: "t1", index: 4, point: { x: 30, y: 200 }, at: 1000 + DOUBLE_TAP_MS }), false);
  const keys = { pile: "t1", index: 4, point: null, at: 1000 };
  assert.equal(isEcho(keys, { pile: "t1", index: 4, point: null, at: 1100 }), true);
  assert.equal(isEcho(keys, { pile: "t1", index: 3, point: null, at: 1100 }), false);
});

/** A table of two piles whose top cards each have a tap move, and a fake engine. */
function fixture(snapExtra = {}) {
  let now = 0;
  const played = [];
  const refused = [];
  const app = {
    ready: true, finishing: false, selected: null, names: {}, pointerDown: false, pointerMoves: 0,
    assist: { finding: false },
    geo,
    snap: {
      game: "test", moveCount: 0, free: null,
      piles: { stock: [null], waste: [], t1: ["AS", "2H"], t2: ["3C"] },
      moves: [{ src: "t1", dst: "f1", n: 1, text: "t1>f1" }, { src: "t2", dst: "t1", n: 1, text: "t2>t1" }],
      taps: { "t1:1": "t1>f1", "t2:1": "t2>t1", "stock:0": "stock>waste" },
      ...snapExtra,
    },
  };
  const env = {
    app,
    play(text) {
      played.push(text);
      app.snap = { ...app.snap, moveCount: app.snap.moveCount + 1 };
      return true;
    },
    call: (method, text) => ({ reason: `no: ${text}` }),
    announce() {},
    hideNotice() {},
    draw() {},
    refuse: (pile, index, text) => refused.push([pile, index, text]),
    tableBox: () => ({ left: 0, top: 0 }),
    now: () => now,
  };
  return { app, env, intents: createIntents(env), played, refused, tick: (ms) => { now += ms; } };
}

test("a tap plays its move; the echo of a double tap does not play a second", () => {
  const f = fixture();
  f.intents.tap("t1", 1, { x: 30, y: 150 });
  f.tick(120);
  f.intents.tap("t1", 0, { x: 31, y: 151 });    // the card beneath now lies under the finger
  assert.deepEqual(f.played, ["t1>f1"]);
  f.tick(500);
  f.intents.tap("t1", 1, { x: 31, y: 151 });    // later: a deliberate tap
  assert.equal(f.played.length, 2);
});

test("two quick taps on different cards both play", () => {
  const f = fixture();
  f.intents.tap("t1", 1, { x: 30, y: 150 });
  f.tick(100);
  f.intents.tap("t2", 0, { x: 100, y: 120 });
  assert.deepEqual(f.played, ["t1>f1", "t2>t1"]);
});

test("any face-up card lifts, a face-down card and the stock do not", () => {
  const f = fixture({ piles: { stock: ["KD"], waste: [], t1: [null, "2H"], t2: ["3C"] } });
  assert.equal(f.intents.canLift("t1", 1), true);
  assert.equal(f.intents.canLift("t1", 0), false);
  assert.equal(f.intents.canLift("stock", 0), false);
});

test("a refused drop gives the engine's reason, shown at the card", () => {
  const f = fixture();
  f.intents.refused("t2", 0, "t1");
  assert.equal(f.refused.length, 1);
  assert.deepEqual(f.refused[0].slice(0, 2), ["t2", 0]);
  assert.match(f.refused[0][2], /no: /);
});

test("a drop made stale by a move since the pointer went down is not played", () => {
  const f = fixture();
  f.intents.pointer(true);
  f.app.snap = { ...f.app.snap, moveCount: 5 };
  assert.equal(f.intents.drop("t2", 0, "t1"), false);
  assert.deepEqual(f.played, []);
});
