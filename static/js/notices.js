// Telling the player: the screen-reader line (announce), the toast, and the notice with its
// buttons (won, stuck, questions). Only words and buttons; what a button does is passed in.

import { toolButton } from "./buttons.js";
import { sound } from "./sound.js";
import { $, app } from "./state.js";

/** Read a text out to screen readers (the live region). */
export function announce(text) {
  const live = $("live");
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
}

/** A message that stays until dismissed, without taking the focus. */
export function toast(text) {
  $("toast-text").textContent = text;
  $("toast").hidden = false;
}

/** Show a notice. buttons: [label, action, accent?]; the first button gets the focus.
 * "outcome" notices (won, stuck) go away by themselves when play goes on; "info" notices stay
 * until the player answers them; "passing" notices (what a link did) never stand in the way:
 * a tap beside their buttons goes through to the table, and the first tap or key outside
 * them puts them away. */
export function notice(title, text, buttons, kind = "info") {
  const box = $("notice");
  if (kind === "passing") watchPassing(box);
  box.dataset.kind = kind;
  box.classList.remove("won");
  const returnTo = document.activeElement;
  $("notice-title").textContent = title;
  $("notice-text").textContent = text;
  const row = $("notice-buttons");
  row.replaceChildren();
  for (const [label, action, accent] of buttons) {
    row.appendChild(toolButton(label, () => {
      box.hidden = true;
      action();
      if (document.activeElement === document.body || !document.activeElement) {
        const back = returnTo && returnTo.isConnected && returnTo !== document.body ? returnTo
          : (app.cursor && app.geo?.piles[app.cursor]?.el) || document.querySelector("#table .pile");
        back?.focus({ preventScroll: true });
      }
    }, accent));
  }
  box.hidden = false;
  row.querySelector("button")?.focus();
}

let watching = false;

/** Put a passing notice away at the player's first tap or key outside it. */
function watchPassing(box) {
  if (watching) return;
  watching = true;
  const away = (e) => {
    if (box.hidden || box.dataset.kind !== "passing") return;
    if (e.target instanceof Node && box.contains(e.target) && e.target.closest?.("button")) return;
    // Keys that press or reach its buttons keep it; any other key (a move) puts it away.
    const pressing = box.contains(e.target) && ["Enter", " "].includes(e.key);
    if (e.type === "keydown" && (pressing || ["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key))) return;
    const focused = box.contains(document.activeElement);
    box.hidden = true;
    const pile = (app.cursor && app.geo?.piles[app.cursor]?.el) || document.querySelector("#table .pile");
    if (focused && e.type === "keydown") pile?.focus({ preventScroll: true });
  };
  document.addEventListener("pointerdown", away, true);
  document.addEventListener("keydown", away, true);
}

/** Tell of a win: an outcome notice dressed as one (a headline over the line of figures). */
export function winNotice(title, text, buttons) {
  notice(title, text, buttons, "outcome");
  $("notice").classList.add("won");
}

/** Hide the notice (only if it is of the given kind, when one is given). */
export function hideNotice(kind = null) {
  const box = $("notice");
  if (kind === null || box.dataset.kind === kind) box.hidden = true;
}

const REASON_MS = 2500;
let reasonTimer = null;

/** Show why a move was refused in a small bubble over the table, next to `near` (an
 * element: the card or the pile), or under `below` (the columns' ends) where there is room,
 * for a moment; it is read out as well. The bubble floats
 * above the page (position: fixed), so nothing of the layout moves. */
export function showReason(text, near = null, below = []) {
  announce(text);
  sound("refuse");
  let bubble = $("reason");
  if (!bubble) {
    bubble = document.createElement("p");
    bubble.id = "reason";
    bubble.className = "reason-bubble";
    bubble.setAttribute("aria-hidden", "true");   // announce() has read it out already
    document.body.appendChild(bubble);
  }
  bubble.textContent = text;
  bubble.hidden = false;
  bubble.style.left = "0px";                     // measure it at its natural width
  bubble.style.top = "0px";
  const box = (near?.isConnected ? near : $("table")).getBoundingClientRect();
  const width = Math.min(bubble.offsetWidth, window.innerWidth - 16);
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, box.left + box.width / 2 - width / 2));
  const above = box.top - bubble.offsetHeight - 8;
  // Below the ends of the columns (`below`, elements), if the table has room there: no card
  // is covered. Else above the card, else over its top.
  const ends = (below ?? []).filter((el) => el?.isConnected).map((el) => el.getBoundingClientRect().bottom);
  const table = $("table")?.getBoundingClientRect();
  const under = ends.length ? Math.max(...ends) + 8 : Infinity;
  let top = above >= 8 ? above : Math.min(window.innerHeight - bubble.offsetHeight - 8, box.top + 24);
  // (Not over the table's last 60 px, where the Finish button floats.)
  if (table && under + bubble.offsetHeight <= table.bottom - 60) top = under;
  bubble.style.left = `${left}px`;
  bubble.style.top = `${top}px`;
  clearTimeout(reasonTimer);
  reasonTimer = setTimeout(() => { bubble.hidden = true; }, REASON_MS);
}

/** Put a question to the player before something that cannot be undone: the safe choice
 * first (and focused). */
export function ask(title, text, safeLabel, goLabel, go) {
  notice(title, text, [[safeLabel, () => {}, true], [goLabel, go]]);
}
