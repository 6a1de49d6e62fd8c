// The card size's parts the table's layouts share (geometry.js's rows, side.js's sides):
// the card's proportions and limits, the planned pile, and an overlapping row's places.

import { cornerIndex } from "./corner.js";
import { leastPitch, overlapSpan } from "./overlap.js";
import { place } from "./spots.js";

export const RATIO = 1.4;                     // card height / card width
export const MAX_W = 150;                     // px: the largest card, on big screens
export const MIN_W = 22;                      // px: the smallest card
export const DESIGN_FAN = 0.22;               // the face-up offset the card size is planned with

/** Place the piles of an overlapping row centred in `room` px from `left`: neighbours a card
 * and a gap apart, or closer (to the least pitch) when that is more than the room holds. */
export function placeOverlap(snap, piles, o, left, room, y, size) {
  const { cardW, cardH, gap, index } = size;
  const steps = (o.width - 2) / 2;
  const pitch = steps > 0 ? Math.max(Math.min(cardW + gap, (room - cardW) / steps), leastPitch(cardW)) : cardW + gap;
  const x0 = left + (room - overlapSpan(o, cardW, pitch)) / 2;
  for (const s of o.slots) {
    const g = place(snap, s.pile, x0 + (s.x / 2) * pitch, y + s.y * o.step * cardH, "none", cardW, cardH, index, 0);
    piles[s.pile] = { ...g, overlap: true };     // its place once empty is not drawn
  }
}

export function isFanned(row) {
  return row.kind === "row" && row.slots.some((s) => s && s.fan === "down");
}

/** The cards a fanned pile is planned for: one and a half times the game's average pile, or
 * what the layout says: the most a pile will hold (`deepest`: a game whose piles never grow)
 * or the cards to plan for (`plan`: a game of two decks over few piles). */
export function designCards(snap) {
  const said = snap.layout.deepest ?? snap.layout.plan;
  if (Number.isInteger(said) && said > 0) return Math.min(20, said);
  const fanned = snap.layout.rows.filter(isFanned).flatMap((r) => r.slots.filter(Boolean));
  if (!fanned.length) return 1;
  let total = 0;
  for (const cards of Object.values(snap.piles)) total += cards.length;
  return Math.max(4, Math.min(20, Math.round((1.5 * total) / fanned.length)));
}

export function sized(cardW) {
  const w = Math.floor(Math.max(MIN_W, Math.min(MAX_W, cardW)));
  return { cardW: w, cardH: Math.round(w * RATIO), index: cornerIndex(w) };
}
