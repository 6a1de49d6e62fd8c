// The solver's knowledge cache (static/js/knowledge.js): what is known of each position of
// the line, and the tokens that tie every answer to the position it was computed for.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { createKnowledge, isLine, sameToken, tokenOf, tokenText } from "../../static/js/knowledge.js";

/** A snapshot's line as the engine gives it (Session.line: the key is the engine's own). */
function save({ game = "freecell", options = { cells: 4 }, deal = 1, moves = [], redo = [] } = {}) {
  return { key: JSON.stringify([game, options, deal]), moves, redo };
}
const WIN = ["t1>c1", "t2>c2", "t3>f1", "t4>f1"];
const SOLVED = { verdict: "solved", moves: WIN, usedHidden: false };
const LOST = { verdict: "unwinnable", moves: null, usedHidden: true };
const UNKNOWN = { verdict: "unknown", moves: [], usedHidden: false };

/** A cache synced with a line of moves, and the token of its present position. */
function at(moves, extra = {}) {
  const kn = createKnowledge();
  kn.sync(save({ moves, ...extra }));
  return kn;
}

describe("tokens", () => {
  it("name the game, options, deal and moves", () => {
    const a = tokenOf(save({ moves: ["t1>c1"] }));
    assert.equal(a.key, save().key);
    assert.deepEqual(a.moves, ["t1>c1"]);
    assert.ok(sameToken(a, tokenOf(save({ moves: ["t1>c1"] }))));
    for (const other of [save({ deal: 2, moves: ["t1>c1"] }), save({ game: "spider", moves: ["t1>c1"] }),
      save({ options: { cells: 3 }, moves: ["t1>c1"] }), save({ moves: ["t1>c2"] }), save({ moves: [] })]) {
      assert.ok(!sameToken(a, tokenOf(other)), tokenText(tokenOf(other)));
    }
  });

  it("are null for a snapshot without a line (a warm paint)", () => {
    assert.equal(tokenOf(undefined), null);
    assert.equal(tokenOf({ key: "x" }), null);
    assert.ok(!isLine({ moves: [] }) && isLine(save()));
    assert.ok(!sameToken(null, null));
  });

  it("are worked out once for a line, and again for the next", () => {
    const line = save({ moves: ["t1>c1"] });
    assert.equal(tokenOf(line), tokenOf(line));
    const next = save({ moves: ["t1>c1", "t2>c2"] });
    assert.deepEqual(tokenOf(next).moves, ["t1>c1", "t2>c2"]);
  });
});

describe("what is known", () => {
  it("derives the successors of a lost position as lost", () => {
    const kn = at([]);
    assert.ok(kn.store(kn.token(), LOST, 100));
    kn.sync(save({ moves: ["t5>t6", "t7>c1"] }));
    assert.equal(kn.known(2).verdict, "unwinnable");
    assert.equal(kn.known(1).verdict, "unwinnable");
    assert.equal(kn.known(2).usedHidden, true);
  });

  it("derives the positions along a found win as won by the rest of it", () => {
    const kn = at([]);
    kn.store(kn.token(), SOLVED, 100);
    kn.sync(save({ moves: WIN.slice(0, 2) }));
    assert.deepEqual(kn.known(2).moves, WIN.slice(2));
    assert.deepEqual(kn.known(1).moves, WIN.slice(1));
  });

  it("derives nothing off the found win", () => {
    const kn = at([]);
    kn.store(kn.token(), SOLVED, 100);
    kn.sync(save({ moves: ["t1>c1", "t8>c2"] }));
    assert.equal(kn.known(2), null);
    assert.deepEqual(kn.known(1).moves, WIN.slice(1));
  });

  it("never replaces a proof by unknown, nor a win with moves by one without", () => {
    const kn = at([]);
    const t = kn.token();
    kn.store(t, SOLVED, 100);
    assert.ok(!kn.store(t, UNKNOWN, 1_000_000));
    assert.ok(!kn.store(t, { verdict: "solved", moves: null }, 1_000_000));
    assert.deepEqual(kn.known(0).moves, WIN);
    const lost = at([]);
    lost.store(lost.token(), LOST, 100);
    assert.ok(!lost.store(lost.token(), UNKNOWN, 1_000_000));
    assert.equal(lost.known(0).verdict, "unwinnable");
  });

  it("keeps the larger budget of two unknowns, and lets a proof replace unknown", () => {
    const kn = at([]);
    const t = kn.token();
    kn.store(t, UNKNOWN, 200_000);
    assert.ok(!kn.store(t, UNKNOWN, 60_000));
    assert.equal(kn.known(0).budget, 200_000);
    assert.ok(kn.store(t, SOLVED, 60_000));
    assert.equal(kn.known(0).verdict, "solved");
  });

  it("assumes only where nothing is known", () => {
    const kn = at([]);
    kn.store(kn.token(), LOST, 1);
    kn.assume(0, { verdict: "solved", moves: null });
    assert.equal(kn.known(0).verdict, "unwinnable");
    const fresh = at([]);
    fresh.assume(0, { verdict: "solved", moves: null, budget: 5 });
    assert.equal(fresh.known(0).verdict, "solved");
  });

  it("lists the proofs up to a position for the walk back", () => {
    const kn = at(["a>b", "c>d", "e>f"]);
    kn.store(kn.token(0), SOLVED, 1);
    kn.store(kn.token(2), LOST, 1);
    kn.store(kn.token(3), LOST, 1);
    assert.deepEqual(kn.proofsUpTo(2), { lost: [2], won: [0] });
  });
});

