import assert from "node:assert/strict";
import { test } from "node:test";

import { clockText, createClock } from "../../static/js/clock.js";

test("clock text: minutes and seconds, hours only when there are any", () => {
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(7.9), "0:07");
  assert.equal(clockText(59), "0:59");
  assert.equal(clockText(60), "1:00");
  assert.equal(clockText(754), "12:34");
  assert.equal(clockText(3599), "59:59");
  assert.equal(clockText(3600), "1:00:00");
  assert.equal(clockText(3723), "1:02:03");
  assert.equal(clockText(-3), "0:00");
});

test("the clock counts only while it runs, from the time it was reset to", () => {
  let now = 1000;
  let may = true;
  const clock = createClock({ now: () => now, canRun: () => may });
  assert.equal(clock.elapsed(), 0);
  clock.start();
  now += 2500;
  assert.equal(clock.elapsed(), 2.5);
  clock.start();                       // a second start does not restart the count
  now += 500;
  assert.equal(clock.elapsed(), 3);
  clock.stop();
  now += 10_000;
  assert.equal(clock.elapsed(), 3);
  assert.equal(clock.running, false);
  may = false;
  clock.start();                       // a game that is not being played does not run
  now += 1000;
  assert.equal(clock.elapsed(), 3);
  clock.reset(42);
  assert.equal(clock.elapsed(), 42);
  clock.reset("junk");
  assert.equal(clock.elapsed(), 0);
});
