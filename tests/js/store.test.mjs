import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { SNAPSHOT_LIMITS, checkSnapshot, revOf } from "../../static/js/store.js";
import { bodyOf, createTabs } from "../../static/js/tabs.js";

// The painted part of a new deal's snapshot of every game, as the engine made it (deal 3).
const painted = JSON.parse(readFileSync(new URL("../hostile/painted.json", import.meta.url), "utf8"));
const klondike = () => structuredClone(painted.klondike);

test("every game's real snapshot is painted", () => {
  assert.ok(Object.keys(painted).length >= 10);
  for (const [game, snap] of Object.entries(painted)) assert.equal(checkSnapshot(snap), true, game);
});

test("a snapshot of 500,000 cards is not painted (issue 16, point 5), nor any silly one", () => {
  const huge = klondike();
  huge.piles.t1 = new Array(500_000).fill("AS");
  assert.equal(checkSnapshot(huge), false);
  const spread = klondike();
  for (let i = 0; i < 100; i++) spread.piles[`x${i}`] = ["AS"];
  assert.equal(checkSnapshot(spread), false);                        // too many piles
  const cases = [
    null, [], "snap", {},
    { ...klondike(), piles: [] },
    { ...klondike(), piles: { t1: "AS" } },
    { ...klondike(), piles: { t1: [{ card: "AS" }] } },
    { ...klondike(), piles: { t1: ["A".repeat(1000)] } },
    { ...klondike(), layout: { columns: 7, rows: "row" } },
    { ...klondike(), layout: { columns: 1e9, rows: [] } },
    { ...klondike(), layout: { columns: 7, rows: new Array(1000).fill({ kind: "row", slots: [] }) } },
    { ...klondike(), layout: { columns: 7, rows: [{ kind: "row", slots: new Array(10_000).fill(null) }] } },
    { ...klondike(), layout: { columns: 7, rows: [[]] } },
    { ...klondike(), layout: { ...klondike().layout, kinds: Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`x${i}`, "tableau"])) } },
    { ...klondike(), layout: { ...klondike().layout, kinds: ["stock"] } },
    { ...klondike(), layout: { ...klondike().layout, keys: { t1: { key: "1" } } } },
    { ...klondike(), layout: { ...klondike().layout, closed: "t1" } },
    { ...klondike(), layout: { ...klondike().layout, closed: [{ pile: "t1" }] } },
    { ...klondike(), layout: { ...klondike().layout, closed: new Array(100_000).fill("t1") } },
    { ...klondike(), ids: { t1: new Array(100_000).fill(1) } },
    { ...klondike(), labels: { t1: "x".repeat(10_000) } },
    { ...klondike(), title: "t".repeat(100_000) },
    { ...klondike(), moveCount: -1 },
    { ...klondike(), moveCount: Infinity },
    { ...klondike(), elapsed: NaN },
    { ...klondike(), elapsed: Infinity },
  ];
  for (const [i, snap] of cases.entries()) assert.equal(checkSnapshot(snap), false, `case ${i}`);
  const deep = klondike();
  let nest = [];
  for (let i = 0; i < 100_000; i++) nest = [nest];
  deep.layout.rows = [{ kind: "row", slots: nest }];                // deep, but never walked
  assert.equal(checkSnapshot(deep), true);
  const worded = klondike();
  worded.layout.kinds = { stock: "stock", waste: "waste", t1: "tableau" };
  worded.layout.keys = { stock: "s", t1: "1" };
  worded.layout.closed = ["t1"];
  assert.equal(checkSnapshot(worded), true);                      // the engine's words are fine
  assert.ok(SNAPSHOT_LIMITS.cards >= 104 * 2);
});

test("a record's revision is read from its head, or parsed, or 0", () => {
  assert.equal(revOf('{"rev":42,"v":1,"game":"klondike"}'), 42);
  assert.equal(revOf('{"v":1,"rev":7}'), 7);
  assert.equal(revOf('{"v":1}'), 0);
  assert.equal(revOf('{"rev":-3}'), 0);
  assert.equal(revOf('{"rev":1e400}'), 0);
  assert.equal(revOf("not json"), 0);
  assert.equal(revOf(null), 0);
});

