// The corner index of a card (its rank and suit in the top corner): its font size, padding,
// and the strips of a card that must stay uncovered to show it, for a card width. Pure
// arithmetic, shared by the table's geometry and its overlapping rows.

/** The corner index for a card width: its font size, padding, and the strips it needs. */
export function cornerIndex(cardW) {
  const pad = Math.max(2, Math.round(cardW * 0.05));
  // 11 px at least, but never wider than the card: on the smallest cards (a column of 27
  // face-up cards on a phone) "10" and its suit stay inside the card at 9-10 px.
  const font = Math.min(Math.round(Math.max(11, Math.min(26, cardW * 0.25))),
    Math.floor((cardW - pad - 2) / 1.95));
  return {
    font,
    pad,
    strip: pad + Math.ceil(font * 1.22),                  // height that shows rank and suit (a J may descend)
    width: pad + Math.ceil(font * 1.95) + 2,             // width that shows them side by side
  };
}
