// Before Python has started: the first visit's opening (written into index.html by the
// build from the engine, tools/opening.py) and a tap made on a painted board, kept to be
// played once the engine is ready. No DOM and no engine: Node tests it (tests/js/early.test.mjs).

import { checkSnapshot } from "./store.js";

export const OPENING_FORMAT = 1;
const MAX_NAMES = 1_000;

/** Read the opening's text: {game, deal, snapshot, cards}, or null when there is none or it
 * is not of the shape the build writes (the snapshot is checked as a saved one is). */
export function parseOpening(text) {
  if (typeof text !== "string" || !text.trim() || text.length > 100_000) return null;
  let o;
  try {
    o = JSON.parse(text);
  } catch {
    return null;
  }
  if (!o || typeof o !== "object" || o.v !== OPENING_FORMAT || typeof o.game !== "string"
      || o.game.length > 40 || !Number.isSafeInteger(o.deal) || o.deal < 0
      || !checkSnapshot(o.snapshot) || o.snapshot.game !== o.game) return null;
  const cards = o.cards;
  if (!cards || typeof cards !== "object" || Array.isArray(cards)) return null;
  const names = Object.entries(cards);
  if (names.length > MAX_NAMES || !names.every(([, v]) => typeof v === "string" && v.length <= 60)) {
    return null;
  }
  return { game: o.game, deal: o.deal, snapshot: o.snapshot, cards };
}

/** The board's identity for a tap made on it: the cards in their piles (what was drawn),
 * whatever the order of the piles' names. */
export function boardOf(snap) {
  const piles = snap?.piles;
  if (!piles || typeof piles !== "object") return "null";
  return JSON.stringify(Object.keys(piles).sort().map((name) => [name, piles[name]]));
}

/**
 * One tap made before the engine was ready, played once it is: hold(tap, board) keeps the
 * newest (a later tap replaces an earlier one), take(board) gives it back once, as
 * {tap} if the board on the table is still the one it was made on, {stale: true} if the
 * table has changed since (the tap is then dropped: it was made on other cards), or {} when
 * there is none.
 */
export function createEarlyTap() {
  let held = null;
  return {
    hold(tap, board) { held = { tap, board }; },
    get waiting() { return held !== null; },
    take(board) {
      const h = held;
      held = null;
      if (!h) return {};
      return h.board === board ? { tap: h.tap } : { stale: true };
    },
  };
}
