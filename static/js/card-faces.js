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

/** The file holding the court figures; a figure's id in it is its card code ("KS"). */
export const FIGURES = "static/cards/court.svg";

/**
 * Return what the centre of the card with code `code` shows:
 * {kind: "pips", pips: [{x, y, flip}]}, {kind: "figure", href}, {kind: "ace"} (one large pip),
 * or {kind: "none"} for a code it does not know.
 */
export function centre(code) {
  const rank = code[0];
  if (COURT.has(rank)) return { kind: "figure", href: `${FIGURES}#${code}` };
  const places = PIPS[rank];
  if (places) return { kind: "pips", pips: places.map(([x, y]) => ({ x, y, flip: y > 0.5 })) };
  return { kind: rank === "A" ? "ace" : "none" };
}
