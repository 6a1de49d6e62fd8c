// What the solver has found about each position of the line being played: the pure cache
// behind the indicator, the hint, auto-solve and the point of no return. No DOM, no engine:
// Node's test runner imports it as it is (tests/js/knowledge.test.mjs).
//
// A position is named by a *token*: the line key (the game, its options and the deal, or the
// position a game was set up from) and the moves played from there. The engine gives both
// with every snapshot (its "line": {key, moves, redo}); nothing here reads the save. Every
// question to the solver carries the token of the position it asks about, and its answer is
// kept, shown or used only while that token still names a position of the line on the
// table. Move counts alone are not enough: after a new deal, position 0 of the new line and
// position 0 of the old one both have no moves.

/** What a question resolves to when a newer one (or a cancel) took its place, or when the
 * line left its position behind before it was answered. */
export const DROPPED = Symbol("dropped");

/** Tell whether a snapshot's line is one: a key and the moves played (a warm paint has
 * none). */
export const isLine = (line) => Boolean(line) && typeof line.key === "string"
  && Array.isArray(line.moves);

// The last line read, and its token: the page asks about the present position many times a
// move, and the snapshot's line is the same object until the next snapshot.
let last = { line: undefined, token: null };

/** Return the token of the position at the end of a snapshot's line (null if it has none). */
export function tokenOf(line) {
  if (line === last.line) return last.token;
  const token = isLine(line)
    ? Object.freeze({ key: line.key, moves: Object.freeze(line.moves.slice()) }) : null;
  last = { line, token };
  return token;
}

const texts = new WeakMap();     // token -> its text, worked out once

/** Return a token as one string (what goes to the worker and back, and what is compared). */
export function tokenText(token) {
  if (!token) return "";
  let text = texts.get(token);
  if (text === undefined) {
    text = JSON.stringify([token.key, token.moves]);
    texts.set(token, text);
  }
  return text;
}

/** Tell whether two tokens name the same position. */
export const sameToken = (a, b) => Boolean(a && b) && tokenText(a) === tokenText(b);

const proven = (e) => e && e.verdict !== "unknown";

/** The cache of one line at a time; sync() it with every snapshot's line. */
export function createKnowledge() {
  let key = null;        // the line key being played
  let line = [];         // the moves played in it, as text
  let redo = [];         // the moves undone, next first (they may come back)
  let entries = [];      // entries[k]: what is known of the position after k moves
  const bySolver = new Map();   // move index -> the move auto-solve played there

  /** Take in a snapshot's line ({key, moves, redo}): keep what is known of the positions
   * still on it. Return {fresh: a new line key, changed: the moves are not the same, same:
   * how many of the first moves are}. */
  function sync(given) {
    const k = given.key;
    const fresh = k !== key;
    if (fresh) {
      key = k;
      line = [];
      entries = [];
      bySolver.clear();
    }
    const moves = given.moves;
    let same = 0;
    while (same < line.length && same < moves.length && line[same] === moves[same]) same++;
    const changed = fresh || same !== line.length || same !== moves.length;
    if (entries.length > same + 1) entries.length = same + 1;
    line = moves.slice();
    redo = Array.isArray(given.redo) ? given.redo.slice() : [];
    // A move auto-solve played stays its move while it is on the line or can be redone.
    for (const [i, text] of bySolver) {
      const now = i < line.length ? line[i] : redo[i - line.length];
      if (now !== text) bySolver.delete(i);
    }
    return { fresh, changed, same };
  }

  /** Return the token of the position after the first k moves (default: all of them). */
  function token(k = line.length) {
    return key === null ? null : Object.freeze({ key, moves: Object.freeze(line.slice(0, k)) });
  }

  /** Tell whether position ``at`` of a token's line (default: its end) is a position of the
   * line being played: the same key, and the same first ``at`` moves. */
  function holds(t, at = t?.moves.length) {
    if (!t || t.key !== key || at > t.moves.length || at > line.length) return false;
    for (let i = 0; i < at; i++) if (t.moves[i] !== line[i]) return false;
    return true;
  }

  /** Tell whether a token names the present position (the end of the line). */
  const present = (t) => holds(t) && t.moves.length === line.length;

  /** Return what is known of the position after k moves, deriving it from an earlier
   * position where possible: a lost position's successors are lost, and a position reached
   * by following a found win is won by the rest of it. */
  function known(k) {
    if (k > line.length) return null;
    if (entries[k]) return entries[k];
    for (let j = k - 1; j >= 0; j--) {
      const e = entries[j];
      if (!e) continue;
      if (e.verdict === "unwinnable") {
        entries[k] = { verdict: "unwinnable", moves: null, usedHidden: e.usedHidden, budget: e.budget };
        return entries[k];
      }
      if (e.verdict === "solved" && e.moves) {
        const played = line.slice(j, k);
        if (played.length <= e.moves.length && played.every((m, i) => m === e.moves[i])) {
          entries[k] = { verdict: "solved", moves: e.moves.slice(k - j), usedHidden: e.usedHidden, budget: e.budget };
          return entries[k];
        }
      }
      return null;
    }
    return null;
  }

  /** Keep what a search found about position ``at`` of a token's line (default: the
   * token's own position), if that position is still on the line; return whether it was
   * kept. A proof (a win or a loss) is never replaced by "unknown", nor a win with its
   * moves by one without. */
  function store(t, answer, budget, at = t?.moves.length) {
    if (!holds(t, at)) return false;
    const old = entries[at];
    if (proven(old) && answer.verdict === "unknown") return false;
    if (old?.verdict === "solved" && old.moves && !answer.moves) return false;
    if (old?.verdict === "unknown" && answer.verdict === "unknown" && (old.budget ?? 0) > (budget ?? 0)) return false;
    if (entries.length <= at) entries.length = at + 1;
    entries[at] = { verdict: answer.verdict, moves: answer.moves ?? null,
      usedHidden: Boolean(answer.usedHidden), budget };
    return true;
  }

  /** Note what is certain without a search (a stuck position is lost; a listed deal won),
   * unless something is known already. */
  function assume(k, entry) {
    if (known(k)) return;
    if (entries.length <= k) entries.length = k + 1;
    entries[k] = entry;
  }

  /** The positions up to k known lost and known won (for the point of no return's walk). */
  function proofsUpTo(k) {
    const lost = [];
    const won = [];
    for (let j = 0; j <= k && j <= line.length; j++) {
      if (entries[j]?.verdict === "unwinnable") lost.push(j);
      if (entries[j]?.verdict === "solved") won.push(j);
    }
    return { lost, won };
  }

  return {
    sync,
    token,
    holds,
    present,
    known,
    store,
    assume,
    proofsUpTo,
    /** Note that auto-solve played ``text`` as move ``k`` of the line. */
    playedBySolver(k, text) { bySolver.set(k, text); },
    /** Tell whether a move auto-solve played is among the moves played. */
    get solvedBySolver() { return [...bySolver.keys()].some((i) => i < line.length); },
    get key() { return key; },
    get line() { return line.slice(); },
    get length() { return line.length; },
  };
}
