// The How to play walk's pure parts: the marks a step puts on the table, and what counts as a
// first visit.
import assert from "node:assert/strict";
import { test } from "node:test";

import { belongs, isFirstVisit, marksFor } from "../../static/js/howto.js";

const piles = { f1: [], t1: [null, "KS"], t2: ["QH", "JC", "TD"] };

test("a whole pile is marked with its top card, an empty pile alone", () => {
  const step = { marks: [{ pile: "f1", index: null }, { pile: "t2", index: null }] };
  assert.deepEqual(marksFor(step, piles), [
    { pile: "f1", index: null, cls: "guide-target" },
    { pile: "t2", index: null, cls: "guide-target" },
    { pile: "t2", index: 2, cls: "guide" },
  ]);
});

test("a move's cards are marked from their first card up", () => {
  const step = { marks: [{ pile: "t2", index: 1 }, { pile: "t1", index: null }] };
  assert.deepEqual(marksFor(step, piles), [
    { pile: "t2", index: 1, cls: "guide" },
    { pile: "t1", index: null, cls: "guide-target" },
    { pile: "t1", index: 1, cls: "guide" },
  ]);
});

test("no step, or a pile the table does not have, marks nothing more", () => {
  assert.deepEqual(marksFor(undefined, piles), []);
  assert.deepEqual(marksFor({ marks: [{ pile: "c9", index: null }] }, piles),
    [{ pile: "c9", index: null, cls: "guide-target" }]);
});

test("a first visit is one with neither settings nor a game stored", () => {
  const keys = { settings: "s", current: "c" };
  const reader = (stored) => (key) => stored[key] ?? null;
  assert.equal(isFirstVisit(reader({}), keys), true);
  assert.equal(isFirstVisit(reader({ s: "{}" }), keys), false);
  assert.equal(isFirstVisit(reader({ c: "klondike" }), keys), false);
});

test("steps belong to the position they were asked for, not to one after it", async () => {
  const { tokenOf } = await import("../../static/js/knowledge.js");
  const line = { key: "klondike|{}|7", moves: ["a", "b"], redo: [] };
  const asked = tokenOf(line);
  assert.ok(belongs(asked, { ...line, moves: ["a", "b"] }));
  assert.ok(!belongs(asked, { ...line, moves: ["a", "b", "c"] }), "a move after");
  assert.ok(!belongs(asked, { ...line, moves: ["a"], redo: ["b"] }), "an undo");
  assert.ok(!belongs(asked, { ...line, key: "klondike|{}|8" }), "a new deal, same move count");
  assert.ok(belongs(tokenOf(undefined), undefined), "no line either way (a warm paint)");
});
