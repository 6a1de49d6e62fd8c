// Composition root: wires the engine, storage, rendering and input together. The rules live
// in Python; this file plays the moves the engine lists and draws what it returns.

import { createAssist } from "./assist.js";
import { call, startEngine } from "./engine.js";
import { attachKeyboard, attachPointer } from "./input.js";
import { readMove } from "./moves.js";
import { render } from "./render.js";
import { rulesHtml } from "./rules-text.js";
import * as store from "./store.js";
import { bindDialogs } from "./ui.js";

const GAME_IDS = ["klondike", "spider", "freecell", "pyramid", "yukon", "streets_and_alleys",
  "all_in_a_row", "roosevelt", "moving_left"];
const AUTO_DELAY_MS = 160;
const $ = (id) => document.getElementById(id);

const app = {
  ready: false,
  catalogue: null,
  names: {},
  snap: null,
  geo: null,
  settings: store.readSettings(),
  selected: null, // {pile, index}: a picked card (keyboard, or the Pyramid's first card)
  cursor: null, // the pile the keyboard is on
  timer: { base: 0, since: null },
  autoTimer: null,
  storageWarned: false,
  finishing: false,
};

const assist = createAssist({
  snap: () => app.snap,
  settings: () => app.settings,
  ready: () => app.ready,
  names: () => app.names,
  call,
  play: (text) => play(text, { auto: true }),
  undoTo(count) {
    stopAuto();
    app.selected = null;
    accept(call("undo_to", count, elapsed()));
    hideNotice("outcome");
    startClock();
  },
  announce: (text) => announce(text),
  notice: (...args) => notice(...args),
  hideNotice: () => hideNotice(),
  draw: () => draw(),
  dealListed(gameId, options, deal, budget) {
    newDeal(gameId, deal, options);
    assist.verified(budget);
  },
  dealAny: (gameId, options, winnable = false) => (winnable ? dealRandom(gameId, options)
    : newDeal(gameId, randomDeal(), options)),
});

// Time ------------------------------------------------------------------------------------

function elapsed() {
  const running = app.timer.since === null ? 0 : (performance.now() - app.timer.since) / 1000;
  return app.timer.base + running;
}
function startClock() {
  if (app.timer.since === null && app.snap && app.snap.status === "playing" && !document.hidden) {
    app.timer.since = performance.now();
  }
}
function stopClock() {
  app.timer.base = elapsed();
  app.timer.since = null;
}
function clockText(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
}

// Drawing ---------------------------------------------------------------------------------

