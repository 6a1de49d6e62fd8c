// Intents: what a tap, a drag and a drop on the table mean, turned into moves the engine
// lists. No DOM and no engine import: everything it uses comes in through `env`, so Node can
// test it (tests/js/intents.test.mjs).
//
// env: {app, play(text), call(method, ...args), announce(text), hideNotice(kind), draw(),
//       tableBox() -> {left, top}, refuse(pile, index, text): show why (shake, bubble),
//       now() -> milliseconds}

/** A second tap on the same spot this soon after a tap that played a move is the rest of a
 * double tap: it is ignored, so a double tap plays one move. */
export const DOUBLE_TAP_MS = 350;
const SAME_SPOT_PX = 16;

/** Tell whether a tap repeats `last`, the last tap that played a move: the same pile, soon
 * after, at the same spot (within a few pixels, when both taps have a point; else the same
 * card). After the move that spot may show another card of the pile: it is still the echo. */
export function isEcho(last, tap) {
  if (!last || last.pile !== tap.pile || tap.at - last.at >= DOUBLE_TAP_MS) return false;
  if (last.point && tap.point) {
    return Math.hypot(last.point.x - tap.point.x, last.point.y - tap.point.y) <= SAME_SPOT_PX;
  }
  return last.index === tap.index;
}

/** Return the pile under a point of the table (x, y relative to it), or null. `skip(id)`
 * leaves a pile out (an empty hole of a pyramid). */
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

/** Return the listed move from src to dst of n cards (n null: any count), or null. */
export function findMove(snap, src, dst, n) {
  const moves = snap.moves;
  const pairs = snap.game === "pyramid";
  let m = moves.find((x) => x.src === src && x.dst === dst && x.n === n);
  if (!m && pairs) m = moves.find((x) => x.src === dst && x.dst === src);
  if (!m && n === null) m = moves.find((x) => x.src === src && x.dst === dst);
  return m ?? null;
}

export function createIntents(env) {
  const { app } = env;
  const pileCards = (pile) => app.snap.piles[pile] ?? [];
  const isPyramid = () => app.snap.game === "pyramid";

  let lastPlayed = null;   // {pile, index, point, at}: the last tap that played a move
  let tapping = null;      // the tap being handled

  function refuse(pile, index, text) {
    env.refuse(pile, index, text);
  }

  /** Play a tap's move and remember the tap, to ignore the second half of a double tap. */
  function playTap(text) {
    const played = env.play(text);
    lastPlayed = played ? tapping : null;
    tapping = null;
    return played;
  }

  function pairTap(pile, index) {
    const sel = app.selected;
    if (sel && sel.pile === pile) {
      app.selected = null;
      env.draw();
      return;
    }
    if (sel) {
      const m = findMove(app.snap, sel.pile, pile, 1);
      if (m) {
        playTap(m.text);
        return;
      }
    }
    const king = app.snap.taps[`${pile}:1`];
    if (king) {
      playTap(king);
      return;
    }
    const pairs = app.snap.moves.some((m) => m.src === pile || m.dst === pile);
    const free = (app.snap.free ?? []).includes(pile);
    if (!free) {
      refuse(pile, index, "That card is covered");
      return;
    }
    app.selected = { pile, index };
    env.draw();
    env.announce(`${app.names[pileCards(pile)[index]]} selected${pairs ? "" : "; it has no partner adding up to 13 now"}`);
  }

  function place(target) {
    const sel = app.selected;
    app.selected = null;
    const n = pileCards(sel.pile).length - sel.index;
    const m = findMove(app.snap, sel.pile, target, n) ?? findMove(app.snap, sel.pile, target, null);
    if (m) env.play(m.text);
    else {
      intents.refused(sel.pile, sel.index, target);
      env.draw();
    }
  }

  const intents = {
    accepting: () => app.ready && !app.finishing && !app.assist.finding,
    // Any face-up card may be picked up; one with nowhere to go glides back with the reason.
    canLift: (pile, index) => pile !== "stock" && Boolean(pileCards(pile)[index]),
    cardsFrom: (pile, index) => (app.geo.piles[pile]?.cards ?? []).slice(index),
    pileAt(clientX, clientY, exclude) {
      const box = env.tableBox();
      return hitPile(app.geo, clientX - box.left, clientY - box.top, exclude,
        (id) => isPyramid() && id.startsWith("t") && !pileCards(id).length);
    },
    highlight(pile) {
      for (const g of Object.values(app.geo.piles)) g.el?.classList.toggle("target", g === app.geo.piles[pile]);
    },
    /** A tap (click, touch, Enter) on card `index` of `pile` (-1: the pile itself), at
     * `point` ({x, y} on the screen) when it came from a pointer. */
    tap(pile, index, point = null) {
      tapping = { pile, index, point, at: env.now() };
      if (isEcho(lastPlayed, tapping)) return;
      lastPlayed = null;
      env.hideNotice("outcome");
      if (pile === "stock") {
        const text = app.snap.taps["stock:0"];
        if (text) playTap(text);
        else refuse(pile, 0, pileCards("stock").length ? "The stock cannot be turned now" : "The stock is empty");
        return;
      }
      const cards = pileCards(pile);
      if (index < 0 || index >= cards.length) {
        if (app.selected) place(pile);
        return;
      }
      if (isPyramid()) {
        pairTap(pile, index);
        return;
      }
      if (app.selected && app.selected.pile !== pile) {
        place(pile);
        return;
      }
      app.selected = null;
      const n = cards.length - index;
      const text = app.snap.taps[`${pile}:${n}`];
      if (text) playTap(text);
      else refuse(pile, index, cards[index] ? "That card has nowhere to go" : "That card is face down");
    },
    drop(pile, index, target) {
      if (intents.stale()) return false;
      const n = pileCards(pile).length - index;
      const m = findMove(app.snap, pile, target, n);
      return m ? env.play(m.text) : false;
    },
    refused(pile, index, target) {
      const n = pileCards(pile).length - index;
      const { reason } = env.call("explain", `${pile}>${target}${n > 1 ? `:${n}` : ""}`);
      if (reason) refuse(pile, index, reason);
    },
    pointer(down) {
      app.pointerDown = down;
      if (down) app.pointerMoves = app.snap.moveCount;
    },
    // A drop counts only if nothing moved since the pointer went down.
    stale: () => app.snap.moveCount !== app.pointerMoves,
    place,
    pairTap,
  };
  return intents;
}
