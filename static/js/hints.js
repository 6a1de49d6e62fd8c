// The hint and auto-solve. Both ask for the present position's win (searching harder than
// the indicator if none is known yet) and, once the answer is in, check that the position on
// the table is still the one asked about: the same token (game, options, deal and every move
// played), not merely the same number of moves.
//
// Hint answers within seconds even where the search takes long: a win or a loss already
// known is said at once; otherwise it says "Looking for a win…" and, if the search has not
// answered within GUESS_AFTER_MS, offers the engine's rule-of-thumb move, labelled as such,
// while the search goes on in the worker. When the search then answers about the SAME
// position (same token, the hint still on show), the hint is upgraded in place (a win's
// move) or settled (a loss, or no win within the limit), and read out. If the player moved
// or asked something else meanwhile, the late answer is dropped without a word. Solve waits
// for a real win and never plays a guess.
//
// A tip has two forms: its text (the whole sentence, read out) and a brief one short enough
// for one line on a phone ("Hint: 7♠ to Pile 1"); the solver's line opens on the text.

import { DROPPED, sameToken } from "./knowledge.js";

const DEEP_BUDGET = 200_000;
/** How long Hint waits for the search before offering a rule-of-thumb move meanwhile. */
export const GUESS_AFTER_MS = 2000;
const SOLVE_STEP_MS = 320;
const WAITING = new Set(["Looking for a win…", "Looking for a win to play…"]);
const GUESS = "A suggestion by rule of thumb, not a promise";

