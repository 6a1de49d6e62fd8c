// Automatic moves, as transitions of the controller (controller.js): safe cards to the
// foundations one after another, and the finish of a game the engine says can certainly be
// finished. Never while a pointer is down. `c` is the controller (its serial, playNow and
// poke): each automatic move takes its turn after whatever the player did before it, and
// plays the safe move of the position then on the table.

import { call } from "./engine.js";
import { app } from "./state.js";

export const AUTO_DELAY_MS = 160;

/** Make the automatic moves for the controller `c`; return its transitions. */
export function createAutoplay(c) {
  /** Stop every automatic move: the safe-move timer, a finish in progress, auto-solve. */
  function stopAuto() {
    app.assist.stopSolving();
    clearTimeout(app.autoTimer);
    app.autoTimer = null;
    app.finishing = false;
    c.poke();
  }

  /** Play the next safe move (or start the finish) after a short pause, when asked to. */
  function scheduleAuto() {
    const snap = app.snap;
    if (!app.ready || app.finishing || app.assist.solving || snap.status !== "playing") return;
    clearTimeout(app.autoTimer);
    if (app.settings.autoMove && snap.safe.length) {
      app.autoTimer = setTimeout(function autoStep() {
        app.autoTimer = null;
        if (app.assist.solving || app.finishing) {       // Solve plays its own moves
          c.poke();
          return;
        }
        if (app.pointerDown) {                // never move cards under a finger or a mouse
          app.autoTimer = setTimeout(autoStep, AUTO_DELAY_MS);
          return;
        }
        const at = app.turn;
        c.serial(async () => {
          // The position moved on meanwhile (a move of the player's): it schedules its own.
          if (at !== app.turn || app.finishing || app.assist.solving || !app.snap.safe.length) return;
          if (!await c.playNow(app.snap.safe[0], { auto: true })) c.poke();
        });
      }, AUTO_DELAY_MS);
    } else if (app.settings.autoFinish && snap.finish) {
      runFinish();
    }
  }

  /** Play the engine's finishing moves, one every half pause, each in its turn. */
  const runFinish = () => c.serial(async () => {
    if (app.finishing || !app.ready) return;
    const moves = await call("finish");
    if (!moves.length) return;
    clearTimeout(app.autoTimer);
    app.finishing = true;
    const step = async () => {
      app.autoTimer = null;
      const next = moves.shift();
      if (!next || !app.finishing) {
        app.finishing = false;
        c.poke();
        return;
      }
      const played = await c.playNow(next, { auto: true });
      if (played && moves.length && app.finishing) {
        app.autoTimer = setTimeout(() => c.serial(step), AUTO_DELAY_MS / 2);
      } else {
        app.finishing = false;
        c.poke();
      }
    };
    await step();
  });

  return { stopAuto, scheduleAuto, runFinish };
}
