// The hint's arrow: from the cards that go to the edge of the box where they go.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cueEnds, cueLine } from "../../static/js/hint-cue.js";

const box = { x: 100, y: 0, w: 40, h: 60 };

test("the arrow ends at the box's edge, short by its gap", () => {
  const line = cueLine({ x: 0, y: 30 }, box, 8);
  assert.deepEqual(line, { x1: 0, y1: 30, x2: 92, y2: 30 });
  const down = cueLine({ x: 120, y: 200 }, box, 0);
  assert.equal(down.x2, 120);
  assert.equal(down.y2, 60);
});

test("a slanted arrow enters through the side it meets first", () => {
  const line = cueLine({ x: 0, y: 130 }, box, 0);     // towards (120, 30): 120 across, 100 up
  // It crosses x = 100 at y = 30 + 100 * 20 / 120, inside the box's height: the left side.
  assert.ok(Math.abs(line.x2 - 100) < 1e-9);
  assert.ok(line.y2 > 0 && line.y2 < 60);
});

test("no arrow from inside the box or too short to see", () => {
  assert.equal(cueLine({ x: 110, y: 10 }, box), null);
  assert.equal(cueLine({ x: 95, y: 30 }, box), null);
});

test("the ends come from the marks: the first card that goes, the target's top card or pile", () => {
  const geo = {
    cardW: 40, cardH: 60,
    piles: {
      t1: { x: 0, y: 100, w: 40, spots: [{ x: 0, y: 100 }, { x: 0, y: 120 }] },
      t2: { x: 100, y: 100, w: 40, spots: [{ x: 100, y: 100 }] },
      c1: { x: 200, y: 0, w: 40, spots: [] },
    },
  };
  const marks = [{ pile: "t1", index: 1, cls: "hint" }, { pile: "t2", index: 0, cls: "hint-target" }];
  assert.deepEqual(cueEnds(geo, marks), {
    from: { x: 20, y: 120 + 60 * 0.22 }, box: { x: 100, y: 100, w: 40, h: 60 } });
  const empty = [{ pile: "t1", index: 1, cls: "hint" }, { pile: "c1", index: null, cls: "hint-target" }];
  assert.deepEqual(cueEnds(geo, empty).box, { x: 200, y: 0, w: 40, h: 60 });
  assert.equal(cueEnds(geo, [{ pile: "stock", index: null, cls: "hint-target" }]), null);
  assert.equal(cueEnds(geo, [marks[0], { ...marks[1], pile: "t1" }]), null);
});
