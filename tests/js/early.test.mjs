// Before Python has started (static/js/early.js): the opening the build writes, read and
// checked; a tap made on a painted board, played once, and only on the board it was made on.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

const { boardOf, createEarlyTap, parseOpening } = await import("../../static/js/early.js");

const snapshot = {
  game: "klondike", title: "Klondike", deal: 5, moveCount: 0,
  layout: { columns: 2, rows: [{ kind: "row", slots: [{ pile: "stock" }, { pile: "t1" }] }] },
  piles: { stock: [null, null], t1: ["8H"] },
};
const opening = { v: 1, game: "klondike", deal: 5, snapshot, cards: { "8H": "eight of hearts" } };

describe("the opening written by the build", () => {
  it("is read when it has the build's shape", () => {
    const read = parseOpening(JSON.stringify(opening));
    assert.deepEqual(read, { game: "klondike", deal: 5, snapshot, cards: opening.cards });
  });

  it("is nothing when the element is empty (a page not built) or not JSON", () => {
    assert.equal(parseOpening(""), null);
    assert.equal(parseOpening("  \n "), null);
    assert.equal(parseOpening("{not json"), null);
    assert.equal(parseOpening(null), null);
  });

  it("is refused when its version, its deal, its snapshot or its names are wrong", () => {
    const bad = [
      { ...opening, v: 2 },
      { ...opening, deal: -1 },
      { ...opening, deal: "5" },
      { ...opening, game: "spider" },                       // not the snapshot's game
      { ...opening, snapshot: { ...snapshot, piles: {} } },  // a snapshot store.js refuses
      { ...opening, cards: ["8H"] },
      { ...opening, cards: { "8H": 8 } },
    ];
    for (const o of bad) assert.equal(parseOpening(JSON.stringify(o)), null, JSON.stringify(o));
  });
});

describe("a tap made before the engine is ready", () => {
  const board = boardOf(snapshot);

  it("is given back once, on the board it was made on", () => {
    const early = createEarlyTap();
    assert.deepEqual(early.take(board), {});
    early.hold({ pile: "t1", index: 0 }, board);
    assert.equal(early.waiting, true);
    assert.deepEqual(early.take(board), { tap: { pile: "t1", index: 0 } });
    assert.equal(early.waiting, false);
    assert.deepEqual(early.take(board), {});              // never played twice
  });

  it("keeps only the newest tap", () => {
    const early = createEarlyTap();
    early.hold({ pile: "stock", index: 0 }, board);
    early.hold({ pile: "t1", index: 0 }, board);
    assert.deepEqual(early.take(board), { tap: { pile: "t1", index: 0 } });
  });

  it("is dropped, and said to be, when the table shows other cards by then", () => {
    const early = createEarlyTap();
    early.hold({ pile: "t1", index: 0 }, board);
    const other = boardOf({ ...snapshot, piles: { stock: [null], t1: ["8H", "7S"] } });
    assert.deepEqual(early.take(other), { stale: true });
    assert.deepEqual(early.take(board), {});
  });

  it("names a board by its cards in their piles", () => {
    assert.equal(boardOf(snapshot), boardOf({ ...snapshot, moveCount: 3, title: "x" }));
    assert.equal(boardOf(snapshot), boardOf({ ...snapshot, piles: { t1: ["8H"], stock: [null, null] } }));
    assert.notEqual(boardOf(snapshot), boardOf({ ...snapshot, piles: { stock: [], t1: [] } }));
    assert.equal(boardOf(null), "null");
  });
});
