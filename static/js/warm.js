// The board before the rest of the page: index.html runs this module on its own, first
// (<script type="module" async>; the build preloads only its graph), so the saved board of a return visit (or a
// first visit's opening, early.js) is painted as soon as this small graph (render.js and
// what it draws with, store.js) is loaded, without waiting for the page's other modules,
// PyScript or the engine (a first visit asks for PyScript's core before painting the opening:
// startEngine). boot.js then takes the same board over (startBoard) and paints it
// again through the controller, which keeps these elements (render.js): nothing moves.
// The rest of the page (main.js, chrome.js) is this module's to load, once the board is
// painted (startPage): their 36 modules are neither asked for nor compiled before it, so on
// a slow phone the paint does not wait behind them.

import { parseOpening } from "./early.js";
import { placeLine } from "./line-room.js";
import { render } from "./render.js";
import * as store from "./store.js";

/** What the table says while the engine starts, over a saved board and over the opening. */
export const WAIT_SAVED = "Starting the card engine… your game is shown as you left it";
export const WAIT_OPENING = "Shuffling the cards…";

/** The board to paint before the engine has started, or null: the saved game of the game a
 * link names (?game=), else of the last one played; else, on a first visit (no link, no game
 * stored), the opening the build wrote into the page. {snapshot, names, note, opening}:
 * opening is the parsed opening (to be dealt once the engine has started), or null. A
 * snapshot of a silly shape or size is not painted (store.checkSnapshot); the engine checks
 * the save itself once it has started. */
export function startBoard(search, doc = globalThis.document) {
  const linked = new URLSearchParams(search).get("game");
  const stored = store.read(store.keys.current);
  const id = linked ?? stored;
  if (id) {
    const { record } = store.readGame(id);
    if (!record || !store.checkSnapshot(record.snapshot)) return null;
    return { snapshot: record.snapshot, names: cachedNames(), note: WAIT_SAVED, opening: null };
  }
  if (linked || stored) return null;
  const opening = parseOpening(doc?.getElementById("opening")?.textContent);
  return opening && { snapshot: opening.snapshot, names: opening.cards, note: WAIT_OPENING, opening };
}

/** The cards' names the engine gave last time (for the screen reader's labels), or none. */
function cachedNames() {
  try {
    return JSON.parse(store.read(store.keys.catalogueCache) ?? "{}").cards ?? {};
  } catch {
    return {};
  }
}

let taken = false;      // boot.js has the table: the early paint is not wanted any more
let tapped = null;      // {pile, index}: a tap on the early board before main.js could hear it
let listening = null;   // the table and its listener for such a tap

/** The tap made on the early board before the page's input was attached, once (main.js
 * keeps it as a tap made before the engine is ready: intents.early), or null; no more are
 * listened for. */
export function takeTap() {
  listening?.table.removeEventListener("pointerdown", listening.fn);
  listening = null;
  const tap = tapped;
  tapped = null;
  return tap;
}

/** Listen for a tap on the early board, found as input.js finds one (the card, or the pile). */
function listen(table) {
  const fn = (e) => {
    if (e.button !== 0) return;
    const cardEl = e.target.closest(".card");
    const pileEl = e.target.closest(".pile");
    if (!cardEl && !pileEl) return;
    tapped = { pile: (cardEl ?? pileEl).dataset.pile, index: cardEl ? Number(cardEl.dataset.index) : -1 };
  };
  table.addEventListener("pointerdown", fn);
  listening = { table, fn };
}

/** boot.js is about to paint the table itself: an early paint not yet made is not made. */
export function takeOver() {
  taken = true;
}

/** The page has been parsed (#table is there): readyState leaves "loading" once the
 * parser is done with the document. */
function parsed() {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener("readystatechange", resolve, { once: true });
  });
}

/** The stylesheets the page links that are not loaded yet (the table's size and the cards'
 * look come from them: a board laid out before them would be laid out again). */
function stylesLoaded() {
  const waiting = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((l) => !l.sheet);
  return Promise.all(waiting.map((l) => new Promise((resolve) => {
    l.addEventListener("load", resolve, { once: true });
    l.addEventListener("error", resolve, { once: true });
  })));
}

