// The one owner of the game on the table (STYLE.md 13, as 2048's game manager): the game's
// state in state.js (the snapshot, the deal's marks, the settings, the engine's start)
// changes through the named transitions made here, and the modules that need one are
// handed the controller (main.js) instead of importing one another. Only the input modules
// (intents.js, keyboard-nav.js) keep their selection, cursor and pointer there themselves.
//
//   serial(fn)     run fn (which may await the engine) after every transition before it:
//                  the engine answers asynchronously (engine.js), and the transitions that
//                  ask it take their turns, so a tap, a key, an automatic move and a hint
//                  never interleave or act on a position that has gone (app.turn)
//   busy()         whether a transition is queued or running (a key waits for it)
//   play, undo, redo, restart, undoTo, saveNow, accept   the course of a game (game-flow.js)
//   saveAtOnce()   save the held snapshot with the clock's time, without the engine (pagehide)
//   dealRandom, newDeal, openGame                        starting games (deals.js)
//   scheduleAuto, stopAuto, runFinish                    automatic moves (autoplay.js)
//   settled()      a promise kept once no automatic move is still to come
//   watch(fn)      fn(snapshot) for every snapshot accepted, before it is drawn (howto.js)
//   hint()         the solver's hint; a game in which one was shown is won "with help"
//   paintWarm, started, useTabs, connect   the page's start (boot.js, main.js)
//   holdTap(tap), takeTap()   a tap made on the painted board before the engine was ready,
//                  played once it is (early.js; main.js)
//   markDaily(d), changeSettings(next), reloadSettings(), showSettings(), setOptions(id, options),
//   setWinnable(id, on)
//
// The parts are made with the controller and reach one another through it, so no module
// of the page imports another back (tests/js/imports.test.mjs).

import { createAutoplay } from "./autoplay.js";
import { createDeals, randomDeal, titleOf } from "./deals.js";
import { boardOf, createEarlyTap } from "./early.js";
import { createFlow, unlessInProgress } from "./game-flow.js";
import { setMotion } from "./motion.js";
import { setSound } from "./sound.js";
import { markUsed } from "./records.js";
import { createSettle } from "./settle.js";
import { $, app } from "./state.js";
import * as store from "./store.js";
import { draw } from "./table.js";
import { applyTheme } from "./theme.js";

/** Make the controller; `connect({syncAddress, assist})` then gives it the address bar
 * (links.js) and the solver's helper (assist.js), which are made with it. */
export function createController() {
  // The table is settled once the engine has started and no automatic move is pending or
  // playing (a safe move waiting for its pause, a finish under way): it stays as it is until
  // the player (or the solver) moves.
  let pending = 0;       // transitions queued or running (serial)
  let chain = Promise.resolve();
  const { settled, poke } = createSettle(
    () => app.ready && app.autoTimer === null && !app.finishing && pending === 0);
  const watchers = [];   // watch()'s functions
  const early = createEarlyTap();

  /** Run `fn` once every transition queued before it is over; resolve with its result. A
   * transition never awaits serial() itself (that would wait for its own end). */
  function serial(fn) {
    pending += 1;
    const run = chain.then(fn).finally(() => {
      pending -= 1;
      poke();
    });
    chain = run.catch(() => {});
    return run;
  }

  const c = {
    app,
    serial,
    busy: () => pending > 0,
    titleOf,
    randomDeal,
    unlessInProgress,
    syncAddress: () => {},
    connect,
    useTabs,
    paintWarm,
    started,
    holdTap: (tap) => early.hold(tap, boardOf(app.snap)),
    takeTap: () => early.take(boardOf(app.snap)),
    poke,
    settled,
    watch: (fn) => { watchers.push(fn); },
    tell: () => { for (const fn of watchers) fn(app.snap); },
    hint,
    markDaily,
    changeSettings,
    reloadSettings,
    showSettings,
    setOptions,
    setWinnable,
  };
  Object.assign(c, createFlow(c), createAutoplay(c), createDeals(c));

  function connect({ syncAddress, assist }) {
    c.syncAddress = syncAddress;
    app.assist = assist;
  }

  /** Keep the tabs' revisions (tabs.js): one writer per game across tabs. */
  function useTabs(tabs) {
    app.tabs = tabs;
  }

  /** Paint a saved snapshot (or the first visit's opening) before the engine has started,
   * with `note` said over it while the engine starts; return false (and keep no snapshot)
   * if it cannot be drawn. */
  function paintWarm(snapshot, names, note = null) {
    app.names = names;
    app.waitNote = note;
    app.snap = { ...snapshot, moves: [], taps: {}, safe: [] };
    app.clock.reset(app.snap.elapsed);
    try {
      draw();
      return true;
    } catch {
      app.snap = null;
      return false;
    }
  }

  /** The engine has started: take its catalogue and accept input. */
  function started(catalogue) {
    app.catalogue = catalogue;
    app.names = catalogue.cards;
    app.ready = true;
  }

  /** Ask for a hint once the table has settled (a Hint pressed while a move's automatic
   * moves are still to come is answered, not dropped by them); a game in which one was
   * shown is won "with help" (records.js). */
  async function hint() {
    await settled();
    await app.assist.hint();
    const tip = $("tip");
    if (!tip.hidden && ["win", "guess"].includes(tip.dataset.kind)) markUsed("hint");
  }

  /** Mark the deal on the table as the daily deal of `date` (YYYY-MM-DD), and save it. */
  function markDaily(date) {
    app.daily = date;
    c.saveNow();
  }

  /** Let the page show the settings: the deck's colours, the theme, the card backs, motion
   * and sound (at the start, after a change, after an import). */
  function showSettings() {
    const s = app.settings;
    document.body.classList.toggle("four-colour", s.fourColour);
    applyTheme(s.theme);
    document.body.dataset.back = s.back;
    setMotion(s.motion !== false);
    setSound(s.sound === true);
  }

  /** Show the settings, and let the automatic moves and the solver's line follow them. */
  function follow() {
    showSettings();
    c.scheduleAuto();
    app.assist?.refresh();
  }

  /** Change some settings, keep them, and let the table follow. */
  function changeSettings(next) {
    app.settings = { ...app.settings, ...next };
    store.writeSettings(app.settings);
    follow();
  }

  /** Take the settings as stored (an import has just written them), and follow them. */
  function reloadSettings() {
    app.settings = store.readSettings();
    follow();
  }

  /** Keep the options chosen for a game (its next deals are dealt with them). */
  function setOptions(id, options) {
    app.settings.options[id] = options;
    store.writeSettings(app.settings);
  }

  /** Deal only deals the solver has won in a game (true, or the grade asked for), or any. */
  function setWinnable(id, on) {
    app.settings.winnable = { ...app.settings.winnable, [id]: on };
    store.writeSettings(app.settings);
  }

  return c;
}
