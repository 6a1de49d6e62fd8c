// The table's arithmetic: card size, corner index, fan offsets and the side layout.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cornerIndex, designCards, fanOffsets, freeBand, geometry, layoutMode, maxUpFan, plannedBand, RATIO, TOUCH_FAN } from "../../static/js/geometry.js";

const row = (piles, fan = "none") => ({ kind: "row", slots: piles.map((p) => (p ? { pile: p, fan } : null)) });

/** A Klondike-shaped snapshot: stock, waste, a gap, four foundations; seven fanned piles. */
function klondike(piles = {}) {
  const t = Array.from({ length: 7 }, (_, i) => `t${i + 1}`);
  const base = { stock: Array(24).fill(null), waste: [], f1: [], f2: [], f3: [], f4: [] };
  t.forEach((id, i) => { base[id] = [...Array(i).fill(null), "AS"]; });
  return {
    layout: { columns: 7, rows: [row(["stock", "waste", null, "f1", "f2", "f3", "f4"]), row(t, "down")],
      kinds: { stock: "stock", waste: "waste", f1: "foundation", f2: "foundation", f3: "foundation",
        f4: "foundation", ...Object.fromEntries(t.map((id) => [id, "tableau"])) } },
    piles: { ...base, ...piles },
  };
}

/** A Spider-shaped snapshot: 104 cards, ten fanned piles. */
function spider(long = 0) {
  const piles = { stock: Array(50).fill(null) };
  for (let i = 1; i <= 8; i++) piles[`f${i}`] = [];
  for (let i = 1; i <= 10; i++) piles[`t${i}`] = [...Array(i <= 4 ? 5 : 4).fill(null), "KS"];
  if (long) piles.t1 = [...Array(5).fill(null), ...Array(long).fill("QH")];
  const f = Array.from({ length: 8 }, (_, i) => `f${i + 1}`);
  const t = Array.from({ length: 10 }, (_, i) => `t${i + 1}`);
  return { layout: { columns: 10, rows: [row(["stock", null, ...f]), row(t, "down")] }, piles };
}

test("the corner index grows with the card, never below 11 px where the card has room for it, and always fits the card's width", () => {
  for (const w of [22, 24, 26, 31, 46, 80, 150]) {
    const ix = cornerIndex(w);
    assert.ok(ix.font >= (w >= 26 ? 11 : 9), `${ix.font}px on a ${w}px card`);
    assert.ok(ix.strip >= ix.font + ix.pad);
    assert.ok(ix.width <= w, `index ${ix.width}px on a ${w}px card`);
  }
  assert.ok(cornerIndex(120).font > cornerIndex(40).font);
});

test("a short pile breathes, a long one squeezes but keeps the index strip", () => {
  const strip = 14;
  const short = fanOffsets(3, 2, 500, 60, strip);
  const long = fanOffsets(3, 25, 500, 60, strip);
  assert.ok(short.up > long.up);
  assert.ok(long.up >= strip);
  assert.ok(short.up <= maxUpFan(60, strip) + 1e-9);
});

test("a short pile on a small card fans up to a finger's strip, at most half a card", () => {
  const strip = 16;
  assert.equal(fanOffsets(0, 5, 640, 64, strip).up, 32);               // half of a 64 px card
  assert.equal(fanOffsets(0, 5, 900, 100, strip).up, TOUCH_FAN);        // 44 px, not 50
  assert.equal(fanOffsets(0, 5, 2000, 200, strip).up, 0.36 * 200);      // big cards: a third
});

test("face-down cards give way before face-up cards lose their index", () => {
  const off = fanOffsets(20, 20, 60 + 20 * 3 + 20 * 14, 60, 14);
  assert.equal(off.up, 14);
  assert.ok(off.down >= 2 && off.down < 0.13 * 60);
});

test("with no room at all everything squeezes alike, never below 2 px", () => {
  const off = fanOffsets(5, 30, 100, 60, 14);
  assert.ok(off.up >= 2 && off.down >= 2);
  assert.ok(off.up < 14);
});

