// Overlapping rows (layout rows of kind "overlap": piles placed in half card widths, rows a
// step of a card apart): the peaks and the pyramid drawn as players know them, and a fanned
// row with a row below it (Golf) planned for its deepest pile.
import assert from "node:assert/strict";
import { test } from "node:test";

import { geometry, leastPitch, overlapOf, overlapUnits, slotXs } from "../../static/js/geometry.js";

const row = (piles, fan = "none") => ({ kind: "row", slots: piles.map((p) => (p ? { pile: p, fan } : null)) });
const ids = (n) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

/** Peaks as the engine lays them out (games/layouts.py peaks_layout): tips t1-t3, then
 * t4-t9, t10-t18 and the bottom row t19-t28; the stock and waste below. */
function peaks(reach = 0.75) {
  const t = ids(28);
  const slots = [];
  for (let p = 0; p < 3; p++) slots.push({ pile: t[p], x: 6 * p + 3, y: 0 });
  for (let p = 0; p < 3; p++) for (let k = 0; k < 2; k++) slots.push({ pile: t[3 + 2 * p + k], x: 6 * p + 2 * k + 2, y: 1 });
  for (let j = 0; j < 9; j++) slots.push({ pile: t[9 + j], x: 2 * j + 1, y: 2 });
  for (let j = 0; j < 10; j++) slots.push({ pile: t[18 + j], x: 2 * j, y: 3 });
  const piles = Object.fromEntries(t.map((id, i) => [id, [i < 18 ? null : "9H"]]));
  piles.stock = Array(23).fill(null);
  piles.waste = ["5C"];
  return {
    layout: { columns: 10, rows: [{ kind: "overlap", width: 20, step: 0.5, ...(reach ? { reach } : {}), slots },
      row([null, null, null, null, "stock", "waste", null, null, null, null])] },
    piles,
  };
}

const box = (geo, id) => ({ x: geo.piles[id].x, y: geo.piles[id].y, r: geo.piles[id].x + geo.cardW, b: geo.piles[id].y + geo.cardH });

// Each covered card and the two cards covering it (bottom row t19-t28 is uncovered).
const COVERS = [["t10", "t19", "t20"], ["t18", "t27", "t28"], ["t4", "t10", "t11"], ["t5", "t11", "t12"],
  ["t1", "t4", "t5"], ["t3", "t8", "t9"], ["t13", "t22", "t23"]];

const SIZES = [[360, 520, "rows"], [768, 900, "rows"], [1366, 680, "rows"], [640, 300, "side"], [412, 780, "rows"]];

test("a peaks card straddles the two cards covering it, which overlap its lower half and are drawn after it", () => {
  for (const [w, h, mode] of SIZES) {
    const geo = geometry(peaks(), w, h);
    assert.equal(geo.mode, mode);
    const order = Object.keys(geo.piles);
    for (const [card, left, right] of COVERS) {
      const c = box(geo, card);
      const a = box(geo, left);
      const b = box(geo, right);
      assert.ok(a.x < c.x && c.x < a.r && b.x < c.r && c.r < b.r, `${card} between ${left} and ${right} at ${w}x${h}`);
      assert.equal(a.y, b.y);
      assert.ok(a.y > c.y && a.y < c.b, `${left} over the lower part of ${card}`);
      // The corner index of the covered card stays in sight above the row covering it.
      assert.ok(a.y - c.y >= geo.index.strip, `${card}'s index at ${w}x${h}`);
      assert.ok(order.indexOf(left) > order.indexOf(card) && order.indexOf(right) > order.indexOf(card));
    }
  }
});

test("the peaks fit the table with the stock and waste below them, the cards as large as the width allows", () => {
  for (const [w, h, mode] of SIZES) {
    const geo = geometry(peaks(), w, h);
    for (const [id, g] of Object.entries(geo.piles)) {
      assert.ok(g.x >= 0 && g.x + g.w <= w && g.y >= 0 && g.y + g.h <= h, `${id} inside ${w}x${h}`);
    }
    if (mode === "rows") {
      const bottom = Math.max(...ids(28).map((id) => box(geo, id).b));
      assert.ok(geo.piles.stock.y >= bottom, `the stock below the peaks at ${w}x${h}`);
      assert.equal(geo.piles.stock.y, geo.piles.waste.y);
      // Ten cards side by side take the width (less the gaps) on a phone.
      const across = box(geo, "t28").r - box(geo, "t19").x;
      if (w < 500) assert.ok(across >= w - 4 * geo.gap - 2 && geo.cardW >= 30, `${geo.cardW}px cards at ${w}`);
    }
  }
  assert.ok(geometry(peaks(), 1366, 680).cardW >= 100);
  assert.ok(geometry(peaks(), 768, 900).cardW >= 60);
});

