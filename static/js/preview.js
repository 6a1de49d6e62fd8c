// Pictures of a game's opening layout: the engine's preview of a fixed deal (Bridge.preview),
// drawn by the table's own renderer into a small box and scaled down. A picture is drawn the
// first time it is shown and kept: the same game and options reuse the same drawing.

import { render } from "./render.js";

// The size the picture is laid out at before it is scaled to its box: the table's renderer
// needs room for its smallest cards, and a table more than 560 px high is laid out in rows
// (geometry.js), as on a phone or a laptop.
const WIDTH = 800;
const HEIGHT = 600;

const drawn = new Map();   // JSON [game, options] -> the drawn picture element (a promise)

/** Resolve with a picture of a game's opening, drawn once per game and options; null when
 * the engine cannot say (it has not started, or the options are wrong). `ask(game, options)`
 * resolves with the engine's preview. */
export function picture(ask, gameId, options = {}) {
  const key = JSON.stringify([gameId, options]);
  if (!drawn.has(key)) {
    const made = draw(ask, gameId, options);
    drawn.set(key, made);
    made.then((box) => { if (!box) drawn.delete(key); }, () => drawn.delete(key));
  }
  return drawn.get(key);
}

async function draw(ask, gameId, options) {
  const snap = await ask(gameId, options);
  if (!snap || snap.error) return null;
  const box = document.createElement("div");
  box.className = "preview-table";
  box.style.width = `${WIDTH}px`;
  box.style.height = `${HEIGHT}px`;
  // Laid out off screen at full size (the renderer measures it), then scaled by fit().
  box.style.position = "absolute";
  box.style.visibility = "hidden";
  document.body.appendChild(box);
  render(box, snap, {});
  box.remove();
  // A picture, not a table: nothing in it names a pile or a card to the page, the tests or
  // the keyboard (the table's own cards are found by these).
  for (const el of box.querySelectorAll("*")) {
    for (const name of ["data-pile", "data-index", "data-id", "data-base", "role", "tabindex",
      "aria-label", "aria-pressed", "aria-keyshortcuts"]) el.removeAttribute(name);
  }
  box.style.position = "";
  box.style.visibility = "";
  return box;
}

/** Put a picture (or a promise of one, from picture()) in its frame once it is drawn, if
 * the frame's dialog is still open then. */
export async function frameLater(holder, made) {
  const box = await made;
  if (holder.closest("dialog")?.open) frame(holder, box);
}

/** Put a picture in its frame, scaled to the frame's width. The frame is hidden from
 * screen readers and from the keyboard: the tile it sits in names the game. */
export function frame(holder, box) {
  holder.setAttribute("aria-hidden", "true");
  holder.inert = true;
  if (!box) {
    holder.replaceChildren();
    return;
  }
  holder.replaceChildren(box);
  fit(holder);
}

/** Take the pictures out of the page (they stay drawn, to be shown again): a closed dialog
 * holds no copy of a table. */
export function unframe(root) {
  for (const box of root.querySelectorAll(".preview-table")) box.remove();
}

/** Scale a frame's picture to the frame's present width. */
export function fit(holder) {
  const box = holder.firstElementChild;
  if (!box) return;
  // The frame keeps the picture's proportions (CSS aspect-ratio: WIDTH / HEIGHT).
  const scale = holder.clientWidth / WIDTH;
  if (scale > 0) box.style.transform = `scale(${scale})`;
}
