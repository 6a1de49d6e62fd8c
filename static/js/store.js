// Storage: a tiny adapter over localStorage. Keys are namespaced and versioned because every
// site of one GitHub Pages user shares an origin. Nothing here throws: a failure comes back
// as a value, so a full or blocked storage never stops play.
//
// A saved-game record (`game:<id>`) is {v: 1, rev, game, save, snapshot, ...extra}: `save` is
// the engine's save text (checked by the engine before use), `snapshot` what is painted
// before Python has started (checked here for shape and size only, see checkSnapshot), and
// `rev` a revision that grows with every write, so that a tab never writes over a newer
// save of another tab (tabs.js).

import { makeFailure, parseFailure } from "./snapshot.js";
import { checkTheme, DEFAULT_THEME } from "./theme.js";

const PREFIX = "patience:v1:";   // theme-early.js reads the settings' key before this runs
export const RECORD_VERSION = 1;

export const keys = {
  current: `${PREFIX}current`,
  settings: `${PREFIX}settings`,
  catalogueCache: `${PREFIX}catalogue`,
  game: (id) => `${PREFIX}game:${id}`,
  parked: (id) => `${PREFIX}parked:${id}`,   // a game set aside while a shared link is played
  stats: (id) => `${PREFIX}stats:${id}`,     // a game's statistics and history (records.js)
  device: `${PREFIX}device`,                 // this browser profile's id in the statistics
  snapshotFailure: `${PREFIX}snapshot-failure`,   // a memory snapshot failed here (snapshot.js)
  backup: (id) => `${PREFIX}backup:${id}:${new Date().toISOString()}`,
};

