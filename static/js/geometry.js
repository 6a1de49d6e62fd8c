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

import { designCards, DESIGN_FAN, isFanned, MAX_W, MIN_W, placeOverlap, RATIO, sized } from "./card-size.js";
import { cornerIndex } from "./corner.js";
import { fannedRooms, heldFan, LIFT } from "./fans.js";
import { leastPitch, overlapOf, overlapSpan, overlapUnits, remembered, widest } from "./overlap.js";
import { sideGeometry } from "./side.js";
import { place } from "./spots.js";

export { cornerIndex } from "./corner.js";
export { fanOffsets, maxUpFan, TOUCH_FAN } from "./fans.js";
export { leastPitch, overlapOf, overlapUnits } from "./overlap.js";
export { designCards, RATIO } from "./card-size.js";

/** Choose the layout mode: "side" puts the non-fanned piles down the sides (short, wide tables). */
export function layoutMode(width, height) {
  return width >= height * 1.3 && height <= 560 ? "side" : "rows";
}

/** Return the card size, the corner index and the position of every pile and card; `keep` px
 * at the table's foot are kept from the fanned piles (the solver's line stands there). */
export function geometry(snap, width, height, keep = 0) {
  const spread = snap.layout.rows.some((r) => isFanned(r) || overlapOf(r));
  if (spread && layoutMode(width, height) === "side") return shrunk(sideGeometry(snap, width, height, null), (w) => sideGeometry(snap, width, height, w));
  // A layout that asks for it (`aside`: many plain piles over few fanned ones) puts its plain
  // piles beside the tableau on any wide table whose cards are then larger than the rows'
  // planned size (not their size of the moment, so the table never switches during a game).
  if (spread && snap.layout.aside && width >= height * 1.3) {
    const side = sideGeometry(snap, width, height, null);
    if (side.cardW > rowGeometryAt(snap, width, height, null).cardW) return shrunk(side, (w) => sideGeometry(snap, width, height, w));
  }
  return rowGeometry(snap, width, height, keep);
}

/** Lay out the rows at the planned card size; only a pile too long for the table to show
 * every index makes the cards smaller, step by step, until it fits (and they grow back when
 * it is gone). */
function rowGeometry(snap, width, height, keep) {
  return shrunk(rowGeometryAt(snap, width, height, null, keep), (w) => rowGeometryAt(snap, width, height, w, keep));
}

/** The table `geo` at its planned size, or, while a pile is too long for it to show every
 * index, at the largest size a step at a time smaller (`at(w)`) that does. */
function shrunk(geo, at) {
  while (geo.cramped && geo.cardW > MIN_W) geo = at(Math.floor(geo.cardW * 0.94));
  return geo;
}

