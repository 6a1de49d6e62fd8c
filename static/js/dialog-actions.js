// What the dialogs (ui.js) may ask of the app: the games and their options, resume or deal a
// game, the rules page, the settings, winnable-only deals, a deal by number.

import { scheduleAuto } from "./autoplay.js";
import { dealRandom, newDeal, openGame } from "./deals.js";
import { call } from "./engine.js";
import { saveNow, unlessInProgress } from "./game-flow.js";
import { setMotion } from "./motion.js";
import { app } from "./state.js";
import * as store from "./store.js";

export const dialogActions = {
  games: () => app.catalogue?.games ?? [],
  current: () => app.snap?.game,
  hasSave: (id) => store.read(store.keys.game(id)) !== null,
  options: (id) => app.settings.options[id] ?? {},
  /** A picture of a game's opening with these options (Bridge.preview), or an error. */
  preview: (id, options) => call("preview", id, JSON.stringify(options ?? {})),
  resume(id) {
    saveNow();
    openGame(id);
  },
  newGame(id, options) {
    saveNow();
    // The game a new deal replaces: this one, or the one saved for the game chosen.
    const replaced = id === app.snap?.game ? app.snap : store.readGame(id).record?.snapshot;
    unlessInProgress(replaced, "Start a new deal?", "New deal", () => {
      app.settings.options[id] = options;
      store.writeSettings(app.settings);
      dealRandom(id, options);
    });
  },
  /** The rules page of the game on the table, with its options: {title, html}, or null. */
  rules() {
    if (!app.ready || !app.snap) return null;
    const page = call("rules", app.snap.game, JSON.stringify(app.snap.options ?? {}));
    return page.error ? null : page;
  },
  dealRange: () => ({ min: app.catalogue?.minDeal ?? 1, max: app.catalogue?.maxDeal ?? 1 }),
  settings: () => app.settings,
  saveSettings(next) {
    app.settings = { ...app.settings, ...next };
    store.writeSettings(app.settings);
    document.body.classList.toggle("four-colour", app.settings.fourColour);
    setMotion(app.settings.motion !== false);
    scheduleAuto();
    app.assist.refresh();
  },
  winnable: (id) => Boolean(app.settings.winnable?.[id]),
  setWinnable(id, on) {
    app.settings.winnable = { ...app.settings.winnable, [id]: on };
    store.writeSettings(app.settings);
  },
  playDeal(n) {
    unlessInProgress(app.snap, `Play deal ${n}?`, `Play deal ${n}`, () => newDeal(app.snap.game, n));
  },
};