/** Return the raw text stored under a key, or null. */
export function read(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Store text; return null on success or a message saying why it could not be kept. */
export function write(key, text) {
  try {
    window.localStorage.setItem(key, text);
    return null;
  } catch (err) {
    const full = err && (err.name === "QuotaExceededError" || err.code === 22);
    return full
      ? "The browser's storage for this site is full, so this game is not being saved."
      : "The browser refused to save this game (storage may be disabled).";
  }
}

/** Copy a bad record under a backup key and clear the original; return the backup key, or
 * null when the copy could not be written (the original is then left where it is). */
export function setAside(id, raw) {
  const backup = keys.backup(id);
  if (write(backup, raw ?? "") !== null) return null;
  try {
    window.localStorage.removeItem(keys.game(id));
  } catch {
    // Nothing more can be done; the record stays where it is.
  }
  return backup;
}

/** The most a painted snapshot may hold: piles (and places in a layout row), cards, layout
 * rows, columns of the layout, and characters in any text. Far above any game (two decks, a dozen columns), far below what
 * would freeze the page. */
export const SNAPSHOT_LIMITS = { piles: 64, cards: 1_000, rows: 16, columns: 32, text: 500 };

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const shortText = (x) => typeof x === "string" && x.length <= SNAPSHOT_LIMITS.text;
const count = (x) => Number.isInteger(x) && x >= 0 && x <= 1e9;

const within = (x, most) => Number.isInteger(x) && x >= 0 && x <= most;

/** Tell whether an overlapping row's numbers are ones the table can be drawn from. */
function overlapRow(row, slots) {
  const L = SNAPSHOT_LIMITS;
  return within(row.width, 2 * L.columns) && row.width >= 2 && Number.isFinite(row.step)
    && row.step > 0 && row.step <= 1 && slots.every((s) => isObject(s) && shortText(s.pile)
    && within(s.x, 2 * L.columns - 2) && within(s.y, L.rows));
}

/** Tell whether a painted snapshot is worth drawing: its shape and size only (no rules; the
 * engine's verdict on the save comes when Python has started). Loops are bounded by the
 * limits, never by the snapshot's own sizes, and nothing recurses into it. */
export function checkSnapshot(snap) {
  const L = SNAPSHOT_LIMITS;
  if (!isObject(snap) || !isObject(snap.piles) || !isObject(snap.layout)) return false;
  const names = Object.keys(snap.piles);
  if (names.length === 0 || names.length > L.piles) return false;
  let cards = 0;
  for (const name of names) {
    const pile = snap.piles[name];
    if (!Array.isArray(pile) || name.length > 16) return false;
    cards += pile.length;
    if (cards > L.cards) return false;
    if (!pile.every((c) => c === null || (typeof c === "string" && c.length <= 4))) return false;
  }
  const { rows, columns } = snap.layout;
  if (!Array.isArray(rows) || rows.length > L.rows || !Number.isInteger(columns)
      || columns < 1 || columns > L.columns) return false;
  for (const row of rows) {
    // {kind: "row", slots: [...]}, {kind: "overlap", width, step, slots: [{pile, x, y}]} or
    // an older save's {kind: "triangle", piles: [...]} (games/layouts.py).
    const places = isObject(row) ? row.slots ?? row.piles : null;
    if (!Array.isArray(places) || places.length > L.piles) return false;
    if (row.kind === "overlap" && !overlapRow(row, places)) return false;
  }
  // The engine's words for the piles (their kinds and keys): a short text for each of a few.
  for (const key of ["kinds", "keys"]) {
    const words = snap.layout[key];
    if (words !== undefined && (!isObject(words) || Object.keys(words).length > L.piles
        || !Object.values(words).every(shortText))) return false;
  }
  // The piles no card goes into once empty: a short list of pile names.
  const closed = snap.layout.closed;
  if (closed !== undefined && (!Array.isArray(closed) || closed.length > L.piles
      || !closed.every(shortText))) return false;
  if (snap.ids !== undefined) {
    if (!isObject(snap.ids) || Object.keys(snap.ids).length > L.piles) return false;
    for (const ids of Object.values(snap.ids)) {
      if (!Array.isArray(ids) || ids.length > L.cards) return false;
    }
  }
  if (snap.labels !== undefined && (!isObject(snap.labels)
      || Object.keys(snap.labels).length > L.piles
      || !Object.values(snap.labels).every(shortText))) return false;
  for (const key of ["title", "game", "lastWords", "status"]) {
    if (snap[key] !== undefined && snap[key] !== null && !shortText(snap[key])) return false;
  }
  for (const key of ["moveCount", "history", "deal"]) {
    if (snap[key] !== undefined && snap[key] !== null && !count(snap[key])) return false;
  }
  return snap.elapsed === undefined
    || (Number.isFinite(snap.elapsed) && snap.elapsed >= 0 && snap.elapsed <= 1e9);
}

/** Return the revision of a record's text (0 for none, or a record from before revisions). */
export function revOf(raw) {
  if (typeof raw !== "string") return 0;
  const head = /^\{"rev":(\d{1,15}),/.exec(raw);      // written first by writeGame
  if (head) return Number(head[1]);
  try {
    const rev = JSON.parse(raw)?.rev;
    return count(rev) ? rev : 0;
  } catch {
    return 0;
  }
}

/** Return the revision of the stored record of a game (0 if there is none). */
export const storedRev = (id) => revOf(read(keys.game(id)));

/** Read a saved-game record and check its shape; return {record} or {bad: raw} or {}. */
export function readGame(id) {
  const raw = read(keys.game(id));
  if (raw === null) return {};
  let record;
  try {
    record = JSON.parse(raw);
  } catch {
    return { bad: raw };
  }
  const ok = record && typeof record === "object" && record.v === RECORD_VERSION
    && record.game === id && typeof record.save === "string"
    && (record.rev === undefined || count(record.rev))
    && record.snapshot && typeof record.snapshot === "object"
    && record.snapshot.piles && typeof record.snapshot.piles === "object"
    && record.snapshot.layout && Array.isArray(record.snapshot.layout.rows)
    && Number.isInteger(record.snapshot.layout.columns);
  return ok ? { record } : { bad: raw };
}

/** Save a game in progress: the engine's save and the snapshot painted on a warm start.
 * extra: more fields of the record, such as assisted: "solve" for a game the solver played.
 * rev: the record's revision (tabs.js decides it); by default one more than the stored one,
 * for a deliberate replacement. Return null on success, else why it was not kept. */
export function writeGame(snap, extra = {}, rev = null) {
  const { moves, taps, safe, save, line, ...painted } = snap;
  const next = rev ?? storedRev(snap.game) + 1;
  const record = { rev: next, ...extra, v: RECORD_VERSION, game: snap.game, save, snapshot: painted };
  return write(keys.game(snap.game), JSON.stringify(record));
}

const DEFAULT_SETTINGS = { autoMove: true, autoFinish: true, fourColour: false, indicator: true, motion: true,
  sound: false, back: "blue", theme: DEFAULT_THEME, options: {}, winnable: {} };
/** The card backs Settings offers (the values of its select, the CSS's body[data-back]). */
export const BACKS = ["blue", "red"];

/** Return the settings, falling back to the defaults for anything missing or malformed. */
export function readSettings() {
  let stored = {};
  try {
    stored = JSON.parse(read(keys.settings) ?? "{}") ?? {};
  } catch {
    stored = {};
  }
  if (stored.v !== RECORD_VERSION) stored = {};
  const out = { ...DEFAULT_SETTINGS };
  for (const name of ["autoMove", "autoFinish", "fourColour", "indicator", "motion", "sound"]) {
    if (typeof stored[name] === "boolean") out[name] = stored[name];
  }
  out.theme = checkTheme(stored.theme);   // an unknown theme falls back to the default
  // The version of the How to play walk last closed (howto.js), a whole number.
  if (Number.isSafeInteger(stored.howto) && stored.howto > 0) out.howto = stored.howto;
  if (BACKS.includes(stored.back)) out.back = stored.back;
  if (stored.options && typeof stored.options === "object" && !Array.isArray(stored.options)) {
    // Only per-game objects of options; anything else is dropped.
    out.options = Object.fromEntries(Object.entries(stored.options).filter(
      ([, v]) => v && typeof v === "object" && !Array.isArray(v)));
  }
  if (stored.winnable && typeof stored.winnable === "object" && !Array.isArray(stored.winnable)) {
    // Only per-game true or false, or a grade the engine names (a whole number: only the
    // grades it lists are dealt); anything else is dropped.
    out.winnable = Object.fromEntries(Object.entries(stored.winnable).filter(
      ([, v]) => typeof v === "boolean" || (Number.isSafeInteger(v) && v > 0)));
  }
  return out;
}

export function writeSettings(settings) {
  return write(keys.settings, JSON.stringify({ v: RECORD_VERSION, ...settings }));
}

/** The memory snapshot of Python that failed on this device, with the build it was of
 * ({runtime, app, why}), or null (nothing remembered, or not of the right shape). */
export const readSnapshotFailure = () => parseFailure(read(keys.snapshotFailure));

/** Remember that this build's memory snapshot failed here (`build` from build.json), so
 * this build neither boots from one nor makes one again; a new build tries again. */
export function rememberSnapshotFailure(build, why) {
  return build ? write(keys.snapshotFailure, JSON.stringify(makeFailure(build, why))) : null;
}
