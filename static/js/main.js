// Composition root: builds the page's parts and wires them together. The rules live in
// Python; the modules named here ask the engine what a gesture means and draw what it returns.
// The game on the table has one owner, the controller: the parts that change it are handed
// the controller (or a few of its transitions) and no module imports another back
// (tests/js/imports.test.mjs checks there is no import cycle).
//
//   controller.js    the owner: named transitions (play, undo, redo, restart, deal, open a
//                    game, automatic moves, settled(), hint, settings), made of
//                      game-flow.js  snapshots, play, after a move, undo/redo/restart
//                      deals.js      new deals, opening a saved game
//                      autoplay.js   safe moves and the finish
//                      settle.js     settled(): waiting for the table to settle (Node tests it)
//   state.js         the state the controller writes and the others read (snapshot, settings,
//                    selection, clock)
//   boot.js          warm paint, engine start, the opening game, service worker
//   early.js         a first visit's opening, a tap before the engine  (no DOM: Node tests it)
//   intents.js       what a tap, drag or drop means        (no DOM: Node tests it)
//   keyboard-nav.js  the keyboard cursor, pick and place   (no DOM: Node tests it)
//   clock.js         elapsed time and its text             (no DOM: Node tests it)
//   table.js, bar.js drawing the table and the bars;  notices.js  words for the player
//   dialog-actions.js what the dialogs (ui.js) ask of the controller
//   links.js         the address bar, Share, opening a link, a game parked meanwhile
//   daily.js         the daily deal dialog;  transfer.js  export and import
//   records.js       the statistics kept;  stats-dialog.js  the Statistics dialog

import { createAssist } from "./assist.js";
import { boot } from "./boot.js";
import { createController } from "./controller.js";
import { bindDaily } from "./daily.js";
import { createDialogActions } from "./dialog-actions.js";
import { call } from "./engine.js";
import { attachKeyboard, attachPointer } from "./input.js";
import { bindHowto, followHowto, isFirstVisit, openHowto } from "./howto.js";
import { createIntents } from "./intents.js";
import { createKeyboard } from "./keyboard-nav.js";
import { createLinks, share, syncAddress } from "./links.js";
import { kindOf } from "./piles.js";
import { announce, hideNotice, notice, showReason } from "./notices.js";
import { $, app } from "./state.js";
import { bindStats } from "./stats-dialog.js";
import { draw } from "./table.js";
import * as store from "./store.js";
import { bindTransfer } from "./transfer.js";
import { bindDialogs } from "./ui.js";
import { takeTap } from "./warm.js";

const controller = createController();
// For the browser tests and the bench, beside window.patienceBridge: whether a transition
// (a move, a deal, an undo) is still on its way to the engine's worker and back.
window.patienceBusy = () => controller.busy();
// The solver's worker starts once the page's engine has started and the table has settled.
let openSolverGate = () => {};
const solverGate = new Promise((resolve) => { openSolverGate = resolve; });
const links = createLinks(controller);
const { play, undo, redo, restart, undoTo, dealRandom, newDeal, randomDeal, hint } = controller;

// The solver's helper borrows these (see assist.js).
const assist = createAssist({
  snap: () => app.snap,
  settings: () => app.settings,
  ready: () => app.ready,
  names: () => app.names,
  call,
  solverGate,
  solverSetup: () => ({ failure: store.readSnapshotFailure() }),
  // a hint's or Solve's: counted; chosen at the position on the table now (app.turn)
  play: (text) => play(text, { auto: true, byTable: false, at: app.turn }),
  undoTo,
  announce: (text) => announce(text),
  notice: (...args) => notice(...args),
  hideNotice: () => hideNotice(),
  draw: () => draw(),
  async dealListed(gameId, options, deal, budget) {
    await newDeal(gameId, deal, options);
    await assist.verified(budget);
  },
  dealAny: (gameId, options, winnable = false) => (winnable ? dealRandom(gameId, options)
    : newDeal(gameId, randomDeal(), options)),
});
controller.connect({ syncAddress, assist });

