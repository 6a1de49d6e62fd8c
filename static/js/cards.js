// Card faces, drawn by the page itself: rank text and vector suit symbols from the inline
// sprite in index.html. A face-down card carries no information at all.

const RANK_TEXT = { T: "10" };
const FACES = new Set(["J", "Q", "K"]);
const RED = new Set(["H", "D"]);

function suitIcon(suit, cls) {
  return `<svg class="${cls}" viewBox="0 0 100 100" aria-hidden="true"><use href="#suit-${suit}"/></svg>`;
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
      + (FACES.has(rank) ? `<span class="face-letter">${rank}</span>` : "")
      + suitIcon(suit, "pip");
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
