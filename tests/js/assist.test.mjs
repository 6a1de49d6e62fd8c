// The solver on the table (static/js/assist.js and its parts) with a fake worker and a fake
// page: an answer that arrives for a position no longer on the table is never shown or used.

import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import { installDocument, installWorker, settle } from "./fakes.mjs";

const { createAssist } = await import("../../static/js/assist.js");

/** A fake app: a table whose snapshot the test sets, and a record of what was played. */
function app() {
  const world = { snap: null, played: [], said: [], calls: [] };
  world.deal = (deal, game = "freecell", moves = []) => {
    world.snap = {
      game, deal, status: "playing", moveCount: moves.length, piles: { t1: ["AS"], t2: ["2H"] },
      labels: { t1: "Pile 1", t2: "Pile 2" },
      moves: [{ text: `t1>t2#${deal}` }, { text: `t2>t1#${deal}` }],
      save: JSON.stringify({ v: 1, game, options: {}, deal, moves, redo: [] }),
    };
    world.assist.sync();
  };
  world.assist = createAssist({
    snap: () => world.snap,
    settings: () => ({}),
    ready: () => true,
    names: () => ({ AS: "Ace of spades", "2H": "Two of hearts" }),
    call(method, ...args) {
      world.calls.push([method, ...args]);
      if (method === "describe") return { hint: `do ${args[0]}`, cards: [{ pile: "t1", index: 0 }], target: { pile: "t2", index: null } };
      if (method === "suggest") return { move: world.snap.moves[0].text };
      return {};
    },
    play(text) {
      if (!world.snap.moves.some((m) => m.text === text)) return false;
      world.played.push(text);
      const save = JSON.parse(world.snap.save);
      world.deal(world.snap.deal, world.snap.game, [...save.moves, text]);
      return true;
    },
    undoTo() {},
    announce: (t) => world.said.push(t),
    notice() {},
    hideNotice() {},
    draw() {},
    dealListed() {},
    dealAny() {},
  });
  return world;
}

let workers;
let els;
beforeEach(() => {
  workers = installWorker();
  els = installDocument();
});

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
    answer(asked, { verdict: "solved", moves: ["t1>t2#1"], usedHidden: false });
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
    answer(asked, { verdict: "solved", moves: ["t1>t2#1"], usedHidden: false });
    const deep = workers[0].lastJob();
    answer(deep, { verdict: "solved", moves: ["t2>t1#2"], usedHidden: false });
    await hint;
    assert.equal(els.tip.textContent, "Hint: do t2>t1#2. This keeps the game winnable.");
    assert.deepEqual(w.calls.filter((c) => c[0] === "describe"), [["describe", "t2>t1#2"]]);
    assert.deepEqual(w.assist.marks().map((m) => m.pile), ["t1", "t2"]);
  });

  it("leave a Hint asked on the old deal quiet", async () => {
    const w = app();
    w.deal(1);
    const hint = w.assist.hint();
    const asked = workers[0].lastJob();
    w.deal(2);
    answer(asked, { verdict: "solved", moves: ["t1>t2#1"], usedHidden: false });
    await hint;
    assert.equal(els.tip.hidden, true);
    assert.ok(!w.said.some((t) => t.includes("#1")));
  });

  it("are not played by Solve, which plays the new deal's win", async () => {
    const w = app();
    w.deal(1);
    const asked = workers[0].lastJob();
    w.deal(2);
    const solve = w.assist.toggleSolve();
    answer(asked, { verdict: "solved", moves: ["t1>t2#1"], usedHidden: false });
    const deep = workers[0].lastJob();
    answer(deep, { verdict: "solved", moves: ["t2>t1#2"], usedHidden: false });
    await solve;
    assert.deepEqual(w.played, ["t2>t1#2"]);
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
    assert.match(els.tip.textContent, /nothing to play/);
    assert.equal(w.assist.solving, false);
  });
});

describe("a game switch", () => {
  it("with the same deal number and no moves still drops the other game's answer", async () => {
    const w = app();
    w.deal(7, "freecell");
    const asked = workers[0].lastJob();
    w.deal(7, "klondike");
    answer(asked, { verdict: "solved", moves: ["t1>t2#7"], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "thinking");
    assert.equal(els.verdict.textContent, "Thinking (starting the solver)…");
  });
});
