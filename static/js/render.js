// Rendering: one entry point, render(table, snap, names, view), that draws a snapshot from
// the engine. Positions come from geometry.js, motion from motion.js (keyed by the card ids
// the engine sends); this file never looks at what a card is, only where it goes.

import { cardElement } from "./cards.js";
import { geometry } from "./geometry.js";
import { drawCue } from "./hint-cue.js";
import { keyForPile } from "./keyboard-nav.js";
import { inTurn, startCascade, stopCascade } from "./celebrate.js";
import { outOfPlay, outOfPlayWords } from "./in-play.js";
import { inFlight, motionOn, planMotion, play } from "./motion.js";
import { kindOf, stockOf } from "./piles.js";
import { sound } from "./sound.js";

export { geometry };

// Per table: where each card id was last drawn (and whether face up), and the last status.
const drawn = new WeakMap();
// Per table: the elements of the last drawing, cards by id and face, piles by id.
const elements = new WeakMap();

function setStyle(el, name, value) {
  if (el.style[name] !== value) el.style[name] = value;
}

function setClass(el, value) {
  if (el.className !== value) el.className = value;
}

/** Draw a snapshot; return the geometry with the elements, for input handling.
 * view.selected: {pile, index}, the picked cards; view.marks: [{pile, index, cls}], a class
 * for the cards of a pile from index up, or for the pile itself when index is null;
 * view.keep: px at the table's foot no fanned pile takes (table.js: the solver's line). */
export function render(table, snap, names, view = {}) {
  const geo = geometry(snap, table.clientWidth, table.clientHeight, view.keep);
  table.style.setProperty("--card-w", `${geo.cardW}px`);
  table.style.setProperty("--card-h", `${geo.cardH}px`);
  table.style.setProperty("--index-font", `${geo.index.font}px`);
  table.style.setProperty("--index-pad", `${geo.index.pad}px`);
  table.classList.toggle("tiny", geo.cardW < 40);
  table.classList.toggle("small", geo.cardW < 60);
  table.dataset.mode = geo.mode;
  const last = drawn.get(table);
  const game = JSON.stringify([snap.game, snap.options, snap.deal]);
  let prev = last && last.size === `${geo.cardW}` ? lastPlaces(table, last.places) : null;
  // Another game or deal: its ids say nothing of these cards, which are dealt from the stock.
  if (prev && last.game !== game) prev = new Map([[null, { x: 0, y: 0, up: false }]]);
  if (snap.status !== "won" || (last && last.game !== game)) stopCascade();
  const next = [];
  const byId = new Map();
  // Elements of the last drawing are kept and updated where they still show the same card
  // (its id and face) or the same pile: far cheaper than building the table anew each move.
  const kept = elements.get(table) ?? { cards: new Map(), piles: new Map() };
  // Motion starts again from where each card is now (read above), so old motion stops.
  for (const el of kept.cards.values()) for (const anim of el.getAnimations?.() ?? []) anim.cancel();
  const keep = { cards: new Map(), piles: new Map() };
  const added = document.createDocumentFragment();
  const marks = view.marks ?? [];
  let z = 1;
  for (const [id, g] of Object.entries(geo.piles)) {
    const cards = snap.piles[id] ?? [];
    let pile = kept.piles.get(id);
    if (pile) kept.piles.delete(id);
    else {
      pile = document.createElement("div");
      pile.dataset.pile = id;
      // A pile is what the keyboard acts on (Space picks up or puts down, Enter plays): a
      // button, pressed while it holds the picked cards. Its cards are hidden from screen
      // readers; its label names them.
      pile.setAttribute("role", "button");
      added.appendChild(pile);
    }
    keep.piles.set(id, pile);
    // The engine's key for the pile (a board painted from an older save may have none yet).
    const shortcut = keyForPile(id, snap.layout?.keys);
    if (shortcut && pile.getAttribute("aria-keyshortcuts") !== shortcut) pile.setAttribute("aria-keyshortcuts", shortcut);
    else if (!shortcut && pile.hasAttribute("aria-keyshortcuts")) pile.removeAttribute("aria-keyshortcuts");
    const kind = kindOf(snap.layout, id);
    // A pile nobody can use once empty (the engine's `closed`) shows no outline.
    // Foundations and cells are drawn apart from the tableau's piles by their kind.
    const role = kind === "foundation" || kind === "cell" ? ` ${kind}` : "";
    let cls = `pile${kind === "stock" ? " stock" : ""}${role}${snap.layout?.closed?.includes(id) ? " closed" : ""}`;
    const recycle = kind === "stock" && cards.length === 0 && snap.taps[`${id}:0`];
    if (recycle) cls += " recycle";
    if (g.overlap) cls += " overlap";
    for (const mark of marks) if (mark.pile === id && mark.index === null) cls += ` ${mark.cls}`;
    setClass(pile, cls);
    setStyle(pile, "transform", `translate(${g.x}px, ${g.y}px)`);
    setStyle(pile, "width", `${g.w}px`);
    const label = pileLabel(snap, id, cards, names);
    if (pile.getAttribute("aria-label") !== label) pile.setAttribute("aria-label", label);
    const pressed = String(Boolean(view.selected && view.selected.pile === id));
    if (pile.getAttribute("aria-pressed") !== pressed) pile.setAttribute("aria-pressed", pressed);
    pile.tabIndex = -1;
    // An empty pile that only one rank may start shows it (the engine's layout.empty: "A",
    // "K"; anything else, as from a damaged save painted before the engine checks it, is not).
    const starts = cards.length === 0 ? snap.layout?.empty?.[id] : null;
    let mark = "";
    if (recycle) mark = '<span class="mark" aria-hidden="true">↻</span>';
    else if (typeof starts === "string" && /^[0-9A-Z]{1,2}$/.test(starts)) {
      mark = `<span class="mark rank" aria-hidden="true">${starts}</span>`;
    }
    if (pile.innerHTML !== mark) pile.innerHTML = mark;
    g.el = pile;
    const out = outOfPlay(snap, id, cards);
    g.cards = cards.map((code, i) => {
      const cid = snap.ids?.[id]?.[i];
      const key = cid !== undefined ? `${cid}|${code}` : `${id}#${i}|${code}`;
      let el = kept.cards.get(key);
      if (el) kept.cards.delete(key);
      else {
        el = cardElement(code, code ? names[code] : null);
        el.setAttribute("aria-hidden", "true");   // the pile's label names its cards
        el.dataset.base = el.className;
        added.appendChild(el);
      }
      keep.cards.set(key, el);
      if (el.dataset.pile !== id) el.dataset.pile = id;
      if (el.dataset.index !== String(i)) el.dataset.index = String(i);
      setStyle(el, "transform", `translate(${g.spots[i].x}px, ${g.spots[i].y}px)`);
      if (el.dataset.z !== String(z)) el.dataset.z = String(z);     // where motion lands it
      setStyle(el, "zIndex", String(z++));
      setStyle(el, "translate", "");
      if (cid !== undefined) {
        if (el.dataset.id !== String(cid)) el.dataset.id = String(cid);
        byId.set(cid, el);
        next.push({ id: cid, x: g.spots[i].x, y: g.spots[i].y, up: code !== null });
      }
      let c = el.dataset.base;
      // Not in play (the engine's list of free piles): greyed, and the pile's label says so;
      // in a fanned column (Golf's) its face still shows above the next card, as any column's.
      if (code !== null && i < out) c += g.fan === "down" ? " covered fanned" : " covered";
      if (view.selected && view.selected.pile === id && i >= view.selected.index) c += " selected";
      for (const m of marks) if (m.pile === id && m.index !== null && i >= m.index) c += ` ${m.cls}`;
      setClass(el, c);
      return el;
    });
  }
  // Whatever is not kept goes: cards that left, piles gone, the start-up notes.
  const live = new Set([...keep.cards.values(), ...keep.piles.values()]);
  // A focused pile that goes (another game's table) hands the focus to the first pile, so
  // the keyboard is never left on the page's body (table.js then puts it on the cursor).
  const lost = table.contains(document.activeElement) && !live.has(document.activeElement);
  for (const child of [...table.children]) if (!live.has(child) && !child.matches("svg.hint-cue, .run-badge")) child.remove();
  table.appendChild(added);
  drawCue(table, geo, marks, { still: !motionOn() });
  if (lost) keep.piles.values().next().value?.focus({ preventScroll: true });
  elements.set(table, keep);
  const places = new Map(next.map((c) => [c.id, c]));
  const faces = JSON.stringify(snap.piles);
  drawn.set(table, { places, size: `${geo.cardW}`, status: snap.status, faces, game });
  // The same table with its cards numbered anew (the saved board painted before the engine
  // started, then the engine's own): nothing moved.
  const renumbered = last && last.faces === faces;
  if (last && !renumbered) {
    sound(last.game !== game ? "deal" : snap.status === "won" && last.status !== "won" ? "win" : "place");
  }
  if (motionOn() && prev && !renumbered) {
    const stock = geo.piles[stockOf(snap.layout)];
    play(planMotion(prev, next, stock ? { x: stock.x, y: stock.y } : { x: geo.gap, y: geo.gap }), byId);
    if (snap.status === "won" && last.status !== "won") {
      // The foundations' cards leave (every card, in a game whose foundations stay empty).
      const found = Object.entries(geo.piles).filter(([id]) => kindOf(snap.layout, id) === "foundation").map(([, g]) => g);
      startCascade(table, inTurn(found.some((g) => g.cards.length) ? found : Object.values(geo.piles)), geo);
    }
  }
  return geo;
}

