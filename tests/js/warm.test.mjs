// The board painted before the rest of the page (static/js/warm.js): which one, from the
// storage and the page (its painting needs a DOM: e2e/test_warm_visit.py).

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { keys } from "../../static/js/store.js";
import { afterFrame, pageFailed, startBoard, startPage, WAIT_OPENING, WAIT_SAVED } from "../../static/js/warm.js";

const snapshot = {
  game: "klondike", piles: { stock: [null, "8H"], waste: [] },
  layout: { columns: 2, rows: [{ kind: "row", slots: [{ pile: "stock" }, { pile: "waste" }] }] },
};
const record = (game, snap = { ...snapshot, game }) => JSON.stringify({
  v: 1, game, save: "{}", snapshot: snap,
});
const opening = { v: 1, game: "klondike", deal: 5, snapshot, cards: { "8H": "eight of hearts" } };

/** A page whose storage holds `stored` (key -> text) and whose opening is `text`. */
function page(stored, text = JSON.stringify(opening)) {
  globalThis.window = { localStorage: { getItem: (k) => stored[k] ?? null } };
  return { getElementById: (id) => (id === "opening" ? { textContent: text } : null) };
}

describe("startBoard", () => {
  afterEach(() => { delete globalThis.window; });

  it("is the last game played, with the names the engine gave last time", () => {
    const doc = page({ [keys.current]: "freecell", [keys.game("freecell")]: record("freecell"),
      [keys.catalogueCache]: JSON.stringify({ cards: { "8H": "eight of hearts" } }) });
    const board = startBoard("", doc);
    assert.equal(board.snapshot.game, "freecell");
    assert.deepEqual(board.names, { "8H": "eight of hearts" });
    assert.equal(board.note, WAIT_SAVED);
    assert.equal(board.opening, null);
  });

  it("is the game a link names before the last one played", () => {
    const doc = page({ [keys.current]: "freecell", [keys.game("freecell")]: record("freecell"),
      [keys.game("spider")]: record("spider") });
    assert.equal(startBoard("?game=spider&deal=4", doc).snapshot.game, "spider");
    assert.deepEqual(startBoard("?game=spider", doc).names, {});
  });

  it("is nothing for a game with no save, or a save of a silly shape", () => {
    const doc = page({ [keys.current]: "freecell", [keys.game("spider")]: "{not json",
      [keys.game("golf")]: record("golf", { ...snapshot, piles: "no" }) });
    assert.equal(startBoard("", doc), null);               // freecell: never saved
    assert.equal(startBoard("?game=spider", doc), null);
    assert.equal(startBoard("?game=golf", doc), null);
  });

  it("is the build's opening on a first visit only", () => {
    const board = startBoard("", page({}));
    assert.equal(board.note, WAIT_OPENING);
    assert.deepEqual(board.opening, { game: "klondike", deal: 5, snapshot, cards: opening.cards });
    assert.equal(startBoard("", page({}, "{}")), null);    // an opening of the wrong shape
    // A link to a game never played, or an empty one beside a stored game: no opening.
    assert.equal(startBoard("?game=spider", page({})), null);
    assert.equal(startBoard("?game=", page({ [keys.current]: "freecell" })), null);
  });
});

describe("startPage", () => {
  const run = async (paint, hidden = false) => {
    const order = [];
    globalThis.document = { hidden };
    try {
      await startPage(async () => { order.push("paint"); return paint(); },
        async () => { order.push("load"); }, async () => { order.push("frame"); });
    } finally {
      delete globalThis.document;
    }
    return order;
  };

  it("loads the rest of the page once the painted board's frame is drawn", async () => {
    assert.deepEqual(await run(() => true), ["paint", "frame", "load"]);
  });

  it("loads it at once when nothing was painted, or the page is hidden", async () => {
    assert.deepEqual(await run(() => false), ["paint", "load"]);
    assert.deepEqual(await run(() => true, true), ["paint", "load"]);
  });

  it("loads it even when the paint throws", async () => {
    assert.deepEqual(await run(() => { throw new Error("no table"); }), ["paint", "load"]);
  });

  it("says so when the rest of the page cannot be loaded", async () => {
    const said = [];
    globalThis.document = { hidden: false };
    try {
      await startPage(async () => true, async () => { throw new Error("main.js: 404"); },
        async () => {}, (err) => said.push(err.message));
    } finally {
      delete globalThis.document;
    }
    assert.deepEqual(said, ["main.js: 404"]);
  });
});

