// The solver on the table: the live indicator, the hint, the point of no return, auto-solve
// and winnable-only deals. Python decides everything: the worker searches
// (py/patience/worker.py), the bridge offers a rule-of-thumb move when no win is known. This
// module remembers what was found about each position of the line being played, and shows it.

import { createSolver } from "./solver.js";

// Node budgets (never times). The worker's Pyodide expands roughly 20,000 to 100,000
// positions a second, depending on the game: the indicator answers within a few seconds.
export const BUDGETS = { indicator: 60_000, deep: 400_000, rewind: 30_000, find: 60_000 };
const FIND_TRIES = 40;
const SOLVE_STEP_MS = 320;

const $ = (id) => document.getElementById(id);

/** ctx: what the app lends this module (see main.js). */
export function createAssist(ctx) {
  const solver = createSolver({ onState: () => show() });
  let lineKey = null;   // the game, options and deal (or start position) being played
  let line = [];        // the moves played in it, as text
  let entries = [];     // entries[k]: what is known of the position after k moves
  let busy = null;      // what the solver is doing for us: "indicator", "deep", "rewind", "find"
  let current = null;   // the question in flight (a newer one drops it)
  let ponr = null;      // the point of no return, once the present position is lost
  let tip = null;       // the hint or suggestion on show: {text, label, marks}
  let solving = false;
  let solveTimer = null;
  let lists = {};       // winnable deals by key (static/data/winnable.json)

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
    }
    let same = 0;
    while (same < line.length && same < save.moves.length && line[same] === save.moves[same]) same++;
    const changed = same !== line.length || same !== save.moves.length;
    if (entries.length > same + 1) entries.length = same + 1;
    line = save.moves;
    if (changed) {
      ponr = null;
      tip = null;
    }
    refresh();
  }

  function store(k, moves, answer, budget) {
    if (JSON.stringify(line.slice(0, k)) !== JSON.stringify(moves.slice(0, k))) return;
    entries[k] = { verdict: answer.verdict, moves: answer.moves, usedHidden: answer.usedHidden, budget };
  }

  /** Ask the worker a job; resolve to its answer, or null when a newer question dropped it. */
  async function ask(job, why) {
    const mine = { why };
    current = mine;
    busy = why;
    show();
    const answer = await solver.ask(job);
    if (current === mine) {
      current = null;
      busy = null;
      show();
    }
    return answer;
  }

  /** Search the present position under a budget; resolve to its entry (null if dropped). */
  async function search(budget, why) {
    const s = snap();
    const k = s.moveCount;
    const moves = line.slice();
    const answer = await ask({ kind: "solve", save: s.save, budget }, why);
    if (answer === null) return null;          // dropped for a newer question
    if (answer.error) {
      show();
      return null;
    }
    store(k, moves, answer, budget);
    return known(k);
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
    if (e || !on()) {
      if (busy === "indicator") solver.cancel();
      show();
      if (e?.verdict === "unwinnable") findPointOfNoReturn();
      return;
    }
    search(BUDGETS.indicator, "indicator").then((found) => {
      if (found && snap().moveCount === k) {
        show();
        if (found.verdict === "unwinnable") findPointOfNoReturn();
      }
    });
  }

  // The point of no return -------------------------------------------------------------------

  async function findPointOfNoReturn() {
    if (ponr || busy === "rewind") return;
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
      ponr = { winnable: null, fromStart: true };
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
    if (answer === null) return;
    if (answer.error || snap().moveCount !== n) {
      show();
      return;
    }
    for (const j of answer.lost) store(j, moves, { verdict: "unwinnable", moves: null, usedHidden: true }, BUDGETS.rewind);
    if (answer.winnable !== null) {
      if (answer.moves) store(answer.winnable, moves, { verdict: "solved", moves: answer.moves, usedHidden: answer.usedHidden }, BUDGETS.rewind);
      ponr = { winnable: answer.winnable };
    } else {
      ponr = { winnable: null, fromStart: answer.unknownAt === undefined };
    }
    show();
  }

  function rewind() {
    if (!ponr || ponr.winnable === null) return;
    stopSolving();
    const to = ponr.winnable;
    ctx.undoTo(to);
    ctx.announce(`Back to move ${to}, the last position that could still be won`);
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
    const s = snap();
    const [src, rest] = text.split(">");
    const [dst, n] = rest.split(":");
    if (src === "stock") return "turn the stock";
    if (dst === "stock") return "turn the waste over";
    const pile = s.piles[src] ?? [];
    const count = Number(n || 1);
    const card = pile[pile.length - count];
    const name = card ? ctx.names()[card] : "the card";
    if (s.game === "pyramid" && !dst.startsWith("f")) {
      const other = (s.piles[dst] ?? []).at(-1);
      return `remove the ${name} with the ${ctx.names()[other] ?? "card"}`;
    }
    return `move the ${name}${count > 1 ? ` and ${count - 1} more` : ""} from ${s.labels[src]} to ${s.labels[dst] ?? dst}`;
  }

  function marksFor(text) {
    const s = snap();
    const [src, rest] = text.split(">");
    const [dst, n] = rest.split(":");
    const count = Number(n || 1);
    const marks = [];
    const pile = s.piles[src] ?? [];
    if (pile.length) marks.push({ pile: src, index: Math.max(0, pile.length - count), cls: "hint" });
    else marks.push({ pile: src, index: null, cls: "hint-target" });
    if (s.piles[dst]?.length && s.game === "pyramid") marks.push({ pile: dst, index: s.piles[dst].length - 1, cls: "hint" });
    else marks.push({ pile: dst, index: null, cls: "hint-target" });
    return marks;
  }

  async function hint() {
    if (!ctx.ready() || snap().status !== "playing") return;
    stopSolving();
    tip = { text: "Looking for a win…", marks: [] };
    show();
    const k = snap().moveCount;
    const e = await deepEntry();
    if (snap().moveCount !== k) return;
    if (e?.verdict === "solved" && e.moves?.length) {
      const move = e.moves[0];
      tip = { text: `Hint: ${describe(move)}. This keeps the game winnable.`, marks: marksFor(move), kind: "win" };
    } else {
      const why = e?.verdict === "unwinnable" ? "This game can no longer be won"
        : solver.state === "failed" ? `The solver is not available (${solver.failure})`
          : "No win was found within the search limit";
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
    if (!ctx.ready() || snap().status !== "playing") return;
    solving = true;
    tip = { text: "Looking for a win to play…", marks: [] };
    show();
    const k = snap().moveCount;
    const e = await deepEntry();
    if (!solving || snap().moveCount !== k) return;
    if (!(e?.verdict === "solved" && e.moves)) {
      solving = false;
      tip = { text: e?.verdict === "unwinnable" ? "This game can no longer be won, so there is nothing to play."
        : solver.state === "failed" ? `The solver is not available (${solver.failure}).`
          : "No win was found within the search limit, so there is nothing to play.", marks: [], kind: "guess" };
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
    show();
  }

  // Winnable deals --------------------------------------------------------------------------

  async function loadLists() {
    try {
      const response = await fetch(new URL("../data/winnable.json", import.meta.url));
      const data = await response.json();
      if (data?.version !== 1 || typeof data.sets !== "object" || data.sets === null) return;
      for (const [key, set] of Object.entries(data.sets)) {
        const deals = Array.isArray(set?.deals) ? set.deals : Array.isArray(set) ? set : [];
        const ok = deals.filter((d) => Number.isInteger(d) && d >= 1 && d <= 2147483647);
        if (ok.length) lists[key] = { deals: ok, budget: Number(set?.budget) || 0 };
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
    if (list) {
      const choices = list.deals.filter((d) => d !== avoid);
      const deal = choices[random(choices.length)];
      return { deal, budget: list.budget };
    }
    let cancelled = false;
    ctx.notice("Finding a winnable deal", `The solver is trying deals until it wins one (at most ${FIND_TRIES}).`,
      [["Cancel", () => { cancelled = true; solver.cancel(); }]]);
    const answer = await ask({ kind: "find", game: gameId, options, from: random(2_000_000_000) + 1,
      tries: FIND_TRIES, budget: BUDGETS.find }, "find");
    ctx.hideNotice();
    if (cancelled || answer === null) return null;
    if (answer.error || answer.deal === null) {
      ctx.notice("No winnable deal found", answer.error ? answer.error.message
        : `The solver won none of the ${answer.tried} deals it tried within its search limit.`,
      [["Deal any game", () => ctx.dealAny(gameId, options), true], ["Keep playing", () => {}]]);
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
    if (solver.state === "failed") return ["failed", "Solver unavailable"];
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
        const [src, rest] = line[j].split(">");
        const dst = rest.split(":")[0];
        const what = src === "stock" ? "turning the stock" : dst === "stock" ? "turning the waste over"
          : `${s.labels[src] ?? src} to ${s.labels[dst] ?? dst}`;
        lost = `Lost at move ${j + 1} (${what}).`;
        back.hidden = false;
        back.textContent = j === 0 ? "Undo to the deal" : `Undo to move ${j}`;
      } else if (ponr.fromStart) {
        lost = "This deal could not be won from the start.";
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
    $("btn-solve").setAttribute("aria-pressed", String(solving));
    bar.hidden = verdict.hidden && !lost && !tip;
  }

  /** The cards to mark on the table: the hint's, and the move that lost the game. */
  function marks() {
    const out = tip?.marks ? [...tip.marks] : [];
    const s = snap();
    if (ponr && ponr.winnable !== null && ponr.winnable === s.moveCount - 1 && s.last) {
      const [, rest] = s.last.split(">");
      const [dst, n] = rest.split(":");
      const pile = s.piles[dst] ?? [];
      if (pile.length && !dst.startsWith("f") && s.game !== "pyramid") {
        out.push({ pile: dst, index: Math.max(0, pile.length - Number(n || 1)), cls: "lost-move" });
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
    start: () => solver.start(),
    get solving() { return solving; },
  };
}