test("on a tall table the peaks' rows open apart up to the layout's reach, into half the felt the width leaves", () => {
  const rowsApart = (geo) => geo.piles.t4.y - geo.piles.t1.y;
  for (const [w, h] of [[412, 773], [360, 546], [768, 900]]) {
    const shut = geometry(peaks(0), w, h);
    const open = geometry(peaks(), w, h);
    assert.equal(open.cardW, shut.cardW);
    assert.ok(Math.abs(rowsApart(shut) - 0.5 * shut.cardH) < 1e-9);
    assert.ok(rowsApart(open) > 0.5 * open.cardH + 5 && rowsApart(open) <= 0.75 * open.cardH + 1e-9, `${rowsApart(open)}px at ${w}x${h}`);
    // Every row the same step apart, down to the bottom row.
    assert.ok(Math.abs(open.piles.t19.y - open.piles.t1.y - 3 * rowsApart(open)) < 1e-6);
  }
  // On a tall phone the rows stand three quarters of a card apart.
  const tall = geometry(peaks(), 412, 773);
  assert.ok(Math.abs(rowsApart(tall) - 0.75 * tall.cardH) < 1e-9);
  // Where the height limits the cards (a laptop) nothing opens.
  assert.deepEqual(geometry(peaks(), 1366, 626).piles, geometry(peaks(0), 1366, 626).piles);
});

test("on a phone the peaks squeeze sideways so the cards grow, each corner index still in sight", () => {
  // The table a 360x640 phone leaves between the bars, and a taller phone.
  for (const [w, h, least] of [[360, 546, 50], [412, 780, 58]]) {
    const geo = geometry(peaks(), w, h);
    assert.ok(geo.cardW >= least, `${geo.cardW}px cards at ${w}x${h}`);
    const bottom = ids(28).slice(18).map((id) => geo.piles[id].x);
    const pitch = bottom[1] - bottom[0];
    // Closer than a card apart, no closer than six tenths of a card or the index's width.
    assert.ok(pitch < geo.cardW && pitch >= 0.6 * geo.cardW - 1e-9 && pitch >= geo.index.width, `pitch ${pitch} at ${w}`);
    for (let j = 1; j < 10; j++) assert.ok(Math.abs(bottom[j] - bottom[j - 1] - pitch) < 1e-9);
    // The row takes the width less a gap each side; the stock and waste stand apart, whole.
    assert.ok(Math.abs(bottom[0] - geo.gap) < 1 && Math.abs(bottom[9] + geo.cardW - (w - geo.gap)) < 1);
    assert.ok(geo.piles.waste.x >= geo.piles.stock.x + geo.cardW + geo.gap - 0.5);
    assert.ok(geo.piles.stock.x >= 0 && geo.piles.waste.x + geo.cardW <= w);
    // The stock and waste stand at the foot, where a thumb reaches; the height left is shared
    // above the peaks and between them and the stock, half each.
    const peaksFoot = Math.max(...ids(28).map((id) => box(geo, id).b));
    assert.ok(Math.abs(geo.piles.stock.y + geo.cardH + geo.gap - h) < 1, `the stock at the foot at ${w}x${h}`);
    const above = geo.piles.t1.y - geo.gap;
    const below = geo.piles.stock.y - peaksFoot - geo.gap;
    assert.ok(above > 3 * geo.gap && Math.abs(above - below) <= 2, `${above}px above, ${below}px below at ${w}x${h}`);
  }
  // Where the height limits the cards (a laptop) they squeeze only as far as the width needs.
  const wide = geometry(peaks(), 1366, 680);
  assert.ok(wide.piles.t20.x - wide.piles.t19.x >= 0.9 * wide.cardW);
  assert.ok(wide.cardW > (1366 - 11 * wide.gap) / 10);
  const tall = geometry(peaks(), 1366, 620);
  assert.equal(tall.piles.t20.x - tall.piles.t19.x, tall.cardW + tall.gap);
  // A phone on its side: the peaks in the middle squeeze too, and are larger than unsqueezed.
  const side = geometry(peaks(), 640, 270);
  assert.equal(side.mode, "side");
  assert.ok(side.cardW >= 70 && side.piles.t20.x - side.piles.t19.x < side.cardW);
});

