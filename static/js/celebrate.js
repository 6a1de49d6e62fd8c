// The win celebration, after the classic cascade: the foundation cards leave their piles one
// by one and bounce across the table, each stamping its picture along its way, on a canvas
// over the table. The flight is pure (Node tests it); the player draws it. It ends by itself
// after a few seconds, at the first tap or key, or when the table shows another game, and it
// never takes a tap, a key or the focus from anything: the canvas lets every tap through.
// The caller starts it only when cards may move (motion on, no reduced motion).

const GRAVITY = 2.6;              // table heights per second squared
const BOUNCE = 0.72;              // the share of its speed a card keeps at each bounce
const REST = 0.08;                // a card slower than this (table heights per second) slides
const SPEED = [0.32, 0.62];       // across: (table width + card width) per second
const LIFT = [-1.1, 0.15];        // at the start, up (negative) or down: table heights per second
const START_MS = 420;             // the last move lands first
const GAP_MS = { most: 200, all: 3400 };   // between two cards; all of them leave within `all`
const END_MS = 7200;              // the celebration is over by then, however busy the page
const FADE_MS = 450;
const MAX_BOUNCES = 40;

/** A number in [0, 1) that looks random and is the same for the same i. */
export function wobble(i) {
  const s = Math.sin((i + 1) * 12.9898) * 43758.5453;
  return s - Math.floor(s);
}

const between = ([lo, hi], r) => lo + (hi - lo) * r;

/**
 * Plan the cards' flights. starts: [{x, y}] top-left corners in table pixels, in the order
 * the cards leave; box: {width, height, cardW, cardH}, the table and a card.
 * Return [{x, y, vx, vy, at}]: the start, the speed (px per second) and when it leaves (ms).
 */
export function launches(starts, box) {
  const gap = starts.length ? Math.min(GAP_MS.most, GAP_MS.all / starts.length) : 0;
  const floor = box.height - box.cardH;
  return starts.map((s, i) => {
    // A card on the right of the table leaves to the left more often, and the other way.
    const side = (s.x + box.cardW / 2) / Math.max(1, box.width);
    const dir = wobble(3 * i) < side ? -1 : 1;
    return {
      x: s.x, y: Math.min(s.y, floor),
      vx: dir * between(SPEED, wobble(3 * i + 1)) * (box.width + box.cardW),
      vy: between(LIFT, wobble(3 * i + 2)) * box.height,
      at: Math.round(START_MS + i * gap),
    };
  });
}

/**
 * Where a card is t seconds after it left: it falls, bounces on the table's bottom edge
 * (losing speed at each bounce) and slides once it hardly bounces. Return {x, y, bounces}.
 */
export function flightAt(l, t, box) {
  const g = GRAVITY * box.height;
  const floor = box.height - box.cardH;
  const x = l.x + l.vx * t;
  let y = Math.min(l.y, floor);
  let vy = l.vy;
  let left = t;
  for (let bounces = 0; bounces <= MAX_BOUNCES; bounces += 1) {
    const hit = (-vy + Math.sqrt(vy * vy + 2 * g * (floor - y))) / g;   // reaches the floor
    if (left <= hit) return { x, y: Math.min(floor, y + vy * left + (g * left * left) / 2), bounces };
    left -= hit;
    vy = -(vy + g * hit) * BOUNCE;
    y = floor;
    if (-vy < REST * box.height) return { x, y: floor, bounces: bounces + 1 };
  }
  return { x, y: floor, bounces: MAX_BOUNCES };
}

/** When a card has left the table at its side (seconds after it left). */
export function exitAfter(l, box) {
  if (l.vx > 0) return (box.width - l.x) / l.vx;
  if (l.vx < 0) return (l.x + box.cardW) / -l.vx;
  return Infinity;
}

/** How long the whole celebration lasts, in ms: until the last card has left, at most END_MS. */
export function lastsMs(plan, box) {
  let end = 0;
  for (const l of plan) end = Math.max(end, l.at + exitAfter(l, box) * 1000);
  return Math.min(END_MS, Math.ceil(end));
}

/** The cards that leave, in turn: the top card of each pile, then the next ones down.
 * piles: [{cards, spots}] (elements and their places). Return [{el, x, y}]. */
export function inTurn(piles) {
  const out = [];
  const deepest = Math.max(0, ...piles.map((p) => p.cards.length));
  for (let depth = 1; depth <= deepest; depth += 1) {
    for (const p of piles) {
      const i = p.cards.length - depth;
      if (i >= 0) out.push({ el: p.cards[i], x: p.spots[i].x, y: p.spots[i].y });
    }
  }
  return out;
}

// ---- The player (the page only) ----

let current = null;

/** Stop the celebration now, if one is on: the canvas goes and the cards show again. */
export function stopCascade() {
  current?.stop();
}

/**
 * Start the celebration over `table`: cards is [{el, x, y}], the card elements in the order
 * they leave with their places (table pixels); size: {cardW, cardH}.
 */
