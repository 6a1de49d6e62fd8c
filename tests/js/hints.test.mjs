// Hint in seconds (static/js/hints.js through assist.js), with a fake worker, a fake page and
// a clock the test moves: the rule of thumb at the deadline while the search goes on, the
// upgrade when the search finds a win for the same position, a late answer dropped after a
// move, a known win or loss at once, and Solve, which never plays a guess.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

import { fakeTable, full, installClock, installDocument, installWorker, settle } from "./fakes.mjs";

const { createAssist } = await import("../../static/js/assist.js");
const { GUESS_AFTER_MS } = await import("../../static/js/hints.js");

const app = (settings) => fakeTable(createAssist, settings);

// What the page posted to the worker, its start-up message (setup) aside.
const posted = () => workers[0].sent.filter((m) => !m.setup);

let workers;
let els;
let clock;
beforeEach(() => {
  clock = installClock();
  workers = installWorker();
  els = installDocument();
});
afterEach(() => {
  for (const w of workers) w.reply({ ready: true });
  clock.restore();
});

const jobs = () => posted().filter((m) => m.job);
function answer(job, result) {
  workers[0].reply({ id: job.id, tag: job.tag, answer: result });
}
const GUESS = "A suggestion by rule of thumb, not a promise: do t1>t2.";

/** Deal 1, press Hint, and let the deadline pass with no answer: the guess is on show. */
async function guessed(settings) {
  const w = app(settings);
  w.deal(1);
  let done = false;
  w.hint = w.assist.hint().then(() => { done = true; });
  assert.equal(full(els.tip), "Looking for a win…");
  // Hint joins the search the live line started for this position (none with the
  // indicator off: then its own, deeper one).
  assert.equal(jobs().length, 1, "one search of the position, not two");
  assert.equal(jobs()[0].job.budget, settings?.indicator === false ? 200_000 : 60_000);
  clock.advance(GUESS_AFTER_MS - 1);
  await settle();
  assert.equal(full(els.tip), "Looking for a win…", "nothing before the deadline");
  assert.equal(done, false);
  clock.advance(1);
  await settle();
  assert.equal(done, true, "Hint's first answer is the guess");
  return w;
}

