// Where the solver's line stands on a phone when it has no slot of its own (the indicator
// off: data-line="free", set before the first paint by theme-early.js): over a band of felt
// no pile takes in any position the table's plan covers, or, on a table with none, in a slot
// above the table from the first paint (app.css: data-line-room). The choice is made from the
// table's plan (geometry.js plannedBand), before the table is drawn, by the first paint
// (warm.js) as by every later one (table.js), so neither a hint, the position nor the engine's
// start moves the table.

import { plannedBand } from "./geometry.js";

export const LINE_HEIGHT = 44;    // px: the solver's line (app.css .assist-slot)

/** Whether this screen is one where a free line gives its height back: app.css says so with
 * --line-gives-way inside its phone breakpoint, so the breakpoint is written once. */
function givesWay(root) {
  return getComputedStyle(root).getPropertyValue("--line-gives-way").trim() === "1";
}

/** Choose the line's room for this table; return the px at the table's foot the piles
 * leave it (render's keep). */
export function placeLine(snap, table, root = document.documentElement) {
  if (root.dataset.line !== "free" || !givesWay(root)) {
    delete root.dataset.lineRoom;    // a room chosen while the line was free holds no more
    return 0;
  }
  const height = table.clientHeight + (root.dataset.lineRoom === "slot" ? LINE_HEIGHT : 0);
  const band = plannedBand(snap, table.clientWidth, height, LINE_HEIGHT);
  root.style.setProperty("--line-y", `${band ? band.y : 0}px`);
  if (band) delete root.dataset.lineRoom;
  else root.dataset.lineRoom = "slot";
  // A band at the foot is kept from the piles: one longer than the plan squeezes above it.
  return band && band.y + LINE_HEIGHT >= height - 1 ? height - band.y : 0;
}