function draw() {
  const table = $("table");
  const snap = app.snap;
  if (!snap) return;
  const hadFocus = table.contains(document.activeElement);
  app.geo = render(table, snap, app.names, { selected: app.selected, marks: assist.marks() });
  table.classList.toggle("ready", app.ready);
  table.classList.toggle("waiting", !app.ready);
  table.setAttribute("aria-busy", String(!app.ready));
  if (!app.ready) {
    const note = document.createElement("p");
    note.className = "boot-indicator";
    note.setAttribute("role", "status");
    note.textContent = "Starting the card engine… your game is shown as you left it";
    table.appendChild(note);
  }
  table.classList.toggle("celebrate", snap.status === "won");
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

function updateBar() {
  const snap = app.snap;
  $("title").textContent = snap.title;
  document.title = `${snap.title} · Patience`;
  $("stat-deal").textContent = snap.deal ? `Deal ${snap.deal}` : "";
  $("stat-moves").textContent = `Moves ${snap.moveCount}`;
  $("stat-time").textContent = clockText(elapsed());
  const score = snap.score;
  $("stat-score").textContent = score === null || score === undefined ? ""
    : snap.scoring === "vegas" ? `$${score}` : `Score ${score}`;
  const live = app.ready && !assist.finding;
  $("btn-undo").disabled = !live || !snap.canUndo;
  $("btn-redo").disabled = !live || !snap.canRedo;
  for (const id of ["btn-new", "btn-deal"]) $(id).disabled = !live;
  $("btn-restart").disabled = !live || !snap.canUndo;
  $("btn-finish").hidden = !(live && snap.finish);
  for (const id of ["btn-hint", "btn-solve"]) $(id).disabled = !live || snap.status !== "playing";
}

function announce(text) {
  const live = $("live");
  live.textContent = "";
  requestAnimationFrame(() => { live.textContent = text; });
}

// Notices ---------------------------------------------------------------------------------

function toast(text) {
  $("toast-text").textContent = text;
  $("toast").hidden = false;
}

/** Show a notice. "outcome" notices (won, stuck) go away by themselves when play goes on;
 * "info" notices stay until the player answers them. */
function notice(title, text, buttons, kind = "info") {
  const box = $("notice");
  box.dataset.kind = kind;
  const returnTo = document.activeElement;
  $("notice-title").textContent = title;
  $("notice-text").textContent = text;
  const row = $("notice-buttons");
  row.replaceChildren();
  for (const [label, action, accent] of buttons) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `tool${accent ? " accent" : ""}`;
    b.textContent = label;
    b.addEventListener("click", () => {
      box.hidden = true;
      action();
      if (document.activeElement === document.body || !document.activeElement) {
        const back = returnTo && returnTo.isConnected && returnTo !== document.body ? returnTo
          : (app.cursor && app.geo?.piles[app.cursor]?.el) || document.querySelector("#table .pile");
        back?.focus({ preventScroll: true });
      }
    });
    row.appendChild(b);
  }
  box.hidden = false;
  row.querySelector("button")?.focus();
}
function hideNotice(kind = null) {
  const box = $("notice");
  if (kind === null || box.dataset.kind === kind) box.hidden = true;
}

// Engine calls ----------------------------------------------------------------------------

/** Take a snapshot (or an error) from the engine; return true if it was a snapshot. */
function accept(result, { persist = true } = {}) {
  if (result.error) {
    announce(result.error.message);
    return false;
  }
  app.snap = result;
  if (persist) save();
  assist.sync();
  draw();
  return true;
}

function save() {
  if (app.protectedSave === app.snap.game) return;
  const problem = store.writeGame(app.snap) ?? store.write(store.keys.current, app.snap.game);
  if (problem && !app.storageWarned) {
    app.storageWarned = true;
    toast(`Not saved: ${problem} You can keep playing.`);
  } else if (!problem) {
    app.storageWarned = false;
  }
}

/** Stop every automatic move: the safe-move timer and a finish in progress. */
function stopAuto() {
  assist.stopSolving();
  clearTimeout(app.autoTimer);
  app.autoTimer = null;
  app.finishing = false;
}

/** Play the next safe move (or start the finish) after a short pause, when asked to. */
function scheduleAuto() {
  const snap = app.snap;
  if (!app.ready || app.finishing || assist.solving || snap.status !== "playing") return;
  clearTimeout(app.autoTimer);
  if (app.settings.autoMove && snap.safe.length) {
    app.autoTimer = setTimeout(function autoStep() {
      if (app.pointerDown) {                // never move cards under a finger or a mouse
        app.autoTimer = setTimeout(autoStep, AUTO_DELAY_MS);
        return;
      }
      play(app.snap.safe[0], { auto: true });
    }, AUTO_DELAY_MS);
  } else if (app.settings.autoFinish && snap.finish) {
    runFinish();
  }
}

function play(text, { auto = false } = {}) {
  if (!app.ready || assist.finding) return false;
  if (!auto) stopAuto();
  const before = app.snap;
  const ok = accept(call("play", text, elapsed()));
  if (!ok) return false;
  app.selected = null;
  startClock();
  describeMove(before, text);
  afterMove();
  return true;
}

function describeMove(before, text) {
  const m = readMove(before, app.names, text);
  announce(m.kind === "turn" ? "Turned the stock" : m.kind === "recycle" ? "Turned the waste over"
    : m.kind === "pair" ? `Removed the ${m.card} and the ${m.other}`
      : m.kind === "remove" ? `Removed the ${m.card}`
        : `${m.card ?? "Card"}${m.count > 1 ? ` and ${m.count - 1} more` : ""} from ${m.from} to ${m.to}`);
}

