// The daily deal: one deal of each game a day, the same for every player on that date. The
// engine derives it from the player's local date and the list of deals the solver has won
// (py/patience/daily.py); this dialog shows today's daily of the game on the table and of the
// others, a Play button, a month calendar of the days whose dailies were won (from each
// game's statistics: records_summary's "dailies") and the daily streak, which the engine
// counts. Playing a daily goes through the controller (bindDaily(controller, links)).

import { toolButton as button } from "./buttons.js";
import { titleOf } from "./deals.js";
import { call } from "./engine.js";
import { unlessInProgress } from "./game-flow.js";
import { parkedInWords, sameOptions } from "./links.js";
import { announce } from "./notices.js";
import { $, app } from "./state.js";
import * as store from "./store.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];
const WEEKDAYS = [["Mon", "Monday"], ["Tue", "Tuesday"], ["Wed", "Wednesday"], ["Thu", "Thursday"],
  ["Fri", "Friday"], ["Sat", "Saturday"], ["Sun", "Sunday"]];

let ctl = null;         // the controller (bindDaily)
let links = null;       // the link transitions: back to a parked game
let lists = null;       // the solver-won lists (winnable.json's "sets"), fetched once
let grades = {};        // their deals' grades (winnable.json's "difficulty"; the engine reads them)
let shownMonth = null;  // the calendar's month: {year, month} (month 0-11)

const pad = (n) => String(n).padStart(2, "0");

/** The player's local date as YYYY-MM-DD. */
export const localDate = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** A date in words: "Tuesday 24 November 2026". */
function dateWords(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  const weekday = WEEKDAYS[(new Date(y, m - 1, d).getDay() + 6) % 7][1];
  return `${weekday} ${d} ${MONTHS[m - 1]} ${y}`;
}

async function loadLists() {
  if (lists) return lists;
  try {
    const response = await fetch(new URL("../data/winnable.json", import.meta.url));
    const data = await response.json();
    lists = data && typeof data.sets === "object" && data.sets !== null ? data.sets : {};
    grades = data && typeof data.difficulty === "object" && data.difficulty !== null ? data.difficulty : {};
  } catch {
    return null;        // no list (offline before it was ever fetched): said in the dialog
  }
  return lists;
}

/** A game's daily on a date: the engine's answer ({game, options, deal, words, ...} or
 * {none: why} or {error}). */
function dailyOf(gameId, date, sets) {
  return call("daily", gameId, date, JSON.stringify(sets),
    JSON.stringify(app.settings.options[gameId] ?? {}), JSON.stringify(grades));
}

/** Each game's daily results, {gameId: {date: "won" | "lost"}}, from its statistics. */
async function results() {
  const out = {};
  if (typeof store.keys.stats !== "function") return out;
  for (const { id } of app.catalogue?.games ?? []) {
    const text = store.read(store.keys.stats(id));
    if (text === null) continue;
    let summary;
    try {
      summary = await call("records_summary", text);
    } catch {
      return out;       // an engine without statistics: nothing is known yet
    }
    if (summary?.dailies && typeof summary.dailies === "object") out[id] = summary.dailies;
  }
  return out;
}

const isOnTable = (d) => app.snap && app.snap.game === d.game && app.snap.deal === d.deal
  && sameOptions(app.snap.options, d.options);

/** Play a daily: at once when it is on the table already, else after asking when it would
 * replace a game in progress. */
function play(d) {
  $("dlg-daily").close();
  if (isOnTable(d)) {
    if (app.daily !== d.date) ctl.markDaily(d.date);
    return;
  }
  ctl.saveNow();
  const replaced = d.game === app.snap?.game ? app.snap : store.readGame(d.game).record?.snapshot;
  unlessInProgress(replaced, "Play today's daily deal?", "Play the daily deal", async () => {
    await ctl.newDeal(d.game, d.deal, d.options);
    ctl.markDaily(d.date);
    announce(`${titleOf(d.game)}, today's daily deal, deal ${d.deal}${d.difficulty ? ` (${d.difficulty})` : ""}`);
  });
}