test("the least pitch is six tenths of a card, or the corner index's width on small cards", () => {
  assert.equal(leastPitch(140), 84);
  assert.ok(leastPitch(40) > 24);
});

test("a plain row's empty slots narrow when the row is wider than the room, its piles whole", () => {
  const slots = [null, null, "a", "b", null, null];
  assert.deepEqual(slotXs(slots, 10, 1000, 50, 10), [10, 70, 130, 190, 250, 310]);
  const xs = slotXs(slots, 0, 200, 50, 10);
  assert.equal(xs[3] - xs[2], 60);
  assert.ok(xs[2] >= 0 && xs[3] + 50 <= 200);
  assert.ok(Math.abs(xs[2] - (200 - xs[3] - 50)) < 1e-9, "the piles centred as the layout puts them");
});

test("a pyramid on a phone grows past seven cards across, overlapping sideways", () => {
  const t = ids(28);
  const slots = [];
  for (let r = 0; r < 7; r++) for (let p = 0; p <= r; p++) slots.push({ pile: t[r * (r + 1) / 2 + p], x: 6 - r + 2 * p, y: r });
  const piles = Object.fromEntries(t.map((id) => [id, ["AS"]]));
  Object.assign(piles, { stock: [], waste: [], f1: [] });
  const snap = { layout: { columns: 7, rows: [row(["stock", "waste", null, null, null, null, "f1"]),
    { kind: "overlap", width: 14, step: 0.5, slots }] }, piles };
  const geo = geometry(snap, 360, 546);
  assert.ok(geo.cardW > (360 - 8 * geo.gap) / 7 + 10, `${geo.cardW}px`);
  for (const [id, g] of Object.entries(geo.piles)) assert.ok(g.x >= 0 && g.x + g.w <= 360 && g.y + g.h <= 546, id);
  assert.ok(geo.piles.f1.x > geo.piles.waste.x + geo.cardW);
});

test("a pyramid row of an older save is drawn as the overlapping row the engine now sends", () => {
  const t = ids(28);
  const piles = Object.fromEntries(t.map((id) => [id, ["AS"]]));
  Object.assign(piles, { stock: [], waste: [], f1: [] });
  const top = row(["stock", "waste", null, null, null, null, "f1"]);
  const old = { layout: { columns: 7, rows: [top, { kind: "triangle", piles: t }] }, piles };
  const now = { layout: { columns: 7, rows: [top, overlapOf(old.layout.rows[1])] }, piles };
  assert.deepEqual(now.layout.rows[1].slots.slice(0, 3), [{ pile: "t1", x: 6, y: 0 }, { pile: "t2", x: 5, y: 1 }, { pile: "t3", x: 7, y: 1 }]);
  assert.equal(overlapUnits(now.layout.rows[1]), 4);
  for (const [w, h] of [[360, 520], [1000, 700], [640, 300]]) {
    const a = geometry(old, w, h);
    const b = geometry(now, w, h);
    for (const id of t) assert.deepEqual([a.piles[id].x, a.piles[id].y], [b.piles[id].x, b.piles[id].y]);
  }
  // The apex's column is the middle of the top row's seven (the pyramid as it always stood).
  const geo = geometry(now, 1000, 700);
  assert.equal(geo.piles.t1.x, geo.piles.t25.x);
  assert.ok(Math.abs(geo.piles.t1.x - (geo.piles.stock.x + geo.piles.f1.x) / 2) < 1e-9);
});

