// The hint's cue: an arrow on the table from the cards the hint moves to where they go, so
// the destination is seen, not only named. render.js draws it from the marks it is given
// (a "hint" mark for the cards that go, a "hint-target" mark for where); this file knows
// nothing of cards or rules, only boxes on the table. The arrow takes no pointer events,
// and it moves (a slow march of its dashes) only while cards may move (motion.js).

const SVG = "http://www.w3.org/2000/svg";
/** Shorter than this, an arrow says nothing the two outlines do not (piles side by side). */
const MIN_LENGTH = 12;

/**
 * Return the arrow from a point to a box: it starts at `from` and ends where the straight
 * line to the box's centre enters the box, short by `gap` (its head then touches the
 * outline without covering the box's middle). Null when `from` is in the box or the arrow
 * would be too short to see.
 * from: {x, y}; box: {x, y, w, h}.
 */
export function cueLine(from, box, gap = 8) {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const dx = cx - from.x;
  const dy = cy - from.y;
  if (Math.abs(dx) <= box.w / 2 && Math.abs(dy) <= box.h / 2) return null;
  // The fraction of the way to the centre at which the line crosses the box's edge.
  const tx = dx ? 1 - box.w / 2 / Math.abs(dx) : 1;
  const ty = dy ? 1 - box.h / 2 / Math.abs(dy) : 1;
  const t = Math.max(dx ? tx : 0, dy ? ty : 0);
  const length = Math.hypot(dx, dy) * t;
  if (length - gap < MIN_LENGTH) return null;
  const k = (length - gap) / length;
  return { x1: from.x, y1: from.y, x2: from.x + dx * t * k, y2: from.y + dy * t * k };
}

/**
 * Find the two ends of the hint's cue in a drawn table's geometry: the first card a "hint"
 * mark moves (near its top edge, where a fanned card shows) and the box of the
 * "hint-target" (its top card, or the empty pile). Null when the marks are not a move.
 * geo: render.js's geometry (piles with x, y, w and card spots; cardW, cardH).
 */
export function cueEnds(geo, marks) {
  const from = marks.find((m) => m.cls === "hint" && m.index !== null && geo.piles[m.pile]);
  const to = marks.find((m) => m.cls === "hint-target" && geo.piles[m.pile]);
  if (!from || !to || from.pile === to.pile) return null;
  const src = geo.piles[from.pile].spots?.[from.index];
  const dst = geo.piles[to.pile];
  if (!src) return null;
  const spot = to.index === null ? dst : dst.spots?.[to.index];
  if (!spot) return null;
  return {
    from: { x: src.x + geo.cardW / 2, y: src.y + Math.min(geo.cardH / 2, geo.cardH * 0.22) },
    box: { x: spot.x, y: spot.y, w: geo.cardW, h: geo.cardH },
  };
}

/** Draw the cue into (or take it off) the table; return its element, or null. */
export function drawCue(table, geo, marks, { still = false } = {}) {
  let svg = table.querySelector(":scope > svg.hint-cue");
  const ends = cueEnds(geo, marks);
  const line = ends && cueLine(ends.from, ends.box);
  if (!line) {
    svg?.remove();
    return null;
  }
  if (!svg) {
    svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "hint-cue");
    svg.setAttribute("aria-hidden", "true");
    svg.innerHTML = '<defs><marker id="hint-cue-head" viewBox="0 0 10 10" refX="5" refY="5" '
      + 'markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 10 5 0 10z"/>'
      + '</marker></defs><line class="shade"/><line class="ink" marker-end="url(#hint-cue-head)"/>';
  }
  svg.classList.toggle("still", still);
  for (const el of svg.querySelectorAll("line")) {
    for (const [k, v] of Object.entries(line)) el.setAttribute(k, String(Math.round(v)));
  }
  table.appendChild(svg);
  return svg;
}
