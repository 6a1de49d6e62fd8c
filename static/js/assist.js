// The solver on the table: the live indicator, the hint, the point of no return, auto-solve
// and winnable-only deals. Python decides everything: the worker searches
// (py/patience/worker.py), the bridge offers a rule-of-thumb move when no win is known.
//
// This module puts the pieces together and asks the solver about the present position:
//   knowledge.js       what is known of each position of the line (pure, tested in Node)
//   ponr.js            the point of no return
//   hints.js           the hint and auto-solve
//   winnable-deals.js  the shipped list of won deals and the search on the device
//   assist-view.js     the solver's line, the strip and the marks on the table
// Every question carries the token of the position it is about (knowledge.js); an answer
// whose token no longer names a position of the line on the table is dropped.

import { createView } from "./assist-view.js";
import { createHints } from "./hints.js";
import { DROPPED, createKnowledge, isLine, sameToken, tokenOf, tokenText } from "./knowledge.js";
import { createPonr } from "./ponr.js";
import { createSolver } from "./solver.js";
import { createWinnableDeals } from "./winnable-deals.js";

// Node budgets (never times). The worker's Pyodide expands about 3,000 to 20,000 positions
// a second, depending on the game (All in a Row far more; bench/solver.py --pyodide), so the
// indicator answers within a few seconds to a quarter of a minute.
export const BUDGETS = { indicator: 60_000, deep: 200_000, rewind: 30_000, find: 60_000 };

