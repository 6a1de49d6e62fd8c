// Input: pointer (mouse, touch, pen) and keyboard turned into intents for the app:
// tap(pile, index), drop(pile, index, target), pick/place by keyboard, draw, undo, redo.
// Nothing here knows a rule: the app asks the engine's move list.

import { keyName } from "./keyboard-nav.js";

const DRAG_THRESHOLD = 6;

/** Follow pointers on the table: a short press is a tap, a longer travel is a drag. */
export function attachPointer(table, app) {
  let drag = null;

  table.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const cardEl = e.target.closest(".card");
    const pileEl = e.target.closest(".pile");
    if (!cardEl && !pileEl) return;
    const pile = (cardEl ?? pileEl).dataset.pile;
    const index = cardEl ? Number(cardEl.dataset.index) : -1;
    if (!app.accepting()) {
      app.early?.(pile, index);          // before the engine is ready: kept and answered
      return;
    }
    drag = { pile, index, x0: e.clientX, y0: e.clientY, moved: false, id: e.pointerId,
      els: cardEl && app.canLift(pile, index) ? app.cardsFrom(pile, index) : [] };
    app.pointer(true);
    table.setPointerCapture(e.pointerId);
    e.preventDefault();
  });

  table.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id || !drag.els.length) return;
    const dx = e.clientX - drag.x0;
    const dy = e.clientY - drag.y0;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.els.forEach((el) => el.classList.add("dragging"));
    }
    drag.els.forEach((el) => { el.style.translate = `${dx}px ${dy}px`; });
    app.highlight(app.pileAt(e.clientX, e.clientY, drag.pile));
  });

  const finish = (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    app.highlight(null);
    const stale = app.stale();
    app.pointer(false);
    if (stale) {                       // the table changed under the pointer: do nothing
      glideBack(d.els);
      return;
    }
    if (!d.moved) {
      if (!cancelled) app.tap(d.pile, d.index, { x: e.clientX, y: e.clientY });
      return;
    }
    const target = cancelled ? null : app.pileAt(e.clientX, e.clientY, d.pile);
    if (!target) {
      glideBack(d.els);
      return;
    }
    // The engine answers asynchronously: the cards stay where they were dropped until it
    // has played the move (and the table is drawn) or said no (they glide back).
    app.drop(d.pile, d.index, target).then((played) => {
      if (played) return;
      glideBack(d.els);
      app.refused(d.pile, d.index, target);
    });
  };
  table.addEventListener("pointerup", (e) => finish(e, false));
  table.addEventListener("pointercancel", (e) => finish(e, true));
}

/** Send dragged cards back where they came from, smoothly. */
function glideBack(els) {
  for (const el of els) {
    el.classList.remove("dragging");
    el.style.transition = "translate 180ms ease-out";
    el.style.translate = "0px 0px";
    el.addEventListener("transitionend", () => { el.style.transition = ""; el.style.translate = ""; },
      { once: true });
  }
}

/** Keyboard play: arrows move between piles, Space picks and places, the pile keys (1-9, 0,
 * Shift with them, S, W, F, C) go straight to a pile and pick or place there (anywhere on the
 * page but in a field or a dialog), Up and Down while holding cards choose how many, Enter
 * plays the best move, D turns the stock, H asks for a hint, Escape lets go (or stops
 * auto-solve). */
export function attachKeyboard(app) {
  document.addEventListener("keydown", (e) => {
    if (document.querySelector("dialog[open]") || e.defaultPrevented) return;
    // Keys pressed in a notice (an alert dialog: "Start a new deal?") answer the notice only.
    if (e.target.closest?.("#notice, #toast")) return;
    const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && !e.altKey && (e.key === "z" || e.key === "Z")) {
      e.preventDefault();
      if (e.shiftKey) app.redo(); else app.undo();
      return;
    }
    if (ctrl && !e.altKey && (e.key === "y" || e.key === "Y")) {
      e.preventDefault();
      app.redo();
      return;
    }
    if (inField || ctrl || e.altKey) return;
    if (!(e.target instanceof HTMLTextAreaElement) && app.pileKey(keyName(e))) {
      e.preventDefault();
      return;
    }
    const inTable = e.target.closest && e.target.closest("#table");
    if (!inTable && !["d", "D", "h", "H", "Escape"].includes(e.key)) return;
    const actions = {
      ArrowLeft: () => app.cursorMove("left"),
      ArrowRight: () => app.cursorMove("right"),
      ArrowUp: () => app.liftMore("more") || app.cursorMove("up"),
      ArrowDown: () => app.liftMore("fewer") || app.cursorMove("down"),
      Home: () => app.cursorMove("first"),
      End: () => app.cursorMove("last"),
      " ": () => app.pickOrPlace(),
      Enter: () => app.tapCursor(),
      Escape: () => app.cancelPick(),
      d: () => app.draw(),
      D: () => app.draw(),
      h: () => app.hint(),
      H: () => app.hint(),
    };
    const act = actions[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  });
}