/** core: the shared state and helpers of assist.js. */
export function createHints(core) {
  const { ctx, kn } = core;
  let solving = false;
  let solveTimer = null;
  let solveFrom = null;     // the token of the position Solve started from
  let live = null;          // the hint waiting for its search: {token, tip (the one on show)}

  const proof = (e) => e && (e.verdict === "unwinnable" || (e.verdict === "solved" && e.moves));

  /** Return the present position's entry, searching harder if no win is known yet. A
   * search already running for this very position (the indicator's, or an earlier Hint's)
   * is joined, never started again: its win or proof is the answer; only if it ends
   * without one under a smaller budget does the deeper search start, no search running.
   * A search asked without the deal's known win is not joined once that has come, and one
   * asked again in its place (assist.js knownReady) is joined in turn. */
  async function deepEntry() {
    for (;;) {
      const e = kn.known(kn.length);
      if (proof(e) || (e?.verdict === "unknown" && e.budget >= DEEP_BUDGET)) return e;
      const token = core.here();
      // A search asked without the deal's known win is not joined once that has come.
      const joined = core.knownNow?.() && !core.current?.known ? null : core.join(token);
      if (!joined) return core.search(DEEP_BUDGET, "deep");
      const got = await joined.entry;
      // Asked again in its place (with the deal's known win, once that came): join that.
      const again = core.current;
      if (got === DROPPED && again?.entry && again !== joined && sameToken(again.token, token)
        && sameToken(token, core.here())) continue;
      if (got === DROPPED || got?.error || proof(got) || joined.budget >= DEEP_BUDGET) return got;
      if (!sameToken(token, core.here())) return DROPPED;
    }
  }

  /** Tell whether a move is among the legal moves of the snapshot on the table. */
  const legal = (text) => (core.snap().moves ?? []).some((m) => m.text === text);

  /** Put a move of the present position into words (long and brief) and marks, in the
   * engine's words (the bridge's describe): the cards that go (both of a Pyramid pair), and
   * where: the top card they go onto, or the empty pile, so the mark is seen on top. */
  async function explain(text) {
    const d = await ctx.call("describe", text);
    if (d.error) return { words: text, brief: text, marks: [] };
    const marks = (d.cards ?? []).map((c) => ({ pile: c.pile, index: c.index, cls: "hint" }));
    if (d.target && !marks.some((m) => m.pile === d.target.pile)) {
      marks.push({ pile: d.target.pile, index: d.target.index ?? null, cls: "hint-target" });
    }
    if (!marks.length && d.src) marks.push({ pile: d.src, index: null, cls: "hint-target" });
    return { words: d.hint, brief: d.brief ?? d.hint, marks };
  }

  /** In a game whose search rarely finds a win, the engine's words on what is known (with no
   * closing full stop), else "". */
  const noted = () => core.note?.()?.replace(/\.$/, "") ?? "";

  /** Say why there is no winning move to offer, from what the search gave. */
  function noWin(e) {
    const { solver } = core;
    if (solver.state === "failed") return `The solver is not available (${solver.failure})`;
    if (e?.error) return `The solver could not check this position (${e.error.message})`;
    if (e?.verdict === "unwinnable") return "This game can no longer be won";
    if (e?.verdict === "solved") return "This deal is known to be winnable, but the solver did not find the way again within its search limit";
    return noted() || "No win was found within the search limit";
  }

  /** A question was dropped (the player moved on, or asked something else): say nothing.
   * Only the tip this question put up goes, never a newer one. */
  function quiet(tip) {
    if (core.tip === tip) core.tip = null;
    core.show();
  }

  /** Show a tip about the present position, read it out, and return it. */
  function tell(tip, speak = true) {
    core.tip = { ...tip, token: core.here() };
    if (speak) ctx.announce(tip.text);
    core.show();
    return core.tip;
  }

  /** The rule-of-thumb tip, ``before`` saying why it is offered and ``after`` what follows. */
  async function guess(before, after = "") {
    const { move } = await ctx.call("suggest");
    if (!move) {
      return { text: `${before || "No win is known"}, and there is no move to suggest.`,
        brief: "No move to suggest", marks: [], kind: "guess" };
    }
    const { words, brief, marks } = await explain(move);
    const text = before ? `${before}. ${GUESS}: ${words}.` : `${GUESS}: ${words}.`;
    return { text: after ? `${text} ${after}` : text, brief: `Guess: ${brief}`, marks, kind: "guess" };
  }

  /** The tip for a search's answer about the present position. */
  async function answerTip(e) {
    if (e?.verdict === "solved" && e.moves?.length && legal(e.moves[0])) {
      const { words, brief, marks } = await explain(e.moves[0]);
      return { text: `Hint: ${words}. This keeps the game winnable.`, brief: `Hint: ${brief}`, marks, kind: "win" };
    }
    return guess(noWin(e));
  }

  /** Offer a move for the position on the table. Resolves once the first answer is on show
   * (a win, a loss, or the rule of thumb at the deadline), or once the question is dropped;
   * a search still running then upgrades the hint later (see the top of this file). */
  // The engine's words come asynchronously: a tip is shown only if the position it is about
  // is still the one on the table when they come (its token).
  async function hint() {
    if (!ctx.ready() || core.snap().status !== "playing" || core.busy === "find") return;
    const token = core.here();
    // Asked again while this very hint waits for its search: say it again, start nothing.
    if (live && core.tip === live.tip && sameToken(live.token, token) && !solving) {
      ctx.announce(core.tip.text);
      return;
    }
    stopSolving();
    const known = kn.present(token) ? kn.known(kn.length) : null;
    if (proof(known)) {
      const tip = await answerTip(known);
      if (sameToken(token, core.here())) tell(tip);
      return;
    }
    const mine = { token, tip: { text: "Looking for a win…", marks: [], token } };
    live = mine;
    core.tip = mine.tip;
    core.show();
    let shown;
    const first = new Promise((resolve) => { shown = resolve; });
    const ours = () => live === mine && core.tip === mine.tip && sameToken(token, core.here());
    const timer = setTimeout(async () => {
      if (!ours()) return;
      const tip = await guess(noted(), "Still looking for a win…");
      if (!ours()) return;
      mine.tip = tell(tip);
      shown();
    }, GUESS_AFTER_MS);
    deepEntry().then(async (e) => {
      clearTimeout(timer);
      const guessed = mine.tip.kind === "guess";
      if (!ours()) {
        if (live === mine) live = null;
        shown();
        return;
      }
      live = null;
      const still = (tip) => core.tip === tip && sameToken(token, core.here());
      const was = mine.tip;
      if (e === DROPPED) {
        // Dropped with the hint still on show: keep a guess (without "still looking"), or
        // take "Looking for a win…" away; either way without a word.
        if (!guessed) quiet(mine.tip);
        else {
          const tip = await guess("");
          if (still(was)) tell(tip, false);
        }
      } else {
        const tip = await answerTip(e);
        if (still(was)) tell(tip);
      }
      shown();
    });
    return first;
  }

  async function toggleSolve() {
    if (solving) {
      stopSolving();
      ctx.announce("Auto-solve stopped");
      return;
    }
    if (!ctx.ready() || core.snap().status !== "playing" || core.busy === "find") return;
    const token = core.here();
    solving = true;
    solveFrom = token;
    const mine = { text: "Looking for a win to play…", marks: [], token };
    core.tip = mine;
    core.show();
    const e = await deepEntry();
    if (e === DROPPED || !solving || !sameToken(token, core.here())) {
      stopSolving();
      quiet(mine);
      return;
    }
    if (!(e?.verdict === "solved" && e.moves?.length && legal(e.moves[0]))) {
      solving = false;
      tell({ text: `${noWin(e)}, so there is nothing to play.`, brief: "Nothing to play", marks: [], kind: "guess" });
      return;
    }
    core.tip = null;
    ctx.announce("Auto-solve: playing the win found; press Stop to take over");
    core.show();
    step();
  }

  /** Play the next move of the win, if the table is still on the line Solve started from. */
  function step() {
    if (!solving) return;
    const s = core.snap();
    const here = core.here();
    const next = kn.present(here) && kn.holds(solveFrom) ? kn.known(kn.length) : null;
    if (s.status !== "playing" || !next?.moves?.length || !legal(next.moves[0])) {
      stopSolving();
      return;
    }
    const move = next.moves[0];
    kn.playedBySolver(kn.length, move);
    ctx.play(move).then((played) => {
      if (!played) stopSolving();
      else if (solving) solveTimer = setTimeout(step, SOLVE_STEP_MS);
    });
  }

  function stopSolving() {
    if (!solving) return;
    solving = false;
    solveFrom = null;
    clearTimeout(solveTimer);
    if (core.tip && WAITING.has(core.tip.text)) core.tip = null;
    core.show();
  }

  return {
    hint,
    toggleSolve,
    stopSolving,
    get solving() { return solving; },
  };
}
