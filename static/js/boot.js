// Starting the page: the saved board painted before Python has started (warm paint), or on
// a first visit the opening the build wrote (early.js), both found by warm.js (which may
// have painted them already); the engine's start, the opening game (a linked deal, the saved
// game or a new one), the page's life-cycle events and the service worker. The game is
// opened, saved and refreshed through the controller (boot(controller, links), from main.js).

import { clockText } from "./clock.js";
import { titleOf } from "./deals.js";
import { call, startEngine } from "./engine.js";
import { channelName, readBuild, sweep } from "./snapshot.js";
import { notice, toast } from "./notices.js";
import { $, app, elapsed } from "./state.js";
import * as store from "./store.js";
import { draw } from "./table.js";
import { createTabs } from "./tabs.js";
import { watchUpdates } from "./update.js";
import { startBoard, takeOver } from "./warm.js";

let ctl = null;         // the controller (boot)
// A game another tab moved on while this one was hidden, and why ("event", "refused").
let moved = { id: null, why: null };

/** Paint the board warm.js found (a saved game, or a first visit's opening) while Python
 * starts, through the controller (warm.js may have painted it already: the same elements
 * are kept); input waits until the engine has started. Return the opening to be dealt once
 * the engine has started (the table then does not jump), or null. */
function paintStart() {
  takeOver();
  const board = startBoard(window.location.search);
  if (!board) return null;
  if (ctl.paintWarm(board.snapshot, board.names, board.note)) return board.opening;
  // A snapshot we cannot draw: start without the warm paint; the engine decides later.
  if (!board.opening) $("table").replaceChildren($("booting") ?? "");
  return null;
}

function bootFailed(err) {
  $("table").setAttribute("aria-busy", "false");
  document.querySelector("#table .boot-indicator")?.remove();   // no longer shuffling
  // Python came up from this device's memory snapshot and then failed: the next try must not
  // boot from the same snapshot again, so every one of this site's goes (a new one is made).
  if (document.documentElement.dataset.boot === "snapshot" && globalThis.caches) {
    const site = new URL("./", document.baseURI).href;
    sweep(site).catch(() => {});
    readBuild(site).then((build) => store.rememberSnapshotFailure(build, "python"), () => {});
  }
  notice("Python could not start",
    `The card engine did not load (${err.message}). Check that the page was fully downloaded, then try again. Your saved games are kept.`,
    [["Retry", () => window.location.reload(), true]]);
}

// Offline: the service worker (sw.js, written by build.py) precaches the site; a new version
// is offered on the update banner (update.js). It is registered once the engine's start has
// ended (or failed): its precache asks for every file of the site again, which on a first
// visit would compete with the runtime's download.
let registered = false;
/** The service worker's registration, once: when the engine has started (its precache then no
 * longer competes with the runtime's download), or after REGISTER_ANYWAY_MS if it has not, so a
 * first visit on a device too slow to start Python in that time still installs the offline app. */
const REGISTER_ANYWAY_MS = 20000;
/** The tab's session storage, or null where the browser refuses it. */
function sessionOrNull() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function registerServiceWorker() {
  if (registered || !("serviceWorker" in navigator)) return;
  registered = true;
  navigator.serviceWorker.register("./sw.js").then((reg) => watchUpdates(reg, {
    container: navigator.serviceWorker, banner: $("update"), reloadButton: $("update-reload"),
    laterButton: $("update-later"), save: () => ctl.saveNow(), saveAtOnce: () => ctl.saveAtOnce(),
    reload: () => window.location.reload(), setTimeout: (fn, ms) => setTimeout(fn, ms),
    session: sessionOrNull(), now: () => Date.now(),
  })).catch(() => {
    // Not served over HTTP(S), or refused by the browser: the app works online all the same.
  });
}

/** Python's memory snapshot (snapshot.js): the page's own start is said by pyodide-loader.js
 * on <html> (data-boot, data-boot-fallback); the solver's worker says how its start went on a
 * channel, shown here as data-solver-boot, data-solver-boot-fallback and data-snapshot
 * (made: taken, waiting for the page to be idle; stored; failed). A test and diagnostic
 * hook: ?snapshot=now in the address asks the worker to store its snapshot at once instead
 * of after a few idle seconds. */
