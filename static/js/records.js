// Recording games in the statistics: a win once when it happens, a loss when a game in
// progress is given up for a new deal. The page builds the entry; the engine checks it and
// keeps the record (py/patience/records.py); this module reads, merges and writes it.
//
// Two tabs: every write reads the stored record afresh and adds to it, and a record that
// could not be written (a full storage) is held and merged in at the next write
// (records_merge), so nothing is lost or counted twice. A record the engine cannot read is
// set aside under a backup key with a message, and a fresh one started.

import { call } from "./engine.js";
import { toast } from "./notices.js";
import { entryOf, lossDue, marksOf, randomId, winDue } from "./records-core.js";
import { app, elapsed, solvedBySolver } from "./state.js";
import * as store from "./store.js";

const held = new Map();      // game id -> a record not yet written (JSON text)
let fullWarned = false;

/** Note help used in the game on the table: "hint", "undo" or "solve". */
export function markUsed(mark) {
  if (app.snap && !app.recorded) app.marks.add(mark);
}

/** Start a new game's marks (a new deal). */
export function resetMarks() {
  app.marks = new Set();
  app.recorded = false;
}

/** Take a saved-game record's marks and whether it is recorded (opening a saved game). */
export function restoreMarks(record) {
  app.marks = marksOf(record);
  app.recorded = record?.recorded === true;
}

/** The fields the saved-game record keeps for the statistics (game-flow.js save()). */
export function recordFields() {
  if (solvedBySolver() && app.snap?.moveCount > 0) app.marks.add("solve");
  return { marks: [...app.marks], recorded: app.recorded, played: app.touched };
}

/** This browser profile's id in the statistics (made once, kept in storage). */
function device() {
  let id = store.read(store.keys.device);
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
    id = `d${randomId(crypto).replaceAll("-", "").slice(0, 16)}`;
    store.write(store.keys.device, id);
  }
  return id;
}

/** Add an entry to its game's statistics; return the engine's line for the win notice. */
async function addToStats(entry) {
  const key = store.keys.stats(entry.game);
  const raw = store.read(key) ?? "";
  const text = JSON.stringify(entry);
  let answer = await call("records_add", raw, text, device());
  if (answer.error?.kind === "bad_record") {
    setAside(entry.game, raw, answer.error.message);
    answer = await call("records_add", "", text, device());
  }
  if (answer.error) {
    toast(`This game could not be added to your statistics: ${answer.error.message}`);
    return "";
  }
  let out = JSON.stringify(answer.record);
  const waiting = held.get(entry.game);
  if (waiting) {
    const merged = await call("records_merge", out, waiting);
    if (!merged.error) out = JSON.stringify(merged.record);
  }
  const problem = store.write(key, out);
  if (problem) {
    held.set(entry.game, out);
    if (!fullWarned) toast(`Your statistics could not be saved: ${problem.replace("this game is", "they are")} They are kept while this page stays open.`);
    fullWarned = true;
  } else {
    held.delete(entry.game);
    fullWarned = false;
  }
  return answer.note ?? "";
}

/** Keep a statistics record the engine cannot read under a backup key, and say so. */
export function setAside(gameId, raw, why) {
  const backup = store.keys.backup(`stats:${gameId}`);
  const kept = raw && store.write(backup, raw) === null;
  if (kept || !raw) {
    try {
      window.localStorage.removeItem(store.keys.stats(gameId));
    } catch {
      // Storage refused: the next write replaces it.
    }
  }
  const title = app.catalogue?.games.find((g) => g.id === gameId)?.title ?? gameId;
  toast(kept ? `Your ${title} statistics could not be read (${why}), so they have been kept aside under the storage key "${backup}" and new ones started. Your other games are untouched.`
    : `Your ${title} statistics could not be read (${why}). New ones have been started.`);
}

/** Record the game on the table as won, once; resolve with the line for the win notice. */
export async function recordWin() {
  const game = { snap: app.snap, touched: app.touched, recorded: app.recorded };
  if (!app.ready || !winDue(game)) return "";
  if (solvedBySolver()) app.marks.add("solve");
  app.recorded = true;
  return addToStats(entryOf({ snap: app.snap, marks: app.marks, seconds: elapsed(), daily: app.daily,
    id: randomId(crypto), now: new Date() }));
}

/** Before a new deal of `gameId`: record the game it replaces as lost, if one was played
 * and not won (the game on the table, or that game's saved one). keep: the game is parked,
 * not replaced. */
export async function recordReplaced(gameId, { keep = false } = {}) {
  if (!app.ready || keep) return;
  if (app.snap && app.snap.game === gameId) {
    if (solvedBySolver() && app.snap.moveCount > 0) app.marks.add("solve");
    const game = { snap: app.snap, touched: app.touched, recorded: app.recorded };
    if (!lossDue(game)) return;
    app.recorded = true;
    await addToStats(entryOf({ snap: app.snap, marks: app.marks, seconds: elapsed(), daily: app.daily,
      id: randomId(crypto), now: new Date() }));
    return;
  }
  const saved = store.readGame(gameId).record;
  if (!saved) return;
  const game = { snap: saved.snapshot, touched: saved.played !== false, recorded: saved.recorded === true };
  if (!lossDue(game)) return;
  await addToStats(entryOf({ snap: saved.snapshot, marks: marksOf(saved), seconds: saved.snapshot.elapsed,
    daily: saved.daily, id: randomId(crypto), now: new Date() }));
}
