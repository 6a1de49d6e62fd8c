// Sounds: the notes each one plays (the pure part of the player), and the setting that turns
// them on, off unless the player said so.
import assert from "node:assert/strict";
import { test } from "node:test";

import { readSettings, writeSettings } from "../../static/js/store.js";
import { length, notes } from "../../static/js/sound.js";

test("each sound is a few short notes, started from the given time", () => {
  for (const kind of ["place", "deal", "refuse", "win"]) {
    const list = notes(kind, 10);
    assert.ok(list.length >= 1, kind);
    for (const n of list) {
      assert.ok(n.at >= 10 && n.at + n.dur <= 10 + length(kind) + 1e-9, kind);
      assert.ok(n.dur > 0 && n.gain > 0 && n.gain <= 0.5 && n.freq > 20 && n.to > 20, kind);
      assert.ok(["sine", "triangle", "square", "sawtooth"].includes(n.wave), kind);
    }
    assert.ok(length(kind) > 0 && length(kind) <= 1, kind);
  }
  assert.ok(length("place") < length("win"));
  const deal = notes("deal", 0);
  for (let i = 1; i < deal.length; i += 1) assert.ok(deal[i].at > deal[i - 1].at, "the deal riffles");
});

test("an unknown sound plays nothing", () => {
  assert.deepEqual(notes("fanfare", 0), []);
  assert.equal(length("fanfare"), 0);
});

test("a burst of one sound (an automatic finish) is thinned out, other sounds are not", () => {
  const last = new Map();
  assert.equal(notes("place", 1, last).length, 1);
  assert.equal(notes("place", 1.01, last).length, 0);
  assert.equal(notes("win", 1.01, last).length, 4);
  assert.equal(notes("place", 1.05, last).length, 1);
});

test("sound is off by default, kept when turned on, and off again for a malformed value", () => {
  const stored = new Map();
  globalThis.window = { localStorage: {
    getItem: (k) => stored.get(k) ?? null,
    setItem: (k, v) => { stored.set(k, String(v)); },
    removeItem: (k) => { stored.delete(k); },
  } };
  try {
    assert.equal(readSettings().sound, false);
    writeSettings({ ...readSettings(), sound: true });
    assert.equal(readSettings().sound, true);
    stored.set("patience:v1:settings", JSON.stringify({ v: 1, sound: "loud" }));
    assert.equal(readSettings().sound, false);
  } finally {
    delete globalThis.window;
  }
});
