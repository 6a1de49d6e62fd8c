// Table geometry: the card size, the corner index and where every pile and card goes, from
// the layout the engine sends and the space the table has. Pure arithmetic on the snapshot's
// layout and pile sizes (no DOM), so Node can test it. Nothing here looks at what a card is.
//
// The card size is steady through a game: it depends on the layout, the number of cards in
// the game and the table's size, never on the position, and it gives way only when the piles
// on the table cannot show every corner index in the whole height. Fan offsets are computed
// pile by pile from the room each pile really has: a short column breathes (into the felt
// below it, up to a strip a finger can press), a long one squeezes, but a face-up card keeps
// its corner index (rank and suit) visible as long as the room allows.

import { fannedRooms, fanOffsets } from "./fans.js";
import { kindOf } from "./piles.js";

export { fanOffsets, maxUpFan, TOUCH_FAN } from "./fans.js";

export const RATIO = 1.4;              // card height / card width
const MAX_W = 150;                     // px: the largest card, on big screens
const MIN_W = 22;                      // px: the smallest card
const DESIGN_FAN = 0.22;               // the face-up offset the card size is planned with

/** The corner index for a card width: its font size, padding, and the strips it needs. */
export function cornerIndex(cardW) {
  const pad = Math.max(2, Math.round(cardW * 0.05));
  // 11 px at least, but never wider than the card: on the smallest cards (a column of 27
  // face-up cards on a phone) "10" and its suit stay inside the card at 9-10 px.
  const font = Math.min(Math.round(Math.max(11, Math.min(26, cardW * 0.25))),
    Math.floor((cardW - pad - 2) / 1.95));
  return {
    font,
    pad,
    strip: pad + Math.ceil(font * 1.22),                  // height that shows rank and suit (a J may descend)
    width: pad + Math.ceil(font * 1.95) + 2,             // width that shows them side by side
  };
}

/** Choose the layout mode: "side" puts the non-fanned piles down the sides (short, wide tables). */
export function layoutMode(width, height) {
  return width >= height * 1.3 && height <= 560 ? "side" : "rows";
}

/** The rows of a triangle of n piles (1 + 2 + ... + rows = n). */
export function triangleRows(row) {
  return Math.round((Math.sqrt(8 * row.piles.length + 1) - 1) / 2);
}

function isFanned(row) {
  return row.kind === "row" && row.slots.some((s) => s && s.fan === "down");
}

/** The cards a fanned pile is planned for: one and a half times the game's average pile. */
export function designCards(snap) {
  const fanned = snap.layout.rows.filter(isFanned).flatMap((r) => r.slots.filter(Boolean));
  if (!fanned.length) return 1;
  let total = 0;
  for (const cards of Object.values(snap.piles)) total += cards.length;
  return Math.max(4, Math.min(20, Math.round((1.5 * total) / fanned.length)));
}

/** The rows of the "side" mode: piles that do not fan go down the sides, the fanned rows
 * become one row in the middle. */
