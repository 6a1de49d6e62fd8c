// What the dialogs (ui.js) may ask of the app: the games and their options, resume or deal a
// game, the rules page, the settings, winnable-only deals, a deal by number. What changes the
// game or the settings is a transition of the controller `c` (controller.js).

import { call } from "./engine.js";
import { unlessInProgress } from "./game-flow.js";
import { app } from "./state.js";
import * as store from "./store.js";

/** Make what the dialogs may ask, for the controller `c`. */
export const createDialogActions = (c) => ({
  games: () => app.catalogue?.games ?? [],
  current: () => app.snap?.game,
  hasSave: (id) => store.read(store.keys.game(id)) !== null,
  options: (id) => app.settings.options[id] ?? {},
  /** A picture of a game's opening with these options (Bridge.preview), or an error. */
  preview: (id, options) => call("preview", id, JSON.stringify(options ?? {})),
  resume(id) {
    c.saveNow();
    c.openGame(id);
  },
  newGame(id, options) {
    c.saveNow();
    // The game a new deal replaces: this one, or the one saved for the game chosen.
    const replaced = id === app.snap?.game ? app.snap : store.readGame(id).record?.snapshot;
    unlessInProgress(replaced, "Start a new deal?", "New deal", () => {
      c.setOptions(id, options);
      c.dealRandom(id, options);
    });
  },
  /** The rules page of the game on the table, with its options: {title, html}, or null. */
  async rules() {
    if (!app.ready || !app.snap) return null;
    const page = await call("rules", app.snap.game, JSON.stringify(app.snap.options ?? {}));
    return page.error ? null : page;
  },
  dealRange: () => ({ min: app.catalogue?.minDeal ?? 1, max: app.catalogue?.maxDeal ?? 1 }),
  settings: () => app.settings,
  saveSettings: (next) => c.changeSettings(next),
  winnable: (id) => Boolean(app.settings.winnable?.[id]),
  /** The grade asked of a game's winnable deals (0: any). */
  grade: (id) => (typeof app.settings.winnable?.[id] === "number" ? app.settings.winnable[id] : 0),
  /** The grades a game's winnable deals can be asked for, with its options: [{grade, label}]. */
  grades: (id, options) => app.assist?.grades(id, options ?? app.settings.options[id] ?? {}) ?? [],
  setWinnable: (id, on) => c.setWinnable(id, on),
  playDeal(n) {
    unlessInProgress(app.snap, `Play deal ${n}?`, `Play deal ${n}`, () => c.newDeal(app.snap.game, n));
  },
});
