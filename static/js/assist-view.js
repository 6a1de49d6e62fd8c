// Showing what the solver knows: the verdict line above the table, the point-of-no-return
// strip with its undo button, the tip, the Solve button's label and the marks on the table.
// Only what belongs to the position on the table is shown (see knowledge.js on tokens).

import { sameToken } from "./knowledge.js";

const $ = (id) => document.getElementById(id);
const hasHidden = (s) => Object.values(s.piles).some((p) => p.includes(null));

/** Write a part of the solver's line: its brief form, shown while the line is closed and
 * its whole text does not fit, and its whole text (chrome.js). One text when the same. */
export function say(p, brief, full = brief) {
  const now = p.dataset.brief === brief && p.dataset.full === full;
  if (now) return;
  p.dataset.brief = brief;
  p.dataset.full = full;
  if (!brief || brief === full) {
    p.textContent = full;
    return;
  }
  const short = document.createElement("span");
  short.className = "brief";
  short.textContent = brief;
  const whole = document.createElement("span");
  whole.className = "full";
  whole.textContent = full;
  p.replaceChildren(short, whole);
}

/** core: the shared state and helpers of assist.js; parts: {ponr, hints}. */
export function createView(core, { ponr, hints }) {
  const { kn } = core;
  let drawn = "[]";         // the marks the table was last drawn with
  let quiet = 0;            // inside sync(): the app draws the table right after

  /** Return what is known of the position on the table (null if the cache is not synced
   * with it: nothing is shown then rather than another position's verdict). */
  function knownHere() {
    const here = core.here();
    return here && kn.present(here) ? kn.known(kn.length) : null;
  }

  /** The tip, if it is about the position on the table. */
  const tip = () => (core.tip && sameToken(core.tip.token, core.here()) ? core.tip : null);

  /** The verdict: [state, brief word, whole text]. */
  function verdictText() {
    const s = core.snap();
    const { solver } = core;
    if (!s || s.status === "won") return ["won", "", ""];
    const e = knownHere();
    const peek = e?.usedHidden && hasHidden(s) ? " (the solver looked at face-down cards)" : "";
    if (e?.verdict === "solved") return ["winnable", "Winnable", `Winnable${peek}`];
    if (e?.verdict === "unwinnable") return ["lost", "Not winnable", `Not winnable${s.status === "stuck" ? "" : peek}`];
    if (solver.state === "failed") return ["failed", "Solver unavailable", `Solver unavailable: ${solver.failure}`];
    if (core.trouble && sameToken(core.trouble.token, core.here())) {
      return ["failed", "Not checked", `The solver could not check this position: ${core.trouble.message}`];
    }
    // In a game whose search rarely finds a win, the engine's words say so from the start.
    const note = core.note?.();
    if (core.asking("indicator", "deep")) {
      if (note) return ["thinking", "No win found yet", `${note} (The solver is still looking.)`];
      return ["thinking", "Thinking…", solver.state === "starting" ? "Thinking (starting the solver)…" : "Thinking…"];
    }
    if (e?.verdict === "unknown") {
      return note ? ["unknown", "No win found yet", note]
        : ["unknown", "Unknown", "Unknown: no win found within the search limit"];
    }
    return ["idle", "", ""];
  }

  function show() {
    const s = core.snap();
    const bar = $("assist");
    if (!s || !bar) return;
    const [state, brief, text] = verdictText();
    const shownTip = tip();
    const verdict = $("verdict");
    verdict.dataset.state = state;
    const shown = core.on() || shownTip || ponr.found;
    say(verdict, shown ? brief : "", shown ? text : "");
    verdict.hidden = !verdict.textContent;
    const back = $("btn-rewind");
    const lost = state === "lost" || ponr.walking() ? ponr.words(s) : null;
    back.hidden = !lost?.back;
    if (lost?.back) back.textContent = lost.back;
    $("ponr").textContent = lost?.text ?? "";
    $("ponr").hidden = !lost?.text;
    say($("tip"), shownTip?.brief ?? shownTip?.text ?? "", shownTip?.text ?? "");
    $("tip").dataset.kind = shownTip?.kind ?? "";
    $("tip").hidden = !shownTip;
    $("btn-solve").textContent = hints.solving ? "Stop" : "Solve";
    ponr.speak(lost?.found && state === "lost" ? lost.text : "", lost?.back);
    bar.hidden = verdict.hidden && !lost?.text && !shownTip;
    // The line keeps a slot above the table only while it speaks of every position (the
    // indicator on); else it stands over free felt when it shows (app.css, table.js).
    const free = core.on() ? undefined : "free";
    const moved = document.documentElement.dataset.line !== free;
    if (moved) {
      if (free) document.documentElement.dataset.line = free;
      else delete document.documentElement.dataset.line;
    }
    bar.classList.toggle("with-tip", Boolean(shownTip));     // a phone's line then gives way
    // The line's room changed (the indicator toggled: the table's height with it), or an
    // answer that came in marks other cards (the losing move): draw now, not at the next
    // hint, which would then move the table under it.
    if (!quiet && (moved || JSON.stringify(marks()) !== drawn)) core.ctx.draw();
  }

  /** Run fn (a sync) without drawing the table: the app draws it next anyway. */
  function withoutDrawing(fn) {
    quiet++;
    try {
      fn();
    } finally {
      quiet--;
    }
  }

  /** The cards to mark on the table: the hint's, and the move that lost the game. */
  function marks() {
    const s = core.snap();
    const out = tip()?.marks ? [...tip().marks] : [];
    if (s && knownHere()?.verdict === "unwinnable") out.push(...ponr.marks(s));
    return out;
  }

  /** The marks, as the table is drawn with them now. */
  function drawMarks() {
    const out = marks();
    drawn = JSON.stringify(out);
    return out;
  }

  return { show, marks: drawMarks, withoutDrawing };
}
