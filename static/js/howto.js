// How to play: a short guided walk through the game on the table, in the engine's words
// (Bridge.howto: the goal, how cards move, the stock, one legal move of the position). Each
// step marks the piles it talks about on the table; the move step marks the move's cards and
// where they go, and can play it. The walk shows once on a first visit and never again once
// closed or skipped (a versioned flag in the settings); the Rules page opens it again.
// main.js binds it with what it needs of the app (no import of the page's modules here).
// The steps belong to the position they were asked for (STYLE.md 9): the walk keeps that
// position's token (knowledge.js), follows every snapshot the controller accepts (a move,
// an undo, an automatic move) by asking again, and shows its marks and plays its move only
// while the token still names the position on the table.

import { tokenOf, tokenText } from "./knowledge.js";

/** The walk's version in the settings (`howto`): a walk new enough to show again gets a
 * higher number. */
export const HOWTO_VERSION = 1;

const $ = (id) => document.getElementById(id);

let ctx = null;          // what bindHowto was given
let walk = null;         // {game, title, line, steps} while the walk is open, else null;
                         // line: the token of the position the steps were asked for
let at = 0;              // the step on show
let returnFocus = null;  // where the focus goes back to when the walk closes

/** The marks the walk puts on the table now: [{pile, index, cls}] (render.js). */
export function howtoMarks() {
  if (!walk || !ctx) return [];
  if (ctx.snap()?.game !== walk.game) {
    // Another game on the table: the walk was about the last one, and closes (after this
    // drawing, which it would otherwise start again).
    queueMicrotask(closeHowto);
    return [];
  }
  if (!belongs(walk.line, ctx.snap().line)) return [];
  return marksFor(walk.steps[at], ctx.snap().piles);
}

/** Tell whether steps asked for at the position `token` (tokenOf) belong to the position at
 * the end of a snapshot's `line` (pure: Node tests it). */
export function belongs(token, line) {
  return tokenText(token) === tokenText(tokenOf(line));
}

/** The table's marks for a step of the walk, over the piles drawn (pure: Node tests it). A
 * whole pile is marked, and its top card too: a pile's outline is hidden under its cards. */
export function marksFor(step, piles) {
  return (step?.marks ?? []).flatMap((m) => {
    if (m.index !== null) return [{ pile: m.pile, index: m.index, cls: "guide" }];
    const top = (piles[m.pile]?.length ?? 0) - 1;
    const pile = { pile: m.pile, index: null, cls: "guide-target" };
    return top >= 0 ? [pile, { pile: m.pile, index: top, cls: "guide" }] : [pile];
  });
}

/** Tell whether this is a first visit: nothing stored yet, neither settings nor a game. */
export function isFirstVisit(read, keys) {
  return read(keys.settings) === null && read(keys.current) === null;
}

/** Start the walk at its first step (asking the engine for the position on the table);
 * resolve true if it opened. */
export async function openHowto() {
  if (!ctx || !ctx.ready()) return false;
  const line = tokenOf(ctx.snap()?.line);
  const answer = await ctx.call("howto");
  if (!answer || answer.error || !answer.steps?.length) return false;
  if (!belongs(line, ctx.snap()?.line)) return openHowto();   // moved meanwhile: ask again
  if (!walk) returnFocus = document.activeElement;
  walk = { game: answer.game, title: answer.title, line, steps: answer.steps };
  at = 0;
  $("howto").hidden = false;
  show();
  $("howto-next").focus();
  return true;
}

/** Close the walk and never show it by itself again. */
export function closeHowto() {
  if (!walk) return;
  walk = null;
  $("howto").hidden = true;
  ctx.saveSettings({ howto: HOWTO_VERSION });
  ctx.draw();
  const back = returnFocus;
  returnFocus = null;
  if (back && back.isConnected && !back.closest("dialog:not([open])")) back.focus({ preventScroll: true });
  else ctx.focusTable();
}

/** Follow a snapshot the controller has accepted, before it is drawn: at a new position the
 * steps are asked again (the same step stays on show), and the drawing that follows puts
 * their marks; another game on the table closes the walk. */
export function followHowto(snap) {
  if (!walk || !snap || belongs(walk.line, snap.line)) return;
  // Until the new steps come (asynchronously), the old ones put no marks (howtoMarks).
  ask().then((asked) => {
    if (asked === false) closeHowto();
    else if (asked) show();
  });
}

/** Ask the engine for the steps of the position on the table: resolve true when they are
 * the walk's, false if it has none for the walk's game, null if the walk closed or the
 * position moved on meanwhile (the next snapshot asks again). */
async function ask() {
  const line = tokenOf(ctx.snap()?.line);
  const fresh = await ctx.call("howto");
  if (!walk || !belongs(line, ctx.snap()?.line)) return null;
  if (!fresh || fresh.error || fresh.game !== walk.game || !fresh.steps?.length) return false;
  walk.steps = fresh.steps;
  walk.line = line;
  return true;
}

/** Show the step `at`: its words, its buttons and its marks on the table. */
async function show() {
  // The position may have moved on since the steps were asked: they are asked again.
  if (!belongs(walk.line, ctx.snap()?.line) && !await ask()) return;
  words();
  ctx.draw();
  place();
}

/** Put the step `at`'s words and buttons in the panel. */
function words() {
  at = Math.max(0, Math.min(at, walk.steps.length - 1));
  const step = walk.steps[at];
  const last = at === walk.steps.length - 1;
  $("howto-count").textContent = `How to play ${walk.title}: step ${at + 1} of ${walk.steps.length}`;
  $("howto-title").textContent = step.title;
  const text = $("howto-text");
  text.replaceChildren(...step.text.map((sentence) => {
    const p = document.createElement("p");
    p.textContent = sentence;
    return p;
  }));
  $("howto-back").disabled = at === 0;
  $("howto-next").textContent = last ? "Done" : "Next";
  const play = $("howto-play");
  play.hidden = !step.move;
  play.dataset.move = step.move?.text ?? "";
}

/** Put the panel below the table's piles, or above them when it would hide a marked one. */
function place() {
  const panel = $("howto");
  const marked = [...document.querySelectorAll("#table .guide, #table .guide-target")]
    .map((el) => el.getBoundingClientRect());
  const covers = () => {
    const r = panel.getBoundingClientRect();
    return marked.some((m) => m.bottom > r.top && m.top < r.bottom && m.right > r.left && m.left < r.right);
  };
  panel.classList.remove("at-top");
  if (!covers()) return;
  panel.classList.add("at-top");
  if (covers()) panel.classList.remove("at-top");
}

/** Wire the walk's buttons; `app` gives what it needs of the page:
 * {call, ready, snap, draw, play, saveSettings, focusTable}. */
export function bindHowto(app) {
  ctx = app;
  $("howto-next").addEventListener("click", () => {
    if (at >= walk.steps.length - 1) closeHowto();
    else {
      at += 1;
      show();
    }
  });
  $("howto-back").addEventListener("click", () => {
    at -= 1;
    show();
    if ($("howto-back").disabled) $("howto-next").focus();
  });
  $("howto-skip").addEventListener("click", () => closeHowto());
  $("howto-play").addEventListener("click", (e) => {
    // Only a move asked for the position on the table is played; else the step is shown
    // again with the move of the position as it is now.
    if (!belongs(walk.line, ctx.snap()?.line)) {
      show();
      return;
    }
    const move = e.currentTarget.dataset.move;
    closeHowto();
    if (move) ctx.play(move);
  });
  $("howto").addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      closeHowto();
    }
  });
}