/** Two tabs over one fake storage: each write lands in `stored` and fires the other's event. */
function twoTabs() {
  const stored = new Map();
  const moved = { a: [], b: [] };
  const listeners = {};
  const make = (name) => createTabs({
    storedRev: (id) => revOf(stored.get(`game:${id}`) ?? null),
    revOf,
    gameKey: (id) => `game:${id}`,
    onMoved: (id, why) => moved[name].push([id, why]),
    addListener: (fn) => { listeners[name] = fn; },
  });
  const tabs = { a: make("a"), b: make("b") };
  const write = (name, id, save) => {
    const rev = tabs[name].nextRev(id, save);
    if (rev === null) return null;
    const raw = JSON.stringify({ rev, v: 1, game: id, save });
    stored.set(`game:${id}`, raw);
    tabs[name].hold(id, rev, save);
    const other = name === "a" ? "b" : "a";
    listeners[other]({ key: `game:${id}`, newValue: raw });
    return rev;
  };
  return { stored, moved, tabs, write };
}

const save = (moves, elapsed = 1) => JSON.stringify({ format: "patience", moves }).replace(/\}$/, `,"elapsed":${elapsed}}`);

test("a tab never writes over a newer save of another tab (issue 16, point 1)", () => {
  const { moved, tabs, write, stored } = twoTabs();
  assert.equal(write("a", "klondike", save(["m1"])), 1);
  tabs.b.hold("klondike", 1, save(["m1"]));                         // B opens the game
  assert.equal(write("b", "klondike", save(["m1"], 9)), 1);          // only its time: same revision
  assert.deepEqual(moved.a, []);                                     // and A is not disturbed
  assert.equal(write("a", "klondike", save(["m1", "m2"])), 2);
  assert.deepEqual(moved.b, [["klondike", "event"]]);                // B hears of it
  assert.equal(write("b", "klondike", save(["m1"], 20)), null);      // B hidden: stale, refused
  assert.equal(write("b", "klondike", save(["m1", "x"])), null);     // a move on a stale game
  assert.deepEqual(moved.b.at(-1), ["klondike", "refused"]);
  assert.equal(JSON.parse(stored.get("game:klondike")).save, save(["m1", "m2"]));
  tabs.b.adopt("klondike");                                          // B deals anew on purpose
  assert.equal(write("b", "klondike", save([])), 3);
  assert.equal(write("a", "klondike", save(["m1", "m2", "m3"])), null);
});

test("the body of a save leaves out only the time played", () => {
  assert.equal(bodyOf(save(["a"], 3)), bodyOf(save(["a"], 4000.5)));
  assert.notEqual(bodyOf(save(["a"])), bodyOf(save(["b"])));
  assert.equal(bodyOf(null), "");
  // A timed game's save goes on after the time: its moves' times (seen: only the time changed
  // when a tab was hidden, and the other tab was told the game had moved on).
  const timed = (elapsed, times) => `{"format":"patience","moves":["m1"],"elapsed":${elapsed},"times":[${times}]}`;
  assert.equal(bodyOf(timed(3, "1.5")), bodyOf(timed(812.25, "1.5")));
  assert.notEqual(bodyOf(timed(3, "1.5")), bodyOf(timed(3, "2.5")));
});

test("an overlapping row (the peaks, the pyramid) is painted only with numbers a table can be drawn from", () => {
  const peaks = () => structuredClone(painted.tripeaks);
  assert.equal(peaks().layout.rows[0].kind, "overlap");
  assert.equal(checkSnapshot(peaks()), true);
  const bad = [
    (o) => { o.width = 1e9; },
    (o) => { o.step = "half"; },
    (o) => { o.step = 0; },
    (o) => { o.slots[0].x = -2; },
    (o) => { o.slots[0].y = 0.5; },
    (o) => { o.slots[0] = "t1"; },
    (o) => { o.slots[0].pile = { id: "t1" }; },
  ];
  for (const [i, spoil] of bad.entries()) {
    const snap = peaks();
    spoil(snap.layout.rows[0]);
    assert.equal(checkSnapshot(snap), false, `case ${i}`);
  }
});
