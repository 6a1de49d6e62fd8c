// The Statistics dialog: the game on the table first (its figures, a chart of its results,
// its variants, the history, where one tap plays a deal again), then every game in a line,
// and "Reset statistics of <game>" with a confirmation. The figures are the engine's
// (records_summary); this only lays them out. Another tab's write refreshes an open dialog.

import { moneyText as money } from "./bar.js";
import { clockText } from "./clock.js";
import { titleOf } from "./deals.js";
import { call } from "./engine.js";
import { unlessInProgress } from "./game-flow.js";
import { announce } from "./notices.js";
import { chartShapes, chartWords, percent } from "./records-core.js";
import { setAside } from "./records.js";
import { $, app } from "./state.js";
import * as store from "./store.js";

const SVG = "http://www.w3.org/2000/svg";
const KIND_WORDS = { won: "Won", helped: "Won with help", solved: "Solved by the solver", lost: "Lost" };

let ctl = null;        // the controller (bindStats)
let shown = null;      // the game whose statistics are shown

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** A game's summary from the engine; a record it cannot read is set aside. */
async function summaryOf(gameId) {
  const raw = store.read(store.keys.stats(gameId)) ?? "";
  let s = await call("records_summary", raw, gameId);
  if (s.error) {
    setAside(gameId, raw, s.error.message);
    s = await call("records_summary", "", gameId);
  }
  return s;
}

const dash = (x, f = String) => (x === null || x === undefined ? "–" : f(x));

function figureGrid(f, { vegas = false } = {}) {
  const items = [
    ["Played", f.played],
    ["Won", f.won],
    ["Win rate", percent(f.winRate)],
    ["Won with help", f.helped],
    ["With help, rate", percent(f.helpRate)],
    ["Solved by the solver", f.solved],
    ["Lost", f.lost],
    ["Winning streak", f.streak],
    ["Best streak", f.bestStreak],
    ["Losing streak", f.losing],
    ["Best time", dash(f.bestSeconds, clockText)],
    ["Average time", dash(f.averageSeconds, clockText)],
    ["Fewest moves", dash(f.fewestMoves)],
    ["Best score", dash(f.bestScore, vegas ? money : String)],
  ];
  if (vegas) items.push(["Vegas balance", money(f.balance ?? 0)]);
  const grid = el("dl", { class: "figures" });
  for (const [label, value] of items) {
    grid.append(el("div", {}, el("dt", {}, label), el("dd", {}, String(value))));
  }
  return grid;
}

function chart(series) {
  const width = 300;
  const height = 80;
  const words = chartWords(series);
  const box = el("figure", { class: "results-chart" });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", words);
  svg.setAttribute("preserveAspectRatio", "none");
  const { bars, line } = chartShapes(series, width, height);
  const axis = document.createElementNS(SVG, "line");
  for (const [k, v] of Object.entries({ x1: 0, x2: width, y1: height / 2, y2: height / 2, class: "axis" })) axis.setAttribute(k, v);
  svg.append(axis);
  for (const b of bars) {
    const r = document.createElementNS(SVG, "rect");
    for (const k of ["x", "y"]) r.setAttribute(k, b[k]);
    r.setAttribute("width", b.w);
    r.setAttribute("height", b.h);
    r.setAttribute("class", `bar ${b.kind}`);
    svg.append(r);
  }
  if (series.length > 1) {
    const p = document.createElementNS(SVG, "polyline");
    p.setAttribute("points", line);
    p.setAttribute("class", "rate");
    svg.append(p);
  }
  box.append(svg, el("figcaption", {},
    el("span", { class: "key won" }, "won"), " ", el("span", { class: "key helped" }, "with help"), " ",
    el("span", { class: "key solved" }, "solver"), " ", el("span", { class: "key lost" }, "lost"), " ",
    el("span", { class: "key rate" }, "win rate")));
  return box;
}

function when(iso) {
  const d = new Date(iso);
  const year = d.getFullYear() === new Date().getFullYear() ? {} : { year: "numeric" };
  return d.toLocaleString(undefined, { day: "numeric", month: "short", ...year, hour: "2-digit", minute: "2-digit" });
}

function historyTable(summary) {
  const vegas = new Set(summary.variants.filter((v) => v.vegas).map((v) => v.key));
  const many = summary.variants.length > 1;
  const table = el("table", { class: "history" },
    el("caption", {}, `Your last ${summary.history.length} games, newest first. Tap a deal to play it again.`));
  const head = el("tr", {}, ...["Date", "Deal", ...(many ? ["Variant"] : []), "Result", "Time", "Moves", "Score"]
    .map((h) => el("th", { scope: "col" }, h)));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const row of summary.history) {
    const play = el("button", { type: "button", class: "tool replay", "aria-label": `Play ${summary.title} deal ${row.deal} again`,
      onclick: () => replay(summary.game, row) }, `#${row.deal}`);
    const result = KIND_WORDS[row.kind] + (row.daily ? " (daily)" : "");
    body.append(el("tr", { class: row.kind },
      el("td", {}, when(row.ended)), el("td", {}, play), many ? el("td", { class: "variant" }, row.label) : null,
      el("td", {}, result), el("td", {}, clockText(row.seconds)), el("td", {}, String(row.moves)),
      el("td", {}, row.score === null ? "–" : vegas.has(row.variant) ? money(row.score) : String(row.score))));
  }
  table.append(body);
  return el("div", { class: "history-box" }, table);
}

