// Reading a move's text ("t3>f1", "t2>t5:3", "stock>waste") against the snapshot it is played
// from, so the page can put it into words and mark its cards. Which moves are legal is the
// engine's business; this only reads the names in the text.

/** Return what a move does: its piles, how many cards, the card names and the pile labels.
 * kind: "turn" (the stock), "recycle" (the waste back to the stock), "pair" (Pyramid: two
 * cards adding up to 13), "remove" (Pyramid: a King, or a card to the foundation) or "move". */
export function readMove(snap, names, text) {
  const [src, rest] = text.split(">");
  const [dst, n] = rest.split(":");
  const count = Number(n || 1);
  const pile = snap.piles[src] ?? [];
  const card = pile[pile.length - count];
  const top = (snap.piles[dst] ?? []).at(-1);
  const kind = src === "stock" ? "turn" : dst === "stock" ? "recycle"
    : snap.game === "pyramid" ? (dst.startsWith("f") ? "remove" : "pair") : "move";
  return {
    src, dst, count, kind, height: pile.length,
    card: card ? names[card] : null,
    other: top ? names[top] : null,
    from: snap.labels[src] ?? src,
    to: snap.labels[dst] ?? dst,
  };
}