function afterMove() {
  const snap = app.snap;
  hideNotice("outcome");
  if (snap.status === "won") {
    stopClock();
    announce("You won!");
    notice("You won!", `${snap.title}${snap.deal ? `, deal ${snap.deal}` : ""}, in ${snap.moveCount} moves and ${clockText(elapsed())}.`,
      [["New deal", () => dealRandom(snap.game)], ["Close", () => {}]], "outcome");
    return;
  }
  if (snap.status === "stuck") {
    stopClock();
    const onlyStock = snap.moves.length > 0;
    const buttons = [["New deal", () => dealRandom(snap.game), !snap.canUndo],
      ["Look at the table", () => {}]];
    if (snap.canUndo) buttons.unshift(["Undo", () => undo(), true]);
    notice("No moves left", onlyStock
      ? "Only the stock can still be turned, and none of its cards can be played anywhere."
      : "There is no legal move in this position.", buttons, "outcome");
    return;
  }
  scheduleAuto();
}

function runFinish() {
  if (app.finishing || !app.ready) return;
  const moves = call("finish");
  if (!moves.length) return;
  clearTimeout(app.autoTimer);
  app.finishing = true;
  const step = () => {
    const next = moves.shift();
    if (!next || !app.finishing) {
      app.finishing = false;
      return;
    }
    const played = play(next, { auto: true });
    if (played && moves.length) app.autoTimer = setTimeout(step, AUTO_DELAY_MS / 2);
    else app.finishing = false;
  };
  step();
}

function undo() {
  if (!app.ready || assist.finding || !app.snap.canUndo) return;
  stopAuto();
  app.selected = null;
  accept(call("undo", elapsed()));
  hideNotice("outcome");
  announce("Undone");
  startClock();
}
function redo() {
  if (!app.ready || assist.finding || !app.snap.canRedo) return;
  stopAuto();
  app.selected = null;
  accept(call("redo", elapsed()));
  announce("Redone");
  afterMove();
}
function restart() {
  if (!app.ready || assist.finding) return;
  stopAuto();
  app.selected = null;
  accept(call("restart", elapsed()));
  hideNotice("outcome");
  announce("Back to the deal; redo plays your moves again");
}

function randomDeal() {
  const n = new Uint32Array(1);
  crypto.getRandomValues(n);
  return (n[0] % 1_000_000) + 1;
}

/** Deal a random game: when the player asked for winnable deals only, one the solver has
 * won (from the shipped list, or found on this device). */
async function dealRandom(gameId = app.snap.game, options = null) {
  const opts = options ?? app.settings.options[gameId] ?? {};
  if (!app.settings.winnable?.[gameId] || !app.ready) {
    newDeal(gameId, randomDeal(), opts);
    return;
  }
  const found = await assist.winnableDeal(gameId, opts, app.snap?.deal,
    (n) => randomBelow(n));
  if (!found) return;
  newDeal(gameId, found.deal, opts);
  assist.verified(found.budget);
  announce(`${app.snap.title}, deal ${found.deal}: the solver has won it`);
}

function randomBelow(n) {
  const x = new Uint32Array(1);
  crypto.getRandomValues(x);
  return x[0] % n;
}

function newDeal(gameId = app.snap.game, deal = randomDeal(), options = null) {
  stopAuto();
  app.selected = null;
  const opts = options ?? app.settings.options[gameId] ?? {};
  const result = call("new", gameId, JSON.stringify(opts), deal);
  if (result.error) {
    // Stored options no longer valid: forget them and deal with the defaults.
    delete app.settings.options[gameId];
    store.writeSettings(app.settings);
    accept(call("new", gameId, "{}", deal));
  } else {
    accept(result);
  }
  app.timer = { base: 0, since: null };
  app.cursor = null;
  hideNotice("outcome");
  announce(`${app.snap.title}, deal ${deal}`);
  afterMove();
}

