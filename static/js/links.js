// Links to a deal. The address bar keeps the link of the deal on the table; Share gives it
// away (the Web Share API where the device has one, else the clipboard); a link opened at
// start-up deals what it names. A game in progress of the linked game waits, parked under
// its own key, and "Back to your game" swaps it back: nothing is lost. The engine reads and
// writes the links (link_parse, link_make) and says what is wrong with a bad one. Opening a
// link and going back to a parked game are transitions made with the controller
// (createLinks(controller), in main.js).

import { titleOf } from "./deals.js";
import { call } from "./engine.js";
import { unlessInProgress } from "./game-flow.js";
import { notice, toast } from "./notices.js";
import { recordReplaced } from "./records.js";
import { $, app, inProgress } from "./state.js";
import * as store from "./store.js";

let shown = null;       // the deal whose link the address bar holds: "game|deal|options"

const optionsKey = (options) => JSON.stringify(Object.entries(options ?? {}).sort());

/** Tell whether two full option sets are the same choices. */
export const sameOptions = (a, b) => optionsKey(a) === optionsKey(b);

/** Return the query of the link to the deal on the table ("" for a game with no number). */
async function queryOf(snap) {
  if (!snap?.deal) return "";
  const made = await call("link_make", snap.game, JSON.stringify(snap.options ?? {}), snap.deal);
  return made.error ? "" : made.query;
}

/** Keep the link of the deal on the table in the address bar (the app's own path kept), and
 * offer "Back to your game" while a game of this game waits, parked. */
export async function syncAddress() {
  const snap = app.snap;
  if (!app.ready || !snap) return;
  const key = `${snap.game}|${snap.deal}|${optionsKey(snap.options)}`;
  showBack();                 // a game parked or brought back by another tab, or an import
  if (key === shown) return;
  shown = key;
  const url = `${window.location.pathname}${await queryOf(snap)}`;
  if (shown !== key) return;         // the table moved on meanwhile: its own call writes it
  if (url !== `${window.location.pathname}${window.location.search}`) {
    window.history.replaceState(window.history.state, "", url);
  }
}

const isDate = (text) => /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(text ?? "");

/** Read the parked game of a game: {record} (shaped like a saved game), {bad: raw} or {}. */
export function readParked(gameId) {
  const raw = store.read(store.keys.parked(gameId));
  if (raw === null) return {};
  try {
    const r = JSON.parse(raw);
    const ok = r && typeof r === "object" && r.game === gameId && typeof r.save === "string"
      && r.snapshot && typeof r.snapshot === "object" && !Array.isArray(r.snapshot)
      && (r.daily === undefined || isDate(r.daily));
    if (ok) return { record: r };
  } catch {
    // Not JSON: set aside below.
  }
  return { bad: raw };
}

function removeKey(key) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: the key stays, and is offered again.
  }
}

/** Set a parked record that cannot be read aside under a backup key, with a message. */
function setParkedAside(gameId, raw) {
  const backup = store.keys.backup(`parked:${gameId}`);
  if (store.write(backup, raw) !== null) {
    toast(`The ${titleOf(gameId)} game that was waiting could not be read, and the storage is too full to copy it aside; it is left where it is.`);
    return;
  }
  removeKey(store.keys.parked(gameId));
  toast(`The ${titleOf(gameId)} game that was waiting could not be read. It has been kept under the storage key "${backup}".`);
}

/** Describe a saved game's snapshot in a few words: "deal 617, 12 moves". */
function describe(snap) {
  const n = snap?.moveCount ?? 0;
  return `${snap?.deal ? `deal ${snap.deal}` : "a set position"}, ${n} move${n === 1 ? "" : "s"}`;
}

/** The parked game of the game on the table, in words, or null when there is none. */
export function parkedInWords() {
  const gameId = app.snap?.game;
  const { record } = gameId ? readParked(gameId) : {};
  return record ? `${titleOf(gameId)}, ${describe(record.snapshot)}` : null;
}

function showBack() {
  const button = $("btn-back");
  if (!button) return;
  const words = parkedInWords();
  button.hidden = words === null;
  button.title = words ? `Back to your game: ${words}` : "";
}

