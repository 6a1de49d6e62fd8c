// The course of a game, as transitions of the controller (controller.js): taking the
// engine's snapshots, playing a move, what follows a move (won, stuck, automatic moves),
// undo, redo and restart. `c` is the controller: its other transitions (automatic moves,
// deals, the address) are reached through it, never imported.

import { clockText } from "./clock.js";
import { call } from "./engine.js";
import { announce, ask, hideNotice, notice, toast, winNotice } from "./notices.js";
import { markUsed, recordFields, recordWin } from "./records.js";
import { app, elapsed, inProgress, solvedBySolver } from "./state.js";
import * as store from "./store.js";
import { draw } from "./table.js";

/** Make the game's course for the controller `c`; return its transitions. */
export function createFlow(c) {
  /** Take a snapshot (or an error) from the engine; return true if it was a snapshot.
   * same: the position on the table again (its time played), so no answer asked at the
   * position before goes stale. */
  function accept(result, { persist = true, same = false } = {}) {
    if (result.error) {
      announce(result.error.message);
      return false;
    }
    if (!same) app.turn += 1;
    app.snap = result;
    app.assist.sync();
    c.tell();             // what follows the position (the How to play walk), before drawing
    draw();
    if (persist) save();  // after drawing: the move reaches the screen first, in the same task
    c.poke();             // automatic moves may have settled (controller.settled)
    return true;
  }

  /** Ask the engine for the present snapshot (with the time played) and save it. */
  function saveNow() {
    return c.serial(async () => {
      if (app.ready) accept(await call("snapshot", elapsed()), { same: true });
    });
  }

  /** Save at once, without waiting for the engine (the page is being left: an answer from
   * the engine's worker may come too late): the snapshot held, with the clock's seconds as its
   * save's `elapsed`, a plain number of seconds in the engine's save (patience/session.py),
   * which the engine checks when the game is loaded. Nothing else of the save is touched. */
  function saveAtOnce() {
    if (!app.ready || typeof app.snap?.save !== "string") return;
    let data = null;
    try {
      data = JSON.parse(app.snap.save);
    } catch {
      return;
    }
    if (!data || typeof data !== "object" || typeof data.elapsed !== "number") return;
    const seconds = Math.max(data.elapsed, Math.round(elapsed() * 1000) / 1000);
    app.snap = { ...app.snap, elapsed: seconds, save: JSON.stringify({ ...data, elapsed: seconds }) };
    save();
  }

  function save() {
    if (app.protectedSave === app.snap.game) return;
    const id = app.snap.game;
    // One writer per game across tabs (tabs.js): null when another tab saved a newer game.
    const rev = app.tabs ? app.tabs.nextRev(id, app.snap.save) : undefined;
    if (rev === null) return;
    const extra = recordFields();      // marks, recorded, played: for the statistics
    if (app.daily) extra.daily = app.daily;
    const problem = store.writeGame(app.snap, extra, rev) ?? store.write(store.keys.current, id);
    if (!problem && rev !== undefined) app.tabs.hold(id, rev, app.snap.save);
    if (problem && !app.storageWarned) {
      app.storageWarned = true;
      toast(`Not saved: ${problem} You can keep playing.`);
    } else if (!problem) {
      app.storageWarned = false;
    }
  }

  /** Play a move by its text, in its turn (serial); resolve true if the engine played it. */
  const play = (text, opts) => c.serial(() => playNow(text, opts));

  /** Play a move now, inside a transition; resolve true if the engine played it. */
  // auto: not the player's gesture (automatic moves go on); byTable: the table made it by
  // itself (scored, not counted as a move); at: the app.turn the move was chosen at (a move
  // chosen at a position that has gone is not played).
  async function playNow(text, { auto = false, byTable = auto, at = null } = {}) {
    if (!app.ready || app.assist.finding) return false;
    if (at !== null && at !== app.turn) return false;
    if (!auto) c.stopAuto();
    app.touched ||= !auto;
    const ok = accept(await call("play", text, elapsed(), byTable));
    if (!ok) return false;
    app.selected = null;
    app.clock.start();
    announce(app.snap.lastWords ?? "Played");       // the engine's words for the move
    await afterMove();
    return true;
  }

  /** After a move: say so when the game is won or stuck, else let automatic moves follow. */
  async function afterMove() {
    const snap = app.snap;
    c.syncAddress();
    hideNotice("outcome");
    if (snap.status === "won") {
      app.clock.stop();
      // A game the solver played is the solver's win, and said to be so.
      const title = solvedBySolver() ? "Solved by the solver" : "You won!";
      const wasRecorded = app.recorded;
      const note = await recordWin();          // once: a reload or a redo finds it recorded
      if (app.recorded !== wasRecorded) save();
      announce(note ? `${title} ${note}` : title);
      winNotice(title, `${snap.title}${snap.deal ? `, deal ${snap.deal}` : ""}, in ${snap.moveCount} moves and ${clockText(elapsed())}.${note ? ` ${note}` : ""}`,
        [["New deal", () => c.dealRandom(snap.game), true], ["Close", () => {}]]);
      return;
    }
    if (snap.status === "stuck") {
      app.clock.stop();
      const onlyStock = snap.moves.length > 0;
      const buttons = [["New deal", () => c.dealRandom(snap.game), !snap.canUndo],
        ["Look at the table", () => {}]];
      if (snap.canUndo) buttons.unshift(["Undo", () => undo(), true]);
      notice("No moves left", onlyStock
        ? "Only the stock can still be turned, and none of its cards can be played anywhere."
        : "There is no legal move in this position.", buttons, "outcome");
      return;
    }
    c.scheduleAuto();
  }

  const live = () => app.ready && !app.assist.finding;

  const undo = () => c.serial(undoNow);

  async function undoNow() {
    if (!live() || !app.snap.canUndo) return;
    c.stopAuto();
    app.selected = null;
    markUsed("undo");
    if (!accept(await call("undo", elapsed()))) return;
    hideNotice("outcome");
    announce(app.snap.lastWords ?? "Undone");      // the engine says which move it took back
    if (!app.snap.canUndo && app.snap.folded > 0) {
      toast("Undo cannot go further back: in a game this long, only the latest moves are kept for undo.");
    }
    app.clock.start();
  }

  const redo = () => c.serial(async () => {
    if (!live() || !app.snap.canRedo) return;
    c.stopAuto();
    app.selected = null;
    if (!accept(await call("redo", elapsed()))) return;
    announce(app.snap.lastWords ?? "Redone");
    await afterMove();
  });

  /** Go back to the deal, after asking when moves would be taken back. */
  function restart() {
    if (!live()) return;
    unlessInProgress(app.snap, "Restart this deal?", "Restart", restartNow,
      "Redo plays them again until you make a new move.");
  }

  const restartNow = () => c.serial(async () => {
    if (!live()) return;
    c.stopAuto();
    app.selected = null;
    markUsed("undo");
    if (!accept(await call("restart", elapsed()))) return;
    hideNotice("outcome");
    announce("Back to the deal; redo plays your moves again");
  });

  /** Go back to the position after `count` moves (the solver's point of no return). */
  const undoTo = (count) => c.serial(async () => {
    c.stopAuto();
    app.selected = null;
    markUsed("undo");
    if (!accept(await call("undo_to", count, elapsed()))) return;
    hideNotice("outcome");
    app.clock.start();
  });

  return { accept, saveNow, saveAtOnce, play, playNow, afterMove, undo, redo, restart, undoTo };
}

/** Do `go` at once, or first ask when it would replace a game in progress (`snap`). */
export function unlessInProgress(snap, title, goLabel, go, more = "") {
  if (!inProgress(snap)) {
    go();
    return;
  }
  const n = snap.moveCount;
  const lost = goLabel === "Restart" ? `Your ${n} move${n === 1 ? "" : "s"} in this game will be taken back.`
    : `Your ${snap.title} game in progress (${n} move${n === 1 ? "" : "s"}) ends, and counts as lost in your statistics.`;
  ask(title, `${lost}${more ? ` ${more}` : ""}`, "Keep playing", goLabel, go);
}
