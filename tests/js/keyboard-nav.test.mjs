import assert from "node:assert/strict";
import { test } from "node:test";

import { nextPile } from "../../static/js/keyboard-nav.js";

// A Klondike-like table: stock, waste, gap, four foundations; then seven columns lower down.
const W = 80;
const top = ["stock", "waste", "f1", "f2", "f3", "f4"].map((id, i) => ({ id, x: (i < 2 ? i : i + 1) * W, y: 10 }));
const cols = Array.from({ length: 7 }, (_, i) => ({ id: `t${i + 1}`, x: i * W, y: 130 }));
const order = [...top, ...cols];
const at = (id) => order.findIndex((p) => p.id === id);

test("no cursor yet: any direction starts at the first pile", () => {
  for (const dir of ["left", "right", "up", "down", "last"]) assert.equal(nextPile(order, -1, dir), "stock");
  assert.equal(nextPile([], -1, "right"), null);
});

test("left and right follow the reading order and stop at its ends", () => {
  assert.equal(nextPile(order, at("stock"), "left"), "stock");
  assert.equal(nextPile(order, at("waste"), "right"), "f1");
  assert.equal(nextPile(order, at("f4"), "right"), "t1");
  assert.equal(nextPile(order, at("t7"), "right"), "t7");
  assert.equal(nextPile(order, at("t3"), "first"), "stock");
  assert.equal(nextPile(order, at("t3"), "last"), "t7");
});

test("up and down go to the nearest pile across in the next row", () => {
  assert.equal(nextPile(order, at("stock"), "down"), "t1");
  assert.equal(nextPile(order, at("f1"), "down"), "t4");
  assert.equal(nextPile(order, at("t3"), "up"), "waste");   // x 160: waste at 80, f1 at 240, tie keeps the first
  assert.equal(nextPile(order, at("t7"), "up"), "f4");
  assert.equal(nextPile(order, at("t5"), "down"), null);     // nothing below the columns
  assert.equal(nextPile(order, at("f2"), "up"), null);
});
