// The drawing table of a card's centre (issue 25, point 1): pips in the printed places, one
// large pip for an ace, a figure for a court card; and the card back kept with the settings.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { centre, FIGURES } from "../../static/js/card-faces.js";
import { BACKS, keys, readSettings, RECORD_VERSION } from "../../static/js/store.js";

const SPOT = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10 };

test("a spot card shows as many pips as its number, each inside the pip box", () => {
  for (const [rank, count] of Object.entries(SPOT)) {
    for (const suit of "SHDC") {
      const drawn = centre(`${rank}${suit}`);
      assert.equal(drawn.kind, "pips");
      assert.equal(drawn.pips.length, count, rank);
      for (const p of drawn.pips) assert.ok(p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1, rank);
      // No two pips in one place.
      assert.equal(new Set(drawn.pips.map((p) => `${p.x},${p.y}`)).size, count, rank);
    }
  }
});

test("the pips are laid out as printed: symmetric across, the lower half turned over", () => {
  for (const rank of Object.keys(SPOT)) {
    const pips = centre(`${rank}H`).pips;
    const at = new Set(pips.map((p) => `${p.x},${p.y}`));
    for (const p of pips) {
      assert.ok(at.has(`${1 - p.x},${p.y}`), `${rank}: mirror of ${p.x},${p.y}`);
      assert.equal(p.flip, p.y > 0.5, rank);
    }
    // Every layout reaches the top and the bottom of the box.
    assert.ok(pips.some((p) => p.y === 0) && pips.some((p) => p.y === 1), rank);
  }
  // The classic columns: a 4 in two columns, a 7 with one pip in the middle column.
  assert.deepEqual([...new Set(centre("4C").pips.map((p) => p.x))].sort(), [0, 1]);
  assert.equal(centre("7C").pips.filter((p) => p.x === 0.5).length, 1);
  assert.equal(centre("3C").pips.filter((p) => p.x === 0.5).length, 3);
});

test("an ace has one large pip and a court card its own figure", () => {
  for (const suit of "SHDC") {
    assert.deepEqual(centre(`A${suit}`), { kind: "ace" });
    for (const rank of "JQK") {
      // Clubs and diamonds change colour in the four-colour deck, and so do their figures' signs.
      const four = "CD".includes(suit) ? `${FIGURES}#${rank}${suit}4` : null;
      assert.deepEqual(centre(`${rank}${suit}`), { kind: "figure", href: `${FIGURES}#${rank}${suit}`, four });
    }
  }
  assert.deepEqual(centre("XS"), { kind: "none" });
});

function withStorage(items, fn) {
  const store = new Map(Object.entries(items));
  globalThis.window = { localStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) } };
  try {
    return fn();
  } finally {
    delete globalThis.window;
  }
}

test("every figure the table names is a view of the figures' file", () => {
  const svg = readFileSync(new URL(`../../${FIGURES}`, import.meta.url), "utf8");
  const views = new Set([...svg.matchAll(/<view id="([^"]+)" viewBox="[0-9 ]+"\/>/g)].map((m) => m[1]));
  const named = [];
  for (const suit of "SHDC") {
    for (const rank of "JQK") {
      const drawn = centre(`${rank}${suit}`);
      for (const href of [drawn.href, drawn.four].filter(Boolean)) named.push(href.split("#")[1]);
    }
  }
  assert.equal(named.length, 18);
  assert.deepEqual([...views].sort(), named.sort());
});

test("the card back is kept with the settings; an unknown or missing one falls back to blue", () => {
  assert.deepEqual(BACKS, ["blue", "red"]);
  const saved = (back) => ({ [keys.settings]: JSON.stringify({ v: RECORD_VERSION, back }) });
  assert.equal(withStorage(saved("red"), readSettings).back, "red");
  assert.equal(withStorage(saved("blue"), readSettings).back, "blue");
  for (const bad of ["green", 3, null, ["red"], "RED"]) {
    assert.equal(withStorage(saved(bad), readSettings).back, "blue", String(bad));
  }
  assert.equal(withStorage({}, readSettings).back, "blue");
});
