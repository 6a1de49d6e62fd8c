// The Games dialog: every game as a tile with a picture of its opening layout (preview.js),
// its name and its one-line description, in a radio group. The chosen tile opens to the
// game's options, "Winnable deals only" and its buttons; the dialog opens at the game on the
// table. Arrow keys move between the games (a native radio group), Enter goes to the chosen
// game's Play button. The app is asked through the `ui` object (dialog-actions.js).

import { toolButton } from "./buttons.js";
import { fit, frameLater, picture, unframe } from "./preview.js";

const $ = (id) => document.getElementById(id);

function optionLabel(option, value) {
  const i = option.choices.indexOf(value);
  return option.labels[i] ?? String(value);
}

/** The options a game's selects say now, as the engine names them. */
function chosenOptions(card, game) {
  const options = {};
  for (const option of game.options) {
    const select = card.querySelector(`select[name="${option.name}"]`);
    options[option.name] = option.choices[Number(select.value)];
  }
  return options;
}

function tile(ui, game, current, saved) {
  const label = document.createElement("label");
  label.className = "tile";
  const radio = document.createElement("input");
  radio.type = "radio";
  radio.name = "game";
  radio.value = game.id;
  radio.className = "visually-hidden";
  radio.id = `game-${game.id}`;
  radio.setAttribute("aria-labelledby", `game-${game.id}-name game-${game.id}-state`);
  radio.setAttribute("aria-describedby", `game-${game.id}-about`);
  const pic = document.createElement("span");
  pic.className = "pic";
  const text = document.createElement("span");
  text.className = "tile-text";
  const name = document.createElement("span");
  name.className = "tile-name";
  name.id = `game-${game.id}-name`;
  name.textContent = game.title;
  const state = document.createElement("span");
  state.className = "in-progress";
  state.id = `game-${game.id}-state`;
  state.textContent = current ? "Playing now" : saved ? "Game in progress" : "";
  const about = document.createElement("span");
  about.className = "tile-about";
  about.id = `game-${game.id}-about`;
  about.textContent = game.summary;
  text.append(name, state, about);
  label.append(radio, pic, text);
  return label;
}

function details(ui, game, card, current, saved) {
  const box = document.createElement("div");
  box.className = "details";
  box.id = `game-${game.id}-details`;
  const chosen = ui.options(game.id);
  const opts = document.createElement("div");
  opts.className = "opts";
  for (const option of game.options) {
    const label = document.createElement("label");
    label.textContent = `${option.label} `;
    label.title = option.help;
    const select = document.createElement("select");
    select.name = option.name;
    option.choices.forEach((value, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = optionLabel(option, value);
      const selected = option.name in chosen ? chosen[option.name] : option.default;
      if (selected === value) o.selected = true;
      select.appendChild(o);
    });
    label.appendChild(select);
    opts.appendChild(label);
  }
  const winnable = document.createElement("label");
  winnable.className = "check";
  winnable.innerHTML = '<input type="checkbox" name="winnable"> Winnable deals only';
  winnable.title = "New deals are ones the solver has won: from the list shipped with Patience, or found on this device.";
  const check = winnable.querySelector("input");
  check.checked = ui.winnable(game.id);
  // The grades of the list for the options chosen, from the engine: Any, Easy, Medium, Hard.
  const grade = document.createElement("label");
  grade.className = "grade";
  grade.textContent = "Difficulty ";
  grade.title = "How hard a winnable deal is, from how long the solver took to win it.";
  const gradeSelect = document.createElement("select");
  gradeSelect.name = "grade";
  grade.appendChild(gradeSelect);
  grade.hidden = true;                              // until the list says its grades
  const wanted = () => (check.checked ? Number(gradeSelect.value) || true : false);
  const fillGrades = async () => {
    const offered = await ui.grades(game.id, chosenOptions(box, game));
    const asked = ui.grade(game.id);
    gradeSelect.replaceChildren(new Option("Any", "0"),
      ...offered.map((g) => new Option(g.label, String(g.grade))));
    gradeSelect.value = offered.some((g) => g.grade === asked) ? String(asked) : "0";
    gradeSelect.disabled = !check.checked;
    grade.hidden = !offered.length;
  };
  check.addEventListener("change", () => {
    ui.setWinnable(game.id, wanted());
    gradeSelect.disabled = !check.checked;
  });
  gradeSelect.addEventListener("change", () => ui.setWinnable(game.id, wanted()));
  opts.addEventListener("change", (e) => { if (e.target !== gradeSelect && e.target !== check) fillGrades(); });
  opts.append(winnable, grade);
  box.appendChild(opts);
  fillGrades();
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  if (saved || current) {
    buttons.appendChild(toolButton(current ? "Back to it" : "Resume", () => {
      $("dlg-games").close();
      if (!current) ui.resume(game.id);
    }));
  }
  const play = toolButton(saved || current ? "New deal" : "Play", () => {
    const options = chosenOptions(card, game);
    $("dlg-games").close();
    ui.newGame(game.id, options);
  }, true);
  play.setAttribute("aria-describedby", `game-${game.id}-name`);
  buttons.appendChild(play);
  box.appendChild(buttons);
  return box;
}

