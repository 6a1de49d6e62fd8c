// Starting games, as transitions of the controller (controller.js): a new deal (by number or
// at random, or a winnable one), and opening a game's saved record, with a bad save set
// aside. `c` is the controller: taking a snapshot, what follows a move and the address are
// reached through it, never imported.

import { call } from "./engine.js";
import { announce, hideNotice, notice } from "./notices.js";
import { recordReplaced, resetMarks, restoreMarks } from "./records.js";
import { app } from "./state.js";
import * as store from "./store.js";

/** A random deal number: one of the first million of the engine's range (short numbers are
 * easier to read out and type again). */
export function randomDeal() {
  const min = app.catalogue?.minDeal ?? 1;
  const max = app.catalogue?.maxDeal ?? 1_000_000;
  return min + randomBelow(Math.max(1, Math.min(1_000_000, max - min + 1)));
}

function randomBelow(n) {
  const x = new Uint32Array(1);
  crypto.getRandomValues(x);
  return x[0] % n;
}

/** The engine's answer to a save, or an error of our own if the engine itself failed. */
async function load(save, gameId) {
  try {
    return await call("load", save, gameId);
  } catch (err) {
    const why = String(err?.message ?? err).slice(0, 200);
    return { error: { kind: "engine", message: `the card engine could not read it (${why})` } };
  }
}

/** A game's title from the catalogue. */
export function titleOf(gameId) {
  return app.catalogue?.games.find((g) => g.id === gameId)?.title ?? gameId;
}

/** Make the deals for the controller `c`; return its transitions. */
export function createDeals(c) {
  /** Deal a random game: when the player asked for winnable deals only, one the solver has
   * won (from the shipped list, or found on this device). */
  async function dealRandom(gameId = app.snap.game, options = null) {
    const opts = options ?? app.settings.options[gameId] ?? {};
    if (!app.settings.winnable?.[gameId] || !app.ready) {
      await newDeal(gameId, randomDeal(), opts);
      return;
    }
    const wanted = app.settings.winnable[gameId];
    const found = await app.assist.winnableDeal(gameId, opts, app.snap?.deal,
      (n) => randomBelow(n), typeof wanted === "number" ? wanted : 0);
    if (!found) return;
    await newDeal(gameId, found.deal, opts);
    await app.assist.verified(found.budget);
    const grade = await app.assist.gradeOf(gameId, opts, found.deal);
    announce(`${app.snap.title}, deal ${found.deal}${grade ? ` (${grade})` : ""}: the solver has won it`);
  }

  /** Deal a game by number, with the given options (else the ones chosen for the game), in
   * its turn (serial). */
  const newDeal = (...args) => c.serial(() => newDealNow(...args));

  async function newDealNow(gameId = app.snap.game, deal = randomDeal(), options = null,
    { keep = false } = {}) {
    c.stopAuto();
    app.selected = null;
    await recordReplaced(gameId, { keep });   // a game played and given up is a loss (records.js)
    resetMarks();
    const opts = options ?? app.settings.options[gameId] ?? {};
    app.daily = null;            // a daily deal is marked as one by its opener (daily.js)
    app.tabs?.adopt(gameId);     // a new deal replaces the stored game, whichever tab saved it
    const result = await call("new", gameId, JSON.stringify(opts), deal);
    if (result.error) {
      // Stored options no longer valid: forget them and deal with the defaults.
      delete app.settings.options[gameId];
      store.writeSettings(app.settings);
      c.accept(await call("new", gameId, "{}", deal));
    } else {
      c.accept(result);
    }
    app.clock.reset(0);
    app.solverPlayed = false;
    app.touched = false;
    app.cursor = null;
    hideNotice("outcome");
    announce(`${app.snap.title}, deal ${deal}`);
    await c.afterMove();
  }

  /** Resume a game's saved record, or deal a new one; a bad save is set aside with a message.
   * The engine checks the save within limits, and that it holds this game: a record holding
   * another game's save is set aside, never opened over that game's own save. fromOtherTab:
   * another tab has just saved this record (tabs.js): show it without writing it back or
   * playing automatic moves (that tab plays them). */
  const openGame = (...args) => c.serial(() => openGameNow(...args));

  async function openGameNow(gameId, { fromOtherTab = false } = {}) {
    c.stopAuto();
    app.selected = null;
    app.cursor = null;
    const { record, bad } = store.readGame(gameId);
    let problem = bad !== undefined ? "it is not a saved game this version of Patience can read" : null;
    if (record) {
      const result = await load(record.save, gameId);
      if (!result.error) {
        app.tabs?.hold(gameId, record.rev ?? 0, result.save);
        app.clock.reset(result.elapsed ?? 0);
        app.solverPlayed = record.assisted === "solve";
        app.daily = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(record.daily ?? "") ? record.daily : null;
        app.touched = record.played !== false;   // false: only automatic moves were made
        restoreMarks(record);
        c.accept(result, { persist: !fromOtherTab });
        if (app.snap.moveCount > 0) app.clock.start();
        if (fromOtherTab) {
          hideNotice("outcome");
          c.syncAddress();           // the address follows the deal the other tab moved on to
        } else {
          await c.afterMove();
        }
        return;
      }
      problem = result.error.message;
    }
    if (problem) {
      const backup = store.setAside(gameId, bad ?? store.read(store.keys.game(gameId)));
      if (!backup) app.protectedSave = gameId;     // could not copy it: never write over it
      await newDealNow(gameId);
      notice("Saved game set aside", backup
        ? `Your saved ${titleOf(gameId)} game could not be resumed: ${problem}. It has been kept under the storage key "${backup}", and a new deal has started. Your other games are untouched.`
        : `Your saved ${titleOf(gameId)} game could not be resumed: ${problem}. The browser's storage is too full to copy it aside, so it is left where it is and this new deal will not be saved over it. Your other games are untouched.`,
        [["OK", () => {}, true]]);
      return;
    }
    await newDealNow(gameId);    // something to play at once
    // ...then a verified deal, in the turn after this one
    if (app.settings.winnable?.[gameId]) dealRandom(gameId);
  }

  return { dealRandom, newDeal, openGame };
}
