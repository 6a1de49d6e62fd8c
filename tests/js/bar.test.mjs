import assert from "node:assert/strict";
import { test } from "node:test";

import { moneyText, runText, scoreText } from "../../static/js/bar.js";

test("money is written with its sign before the dollar: -$52, $0, $25", () => {
  assert.equal(moneyText(-52), "-$52");
  assert.equal(moneyText(0), "$0");
  assert.equal(moneyText(25), "$25");
});

test("the score reads as points, or as money in Vegas scoring, or not at all", () => {
  assert.equal(scoreText({ score: -52, scoring: "vegas" }), "-$52");
  assert.equal(scoreText({ score: 120, scoring: "standard" }), "Score 120");
  assert.equal(scoreText({ score: null, scoring: "none" }), "");
  assert.equal(scoreText({}), "");
});

test("the run reads as a count where the engine keeps one, and not at all elsewhere", () => {
  assert.equal(runText({ run: 0 }), "Run 0");
  assert.equal(runText({ run: 7 }), "Run 7");
  assert.equal(runText({ run: null }), "");
  assert.equal(runText({}), "");
});
