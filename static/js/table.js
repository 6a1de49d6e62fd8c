// Drawing the table: the snapshot through render(), the waiting state while Python starts,
// and the keyboard cursor.

import { updateBar } from "./bar.js";
import { howtoMarks } from "./howto.js";
import { placeLine } from "./line-room.js";
import { render } from "./render.js";
import { drawRun } from "./run-badge.js";
import { $, app } from "./state.js";

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