test("the card size depends on the screen and the layout, never on the position", () => {
  const a = geometry(klondike(), 360, 520);
  const b = geometry(klondike({ t1: [null, null, "KS", "QH", "JC", "TD", "9S", "8H", "7C"], stock: Array(17).fill(null) }), 360, 520);
  assert.equal(a.cardW, b.cardW);
  assert.equal(a.cardH, Math.round(a.cardW * RATIO));
});

test("a phone is width-bound and a laptop height-bound", () => {
  const phone = geometry(klondike(), 360, 520);
  assert.ok(7 * phone.cardW + 8 * phone.gap <= 360);
  assert.ok(7 * phone.cardW + 8 * phone.gap > 360 - phone.cardW);   // uses the width
  const laptop = geometry(klondike(), 1366, 640);
  assert.ok(7 * laptop.cardW < 1366 * 0.75);                         // room to the sides
  assert.ok(laptop.cardH * 2 < 640);
});

test("every face-up card of a long Spider column shows its index at 360x640", () => {
  const snap = spider(18);
  const geo = geometry(snap, 360, 520);
  const spots = geo.piles.t1.spots;
  const cards = snap.piles.t1;
  for (let i = 0; i < cards.length - 1; i++) {
    if (cards[i] === null) continue;
    assert.ok(spots[i + 1].y - spots[i].y >= geo.index.strip, `card ${i}`);
  }
  const bottom = spots[spots.length - 1].y + geo.cardH;
  assert.ok(bottom <= 520, `the column ends at ${bottom}`);
});

test("a pile is planned for one and a half times the game's average pile", () => {
  assert.equal(designCards(klondike()), 11);
  assert.equal(designCards(spider()), 16);
});

/** Roosevelt as the engine lays it out: stock, waste and eight foundations in two rows of four
 * over seven piles of four; 104 cards, planned (`plan`) for 11 a pile. */
function roosevelt(plan = 11, long = 0) {
  const t = Array.from({ length: 7 }, (_, i) => `t${i + 1}`);
  const f = Array.from({ length: 8 }, (_, i) => `f${i + 1}`);
  const piles = { stock: Array(75).fill(null), waste: ["2C"], ...Object.fromEntries(f.map((id) => [id, []])) };
  t.forEach((id) => { piles[id] = Array(4).fill("9H"); });
  if (long) piles.t1 = Array(long).fill("9H");
  const layout = { columns: 7, rows: [row(["stock", "waste", null, ...f.slice(0, 4)]),
    row([null, null, null, ...f.slice(4)]), row(t, "down")] };
  if (plan) layout.plan = plan;
  return { layout, piles };
}

test("two decks over seven piles are planned for what the layout says, as large as the height allows", () => {
  assert.equal(designCards(roosevelt()), 11);
  assert.equal(designCards(roosevelt(0)), 20);           // a share of two decks: far too many
  for (const [w, h] of [[1366, 626], [768, 882], [1920, 940]]) {
    const geo = geometry(roosevelt(), w, h);
    // As large as a Klondike's planned pile allows under two rows of plain piles.
    assert.ok(geo.cardW > geometry(roosevelt(0), w, h).cardW + 10, `${geo.cardW}px at ${w}x${h}`);
    const units = 3 + 10 * 0.22;
    assert.ok(geo.cardH >= Math.min((h - 4 * geo.gap) / units, geo.cardW * 1.4) - 2, `${geo.cardH}px at ${w}x${h}`);
    assert.ok(!geo.cramped);
  }
  // On a phone the width limits them, at a one-deck game's size.
  assert.equal(geometry(roosevelt(), 360, 498).cardW, geometry(klondike(), 360, 498).cardW);
  // A pile longer than planned makes them smaller while it lasts, every index still in sight.
  const long = geometry(roosevelt(11, 18), 1366, 626);
  assert.ok(long.cardW < geometry(roosevelt(), 1366, 626).cardW && !long.cramped);
  const spots = long.piles.t1.spots;
  assert.ok(spots[17].y - spots[16].y >= long.index.strip);
  assert.ok(spots[17].y + long.cardH <= 626);
});

