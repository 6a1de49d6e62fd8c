// Overlapping rows (TriPeaks' peaks, a pyramid): their slots from the engine's layout, the
// card heights they take, and how close their cards may stand. Pure arithmetic on the
// layout's numbers (no DOM, no game id); geometry.js places them.

import { cornerIndex } from "./corner.js";

// Cards of an overlapping row (peaks, a pyramid) may stand closer than a card apart when the
// width is what limits them: the layout's half-card steps allow half a card, but the rows
// look crowded below six tenths, and never so close that a card's corner index hides.
const SQUEEZE = 0.6;

/** The rows of a triangle of n piles (1 + 2 + ... + rows = n). */
export function triangleRows(row) {
  return Math.round((Math.sqrt(8 * row.piles.length + 1) - 1) / 2);
}

/** An overlapping row ({kind: "overlap", width, step, slots: [{pile, x, y}]}: x in half card
 * widths, y in rows `step` card heights apart), its slots top row first (the order they are
 * drawn in, each lower card over the ones it covers); a pyramid's "triangle" row of an older
 * save as one; null for any other row. */
export function overlapOf(row) {
  if (row.kind === "overlap") return { ...row, slots: [...row.slots].sort((a, b) => a.y - b.y) };
  if (row.kind !== "triangle") return null;
  const rows = triangleRows(row);
  const slots = row.piles.map((pile, k) => {
    const r = Math.floor((Math.sqrt(8 * k + 1) - 1) / 2);
    return { pile, x: rows - 1 - r + 2 * (k - (r * (r + 1)) / 2), y: r };
  });
  return { kind: "overlap", width: 2 * rows, step: 0.5, slots };
}

/** The card heights an overlapping row takes: one card, and a step for each row below the first. */
export function overlapUnits(o) {
  return 1 + Math.max(0, ...o.slots.map((s) => s.y)) * o.step;
}

/** The least distance between two neighbours of an overlapping row at card width `w`: six
 * tenths of a card, or more where the corner index needs it. */
export function leastPitch(w) {
  return Math.max(SQUEEZE * w, cornerIndex(Math.floor(w)).width + 2);
}

/** The width an overlapping row takes at card width `w`, its neighbours `pitch` apart. */
export function overlapSpan(o, w, pitch) {
  return w + ((o.width - 2) / 2) * pitch;
}

/** The largest card width from `lo` to `hi` for which `need(w)` is at most `room`. */
export function widest(need, room, lo, hi) {
  if (need(hi) <= room) return hi;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (need(mid) <= room) lo = mid;
    else hi = mid;
  }
  return lo;
}

// Squeezed widths found: they depend only on a few numbers of the layout and on the width,
// so a table redrawn move after move (a new layout object each time) searches once.
const found = new Map();

/** Return `search()`'s answer for `key` (the numbers it depends on), searching once. */
export function remembered(key, search) {
  let w = found.get(key);
  if (w === undefined) {
    if (found.size >= 64) found.clear();
    w = search();
    found.set(key, w);
  }
  return w;
}