/** Park the saved game of a game; return true when it is safely kept. */
function park(gameId) {
  const { record } = store.readGame(gameId);
  return Boolean(record) && store.write(store.keys.parked(gameId), JSON.stringify(record)) === null;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Share the deal on the table: the device's share sheet, else the clipboard, else the
 * link shown to copy by hand; each says so. */
export async function share() {
  const snap = app.snap;
  if (!app.ready || !snap) return;
  const query = await queryOf(snap);
  if (!query) {
    toast("This game was set up from a position, not dealt by number, so there is no link to it.");
    return;
  }
  const url = new URL(query, window.location.href).href;
  const what = `${snap.title}, deal ${snap.deal}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: `Patience: ${what}`, text: `Play ${what} in Patience`, url });
      toast(`Shared a link to ${what}.`);
      return;
    } catch (err) {
      if (err?.name === "AbortError") return;   // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(`Link copied: ${url} opens ${what} with these options.`);
  } catch {
    notice("Share this deal", `Copy this link to share ${what}: ${url}`, [["OK", () => {}, true]]);
  }
}

/** Make the link transitions for the controller `c`: opening a link, back to a parked game. */
export function createLinks(c) {
  /** Swap the parked game of the game on the table with the one on the table. The one on the
   * table waits in its place if it has been started; a deal not yet played is simply left. */
  async function backToParked() {
    const gameId = app.snap?.game;
    if (!gameId || !app.ready) return;
    await c.saveNow();
    const parkedRaw = store.read(store.keys.parked(gameId));
    const { record, bad } = readParked(gameId);
    if (bad !== undefined) {
      setParkedAside(gameId, bad);
      showBack();
      return;
    }
    if (!record) return;
    const mine = store.readGame(gameId).record;
    const started = inProgress(app.snap);
    if (started && mine && store.write(store.keys.parked(gameId), JSON.stringify(mine)) !== null) {
      toast("The browser's storage is too full to set this game aside, so your other game cannot come back yet. Nothing has changed.");
      return;
    }
    const { v, rev, game, save, snapshot, ...extra } = record;   // a new revision is written
    const problem = store.writeGame({ ...snapshot, save }, extra);
    if (problem) {
      store.write(store.keys.parked(gameId), parkedRaw);
      toast(`Your other game could not come back: ${problem} Nothing has changed.`);
      return;
    }
    if (!started || !mine) removeKey(store.keys.parked(gameId));
    if (!started) recordReplaced(gameId);      // a stuck game left for the other is a game lost
    shown = null;
    c.openGame(gameId);
    toast(started ? `Back to your game. The ${titleOf(gameId)} game you left waits in its place: "Back to your game" swaps them again.`
      : "Back to your game.");
  }

  /** Open what the page's address names; return false when it names nothing playable (the
   * caller then opens the player's own game). A bad link is said in words. */
  async function openLink(query) {
    // Options the link leaves out that only change the score are the player's own.
    const link = await call("link_parse", query, JSON.stringify(app.settings.options ?? {}));
    if (link.none) return false;
    if (link.error) {
      notice("This link cannot be opened",
        `${capital(link.error.message)}. Here is your own game instead.`, [["OK", () => {}, true]], "passing");
      return false;
    }
    const { game, options, named } = link;
    const before = store.read(store.keys.current);
    const saved = store.readGame(game).record?.snapshot;
    const asked = link.deal !== null || named.length > 0;
    const same = saved && (link.deal === null || saved.deal === link.deal)
      && (named.length === 0 && link.deal === null || sameOptions(saved.options, options));
    if (!asked || same) {
      await c.openGame(game);
      return true;
    }
    const deal = link.deal ?? undefined;      // options alone: a new deal with them
    const running = saved && saved.moveCount > 0 && saved.status === "playing";
    const title = titleOf(game);
    if (running && readParked(game).bad !== undefined) setParkedAside(game, readParked(game).bad);
    if (running && readParked(game).record) {
      // A game already waits: the one in progress may be replaced only if the player says so.
      await c.openGame(game);
      const what = deal ? `deal ${deal}` : "a new deal";
      unlessInProgress(app.snap, `Play ${title} ${what}?`, `Play ${what}`,
        () => c.newDeal(game, deal, options),
        "Another of your games is already waiting, so this one cannot be set aside too.");
      return true;
    }
    if (running && !park(game)) {
      await c.openGame(game);
      notice("The link's deal is not dealt",
        `Your ${title} game in progress could not be set aside (the browser's storage is full), so it stays on the table.`,
        [["OK", () => {}, true]]);
      return true;
    }
    // Parked, it is kept; a stuck game given up for the link's deal is a game lost.
    await c.newDeal(game, deal, options, { keep: Boolean(running) });
    const other = before && before !== game ? store.readGame(before).record?.snapshot : null;
    if (running) {
      notice(`${title}, deal ${app.snap.deal}`,
        `The link's deal is on the table. Your own ${title} game (${describe(saved)}) is kept, waiting: "Back to your game" in the menu brings it back.`,
        [["Play this deal", () => {}, true], ["Back to your game", backToParked]], "passing");
    } else if (other && other.moveCount > 0 && other.status === "playing") {
      notice(`${title}, deal ${app.snap.deal}`,
        `The link's deal is on the table. Your ${titleOf(before)} game (${describe(other)}) is kept: Games brings it back.`,
        [["Play this deal", () => {}, true], [`Back to ${titleOf(before)}`, () => { c.saveNow(); c.openGame(before); }]], "passing");
    }
    return true;
  }

  return { backToParked, openLink };
}