/** Say why a move was refused: the card shakes and the reason shows beside it. */
function refuse(pile, index, text, { shake = true } = {}) {
  const el = app.geo.piles[pile]?.cards[index];
  if (el && shake) {
    el.classList.remove("shake");
    void el.offsetWidth;
    el.classList.add("shake");
  }
  // For a column's card, under the columns' ends, where the felt is free, rather than over
  // the cards above it.
  const column = (id) => kindOf(app.snap?.layout, id) === "tableau";
  const ends = !column(pile) ? [] : Object.entries(app.geo.piles)
    .filter(([id, g]) => column(id) && !g.overlap).map(([, g]) => g.cards.at(-1) ?? g.el);
  showReason(text, el ?? app.geo.piles[pile]?.el, ends);
}

// A gesture takes its turn (serial) and plays inside it (playNow): see intents.js.
const intents = createIntents({
  app, serial: controller.serial, play: controller.playNow, call, announce, hideNotice, draw, refuse,
  tableBox: () => $("table").getBoundingClientRect(),
  now: () => performance.now(),
  hold: (tap) => controller.holdTap(tap),
});

/** Play the tap made before the engine was ready, once, if the table still shows the board
 * it was made on (the engine then says whether it is a move); else say it was not played. */
function playEarlyTap() {
  if (!app.ready) return;
  const { tap, stale } = controller.takeTap();
  if (tap) intents.tap(tap.pile, tap.index);
  else if (stale) announce("The cards changed while they were being shuffled: your tap was not played. Tap again.");
}
const keyboard = createKeyboard({
  app, intents, call, announce, draw, busy: controller.busy,
  focusPile: (id) => app.geo.piles[id]?.el.focus({ preventScroll: true }),
});

attachPointer($("table"), intents);
attachKeyboard({ ...keyboard, undo, redo, hint });
$("table").addEventListener("focusin", (e) => {
  const p = e.target.closest?.(".pile");
  if (p && app.cursor !== p.dataset.pile) {
    app.cursor = p.dataset.pile;
    for (const el of document.querySelectorAll(".pile.kbd-focus")) el.classList.remove("kbd-focus");
    p.classList.add("kbd-focus");
  }
});
const dialogActions = createDialogActions(controller);
bindDialogs({ ...dialogActions, howto: openHowto });
bindHowto({
  call, draw, play, ready: () => app.ready, snap: () => app.snap,
  saveSettings: (next) => dialogActions.saveSettings(next),
  focusTable: () => document.querySelector("#table .pile[tabindex='0']")?.focus({ preventScroll: true }),
});
controller.watch(followHowto);   // the walk's steps follow the position on the table
bindDaily(controller, links);
bindTransfer(controller);
bindStats(controller);
$("toast-ok").addEventListener("click", () => { $("toast").hidden = true; });
for (const [id, fn] of [["btn-undo", undo], ["btn-redo", redo], ["btn-restart", restart],
  ["btn-new", () => controller.unlessInProgress(app.snap, "Start a new deal?", "New deal", () => dealRandom())], ["btn-finish", controller.runFinish], ["btn-hint", hint],
  ["btn-solve", () => assist.toggleSolve()], ["btn-rewind", () => assist.rewind()],
  ["btn-share", () => share()], ["btn-back", () => links.backToParked()]]) {
  $(id).addEventListener("click", fn);
}
// The table's size changes with the window and with the solver's line above it.
new ResizeObserver(() => draw()).observe($("table"));

// A first visit (nothing stored yet) is walked through its first game once it is dealt and
// its automatic moves have run (the walk's first marks are on the table as it stays).
const firstVisit = isFirstVisit(store.read, store.keys);
const booting = boot(controller, links);   // the board is painted before its first await
// A tap on the board warm.js painted before this module ran: kept and answered as one made
// now would be.
const earlyTap = takeTap();
if (earlyTap) intents.early(earlyTap.pile, earlyTap.index);
booting.then(() => {
  playEarlyTap();
  return controller.settled();
}).then(async () => {
  const shown = firstVisit && !app.settings.howto && await openHowto();
  document.documentElement.dataset.howto = shown ? "shown" : "not-shown";   // said for tests
  // A frame later, the solver's second Pyodide may start (a first visit's walk is on show).
  requestAnimationFrame(() => openSolverGate());
});