function gameCard(ui, game) {
  const card = document.createElement("section");
  card.className = "game-card";
  card.dataset.game = game.id;
  card.setAttribute("aria-labelledby", `game-${game.id}-name`);
  const current = ui.current() === game.id;
  const saved = ui.hasSave(game.id);
  card.append(tile(ui, game, current, saved), details(ui, game, card, current, saved));
  return card;
}

/** Open one game's tile: its details shown, the others' hidden; its picture drawn. */
function choose(ui, list, id) {
  for (const card of list.querySelectorAll(".game-card")) {
    const on = card.dataset.game === id;
    card.classList.toggle("chosen", on);
    card.querySelector(".details").hidden = !on;
    const radio = card.querySelector('input[type="radio"]');
    if (radio.checked !== on) radio.checked = on;
  }
  if (!list.closest("dialog").open) return;    // laid out once the dialog shows
  place(list);
  // The chosen tile is wider, the one before narrower again: their pictures are rescaled.
  for (const pic of list.querySelectorAll(".pic")) fit(pic);
}

/** Let the chosen tile take the rest of its row of the grid, or the whole next row when
 * fewer than three columns are left, so the tiles keep their order with no gap before it. */
function place(list) {
  const cards = [...list.querySelectorAll(".game-card")];
  const i = cards.findIndex((c) => c.classList.contains("chosen"));
  for (const card of cards) card.style.gridColumn = "";
  if (i < 0) return;
  // The grid's columns, counted as the tiles of its first row (a fieldset does not say its
  // resolved columns).
  const top = cards[0].offsetTop;
  const columns = cards.filter((c) => c.offsetTop === top).length;
  const col = i % Math.max(1, columns);
  cards[i].style.gridColumn = columns - col >= 3 ? `${col + 1} / -1` : "1 / -1";
}

/** Draw the pictures of the tiles (each drawn once, then kept: preview.js). */
function drawPictures(ui, list, games) {
  for (const game of games) {
    const card = list.querySelector(`.game-card[data-game="${game.id}"]`);
    frameLater(card.querySelector(".pic"), picture(ui.preview, game.id, ui.options(game.id)));
  }
}

/** Open the Games dialog at the game on the table (else the first). */
export function openPicker(ui) {
  const list = $("game-list");
  const games = ui.games();
  if (!games.length) {
    list.replaceChildren(Object.assign(document.createElement("p"), {
      textContent: "The games appear here as soon as the card engine has started." }));
    $("dlg-games").showModal();
    return;
  }
  const legend = document.createElement("legend");
  legend.className = "visually-hidden";
  legend.textContent = "Games";
  list.replaceChildren(legend, ...games.map((g) => gameCard(ui, g)));
  const at = games.some((g) => g.id === ui.current()) ? ui.current() : games[0].id;
  choose(ui, list, at);
  $("dlg-games").showModal();
  place(list);
  drawPictures(ui, list, games);
  const radio = $(`game-${at}`);
  radio.focus();
  radio.closest(".game-card").scrollIntoView({ block: "nearest" });
}

/** Wire the radio group once: a change of game opens its tile, Enter goes to its Play. */
export function bindPicker(ui) {
  const list = $("game-list");
  $("dlg-games").addEventListener("close", () => unframe(list));
  list.addEventListener("change", (e) => {
    if (e.target.name === "game") choose(ui, list, e.target.value);
  });
  list.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || e.target.name !== "game") return;
    e.preventDefault();      // not the form's submission, which would close the dialog
    const card = e.target.closest(".game-card");
    choose(ui, list, card.dataset.game);
    card.querySelector("button.accent").focus();
  });
}
