// The solver on the table (static/js/assist.js and its parts) with a fake worker and a fake
// page: an answer that arrives for a position no longer on the table is never shown or used.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

import { fakeTable, full, installDocument, installWorker, settle } from "./fakes.mjs";

const { createAssist } = await import("../../static/js/assist.js");

const app = () => fakeTable(createAssist);

// What the page posted to the worker, its start-up message (setup) aside.
const posted = () => workers[0].sent.filter((m) => !m.setup);

let workers;
let els;
beforeEach(() => {
  workers = installWorker();
  els = installDocument();
});
// A worker that never said it was ready leaves the client's start timer running.
afterEach(() => { for (const w of workers) w.reply({ ready: true }); });

/** The worker answers its newest job (or the one given) with an answer. */
function answer(job, result) {
  workers[0].reply({ id: job.id, tag: job.tag, answer: result });
}

describe("answers that arrive after a new deal", () => {
  it("are not shown: the old deal's win is not the new deal's", async () => {
    const w = app();
    w.deal(1);
    const asked = workers[0].lastJob();
    assert.equal(els.verdict.dataset.state, "thinking");
    w.deal(2);                                 // a new deal while the solver starts
    const again = workers[0].lastJob();
    assert.notEqual(again.id, asked.id, "the new deal is asked about");
    answer(asked, { verdict: "solved", moves: ["t1>t2"], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "thinking");
    answer(again, { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "lost");
  });

  it("are not used by Hint, which offers only a move of the table", async () => {
    const w = app();
    w.deal(1);
    const asked = workers[0].lastJob();
    w.deal(2);
    const hint = w.assist.hint();
    answer(asked, { verdict: "solved", moves: ["t1>t2"], usedHidden: false });
    const deep = workers[0].lastJob();
    answer(deep, { verdict: "solved", moves: ["t3>t2"], usedHidden: false });
    await hint;
    assert.equal(full(els.tip), "Hint: do t3>t2. This keeps the game winnable.");
    assert.deepEqual(w.calls.filter((c) => c[0] === "describe"), [["describe", "t3>t2"]]);
    assert.deepEqual(w.assist.marks().map((m) => m.pile), ["t1", "t2"]);
  });

  it("leave a Hint asked on the old deal quiet", async () => {
    const w = app();
    w.deal(1);
    const hint = w.assist.hint();
    const asked = workers[0].lastJob();
    w.deal(2);
    answer(asked, { verdict: "solved", moves: ["t1>t2"], usedHidden: false });
    await hint;
    assert.equal(els.tip.hidden, true);
    assert.ok(!w.said.some((t) => t.includes("t1>t2")));
  });

  it("are not played by Solve, which plays the new deal's win", async () => {
    const w = app();
    w.deal(1);
    const asked = workers[0].lastJob();
    w.deal(2);
    const solve = w.assist.toggleSolve();
    answer(asked, { verdict: "solved", moves: ["t1>t2"], usedHidden: false });
    const deep = workers[0].lastJob();
    answer(deep, { verdict: "solved", moves: ["t3>t2"], usedHidden: false });
    await solve;
    assert.deepEqual(w.played, ["t3>t2"]);
    assert.equal(w.assist.solvedBySolver, true);
    w.assist.stopSolving();
    w.deal(3);
    assert.equal(w.assist.solvedBySolver, false);
  });

  it("leave Solve saying why when the win found is not a move of the table", async () => {
    const w = app();
    w.deal(1);
    const solve = w.assist.toggleSolve();
    answer(workers[0].lastJob(), { verdict: "solved", moves: ["x>y"], usedHidden: false });
    await solve;
    assert.deepEqual(w.played, []);
    assert.match(full(els.tip), /nothing to play/);
    assert.equal(w.assist.solving, false);
  });
});

describe("a game switch", () => {
  it("with the same deal number and no moves still drops the other game's answer", async () => {
    const w = app();
    w.deal(7, "freecell");
    const asked = workers[0].lastJob();
    w.deal(7, "klondike");
    answer(asked, { verdict: "solved", moves: ["t7>t8"], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "thinking");
    assert.equal(full(els.verdict), "Thinking (starting the solver)…");
  });
});

describe("the point of no return", () => {
  it("names the losing move by its piles, marks its cards and offers to undo to it", async () => {
    const w = app();
    w.deal(1);
    answer(workers[0].lastJob(), { verdict: "solved", moves: ["t9>t9"], usedHidden: false });
    await settle();
    w.deal(1, "freecell", ["t1>t2"]);        // off the win: asked again
    answer(workers[0].lastJob(), { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "lost");
    assert.equal(full(els.ponr), "Lost at move 1 (Pile 1 to Pile 2).");
    assert.equal(els["btn-rewind"].textContent, "Undo to the deal");
    w.snap.last = "t1>t2";
    assert.deepEqual(w.assist.marks(), [{ pile: "t2", index: 0, cls: "lost-move" }]);
  });

  it("drops a walk back that answers after a new deal", async () => {
    const w = app();
    w.deal(1, "freecell", ["t1>t2", "t2>t1"]);
    answer(workers[0].lastJob(), { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    const walk = workers[0].lastJob();
    assert.equal(walk.job.kind, "rewind");
    assert.equal(full(els.ponr), "Looking for the move that lost it…");
    w.deal(2);
    answer(walk, { winnable: 0, moves: ["t1>t2"], usedHidden: false, lost: [1] });
    await settle();
    assert.equal(els.ponr.hidden, true);
    assert.equal(els.verdict.dataset.state, "thinking");
    answer(workers[0].lastJob(), { verdict: "solved", moves: ["t2>t3"], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "winnable");
  });
});

describe("a search of a position the player has left", () => {
  it("stops at a move: the worker is told, and the new position is asked about", async () => {
    const w = app();
    w.deal(1);
    const asked = workers[0].lastJob();
    w.deal(1, "freecell", ["t1>t2"]);
    assert.deepEqual(posted().slice(1).map((m) => m.cancel ?? m.job.kind), [true, "solve"]);
    assert.notEqual(workers[0].lastJob().id, asked.id);
  });

  it("except the walk back to the losing move, which runs on while the game stays lost", async () => {
    const w = app();
    w.deal(1, "freecell", ["t1>t2", "t2>t1"]);
    answer(workers[0].lastJob(), { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    const walk = workers[0].lastJob();
    assert.equal(walk.job.kind, "rewind");
    const sent = posted().length;
    w.deal(1, "freecell", ["t1>t2", "t2>t1", "t1>t2"]);       // plays on in the lost game
    assert.equal(posted().length, sent, "no cancel, nothing new asked");
    answer(walk, { winnable: 0, moves: ["t1>t2"], usedHidden: false, lost: [1] });
    await settle();
    assert.equal(els.verdict.dataset.state, "lost");
    assert.equal(full(els.ponr), "Lost at move 1 (Pile 1 to Pile 2).");
  });
});

describe("with the indicator off", () => {
  it("a question about a position left behind is cancelled, and its words go with it", async () => {
    const w = app();
    w.deal(1, "freecell", ["t1>t2", "t2>t1"]);
    answer(workers[0].lastJob(), { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    assert.equal(workers[0].lastJob().job.kind, "rewind");
    w.settings = { indicator: false };
    w.deal(2);
    assert.deepEqual(posted().at(-1), { cancel: true });
    await settle();
    assert.equal(els.ponr.hidden, true);
    assert.equal(els.verdict.hidden, true);
  });

  it("the line gives its slot back to the table, and keeps it while the indicator is on", async () => {
    const w = app();
    w.deal(1, "freecell", ["t1>t2", "t2>t1"]);
    await settle();
    assert.equal(els.root.dataset.line, undefined);     // a verdict on every position: a slot
    w.settings = { indicator: false };
    w.deal(2);
    await settle();
    assert.equal(els.root.dataset.line, "free");        // over free felt, when it shows
    w.settings = { indicator: true };
    w.deal(3);
    await settle();
    assert.equal(els.root.dataset.line, undefined);
  });
});

describe("the point of no return's move numbers", () => {
  it("follow the move counter, which skips the table's own moves and counts folded ones", async () => {
    const { counted } = await import("../../static/js/ponr.js");
    // Kept moves 0..5, of which 1 and 2 were the table's own (safe cards played by it).
    const tally = { folded: 0, auto: [1, 2] };
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map((i) => counted(tally, i)), [0, 1, 1, 1, 2, 3, 4]);
    // Ten player moves folded into the kept line's start.
    assert.equal(counted({ folded: 10, auto: [0] }, 3), 12);
    // No tally (an older snapshot): the place itself.
    assert.equal(counted(undefined, 4), 4);
  });
});
