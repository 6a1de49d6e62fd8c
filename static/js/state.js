// The app's state: what the page needs between two engine calls (the engine owns the rules).
// The game's part is written by the controller's transitions (controller.js) and read by
// every module; the input modules keep the selection, cursor and pointer here too.

import { createClock } from "./clock.js";
import * as store from "./store.js";

export const $ = (id) => document.getElementById(id);

export const app = {
  ready: false,         // the engine has started and input is accepted
  waitNote: null,       // what the table says over a board painted before that (table.js)
  catalogue: null,      // the engine's catalogue: games, options, card names
  names: {},            // card code -> its name in words
  snap: null,           // the engine's last snapshot, the one on the table
  turn: 0,              // counts the positions accepted: an answer asked at another is stale
  geo: null,            // where render() put every pile and card
  settings: store.readSettings(),
  selected: null,       // {pile, index}: a picked card (keyboard, or a first card of a pair)
  cursor: null,         // the pile the keyboard is on
  autoTimer: null,      // the next automatic move
  storageWarned: false,
  finishing: false,     // a finish is playing its moves
  pointerDown: false,
  pointerMoves: 0,      // the move count when the pointer went down
  protectedSave: null,  // a game whose unreadable save must never be written over
  assist: null,         // the solver's helper (createAssist), given by main.js (connect)
  touched: false,       // the player has moved since the deal (automatic moves do not count)
  solverPlayed: false,  // the saved record says the solver played this game (assisted: "solve")
  daily: null,          // the date ("YYYY-MM-DD") whose daily deal is on the table, else null
  marks: new Set(),     // help used in this game: "hint", "undo", "solve" (records.js)
  recorded: false,      // this game is in the statistics already (won, or given up)
  clock: createClock({
    now: () => performance.now(),
    canRun: () => Boolean(app.snap && app.snap.status === "playing" && !document.hidden),
  }),
};

/** Seconds played in this game. */
export const elapsed = () => app.clock.elapsed();

/** Tell whether the solver played (part of) this game: a win is then the solver's. The
 * assistant knows it for the line played since the page opened; the record, from before. */
export const solvedBySolver = () => Boolean(app.assist?.solvedBySolver) || app.solverPlayed
  || app.marks.has("solve");

/** Tell whether replacing a game loses something: moves made and the game still going (for
 * the game on the table, moves the player made: not only the automatic ones after the deal). */
export const inProgress = (snap) => Boolean(snap) && snap.moveCount > 0 && snap.status === "playing"
  && (snap !== app.snap || app.touched);