/** Resume a game's saved record, or deal a new one; a bad save is set aside with a message. */
function openGame(gameId) {
  stopAuto();
  app.selected = null;
  app.cursor = null;
  const { record, bad } = store.readGame(gameId);
  let problem = bad !== undefined ? "it is not a saved game this version of Patience can read" : null;
  if (record) {
    const result = call("load", record.save);
    if (!result.error) {
      app.timer = { base: result.elapsed ?? 0, since: null };
      accept(result);
      if (app.snap.moveCount > 0) startClock();
      afterMove();
      return;
    }
    problem = result.error.message;
  }
  if (problem) {
    const backup = store.setAside(gameId, bad ?? store.read(store.keys.game(gameId)));
    if (!backup) app.protectedSave = gameId;     // could not copy it: never write over it
    newDeal(gameId);
    notice("Saved game set aside", backup
      ? `Your saved ${titleOf(gameId)} game could not be resumed: ${problem}. It has been kept under the storage key "${backup}", and a new deal has started. Your other games are untouched.`
      : `Your saved ${titleOf(gameId)} game could not be resumed: ${problem}. The browser's storage is too full to copy it aside, so it is left where it is and this new deal will not be saved over it. Your other games are untouched.`,
      [["OK", () => {}, true]]);
    return;
  }
  if (app.settings.winnable?.[gameId]) {
    newDeal(gameId);           // something to play at once, then a verified deal
    dealRandom(gameId);
  } else {
    newDeal(gameId);
  }
}

function titleOf(gameId) {
  return app.catalogue?.games.find((g) => g.id === gameId)?.title ?? gameId;
}

// Intents from input ----------------------------------------------------------------------

const pileCards = (pile) => app.snap.piles[pile] ?? [];
const isPyramid = () => app.snap.game === "pyramid";

function findMove(src, dst, n) {
  const moves = app.snap.moves;
  let m = moves.find((x) => x.src === src && x.dst === dst && x.n === n);
  if (!m && isPyramid()) m = moves.find((x) => x.src === dst && x.dst === src);
  if (!m && n === null) m = moves.find((x) => x.src === src && x.dst === dst);
  return m ?? null;
}

const intents = {
  accepting: () => app.ready && !app.finishing && !assist.finding,
  canLift(pile, index) {
    if (pile === "stock") return false;
    const n = pileCards(pile).length - index;
    return app.snap.moves.some((m) => (m.src === pile && m.n === n)
      || (isPyramid() && m.dst === pile));
  },
  cardsFrom: (pile, index) => (app.geo.piles[pile]?.cards ?? []).slice(index),
  pileAt(clientX, clientY, exclude) {
    const box = $("table").getBoundingClientRect();
    const x = clientX - box.left;
    const y = clientY - box.top;
    const pad = app.geo.gap / 2;
    let hit = null;
    for (const [id, g] of Object.entries(app.geo.piles)) {
      if (id === exclude) continue;
      if (x >= g.x - pad && x <= g.x + g.w + pad && y >= g.y - pad && y <= g.y + g.h + pad) {
        if (!isPyramid() || !id.startsWith("t") || pileCards(id).length) hit = id;
      }
    }
    return hit;
  },
  highlight(pile) {
    for (const el of document.querySelectorAll(".pile.target")) el.classList.remove("target");
    if (pile) app.geo.piles[pile]?.el.classList.add("target");
  },
  tap(pile, index) {
    hideNotice("outcome");
    if (pile === "stock") {
      const text = app.snap.taps["stock:0"];
      if (text) play(text);
      else announce(pileCards("stock").length ? "The stock cannot be turned now" : "The stock is empty");
      return;
    }
    const cards = pileCards(pile);
    if (index < 0 || index >= cards.length) {
      if (app.selected) placeSelected(pile);
      return;
    }
    if (isPyramid()) {
      pyramidTap(pile, index);
      return;
    }
    if (app.selected && app.selected.pile !== pile) {
      placeSelected(pile);
      return;
    }
    app.selected = null;
    const n = cards.length - index;
    const text = app.snap.taps[`${pile}:${n}`];
    if (text) play(text);
    else refuse(pile, index, cards[index] ? "That card has nowhere to go" : "That card is face down");
  },
  drop(pile, index, target) {
    if (intents.stale()) return false;
    const n = pileCards(pile).length - index;
    const m = findMove(pile, target, n);
    return m ? play(m.text) : false;
  },
  refused(pile, index, target) {
    const n = pileCards(pile).length - index;
    const { reason } = call("explain", `${pile}>${target}${n > 1 ? `:${n}` : ""}`);
    if (reason) announce(reason);
  },
  pointer(down) {
    app.pointerDown = down;
    if (down) app.pointerMoves = app.snap.moveCount;
  },
  // A drop counts only if nothing moved since the pointer went down.
  stale: () => app.snap.moveCount !== app.pointerMoves,
};

