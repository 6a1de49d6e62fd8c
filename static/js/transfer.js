// Taking your data elsewhere: Export writes every game's statistics and history, the saved
// games (and any game waiting while a shared link is played) and the settings to one JSON
// file; Import reads such a file, which the engine checks whole (bundle_check) and merges
// into what this browser holds (bundle_merge), losing nothing that is here. A bad file
// changes nothing and is said so in words. The file's format: py/patience/bundle.py.

import { call } from "./engine.js";
import { notice, toast } from "./notices.js";
import { $, app } from "./state.js";
import * as store from "./store.js";

let ctl = null;         // the controller (bindTransfer)

function parsed(text) {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;   // unreadable here: left out (its own module sets it aside)
  }
}

/** Gather this browser's records in the export file's sections (records that are not even
 * JSON are left out, untouched; the engine checks the rest: bundle_make, bundle_merge). */
export function gather() {
  const out = { exported: new Date().toISOString(), stats: {}, games: {}, parked: {},
    settings: parsed(store.read(store.keys.settings)) ?? null,
    current: store.read(store.keys.current) };
  for (const { id } of app.catalogue?.games ?? []) {
    const stats = typeof store.keys.stats === "function" ? parsed(store.read(store.keys.stats(id))) : undefined;
    if (stats && typeof stats === "object") out.stats[id] = stats;
    const { record } = store.readGame(id);
    if (record) out.games[id] = record;
    const parked = parsed(store.read(store.keys.parked(id)));
    if (parked && typeof parked === "object") out.parked[id] = parked;
  }
  if (!app.catalogue?.games.some((g) => g.id === out.current)) out.current = null;
  return out;
}

/** Download everything as one file. */
export async function exportData() {
  if (!app.ready) return;
  await ctl.saveNow();
  // The engine writes the file, leaving out (and naming) any record it cannot read, so that
  // one bad record never makes the whole file impossible to import.
  const made = await call("bundle_make", JSON.stringify(gather()));
  if (made.error) {
    toast(`Nothing was exported: ${made.error.message}.`);
    return;
  }
  const data = made.file;
  const blob = new Blob([JSON.stringify(data)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `patience-${data.exported.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const n = Object.keys(data.stats).length;
  const g = Object.keys(data.games).length + Object.keys(data.parked).length;
  const left = made.left.length ? ` Left out, as they cannot be read: ${made.left.join("; ")}.` : "";
  toast(`Exported to ${a.download}: statistics of ${n} game${n === 1 ? "" : "s"}, ${g} saved game${g === 1 ? "" : "s"} and your settings.${left}`);
}

/** Write what the engine's merge says changes; return the problems met. */
function writeMerged(write) {
  const problems = [];
  const note = (problem) => { if (problem) problems.push(problem); };
  for (const [id, record] of Object.entries(write.stats ?? {})) {
    if (typeof store.keys.stats === "function") note(store.write(store.keys.stats(id), JSON.stringify(record)));
  }
  for (const [id, record] of Object.entries(write.games ?? {})) {
    const { v, rev, game, save, snapshot, ...extra } = record;   // a new revision is written
    if (game === id) note(store.writeGame({ ...snapshot, game: id, save }, extra));
  }
  for (const [id, record] of Object.entries(write.parked ?? {})) {
    note(store.write(store.keys.parked(id), JSON.stringify(record)));
  }
  if (write.settings) {
    note(store.write(store.keys.settings, JSON.stringify(write.settings)));
    ctl.reloadSettings();
  }
  if (write.current) note(store.write(store.keys.current, write.current));
  return problems;
}

/** Import a file chosen by the player. */
export async function importFile(file) {
  if (!file || !app.ready) return;
  if (file.size > (await call("bundle_limits")).maxBytes) {
    notice("This file cannot be imported", `It is ${(file.size / 1e6).toFixed(1)} MB, far larger than a Patience export can be. Nothing was changed.`,
      [["OK", () => {}, true]]);
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch {
    notice("This file cannot be imported", "The browser could not read it. Nothing was changed.", [["OK", () => {}, true]]);
    return;
  }
  // A bad file is refused before anything here is written, the game on the table included.
  const checked = await call("bundle_check", text);
  if (!checked.error) await ctl.saveNow();
  const answer = checked.error ? checked : await call("bundle_merge", JSON.stringify(gather()), text);
  if (answer.error) {
    notice("This file cannot be imported", `${answer.error.message.charAt(0).toUpperCase()}${answer.error.message.slice(1)}. Nothing was changed.`,
      [["OK", () => {}, true]]);
    return;
  }
  const problems = writeMerged(answer.write);
  // The deal on the table gave way to the file's game of the same game: show that game.
  if (answer.write.games?.[app.snap?.game]) await ctl.openGame(app.snap.game);
  const report = answer.report.join(" ");
  notice(problems.length ? "Imported in part" : "Imported",
    problems.length ? `${report} But not everything could be written: ${problems[0]}` : report,
    [["OK", () => {}, true]]);
  window.dispatchEvent(new CustomEvent("patience:imported"));
}

/** Wire the Settings dialog's Export and Import (main.js calls this once, with the
 * controller that saves and opens games). */
export function bindTransfer(controller) {
  ctl = controller;
  $("btn-export").addEventListener("click", () => exportData());
  $("import-file").addEventListener("change", async (e) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    $("dlg-settings").close();
    await importFile(file);
  });
}
