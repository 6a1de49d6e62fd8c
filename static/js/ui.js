// Dialogs: the game chooser with every game's options, the rules page, the settings and the
// deal-number form. They call back into the app through the `ui` object main.js passes in.

const $ = (id) => document.getElementById(id);

// How the page is played: the page's own controls, shown under every game's rules (which
// come from the engine).
const PLAYING_HERE = `
<h3>Playing here</h3>
<ul>
<li>Tap or click a card to send it to its best place; drag it to choose the place yourself.
A card dropped where it may not go glides back, and the reason shows beside it.</li>
<li>Keyboard: the arrow keys move between piles, Space picks up a card and Space again puts it
down, Enter plays the best move for the card in focus, D turns the stock, H asks for a hint,
Escape lets go, Ctrl+Z undoes and Ctrl+Y redoes.</li>
<li>Pile keys go straight to a pile: 1 to 9 and 0 for piles 1 to 10 (with Shift for piles 11
to 20), S the stock, W the waste, F the foundations, C the free cells. With nothing held, a
pile key picks up that pile's cards (F and C the next card there); holding cards, it puts them
down there (F and C: on the first foundation or free cell that takes them). So 3 then 5 moves
from pile 3 to pile 5.</li>
<li>Holding cards, Up takes one more card of the run and Down one fewer.</li>
<li>Undo and redo are unlimited and never change the deal. Every deal has a number: the same
number always gives the same deal.</li>
<li>New deal, Restart and a new game in Games ask first when they would replace a game in
progress.</li>
<li>When no legal move is left the game tells you, and offers to undo or deal again.</li>
</ul>`;

function optionLabel(option, value) {
  const i = option.choices.indexOf(value);
  return option.labels[i] ?? String(value);
}

function gameCard(ui, game) {
  const card = document.createElement("section");
  card.className = "game-card";
  card.dataset.game = game.id;
  const chosen = ui.options(game.id);
  const current = ui.current() === game.id;
  const saved = ui.hasSave(game.id);
  card.innerHTML = `<h3>${game.title}</h3><p>${game.summary}</p>`;
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
  const box = winnable.querySelector("input");
  box.checked = ui.winnable(game.id);
  box.addEventListener("change", () => ui.setWinnable(game.id, box.checked));
  opts.appendChild(winnable);
  card.appendChild(opts);
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  if (saved || current) {
    const note = document.createElement("span");
    note.className = "in-progress";
    note.textContent = current ? "Playing now" : "Game in progress";
    buttons.appendChild(note);
    const resume = document.createElement("button");
    resume.type = "button";
    resume.className = "tool";
    resume.textContent = current ? "Back to it" : "Resume";
    resume.addEventListener("click", () => { $("dlg-games").close(); if (!current) ui.resume(game.id); });
    buttons.appendChild(resume);
  }
  const play = document.createElement("button");
  play.type = "button";
  play.className = "tool accent";
  play.textContent = saved || current ? "New deal" : "Play";
  play.addEventListener("click", () => {
    const options = {};
    for (const option of game.options) {
      const select = card.querySelector(`select[name="${option.name}"]`);
      options[option.name] = option.choices[Number(select.value)];
    }
    $("dlg-games").close();
    ui.newGame(game.id, options);
  });
  buttons.appendChild(play);
  card.appendChild(buttons);
  return card;
}

export function bindDialogs(ui) {
  $("btn-games").addEventListener("click", () => {
    const list = $("game-list");
    const games = ui.games();
    if (!games.length) {
      list.textContent = "The games appear here as soon as the card engine has started.";
    } else {
      list.replaceChildren(...games.map((g) => gameCard(ui, g)));
    }
    $("dlg-games").showModal();
  });
  $("btn-rules").addEventListener("click", () => {
    const page = ui.rules();              // the engine's page for the game and its options
    $("dlg-rules-title").textContent = page ? `How to play ${page.title}` : "Rules";
    $("rules-text").innerHTML = (page ? page.html : "<p>The rules appear here as soon as the card engine has started.</p>")
      + PLAYING_HERE;
    $("dlg-rules").showModal();
    // showModal focuses the Close button at the bottom, scrolling there: open at the top.
    for (const el of [$("dlg-rules"), $("rules-text"), $("dlg-rules").querySelector(".dialog-body")]) {
      if (el) el.scrollTop = 0;
    }
  });
  const checks = { "set-automove": "autoMove", "set-autofinish": "autoFinish", "set-fourcolour": "fourColour",
    "set-motion": "motion", "set-sound": "sound",
    "set-indicator": "indicator" };
  $("btn-settings").addEventListener("click", () => {
    const s = ui.settings();
    for (const [id, name] of Object.entries(checks)) $(id).checked = s[name];
    $("dlg-settings").showModal();
  });
  for (const [id, name] of Object.entries(checks)) {
    $(id).addEventListener("change", (e) => ui.saveSettings({ [name]: e.target.checked }));
  }
  $("btn-deal").addEventListener("click", () => {
    $("deal-error").textContent = "";
    $("deal-number").value = "";
    const { min, max } = ui.dealRange();
    const label = document.querySelector('label[for="deal-number"]');
    if (label) label.textContent = `Deal number (${min} to ${max})`;
    $("dlg-deal").showModal();
    $("deal-number").focus();
  });
  $("deal-cancel").addEventListener("click", () => $("dlg-deal").close());
  $("deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("deal-number").value.trim();
    const n = Number(text);
    const { min, max } = ui.dealRange();
    if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
      $("deal-error").textContent = `A deal number is a whole number from ${min} to ${max}.`;
      $("deal-number").focus();
      return;
    }
    $("dlg-deal").close();
    ui.playDeal(n);
  });
}
