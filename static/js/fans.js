// How far the cards of a fanned pile stand apart, and the room each fanned row gets: pure
// arithmetic for geometry.js (no DOM; tests/js/geometry.test.mjs tests it there).

const DOWN_FAN = 0.13;                 // card heights between face-down cards, at most
const UP_FAN = 0.36;                   // card heights between face-up cards, at most...
export const TOUCH_FAN = 44;           // ...or up to a finger's strip (px) where small cards allow
const TALL_FAN = 0.5;                  // card heights: the tallest strip a small card shows

/** Offsets for a pile fanned downward: {down, up} in px between covered cards. */
export function fanOffsets(down, up, room, cardH, strip) {
  const maxDown = Math.max(3, DOWN_FAN * cardH);
  const maxUp = maxUpFan(cardH, strip);
  const free = room - cardH;
  if (down * maxDown + up * maxUp <= free) return { down: maxDown, up: maxUp };
  if (up > 0) {
    const u = (free - down * maxDown) / up;
    if (u >= strip) return { down: maxDown, up: u };
  }
  if (down > 0) {
    const d = (free - up * strip) / down;
    if (d >= 2) return { down: Math.min(maxDown, d), up: strip };
  }
  // No room to show every index: squeeze everything alike (never below 2 px).
  const k = Math.max(0, free) / Math.max(1, down * 2 + up * strip);
  return { down: Math.max(2, 2 * k), up: Math.max(2, strip * k) };
}

/** The most room between face-up cards: a third of a card, or on small cards (phones) up to a
 * strip a finger can press (TOUCH_FAN px, at most half a card). */
export function maxUpFan(cardH, strip) {
  return Math.max(strip * 1.3, UP_FAN * cardH, Math.min(TOUCH_FAN, TALL_FAN * cardH));
}

/** The heights a fanned pile takes: `least` shows every face-up index (face-down cards 2 px
 * apart), `full` fans every card as far as it may. */
function pileHeights(cards, cardH, strip) {
  let down = 0;
  let up = 0;
  cards.forEach((c, i) => { if (i < cards.length - 1) (c === null ? down++ : up++); });
  return { least: cardH + down * 2 + up * strip + 0.5,
    full: cardH + down * Math.max(3, DOWN_FAN * cardH) + up * maxUpFan(cardH, strip) };
}

/** The room each fanned row gets, from the height the table has for them (`avail`): each
 * row at least what shows every index of its piles (else the table is cramped), then the
 * planned height or its piles' full fans, shared out as far as the height goes; the last row
 * keeps what is left. */
export function fannedRooms(snap, rows, avail, cardH, strip, planned) {
  const want = rows.map((row) => {
    let least = cardH;
    let full = cardH;
    for (const slot of row.slots) {
      if (!slot) continue;
      const h = pileHeights(snap.piles[slot.pile] ?? [], cardH, strip);
      least = Math.max(least, h.least);
      full = Math.max(full, h.full);
    }
    return { least, target: Math.max(least, planned, full) };
  });
  const sumLeast = want.reduce((a, w) => a + w.least, 0);
  const sumTarget = want.reduce((a, w) => a + w.target, 0);
  const share = sumTarget > sumLeast ? Math.max(0, Math.min(1, (avail - sumLeast) / (sumTarget - sumLeast))) : 1;
  const rooms = want.map((w) => w.least + (w.target - w.least) * share);
  if (rooms.length) rooms[rooms.length - 1] = Math.max(rooms[rooms.length - 1], avail - rooms.slice(0, -1).reduce((a, r) => a + r, 0));
  return { rooms, cramped: sumLeast > avail + 0.5 };
}
