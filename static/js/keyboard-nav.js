// Keyboard play on the table: the cursor moving between piles, Space picking up and putting
// down, direct pile keys (1-9 and 0 for the piles of the tableau, Shift with them for piles
// 11-20, S the stock, W the waste, F the foundations, C the free cells), Up and Down choosing
// how many cards of a run to hold, Enter playing the best move, Escape letting go. No DOM and
// no engine import: what it uses comes in through `env` ({app, intents, call(method, ...args),
// announce, draw, focusPile(id)}). Which moves are legal is always the engine's answer
// (`move_for`, the snapshot's `moves` and `lift`); the keys only name piles.

import { isStock, stockOf } from "./piles.js";

// Which pile each key names is the engine's answer (the layout's `keys`: pile -> key name);
// here only the keys themselves, and the words for the two keys that name a group of piles.
const LETTERS = new Set(["s", "w"]);
const GROUP_WORDS = { f: "foundations", c: "free cells" };

/** Return the key name of a keyboard event's key for the pile keys: "3", "shift+1" (by the
 * key's place, whatever the layout prints on it), "s", "w", "f", "c"; null for any other. */
export function keyName({ key, code, shiftKey }) {
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code ?? "");
  // A keypad key with Num Lock off is an arrow or Home or End, not a digit.
  if (digit && !(code.startsWith("Numpad") && key !== digit[1])) {
    return `${shiftKey ? "shift+" : ""}${digit[1]}`;
  }
  const k = (key ?? "").toLowerCase();
  return LETTERS.has(k) || k in GROUP_WORDS ? k : null;
}

/** Return what a pile key names, given the engine's keys of this game's piles (`keys`: pile
 * -> key name, in the table's order): {pile} for one pile, {group, piles} for the
 * foundations or the free cells; null when it names none. */
export function pileForKey(name, keys) {
  if (!name || !keys) return null;
  const piles = Object.keys(keys).filter((id) => keys[id] === name);
  if (!piles.length) return null;
  return name in GROUP_WORDS ? { group: name, piles } : { pile: piles[0] };
}

/** Return the key that goes straight to a pile, as aria-keyshortcuts writes it ("3",
 * "Shift+1", "S", "F"), or null for a pile no key names. */
export function keyForPile(id, keys) {
  const name = keys?.[id];
  if (!name) return null;
  return name.split("+").map((part) => (part === "shift" ? "Shift" : part.toUpperCase())).join("+");
}

/** Return the card index the held cards start from after Up (one card more, down to the
 * lowest the engine lets lift, `lift`) or Down (one fewer, at least the top card); null when
 * it cannot change. */
export function liftStep(index, length, lift, dir) {
  const next = dir === "more" ? index - 1 : index + 1;
  if (lift === undefined || lift === null || next < lift || next > length - 1) return null;
  return next;
}

/** Return the pile the cursor goes to from `at` (an index in `order`, -1 for none) in a
 * direction: left, right, first, last (by order) or up, down (the nearest pile across in the
 * next row of piles). order: [{id, x, y}] in the table's reading order. */
export function nextPile(order, at, dir) {
  if (!order.length) return null;
  if (at < 0 || dir === "first") return order[0].id;
  if (dir === "left") return order[Math.max(0, at - 1)].id;
  if (dir === "right") return order[Math.min(order.length - 1, at + 1)].id;
  if (dir === "last") return order[order.length - 1].id;
  const here = order[at];
  const rows = order.filter((p) => (dir === "up" ? p.y < here.y - 1 : p.y > here.y + 1));
  if (!rows.length) return null;
  const targetY = dir === "up" ? Math.max(...rows.map((p) => p.y)) : Math.min(...rows.map((p) => p.y));
  const row = rows.filter((p) => Math.abs(p.y - targetY) < 1);
  return row.reduce((a, b) => (Math.abs(b.x - here.x) < Math.abs(a.x - here.x) ? b : a)).id;
}

/** Tell whether the table is making moves by itself: a safe card is about to go up, or the
 * automatic finish runs (autoplay.js). */
const tableBusy = (app) => Boolean(app.finishing) || (app.autoTimer !== null && app.autoTimer !== undefined);
const WAIT_MS = 60;