describe("stale answers", () => {
  it("for another deal are dropped, though both positions have no moves", () => {
    const kn = at([], { deal: 1 });
    const asked = kn.token();             // asked about deal 1, position 0
    kn.sync(save({ deal: 2 }));           // a new deal before the answer came
    assert.ok(!kn.holds(asked));
    assert.ok(!kn.present(asked));
    assert.ok(!kn.store(asked, SOLVED, 100));
    assert.equal(kn.known(0), null);
  });

  it("for another game or options are dropped", () => {
    const kn = at([]);
    const asked = kn.token();
    kn.sync(save({ game: "klondike", options: { draw: 1 } }));
    assert.ok(!kn.store(asked, SOLVED, 100));
    kn.sync(save({ game: "klondike", options: { draw: 3 } }));
    assert.ok(!kn.store(tokenOf(save({ game: "klondike", options: { draw: 1 } })), LOST, 1));
    assert.equal(kn.known(0), null);
  });

  it("for a position undone and replaced by another move are dropped", () => {
    const kn = at(["t1>c1"]);
    const asked = kn.token();
    kn.sync(save({ moves: ["t2>c1"] }));
    assert.ok(!kn.store(asked, SOLVED, 1));
    assert.equal(kn.known(1), null);
  });

  it("for a position still on the line are kept, though the player has moved on", () => {
    const kn = at(["t1>c1"]);
    const asked = kn.token();
    kn.sync(save({ moves: ["t1>c1", "t2>c2"] }));
    assert.ok(kn.holds(asked));
    assert.ok(!kn.present(asked));
    assert.ok(kn.store(asked, LOST, 1));
    assert.equal(kn.known(2).verdict, "unwinnable");
  });

  it("may name an earlier position of the line they were asked on", () => {
    const kn = at(["a>b", "c>d", "e>f"]);
    const asked = kn.token();
    kn.sync(save({ moves: ["a>b", "x>y"] }));
    assert.ok(kn.store(asked, LOST, 1, 1));      // position 1 is still on the line
    assert.ok(!kn.store(asked, LOST, 1, 2));     // position 2 is not
    assert.equal(kn.known(1).verdict, "unwinnable");
  });
});

describe("sync", () => {
  it("keeps what is known across undo and redo", () => {
    const kn = at([]);
    kn.store(kn.token(), SOLVED, 1);
    kn.sync(save({ moves: WIN.slice(0, 2) }));
    kn.store(kn.token(), SOLVED, 1);
    kn.sync(save({ moves: WIN.slice(0, 1), redo: WIN.slice(1, 2) }));    // undo
    assert.deepEqual(kn.known(1).moves, WIN.slice(1));
    kn.sync(save({ moves: WIN.slice(0, 2) }));                            // redo
    assert.deepEqual(kn.known(2).moves, WIN.slice(2));
  });

  it("forgets the positions past a changed move, not those before it", () => {
    const kn = at(["a>b", "c>d"]);
    kn.store(kn.token(1), LOST, 1);
    kn.store(kn.token(0), { verdict: "unknown", moves: [] }, 7);
    kn.sync(save({ moves: ["x>y"] }));
    assert.equal(kn.known(0).budget, 7);
    assert.equal(kn.known(1), null);
  });

  it("says whether the line is new or changed", () => {
    const kn = createKnowledge();
    assert.deepEqual(kn.sync(save()), { fresh: true, changed: true, same: 0 });
    assert.deepEqual(kn.sync(save()), { fresh: false, changed: false, same: 0 });
    assert.deepEqual(kn.sync(save({ moves: ["a>b"] })), { fresh: false, changed: true, same: 0 });
    assert.deepEqual(kn.sync(save({ deal: 9 })), { fresh: true, changed: true, same: 0 });
  });

  it("forgets everything on a new deal, and keeps it on the same deal dealt again", () => {
    const kn = at([]);
    kn.store(kn.token(), SOLVED, 1);
    kn.sync(save({ deal: 2 }));
    assert.equal(kn.known(0), null);
    kn.store(kn.token(), LOST, 1);
    kn.sync(save({ deal: 2, moves: ["t1>t2"] }));
    kn.sync(save({ deal: 2 }));              // the same deal again: the same position 0
    assert.equal(kn.known(0).verdict, "unwinnable");
  });
});

describe("moves auto-solve played", () => {
  it("count while on the line or waiting to be redone", () => {
    const kn = at([]);
    assert.equal(kn.solvedBySolver, false);
    kn.playedBySolver(0, "t1>c1");
    kn.sync(save({ moves: ["t1>c1"] }));
    assert.equal(kn.solvedBySolver, true);
    kn.sync(save({ moves: [], redo: ["t1>c1"] }));     // undone (or restarted)
    assert.equal(kn.solvedBySolver, false);
    kn.sync(save({ moves: ["t1>c1"] }));               // redone
    assert.equal(kn.solvedBySolver, true);
  });

  it("are forgotten when replaced, and on a new deal or another game", () => {
    const kn = at([]);
    kn.playedBySolver(0, "t1>c1");
    kn.sync(save({ moves: ["t1>c1"] }));
    kn.sync(save({ moves: ["t2>c1"] }));
    assert.equal(kn.solvedBySolver, false);
    kn.playedBySolver(1, "t3>c2");
    kn.sync(save({ moves: ["t2>c1", "t3>c2"] }));
    assert.equal(kn.solvedBySolver, true);
    kn.sync(save({ moves: [] }));                      // the same deal dealt again
    kn.sync(save({ moves: ["t2>c1", "t3>c2"] }));      // and the same moves by hand
    assert.equal(kn.solvedBySolver, false);
    kn.playedBySolver(2, "t4>c3");
    kn.sync(save({ moves: ["t2>c1", "t3>c2", "t4>c3"] }));
    kn.sync(save({ game: "spider", moves: ["t2>c1", "t3>c2", "t4>c3"] }));
    assert.equal(kn.solvedBySolver, false);
  });
});
