// The solver on the table: the live indicator, the hint, the point of no return, auto-solve
// and winnable-only deals. Python decides everything: the worker searches
// (py/patience/worker.py), the bridge offers a rule-of-thumb move when no win is known. This
// module remembers what was found about each position of the line being played, and shows it.

import { readMove } from "./moves.js";
import { createSolver } from "./solver.js";

// Node budgets (never times). The worker's Pyodide expands about 3,000 to 20,000 positions
// a second, depending on the game (All in a Row far more; bench/solver.py --pyodide), so the
// indicator answers within a few seconds to a quarter of a minute.
const BUDGETS = { indicator: 60_000, deep: 200_000, rewind: 30_000, find: 60_000 };
const FIND_TRIES = 20;
const MIN_LIST = 20;        // fewer listed deals than this: look for a new one on the device
const SOLVE_STEP_MS = 320;
const DROPPED = Symbol("dropped");

const $ = (id) => document.getElementById(id);

/** ctx: what the app lends this module (see main.js). */
export function createAssist(ctx) {
  const solver = createSolver({ onState: () => show() });
  let lineKey = null;   // the game, options and deal (or start position) being played
  let line = [];        // the moves played in it, as text
  let entries = [];     // entries[k]: what is known of the position after k moves
  let busy = null;      // what the solver is doing for us: "indicator", "deep", "rewind", "find"
  let current = null;   // the question in flight (a newer one drops it): {why, k, moves}
  let trouble = null;   // {k, message}: the solver could not check position k
  let ponr = null;      // the point of no return, once the present position is lost
  let tip = null;       // the hint or suggestion on show: {text, label, marks}
  let solving = false;
  let solveTimer = null;
  let lists = {};       // winnable deals by key (static/data/winnable.json)
  let spoken = "";      // the point of no return last read out

  const snap = () => ctx.snap();
  const on = () => ctx.settings().indicator !== false;
  const hasHidden = (s) => Object.values(s.piles).some((p) => p.includes(null));

  // What is known --------------------------------------------------------------------------

  /** Return what is known of the position after k moves of the line, deriving it from an
   * earlier position where possible: a lost position's successors are lost, and a position
   * reached by following a found win is won by the rest of it. */
  function known(k) {
    if (entries[k]) return entries[k];
    for (let j = k - 1; j >= 0; j--) {
      const e = entries[j];
      if (!e) continue;
      if (e.verdict === "unwinnable") {
        entries[k] = { verdict: "unwinnable", moves: null, usedHidden: e.usedHidden };
        return entries[k];
      }
      if (e.verdict === "solved" && e.moves) {
        const played = line.slice(j, k);
        if (played.length <= e.moves.length && played.every((m, i) => m === e.moves[i])) {
          entries[k] = { verdict: "solved", moves: e.moves.slice(k - j), usedHidden: e.usedHidden };
          return entries[k];
        }
      }
      return null;
    }
    return null;
  }

  /** Take in a new snapshot: keep what is known of the positions still on the line. */
  function sync() {
    const s = snap();
    let save;
    try {
      save = JSON.parse(s.save);
    } catch {
      return;
    }
    const key = JSON.stringify([save.game, save.options, save.deal ?? save.position]);
    if (key !== lineKey) {
      lineKey = key;
      line = [];
      entries = [];
      ponr = null;
      tip = null;
      trouble = null;
    }
    let same = 0;
    while (same < line.length && same < save.moves.length && line[same] === save.moves[same]) same++;
    const changed = same !== line.length || same !== save.moves.length;
    if (entries.length > same + 1) entries.length = same + 1;
    line = save.moves;
    if (changed) {
      ponr = null;
      tip = null;
      trouble = null;
    }
    refresh();
  }

  /** Tell whether the first k moves of the line are still those of ``moves``. */
  const onLine = (k, moves) => k <= line.length && k <= moves.length
    && line.slice(0, k).every((m, i) => m === moves[i]);

  /** Keep what a search found about position k of a line (if it is still ours). A proof
   * (a win or a loss) is never replaced by "unknown". */
  function store(k, moves, answer, budget) {
    if (!onLine(k, moves)) return;
    const old = entries[k];
    if (old && old.verdict !== "unknown" && answer.verdict === "unknown") return;
    if (old?.verdict === "solved" && old.moves && !answer.moves) return;
    entries[k] = { verdict: answer.verdict, moves: answer.moves, usedHidden: answer.usedHidden, budget };
  }

  /** Ask the worker a job; resolve to its answer, or DROPPED when a newer question (or a
   * cancel) took its place. */
  async function ask(job, why) {
    const mine = { why, k: snap().moveCount, moves: line.slice() };
    current = mine;
    busy = why;
    show();
    const answer = await solver.ask(job);
    if (current === mine) {
      current = null;
      busy = null;
      show();
    }
    return answer ?? DROPPED;
  }

  /** Tell whether the solver is already asked this about the present position. */
  function asking(...whys) {
    return current !== null && whys.includes(current.why) && current.k === snap().moveCount
      && onLine(current.k, current.moves) && current.moves.length === line.length;
  }

  /** Search the present position under a budget; resolve to its entry, DROPPED, or an
   * {error} the solver gave. */
  async function search(budget, why) {
    const s = snap();
    const k = s.moveCount;
    const moves = line.slice();
    const answer = await ask({ kind: "solve", save: s.save, budget }, why);
    if (answer === DROPPED) return DROPPED;
    if (answer.error) {
      if (onLine(k, moves)) trouble = { k, message: answer.error.message };
      show();
      return answer;
    }
    store(k, moves, answer, budget);
    const e = onLine(k, moves) ? known(k) : null;
    if (e?.verdict === "unwinnable" && snap().moveCount === k) findPointOfNoReturn();
    show();
    return e;
  }

  /** Decide what the indicator needs after a change, and ask the solver if it must. */
  function refresh() {
    if (!ctx.ready()) return;
    const s = snap();
    const k = s.moveCount;
    if (s.status === "won") {
      solver.cancel();
      stopSolving();
      show();
      return;
    }
    if (s.status === "stuck" && !entries[k]) {
      entries[k] = { verdict: "unwinnable", moves: null, usedHidden: false };
    }
    const e = known(k);
    if (e || !on() || trouble?.k === k) {
      if (busy === "indicator") solver.cancel();
      show();
      if (e?.verdict === "unwinnable") findPointOfNoReturn();
      return;
    }
    // Already being asked (a snapshot taken again, settings closed...), or a deal being
    // looked for: let that question run.
    if (busy === "find" || asking("indicator", "deep")) return;
    search(BUDGETS.indicator, "indicator");
  }

  // The point of no return -------------------------------------------------------------------

  async function findPointOfNoReturn() {
    if (ponr || busy === "rewind" || busy === "find") return;
    const s = snap();
    const n = s.moveCount;
    let k = n - 1;
    for (; k >= 0; k--) {
      const e = known(k);
      if (e?.verdict === "solved") {
        ponr = { winnable: k };
        show();
        return;
      }
      if (e?.verdict !== "unwinnable") break;
    }
    if (k < 0) {
      ponr = { winnable: null, message: "This deal could not be won from the start." };
      show();
      return;
    }
    const skip = [];
    const knownWon = [];
    for (let j = 0; j <= k; j++) {
      if (entries[j]?.verdict === "unwinnable") skip.push(j);
      if (entries[j]?.verdict === "solved") knownWon.push(j);
    }
    const moves = line.slice();
    const answer = await ask({ kind: "rewind", save: s.save, from: k + 1, skip,
      known: knownWon, budget: BUDGETS.rewind }, "rewind");
    if (answer !== DROPPED && !answer.error) {
      for (const j of answer.lost) store(j, moves, { verdict: "unwinnable", moves: null, usedHidden: true }, BUDGETS.rewind);
      if (answer.winnable !== null && answer.moves) {
        store(answer.winnable, moves, { verdict: "solved", moves: answer.moves, usedHidden: answer.usedHidden }, BUDGETS.rewind);
      }
    }
    // The answer holds for the positions up to k + 1 while they are still on the line,
    // even if the player has played on (a lost game stays lost).
    const here = snap().moveCount;
    if (answer !== DROPPED && onLine(k + 1, moves) && here > k && known(here)?.verdict === "unwinnable") {
      if (answer.error) ponr = { winnable: null, message: `The losing move could not be found (${answer.error.message}).` };
      else if (answer.winnable !== null) ponr = { winnable: answer.winnable };
      else if (answer.unknownAt !== undefined) ponr = { winnable: null, message: "The losing move could not be found within the search limit." };
      else ponr = { winnable: null, message: "This deal could not be won from the start." };
      show();
      return;
    }
    // Dropped, or the line changed underneath: look again from where the player is now.
    show();
    if (!ponr && current === null && known(snap().moveCount)?.verdict === "unwinnable") {
      findPointOfNoReturn();
    }
  }

  function rewind() {
    if (!ponr || ponr.winnable === null) return;
    stopSolving();
    const to = ponr.winnable;
    ctx.undoTo(to);
    ctx.announce(`Back to move ${to}, the last position that could still be won`);
    document.querySelector('#table .pile[tabindex="0"]')?.focus({ preventScroll: true });
  }

  // Hint and auto-solve ---------------------------------------------------------------------

  /** Return the present position's entry, searching harder if no win is known yet. */
  async function deepEntry() {
    const k = snap().moveCount;
    const e = known(k);
    if (e && (e.verdict === "unwinnable" || (e.verdict === "solved" && e.moves))) return e;
    const budget = Math.max(BUDGETS.deep, e?.budget ?? 0);
    if (e && e.verdict === "unknown" && e.budget >= budget) return e;
    return search(budget, "deep");
  }

  function describe(text) {
    const m = readMove(snap(), ctx.names(), text);
    return m.kind === "turn" ? "turn the stock" : m.kind === "recycle" ? "turn the waste over"
      : m.kind === "pair" ? `remove the ${m.card} with the ${m.other}`
        : m.kind === "remove" ? `remove the ${m.card}`
          : `move the ${m.card ?? "card"}${m.count > 1 ? ` and ${m.count - 1} more` : ""} from ${m.from} to ${m.to}`;
  }

  /** Mark a move's cards: the ones that go (both of a Pyramid pair), and where they go. */
  function marksFor(text) {
    const m = readMove(snap(), ctx.names(), text);
    const marks = [m.height ? { pile: m.src, index: Math.max(0, m.height - m.count), cls: "hint" }
      : { pile: m.src, index: null, cls: "hint-target" }];
    const there = snap().piles[m.dst]?.length ?? 0;
    marks.push(m.kind === "pair" && there ? { pile: m.dst, index: there - 1, cls: "hint" }
      : { pile: m.dst, index: null, cls: "hint-target" });
    return marks;
  }

  /** Say why there is no winning move to offer, from what the search gave. */
  function noWin(e) {
    if (solver.state === "failed") return `The solver is not available (${solver.failure})`;
    if (e?.error) return `The solver could not check this position (${e.error.message})`;
    if (e?.verdict === "unwinnable") return "This game can no longer be won";
    if (e?.verdict === "solved") return "This deal is known to be winnable, but the solver did not find the way again within its search limit";
    return "No win was found within the search limit";
  }

  const waiting = new Set(["Looking for a win…", "Looking for a win to play…"]);

  /** A question was dropped (the player moved on, or asked something else): say nothing. */
  function quiet() {
    if (tip && waiting.has(tip.text)) tip = null;
    show();
  }

  async function hint() {
    if (!ctx.ready() || snap().status !== "playing" || busy === "find") return;
    stopSolving();
    tip = { text: "Looking for a win…", marks: [] };
    show();
    const k = snap().moveCount;
    const e = await deepEntry();
    if (e === DROPPED || snap().moveCount !== k) {
      quiet();
      return;
    }
    if (e?.verdict === "solved" && e.moves?.length) {
      const move = e.moves[0];
      tip = { text: `Hint: ${describe(move)}. This keeps the game winnable.`, marks: marksFor(move), kind: "win" };
    } else {
      const why = noWin(e);
      const { move } = ctx.call("suggest");
      tip = move
        ? { text: `${why}. A suggestion by rule of thumb, not a promise: ${describe(move)}.`, marks: marksFor(move), kind: "guess" }
        : { text: `${why}, and there is no move to suggest.`, marks: [], kind: "guess" };
    }
    ctx.announce(tip.text);
    show();
    ctx.draw();
  }

  async function toggleSolve() {
    if (solving) {
      stopSolving();
      ctx.announce("Auto-solve stopped");
      return;
    }
    if (!ctx.ready() || snap().status !== "playing" || busy === "find") return;
    solving = true;
    tip = { text: "Looking for a win to play…", marks: [] };
    show();
    const k = snap().moveCount;
    const e = await deepEntry();
    if (e === DROPPED || !solving || snap().moveCount !== k) {
      stopSolving();
      quiet();
      return;
    }
    if (!(e?.verdict === "solved" && e.moves)) {
      solving = false;
      tip = { text: `${noWin(e)}, so there is nothing to play.`, marks: [], kind: "guess" };
      ctx.announce(tip.text);
      show();
      return;
    }
    tip = null;
    ctx.announce("Auto-solve: playing the win found; press Stop to take over");
    show();
    const step = () => {
      if (!solving) return;
      const s = snap();
      const next = known(s.moveCount);
      if (s.status !== "playing" || !next?.moves?.length) {
        stopSolving();
        return;
      }
      if (!ctx.play(next.moves[0])) {
        stopSolving();
        return;
      }
      solveTimer = setTimeout(step, SOLVE_STEP_MS);
    };
    step();
  }

  function stopSolving() {
    if (!solving) return;
    solving = false;
    clearTimeout(solveTimer);
    if (tip && waiting.has(tip.text)) tip = null;
    show();
  }

  // Winnable deals --------------------------------------------------------------------------

  async function loadLists() {
    try {
      const response = await fetch(new URL("../data/winnable.json", import.meta.url));
      const data = await response.json();
      if (data?.version !== 1 || typeof data.sets !== "object" || data.sets === null) return;
      // {"version": 1, "sets": {key: [deals]}, "budgets": {key: nodes}}: tools/winnable.py
      for (const [key, deals] of Object.entries(data.sets)) {
        if (!Array.isArray(deals)) continue;
        const ok = deals.filter((d) => Number.isInteger(d) && d >= 1 && d <= 2147483647);
        const budget = Number(data.budgets?.[key]);
        const tried = Number(data.tried?.[key]);
        lists[key] = { deals: ok, budget: Number.isInteger(budget) && budget > 0 ? budget : 0,
          tried: Number.isInteger(tried) && tried > 0 ? tried : 0 };
      }
    } catch {
      lists = {};       // no list: winnable deals are then found on this device
    }
  }

  /** Return a deal the solver has won for this game and options: from the shipped list, or
   * searched on the device (the player may cancel: null). */
  async function winnableDeal(gameId, options, avoid, random) {
    const { key } = ctx.call("winnable_key", gameId, JSON.stringify(options));
    const list = lists[key];
    const choices = list ? list.deals.filter((d) => d !== avoid) : [];
    // A short list would deal the same few games again and again: search for a new one.
    if (choices.length >= MIN_LIST) return { deal: choices[random(choices.length)], budget: list.budget };
    let cancelled = false;
    const doubt = list && !list.deals.length && list.tried
      ? ` The project's own run won none of the first ${list.tried} deals of this game with these options, so it may well find none.`
      : "";
    ctx.notice("Finding a winnable deal", `The solver is trying up to ${FIND_TRIES} deals until it wins one; this can take a few minutes.${doubt}`,
      [["Cancel", () => { cancelled = true; solver.cancel(); }]]);
    const pending = ask({ kind: "find", game: gameId, options, from: random(2_000_000_000) + 1,
      tries: FIND_TRIES, budget: BUDGETS.find }, "find");
    ctx.draw();                         // the table waits while the search runs
    const answer = await pending;
    ctx.hideNotice();
    ctx.draw();
    if (cancelled) return null;
    if (answer === DROPPED) {
      ctx.notice("The search was interrupted", "The solver stopped looking for a winnable deal before it found one.",
        [["Try again", () => ctx.dealAny(gameId, options, true), true], ["Keep playing", () => {}]]);
      return null;
    }
    if (answer.error || answer.deal === null) {
      const buttons = [["Deal any game", () => ctx.dealAny(gameId, options), true], ["Keep playing", () => {}]];
      if (choices.length) {
        buttons.unshift([`Play a listed deal (${choices.length} known)`, () => ctx.dealListed(gameId, options,
          choices[random(choices.length)], list.budget), true]);
        buttons[1][2] = false;
      }
      ctx.notice("No winnable deal found", answer.error ? answer.error.message
        : `The solver won none of the ${answer.tried} deals it tried within its search limit.`, buttons);
      return null;
    }
    return { deal: answer.deal, budget: BUDGETS.find };
  }

  /** Note that the deal just dealt is known to be winnable (from a list or a search). */
  function verified(budget) {
    entries[0] = entries[0] ?? { verdict: "solved", moves: null, usedHidden: true, budget };
    refresh();
  }

  // Showing ----------------------------------------------------------------------------------

  function verdictText() {
    const s = snap();
    if (!s || s.status === "won") return ["won", ""];
    const e = known(s.moveCount);
    const peek = e?.usedHidden && hasHidden(s) ? " (the solver looked at face-down cards)" : "";
    if (e?.verdict === "solved") return ["winnable", `Winnable${peek}`];
    if (e?.verdict === "unwinnable") return ["lost", `Not winnable${s.status === "stuck" ? "" : peek}`];
    if (solver.state === "failed") return ["failed", `Solver unavailable: ${solver.failure}`];
    if (trouble?.k === s.moveCount) return ["failed", `The solver could not check this position: ${trouble.message}`];
    if (busy === "indicator" || busy === "deep") {
      return ["thinking", solver.state === "starting" ? "Thinking (starting the solver)…" : "Thinking…"];
    }
    if (e?.verdict === "unknown") return ["unknown", "Unknown: no win found within the search limit"];
    return ["idle", ""];
  }

  function show() {
    const s = snap();
    const bar = $("assist");
    if (!s || !bar) return;
    const [state, text] = verdictText();
    const verdict = $("verdict");
    verdict.dataset.state = state;
    verdict.textContent = on() || tip || ponr ? text : "";
    verdict.hidden = !verdict.textContent;
    let lost = "";
    const back = $("btn-rewind");
    back.hidden = true;
    if (ponr && state === "lost" && s.status !== "won") {
      if (ponr.winnable !== null) {
        const j = ponr.winnable;
        const m = readMove(s, ctx.names(), line[j]);    // the piles' names; the cards have moved on
        const what = m.kind === "turn" ? "turning the stock" : m.kind === "recycle" ? "turning the waste over"
          : `${m.from} to ${m.to}`;
        lost = `Lost at move ${j + 1} (${what}).`;
        back.hidden = false;
        back.textContent = j === 0 ? "Undo to the deal" : `Undo to move ${j}`;
      } else {
        lost = ponr.message;
      }
    } else if (busy === "rewind") {
      lost = "Looking for the move that lost it…";
    }
    $("ponr").textContent = lost;
    $("ponr").hidden = !lost;
    $("tip").textContent = tip?.text ?? "";
    $("tip").dataset.kind = tip?.kind ?? "";
    $("tip").hidden = !tip;
    $("btn-solve").textContent = solving ? "Stop" : "Solve";
    const found = ponr && state === "lost" ? lost : "";
    if (found && found !== spoken) {
      ctx.announce(`Not winnable any more. ${found}${back.hidden ? "" : ` ${back.textContent} is offered.`}`);
    }
    spoken = found;
    bar.hidden = verdict.hidden && !lost && !tip;
  }

  /** The cards to mark on the table: the hint's, and the move that lost the game. */
  function marks() {
    const out = tip?.marks ? [...tip.marks] : [];
    const s = snap();
    if (ponr && ponr.winnable !== null && ponr.winnable === s.moveCount - 1 && s.last) {
      // The cards the losing move put down, where they still lie on top.
      const m = readMove(s, ctx.names(), s.last);
      const there = s.piles[m.dst]?.length ?? 0;
      if (there && m.kind === "move" && !m.dst.startsWith("f")) {
        out.push({ pile: m.dst, index: Math.max(0, there - m.count), cls: "lost-move" });
      }
    }
    return out;
  }

  return {
    sync,
    refresh,
    hint,
    toggleSolve,
    stopSolving,
    rewind,
    winnableDeal,
    verified,
    loadLists,
    marks,
    get solving() { return solving; },
    get finding() { return busy === "find"; },
  };
}