/** Paint the start's board with the saved look (deck colours, card backs; the theme is
 * theme-early.js's), waiting for the engine as boot.js's paint does (table.js); resolve
 * with whether a board was painted. */
async function paintEarly() {
  await parsed();
  await stylesLoaded();
  const table = document.getElementById("table");
  if (taken || !table || table.querySelector(".card")) return false;
  let board;
  try {
    board = startBoard(window.location.search);
  } catch {
    return false;         // storage refused: boot.js paints what it can
  }
  if (!board) return false;
  // A first visit's engine has no snapshot to start from and is the long wait: PyScript's
  // core (which starts the engine's worker) is not held back for the opening's paint, as
  // it is for a saved board, whose engine starts from its snapshot in a second or two.
  if (board.opening) startEngine();
  const booting = document.getElementById("booting");
  try {
    const settings = store.readSettings();
    document.body.classList.toggle("four-colour", settings.fourColour === true);
    document.body.dataset.back = settings.back;
    const snap = { ...board.snapshot, moves: [], taps: {}, safe: [] };
    // The solver line's room first, as every later paint chooses it: nothing moves after.
    render(table, snap, board.names, { keep: placeLine(snap, table) });
  } catch {
    table.replaceChildren(booting ?? "");   // a board we cannot draw: boot.js decides
    return false;
  }
  table.classList.add("waiting");
  table.setAttribute("aria-busy", "true");
  const note = document.createElement("p");
  note.className = "boot-indicator";
  note.setAttribute("role", "status");
  note.textContent = board.note;
  table.appendChild(note);
  if (!taken) listen(table);
  return true;
}

/** Resolve once the frame showing a painted board has been drawn: after the next animation
 * frame's callbacks (a task queued from one runs after that frame), or after `ms` if no
 * frame comes (a hidden page draws none). */
export function afterFrame(ms = FRAME_WAIT_MS, win = globalThis) {
  return new Promise((resolve) => {
    const timer = win.setTimeout(resolve, ms);
    win.requestAnimationFrame?.(() => win.setTimeout(() => {
      win.clearTimeout(timer);
      resolve();
    }, 0));
  });
}

/** How long the page's other modules wait for the painted board's frame at most (ms). */
export const FRAME_WAIT_MS = 250;

/** Paint the board, then load the rest of the page (main.js, chrome.js): at once if nothing
 * was painted (or the paint failed: boot.js paints what it can), else once the painted
 * frame is drawn. */
export async function startPage(paint = paintEarly, load = loadPage, frame = afterFrame,
  failed = pageFailed) {
  let painted = false;
  try {
    painted = await paint();
  } catch {
    painted = false;
  }
  if (painted && !globalThis.document?.hidden) await frame();
  try {
    await load();
  } catch (err) {
    failed(err);
  }
}

/** The rest of the page could not be loaded (a file missing or cut short): the table says
 * so, with a way to try again, instead of waiting for an engine that will never come; the
 * page's other buttons, which nothing would answer, are disabled. */
export function pageFailed(err, doc = globalThis.document) {
  const table = doc?.getElementById("table");
  if (!table) return;
  takeTap();
  table.classList.remove("waiting");
  table.setAttribute("aria-busy", "false");
  for (const el of table.querySelectorAll(".boot-indicator, .booting")) el.remove();
  // The page's buttons answer through the modules that did not load: none is left live.
  for (const button of doc.querySelectorAll("button")) button.disabled = true;
  const box = doc.createElement("div");
  box.className = "load-failed";
  box.setAttribute("role", "alert");
  const text = doc.createElement("p");
  text.textContent = "Part of the page did not load. Check the connection, then try again. Your saved games are kept.";
  globalThis.console?.error("Patience: the page's modules did not load:", err);
  const retry = doc.createElement("button");
  retry.type = "button";
  retry.className = "tool accent";
  retry.textContent = "Try again";
  retry.addEventListener("click", () => globalThis.location.reload());
  box.append(text, retry);
  table.appendChild(box);
}

/** Load PyScript's core now (main.js's graph imports it too, through engine.js). */
function startEngine() {
  import("../../vendor/pyscript/core.js").catch(() => {});   // main.js's import reports it
}

function loadPage() {
  return Promise.all([import("./main.js"), import("./chrome.js")]);
}

if (globalThis.document) startPage();
