// Automatic moves, as transitions of the controller (controller.js): safe cards to the
// foundations one after another, and the finish of a game the engine says can certainly be
// finished. Never while a pointer is down. `c` is the controller (its play and poke).

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
        if (!c.play(app.snap.safe[0], { auto: true })) c.poke();
      }, AUTO_DELAY_MS);
    } else if (app.settings.autoFinish && snap.finish) {
      runFinish();
    }
  }

  /** Play the engine's finishing moves, one every half pause. */
  function runFinish() {
    if (app.finishing || !app.ready) return;
    const moves = call("finish");
    if (!moves.length) return;
    clearTimeout(app.autoTimer);
    app.finishing = true;
    const step = () => {
      app.autoTimer = null;
      const next = moves.shift();
      if (!next || !app.finishing) {
        app.finishing = false;
        c.poke();
        return;
      }
      const played = c.play(next, { auto: true });
      if (played && moves.length) {
        app.autoTimer = setTimeout(step, AUTO_DELAY_MS / 2);
      } else {
        app.finishing = false;
        c.poke();
      }
    };
    step();
  }

  return { stopAuto, scheduleAuto, runFinish };
}
