// Motion: every change of the table animates from where the cards were to where they are
// (FLIP, keyed by the card ids the engine sends). The planner is pure (Node tests it); the
// player runs the plan with the Web Animations API. Input is never blocked: a new change
// starts from wherever the cards are on screen at that moment.

const MOVE_MS = { min: 150, max: 320, perPx: 0.35, base: 110 };
const STAGGER_MS = 14;          // between the cards of one move
const DEAL_STAGGER_MS = 16;     // between the cards of a new deal
const DEAL_MAX_MS = 700;        // the whole deal's stagger at most

let enabled = true;
const reduced = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;

/** Turn motion on or off (the player's setting); reduced motion in the system wins. */
export function setMotion(on) {
  enabled = Boolean(on);
}

/** Tell whether cards animate now. */
export function motionOn() {
  return enabled && !(reduced && reduced.matches);
}

/** How long a card takes to travel a distance, in ms. */
export function travelMs(dist) {
  return Math.round(Math.max(MOVE_MS.min, Math.min(MOVE_MS.max, MOVE_MS.base + dist * MOVE_MS.perPx)));
}

/**
 * Plan the animations from the cards' last places to their new ones.
 * prev: Map id -> {x, y, up}; next: [{id, x, y, up}] in drawing order (bottom first);
 * dealFrom: {x, y}, where cards never seen before come from (a new deal), or null.
 * Return [{id, from, to, flip, delay, duration}], only for cards that move or turn.
 */
export function planMotion(prev, next, dealFrom = null) {
  if (!prev || prev.size === 0) return [];
  const plan = [];
  let dealt = 0;
  const fresh = next.filter((c) => !prev.has(c.id)).length;
  const dealStep = fresh ? Math.min(DEAL_STAGGER_MS, DEAL_MAX_MS / fresh) : 0;
  let moved = 0;
  for (const card of next) {
    const was = prev.get(card.id);
    const to = { x: card.x, y: card.y };
    if (!was) {
      if (!dealFrom) continue;
      const from = { x: dealFrom.x, y: dealFrom.y };
      plan.push({ id: card.id, from, to, flip: card.up, delay: Math.round(dealt * dealStep),
        duration: travelMs(Math.hypot(to.x - from.x, to.y - from.y)), dealt: true });
      dealt += 1;
      continue;
    }
    const dist = Math.hypot(to.x - was.x, to.y - was.y);
    const flip = Boolean(was.up) !== Boolean(card.up);
    if (dist < 0.5 && !flip) continue;
    plan.push({ id: card.id, from: { x: was.x, y: was.y }, to, flip,
      delay: dist < 0.5 ? 0 : moved * STAGGER_MS, duration: dist < 0.5 ? 180 : travelMs(dist) });
    if (dist >= 0.5) moved += 1;
  }
  return plan;
}

const running = new Map();      // element -> its latest animation
const waits = new WeakMap();    // element -> the timer ending its wait before it flies

/** Run a plan on the elements (a Map id -> element). */
export function play(plan, elements) {
  for (const step of plan) {
    const el = elements.get(step.id);
    if (!el || typeof el.animate !== "function") continue;
    const from = `translate(${step.from.x}px, ${step.from.y}px)`;
    const to = `translate(${step.to.x}px, ${step.to.y}px)`;
    const frames = step.flip
      ? [{ transform: `${from} scaleX(0.05)` }, { transform: `${to} scaleX(1)` }]
      : [{ transform: from }, { transform: to }];
    const z = el.style.zIndex;
    el.style.zIndex = String(2000 + Number(z || 0));
    el.classList.add("moving");
    // Until its delay is over a card waits where it was, and a new deal's cards wait on the
    // stock and fly out over it: a tap there passes through them to the table as it now is.
    // A dealt card lets taps through until it has landed (its animation's end, however late a
    // busy page starts it); a card moved in play waits only for its delay, counted from when
    // its animation really starts, and can then be caught in flight.
    clearTimeout(waits.get(el));
    waits.delete(el);
    el.classList.toggle("waiting", Boolean(step.dealt) || step.delay > 0);
    const anim = el.animate(frames, { duration: step.duration, delay: step.delay,
      easing: "cubic-bezier(0.2, 0.7, 0.3, 1)", fill: "backwards" });
    running.set(el, anim);
    if (!step.dealt && step.delay > 0) {
      Promise.resolve(anim.ready).then(() => {
        if (running.get(el) === anim) waits.set(el, setTimeout(() => el.classList.remove("waiting"), step.delay));
      }, () => {});
    }
    // An element drawn again keeps its node: only its latest animation may put it back.
    const done = () => {
      if (running.get(el) !== anim) return;
      running.delete(el);
      clearTimeout(waits.get(el));
      waits.delete(el);
      el.style.zIndex = z;
      el.classList.remove("moving", "waiting");
    };
    anim.onfinish = done;
    anim.oncancel = done;
  }
}

/** Where the cards being animated (or dragged) are on screen now: id -> {x, y}. */
export function inFlight(readId) {
  const out = new Map();
  for (const [el, anim] of running) {
    if (!el.isConnected || anim.playState === "finished" || anim.playState === "idle") {
      running.delete(el);
      continue;
    }
    const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
    out.set(readId(el), { x: m.m41, y: m.m42 });
  }
  return out;
}
