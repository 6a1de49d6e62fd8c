// Stand-ins for the browser in Node: a solver Worker the test answers by hand, and the few
// elements the solver's line writes to. Not a test file itself (no .test in its name).

/** Install a fake Worker class; return the list of workers made (each keeps its messages). */
export function installWorker() {
  const made = [];
  globalThis.Worker = class FakeWorker {
    constructor(url, options) {
      this.url = String(url);
      this.options = options;
      this.sent = [];
      this.onmessage = null;
      this.onerror = null;
      made.push(this);
    }
    postMessage(message) { this.sent.push(message); }
    terminate() { this.terminated = true; }
    /** The worker says something to the page. */
    reply(data) { this.onmessage?.({ data }); }
    /** The last job message sent (not a cancel). */
    lastJob() { return this.sent.filter((m) => m.job).at(-1); }
  };
  return made;
}

// The real timer, kept for settle() while a test's clock stands in for setTimeout.
const realSetTimeout = globalThis.setTimeout;

/** Let pending promise callbacks run. */
export const settle = () => new Promise((resolve) => { realSetTimeout(resolve, 0); });

/** Put a clock the test moves by hand in place of setTimeout and clearTimeout; return it:
 * advance(ms) runs the timers due by then, in order; restore() puts the real ones back. */
export function installClock() {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  let now = 0;
  let nextId = 1;
  const timers = new Map();     // id -> {at, fn, args}
  globalThis.setTimeout = (fn, ms = 0, ...args) => {
    const id = nextId++;
    timers.set(id, { at: now + Math.max(0, ms), fn, args });
    return id;
  };
  globalThis.clearTimeout = (id) => { timers.delete(id); };
  return {
    get now() { return now; },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
        if (!due.length) break;
        const [id, t] = due[0];
        timers.delete(id);
        now = t.at;
        t.fn(...t.args);
      }
      now = end;
    },
    restore() {
      globalThis.setTimeout = real.setTimeout;
      globalThis.clearTimeout = real.clearTimeout;
    },
  };
}

/** A document with the elements assist-view.js writes to. */
export function installDocument() {
  const els = {};
  const element = (props = {}) => {
    const classes = new Set();
    return {
      hidden: false, textContent: "", dataset: {}, className: "", ...props,
      classList: {
        toggle: (c, on = !classes.has(c)) => (on ? classes.add(c) : classes.delete(c), on),
        contains: (c) => classes.has(c),
      },
      replaceChildren(...kids) {
        this.children = kids;
        this.textContent = kids.map((k) => k.textContent).join("");
      },
    };
  };
  for (const id of ["assist", "verdict", "btn-rewind", "ponr", "tip", "btn-solve"]) {
    els[id] = element({ id });
  }
  els.root = element();
  globalThis.document = {
    documentElement: els.root,
    getElementById: (id) => els[id] ?? null,
    querySelector: () => null,
    createElement: () => element(),
  };
  return els;
}

/** The whole text of a line of the solver's line (its brief form aside; assist-view.js). */
export const full = (el) => el.dataset.full ?? el.textContent;

/** A fake app for the solver on the table (assist.js): a table whose snapshot the test sets
 * (`deal(n, game, moves)`: each deal has legal moves of its own), the engine's describe and
 * suggest, and a record of what was played, said and called. */
export function fakeTable(createAssist, settings = {}) {
  const world = { snap: null, played: [], said: [], calls: [], settings };
  world.deal = (deal, game = "freecell", moves = []) => {
    world.snap = {
      game, deal, status: "playing", moveCount: moves.length, history: moves.length,
      piles: { t1: ["AS"], t2: ["2H"], t3: ["3C"], t4: ["4D"] },
      labels: { t1: "Pile 1", t2: "Pile 2", t3: "Pile 3", t4: "Pile 4" },
      // Each deal has moves of its own, so a move of another deal is never legal here.
      moves: [{ text: `t${deal}>t${deal + 1}` }, { text: `t${deal + 1}>t${deal}` }],
      save: JSON.stringify({ v: 1, game, options: {}, deal, moves, redo: [] }),
      line: { key: JSON.stringify([game, {}, deal]), moves, redo: [] },
    };
    world.assist.sync();
  };
  world.assist = createAssist({
    snap: () => world.snap,
    settings: () => world.settings,
    ready: () => true,
    names: () => ({ AS: "Ace of spades", "2H": "Two of hearts" }),
    async call(method, ...args) {         // the engine answers asynchronously (engine.js)
      world.calls.push([method, ...args]);
      if (method === "describe") {
        return { hint: `do ${args[0]}`, brief: args[0], cards: [{ pile: "t1", index: 0 }], target: { pile: "t2", index: 0 } };
      }
      if (method === "suggest") return { move: world.snap.moves[0].text };
      return {};
    },
    async play(text) {
      if (!world.snap.moves.some((m) => m.text === text)) return false;
      world.played.push(text);
      world.deal(world.snap.deal, world.snap.game, [...world.snap.line.moves, text]);
      return true;
    },
    undoTo() {},
    announce: (t) => world.said.push(t),
    notice() {},
    hideNotice() {},
    draw() {},
    dealListed() {},
    dealAny() {},
  });
  return world;
}
