// Waiting for the table to settle: a promise kept once no automatic move is still to come.
// The controller (controller.js) pokes it at the end of every transition that may have
// settled the table; the check waits for the transition to finish (a microtask), since a
// move's snapshot comes before the next automatic move is scheduled. No DOM: Node tests it
// (tests/js/settle.test.mjs).

/** Make settled() and poke() over `idle()`, which tells whether the table is settled. */
export function createSettle(idle) {
  let waiting = [];      // settled()'s promises still to keep

  /** Resolve once the table is settled (at once if it is). */
  function settled() {
    if (idle()) return Promise.resolve();
    return new Promise((resolve) => { waiting.push(resolve); });
  }

  /** Keep settled()'s promises if the table is settled once the present transition is over. */
  function poke() {
    if (!waiting.length) return;
    queueMicrotask(() => {
      if (!idle()) return;
      const kept = waiting;
      waiting = [];
      for (const resolve of kept) resolve();
    });
  }

  return { settled, poke };
}
