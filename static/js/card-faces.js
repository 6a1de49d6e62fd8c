// What the centre of a face-up card shows, keyed by the rank character of its code: pips laid out
// as on printed cards, one large pip for an ace, a drawn figure for a court card. This is
// drawing only (which picture goes with which code), never a comparison of ranks.

// Pip places in a box the centre of the card fills: x across (0 left, 1 right), y down (0 top,
// 1 bottom). Pips below the middle are drawn upside down, as printed cards have them.
const L = 0;
const C = 0.5;
const R = 1;
const PIPS = {
  2: [[C, 0], [C, 1]],
  3: [[C, 0], [C, 0.5], [C, 1]],
  4: [[L, 0], [R, 0], [L, 1], [R, 1]],
  5: [[L, 0], [R, 0], [C, 0.5], [L, 1], [R, 1]],
  6: [[L, 0], [R, 0], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  7: [[L, 0], [R, 0], [C, 0.25], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  8: [[L, 0], [R, 0], [C, 0.25], [L, 0.5], [R, 0.5], [C, 0.75], [L, 1], [R, 1]],
  9: [[L, 0], [R, 0], [L, 1 / 3], [R, 1 / 3], [C, 0.5], [L, 2 / 3], [R, 2 / 3], [L, 1], [R, 1]],
  T: [[L, 0], [R, 0], [C, 1 / 6], [L, 1 / 3], [R, 1 / 3], [L, 2 / 3], [R, 2 / 3], [C, 5 / 6], [L, 1],
    [R, 1]],
};
const COURT = new Set(["J", "Q", "K"]);
// Suits whose figure has a second drawing for the four-colour deck (its suit sign recoloured).
const FOUR_COLOUR = new Set(["C", "D"]);

/** The file holding the court figures; a view of it per figure, named by the card code ("KS";
 * "KC4" for the four-colour deck's). */
export const FIGURES = "static/cards/court.svg";

/**
 * Return what the centre of the card with code `code` shows:
 * {kind: "pips", pips: [{x, y, flip}]}, {kind: "figure", href, four} (four: the four-colour
 * deck's drawing, or null if it is the same), {kind: "ace"} (one large pip),
 * or {kind: "none"} for a code it does not know.
 */
export function centre(code) {
  const rank = code[0];
  if (COURT.has(rank)) {
    const four = FOUR_COLOUR.has(code[1]) ? `${FIGURES}#${code}4` : null;
    return { kind: "figure", href: `${FIGURES}#${code}`, four };
  }
  const places = PIPS[rank];
  if (places) return { kind: "pips", pips: places.map(([x, y]) => ({ x, y, flip: y > 0.5 })) };
  return { kind: rank === "A" ? "ace" : "none" };
}
