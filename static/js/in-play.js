// Which face-up cards of a pile are in play, as the engine says. A game whose cards leave
// the table one at a time from wherever they are free (TriPeaks, Golf, the Pyramid) sends
// the piles whose top card may be taken now (`snap.free`); there a tableau pile's face-up
// cards other than a free pile's top card are out of play: drawn greyed (render.js) and
// spoken so (pileLabel). The page decides nothing: the list is the engine's.

import { kindOf } from "./piles.js";

/** Return how many cards of pile `id`, from the bottom, are out of play (0 in a game that
 * sends no list of free piles, and for any pile but the tableau's). */
export function outOfPlay(snap, id, cards) {
  if (!Array.isArray(snap.free) || kindOf(snap.layout, id) !== "tableau") return 0;
  return snap.free.includes(id) ? Math.max(0, cards.length - 1) : cards.length;
}

/** Return the words for a pile's cards out of play ("" when none is). */
export function outOfPlayWords(snap, id, cards) {
  const out = outOfPlay(snap, id, cards);
  if (!out) return "";
  return out === cards.length ? "covered: not in play" : "only the top card in play";
}