/** ctx: what the app lends this module (see main.js). */
export function createAssist(ctx) {
  const kn = createKnowledge();
  const core = {
    ctx,
    kn,
    busy: null,      // what the solver is doing for us: "indicator", "deep", "rewind", "find"
    current: null,   // the question in flight (a newer one drops it): {why, token}, and for
                     // a search of the position also {budget, entry (its promise)}
    trouble: null,   // {token, message}: the solver could not check that position
    tip: null,       // the hint or suggestion on show: {text, marks, kind, token}
    snap: () => ctx.snap(),
    /** The token of the position on the table (null before the engine has given one). */
    here: () => tokenOf(ctx.snap()?.line),
    on: () => ctx.settings().indicator !== false,
    show: () => view.show(),
    ask,
    search,
    asking,
    join,
    knownReady,
    knownNow,
  };
  // The worker starts once ctx.solverGate is kept, and is handed ctx.solverSetup() (main.js).
  core.solver = createSolver({ onState: () => core.show(), gate: ctx.solverGate ?? null,
    setup: ctx.solverSetup });
  const ponr = createPonr(core);
  const hints = createHints(core);
  const deals = createWinnableDeals(core);
  /** What to say while the solver knows nothing of the deal on the table (null: nothing). */
  core.note = () => (ctx.snap() ? deals.note(ctx.snap().game, ctx.snap().options ?? {}) : null);
  const view = createView(core, { ponr, hints });
  core.ponr = ponr;
  core.hints = hints;
  core.refresh = refresh;

  // The known win of the deal on the table when its list carries one (winnable-deals.js):
  // {key: the line key it is for, value: {key, deal, line} or null, ready: its promise}.
  let knownWin = { key: null, value: null, ready: Promise.resolve(null), settled: true };

  /** Load the known win of the deal on the table, once a line (asked again while none is
   * found: the lists may not have been loaded yet); resolve to it or null. When it comes, a
   * search of the present position asked without it is asked again with it. */
  function knownReady() {
    const s = ctx.snap();
    if (!s || kn.key === null) return Promise.resolve(null);
    if (knownWin.key !== kn.key || (knownWin.settled && !knownWin.value)) {
      const mine = { key: kn.key, value: null, ready: null, settled: false };
      mine.ready = deals.knownLine(s).catch(() => null).then((value) => {
        Object.assign(mine, { value, settled: true });
        if (value && knownWin === mine && kn.key === mine.key) {
          const c = running(core.here());
          if (c && !c.known) search(c.budget, c.why);
          else refresh();
        }
        return value;
      });
      knownWin = mine;
    }
    return knownWin.ready;
  }

  /** The known win of the deal on the table, if it has come (see knownReady). */
  function knownNow() {
    return knownWin.key === kn.key ? knownWin.value : null;
  }

  /** Take in a new snapshot: keep what is known of the positions still on the line. */
  function sync() {
    const line = ctx.snap()?.line;
    if (!isLine(line)) return;
    const { changed } = kn.sync(line);
    if (changed) {
      ponr.reset();
      core.tip = null;
      core.trouble = null;
    }
    // A question about a position no longer on the line is of no use to anyone now, nor a
    // search of a position the player has left: the worker stops it (after its slice) and
    // takes the new position's question. The point of no return's walk runs on while the
    // positions it walks are on the line: a lost game stays lost as the player plays on.
    const c = core.current;
    if (c && (!kn.holds(c.token) || (c.entry && !kn.present(c.token)))) core.solver.cancel();
    view.withoutDrawing(refresh);
  }

  /** Ask the worker a job about the position ``token`` names; resolve to its answer, or
   * DROPPED when a newer question (or a cancel) took its place. */
  async function ask(job, why, token) {
    const mine = { why, token };
    core.current = mine;
    core.busy = why;
    core.show();
    const answer = await core.solver.ask(job, tokenText(token));
    if (core.current === mine) {
      core.current = null;
      core.busy = null;
      core.show();
    }
    return answer ?? DROPPED;
  }

  /** Tell whether the solver is already asked one of these about the present position. */
  function asking(...whys) {
    return core.current !== null && whys.includes(core.current.why)
      && sameToken(core.current.token, core.here());
  }

  /** The search of the position ``token`` names, if one is in flight: {why, token, budget,
   * entry}, its entry the promise search() returned. Hint and Solve join it (hints.js). */
  function running(token) {
    const c = core.current;
    return c?.entry && sameToken(c.token, token) ? c : null;
  }

  /** Join the search in flight for ``token``'s position, if any, as Hint's or Solve's own
   * ("deep" from now on, so turning the indicator off no longer stops it); return it. */
  function join(token) {
    const c = running(token);
    if (c) {
      c.why = "deep";
      core.busy = "deep";
    }
    return c;
  }

  /** Search the present position under a budget; resolve to its entry, DROPPED (also when
   * the line has left that position behind), or an {error} the solver gave. The search is
   * core.current (with its budget and entry) while it runs. */
  function search(budget, why) {
    const s = ctx.snap();
    const token = tokenOf(s.line);
    const known = knownNow();
    const job = { kind: "solve", save: s.save, budget, ...(known ? { known } : {}) };
    const asked = ask(job, why, token);
    const mine = core.current;
    const entry = asked.then((answer) => entryOf(answer, token, budget));
    Object.assign(mine, { budget, entry, known: Boolean(known) });
    return entry;
  }

  /** Keep a search's answer about ``token``'s position; return its entry (see search). */
  function entryOf(answer, token, budget) {
    if (answer === DROPPED || !kn.holds(token)) {
      core.show();
      return DROPPED;
    }
    if (answer.error) {
      core.trouble = { token, message: answer.error.message };
      core.show();
      return answer;
    }
    kn.store(token, answer, budget);
    const e = kn.known(token.moves.length);
    if (e?.verdict === "unwinnable" && kn.present(token)) ponr.find();
    core.show();
    return e;
  }

  /** Decide what the indicator needs after a change, and ask the solver if it must. */
  function refresh() {
    if (!ctx.ready()) return;
    const s = ctx.snap();
    const here = core.here();
    if (!here || !kn.present(here)) return;        // not synced with this snapshot yet
    const k = here.moves.length;
    if (s.status === "won") {
      if (core.busy !== "find") core.solver.cancel();
      hints.stopSolving();
      core.show();
      return;
    }
    if (s.status === "stuck") kn.assume(k, { verdict: "unwinnable", moves: null, usedHidden: false });
    else knownReady();
    const e = kn.known(k);
    if (e || !core.on() || sameToken(core.trouble?.token, here)) {
      if (core.busy === "indicator") core.solver.cancel();
      core.show();
      if (e?.verdict === "unwinnable") ponr.find();
      return;
    }
    // Already being asked (a snapshot taken again, settings closed...), or a deal being
    // looked for from this very position: let that question run.
    if (asking("indicator", "deep", "find")) return;
    search(BUDGETS.indicator, "indicator");
  }

  return {
    sync,
    refresh,
    hint: hints.hint,
    toggleSolve: hints.toggleSolve,
    stopSolving: hints.stopSolving,
    rewind: ponr.rewind,
    winnableDeal: deals.winnableDeal,
    verified: deals.verified,
    loadLists: deals.loadLists,
    grades: deals.grades,
    gradeOf: deals.gradeOf,
    marks: view.marks,
    get solving() { return hints.solving; },
    get finding() { return core.busy === "find"; },
    /** True once Solve has played a move of the line on the table (one still played or
     * waiting to be redone); false after a new deal or a load. */
    get solvedBySolver() { return kn.solvedBySolver; },
  };
}