function sidePlan(layout) {
  const left = [];
  const right = [];
  const middle = [];
  let triangle = null;
  for (const row of layout.rows) {
    if (row.kind === "triangle") {
      triangle = row;
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
  return { left, right, middle, triangle };
}

/** Return the card size, the corner index and the position of every pile and card. */
export function geometry(snap, width, height) {
  return layoutMode(width, height) === "side" && snap.layout.rows.some((r) => isFanned(r) || r.kind === "triangle")
    ? sideGeometry(snap, width, height)
    : rowGeometry(snap, width, height);
}

function sized(cardW) {
  const w = Math.floor(Math.max(MIN_W, Math.min(MAX_W, cardW)));
  return { cardW: w, cardH: Math.round(w * RATIO), index: cornerIndex(w) };
}

/** Lay out the rows at the planned card size; only a pile too long for the table to show
 * every index makes the cards smaller, step by step, until it fits (and they grow back when
 * it is gone). */
function rowGeometry(snap, width, height) {
  let geo = rowGeometryAt(snap, width, height, null);
  while (geo.cramped && geo.cardW > MIN_W) geo = rowGeometryAt(snap, width, height, Math.floor(geo.cardW * 0.94));
  return geo;
}

function rowGeometryAt(snap, width, height, smaller) {
  const layout = snap.layout;
  const cols = layout.columns;
  const gap = Math.round(Math.max(4, Math.min(14, width * 0.012)));
  const design = designCards(snap);
  // Height in card heights: a plain row is one card, a triangle of rows each half covering
  // the one above (rows + 1) / 2, a fanned row one card plus the planned fan. A fanned row
  // above another has a fixed room, so its planned cards are at least a corner index apart
  // (big cards' indices take more than DESIGN_FAN); the last one may borrow the felt below.
  const byWidth = (width - gap * (cols + 1)) / cols;
  const lastFanned = layout.rows.findLastIndex(isFanned);
  const byHeight = (fan) => {
    let units = 0;
    layout.rows.forEach((row, r) => {
      const f = r === lastFanned ? DESIGN_FAN : fan;
      units += row.kind === "triangle" ? (triangleRows(row) + 1) / 2 : isFanned(row) ? 1 + (design - 1) * f : 1;
    });
    return (height - gap * (layout.rows.length + 1)) / (units * RATIO);
  };
  let planW = Math.min(byWidth, byHeight(DESIGN_FAN));
  for (let i = 0; i < 3; i++) {
    const w = Math.floor(planW);
    planW = Math.min(byWidth, byHeight(Math.max(DESIGN_FAN, (cornerIndex(w).strip + 1) / Math.round(w * RATIO))));
  }
  const { cardW, cardH, index } = sized(smaller ?? planW);
  const left = Math.max(gap, (width - (cols * cardW + (cols - 1) * gap)) / 2);
  const colX = (c) => left + c * (cardW + gap);
  const piles = {};
  const fannedRows = layout.rows.filter(isFanned);
  // The fanned rows share the height the other rows leave.
  let fixed = gap * (layout.rows.length + 1);
  for (const row of layout.rows) {
    if (row.kind === "triangle") fixed += ((triangleRows(row) + 1) / 2) * cardH;
    else if (!isFanned(row)) fixed += cardH;
  }
  const planned = cardH * (1 + (design - 1) * DESIGN_FAN);
  const upper = cardH + (design - 1) * Math.max(DESIGN_FAN * cardH, index.strip + 1);
  const { rooms, cramped: short } = fannedRooms(snap, fannedRows, height - fixed, cardH, index.strip, upper);
  let cramped = short;
  let y = gap;
  for (const row of layout.rows) {
    if (row.kind === "triangle") {
      const rows = triangleRows(row);
      row.piles.forEach((id, k) => {
        const r = Math.floor((Math.sqrt(8 * k + 1) - 1) / 2);
        const p = k - (r * (r + 1)) / 2;
        piles[id] = place(snap, id, colX((rows - 1) / 2 - r / 2 + p), y + (r * cardH) / 2, "none", cardW, cardH, index, 0);
      });
      y += ((rows + 1) / 2) * cardH + gap;
      continue;
    }
    const fannedAt = fannedRows.indexOf(row);
    const room = fannedAt >= 0 ? rooms[fannedAt] : planned;
    let rowHeight = cardH;
    row.slots.forEach((slot, c) => {
      if (!slot) return;
      const g = place(snap, slot.pile, colX(c), y, slot.fan, cardW, cardH, index, room);
      piles[slot.pile] = g;
      cramped ||= g.cramped;
      rowHeight = Math.max(rowHeight, g.h);
    });
    // A fanned row above another keeps its room whatever its piles hold: the rows below stay put.
    if (fannedAt >= 0 && fannedAt < fannedRows.length - 1) rowHeight = room;
    y += rowHeight + gap;
  }
  return { mode: "rows", cardW, cardH, gap, index, piles, cramped };
}

function sideGeometry(snap, width, height) {
  const { left, right, middle, triangle } = sidePlan(snap.layout);
  const rows = triangle ? triangleRows(triangle) : 0;
  const gap = Math.round(Math.max(4, Math.min(12, width * 0.01)));
  const design = designCards(snap);
  const midCols = triangle ? rows : middle.length;
  const midUnits = triangle ? (rows + 1) / 2 : 1 + (design - 1) * DESIGN_FAN;
  // Try one to three columns on each side; keep the arrangement with the largest cards.
  let best = null;
  for (const kl of left.length ? [1, 2, 3] : [0]) {
    for (const kr of right.length ? [1, 2, 3] : [0]) {
      const cols = kl + midCols + kr;
      const gaps = cols + 1 + (kl ? 1 : 0) + (kr ? 1 : 0);
      const byWidth = (width - gap * gaps) / cols;
      const sideRows = Math.max(sideUnits(left, kl), sideUnits(right, kr));
      const byHeight = Math.min((height - 2 * gap) / (midUnits * RATIO),
        (height - gap * (Math.ceil(sideRows) + 1)) / (sideRows * RATIO));
      const w = Math.min(byWidth, byHeight);
      if (!best || w > best.w + 0.5) best = { w, kl, kr };
    }
  }
  const { cardW, cardH, index } = sized(best.w);
  const { kl, kr } = best;
  const cols = kl + midCols + kr;
  const span = cols * cardW + (cols - 1) * gap + (kl ? gap : 0) + (kr ? gap : 0);
  const x0 = Math.max(gap, (width - span) / 2);
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
  if (triangle) {
    triangle.piles.forEach((id, k) => {
      const r = Math.floor((Math.sqrt(8 * k + 1) - 1) / 2);
      const p = k - (r * (r + 1)) / 2;
      piles[id] = place(snap, id, midX + ((rows - 1) / 2 - r / 2 + p) * (cardW + gap), gap + (r * cardH) / 2, "none", cardW, cardH, index, 0);
    });
  }
  middle.forEach((slot, c) => {
    piles[slot.pile] = place(snap, slot.pile, midX + c * (cardW + gap), gap, slot.fan, cardW, cardH, index, height - 2 * gap);
  });
  panel(right, kr, midX + midCols * (cardW + gap) + gap);
  return { mode: "side", cardW, cardH, gap, index, piles };
}

/** Card heights a side panel of k columns takes (a fanned waste counts a little more). */
function sideUnits(slots, k) {
  if (!k) return 0;
  const cols = new Array(k).fill(0);
  slots.forEach((slot, i) => { cols[i % k] += slot.fan === "down3" ? 1.5 : 1; });
  return Math.max(...cols);
}

function place(snap, id, x, y, fan, cardW, cardH, index, room) {
  const cards = snap.piles[id] ?? [];
  const spots = [];
  if (fan === "down") {
    let down = 0;
    let up = 0;
    cards.forEach((c, i) => { if (i < cards.length - 1) (c === null ? down++ : up++); });
    const off = fanOffsets(down, up, room, cardH, index.strip);
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
