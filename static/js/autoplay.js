// Automatic moves: safe cards to the foundations one after another, and the finish of a game
// the engine says can certainly be finished. Never while a pointer is down.

import { call } from "./engine.js";
import { play } from "./game-flow.js";
import { app } from "./state.js";

export const AUTO_DELAY_MS = 160;

/** Stop every automatic move: the safe-move timer, a finish in progress, auto-solve. */
export function stopAuto() {
  app.assist.stopSolving();
  clearTimeout(app.autoTimer);
  app.autoTimer = null;
  app.finishing = false;
}

/** Play the next safe move (or start the finish) after a short pause, when asked to. */
export function scheduleAuto() {
  const snap = app.snap;
  if (!app.ready || app.finishing || app.assist.solving || snap.status !== "playing") return;
  clearTimeout(app.autoTimer);
  if (app.settings.autoMove && snap.safe.length) {
    app.autoTimer = setTimeout(function autoStep() {
      app.autoTimer = null;                 // none pending while it runs (keys wait for it)
      if (app.assist.solving || app.finishing) return;   // Solve plays its own moves
      if (app.pointerDown) {                // never move cards under a finger or a mouse
        app.autoTimer = setTimeout(autoStep, AUTO_DELAY_MS);
        return;
      }
      play(app.snap.safe[0], { auto: true });
    }, AUTO_DELAY_MS);
  } else if (app.settings.autoFinish && snap.finish) {
    runFinish();
  }
}

/** Play the engine's finishing moves, one every half pause. */
export function runFinish() {
  if (app.finishing || !app.ready) return;
  const moves = call("finish");
  if (!moves.length) return;
  clearTimeout(app.autoTimer);
  app.finishing = true;
  const step = () => {
    const next = moves.shift();
    if (!next || !app.finishing) {
      app.finishing = false;
      return;
    }
    const played = play(next, { auto: true });
    if (played && moves.length) app.autoTimer = setTimeout(step, AUTO_DELAY_MS / 2);
    else app.finishing = false;
  };
  step();
}