function rowGeometryAt(snap, width, height, smaller, keep = 0) {
  const layout = snap.layout;
  const overlaps = layout.rows.map(overlapOf);
  const cols = Math.max(layout.columns, ...overlaps.map((o) => (o ? o.width / 2 : 0)));
  const gap = Math.round(Math.max(4, Math.min(14, width * 0.012)));
  const design = designCards(snap);
  // Height in card heights: a plain row is one card, overlapping rows one card and a step
  // for each row below the first, a fanned row one card plus the planned fan. A fanned row
  // above another has a fixed room, so its planned cards are at least a corner index apart
  // (big cards' indices take more than DESIGN_FAN); the last one may borrow the felt below.
  // A table of overlapping and plain rows only (the peaks, a pyramid) may squeeze its
  // overlapping rows and the gaps of its plain rows to let the cards grow.
  const squeeze = overlaps.some(Boolean) && !layout.rows.some(isFanned);
  const byWidth = squeeze ? squeezedWidth(layout.rows, overlaps, width, gap, cols)
    : (width - gap * (cols + 1)) / cols;
  const lastFanned = layout.rows.findLastIndex(isFanned);
  const byHeight = (fan) => {
    let units = 0;
    layout.rows.forEach((row, r) => {
      const f = r === lastFanned ? DESIGN_FAN : fan;
      units += overlaps[r] ? overlapUnits(overlaps[r]) : isFanned(row) ? 1 + (design - 1) * f : 1;
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
  const room = Math.min(cols * (cardW + gap) - gap, width - 2 * gap);
  const piles = {};
  const fannedRows = layout.rows.filter(isFanned);
  // The fanned rows share the height the other rows leave.
  let fixed = gap * (layout.rows.length + 1);
  layout.rows.forEach((row, r) => {
    if (overlaps[r]) fixed += overlapUnits(overlaps[r]) * cardH;
    else if (!isFanned(row)) fixed += cardH;
  });
  const planned = cardH * (1 + (design - 1) * DESIGN_FAN);
  const upper = cardH + (design - 1) * Math.max(DESIGN_FAN * cardH, index.strip + 1);
  const { rooms, cramped: short } = fannedRooms(snap, fannedRows, height - fixed - keep, cardH, index.strip, upper);
  // Rows below the last fanned row (Golf's stock and waste) stand at the foot of the table,
  // where a thumb reaches; the piles above open out into the height between (fans.js
  // heldFan), planned for the deepest pile (so nothing moves).
  const held = lastFanned >= 0 && lastFanned < layout.rows.length - 1;
  const hold = held ? heldFan(rooms[rooms.length - 1], design, cardH, index.strip) : null;
  if (hold) rooms[rooms.length - 1] = hold.room;
  let foot = 0;
  layout.rows.forEach((row, r) => {
    if (held && r > lastFanned) foot += (overlaps[r] ? overlapUnits(overlaps[r]) : 1) * cardH + gap;
  });
  let cramped = short;
  // With no fanned row to take the height left, an overlapping row whose layout allows it
  // (`reach`) opens its rows into half of it (the peaks on a tall phone); the rest is shared
  // out above, between and below the rows (the peaks high, the stock and waste lower,
  // towards the thumb).
  const spare = squeeze ? Math.max(0, height - fixed) : 0;
  const opened = overlaps.map((o) => (o ? openedOverlap(o, spare / 2, cardH) : o));
  const taken = overlaps.reduce((sum, o, r) => sum + (o ? (overlapUnits(opened[r]) - overlapUnits(o)) * cardH : 0), 0);
  // Plain rows below the overlapping ones (the peaks' stock and waste) stand at the foot,
  // where a thumb reaches, the felt left shared above and below the peaks as Golf's (LIFT).
  const lastOverlap = overlaps.findLastIndex(Boolean);
  const footed = squeeze && lastOverlap >= 0 && lastOverlap < layout.rows.length - 1;
  const between = gap + (squeeze && !footed ? (spare - taken) / (layout.rows.length + 1) : 0);
  if (footed) {
    foot = 0;
    layout.rows.forEach((row, r) => { if (r > lastOverlap) foot += cardH + gap; });
  }
  let y = between + (footed ? Math.round((spare - taken) * LIFT) : 0);
  for (const [r, row] of layout.rows.entries()) {
    if (held && r === lastFanned) y += hold.lift;
    if (held && r === lastFanned + 1) y = Math.max(y, height - foot);
    if (footed && r === lastOverlap + 1) y = Math.max(y, height - foot);
    if (overlaps[r]) {
      placeOverlap(snap, piles, opened[r], left, room, y, { cardW, cardH, gap, index });
      y += overlapUnits(opened[r]) * cardH + between;
      continue;
    }
    const fannedAt = fannedRows.indexOf(row);
    const fanRoom = fannedAt >= 0 ? rooms[fannedAt] : planned;
    const xs = slotXs(row.slots, left, room, cardW, gap);
    let rowHeight = cardH;
    row.slots.forEach((slot, c) => {
      if (!slot) return;
      const most = held && r === lastFanned ? hold.fan : undefined;
      const g = place(snap, slot.pile, xs[c], y, slot.fan, cardW, cardH, index, fanRoom, most);
      piles[slot.pile] = g;
      cramped ||= g.cramped;
      rowHeight = Math.max(rowHeight, g.h);
    });
    // A fanned row above another keeps its room whatever its piles hold: the rows below stay put.
    if (fannedAt >= 0 && (fannedAt < fannedRows.length - 1 || held)) rowHeight = fanRoom;
    y += rowHeight + between;
  }
  return { mode: "rows", cardW, cardH, gap, index, piles, cramped };
}

/** An overlapping row with its rows opened apart into `extra` px of height, up to the step
 * its layout allows (`reach`; none: as it is). */
function openedOverlap(o, extra, cardH) {
  const depth = overlapUnits(o) - 1;
  if (!(o.reach > o.step) || depth <= 0 || extra <= 0) return o;
  const rows = depth / o.step;
  return { ...o, step: Math.min(o.reach, o.step + extra / (rows * cardH)) };
}

/** The card width the width allows a table of overlapping and plain rows: a plain row's
 * cards a gap apart, its gaps (empty slots) narrower if need be; an overlapping row's cards
 * as close as the least pitch; and never less than a grid of `cols` whole cards allows. It
 * depends only on the rows' widths and the table's, so it is found once for them. */
function squeezedWidth(rows, overlaps, width, gap, cols) {
  const across = rows.map((row, r) => (overlaps[r] ? `o${overlaps[r].width}` : row.slots.filter(Boolean).length));
  return remembered(`rows ${across} ${cols} ${width}`, () => {
    let w = MAX_W;
    rows.forEach((row, r) => {
      const o = overlaps[r];
      if (o) w = Math.min(w, widest((x) => overlapSpan(o, x, leastPitch(x)), width - 2 * gap, MIN_W, MAX_W));
      else if (across[r]) w = Math.min(w, (width - gap * (across[r] + 1)) / across[r]);
    });
    return Math.max(w, (width - gap * (cols + 1)) / cols);
  });
}

/** Where a plain row's slots go across `room` px from `left`: a card and a gap apart, or,
 * when the row is wider than the room, its empty slots narrowed to fit (at least nothing). */
export function slotXs(slots, left, room, cardW, gap) {
  const pitch = cardW + gap;
  const used = slots.filter(Boolean).length;
  const empty = slots.length - used;
  const blank = slots.length * pitch - gap <= room + 0.5 || !empty ? pitch
    : Math.max(0, (room + gap - used * pitch) / empty);
  const xs = [];
  let x = left;
  for (const slot of slots) {
    xs.push(x);
    x += slot ? pitch : blank;
  }
  return xs;
}

/** The band of felt, `need` px tall and the table's width, where the solver's line may stand
 * over the table without covering a pile: {y}, in the largest stretch of height no pile takes
 * (at the top of a stretch at the table's top, at the foot of one at its foot, else in its
 * middle); null when no stretch is tall enough. */
export function freeBand(geo, height, need) {
  const spans = Object.values(geo.piles).map((g) => [g.y, g.y + Math.max(g.h, geo.cardH)]).sort((a, b) => a[0] - b[0]);
  const gaps = [];
  let top = 0;
  for (const [a, b] of spans) {
    if (a > top) gaps.push([top, a]);
    top = Math.max(top, b);
  }
  if (height > top) gaps.push([top, height]);
  let best = null;
  for (const g of gaps) if (g[1] - g[0] >= need && (!best || g[1] - g[0] >= best[1] - best[0])) best = g;
  if (!best) return null;
  if (best[0] <= 0) return { y: 0 };
  if (best[1] >= height) return { y: Math.round(height - need) };
  return { y: Math.round((best[0] + best[1] - need) / 2) };
}

/** The band of felt the solver's line may stand over whatever the position, as far as the
 * table's plan goes (see freeBand): the band the table leaves with every pile at its planned
 * tallest (a fanned pile holding the cards its card size is planned for, all face up; a
 * spread waste its three). It depends on the layout, the game's card count and the table's
 * size, never on the position, so the choice holds through a game and the table never moves
 * when the line shows. Null: the table cannot promise one (the line keeps a slot). */
export function plannedBand(snap, width, height, need) {
  const design = designCards(snap);
  const key = `band ${JSON.stringify(snap.layout)} ${design} ${width} ${height} ${need}`;
  return remembered(key, () => {
    const down = new Set();
    for (const row of snap.layout.rows) for (const slot of row.slots ?? []) if (slot?.fan === "down") down.add(slot.pile);
    const piles = {};
    // Face-up cards (anything but null): geometry never reads which card a place holds.
    for (const id of Object.keys(snap.piles)) piles[id] = Array(down.has(id) ? design : 3).fill("up");
    const layout = { ...snap.layout, deepest: undefined, plan: design };
    return freeBand(geometry({ ...snap, layout, piles }, width, height), height, need);
  });
}

