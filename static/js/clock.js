// Elapsed time: a clock that runs only while a game is being played, and its text. Pure: no
// DOM; the time source and the "may it run now" test are passed in.

/** Return a clock: elapsed() in seconds, start(), stop(), reset(base). */
export function createClock({ now, canRun = () => true }) {
  let base = 0;
  let since = null;
  const clock = {
    elapsed: () => base + (since === null ? 0 : (now() - since) / 1000),
    get running() { return since !== null; },
    /** Start counting, if it is not already and the game may run. */
    start() {
      if (since === null && canRun()) since = now();
    },
    stop() {
      base = clock.elapsed();
      since = null;
    },
    /** Stop and set the time already played (a resumed game's). */
    reset(seconds = 0) {
      base = Number(seconds) || 0;
      since = null;
    },
  };
  return clock;
}

/** "0:07", "12:34", "1:02:03". */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
}
