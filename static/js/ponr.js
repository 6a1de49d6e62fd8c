// The point of no return: once the position on the table is known lost, find the move that
// lost it (the last position that could still be won) and offer to undo to it. Positions
// already known are used as they are; the worker walks back over the rest (its "rewind"
// job). The answer is tied to the token of the line it walked, like every answer.

import { DROPPED } from "./knowledge.js";
import { isStock } from "./piles.js";

const REWIND_BUDGET = 30_000;

/** Read the piles and the count of a move played earlier ("t2>t5:3", the engine's notation):
 * the bridge's describe() reads a move against the present position, and a move played
 * earlier may no longer be readable there (a Pyramid pair's cards are gone). */
function piles(text) {
  const [src, rest = ""] = String(text).split(">");
  const [dst, n] = rest.split(":");
  return { src, dst, count: Number(n || 1) };
}

/** The move counter's number at position i of the kept line (the engine's "tally": the
 * player's moves folded into its start and the places of the table's own moves), so "Undo to
 * move N" names the number the counter will show. Without a tally, i itself. */
export function counted(tally, i) {
  if (!tally || !Array.isArray(tally.auto)) return i;
  return (Number(tally.folded) || 0) + i - tally.auto.filter((a) => a < i).length;
}

/** core: the shared state and helpers of assist.js. */
export function createPonr(core) {
  const { ctx, kn } = core;
  let ponr = null;      // {winnable: J or null, message, token}: once the present is lost
  let spoken = "";      // what was last read out

  function set(value) {
    ponr = { ...value, token: core.here() };
    core.show();
  }

  /** The point of no return, if it was found for the line on the table. */
  function current() {
    return ponr && kn.holds(ponr.token) ? ponr : null;
  }

  async function find() {
    if (current() || core.busy === "rewind" || core.busy === "find") return;
    ponr = null;
    const n = kn.length;
    let k = n - 1;
    for (; k >= 0; k--) {
      const e = kn.known(k);
      if (e?.verdict === "solved") {
        set({ winnable: k });
        return;
      }
      if (e?.verdict !== "unwinnable") break;
    }
    if (k < 0) {
      set({ winnable: null, message: "This deal could not be won from the start." });
      return;
    }
    const { lost, won } = kn.proofsUpTo(k);
    const s = ctx.snap();
    const token = kn.token();
    const answer = await core.ask({ kind: "rewind", save: s.save, from: k + 1, skip: lost,
      known: won, budget: REWIND_BUDGET }, "rewind", token);
    if (answer !== DROPPED && !answer.error) {
      for (const j of answer.lost) {
        kn.store(token, { verdict: "unwinnable", moves: null, usedHidden: true }, REWIND_BUDGET, j);
      }
      if (answer.winnable !== null && answer.moves) {
        kn.store(token, { verdict: "solved", moves: answer.moves, usedHidden: answer.usedHidden },
          REWIND_BUDGET, answer.winnable);
      }
    }
    // The answer holds for the positions up to k + 1 while they are still on the line,
    // even if the player has played on (a lost game stays lost).
    const here = kn.length;
    if (answer !== DROPPED && kn.holds(token, k + 1) && here > k
        && kn.known(here)?.verdict === "unwinnable") {
      if (answer.error) set({ winnable: null, message: `The losing move could not be found (${answer.error.message}).` });
      else if (answer.winnable !== null) set({ winnable: answer.winnable });
      else if (answer.unknownAt !== undefined) set({ winnable: null, message: "The losing move could not be found within the search limit." });
      else set({ winnable: null, message: "This deal could not be won from the start." });
      return;
    }
    // Dropped, or the line changed underneath: look again from where the player is now.
    core.show();
    if (!current() && core.current === null && kn.known(kn.length)?.verdict === "unwinnable") find();
  }

  function rewind() {
    const p = current();
    if (!p || p.winnable === null) return;
    core.hints.stopSolving();
    const to = p.winnable;
    const shown = counted(ctx.snap()?.tally, to);
    ctx.undoTo(to);
    ctx.announce(`Back to move ${shown}, the last position that could still be won`);
    document.querySelector('#table .pile[tabindex="0"]')?.focus({ preventScroll: true });
  }

  /** Tell whether the worker is walking back along the line on the table. */
  const walking = () => core.current?.why === "rewind" && kn.holds(core.current.token);

  /** What the strip says of a lost game: {text, back} (back: the undo button's label). */
  function words(s) {
    const p = current();
    if (!p) return walking() ? { text: "Looking for the move that lost it…", back: null, found: false } : null;
    if (p.winnable === null) return { text: p.message, back: null, found: true };
    const j = p.winnable;
    const m = piles(kn.line[j]);          // the piles' names only: the cards have moved on
    const what = isStock(s.layout, m.src) ? "turning the stock" : isStock(s.layout, m.dst) ? "turning the waste over"
      : `${s.labels[m.src] ?? m.src} to ${s.labels[m.dst] ?? m.dst}`;
    const at = counted(s.tally, j);
    return { text: `Lost at move ${counted(s.tally, j + 1)} (${what}).`,
      back: at === 0 ? "Undo to the deal" : `Undo to move ${at}`, found: true };
  }

  /** Read the point of no return out once, when it is first shown. */
  function speak(found, back) {
    if (found && found !== spoken) {
      ctx.announce(`Not winnable any more. ${found}${back ? ` ${back} is offered.` : ""}`);
    }
    spoken = found;
  }

  /** The cards the losing move put down, where they still lie on top. */
  function marks(s) {
    const p = current();
    if (!p || p.winnable === null || p.winnable !== s.history - 1 || !s.last) return [];
    const m = piles(s.last);
    const there = s.piles[m.dst]?.length ?? 0;
    return there && !isStock(s.layout, m.src) && !isStock(s.layout, m.dst) && s.piles[m.src]
      ? [{ pile: m.dst, index: Math.max(0, there - m.count), cls: "lost-move" }] : [];
  }

  return {
    find,
    rewind,
    words,
    speak,
    marks,
    walking,
    reset() { ponr = null; },
    get found() { return current(); },
  };
}
