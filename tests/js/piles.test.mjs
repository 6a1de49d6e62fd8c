// A pile's kind comes from the engine's layout (layout.kinds), never from the pile's name.
import assert from "node:assert/strict";
import { test } from "node:test";

import { isStock, kindOf, stockOf } from "../../static/js/piles.js";
import { pileLabel } from "../../static/js/render.js";

const layout = { kinds: { deck: "stock", pile: "waste", home: "foundation", t1: "tableau" } };

test("a pile's kind is the layout's word for it, whatever the pile is called", () => {
  assert.equal(kindOf(layout, "home"), "foundation");
  assert.equal(isStock(layout, "deck"), true);
  assert.equal(isStock(layout, "stock"), false);
  assert.equal(stockOf(layout), "deck");
});

test("a layout without kinds (a board saved before they existed) has no kind and no stock", () => {
  assert.equal(kindOf({}, "stock"), "");
  assert.equal(kindOf(undefined, "t1"), "");
  assert.equal(isStock({}, "stock"), false);
  assert.equal(stockOf({ kinds: { t1: "tableau" } }), null);
  assert.equal(stockOf(null), null);
});

test("a pile's spoken label follows its kind: a stock hides its count of face-down cards, a foundation says its top", () => {
  const snap = { labels: { deck: "Stock", home: "Foundation 1", t1: "Pile 1" }, layout };
  const names = { AS: "Ace of spades", "2S": "2 of spades", KH: "King of hearts" };
  assert.equal(pileLabel(snap, "deck", [null, null], names), "Stock, 2 cards");
  assert.equal(pileLabel(snap, "home", ["AS", "2S"], names), "Foundation 1, 2 cards, top: 2 of spades");
  assert.equal(pileLabel(snap, "t1", [null, "KH"], names),
    "Pile 1, 2 cards, 1 face down, face up, bottom to top: King of hearts");
});
