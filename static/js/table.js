// Drawing the table: the snapshot through render(), the waiting state while Python starts,
// and the keyboard cursor.

import { updateBar } from "./bar.js";
import { howtoMarks } from "./howto.js";
import { plannedBand } from "./geometry.js";
import { render } from "./render.js";
import { drawRun } from "./run-badge.js";
import { $, app } from "./state.js";

const LINE_HEIGHT = 44;    // px: the solver's line (app.css .assist-slot)
const PHONE = "(max-width: 520px)";    // app.css: where a free line gives its height back

/** Where the solver's line stands when it has no slot of its own (app.css: data-line, on a
 * phone): over a band of felt no pile takes in any position the table's plan covers, or, on
 * a table with none, in a slot above the table from the first paint. The choice is made from
 * the table's plan (geometry.js plannedBand), before the table is drawn, so neither a hint
 * nor the position moves the table. Returns the px at the table's foot the piles leave it. */
function placeLine(snap, table) {
  const root = document.documentElement;
  if (root.dataset.line !== "free" || !window.matchMedia(PHONE).matches) return 0;
  const height = table.clientHeight + (root.dataset.lineRoom === "slot" ? LINE_HEIGHT : 0);
  const band = plannedBand(snap, table.clientWidth, height, LINE_HEIGHT);
  root.style.setProperty("--line-y", `${band ? band.y : 0}px`);
  if (band) delete root.dataset.lineRoom;
  else root.dataset.lineRoom = "slot";
  // A band at the foot is kept from the piles: one longer than the plan squeezes above it.
  return band && band.y + LINE_HEIGHT >= height - 1 ? height - band.y : 0;
}

export function draw() {
  const table = $("table");
  const snap = app.snap;
  if (!snap) return;
  // Never under a finger: a redraw would replace the cards being dragged. The release draws.
  if (app.pointerDown && table.querySelector(".card.dragging")) {
    app.drawPending = true;
    return;
  }
  app.drawPending = false;
  const hadFocus = table.contains(document.activeElement);
  const width = table.clientWidth;
  const keep = placeLine(snap, table);
  app.geo = render(table, snap, app.names, { selected: app.selected, marks: [...app.assist.marks(), ...howtoMarks()], keep });
  table.classList.toggle("ready", app.ready);
  table.classList.toggle("waiting", !app.ready);
  table.setAttribute("aria-busy", String(!app.ready));
  drawRun(table, app.geo, snap, width);
  if (!app.ready) {
    const note = document.createElement("p");
    note.className = "boot-indicator";
    note.setAttribute("role", "status");
    note.textContent = app.waitNote ?? "Starting the card engine… your game is shown as you left it";
    table.appendChild(note);
  }
  if (app.cursor && app.geo.piles[app.cursor]) {
    const el = app.geo.piles[app.cursor].el;
    el.classList.add("kbd-focus");
    el.tabIndex = 0;
    if (hadFocus) el.focus({ preventScroll: true });
  } else {
    const first = Object.values(app.geo.piles)[0];
    if (first) first.el.tabIndex = 0;
  }
  updateBar();
}
