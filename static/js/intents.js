// Intents: what a tap, a drag and a drop on the table mean, turned into moves the engine
// lists. No DOM and no engine import: everything it uses comes in through `env`, so Node can
// test it (tests/js/intents.test.mjs).
//
// env: {app, serial(fn): run fn in the controller's turn, play(text): play now (inside a
//       turn; resolves true if played), call(method, ...args): the engine (tap, move_for;
//       resolves with its answer), announce(text), hideNotice(kind), draw(),
//       tableBox() -> {left, top}, refuse(pile, index, text, {shake}): show why (a shake
//       unless told not to, and the bubble), now() -> milliseconds,
//       hold(tap): keep a tap made before the engine is ready, to be played once it is}
//
// The engine answers asynchronously. A gesture takes its turn (env.serial) after whatever
// came before it, and is dropped without a word if the position it was made on has gone by
// then (app.turn changed): it meant the table it saw.

import { isStock, kindOf } from "./piles.js";

/** A second tap on the same spot this soon after a tap that played a move is the rest of a
 * double tap: it is ignored, so a double tap plays one move. */
export const DOUBLE_TAP_MS = 350;
const SAME_SPOT_PX = 16;

/** Tell whether a pointer tap repeats `last`, the last tap that played a move: the same
 * pile, soon after, at the same spot (within a few pixels). After the move that spot may show
 * another card of the pile: it is still the echo. Keys (no point) always count. */
export function isEcho(last, tap) {
  if (!last?.point || !tap.point || last.pile !== tap.pile || tap.at - last.at >= DOUBLE_TAP_MS
      || tap.stock) {
    return false;
  }
  return Math.hypot(last.point.x - tap.point.x, last.point.y - tap.point.y) <= SAME_SPOT_PX;
}

/** Return the pile under a point of the table (x, y relative to it), or null. `skip(id)`
 * leaves a pile out (an emptied place in a game of pairs). */
export function hitPile(geo, x, y, exclude, skip = () => false) {
  const pad = geo.gap / 2;
  let hit = null;
  for (const [id, g] of Object.entries(geo.piles)) {
    if (id === exclude) continue;
    if (x >= g.x - pad && x <= g.x + g.w + pad && y >= g.y - pad && y <= g.y + g.h + pad) {
      if (!skip(id)) hit = id;
    }
  }
  return hit;
}