function refuse(pile, index, text) {
  const el = app.geo.piles[pile]?.cards[index];
  if (el) {
    el.classList.remove("shake");
    void el.offsetWidth;
    el.classList.add("shake");
  }
  announce(text);
}

function pyramidTap(pile, index) {
  const sel = app.selected;
  if (sel && sel.pile === pile) {
    app.selected = null;
    draw();
    return;
  }
  if (sel) {
    const m = findMove(sel.pile, pile, 1);
    if (m) {
      play(m.text);
      return;
    }
  }
  const king = app.snap.taps[`${pile}:1`];
  if (king) {
    play(king);
    return;
  }
  const pairs = app.snap.moves.some((m) => m.src === pile || m.dst === pile);
  const free = (app.snap.free ?? []).includes(pile);
  if (!free) {
    refuse(pile, index, "That card is covered");
    return;
  }
  app.selected = { pile, index };
  draw();
  announce(`${app.names[pileCards(pile)[index]]} selected${pairs ? "" : "; it has no partner adding up to 13 now"}`);
}

function placeSelected(target) {
  const sel = app.selected;
  app.selected = null;
  const n = pileCards(sel.pile).length - sel.index;
  const m = findMove(sel.pile, target, n) ?? findMove(sel.pile, target, null);
  if (m) play(m.text);
  else {
    intents.refused(sel.pile, sel.index, target);
    draw();
  }
}

// Keyboard ----------------------------------------------------------------------------------

function pileOrder() {
  return Object.entries(app.geo.piles).map(([id, g]) => ({ id, x: g.x, y: g.y }));
}

const keyboard = {
  cursorMove(dir) {
    const order = pileOrder();
    if (!order.length) return;
    const at = order.findIndex((p) => p.id === app.cursor);
    let next;
    if (at < 0) next = order[0];
    else if (dir === "left") next = order[Math.max(0, at - 1)];
    else if (dir === "right") next = order[Math.min(order.length - 1, at + 1)];
    else if (dir === "first") next = order[0];
    else if (dir === "last") next = order[order.length - 1];
    else {
      const here = order[at];
      const rows = order.filter((p) => (dir === "up" ? p.y < here.y - 1 : p.y > here.y + 1));
      if (!rows.length) return;
      const targetY = dir === "up" ? Math.max(...rows.map((p) => p.y)) : Math.min(...rows.map((p) => p.y));
      const row = rows.filter((p) => Math.abs(p.y - targetY) < 1);
      next = row.reduce((a, b) => (Math.abs(b.x - here.x) < Math.abs(a.x - here.x) ? b : a));
    }
    app.cursor = next.id;
    draw();
    app.geo.piles[next.id].el.focus({ preventScroll: true });
  },
  pickOrPlace() {
    if (!app.ready) return;
    const pile = app.cursor;
    if (!pile) return keyboard.cursorMove("first");
    if (pile === "stock") return intents.tap("stock", 0);
    if (app.selected) {
      if (app.selected.pile === pile) return keyboard.cancelPick();
      return placeSelected(pile);
    }
    const cards = pileCards(pile);
    if (!cards.length) return announce(`${app.snap.labels[pile]} is empty`);
    if (isPyramid()) return pyramidTap(pile, cards.length - 1);
    // Pick the longest run that has somewhere to go, else the top card.
    const runs = app.snap.moves.filter((m) => m.src === pile).map((m) => m.n);
    const n = runs.length ? Math.max(...runs) : 1;
    app.selected = { pile, index: cards.length - n };
    draw();
    announce(`Picked ${app.names[cards[cards.length - n]] ?? "a card"}${n > 1 ? ` and ${n - 1} more` : ""} from ${app.snap.labels[pile]}. Move to a pile and press Space to put it there.`);
  },
  tapCursor() {
    const pile = app.cursor;
    if (!pile) return keyboard.cursorMove("first");
    const cards = pileCards(pile);
    intents.tap(pile, pile === "stock" ? 0 : cards.length - 1);
  },
  cancelPick() {
    if (assist.solving) {
      assist.stopSolving();
      announce("Auto-solve stopped");
      return;
    }
    if (!app.selected) return;
    app.selected = null;
    draw();
    announce("Put back");
  },
  draw() {
    if (app.ready) intents.tap("stock", 0);
  },
  undo,
  redo,
  hint: () => assist.hint(),
};

