// Card faces, drawn by the page itself: the corner index (rank text and a vector suit symbol
// from the inline sprite in index.html), and a centre of pips or a court figure (card-faces.js
// says which). A face-down card carries no information at all; its back is the CSS's, chosen
// in the settings (body[data-back]).

import { centre } from "./card-faces.js";

const RANK_TEXT = { T: "10" };
const RED = new Set(["H", "D"]);

function suitIcon(suit, cls) {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true"><use href="#suit-${suit}"/></svg>`;
}

// The pips of a spot card are plain paths in one <svg> over the whole card (100 x 140, the
// card's own shape): a <use> per pip would cost a copy of the symbol each, several times the
// time to draw a new deal. Their box runs between the index strips of the smallest cards that
// show pips (27.5% of the height; larger cards have shorter strips); pips are 13 wide.
const PIP = 13;
const PIP_X = [28, 72];
const PIP_Y = [140 * 0.275 + PIP * 0.6, 140 * (1 - 0.275) - PIP * 0.6];
const suitPaths = {};

/** The outline of a suit sign, from the page's sprite (index.html), in a 100 x 100 box. */
function suitPath(suit) {
  suitPaths[suit] ??= document.querySelector(`#suit-${suit} path`)?.getAttribute("d") ?? "";
  return suitPaths[suit];
}

function pipPath(d, p) {
  const cx = PIP_X[0] + (PIP_X[1] - PIP_X[0]) * p.x;
  const cy = PIP_Y[0] + (PIP_Y[1] - PIP_Y[0]) * p.y;
  const at = p.flip ? `translate(${+(cx + PIP / 2).toFixed(2)} ${+(cy + PIP / 2).toFixed(2)}) rotate(180)`
    : `translate(${+(cx - PIP / 2).toFixed(2)} ${+(cy - PIP / 2).toFixed(2)})`;
  return `<path class="pip-n${p.flip ? " flip" : ""}" transform="${at} scale(${PIP / 100})" d="${d}"/>`;
}

/** The centre of a face-up card: its pips, its one large pip or its figure. */
function centreMarkup(code) {
  const suit = code[1];
  const drawn = centre(code);
  if (drawn.kind === "figure") {
    // An image of one view of the figures' file: the browser draws it once for every copy.
    const img = (src, cls) => `<img class="${cls}" src="${src}" alt="" draggable="false">`;
    return drawn.four ? img(drawn.href, "figure two") + img(drawn.four, "figure four") : img(drawn.href, "figure");
  }
  if (drawn.kind === "pips") {
    const d = suitPath(suit);
    const pips = drawn.pips.map((p) => pipPath(d, p));
    return `<svg class="pips" viewBox="0 0 100 140" preserveAspectRatio="none" aria-hidden="true">${pips.join("")}</svg>`;
  }
  return drawn.kind === "ace" ? suitIcon(suit, "pip") : "";
}

// One drawn face per card code, copied for every card drawn: a copy is several times cheaper
// than parsing the face's markup again at every redraw.
const faces = new Map();

function face(code) {
  let el = faces.get(code);
  if (el) return el;
  el = document.createElement("div");
  el.className = "card";
  if (!code) {
    el.classList.add("down");
    el.setAttribute("aria-label", "Face-down card");
  } else {
    const rank = code[0];
    const suit = code[1];
    const text = RANK_TEXT[rank] ?? rank;
    el.classList.add(`suit-${suit}`);
    if (RED.has(suit)) el.classList.add("red");
    el.dataset.code = code;
    // The index: rank and suit side by side in the top-left corner, the strip a fanned pile
    // leaves visible (render.js sizes it); the bottom-right corner and the centre are for
    // cards seen whole.
    const corner = `<span class="rank">${text}</span>${suitIcon(suit, "suit")}`;
    el.innerHTML = `<span class="index">${corner}</span><span class="corner br">${corner}</span>`
      + centreMarkup(code);
  }
  faces.set(code, el);
  return el;
}

/** Return a new card element for a card code such as "TD", or null for a face-down card. */
export function cardElement(code, name) {
  const el = face(code).cloneNode(true);
  if (code) el.setAttribute("aria-label", name ?? code);
  return el;
}
