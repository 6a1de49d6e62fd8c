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
  const keys = { pile: "t1", index: 4, point: null, at: 1000 };   // keys are never echoes
  assert.equal(isEcho(keys, { pile: "t1", index: 4, point: null, at: 1100 }), false);
  assert.equal(isEcho(last, { pile: "t1", index: 4, point: null, at: 1100 }), false);
});

/** A table of two piles whose top cards each have a tap move, and a fake engine that answers
 * tap and move_for from a small table of its own. */
function fixture({ pairs = false, lift = { t1: 1, t2: 0, waste: 0 } } = {}) {
  let now = 0;
  const played = [];
  const refused = [];
  const asked = [];
  const taps = { "t1:1": { move: "t1>f1" }, "t2:0": pairs ? { select: true } : { move: "t2>t1" },
    "stock:0": { move: "stock>waste" }, "t1:0": { reason: "That card is face down" } };
  const drags = { "t2:0>t1": "t2>t1" };
  let chain = Promise.resolve();
  const app = {
    turn: 0, ready: true, finishing: false, selected: null, names: { "3C": "3 of clubs" }, pointerDown: false,
    pointerMoves: 0, assist: { finding: false }, geo,
    snap: { moveCount: 0, history: 0, pairs, lift, piles: { stock: [null], waste: [], t1: [null, "2H"], t2: ["3C"] },
      layout: { kinds: { stock: "stock", waste: "waste", t1: "tableau", t2: "tableau" } } },
  };
  const env = {
    app,
    serial(fn) {                      // the controller's turns (controller.js)
      const run = chain.then(fn);
      chain = run.catch(() => {});
      return run;
    },
    async play(text) {
      played.push(text);
      app.turn += 1;
      app.snap = { ...app.snap, moveCount: app.snap.moveCount + 1, history: app.snap.history + 1 };
      return true;
    },
    async call(method, ...args) {
      asked.push([method, ...args]);
      if (method === "tap") {
        const [pile, index] = args;
        return { move: null, select: false, reason: null, ...taps[`${pile}:${index}`] };
      }
      const [src, index, dst] = args;
      const move = drags[`${src}:${index}>${dst}`] ?? null;
      return { move, reason: move ? null : `The card cannot go on ${dst}` };
    },
    announce() {},
    hideNotice() {},
    draw() {},
    refuse: (pile, index, text, how = {}) => refused.push([pile, index, text, ...(how.shake === false ? ["still"] : [])]),
    tableBox: () => ({ left: 0, top: 0 }),
    now: () => now,
  };
  return { app, env, intents: createIntents(env), played, refused, asked, tick: (ms) => { now += ms; } };
}

test("a tap plays the engine's move; the echo of a double tap does not play a second", async () => {
  const f = fixture();
  await f.intents.tap("t1", 1, { x: 30, y: 150 });
  f.tick(120);
  await f.intents.tap("t1", 1, { x: 31, y: 151 });    // the second half of a double tap
  assert.deepEqual(f.played, ["t1>f1"]);
  f.tick(500);
  await f.intents.tap("t1", 1, { x: 31, y: 151 });    // later: a deliberate tap
  assert.equal(f.played.length, 2);
});

test("two quick taps on different cards both play, and quick keys are never echoes", async () => {
  const f = fixture();
  await f.intents.tap("t1", 1, { x: 30, y: 150 });
  f.tick(100);
  await f.intents.tap("t2", 0, { x: 100, y: 120 });
  assert.deepEqual(f.played, ["t1>f1", "t2>t1"]);
  await f.intents.tap("stock", 0);
  await f.intents.tap("stock", 0);
  assert.equal(f.played.length, 4);
});

test("a tap whose move the held snapshot's taps name plays it without asking the engine first", async () => {
  const f = fixture();
  // The engine's taps, keyed pile:count (count from the top; the stock's is 0).
  f.app.snap = { ...f.app.snap, taps: { "t1:1": "t1>f1", "stock:0": "stock>waste" } };
  await f.intents.tap("t1", 1, { x: 30, y: 150 });
  await f.intents.tap("stock", 0);
  assert.deepEqual(f.played, ["t1>f1", "stock>waste"]);
  assert.deepEqual(f.asked, []);
  await f.intents.tap("t1", 0, { x: 30, y: 115 });    // not among them: the engine says why
  assert.deepEqual(f.asked, [["tap", "t1", 0]]);
  assert.deepEqual(f.refused, [["t1", 0, "That card is face down"]]);
});

test("a tap with nothing to play shows the engine's reason at the card", async () => {
  const f = fixture();
  await f.intents.tap("t1", 0, { x: 30, y: 115 });
  assert.deepEqual(f.refused, [["t1", 0, "That card is face down"]]);
  assert.deepEqual(f.played, []);
});

test("what lifts is what the engine's lift says: from its index up, never the stock", async () => {
  const f = fixture();
  assert.equal(f.intents.canLift("t1", 1), true);
  assert.equal(f.intents.canLift("t1", 0), false);
  assert.equal(f.intents.canLift("t2", 0), true);
  assert.equal(f.intents.canLift("stock", 0), false);
});

