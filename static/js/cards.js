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

// A pip's place as two classes (app.css places them: the page's Content-Security-Policy allows
// no style attributes): x and y in hundredths of the pip box.
const placeClasses = (p) => `px${Math.round(p.x * 100)} py${Math.round(p.y * 100)}${p.flip ? " flip" : ""}`;

/** The centre of a face-up card: its pips, its one large pip or its figure. */
function centreMarkup(code) {
  const suit = code[1];
  const drawn = centre(code);
  if (drawn.kind === "figure") {
    return `<svg class="figure" viewBox="0 0 100 112" aria-hidden="true"><use href="${drawn.href}"/></svg>`;
  }
  if (drawn.kind === "pips") {
    const pips = drawn.pips.map((p) => suitIcon(suit, `pip-n ${placeClasses(p)}`));
    return `<span class="pips">${pips.join("")}</span>`;
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