export function createKeyboard(env) {
  const { app, intents } = env;
  const later = env.later ?? ((fn) => setTimeout(fn, WAIT_MS));
  // Where the keys last picked cards up: {history, count} of the snapshot then, or null.
  let heldAt = null;
  const pileCards = (pile) => app.snap.piles[pile] ?? [];
  const label = (pile) => app.snap.labels[pile] ?? pile;
  const held = (sel) => {
    const cards = pileCards(sel.pile);
    const n = cards.length - sel.index;
    return `${app.names[cards[sel.index]] ?? "a card"}${n > 1 ? ` and ${n - 1} more` : ""}`;
  };
  const goTo = (pile) => {
    app.cursor = pile;
    env.draw();
    env.focusPile(pile);
  };

  /** A group key (F, C) with cards held from elsewhere: put them on the first pile of the
   * group the engine takes them on; with none, the engine says why not for the first. */
  async function placeOnGroup(piles) {
    const sel = app.selected;
    let ok;
    for (const p of piles) {
      if ((await env.call("move_for", sel.pile, sel.index, p)).move) {
        ok = p;
        break;
      }
    }
    const empty = piles.find((p) => !pileCards(p).length);
    const target = ok ?? empty ?? piles[0];
    goTo(target);
    return intents.place(target);
  }

  /** A group key with nothing held (or held from that group): pick up the next card of the
   * group, after the pile held from or the cursor. */
  function pickInGroup(group, piles) {
    const from = app.selected && piles.includes(app.selected.pile) ? app.selected.pile
      : piles.includes(app.cursor) && !app.selected ? app.cursor : null;
    if (app.selected) {
      app.selected = null;
      env.draw();
    }
    const start = from ? piles.indexOf(from) + 1 : 0;
    const order = [...piles.slice(start), ...piles.slice(0, start)];
    const next = order.find((p) => pileCards(p).length && app.snap.lift?.[p] !== undefined
      && app.snap.lift?.[p] !== null);
    if (!next || (from && next === from && !app.snap.pairs)) {
      if (from) {
        env.announce("Put back");
        return;
      }
      goTo(piles[0]);
      env.draw();
      env.announce(`No card of the ${GROUP_WORDS[group]} can be picked up`);
      return;
    }
    goTo(next);
    keyboard.pickOrPlace();
  }

  const keyboard = {
    /** A pile key: pick up that pile's cards, or put the held cards there (the engine
     * decides). Returns false when the key names no pile of this game. */
    pileKey(name, before = null) {
      if (!app.ready || !app.snap) return false;
      const target = pileForKey(name, app.snap.layout?.keys);
      if (!target) return false;
      // The table's own moves first: the key waits for them, and is dropped without a word
      // when they changed its piles or the held cards (it meant the table it saw), so it
      // never races them into a stray refusal.
      const named = target.pile ? [target.pile] : target.piles;
      const look = JSON.stringify([app.selected, named.map((p) => app.snap.piles[p] ?? [])]);
      // A transition still on its way (a redo, an automatic move queued but not yet
      // answered by the engine's worker) is waited for too: its snapshot is not here yet.
      if (tableBusy(app) || env.busy?.()) {
        later(() => keyboard.pileKey(name, before ?? look));
        return true;
      }
      if (before !== null && before !== look) return true;
      // The table played the cards the keys held (no move of the player's since): the key
      // meant to put them somewhere, so it is dropped without a word.
      const was = heldAt;
      heldAt = null;
      if (was && !app.selected && app.snap.history !== was.history && app.snap.moveCount === was.count) return true;
      if (target.pile) {
        goTo(target.pile);
        keyboard.pickOrPlace();
      } else {
        const sel = app.selected;
        if (sel && !target.piles.includes(sel.pile)) placeOnGroup(target.piles);
        else pickInGroup(target.group, target.piles);
      }
      if (app.selected) heldAt = { history: app.snap.history, count: app.snap.moveCount };
      return true;
    },
    /** Up (more) or Down (fewer) while holding cards: how many of the run to hold. Returns
     * false when nothing is held (the arrows then move the cursor). */
    liftMore(dir) {
      const sel = app.selected;
      if (!sel || app.snap.pairs) return false;
      const cards = pileCards(sel.pile);
      const next = liftStep(sel.index, cards.length, app.snap.lift?.[sel.pile], dir);
      if (next === null) {
        env.announce(dir === "more" ? "No more cards of this pile lift with these"
          : "Holding the top card only");
        return true;
      }
      app.selected = { pile: sel.pile, index: next };
      env.draw();
      const n = cards.length - next;
      env.announce(`Holding ${n} card${n === 1 ? "" : "s"}: ${held(app.selected)}`);
      return true;
    },
    cursorMove(dir) {
      const order = Object.entries(app.geo.piles).map(([id, g]) => ({ id, x: g.x, y: g.y }));
      const next = nextPile(order, order.findIndex((p) => p.id === app.cursor), dir);
      if (!next) return;
      app.cursor = next;
      env.draw();
      env.focusPile(next);
    },
    pickOrPlace() {
      if (!app.ready) return;
      const pile = app.cursor;
      if (!pile) return keyboard.cursorMove("first");
      if (isStock(app.snap.layout, pile)) return intents.tap(pile, 0);
      if (app.selected) {
        if (app.selected.pile === pile) return keyboard.cancelPick();
        return intents.place(pile);
      }
      const cards = pileCards(pile);
      if (!cards.length) return env.announce(`${label(pile)} is empty`);
      if (app.snap.pairs) return intents.tap(pile, cards.length - 1);   // pick one of a pair
      const lift = app.snap.lift?.[pile];
      if (lift === undefined || lift === null) {
        return env.announce(`${label(pile)}: no card there can be picked up`);
      }
      // Pick the longest run that has somewhere to go, else the top card.
      const runs = app.snap.moves.filter((m) => m.src === pile).map((m) => m.n);
      const n = runs.length ? Math.max(...runs) : 1;
      app.selected = { pile, index: Math.max(lift, cards.length - n) };
      env.draw();
      const more = lift < cards.length - 1 ? " Up or Down for more or fewer cards." : "";
      env.announce(`Picked ${held(app.selected)} from ${label(pile)}.${more} Press a pile's key, or move to it and press Space, to put ${n > 1 ? "them" : "it"} there.`);
    },
    tapCursor() {
      const pile = app.cursor;
      if (!pile) return keyboard.cursorMove("first");
      const cards = pileCards(pile);
      intents.tap(pile, isStock(app.snap.layout, pile) ? 0 : cards.length - 1);
    },
    cancelPick() {
      if (app.assist.solving) {
        app.assist.stopSolving();
        env.announce("Auto-solve stopped");
        return;
      }
      if (!app.selected) return;
      app.selected = null;
      env.draw();
      env.announce("Put back");
    },
    draw() {
      const stock = stockOf(app.snap?.layout);
      if (app.ready && stock) intents.tap(stock, 0);
    },
  };
  return keyboard;
}