test("a drop plays the engine's move_for; a refused one gives its reason, shown at the card", async () => {
  const f = fixture();
  f.intents.pointer(true);
  assert.equal(await f.intents.drop("t2", 0, "t1"), true);
  assert.deepEqual(f.played, ["t2>t1"]);
  f.intents.pointer(true);
  assert.equal(await f.intents.drop("t1", 1, "t2"), false);
  await f.intents.refused("t1", 1, "t2");
  assert.deepEqual(f.refused, [["t1", 1, "The card cannot go on t2", "still"]]);  // it glides back: no shake
});

test("a drop made stale by a move since the pointer went down is not played", async () => {
  const f = fixture();
  f.intents.pointer(true);
  f.app.snap = { ...f.app.snap, history: 1 };     // the table's own move: not counted, still a move
  assert.equal(await f.intents.drop("t2", 0, "t1"), false);
  assert.deepEqual(f.played, []);
});

test("in a game of pairs a tap picks a card, a second card pairs it, the same card lets go", async () => {
  const f = fixture({ pairs: true });
  await f.intents.tap("t2", 0, { x: 100, y: 120 });          // the engine says: select
  assert.deepEqual(f.app.selected, { pile: "t2", index: 0 });
  await f.intents.tap("t2", 0, { x: 100, y: 120 });
  assert.equal(f.app.selected, null);
  await f.intents.tap("t2", 0, { x: 100, y: 120 });
  await f.intents.tap("t1", 1, { x: 30, y: 150 });           // the second card: the engine pairs them
  assert.deepEqual(f.asked.at(-1), ["move_for", "t2", 0, "t1"]);
  assert.deepEqual(f.played, ["t2>t1"]);
  assert.equal(f.app.selected, null);
});

test("a card picked by keys goes where the player places it, or says why not", async () => {
  const f = fixture();
  f.app.selected = { pile: "t2", index: 0 };
  await f.intents.place("t1");
  assert.deepEqual(f.played, ["t2>t1"]);
  f.app.selected = { pile: "t1", index: 1 };
  await f.intents.place("t2");
  assert.equal(f.app.selected, null);
  assert.deepEqual(f.refused, [["t1", 1, "The card cannot go on t2"]]);
});

test("quick taps on the stock are never echoes: turning it twice is meant", async () => {
  // The stock is the pile the layout's kinds call so, whatever its name.
  const last = { pile: "deck", at: 0, point: { x: 10, y: 10 }, stock: true };
  assert.equal(isEcho(last, { pile: "deck", at: 150, point: { x: 10, y: 10 }, stock: true }), false);
  assert.equal(isEcho({ ...last, pile: "stock", stock: false },
    { pile: "stock", at: 150, point: { x: 10, y: 10 }, stock: false }), true);
});

test("a tap on the stock turns it, found by the layout's kind and not by its name", async () => {
  const f = fixture();
  f.app.snap.layout = { kinds: { stock: "waste", waste: "stock", t1: "tableau", t2: "tableau" } };
  await f.intents.tap("stock", 5);          // only named so now: past its cards, with nothing picked
  await f.intents.tap("waste", 3);          // the stock, tapped anywhere: turned
  assert.deepEqual(f.asked.filter(([m]) => m === "tap").map(([, pile, i]) => `${pile}:${i}`), ["waste:0"]);
});

test("a refused drop asks the engine once: its reason comes with the refusal", async () => {
  const f = fixture();
  let asked = 0;
  const call = f.env.call;
  f.env.call = async (...args) => { if (args[0] === "move_for") asked += 1; return call(...args); };
  const intents = createIntents(f.env);
  intents.pointer(true);
  assert.equal(await intents.drop("t1", 1, "t2"), false);
  await intents.refused("t1", 1, "t2");
  assert.equal(asked, 1);
  assert.deepEqual(f.refused, [["t1", 1, "The card cannot go on t2", "still"]]);
});

test("gestures take their turns: each is asked about the position the one before left", async () => {
  const f = fixture();
  const first = f.intents.tap("t1", 1, { x: 30, y: 150 });
  f.tick(500);
  const second = f.intents.tap("stock", 0);     // made before the first's answer came
  await Promise.all([first, second]);
  // the second was made at the position the first changed: dropped, not played on top
  assert.deepEqual(f.played, ["t1>f1"]);
  await f.intents.tap("stock", 0);
  assert.deepEqual(f.played, ["t1>f1", "stock>waste"]);
});

test("a gesture whose position has gone when its turn comes is dropped without a word", async () => {
  const f = fixture();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  f.env.serial(() => held);                       // a turn still running
  const tap = f.intents.tap("t1", 0, { x: 30, y: 115 });
  const drop = (f.intents.pointer(true), f.intents.drop("t2", 0, "t1"));
  f.app.turn += 1;                                // that turn took another position
  release();
  assert.equal(await drop, false);
  await tap;
  assert.deepEqual(f.played, []);
  assert.deepEqual(f.refused, []);
  assert.deepEqual(f.asked, []);
});
