// Where each card of a pile goes, by the pile's fan: down a column (face-down and face-up
// offsets from fans.js, so every face-up corner index shows while the room allows), three
// cards spread right or down (a draw-three waste), or stacked.

import { fanOffsets } from "./fans.js";

/** A pile's box and its cards' spots, at (x, y), in `room` px of height for a column (its
 * face-up cards at most `most` px apart, when the table gives it more than usual). */
export function place(snap, id, x, y, fan, cardW, cardH, index, room, most) {
  const cards = snap.piles[id] ?? [];
  const spots = [];
  if (fan === "down") {
    let down = 0;
    let up = 0;
    cards.forEach((c, i) => { if (i < cards.length - 1) (c === null ? down++ : up++); });
    const off = fanOffsets(down, up, room, cardH, index.strip, most);
    let dy = 0;
    for (const c of cards) {
      spots.push({ x, y: y + dy });
      dy += c === null ? off.down : off.up;
    }
    const h = cards.length ? spots[spots.length - 1].y - y + cardH : cardH;
    return { x, y, w: cardW, h, spots, fan, cramped: up > 0 && off.up < index.strip };
  }
  if (fan === "right" || fan === "down3") {
    // The top three cards spread (a draw-three waste), each showing its corner index.
    const first = Math.max(0, cards.length - 3);
    const step = fan === "right" ? Math.min(Math.max(index.width, 0.24 * cardW), cardW / 2 + 2)
      : index.strip + 2;
    cards.forEach((_, i) => {
      const k = Math.max(0, i - first);
      spots.push(fan === "right" ? { x: x + k * step, y } : { x, y: y + k * step });
    });
    const last = spots[spots.length - 1];
    const w = last ? last.x - x + cardW : cardW;
    const h = last ? last.y - y + cardH : cardH;
    return { x, y, w, h, spots, fan };
  }
  for (let i = 0; i < cards.length; i++) spots.push({ x, y });
  return { x, y, w: cardW, h: cardH, spots, fan };
}
