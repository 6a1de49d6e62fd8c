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
      assert.deepEqual(centre(`${rank}${suit}`), { kind: "figure", href: `${FIGURES}#${rank}${suit}` });
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

test("every pip place has its class in app.css (the page allows no style attributes)", () => {
  const css = readFileSync(new URL("../../static/css/app.css", import.meta.url), "utf8");
  for (const rank of Object.keys(SPOT)) {
    for (const p of centre(`${rank}S`).pips) {
      const x = Math.round(p.x * 100);
      const y = Math.round(p.y * 100);
      const left = css.match(new RegExp(`\\.card \\.px${x} \\{ left: ([0-9.]+)%?; \\}`));
      assert.ok(left, `px${x}`);
      assert.ok(Math.abs(Number(left[1]) - p.x * 100) < 0.01, `px${x}: ${left[1]}`);
      const top = css.match(new RegExp(`\\.card \\.py${y} \\{ top: ([0-9.]+)%?; \\}`));
      assert.ok(top, `py${y}`);
      assert.ok(Math.abs(Number(top[1]) - p.y * 100) < 0.01, `py${y}: ${top[1]}`);
    }
  }
});
