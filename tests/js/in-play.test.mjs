// The engine's list of free piles decides which face-up cards are in play: the same fact
// greys a card on the table (render.js) and words the pile for a screen reader (pileLabel).
import assert from "node:assert/strict";
import { test } from "node:test";

import { outOfPlay, outOfPlayWords } from "../../static/js/in-play.js";
import { pileLabel } from "../../static/js/render.js";

const layout = { kinds: { stock: "stock", waste: "waste", t1: "tableau", t2: "tableau", t3: "tableau" } };
const names = { "7D": "7 of diamonds", "8C": "8 of clubs", "9H": "9 of hearts", KS: "King of spades" };
const labels = { stock: "Stock", waste: "Waste", t1: "Pile 1", t2: "Pile 2", t3: "Pile 3" };

test("a free pile's top card is in play and the face-up cards under it are not", () => {
  const snap = { layout, free: ["t1", "waste"], labels };
  assert.equal(outOfPlay(snap, "t1", ["7D", "8C", "9H"]), 2);
  assert.equal(pileLabel(snap, "t1", ["7D", "8C", "9H"], names),
    "Pile 1, 3 cards, face up, bottom to top: 7 of diamonds, 8 of clubs, 9 of hearts, only the top card in play");
  // A single free card is simply in play.
  assert.equal(outOfPlay(snap, "t1", ["9H"]), 0);
  assert.equal(pileLabel(snap, "t1", ["9H"], names), "Pile 1, 1 card, face up, bottom to top: 9 of hearts");
});

test("a pile the engine does not list is out of play, face up or down", () => {
  const snap = { layout, free: ["t1"], labels };
  assert.equal(outOfPlay(snap, "t2", ["KS"]), 1);
  assert.equal(pileLabel(snap, "t2", ["KS"], names), "Pile 2, 1 card, face up, bottom to top: King of spades, covered: not in play");
  assert.equal(pileLabel(snap, "t3", [null], names), "Pile 3, 1 card, 1 face down, covered: not in play");
  assert.equal(outOfPlayWords(snap, "t3", []), "");
  assert.equal(pileLabel(snap, "t3", [], names), "Pile 3, empty");
});

test("without the engine's list (a building game) every card is in play, and the waste always is", () => {
  const building = { layout, labels };
  assert.equal(outOfPlay(building, "t1", [null, "7D", "8C"]), 0);
  assert.equal(pileLabel(building, "t1", [null, "7D", "8C"], names),
    "Pile 1, 3 cards, 1 face down, face up, bottom to top: 7 of diamonds, 8 of clubs");
  const peaks = { layout, free: [], labels };
  assert.equal(outOfPlay(peaks, "waste", ["7D", "8C"]), 0);
  assert.equal(pileLabel(peaks, "waste", ["7D", "8C"], names), "Waste, 2 cards, top: 8 of clubs");
});