export function startCascade(table, cards, size) {
  stopCascade();
  const host = table.parentElement;
  const box = { width: table.clientWidth, height: table.clientHeight, cardW: size.cardW, cardH: size.cardH };
  if (!host || !cards.length || box.width < 1 || box.height < 1) return;
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext?.("2d");
  if (!ctx) return;
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  canvas.className = "cascade";
  canvas.setAttribute("aria-hidden", "true");
  canvas.width = Math.round(box.width * dpr);
  canvas.height = Math.round(box.height * dpr);
  ctx.scale(dpr, dpr);
  const pictures = cards.map(() => null);   // each drawn when its card leaves
  const plan = launches(cards, box);
  const ends = lastsMs(plan, box);
  const flown = plan.map(() => null);    // seconds into each card's flight at its last stamp
  host.appendChild(canvas);
  const t0 = performance.now();
  let frame = 0;
  let fading = null;
  const state = {};

  const step = (now) => {
    const ms = now - t0;
    plan.forEach((l, i) => {
      const exit = exitAfter(l, box);
      if (ms < l.at || (flown[i] !== null && flown[i] >= exit)) return;
      if (flown[i] === null) {                  // it leaves its pile
        pictures[i] = picture(cards[i].el, box.cardW, box.cardH, dpr);
        cards[i].el.style.visibility = "hidden";
      }
      const t1 = flown[i] ?? 0;
      const t = Math.min((ms - l.at) / 1000, exit);
      // Stamp along the way, often enough that a slow frame leaves no gaps in the trail.
      const a = flightAt(l, t1, box);
      const b = flightAt(l, t, box);
      const steps = Math.min(16, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / (box.cardW * 0.12)));
      for (let k = flown[i] === null ? 0 : 1; k <= steps; k += 1) {
        const p = k === steps ? b : flightAt(l, t1 + ((t - t1) * k) / steps, box);
        ctx.drawImage(pictures[i], p.x, p.y, box.cardW, box.cardH);
      }
      flown[i] = t;
    });
    if (ms >= ends) {
      fade();
      return;
    }
    frame = requestAnimationFrame(step);
  };

  const fade = () => {
    canvas.classList.add("fading");
    for (const c of cards) c.el.style.visibility = "";
    fading = setTimeout(state.stop, FADE_MS);
  };

  const end = (e) => {
    if (e.type === "keydown" && ["Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
    state.stop();
  };
  const listen = () => {
    document.addEventListener("pointerdown", end, true);
    document.addEventListener("keydown", end, true);
    window.addEventListener("resize", end);
  };
  // From the next frame on: the tap or key that won the game is not the one that ends it.
  let listening = requestAnimationFrame(() => { listening = 0; listen(); });

  state.stop = () => {
    if (current !== state) return;
    current = null;
    cancelAnimationFrame(frame);
    cancelAnimationFrame(listening);
    clearTimeout(fading);
    document.removeEventListener("pointerdown", end, true);
    document.removeEventListener("keydown", end, true);
    window.removeEventListener("resize", end);
    for (const c of cards) c.el.style.visibility = "";
    canvas.remove();
  };
  current = state;
  frame = requestAnimationFrame(step);
}

/** Draw a card's picture once, from the card element itself: its colours, its rank text and
 * the suit symbol its index shows (the page's own sprite). */
function picture(el, w, h, dpr) {
  const c = document.createElement("canvas");
  c.width = Math.ceil(w * dpr);
  c.height = Math.ceil(h * dpr);
  const g = c.getContext("2d");
  g.scale(dpr, dpr);
  const style = getComputedStyle(el);
  const radius = Math.min(w / 4, parseFloat(style.borderTopLeftRadius) || w * 0.07);
  const paper = opaque(style.backgroundColor) ? style.backgroundColor : "#fdfdf8";
  g.beginPath();
  if (g.roundRect) g.roundRect(0.5, 0.5, w - 1, h - 1, radius);
  else g.rect(0.5, 0.5, w - 1, h - 1);
  g.fillStyle = paper;
  g.fill();
  g.lineWidth = 1;
  g.strokeStyle = "rgba(0, 0, 0, 0.5)";
  g.stroke();
  const index = el.querySelector(".index");
  if (!index) return c;                  // a card face down: its back's colour only
  const ink = getComputedStyle(index).color;
  const font = parseFloat(getComputedStyle(index).fontSize) || Math.max(10, w * 0.3);
  const family = getComputedStyle(index).fontFamily || "sans-serif";
  const rank = index.querySelector(".rank")?.textContent ?? "";
  const href = index.querySelector("use")?.getAttribute("href");
  const d = href && href.startsWith("#") ? document.getElementById(href.slice(1))?.querySelector("path")?.getAttribute("d") : null;
  const suit = d ? new Path2D(d) : null;
  const pad = Math.max(2, w * 0.06);
  g.fillStyle = ink;
  g.font = `700 ${font}px ${family}`;
  g.textBaseline = "top";
  g.fillText(rank, pad, pad);
  const mark = (x, y, size) => {
    if (!suit) return;
    g.save();
    g.translate(x, y);
    g.scale(size / 100, size / 100);
    g.fill(suit);
    g.restore();
  };
  mark(pad + g.measureText(rank).width + font * 0.08, pad + font * 0.06, font * 0.82);
  const big = Math.min(w, h) * 0.5;
  mark((w - big) / 2, (h - big) / 2 + font * 0.3, big);
  return c;
}

function opaque(color) {
  return Boolean(color) && color !== "transparent" && !/rgba\([^)]*,\s*0\)$/.test(color);
}
