// Dialogs: the game chooser (picker.js), the rules page, the settings and the
// deal-number form. They call back into the app through the `ui` object main.js passes in.

import { bindPicker, openPicker } from "./picker.js";
import { frame, frameLater, picture, unframe } from "./preview.js";

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

const shown = (el) => Boolean(el?.isConnected) && el.getClientRects().length > 0 && !el.disabled;

/** Give the focus back to the control that opened a dialog when it closes; when that
 * control is out of sight (in the closed More menu on a narrow screen), to the More button.
 * Only when the focus would otherwise be lost: an action may have put it somewhere itself. */
function returnFocus() {
  let opener = null;
  document.addEventListener("click", (e) => {
    const control = e.target instanceof Element ? e.target.closest("button") : null;
    if (control && !control.closest("dialog")) opener = control;
  }, true);
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => setTimeout(() => {
      const now = document.activeElement;
      if (now && now !== document.body && shown(now)) return;
      const more = $("btn-more");
      const back = shown(opener) ? opener : opener && $("more")?.contains(opener) && shown(more) ? more : null;
      back?.focus();
    }, 0));
  }
}

export function bindDialogs(ui) {
  returnFocus();
  bindPicker(ui);
  $("btn-games").addEventListener("click", () => openPicker(ui));
  $("btn-rules").addEventListener("click", async () => {
    const page = await ui.rules();              // the engine's page for the game and its options
    $("dlg-rules-title").textContent = page ? `${page.title} rules` : "Rules";
    $("rules-text").innerHTML = (page ? page.html : "<p>The rules appear here as soon as the card engine has started.</p>")
      + PLAYING_HERE;
    $("btn-howto").hidden = !page;
    $("dlg-rules").showModal();
    // The game's opening layout, drawn by the table's renderer (preview.js).
    const id = ui.current();
    if (page && id) frameLater($("rules-pic"), picture(ui.preview, id, ui.options(id)));
    else frame($("rules-pic"), null);
    // showModal focuses the Close button at the bottom, scrolling there: open at the top.
    for (const el of [$("dlg-rules"), $("rules-text"), $("dlg-rules").querySelector(".dialog-body")]) {
      if (el) el.scrollTop = 0;
    }
  });
  $("dlg-rules").addEventListener("close", () => unframe($("rules-pic")));
  $("btn-howto").addEventListener("click", () => {
    $("dlg-rules").close();
    ui.howto();
  });
  const checks = { "set-automove": "autoMove", "set-autofinish": "autoFinish", "set-fourcolour": "fourColour",
    "set-motion": "motion", "set-sound": "sound",
    "set-indicator": "indicator" };
  $("btn-settings").addEventListener("click", () => {
    const s = ui.settings();
    for (const [id, name] of Object.entries(checks)) $(id).checked = s[name];
    $("set-theme").value = s.theme;
    $("set-back").value = s.back;
    $("dlg-settings").showModal();
  });
  for (const [id, name] of Object.entries(checks)) {
    $(id).addEventListener("change", (e) => ui.saveSettings({ [name]: e.target.checked }));
  }
  $("set-theme").addEventListener("change", (e) => ui.saveSettings({ theme: e.target.value }));
  $("set-back").addEventListener("change", (e) => ui.saveSettings({ back: e.target.value }));
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
