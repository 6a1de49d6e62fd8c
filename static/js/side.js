// The "side" layout: the piles that do not fan down the table's sides, the fanned (or
// overlapping) ones in the middle, for short wide tables and layouts that ask for it
// (geometry.js chooses).

import { designCards, DESIGN_FAN, isFanned, MAX_W, MIN_W, placeOverlap, RATIO, sized } from "./card-size.js";
import { leastPitch, overlapOf, overlapSpan, overlapUnits, remembered, widest } from "./overlap.js";
import { kindOf } from "./piles.js";
import { place } from "./spots.js";

/** The rows of the "side" mode: piles that do not fan go down the sides, the fanned rows
 * become one row in the middle, and so does an overlapping row (the peaks, a pyramid). */
function sidePlan(layout) {
  const left = [];
  const right = [];
  const middle = [];
  let overlapped = null;
  for (const row of layout.rows) {
    if (overlapOf(row)) {
      overlapped = overlapOf(row);
      continue;
    }
    if (isFanned(row)) {
      middle.push(...row.slots.filter(Boolean));
      continue;
    }
    for (const slot of row.slots) {
      if (!slot) continue;
      const fan = slot.fan === "right" ? "down3" : slot.fan === "down" ? "down" : slot.fan;
      (kindOf(layout, slot.pile) === "foundation" ? right : left).push({ ...slot, fan });
    }
  }
  return { left, right, middle, overlapped };
}

export function sideGeometry(snap, width, height, smaller) {
  const { left, right, middle, overlapped } = sidePlan(snap.layout);
  const gap = Math.round(Math.max(4, Math.min(12, width * 0.01)));
  const design = designCards(snap);
  const midCols = overlapped ? overlapped.width / 2 : middle.length;
  const midUnits = overlapped ? overlapUnits(overlapped) : 1 + (design - 1) * DESIGN_FAN;
  // Try one to three columns on each side; keep the arrangement with the largest cards.
  let best = null;
  for (const kl of left.length ? [1, 2, 3] : [0]) {
    for (const kr of right.length ? [1, 2, 3] : [0]) {
      const cols = kl + midCols + kr;
      const gaps = cols + 1 + (kl ? 1 : 0) + (kr ? 1 : 0);
      // An overlapping middle may squeeze (the side columns keep a card and a gap each).
      const byWidth = overlapped && !middle.length
        ? Math.max((width - gap * gaps) / cols, remembered(`side ${kl} ${kr} ${overlapped.width} ${width}`,
          () => widest((x) => sidesWidth(kl, kr, x, gap) + 2 * gap + overlapSpan(overlapped, x, leastPitch(x)), width, MIN_W, MAX_W)))
        : (width - gap * gaps) / cols;
      const sideRows = Math.max(sideUnits(left, kl), sideUnits(right, kr));
      const byHeight = Math.min((height - 2 * gap) / (midUnits * RATIO),
        (height - gap * (Math.ceil(sideRows) + 1)) / (sideRows * RATIO));
      const w = Math.min(byWidth, byHeight);
      if (!best || w > best.w + 0.5) best = { w, kl, kr };
    }
  }
  const { cardW, cardH, index } = sized(smaller ?? best.w);
  const { kl, kr } = best;
  const sideW = sidesWidth(kl, kr, cardW, gap);
  const midW = Math.min(midCols * (cardW + gap) - gap, width - 2 * gap - sideW);
  const x0 = Math.max(gap, (width - sideW - midW) / 2);
  const piles = {};
  const panel = (slots, k, xStart) => {
    const colY = new Array(k).fill(gap);
    slots.forEach((slot, i) => {
      const c = i % k;
      const g = place(snap, slot.pile, xStart + c * (cardW + gap), colY[c], slot.fan, cardW, cardH, index, cardH * 1.6);
      piles[slot.pile] = g;
      colY[c] += Math.max(cardH, g.h) + gap;
    });
  };
  panel(left, kl, x0);
  const midX = x0 + kl * (cardW + gap) + (kl ? gap : 0);
  if (overlapped) placeOverlap(snap, piles, overlapped, midX, midW, gap, { cardW, cardH, gap, index });
  middle.forEach((slot, c) => {
    piles[slot.pile] = place(snap, slot.pile, midX + c * (cardW + gap), gap, slot.fan, cardW, cardH, index, height - 2 * gap);
  });
  panel(right, kr, midX + midW + gap);
  const cramped = Object.values(piles).some((g) => g.cramped);
  return { mode: "side", cardW, cardH, gap, index, piles, cramped };
}

/** The width the side panels take: kl columns on the left and kr on the right, cards `w` px
 * wide, each column with its gap and a gap between each panel and the middle. */
function sidesWidth(kl, kr, w, gap) {
  return (kl + kr) * (w + gap) + (kl ? gap : 0) + (kr ? gap : 0);
}

/** Card heights a side panel of k columns takes (a fanned waste counts a little more). */
function sideUnits(slots, k) {
  if (!k) return 0;
  const cols = new Array(k).fill(0);
  slots.forEach((slot, i) => { cols[i % k] += slot.fan === "down3" ? 1.5 : 1; });
  return Math.max(...cols);
}
