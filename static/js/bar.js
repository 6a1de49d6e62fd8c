// The bar above and the buttons below the table: title, deal, moves, time, score, and which
// actions are open now.

import { clockText } from "./clock.js";
import { $, app, elapsed } from "./state.js";

/** Money as written: "$25", "-$52". */
export function moneyText(amount) {
  return `${amount < 0 ? "-" : ""}$${Math.abs(amount)}`;
}

/** The score as shown: "Score 120", or money in Vegas scoring. */
export function scoreText(snap) {
  const score = snap.score;
  if (score === null || score === undefined) return "";
  return snap.scoring === "vegas" ? moneyText(score) : `Score ${score}`;
}

/** The run as shown, where the engine counts one (cards played from the table since the
 * stock last turned: TriPeaks, Golf): "Run 4"; "" in other games. */
export function runText(snap) {
  return Number.isInteger(snap.run) ? `Run ${snap.run}` : "";
}

export function updateBar() {
  const snap = app.snap;
  $("title").textContent = snap.title;
  document.title = `${snap.title} · Patience`;
  $("stat-deal").textContent = snap.deal ? `Deal ${snap.deal}` : "";
  $("stat-moves").textContent = `Moves ${snap.moveCount}`;
  $("stat-time").textContent = clockText(elapsed());
  $("stat-score").textContent = scoreText(snap);
  $("stat-run").textContent = runText(snap);
  const live = app.ready && !app.assist.finding;
  $("btn-undo").disabled = !live || !snap.canUndo;
  $("btn-redo").disabled = !live || !snap.canRedo;
  for (const id of ["btn-new", "btn-deal"]) $(id).disabled = !live;
  $("btn-restart").disabled = !live || !snap.canUndo;
  $("btn-finish").hidden = !(live && snap.finish);
  for (const id of ["btn-hint", "btn-solve"]) $(id).disabled = !live || snap.status !== "playing";
}