/** Just enough of a document for pageFailed: elements with children, classes and attributes. */
function fakeDocument() {
  const make = (tag) => {
    const el = {
      tag, children: [], attrs: {}, listeners: {}, textContent: "", className: "",
      classList: { removed: [], remove(c) { this.removed.push(c); } },
      setAttribute(k, v) { this.attrs[k] = v; },
      append(...kids) { this.children.push(...kids); },
      appendChild(kid) { this.children.push(kid); return kid; },
      addEventListener(type, fn) { el.listeners[type] = fn; },
      querySelectorAll: () => el.children.filter((k) => /boot-indicator|booting/.test(k.className)),
      remove() { table.children = table.children.filter((k) => k !== el); },
    };
    return el;
  };
  const table = make("main");
  const indicator = make("p");
  indicator.className = "boot-indicator";
  table.appendChild(indicator);
  const games = make("button");
  return { table, games, getElementById: (id) => (id === "table" ? table : null), createElement: make,
    querySelectorAll: (sel) => (sel === "button" ? [games] : []) };
}

describe("pageFailed", () => {
  it("replaces the waiting note by an alert that says why, keeps the games, and retries", () => {
    const doc = fakeDocument();
    let reloaded = 0;
    const realLocation = globalThis.location;
    globalThis.location = { reload: () => { reloaded += 1; } };
    const realError = console.error;
    const logged = [];
    console.error = (...args) => logged.push(args);
    try {
      pageFailed(new Error("main.js: 404"), doc);
      assert.equal(logged[0][1].message, "main.js: 404");     // the cause, for whoever looks
      const [box] = doc.table.children;
      assert.equal(doc.table.children.length, 1);         // the waiting note is gone
      assert.equal(box.attrs.role, "alert");
      assert.deepEqual(doc.table.classList.removed, ["waiting"]);
      assert.equal(doc.table.attrs["aria-busy"], "false");
      const [text, button] = box.children;
      assert.match(text.textContent, /did not load.*try again.*saved games are kept/);
      assert.equal(button.textContent, "Try again");
      assert.equal(doc.games.disabled, true);        // nothing would answer it
      assert.notEqual(button.disabled, true);
      button.listeners.click();
      assert.equal(reloaded, 1);
    } finally {
      console.error = realError;
      globalThis.location = realLocation;
    }
  });
});

describe("afterFrame", () => {
  /** A window whose timers and animation frames run when asked (tick). */
  function fakeWindow(frames = true) {
    const timers = new Map();
    let next = 1;
    const rafs = [];
    const win = {
      setTimeout: (fn, ms) => { timers.set(next, { fn, ms }); return next++; },
      clearTimeout: (id) => { timers.delete(id); },
      requestAnimationFrame: frames ? (fn) => { rafs.push(fn); } : undefined,
      runFrame: () => { for (const fn of rafs.splice(0)) fn(); },
      runTimers: (atMost) => {
        for (const [id, t] of [...timers]) {
          if (t.ms <= atMost) { timers.delete(id); t.fn(); }
        }
      },
    };
    return win;
  }

  it("resolves after the next frame's callbacks, not before", async () => {
    const win = fakeWindow();
    let done = false;
    const waiting = afterFrame(250, win).then(() => { done = true; });
    win.runTimers(0);
    await Promise.resolve();
    assert.equal(done, false, "no frame yet");
    win.runFrame();
    win.runTimers(0);
    await waiting;
    assert.equal(done, true);
  });

  it("resolves after its time when no frame comes", async () => {
    const win = fakeWindow(false);
    const waiting = afterFrame(250, win);
    win.runTimers(250);
    await waiting;
  });
});