test("a layout that asks for it puts its plain piles beside the tableau on a wide table, where its cards grow", () => {
  const aside = (plan = 11) => {
    const snap = roosevelt(plan);
    snap.layout.aside = true;
    snap.layout.kinds = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i + 1}`, "foundation"]));
    return snap;
  };
  // A laptop: 78 px cards in rows, some 108 px with the stock and waste on the left and the
  // foundations on the right; the tableau's seven piles in the middle, side by side.
  const rows = geometry(roosevelt(), 1366, 626);
  const side = geometry(aside(), 1366, 626);
  assert.equal(rows.mode, "rows");
  assert.equal(side.mode, "side");
  assert.ok(side.cardW >= 105 && side.cardW > rows.cardW + 25, `${rows.cardW} -> ${side.cardW}px`);
  const t = Array.from({ length: 7 }, (_, i) => side.piles[`t${i + 1}`]);
  const f = Array.from({ length: 8 }, (_, i) => side.piles[`f${i + 1}`]);
  assert.ok(side.piles.stock.x + side.cardW <= t[0].x && side.piles.waste.x + side.cardW <= t[0].x);
  assert.ok(f.every((p) => p.x >= t[6].x + side.cardW && p.x + side.cardW <= 1366 && p.y + side.cardH <= 626));
  assert.ok(t.every((p) => p.y === t[0].y));
  // A pile longer than planned keeps the side table; its cards grow smaller while it lasts,
  // every corner index in sight (a fan of 33.8 px against a 37 px strip, before).
  const long = aside();
  long.piles.t1 = Array(18).fill("9H");
  const squeezed = geometry(long, 1366, 626);
  assert.equal(squeezed.mode, "side");
  assert.ok(squeezed.cardW < side.cardW && !squeezed.cramped, `${side.cardW} -> ${squeezed.cardW}px`);
  const spots = squeezed.piles.t1.spots;
  assert.ok(spots[17].y - spots[16].y >= squeezed.index.strip && spots[17].y + squeezed.cardH <= 626);
  // A pile of planned length keeps the planned size.
  const planned = aside();
  planned.piles.t1 = Array(11).fill("9H");
  assert.equal(geometry(planned, 1366, 626).cardW, side.cardW);
  // Not on a phone, whichever way up, nor on a tall tablet: there the rows are as large or larger.
  for (const [w, h] of [[360, 498], [412, 773], [768, 882]]) {
    assert.deepEqual([geometry(aside(), w, h).mode, geometry(aside(), w, h).cardW], [rows.mode, geometry(roosevelt(), w, h).cardW]);
  }
  // A layout that does not ask keeps its rows (Klondike's laptop table).
  assert.equal(geometry(klondike(), 1366, 626).mode, "rows");
});

test("a short wide screen puts the stock and foundations down the sides", () => {
  assert.equal(layoutMode(640, 300), "side");
  assert.equal(layoutMode(360, 560), "rows");
  assert.equal(layoutMode(1366, 640), "rows");
  const geo = geometry(klondike(), 640, 290);
  assert.equal(geo.mode, "side");
  const t1 = geo.piles.t1;
  const t7 = geo.piles.t7;
  assert.ok(geo.piles.stock.x < t1.x, "the stock is left of the piles");
  for (const f of ["f1", "f2", "f3", "f4"]) assert.ok(geo.piles[f].x > t7.x, `${f} is right of the piles`);
  assert.equal(t1.y, geo.gap, "the piles start at the top");
  for (const g of Object.values(geo.piles)) {
    assert.ok(g.x >= 0 && g.x + g.w <= 640, "inside the width");
    assert.ok(g.y + geo.cardH <= 290, "inside the height");
  }
});

test("the side layout puts piles by the kind the layout gives them, not by their names", () => {
  const snap = klondike();
  snap.layout.kinds = { ...snap.layout.kinds, waste: "foundation", f4: "cell" };
  const geo = geometry(snap, 640, 290);
  const t7 = geo.piles.t7;
  assert.ok(geo.piles.waste.x > t7.x, "a foundation goes right, whatever its name");
  assert.ok(geo.piles.f4.x < geo.piles.t1.x, "a pile of another kind goes left");
});

test("a column too long to show every index makes the cards smaller, and only then", () => {
  const planned = geometry(spider(), 360, 520);
  assert.equal(geometry(spider(20), 360, 520).cardW, planned.cardW);
  const snap = spider(28);
  const geo = geometry(snap, 360, 520);
  assert.ok(geo.cardW < planned.cardW);
  const spots = geo.piles.t1.spots;
  for (let i = 5; i < 32; i++) assert.ok(spots[i + 1].y - spots[i].y >= geo.index.strip - 1e-9, `card ${i}`);
  assert.ok(spots[32].y + geo.cardH <= 520);
});

test("a triangle's rows come from its pile count, each row half over the one before", () => {
  const t = Array.from({ length: 28 }, (_, i) => `t${i + 1}`);
  const piles = Object.fromEntries(t.map((id) => [id, ["AS"]]));
  piles.stock = []; piles.waste = []; piles.f1 = [];
  const snap = { layout: { columns: 7, rows: [row(["stock", "waste", null, null, null, null, "f1"]),
    { kind: "triangle", piles: t }] }, piles };
  const geo = geometry(snap, 1000, 700);
  assert.equal(geo.piles.t22.y, geo.piles.t28.y, "the seventh row is one row");
  assert.equal(geo.piles.t2.y - geo.piles.t1.y, geo.cardH / 2);
  assert.ok(geo.piles.t22.x < geo.piles.t1.x && geo.piles.t28.x > geo.piles.t1.x);
});

/** A Baker's Dozen-shaped snapshot: four foundations, 13 fanned piles in two rows (7 and 6). */
function bakersDozen(piles = {}) {
  const t = Array.from({ length: 13 }, (_, i) => `t${i + 1}`);
  const base = { f1: [], f2: [], f3: [], f4: [] };
  t.forEach((id) => { base[id] = ["KS", "QH", "JC", "TD"]; });
  return {
    layout: { columns: 7, rows: [row([null, "f1", "f2", "f3", "f4", null, null]), row(t.slice(0, 7), "down"),
      row(t.slice(7), "down")] },
    piles: { ...base, ...piles },
  };
}

test("Baker's Dozen keeps its card size on a phone while no pile needs the room (issue 25)", () => {
  const dealt = geometry(bakersDozen(), 360, 520);
  // Mid-game: piles of 6 face-up cards in both rows, others short (deal 7, moves 16-38).
  const six = ["KS", "QH", "JC", "TD", "9S", "8H"];
  const mid = bakersDozen({ t1: six, t4: six, t9: six, t12: six, t2: ["KS"], t8: [], t13: ["AS", "2S"] });
  const geo = geometry(mid, 360, 520);
  assert.equal(geo.cardW, dealt.cardW);
  assert.ok(geo.cardW >= 44, `cards ${geo.cardW} px wide`);
  for (const id of ["t1", "t4", "t9", "t12"]) {
    const spots = geo.piles[id].spots;
    for (let i = 0; i < 5; i++) assert.ok(spots[i + 1].y - spots[i].y >= geo.index.strip, `${id} card ${i}`);
    assert.ok(spots[5].y + geo.cardH <= 520, `${id} ends inside the table`);
  }
  assert.ok(geo.piles.t8.y >= geo.piles.t1.spots[5].y + geo.cardH, "the second row starts below the first");
});

test("a row of short piles lends its felt to taller fans on a phone", () => {
  const geo = geometry(klondike(), 360, 520);
  const t7 = geometry(klondike({ t7: ["KS", "QH", "JC", "TD"] }), 360, 520).piles.t7.spots;
  assert.ok(t7[1].y - t7[0].y > 0.36 * geo.cardH, "more than a third of a card");
  assert.ok(t7[1].y - t7[0].y <= TOUCH_FAN);
});

test("the second row of piles holds still while the first row's piles grow and shrink (issue 25)", () => {
  // Baker's Dozen on a phone: the first row's piles change length move by move (1 to 8 cards,
  // a pile emptied), the second row as dealt; its piles must not move under the finger.
  const cards = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D"];
  const upper = [[4, 4, 4, 4, 4, 4, 4], [5, 3, 4, 4, 4, 4, 4], [6, 3, 4, 5, 3, 4, 4], [7, 2, 4, 6, 3, 4, 4],
    [8, 1, 4, 6, 3, 4, 5], [8, 0, 4, 7, 2, 4, 5], [3, 0, 8, 7, 2, 1, 8], [1, 1, 1, 1, 1, 1, 1]];
  for (const [w, h] of [[360, 520], [360, 640], [1366, 640]]) {
    const dealt = geometry(bakersDozen(), w, h);
    for (const lengths of upper) {
      const piles = Object.fromEntries(lengths.map((n, i) => [`t${i + 1}`, cards.slice(0, n)]));
      const geo = geometry(bakersDozen(piles), w, h);
      if (geo.cardW !== dealt.cardW) continue;                 // a new card size may move the rows
      for (let i = 8; i <= 13; i++) {
        assert.equal(geo.piles[`t${i}`].y, dealt.piles[`t${i}`].y, `t${i} at ${w}x${h} with ${lengths}`);
      }
      for (let i = 1; i <= 7; i++) {
        const spots = geo.piles[`t${i}`].spots;
        if (spots.length) assert.ok(spots[spots.length - 1].y + geo.cardH <= geo.piles.t8.y, `t${i} above the second row`);
      }
    }
  }
  const phone = geometry(bakersDozen({ t1: cards }), 360, 520);
  assert.equal(phone.cardW, geometry(bakersDozen(), 360, 520).cardW, "a pile of 8 keeps the phone's card size");
});

test("the solver's line finds a band of felt no pile takes, or says there is none", () => {
  const cover = (geo, y) => Object.values(geo.piles).some((g) => y < g.y + Math.max(g.h, geo.cardH) && g.y < y + 44);
  // A phone upright: the piles leave the foot of the table free; the line stands there.
  const phone = geometry(klondike(), 360, 546);
  const band = freeBand(phone, 546, 44);
  assert.equal(band.y, 546 - 44);
  assert.ok(!cover(phone, band.y));
  // A pile down to the foot, and no 44 px between the top row and the piles: no band.
  const long = geometry(klondike({ t1: Array(19).fill("9H") }), 360, 546);
  assert.equal(freeBand(long, 546, 44), null);
  assert.equal(freeBand(long, 546, 400), null);
  // A table whose piles stand low (empty felt above them) gives the line the top.
  const low = { cardH: 50, piles: { a: { y: 200, h: 50 }, b: { y: 260, h: 120 } } };
  assert.deepEqual(freeBand(low, 400, 44), { y: 0 });
  // The largest stretch wins; one between piles takes the line in its middle.
  const mid = { cardH: 50, piles: { a: { y: 0, h: 50 }, b: { y: 150, h: 240 } } };
  assert.deepEqual(freeBand(mid, 400, 44), { y: 78 });
});

test("the solver's line's band comes from the table's plan, the same in every position of a game", () => {
  // Klondike on a phone upright: the band at the foot, whatever the piles hold. A late
  // position (a pile of six face down and thirteen face up, the stock the shorter for it)
  // has the band of the deal, though its long pile would reach the foot if let.
  const deal = klondike();
  const late = klondike({ t7: [...Array(6).fill(null), ...Array(13).fill("KS")], stock: Array(12).fill(null) });
  assert.deepEqual(plannedBand(deal, 360, 546, 44), { y: 502 });
  assert.deepEqual(plannedBand(late, 360, 546, 44), { y: 502 });
  const free = geometry(late, 360, 546);
  assert.ok(free.piles.t7.y + free.piles.t7.h > 502, "let be, the long pile reaches into the band");
  // Kept from the piles, the band stays free and the cards keep their size and places.
  const kept = geometry(late, 360, 546, 546 - 502);
  assert.ok(kept.piles.t7.y + kept.piles.t7.h <= 502, JSON.stringify(kept.piles.t7));
  assert.equal(kept.cardW, free.cardW);
  for (const id of ["stock", "waste", "f1", "t1", "t7"]) {
    assert.deepEqual([kept.piles[id].x, kept.piles[id].y], [free.piles[id].x, free.piles[id].y], id);
  }
  // A pyramid on a phone has no band in its plan: the line keeps its slot.
  const t = Array.from({ length: 28 }, (_, i) => `p${i + 1}`);
  const piles = { stock: Array(24).fill(null), waste: [] };
  for (const id of t) piles[id] = ["AS"];
  const pyramid = { layout: { columns: 7, rows: [{ kind: "triangle", piles: t }, row(["stock", "waste"])] }, piles };
  assert.equal(plannedBand(pyramid, 360, 546, 44), null);
});
