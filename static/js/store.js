// Storage: a tiny adapter over localStorage. Keys are namespaced and versioned because every
// site of one GitHub Pages user shares an origin. Nothing here throws: a failure comes back
// as a value, so a full or blocked storage never stops play.

const PREFIX = "patience:v1:";
export const RECORD_VERSION = 1;

export const keys = {
  current: `${PREFIX}current`,
  settings: `${PREFIX}settings`,
  catalogueCache: `${PREFIX}catalogue`,
  game: (id) => `${PREFIX}game:${id}`,
  parked: (id) => `${PREFIX}parked:${id}`,   // a game set aside while a shared link is played
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
    && record.snapshot && typeof record.snapshot === "object"
    && record.snapshot.piles && typeof record.snapshot.piles === "object"
    && record.snapshot.layout && Array.isArray(record.snapshot.layout.rows)
    && Number.isInteger(record.snapshot.layout.columns);
  return ok ? { record } : { bad: raw };
}

/** Save a game in progress: the engine's save and the snapshot painted on a warm start.
 * extra: more fields of the record, such as assisted: "solve" for a game the solver played. */
export function writeGame(snap, extra = {}) {
  const { moves, taps, safe, save, ...painted } = snap;
  const record = { ...extra, v: RECORD_VERSION, game: snap.game, save, snapshot: painted };
  return write(keys.game(snap.game), JSON.stringify(record));
}

const DEFAULT_SETTINGS = { autoMove: true, autoFinish: true, fourColour: false, indicator: true, motion: true,
  options: {}, winnable: {} };

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
  for (const name of ["autoMove", "autoFinish", "fourColour", "indicator", "motion"]) {
    if (typeof stored[name] === "boolean") out[name] = stored[name];
  }
  if (stored.options && typeof stored.options === "object" && !Array.isArray(stored.options)) {
    // Only per-game objects of options; anything else is dropped.
    out.options = Object.fromEntries(Object.entries(stored.options).filter(
      ([, v]) => v && typeof v === "object" && !Array.isArray(v)));
  }
  if (stored.winnable && typeof stored.winnable === "object" && !Array.isArray(stored.winnable)) {
    // Only per-game true or false; anything else is dropped.
    out.winnable = Object.fromEntries(Object.entries(stored.winnable).filter(
      ([, v]) => typeof v === "boolean"));
  }
  return out;
}

export function writeSettings(settings) {
  return write(keys.settings, JSON.stringify({ v: RECORD_VERSION, ...settings }));
}
