// How to play: a short guided walk through the game on the table, in the engine's words
// (Bridge.howto: the goal, how cards move, the stock, one legal move of the position). Each
// step marks the piles it talks about on the table; the move step marks the move's cards and
// where they go, and can play it. The walk shows once on a first visit and never again once
// closed or skipped (a versioned flag in the settings); the Rules page opens it again.
// main.js binds it with what it needs of the app (no import of the page's modules here).

/** The walk's version in the settings (`howto`): a walk new enough to show again gets a
 * higher number. */
export const HOWTO_VERSION = 1;

const $ = (id) => document.getElementById(id);

let ctx = null;          // what bindHowto was given
let walk = null;         // {game, steps} while the walk is open, else null
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
  return marksFor(walk.steps[at], ctx.snap().piles);
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

/** Start the walk at its first step (asking the engine for the position on the table). */
export function openHowto() {
  if (!ctx || !ctx.ready()) return false;
  const answer = ctx.call("howto");
  if (!answer || answer.error || !answer.steps?.length) return false;
  if (!walk) returnFocus = document.activeElement;
  walk = { game: answer.game, title: answer.title, steps: answer.steps };
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

/** Show the step `at`: its words, its buttons and its marks on the table. */
function show() {
  // The position may have moved on since the walk began: its move step is asked again.
  const fresh = ctx.call("howto");
  if (fresh && !fresh.error && fresh.game === walk.game) walk.steps = fresh.steps;
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
  ctx.draw();
  place();
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