// Chooser, rules, settings, deal number -----------------------------------------------------

const ui = {
  games: () => app.catalogue?.games ?? [],
  current: () => app.snap?.game,
  hasSave: (id) => store.read(store.keys.game(id)) !== null,
  options: (id) => app.settings.options[id] ?? {},
  resume(id) {
    if (app.ready) accept(call("snapshot", elapsed()));
    openGame(id);
  },
  newGame(id, options) {
    if (app.ready) accept(call("snapshot", elapsed()));
    app.settings.options[id] = options;
    store.writeSettings(app.settings);
    dealRandom(id, options);
  },
  rules: () => rulesHtml(app.snap?.game ?? "klondike"),
  settings: () => app.settings,
  saveSettings(next) {
    app.settings = { ...app.settings, ...next };
    store.writeSettings(app.settings);
    document.body.classList.toggle("four-colour", app.settings.fourColour);
    scheduleAuto();
    assist.refresh();
  },
  winnable: (id) => Boolean(app.settings.winnable?.[id]),
  setWinnable(id, on) {
    app.settings.winnable = { ...app.settings.winnable, [id]: on };
    store.writeSettings(app.settings);
  },
  playDeal(n) {
    newDeal(app.snap.game, n);
  },
};

// Start -------------------------------------------------------------------------------------

function paintWarm(gameId) {
  const { record } = store.readGame(gameId);
  if (!record) return;
  const cached = store.read(store.keys.catalogueCache);
  try {
    app.names = JSON.parse(cached ?? "{}").cards ?? {};
  } catch {
    app.names = {};
  }
  app.snap = { ...record.snapshot, moves: [], taps: {}, safe: [] };
  app.timer.base = Number(app.snap.elapsed) || 0;
  try {
    draw();
  } catch {
    // A snapshot we cannot draw: start without the warm paint; the engine decides later.
    app.snap = null;
    $("table").replaceChildren($("booting") ?? "");
  }
}

function bootFailed(err) {
  const table = $("table");
  table.setAttribute("aria-busy", "false");
  notice("Python could not start",
    `The card engine did not load (${err.message}). Check that the page was fully downloaded, then try again. Your saved games are kept.`,
    [["Retry", () => window.location.reload(), true]]);
}

// Offline: the service worker (sw.js, written by build.py) precaches the site. A new version
// waits until the player accepts it; the game is saved first, then the page reloads.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let accepted = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) window.location.reload();
  });
  const offer = (worker) => {
    if (!navigator.serviceWorker.controller) return;   // the first install: nothing to update
    $("update").hidden = false;
    $("update-reload").onclick = () => {
      if (app.ready) accept(call("snapshot", elapsed()));
      accepted = true;
      worker.postMessage("skip-waiting");
    };
  };
  $("update-later").addEventListener("click", () => { $("update").hidden = true; });
  navigator.serviceWorker.register("./sw.js").then((reg) => {
    if (reg.waiting) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") offer(worker);
      });
    });
  }).catch(() => {
    // Not served over HTTP(S), or refused by the browser: the app works online all the same.
  });
}