test("an overlapping row's slots are drawn top row first, whatever order they come in", () => {
  const o = overlapOf({ kind: "overlap", width: 4, step: 0.5, slots: [{ pile: "b", x: 0, y: 1 }, { pile: "a", x: 1, y: 0 }, { pile: "c", x: 2, y: 1 }] });
  assert.deepEqual(o.slots.map((s) => s.pile), ["a", "b", "c"]);
  const geo = geometry({ layout: { columns: 2, rows: [o] }, piles: { a: ["AS"], b: ["2S"], c: ["3S"] } }, 400, 400);
  assert.deepEqual(Object.keys(geo.piles), ["a", "b", "c"]);
  assert.equal(geo.piles.b.y - geo.piles.a.y, geo.cardH / 2);
  assert.equal(geo.piles.a.x - geo.piles.b.x, (geo.cardW + geo.gap) / 2);
});

/** Golf as the engine lays it out: seven fanned piles, the stock and waste below. */
function golf(sizes = [5, 5, 5, 5, 5, 5, 5], deepest = 5) {
  const t = ids(7);
  const piles = Object.fromEntries(t.map((id, i) => [id, Array(sizes[i]).fill("7D")]));
  piles.stock = Array(16).fill(null);
  piles.waste = ["8C"];
  const layout = { columns: 7, rows: [row(t, "down"), row([null, null, "stock", "waste", null, null, null])] };
  if (deepest) layout.deepest = deepest;
  return { layout, piles };
}

test("Golf's stock and waste stand at the foot of the table, the piles above fanned into the height, still as the piles shrink", () => {
  for (const [w, h] of [[360, 546], [412, 800], [768, 900], [1366, 680]]) {
    const full = geometry(golf(), w, h);
    const late = geometry(golf([0, 1, 2, 5, 1, 0, 3]), w, h);
    assert.equal(late.cardW, full.cardW);
    assert.equal(late.piles.stock.y, full.piles.stock.y, `the stock holds still at ${w}x${h}`);
    assert.deepEqual(late.piles.t4.spots, full.piles.t4.spots, `a pile holds still at ${w}x${h}`);
    // Where a thumb reaches: the stock and waste end a gap above the table's foot.
    assert.ok(Math.abs(full.piles.stock.y + full.cardH + full.gap - h) < 1, `the stock at the foot at ${w}x${h}`);
    assert.equal(full.piles.waste.y, full.piles.stock.y);
    const spots = full.piles.t1.spots;
    const last = spots[4].y + full.cardH;
    assert.ok(full.piles.stock.y >= last + full.gap, `the piles clear of the stock at ${w}x${h}`);
    for (let i = 0; i < 4; i++) {
      const step = spots[i + 1].y - spots[i].y;
      assert.ok(step >= full.index.strip && step <= 0.9 * full.cardH + 1e-9, `a fan of ${step}px at ${w}x${h}`);
    }
    // The felt the piles leave: half above them, half between them and the stock.
    const above = full.piles.t1.y - full.gap;
    const below = full.piles.stock.y - last - full.gap;
    assert.ok(above >= 0 && Math.abs(below - above) <= 2, `${above}px above, ${below}px below at ${w}x${h}`);
    assert.equal(late.piles.t1.y, full.piles.t1.y);
    // Upright, the seven piles take the width, less a gap between and beside them.
    if (w < h) assert.ok(7 * full.cardW + 8 * full.gap >= w - 8, `${full.cardW}px cards at ${w}`);
  }
  // On a phone the piles open out to nine tenths of a card, past the touch strip of other
  // games (each face all but whole), and on a tall one the felt they leave is half above
  // them: they stand in the middle of the felt, their top cards down towards the waste.
  const phone = geometry(golf(), 360, 546);
  assert.ok(phone.piles.t1.spots[1].y - phone.piles.t1.spots[0].y >= 0.75 * phone.cardH - 1);
  const tall = geometry(golf(), 412, 773);
  assert.ok(Math.abs(tall.piles.t1.spots[1].y - tall.piles.t1.spots[0].y - 0.9 * tall.cardH) < 1e-9);
  assert.ok(tall.piles.t1.y > 100 && tall.piles.t1.spots[4].y + tall.cardH > 773 / 2, `${tall.piles.t1.y}`);
  // A laptop's height is short for them: no felt above, the fan squeezed to the room.
  const laptop = geometry(golf(), 1366, 626);
  assert.equal(laptop.piles.t1.y, laptop.gap);
  // Planned for the five cards a pile holds at most, not for a pile that could grow.
  assert.ok(geometry(golf(), 1366, 680).cardW > geometry(golf(undefined, 0), 1366, 680).cardW);
});
