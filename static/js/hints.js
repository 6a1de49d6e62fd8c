// The hint and auto-solve. Both ask for the present position's win (searching harder than
// the indicator if none is known yet) and, once the answer is in, check that the position on
// the table is still the one asked about: the same token (game, options, deal and every move
// played), not merely the same number of moves.

import { DROPPED, sameToken } from "./knowledge.js";

const DEEP_BUDGET = 200_000;
const SOLVE_STEP_MS = 320;
const WAITING = new Set(["Looking for a win…", "Looking for a win to play…"]);

/** core: the shared state and helpers of assist.js. */
export function createHints(core) {
  const { ctx, kn } = core;
  let solving = false;
  let solveTimer = null;
  let solveFrom = null;     // the token of the position Solve started from

  /** Return the present position's entry, searching harder if no win is known yet. */
  async function deepEntry() {
    const e = kn.known(kn.length);
    if (e && (e.verdict === "unwinnable" || (e.verdict === "solved" && e.moves))) return e;
    const budget = Math.max(DEEP_BUDGET, e?.budget ?? 0);
    if (e && e.verdict === "unknown" && e.budget >= budget) return e;
    return core.search(budget, "deep");
  }

  /** Tell whether a move is among the legal moves of the snapshot on the table. */
  const legal = (text) => (core.snap().moves ?? []).some((m) => m.text === text);

  /** Put a move of the present position into words and marks, in the engine's words
   * (the bridge's describe): the cards that go (both of a Pyramid pair), and where. */
  function explain(text) {
    const d = ctx.call("describe", text);
    if (d.error) return { words: text, marks: [] };
    const marks = (d.cards ?? []).map((c) => ({ pile: c.pile, index: c.index, cls: "hint" }));
    if (d.target && !marks.some((m) => m.pile === d.target.pile)) {
      marks.push({ pile: d.target.pile, index: null, cls: "hint-target" });
    }
    if (!marks.length && d.src) marks.push({ pile: d.src, index: null, cls: "hint-target" });
    return { words: d.hint, marks };
  }

  /** Say why there is no winning move to offer, from what the search gave. */
  function noWin(e) {
    const { solver } = core;
    if (solver.state === "failed") return `The solver is not available (${solver.failure})`;
    if (e?.error) return `The solver could not check this position (${e.error.message})`;
    if (e?.verdict === "unwinnable") return "This game can no longer be won";
    if (e?.verdict === "solved") return "This deal is known to be winnable, but the solver did not find the way again within its search limit";
    return "No win was found within the search limit";
  }

  /** A question was dropped (the player moved on, or asked something else): say nothing. */
  function quiet(token) {
    if (core.tip && WAITING.has(core.tip.text) && sameToken(core.tip.token, token)) core.tip = null;
    core.show();
  }

  /** Show a tip about the present position, and read it out. */
  function tell(tip) {
    core.tip = { ...tip, token: core.here() };
    ctx.announce(tip.text);
    core.show();
  }

  async function hint() {
    if (!ctx.ready() || core.snap().status !== "playing" || core.busy === "find") return;
    stopSolving();
    const token = core.here();
    core.tip = { text: "Looking for a win…", marks: [], token };
    core.show();
    const e = await deepEntry();
    if (e === DROPPED || !sameToken(token, core.here())) {
      quiet(token);
      return;
    }
    if (e?.verdict === "solved" && e.moves?.length && legal(e.moves[0])) {
      const { words, marks } = explain(e.moves[0]);
      tell({ text: `Hint: ${words}. This keeps the game winnable.`, marks, kind: "win" });
    } else {
      const why = noWin(e);
      const { move } = ctx.call("suggest");
      if (move) {
        const { words, marks } = explain(move);
        tell({ text: `${why}. A suggestion by rule of thumb, not a promise: ${words}.`, marks, kind: "guess" });
      } else {
        tell({ text: `${why}, and there is no move to suggest.`, marks: [], kind: "guess" });
      }
    }
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
    core.tip = { text: "Looking for a win to play…", marks: [], token };
    core.show();
    const e = await deepEntry();
    if (e === DROPPED || !solving || !sameToken(token, core.here())) {
      stopSolving();
      quiet(token);
      return;
    }
    if (!(e?.verdict === "solved" && e.moves?.length && legal(e.moves[0]))) {
      solving = false;
      tell({ text: `${noWin(e)}, so there is nothing to play.`, marks: [], kind: "guess" });
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
    if (!ctx.play(move)) {
      stopSolving();
      return;
    }
    solveTimer = setTimeout(step, SOLVE_STEP_MS);
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