async function overview() {
  const table = el("table", { class: "overview" }, el("caption", {}, "All games"));
  table.append(el("thead", {}, el("tr", {}, ...["Game", "Played", "Won", "Rate", "Streak"]
    .map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  for (const g of app.catalogue?.games ?? []) {
    const t = (await summaryOf(g.id)).total;
    const name = el("button", { type: "button", class: "link", onclick: () => show(g.id) }, g.title);
    if (g.id === shown) name.setAttribute("aria-current", "true");
    body.append(el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, String(t.played)),
      el("td", {}, String(t.won)), el("td", {}, percent(t.winRate)), el("td", {}, String(t.streak))));
  }
  table.append(body);
  return table;
}

/** Lay out the statistics of a game in the dialog. */
async function show(gameId) {
  shown = gameId;
  const s = await summaryOf(gameId);
  const content = $("stats-content");
  const parts = [el("h3", {}, s.title), figureGrid(s.total)];
  if (s.total.played === 0) {
    parts.push(el("p", {}, `No ${s.title} game is recorded yet. A game counts once you have made a move; it is recorded when you win it or start another deal.`));
  } else {
    parts.push(chart(s.series));
    if (s.variants.length > 1 || s.variants[0]?.label) {
      const list = el("div", { class: "variants" }, el("h4", {}, "By variant"));
      s.variants.forEach((v, i) => {
        const f = v.figures;
        const d = el("details", i === 0 ? { open: "" } : {},
          el("summary", {}, `${v.label}: ${f.played} played, ${percent(f.winRate)} won`),
          figureGrid(f, { vegas: v.vegas }));
        list.append(d);
      });
      parts.push(list);
    }
    parts.push(historyTable(s));
  }
  parts.push(await overview());
  if (shown !== gameId) return;       // another game was asked for meanwhile
  content.replaceChildren(...parts);
  resetButtons();
}

function resetButtons() {
  const row = $("stats-buttons");
  const reset = el("button", { type: "button", class: "tool", id: "stats-reset", onclick: askReset },
    `Reset statistics of ${titleOf(shown)}`);
  const close = el("button", { value: "close", class: "tool" }, "Close");
  row.replaceChildren(reset, close);
}

function askReset() {
  const title = titleOf(shown);
  const row = $("stats-buttons");
  const keep = el("button", { type: "button", class: "tool accent", onclick: () => { resetButtons(); $("stats-reset").focus(); } }, "Keep them");
  const go = el("button", { type: "button", class: "tool danger", onclick: async () => {
    try {
      window.localStorage.removeItem(store.keys.stats(shown));
    } catch {
      // Storage refused: nothing was removed, and the figures below still show it.
    }
    announce(`${title} statistics reset`);
    await show(shown);
  } }, `Reset ${title}`);
  row.replaceChildren(el("p", { class: "confirm", role: "alert" },
    `Reset all ${title} statistics and history? This cannot be undone. Your other games are untouched.`), keep, go);
  keep.focus();
}

/** Play a deal of the history again, with its options, asking first when a game in
 * progress would be lost. */
function replay(gameId, row) {
  $("dlg-stats").close();
  ctl.saveNow();
  const replaced = gameId === app.snap?.game ? app.snap : store.readGame(gameId).record?.snapshot;
  unlessInProgress(replaced, `Play deal ${row.deal} again?`, `Play deal ${row.deal}`,
    () => ctl.newDeal(gameId, row.deal, row.options));
}

/** Wire the Statistics button and the refresh from other tabs; a deal played again goes
 * through the controller. */
export function bindStats(controller) {
  ctl = controller;
  $("btn-stats")?.addEventListener("click", async () => {
    if (!app.ready || !app.snap) {
      $("stats-content").replaceChildren(el("p", {}, "Your statistics appear here as soon as the card engine has started."));
    } else {
      await ctl.saveNow();
      await show(app.snap.game);
    }
    $("dlg-stats").showModal();
    $("stats-content").scrollTop = 0;
  });
  window.addEventListener("storage", async (e) => {
    if ($("dlg-stats")?.open && (e.key === null || e.key === store.keys.stats(shown)
        || e.key.startsWith(store.keys.stats("")))) {
      const top = $("stats-content").scrollTop;
      await show(shown);
      $("stats-content").scrollTop = top;
    }
  });
}