describe("a hint while the search is still running", () => {
  it("offers the rule of thumb at the deadline, labelled, and keeps searching", async () => {
    const w = await guessed();
    assert.equal(full(els.tip), `${GUESS} Still looking for a win…`);
    assert.equal(els.tip.dataset.kind, "guess");
    assert.equal(w.said.at(-1), full(els.tip));
    assert.deepEqual(w.assist.marks().map((m) => m.pile), ["t1", "t2"]);
    assert.equal(els.verdict.dataset.state, "thinking");
    assert.notDeepEqual(posted().at(-1), { cancel: true });
  });

  it("is upgraded in place to the win found for the same position, and read out", async () => {
    const w = await guessed();
    answer(jobs().at(-1), { verdict: "solved", moves: ["t2>t1", "t1>t2"], usedHidden: false });
    await settle();
    assert.equal(full(els.tip), "Hint: do t2>t1. This keeps the game winnable.");
    assert.equal(els.tip.dataset.kind, "win");
    assert.equal(w.said.at(-1), full(els.tip));
    assert.equal(els.verdict.dataset.state, "winnable");
    // The line shows the engine's brief words; the target's mark is its top card.
    assert.equal(els.tip.dataset.brief, "Hint: t2>t1");
    assert.deepEqual(w.assist.marks(), [
      { pile: "t1", index: 0, cls: "hint" }, { pile: "t2", index: 0, cls: "hint-target" }]);
  });

  it("says so when the search proves the game lost", async () => {
    const w = await guessed();
    answer(jobs().at(-1), { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    assert.equal(full(els.tip), `This game can no longer be won. ${GUESS}`);
    assert.equal(w.said.at(-1), full(els.tip));
    assert.equal(els.verdict.dataset.state, "lost");
  });

  it("says the search ended when it found nothing within its limit", async () => {
    await guessed();
    // The live line's search ends without a win: only then does the deeper one start.
    answer(jobs()[0], { verdict: "unknown", moves: null, usedHidden: false });
    await settle();
    assert.equal(jobs().length, 2);
    assert.equal(jobs()[1].job.budget, 200_000);
    assert.match(full(els.tip), /Still looking/);
    answer(jobs()[1], { verdict: "unknown", moves: null, usedHidden: false });
    await settle();
    assert.equal(full(els.tip), `No win was found within the search limit. ${GUESS}`);
  });

  it("drops a late win silently once the player has moved", async () => {
    // The indicator off: nothing else is asked after the move, so the deep search runs on.
    const w = await guessed({ indicator: false });
    const deep = jobs().at(-1);
    assert.ok(w.assist && w.snap.moves.some((m) => m.text === "t1>t2"));
    w.assist.stopSolving();
    w.deal(1, "freecell", ["t1>t2"]);                          // the player plays the guess
    assert.equal(els.tip.hidden, true);
    const said = w.said.length;
    answer(deep, { verdict: "solved", moves: ["t2>t1"], usedHidden: false });
    await settle();
    assert.equal(els.tip.hidden, true, "the old position's win is not shown for this one");
    assert.equal(w.said.length, said, "nothing is read out");
    assert.equal(jobs().length, 1, "the move asked nothing new with the indicator off");
    assert.deepEqual(posted().at(-1), { cancel: true }, "the old position's search stopped");
  });

  it("drops the answer when the player asked something else meanwhile (Solve)", async () => {
    const w = await guessed();
    const before = jobs().length;
    const solve = w.assist.toggleSolve();
    assert.equal(full(els.tip), "Looking for a win to play…");
    assert.equal(jobs().length, before, "Solve joins the search already running");
    answer(jobs().at(-1), { verdict: "solved", moves: ["t1>t2"], usedHidden: false });
    await solve;
    assert.deepEqual(w.played, ["t1>t2"]);
    assert.ok(!w.said.some((t) => t.startsWith("Hint:")), "the hint was not upgraded");
    w.assist.stopSolving();
  });

  it("pressed again, says the same again without starting the search over", async () => {
    const w = await guessed();
    const before = jobs().length;
    await w.assist.hint();
    assert.equal(jobs().length, before);
    assert.equal(w.said.at(-1), full(els.tip));
    assert.match(full(els.tip), /Still looking/);
  });
});

describe("Hint and the live line's search of the same position", () => {
  it("takes the live line's win as its answer, asking the worker nothing more", async () => {
    const w = app();
    w.deal(1);
    const live = jobs()[0];
    const hint = w.assist.hint();
    answer(live, { verdict: "solved", moves: ["t2>t1"], usedHidden: false });
    await hint;
    assert.equal(full(els.tip), "Hint: do t2>t1. This keeps the game winnable.");
    assert.equal(posted().length, 1, "no second job, no cancel");
  });

  it("is not stopped by turning the indicator off: the search is Hint's now", async () => {
    const w = app();
    w.deal(1);
    const hint = w.assist.hint();
    w.settings.indicator = false;
    w.assist.refresh();
    assert.equal(posted().length, 1, "the joined search runs on");
    answer(jobs()[0], { verdict: "unwinnable", moves: [], usedHidden: false });
    await hint;
    assert.equal(full(els.tip), `This game can no longer be won. ${GUESS}`);
  });

  it("starts its own search only where none is running, and a second Hint joins that", async () => {
    const w = app({ indicator: false });
    w.deal(1);
    assert.equal(workers.length, 0, "nothing asked with the indicator off");
    const first = w.assist.hint();
    assert.equal(jobs().length, 1);
    const solve = w.assist.toggleSolve();
    assert.equal(jobs().length, 1, "Solve joins Hint's search");
    answer(jobs()[0], { verdict: "solved", moves: ["t1>t2"], usedHidden: false });
    await Promise.all([first, solve]);
    assert.deepEqual(w.played, ["t1>t2"]);
    w.assist.stopSolving();
  });

  it("drops the search of a position the player left by a move or an undo", async () => {
    const w = app();
    w.deal(1, "freecell", ["t1>t2"]);
    const live = jobs()[0];
    const hint = w.assist.hint();
    w.deal(1, "freecell", []);                    // undo
    assert.deepEqual(posted()[1], { cancel: true });
    const next = jobs().at(-1);
    assert.notEqual(next.id, live.id, "the position on the table is asked about");
    assert.equal(next.tag, JSON.stringify([JSON.stringify(["freecell", {}, 1]), []]));
    await hint;
    assert.equal(els.tip.hidden, true, "the hint for the left position goes quietly");
    answer(live, { verdict: "solved", moves: ["t2>t1"], usedHidden: false });
    answer(next, { verdict: "solved", moves: ["t1>t2", "t2>t1"], usedHidden: false });
    await settle();
    assert.equal(els.verdict.dataset.state, "winnable");
    assert.equal(jobs().length, 2);
  });
});

describe("a hint answered before the deadline", () => {
  it("at once when a win is already known, without asking the worker", async () => {
    const w = app();
    w.deal(1);
    answer(jobs().at(-1), { verdict: "solved", moves: ["t2>t1"], usedHidden: false });
    await settle();
    const before = posted().length;
    await w.assist.hint();
    assert.equal(full(els.tip), "Hint: do t2>t1. This keeps the game winnable.");
    assert.equal(posted().length, before);
  });

  it("at once when the game is known lost, with the rule of thumb", async () => {
    const w = app();
    w.deal(1);
    answer(jobs().at(-1), { verdict: "unwinnable", moves: [], usedHidden: false });
    await settle();
    await w.assist.hint();
    assert.equal(full(els.tip), `This game can no longer be won. ${GUESS}`);
  });

  it("shows the win without a guess first when the search answers in time", async () => {
    const w = app();
    w.deal(1);
    const hint = w.assist.hint();
    clock.advance(GUESS_AFTER_MS / 2);
    answer(jobs().at(-1), { verdict: "solved", moves: ["t2>t1"], usedHidden: false });
    await hint;
    clock.advance(GUESS_AFTER_MS);
    await settle();
    assert.equal(full(els.tip), "Hint: do t2>t1. This keeps the game winnable.");
    assert.ok(!w.said.some((t) => t.includes("rule of thumb")));
  });
});

describe("Solve", () => {
  it("never plays a guess: it waits past the deadline, then says there is nothing to play", async () => {
    const w = app();
    w.deal(1);
    const solve = w.assist.toggleSolve();
    clock.advance(GUESS_AFTER_MS * 10);
    await settle();
    assert.equal(full(els.tip), "Looking for a win to play…");
    assert.deepEqual(w.played, []);
    assert.equal(jobs().length, 1, "Solve joins the live line's search");
    answer(jobs()[0], { verdict: "unknown", moves: null, usedHidden: false });
    await settle();
    assert.equal(jobs().length, 2, "then searches deeper");
    assert.equal(jobs()[1].job.budget, 200_000);
    answer(jobs()[1], { verdict: "unknown", moves: null, usedHidden: false });
    await solve;
    assert.deepEqual(w.played, []);
    assert.equal(full(els.tip), "No win was found within the search limit, so there is nothing to play.");
    assert.equal(w.assist.solving, false);
  });
});