function statusWords(result) {
  if (result === "won") return "Won today";
  if (result === "lost") return "Played today, not won yet";
  return "Not played yet today";
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The daily of the game on the table, with its Play button. */
function todayBlock(d, today, done) {
  const box = el("section", "daily-main");
  const title = titleOf(d.game ?? app.snap.game);
  box.append(el("h3", "", `${title}${d.deal ? `, deal ${d.deal}` : ""}${d.difficulty ? ` · ${d.difficulty}` : ""}`));
  if (d.none || d.error) {
    box.append(el("p", "", d.none ?? d.error.message));
    return box;
  }
  if (d.words) box.append(el("p", "daily-words", d.words));
  const state = done[d.game]?.[today];
  box.append(el("p", `daily-status${state === "won" ? " won" : ""}`, statusWords(state)));
  const row = el("div", "buttons");
  row.append(button(isOnTable(d) ? "Back to it" : state === "won" ? "Play it again" : "Play",
    () => play(d), true));
  box.append(row);
  return box;
}

function othersList(list, dailies, today, done) {
  list.replaceChildren();
  for (const d of dailies) {
    const item = el("li");
    const title = titleOf(d.game);
    if (d.none || d.error) {
      item.append(el("span", "daily-game", title), el("span", "daily-none", "No daily deal: the solver has not won any of its deals yet"));
    } else {
      const state = done[d.game]?.[today];
      item.append(el("span", "daily-game", `${title}, deal ${d.deal}${d.difficulty ? ` · ${d.difficulty}` : ""}${d.words ? ` (${d.words})` : ""}`),
        el("span", `daily-status${state === "won" ? " won" : ""}`, statusWords(state)),
        button(isOnTable(d) ? "Back to it" : "Play", () => play(d)));
    }
    list.append(item);
  }
}

/** The month grid: each day with the dailies won on it. */
function calendar(days, today) {
  const { year, month } = shownMonth;
  $("daily-month").textContent = `${MONTHS[month]} ${year}`;
  const [ty, tm] = today.split("-").map(Number);
  $("daily-next").disabled = year > ty || (year === ty && month + 1 >= tm);
  const table = $("daily-calendar");
  table.replaceChildren();
  const head = el("tr");
  for (const [short, long] of WEEKDAYS) {
    const th = el("th", "", short);
    th.scope = "col";
    th.setAttribute("abbr", long);
    head.append(th);
  }
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  const first = (new Date(year, month, 1).getDay() + 6) % 7;   // Monday first
  const count = new Date(year, month + 1, 0).getDate();
  let row = el("tr");
  for (let i = 0; i < first; i++) row.append(el("td", "blank"));
  for (let day = 1; day <= count; day++) {
    const iso = `${year}-${pad(month + 1)}-${pad(day)}`;
    const cell = el("td", "");
    const won = days[iso]?.won ?? [];
    const lost = days[iso]?.lost ?? [];
    const number = el("span", "day", String(day));
    cell.append(number);
    let words = `${day} ${MONTHS[month]}`;
    if (won.length) {
      cell.classList.add("won");
      cell.append(el("span", "mark", won.length > 1 ? `★${won.length}` : "★"));
      words += `: daily won (${won.map(titleOf).join(", ")})`;
    } else if (lost.length) {
      cell.classList.add("played");
      words += ": daily played, not won";
    }
    if (iso === today) {
      cell.classList.add("today");
      words += ", today";
    }
    if (iso > today) cell.classList.add("later");
    cell.setAttribute("aria-label", words);
    cell.title = words;
    row.append(cell);
    if ((first + day) % 7 === 0) {
      body.append(row);
      row = el("tr");
    }
  }
  if (row.children.length) {
    while (row.children.length < 7) row.append(el("td", "blank"));
    body.append(row);
  }
  table.append(body);
}

let lastRecord = { days: {}, streak: 0, best: 0 };

/** Fill the dialog for today (the player's local date). */
async function fill() {
  const today = localDate();
  const sets = await loadLists();
  if (!sets) {
    $("daily-today").replaceChildren(el("p", "", "The list of deals the solver has won could not be loaded, so today's daily deals cannot be shown. Try again when this page has been fully loaded once."));
  }
  $("daily-date").textContent = dateWords(today);
  const done = await results();
  const record = await call("daily_record", JSON.stringify(done), today);
  lastRecord = record.error ? { days: {}, streak: 0, best: 0 } : record;
  const n = lastRecord.streak;
  $("daily-streak").textContent = n
    ? `Daily streak: ${n} day${n === 1 ? "" : "s"} in a row with a daily deal won (best ${lastRecord.best}).`
    : lastRecord.best ? `No daily streak running: win today's daily deal to start one (best ${lastRecord.best} day${lastRecord.best === 1 ? "" : "s"}).`
      : "Win a daily deal on days in a row to build a daily streak.";
  const games = app.catalogue?.games ?? [];
  const mine = app.snap?.game;
  const dailies = sets ? await Promise.all(games.map(async ({ id }) => ({ game: id, ...await dailyOf(id, today, sets) }))) : [];
  if (sets) {
    $("daily-today").replaceChildren(todayBlock(dailies.find((d) => d.game === mine) ?? { game: mine, none: "" }, today, done));
    othersList($("daily-others"), dailies.filter((d) => d.game !== mine), today, done);
  } else {
    $("daily-others").replaceChildren();
  }
  $("daily-others-title").hidden = !sets;
  const parked = parkedInWords();
  $("daily-back").hidden = !parked;
  $("daily-back").textContent = parked ? `Back to your game (${parked})` : "";
  calendar(lastRecord.days, today);
}

function moveMonth(step) {
  const m = shownMonth.month + step;
  shownMonth = { year: shownMonth.year + Math.floor(m / 12), month: ((m % 12) + 12) % 12 };
  calendar(lastRecord.days, localDate());
}

/** Open the dialog on this month. */
export async function openDaily() {
  if (!app.ready) return;
  const now = new Date();
  shownMonth = { year: now.getFullYear(), month: now.getMonth() };
  await fill();
  if (!$("dlg-daily").open) $("dlg-daily").showModal();
  $("dlg-daily").querySelector(".dialog-body").scrollTop = 0;
}

/** Wire the dialog's buttons (main.js calls this once, with the controller and the links'
 * transitions). */
export function bindDaily(controller, linkTransitions) {
  ctl = controller;
  links = linkTransitions;
  $("btn-daily").addEventListener("click", () => openDaily());
  $("daily-prev").addEventListener("click", () => moveMonth(-1));
  $("daily-next").addEventListener("click", () => moveMonth(1));
  $("daily-back").addEventListener("click", () => {
    $("dlg-daily").close();
    links.backToParked();
  });
}