export function createIntents(env) {
  const { app } = env;
  const pileCards = (pile) => app.snap.piles[pile] ?? [];

  let lastPlayed = null;   // {pile, index, point, at}: the last tap that played a move
  let tapping = null;      // the tap being handled
  let refusal = null;      // the engine's answer to the drop just refused, for its reason

  /** Run a gesture made at the present position in its turn; dropped if that has gone. */
  const inTurn = (fn) => {
    const at = app.turn;
    return env.serial(async () => (at === app.turn ? fn() : false));
  };

  /** Play a tap's move and remember the tap, to ignore the second half of a double tap. */
  async function playTap(text) {
    const played = await env.play(text);
    lastPlayed = played ? tapping : null;
    tapping = null;
    return played;
  }

  /** Put the picked cards on `target`, or say why they may not go there. */
  async function place(target) {
    const sel = app.selected;
    if (!sel) return;
    app.selected = null;
    const { move, reason } = await env.call("move_for", sel.pile, sel.index, target);
    if (move) {
      await playTap(move);
      return;
    }
    env.draw();
    if (reason) env.refuse(sel.pile, sel.index, reason);
  }

  /** The move a tap on a card plays, read from the snapshot held (its `taps`: the engine's
   * best move for each tap, the same its `tap` answers), or undefined. A tap that moves then
   * takes one round trip to the engine's worker (play), not two (tap, then play). */
  function heldTap(pile, index) {
    const taps = app.snap.taps ?? {};
    if (isStock(app.snap.layout, pile)) return taps[`${pile}:0`];
    const n = pileCards(pile).length - index;
    return index >= 0 && n > 0 ? taps[`${pile}:${n}`] : undefined;
  }

  /** Ask the engine what a tap on a card does: play, pick the card (to pair it), or why not. */
  async function tapCard(pile, index, redraw = false) {
    const held = heldTap(pile, index);
    if (held) {
      await playTap(held);
      return;
    }
    const { move, select, reason } = await env.call("tap", pile, index);
    if (move) await playTap(move);
    else if (select) {
      app.selected = { pile, index };
      env.draw();
      env.announce(`${app.names[pileCards(pile)[index]] ?? "The card"} picked; now the card to pair it with`);
    } else {
      if (redraw) env.draw();                 // a card picked before is let go
      if (reason) env.refuse(pile, index, reason);
    }
  }

  const intents = {
    accepting: () => app.ready && !app.finishing && !app.assist.finding,
    /** A tap on a board painted before the engine is ready: kept (the newest only) to be
     * played once it is, and answered at once. */
    early(pile, index) {
      if (app.ready || !app.snap || !env.hold) return;
      env.hold({ pile, index });
      env.refuse(pile, Math.max(index, 0),
        "One moment: the cards are still being shuffled. Your move is played as soon as they are.",
        { shake: false });
    },
    // Any card the rules let move as a group lifts, with somewhere to go or not: dropped
    // where it may not go, it glides back with the reason.
    canLift: (pile, index) => index >= (app.snap.lift?.[pile] ?? Infinity),
    cardsFrom: (pile, index) => (app.geo.piles[pile]?.cards ?? []).slice(index),
    pileAt(clientX, clientY, exclude) {
      const box = env.tableBox();
      // In a game of pairs an emptied place of the tableau is a hole, not a pile.
      return hitPile(app.geo, clientX - box.left, clientY - box.top, exclude,
        (id) => app.snap.pairs && kindOf(app.snap.layout, id) === "tableau" && !pileCards(id).length);
    },
    highlight(pile) {
      for (const g of Object.values(app.geo.piles)) g.el?.classList.toggle("target", g === app.geo.piles[pile]);
    },
    /** A tap (click, touch, Enter) on card `index` of `pile` (-1: the pile itself), at
     * `point` ({x, y} on the screen) when it came from a pointer. */
    tap(pile, index, point = null) {
      const at = env.now();
      return inTurn(() => tapNow(pile, index, point, at));
    },
    drop(pile, index, target) {
      refusal = null;
      if (intents.stale()) return Promise.resolve(false);
      return inTurn(async () => {
        const { move, reason } = await env.call("move_for", pile, index, target);
        if (move) return env.play(move);
        refusal = { pile, index, target, reason };
        return false;
      });
    },
    // A dropped card already glides back: the reason is shown, without a shake as well.
    async refused(pile, index, target) {
      const same = refusal && refusal.pile === pile && refusal.index === index && refusal.target === target;
      const { reason } = same ? refusal : await env.call("move_for", pile, index, target);
      refusal = null;
      if (reason) env.refuse(pile, index, reason, { shake: false });
    },
    pointer(down) {
      app.pointerDown = down;
      if (down) app.pointerMoves = app.snap.history;
      else if (app.drawPending) env.draw?.();
    },
    // A drop counts only if nothing moved since the pointer went down.
    stale: () => app.snap.history !== app.pointerMoves,
    place: (target) => inTurn(() => place(target)),
  };

  /** A tap (as intents.tap), in its turn. */
  async function tapNow(pile, index, point, at) {
    const stock = isStock(app.snap.layout, pile);
    tapping = { pile, index, point, at, stock };
    if (isEcho(lastPlayed, tapping)) return;
    lastPlayed = null;
    env.hideNotice("outcome");
    const sel = app.selected;
    if (sel && sel.pile === pile && app.snap.pairs) {     // the picked card again: let go
      app.selected = null;
      env.draw();
      return;
    }
    if (stock || index < 0 || index >= pileCards(pile).length) {
      if (!stock && sel) await place(pile);
      else if (stock) await tapCard(pile, 0);
      return;
    }
    if (sel && sel.pile !== pile) {
      if (!app.snap.pairs) {
        await place(pile);
        return;
      }
      // A second card: pair it with the first if they pair, else it is the one picked.
      const { move } = await env.call("move_for", sel.pile, sel.index, pile);
      app.selected = null;
      if (move) {
        await playTap(move);
        return;
      }
    }
    app.selected = null;
    await tapCard(pile, index, Boolean(sel));
  }
  return intents;
}
