import assert from "node:assert/strict";
import { test } from "node:test";

import { app, inProgress, solvedBySolver } from "../../static/js/state.js";

test("a game is one to ask about when moves were made and it is still being played", () => {
  const other = { moveCount: 3, status: "playing" };
  assert.equal(inProgress(other), true);                  // another game's saved record
  assert.equal(inProgress({ moveCount: 0, status: "playing" }), false);
  assert.equal(inProgress({ moveCount: 9, status: "won" }), false);
  assert.equal(inProgress({ moveCount: 9, status: "stuck" }), false);
  assert.equal(inProgress(null), false);
  app.snap = { moveCount: 2, status: "playing" };         // the game on the table...
  app.touched = false;                                    // ...moved only by automatic moves
  assert.equal(inProgress(app.snap), false);
  app.touched = true;
  assert.equal(inProgress(app.snap), true);
});

test("a game the solver played is the solver's, from the assistant or the saved record", () => {
  app.assist = { solvedBySolver: false };
  app.solverPlayed = false;
  assert.equal(solvedBySolver(), false);
  app.assist = { solvedBySolver: true };
  assert.equal(solvedBySolver(), true);
  app.assist = { solvedBySolver: false };
  app.solverPlayed = true;
  assert.equal(solvedBySolver(), true);
});