/** Where the cards of the last drawing are now: their places, or where an animation or a
 * drag has them on screen. */
function lastPlaces(table, places) {
  const now = new Map(places);
  for (const [id, at] of inFlight((el) => Number(el.dataset.id))) {
    const was = now.get(id);
    if (was) now.set(id, { ...was, x: at.x, y: at.y });
  }
  for (const el of table.querySelectorAll(".card.dragging")) {
    const id = Number(el.dataset.id);
    const was = now.get(id);
    const [dx, dy] = (el.style.translate || "0px 0px").split(" ").map((v) => parseFloat(v) || 0);
    if (was) now.set(id, { ...was, x: was.x + dx, y: was.y + (dy ?? 0) });
  }
  return now;
}

/** Describe a pile for screen readers: its name, its size and its top card. */
export function pileLabel(snap, id, cards, names) {
  const label = snap.labels[id] ?? id;
  if (!cards.length) return `${label}, empty`;
  const hidden = cards.filter((c) => c === null).length;
  const parts = [`${label}, ${cards.length} card${cards.length === 1 ? "" : "s"}`];
  const kind = kindOf(snap.layout, id);
  if (hidden && kind !== "stock") parts.push(`${hidden} face down`);
  const shown = cards.filter((c) => c !== null).map((c) => names[c] ?? c);
  if (kind === "stock" || kind === "foundation" || kind === "waste") {
    if (shown.length) parts.push(`top: ${shown[shown.length - 1]}`);
  } else if (shown.length) {
    parts.push(`face up, bottom to top: ${shown.join(", ")}`);
  }
  const out = outOfPlayWords(snap, id, cards);
  if (out) parts.push(out);
  return parts.join(", ");
}
