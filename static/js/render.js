// Rendering: one entry point, render(table, snap, options), that draws a snapshot from the
// engine. Positions come from the layout the engine sends; this file never looks at what a
// card is, only where it goes.

import { cardElement } from "./cards.js";

const DOWN_FAN = 0.13; // card heights between face-down cards in a column
const UP_FAN = 0.27; // card heights between face-up cards
const RIGHT_FAN = 0.24; // card widths between the fanned top cards of a draw-3 waste
const RATIO = 1.4;

/** Return the card size and the position of every pile and card for a snapshot. */
export function geometry(snap, width, height) {
  const layout = snap.layout;
  const cols = layout.columns;
  const gap = Math.max(4, Math.min(14, width * 0.012));
  let units = 0;
  for (const row of layout.rows) units += row.kind === "pyramid" ? 4 : 1;
  const fannedRows = layout.rows.filter((r) => r.kind === "row" && r.slots.some((s) => s && s.fan === "down"));
  const byWidth = (width - gap * (cols + 1)) / cols;
  const byHeight = (height - gap * (layout.rows.length + 1)) / ((units + 1.2 * Math.max(1, fannedRows.length)) * RATIO);
  const cardW = Math.floor(Math.max(24, Math.min(byWidth, byHeight, 120)));
  const cardH = Math.round(cardW * RATIO);
  const left = Math.max(gap, (width - (cols * cardW + (cols - 1) * gap)) / 2);
  const colX = (c) => left + c * (cardW + gap);
  const piles = {};
  let y = gap;
  layout.rows.forEach((row) => {
    if (row.kind === "pyramid") {
      row.piles.forEach((id, k) => {
        const r = Math.floor((Math.sqrt(8 * k + 1) - 1) / 2);
        const p = k - (r * (r + 1)) / 2;
        piles[id] = place(snap, id, colX(3 - r / 2 + p), y + r * cardH * 0.5, "none", cardW, cardH, 0);
      });
      y += cardH * 4 + gap;
      return;
    }
    const isLastFanned = row === fannedRows[fannedRows.length - 1];
    let rowHeight = cardH;
    const room = isLastFanned ? height - y - gap : cardH * (1 + 3 * UP_FAN);
    row.slots.forEach((slot, c) => {
      if (!slot) return;
      const g = place(snap, slot.pile, colX(c), y, slot.fan, cardW, cardH, room);
      piles[slot.pile] = g;
      rowHeight = Math.max(rowHeight, g.h);
    });
    if (fannedRows.includes(row) && !isLastFanned) rowHeight = Math.max(rowHeight, room);
    y += rowHeight + gap;
  });
  return { cardW, cardH, gap, piles };
}

function place(snap, id, x, y, fan, cardW, cardH, room) {
  const cards = snap.piles[id] ?? [];
  const spots = [];
  if (fan === "down") {
    let down = 0;
    let up = 0;
    cards.forEach((c, i) => { if (i < cards.length - 1) (c === null ? down++ : up++); });
    const natural = down * DOWN_FAN * cardH + up * UP_FAN * cardH;
    const scale = natural > 0 && cardH + natural > room ? Math.max(0.04, (room - cardH) / natural) : 1;
    let dy = 0;
    cards.forEach((c) => {
      spots.push({ x, y: y + dy });
      dy += (c === null ? DOWN_FAN : UP_FAN) * cardH * scale;
    });
    const h = cards.length ? spots[spots.length - 1].y - y + cardH : cardH;
    return { x, y, w: cardW, h, spots, fan };
  }
  if (fan === "right") {
    const first = Math.max(0, cards.length - 3);
    cards.forEach((_, i) => spots.push({ x: x + Math.max(0, i - first) * RIGHT_FAN * cardW, y }));
    const w = cards.length ? spots[spots.length - 1].x - x + cardW : cardW;
    return { x, y, w, h: cardH, spots, fan };
  }
  cards.forEach(() => spots.push({ x, y }));
  return { x, y, w: cardW, h: cardH, spots, fan };
}

/** Draw a snapshot; return the geometry with the elements, for input handling.
 * view.selected: {pile, index}, the picked cards; view.marks: [{pile, index, cls}], a class
 * for the cards of a pile from index up, or for the pile itself when index is null. */
export function render(table, snap, names, view = {}) {
  const geo = geometry(snap, table.clientWidth, table.clientHeight);
  table.style.setProperty("--card-w", `${geo.cardW}px`);
  table.style.setProperty("--card-h", `${geo.cardH}px`);
  table.classList.toggle("tiny", geo.cardW < 48);
  const frag = document.createDocumentFragment();
  const free = snap.free ? new Set(snap.free) : null;
  let z = 1;
  for (const [id, g] of Object.entries(geo.piles)) {
    const cards = snap.piles[id] ?? [];
    const pile = document.createElement("div");
    pile.className = `pile${id === "stock" ? " stock" : ""}${free && id.startsWith("t") ? " cell" : ""}`;
    pile.dataset.pile = id;
    pile.style.transform = `translate(${g.x}px, ${g.y}px)`;
    pile.style.width = `${g.w}px`;
    pile.setAttribute("role", "group");
    pile.setAttribute("aria-label", pileLabel(snap, id, cards, names));
    pile.tabIndex = -1;
    if (id === "stock" && cards.length === 0 && snap.taps["stock:0"]) {
      pile.classList.add("recycle");
      pile.innerHTML = '<span class="mark" aria-hidden="true">↻</span>';
    }
    for (const mark of view.marks ?? []) {
      if (mark.pile === id && mark.index === null) pile.classList.add(mark.cls);
    }
    g.el = pile;
    frag.appendChild(pile);
    g.cards = cards.map((code, i) => {
      const el = cardElement(code, code ? names[code] : null);
      el.setAttribute("aria-hidden", "true");   // the pile's label names its cards
      el.dataset.pile = id;
      el.dataset.index = String(i);
      el.style.transform = `translate(${g.spots[i].x}px, ${g.spots[i].y}px)`;
      el.style.zIndex = String(z++);
      if (free && id.startsWith("t") && !free.has(id)) el.classList.add("covered");
      if (view.selected && view.selected.pile === id && i >= view.selected.index) {
        el.classList.add("selected");
      }
      for (const mark of view.marks ?? []) {
        if (mark.pile === id && mark.index !== null && i >= mark.index) el.classList.add(mark.cls);
      }
      frag.appendChild(el);
      return el;
    });
  }
  table.replaceChildren(frag);
  return geo;
}

/** Describe a pile for screen readers: its name, its size and its top card. */
export function pileLabel(snap, id, cards, names) {
  const label = snap.labels[id] ?? id;
  if (!cards.length) return `${label}, empty`;
  const hidden = cards.filter((c) => c === null).length;
  const parts = [`${label}, ${cards.length} card${cards.length === 1 ? "" : "s"}`];
  if (hidden && id !== "stock") parts.push(`${hidden} face down`);
  const shown = cards.filter((c) => c !== null).map((c) => names[c] ?? c);
  if (id === "stock" || id.startsWith("f") || id === "waste") {
    if (shown.length) parts.push(`top: ${shown[shown.length - 1]}`);
  } else if (shown.length) {
    parts.push(`face up, bottom to top: ${shown.join(", ")}`);
  }
  if (snap.free && id.startsWith("t") && cards.length && !snap.free.includes(id)) parts.push("covered");
  return parts.join(", ");
}
