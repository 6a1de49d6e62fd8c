// The run (cards played from the table since the stock last turned: TriPeaks, Golf) shown
// large on the table beside the waste, where the eye is as it plays, in a table laid out in
// rows with room beside the waste. The status line says it too, and is what screen readers
// read: this is for the eye only. Only where the engine counts a run (`snap.run`).

import { runText } from "./bar.js";
import { kindOf } from "./piles.js";

/** Show the run beside the waste, or take it away when there is none or no room for it in
 * the table's `width` (read before the table was drawn: reading it now would lay out the
 * page again on every move). */
export function drawRun(table, geo, snap, width) {
  let badge = table.querySelector(":scope > .run-badge");
  const waste = Object.keys(geo.piles).find((id) => kindOf(snap.layout, id) === "waste");
  const g = waste ? geo.piles[waste] : null;
  const text = runText(snap);
  const x = g ? g.x + g.w + geo.gap : 0;
  if (!text || !g || geo.mode !== "rows" || x + geo.cardW > width) {
    badge?.remove();
    return;
  }
  if (!badge) {
    badge = document.createElement("div");
    badge.className = "run-badge";
    badge.setAttribute("aria-hidden", "true");
    table.appendChild(badge);
  }
  if (badge.textContent !== text) badge.textContent = text;
  const at = `translate(${x}px, ${g.y}px)`;
  if (badge.style.transform !== at) badge.style.transform = at;
  if (badge.style.height !== `${geo.cardH}px`) badge.style.height = `${geo.cardH}px`;
}
