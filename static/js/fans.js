// How far the cards of a fanned pile stand apart, and the room each fanned row gets: pure
// arithmetic for geometry.js (no DOM; tests/js/geometry.test.mjs tests it there).

const DOWN_FAN = 0.13;                 // card heights between face-down cards, at most
const UP_FAN = 0.36;                   // card heights between face-up cards, at most...
export const TOUCH_FAN = 44;           // ...or up to a finger's strip (px) where small cards allow
const TALL_FAN = 0.5;                  // card heights: the tallest strip a small card shows
const HELD_MOST = 0.9;                 // card heights: the most a held pile's cards open to
export const LIFT = 1 / 2;             // of the felt a held row leaves: the part above it

/** Offsets for a pile fanned downward: {down, up} in px between covered cards, face-up
 * cards at most `most` px apart (maxUpFan unless the table gives a pile more). */
export function fanOffsets(down, up, room, cardH, strip, most = maxUpFan(cardH, strip)) {
  const maxDown = Math.max(3, DOWN_FAN * cardH);
  const maxUp = most;
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

/** The height a fanned pile needs to show every face-up index (face-down cards 2 px apart). */
function leastHeight(cards, cardH, strip) {
  let down = 0;
  let up = 0;
  cards.forEach((c, i) => { if (i < cards.length - 1) (c === null ? down++ : up++); });
  return cardH + down * 2 + up * strip + 0.5;
}

/** The room each fanned row gets, from the height the table has for them (`avail`): every
 * row but the last an equal share, or its planned height (`planned`) if that is more, fixed
 * for the game (it depends on the table and the card size, never on the position, so the rows
 * below never move while the table keeps its size); the last row keeps what is left, the felt
 * below it. A row whose piles grow past their room squeezes its own fans; the table is
 * cramped when a row cannot show every face-up index. */
export function fannedRooms(snap, rows, avail, cardH, strip, planned) {
  const n = rows.length;
  const share = n > 1 ? Math.min(Math.max(avail / n, planned), (avail - cardH) / (n - 1)) : avail;
  const rooms = rows.map((_, i) => (i < n - 1 ? share : avail - share * (n - 1)));
  const cramped = rows.some((row, i) => row.slots.some((slot) =>
    slot && leastHeight(snap.piles[slot.pile] ?? [], cardH, strip) > rooms[i] + 0.5));
  return { rooms, cramped };
}

/** The fan of piles held above a row at the table's foot (Golf's seven, planned for the most
 * cards they hold, `cards`), in the `room` from their top to that row: open to the height, up
 * to nine tenths of a card apart, each face all but whole (never less than maxUpFan; squeezed
 * only where the room is short). The felt they leave is shared, half above them and half
 * below, so on a tall phone the piles stand in the middle of the felt and their top cards
 * come down towards the waste. Returns the fan, the room the piles
 * take and the felt above them (`lift`). */
export function heldFan(room, cards, cardH, strip) {
  const fill = (room - cardH) / Math.max(1, cards - 1);
  const fan = Math.max(maxUpFan(cardH, strip), Math.min(HELD_MOST * cardH, fill));
  const used = cardH + (cards - 1) * fan;
  return { fan, room: Math.min(room, used), lift: Math.round(Math.max(0, room - used) * LIFT) };
}