async function main() {
  document.body.classList.toggle("four-colour", app.settings.fourColour);
  // A link may name a game and a deal: ?game=freecell&deal=617.
  const params = new URLSearchParams(window.location.search);
  const linked = params.get("game");
  const linkedDeal = /^[0-9]{1,10}$/.test(params.get("deal") ?? "") ? Number(params.get("deal")) : null;
  let gameId = GAME_IDS.includes(linked) ? linked : store.read(store.keys.current);
  if (!GAME_IDS.includes(gameId)) gameId = "klondike";
  paintWarm(gameId);
  registerServiceWorker();
  $("toast-ok").addEventListener("click", () => { $("toast").hidden = true; });
  attachPointer($("table"), intents);
  $("table").addEventListener("focusin", (e) => {
    const p = e.target.closest?.(".pile");
    if (p && app.cursor !== p.dataset.pile) {
      app.cursor = p.dataset.pile;
      for (const el of document.querySelectorAll(".pile.kbd-focus")) el.classList.remove("kbd-focus");
      p.classList.add("kbd-focus");
    }
  });
  attachKeyboard(keyboard);
  bindDialogs(ui);
  for (const [id, fn] of [["btn-undo", undo], ["btn-redo", redo], ["btn-restart", restart],
    ["btn-new", () => dealRandom()], ["btn-finish", runFinish], ["btn-hint", () => assist.hint()],
    ["btn-solve", () => assist.toggleSolve()], ["btn-rewind", () => assist.rewind()]]) {
    $(id).addEventListener("click", fn);
  }
  // The table's size changes with the window and with the solver's line above it.
  new ResizeObserver(() => draw()).observe($("table"));
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      stopClock();
      if (app.ready) accept(call("snapshot", elapsed()));
    } else if (app.ready && app.snap.moveCount > 0) {
      startClock();
    }
  });
  window.addEventListener("pagehide", () => { if (app.ready) accept(call("snapshot", elapsed())); });
  setInterval(() => {
    if (!app.snap) return;
    $("stat-time").textContent = clockText(elapsed());
    const timed = app.snap.options?.timed && app.timer.since !== null;
    if (app.ready && timed && Math.floor(elapsed()) % 10 === 0) {
      accept(call("snapshot", elapsed()), { persist: false });
    }
  }, 1000);
  try {
    await startEngine();
  } catch (err) {
    bootFailed(err);
    return;
  }
  app.catalogue = call("catalogue");
  app.names = app.catalogue.cards;
  store.write(store.keys.catalogueCache, JSON.stringify({ cards: app.names }));
  app.ready = true;
  $("booting")?.remove();
  assist.loadLists();
  const wantsDeal = linked === gameId && linkedDeal >= 1 && linkedDeal <= 2147483647;
  const inProgress = store.readGame(gameId).record?.snapshot;
  if (wantsDeal && inProgress && inProgress.moveCount > 0 && inProgress.status === "playing"
      && inProgress.deal !== linkedDeal) {
    openGame(gameId);
    notice(`Play ${titleOf(gameId)} deal ${linkedDeal}?`,
      `The link opens deal ${linkedDeal}, but you have a ${titleOf(gameId)} game in progress (deal ${inProgress.deal ?? "set up from a position"}, ${inProgress.moveCount} moves). Dealing replaces it.`,
      [["Keep my game", () => {}, true], [`Play deal ${linkedDeal}`, () => newDeal(gameId, linkedDeal)]]);
  } else if (wantsDeal) {
    newDeal(gameId, linkedDeal);
  } else {
    openGame(gameId);
  }
  if (linked) window.history.replaceState(null, "", window.location.pathname);
  if (app.snap.moveCount > 0 && app.snap.status === "playing") startClock();
  draw();
  assist.refresh();
}

main();