function watchSnapshot() {
  if (typeof BroadcastChannel !== "function") return;
  const now = new URLSearchParams(window.location.search).get("snapshot") === "now";
  const channel = new BroadcastChannel(channelName(new URL("./", document.baseURI)));
  const data = document.documentElement.dataset;
  // The page's engine starts in a worker, which cannot read localStorage: it asks for the
  // failure remembered here (pyodide-loader.js), and is told it unasked in case it asked first.
  const tellEngine = () => channel.postMessage({ to: "engine", failure: store.readSnapshotFailure() });
  tellEngine();
  channel.onmessage = ({ data: m }) => {
    if (m?.from === "engine") {
      if (m.ask === "failure") tellEngine();
      else if (m.build) store.rememberSnapshotFailure(m.build, m.why);
      return;
    }
    if (m?.from !== "solver") return;
    // A snapshot that failed in the worker (to boot, to be made, or to be kept in a full
    // storage): remembered for its build, which then neither boots from one nor makes one.
    if (m.build && (m.boot || (m.storeFailed && m.quota))) {
      store.rememberSnapshotFailure(m.build, m.why);
    }
    if (m.boot) {
      data.solverBoot = m.boot;
      if (m.fallback) data.solverBootFallback = m.fallback;
      if (m.made) data.snapshot = "made";
      if (m.made && now) channel.postMessage({ store: "now" });
    }
    if (m.stored) data.snapshot = "stored";
    if (m.storeFailed) data.snapshot = "failed";
  };
}

/** Save when the page is hidden or left; run the clock only while it is seen. */
function watchPage() {
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      app.clock.stop();
      ctl.saveAtOnce();        // at once, in case the page is not shown again
      ctl.saveNow();
    } else if (moved.id && moved.id === app.snap?.game) {
      showMovedGame(moved.id, "event");
    } else if (app.ready && app.snap.moveCount > 0) {
      app.clock.start();
    }
  });
  // Leaving: saved at once from the snapshot held (the engine's answer could come too late).
  window.addEventListener("pagehide", () => ctl.saveAtOnce());
  setInterval(() => {
    if (!app.snap) return;
    $("stat-time").textContent = clockText(elapsed());
    // Timed scoring: the engine says how often a time penalty falls (penaltyEvery seconds).
    const every = app.snap.penaltyEvery;
    if (app.ready && every > 0 && app.clock.running && Math.floor(elapsed()) % every === 0) {
      ctl.serial(async () => ctl.accept(await call("snapshot", elapsed()), { persist: false, same: true }));
    }
  }, 1000);
}

/** Another tab saved a newer record of a game this tab holds (tabs.js). The game on the
 * table is reloaded from storage at once, or when this tab is seen again; this tab's own
 * older state is never written back. */
function movedElsewhere(id, why) {
  if (!app.ready || app.snap?.game !== id) return;
  if (document.hidden) {
    moved = { id, why: moved.why === "refused" ? "refused" : why };
    return;
  }
  showMovedGame(id, why);
}

function showMovedGame(id, why) {
  const lost = why === "refused" || moved.why === "refused";
  moved = { id: null, why: null };
  ctl.openGame(id, { fromOtherTab: true });
  toast(`Your ${titleOf(id)} game moved on in another tab, so this tab now shows it as it is there${lost ? "; the last move made here was not kept" : ""}.`);
}

/** Start the page: paint, start the engine, open the game a link or the last visit names
 * (the controller's transitions, and the links' openLink). */
export async function boot(controller, { openLink }) {
  ctl = controller;
  // Which revision of each game's record this tab holds (tabs.js).
  ctl.useTabs(createTabs({ storedRev: store.storedRev, revOf: store.revOf, gameKey: store.keys.game,
    onMoved: movedElsewhere, addListener: (fn) => window.addEventListener("storage", fn) }));
  ctl.showSettings();
  // A link may name a game, a deal and options: ?game=klondike&deal=617&draw=3 (links.js).
  const stored = store.read(store.keys.current);
  // Until the engine has started (and its catalogue says which games there are), paint the
  // saved board of the game the link names, else of the last one played, else the opening.
  const opening = paintStart();
  watchPage();
  watchSnapshot();
  const registerAnyway = setTimeout(registerServiceWorker, REGISTER_ANYWAY_MS);
  try {
    await startEngine();
  } catch (err) {
    clearTimeout(registerAnyway);
    bootFailed(err);
    registerServiceWorker();
    return;
  }
  clearTimeout(registerAnyway);
  registerServiceWorker();
  ctl.started(await call("catalogue"));
  store.write(store.keys.catalogueCache, JSON.stringify({ cards: app.names }));
  $("booting")?.remove();
  app.assist.loadLists(app.catalogue);
  // The game the link names (a bad link is said so), else the last one played, else the
  // catalogue's first.
  const ids = app.catalogue.games.map((g) => g.id);
  if (await openLink(window.location.search)) {
    // The link's game is on the table.
  } else if (opening && ids.includes(opening.game) && !store.read(store.keys.current)) {
    await ctl.newDeal(opening.game, opening.deal);     // the deal painted: nothing jumps
  } else {
    await ctl.openGame(ids.includes(stored) ? stored : ids[0]);
  }
  if (app.snap.moveCount > 0 && app.snap.status === "playing") app.clock.start();
  draw();
  app.assist.refresh();
}
