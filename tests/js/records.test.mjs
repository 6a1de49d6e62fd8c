import assert from "node:assert/strict";
import { test } from "node:test";

import {
  chartShapes, chartWords, entryOf, lossDue, marksOf, percent, played, randomId, winDue,
} from "../../static/js/records-core.js";

const snap = (over = {}) => ({ game: "klondike", options: { draw: 3 }, deal: 617, status: "playing",
  moveCount: 12, score: 35, ...over });

test("a game counts as played once the player moved, and only until it is recorded", () => {
  assert.equal(played({ snap: snap(), touched: true, recorded: false }), true);
  assert.equal(played({ snap: snap(), touched: false, recorded: false }), false);     // automatic moves only
  assert.equal(played({ snap: snap({ moveCount: 0 }), touched: true, recorded: false }), false);
  assert.equal(played({ snap: snap(), touched: true, recorded: true }), false);
  assert.equal(played({ snap: null, touched: true, recorded: false }), false);
});

test("a game given up is lost (a stuck one too), never a won one, nor one parked for a link", () => {
  const game = { snap: snap(), touched: true, recorded: false };
  assert.equal(lossDue(game), true);
  assert.equal(lossDue({ ...game, snap: snap({ status: "stuck" }) }), true);
  assert.equal(lossDue({ ...game, snap: snap({ status: "won" }) }), false);
  assert.equal(lossDue(game, { keep: true }), false);
  assert.equal(lossDue({ ...game, recorded: true }), false);
});

test("a win is due once", () => {
  assert.equal(winDue({ snap: snap({ status: "won" }), recorded: false }), true);
  assert.equal(winDue({ snap: snap({ status: "won" }), recorded: true }), false);
  assert.equal(winDue({ snap: snap(), recorded: false }), false);
});

test("marks come from the saved record, an old assisted: solve included", () => {
  assert.deepEqual([...marksOf({ marks: ["undo", "hint", "undo", "cheat"] })].sort(), ["hint", "undo"]);
  assert.deepEqual([...marksOf({ assisted: "solve" })], ["solve"]);
  assert.deepEqual([...marksOf({ marks: "hint" })], []);
  assert.deepEqual([...marksOf(undefined)], []);
});

test("the entry carries the game, its options, the result and the marks in their order", () => {
  const now = new Date(Date.UTC(2026, 10, 24, 8, 37, 24, 123));
  const e = entryOf({ snap: snap({ status: "won" }), marks: new Set(["undo", "hint"]), seconds: 93.6,
    daily: "2026-11-24", id: "abc", now });
  assert.deepEqual(e, { id: "abc", game: "klondike", options: { draw: 3 }, deal: 617, result: "won",
    marks: ["hint", "undo"], seconds: 93, moves: 12, score: 35, ended: "2026-11-24T08:37:24.123Z",
    daily: "2026-11-24" });
  const lost = entryOf({ snap: snap({ score: null }), marks: new Set(), seconds: -2, daily: "today",
    id: "x", now });
  assert.equal(lost.result, "lost");
  assert.equal(lost.score, null);
  assert.equal(lost.seconds, 0);
  assert.equal(lost.daily, null);
});

test("random ids are letters, digits and dashes, and differ", () => {
  const fake = { getRandomValues: (a) => { a.forEach((_, i) => { a[i] = i * 17; }); return a; } };
  assert.match(randomId(fake), /^[0-9a-f]{32}$/);
  const real = globalThis.crypto;
  assert.match(randomId(real), /^[A-Za-z0-9-]{1,64}$/);
  assert.notEqual(randomId(real), randomId(real));
});

test("rates read as whole percentages", () => {
  assert.equal(percent(null), "–");
  assert.equal(percent(0), "0%");
  assert.equal(percent(2 / 3), "67%");
  assert.equal(percent(1), "100%");
});

test("the chart: wins up, losses down, solver's wins shorter, the rate line across", () => {
  const series = [{ kind: "won", rate: 1 }, { kind: "lost", rate: 0.5 }, { kind: "solved", rate: 1 / 3 },
    { kind: "helped", rate: 0.25 }];
  const { bars, line } = chartShapes(series, 200, 100);
  assert.equal(bars.length, 4);
  assert.ok(bars[0].y + bars[0].h <= 50 && bars[0].h === 45);       // up from the middle
  assert.ok(bars[1].y === 50 && bars[1].h === 45);                  // down from it
  assert.ok(bars[2].h < bars[0].h && bars[2].y + bars[2].h <= 50);  // the solver's: shorter
  assert.deepEqual(bars.map((b) => b.kind), ["won", "lost", "solved", "helped"]);
  for (const b of bars) assert.ok(b.x >= 0 && b.x + b.w <= 200);
  assert.equal(line, "25,0 75,50 125,66.7 175,75");
  assert.deepEqual(chartShapes([], 200, 100), { bars: [], line: "" });
});

test("the chart's text alternative says what it shows", () => {
  assert.equal(chartWords([]), "No games yet.");
  assert.equal(chartWords([{ kind: "won", rate: 1 }, { kind: "lost", rate: 0.5 }]),
    "The last 2 games, oldest first: 1 won on your own, 0 with help, 0 solved by the solver, 1 lost. "
    + "Win rate after the latest: 50%.");
});
