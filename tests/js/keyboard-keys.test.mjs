import assert from "node:assert/strict";
import { test } from "node:test";

import { createKeyboard, keyForPile, keyName, liftStep, pileForKey } from "../../static/js/keyboard-nav.js";

// The layouts' keys as the engine gives them (py/patience/pilekeys.py, tests/test_pilekeys.py).
const FREECELL = { f1: "f", f2: "f", f3: "f", f4: "f", c1: "c", c2: "c", c3: "c", c4: "c",
  t1: "1", t2: "2", t3: "3", t4: "4", t5: "5", t6: "6", t7: "7", t8: "8" };
const BAKERS = { f1: "f", f2: "f", f3: "f", f4: "f", t1: "1", t2: "2", t3: "3", t4: "4", t5: "5",
  t6: "6", t7: "7", t8: "8", t9: "9", t10: "0", t11: "shift+1", t12: "shift+2", t13: "shift+3" };
const PYRAMID = { stock: "s", waste: "w", f1: "f", t1: "1", t20: "shift+0" };

test("pile keys are read by the key's place: digits, Shift with them, keypad digits, S W F C", () => {
  assert.equal(keyName({ key: "3", code: "Digit3", shiftKey: false }), "3");
  assert.equal(keyName({ key: "!", code: "Digit1", shiftKey: true }), "shift+1");
  assert.equal(keyName({ key: "&", code: "Digit1", shiftKey: false }), "1");       // AZERTY
  assert.equal(keyName({ key: "0", code: "Numpad0", shiftKey: false }), "0");
  assert.equal(keyName({ key: "ArrowUp", code: "Numpad8", shiftKey: false }), null);   // Num Lock off
  assert.equal(keyName({ key: "F", code: "KeyF", shiftKey: true }), "f");
  for (const key of ["c", "s", "w"]) assert.equal(keyName({ key, code: `Key${key.toUpperCase()}` }), key);
  for (const key of ["d", "h", " ", "Enter", "ArrowLeft", "z"]) assert.equal(keyName({ key, code: "" }), null);
});

test("a pile key names a pile of this game, or the foundations or free cells as a group", () => {
  assert.deepEqual(pileForKey("1", FREECELL), { pile: "t1" });
  assert.deepEqual(pileForKey("8", FREECELL), { pile: "t8" });
  assert.equal(pileForKey("9", FREECELL), null);                 // FreeCell has 8 piles
  assert.equal(pileForKey("s", FREECELL), null);                 // and no stock
  assert.deepEqual(pileForKey("c", FREECELL), { group: "c", piles: ["c1", "c2", "c3", "c4"] });
  assert.deepEqual(pileForKey("f", FREECELL), { group: "f", piles: ["f1", "f2", "f3", "f4"] });
  assert.deepEqual(pileForKey("0", BAKERS), { pile: "t10" });
  assert.deepEqual(pileForKey("shift+3", BAKERS), { pile: "t13" });
  assert.equal(pileForKey("shift+4", BAKERS), null);
  assert.deepEqual(pileForKey("w", PYRAMID), { pile: "waste" });
  assert.equal(pileForKey(null, FREECELL), null);
  assert.equal(pileForKey("1", undefined), null);                // no keys: no pile
});

test("each pile's own key, for aria-keyshortcuts, is the key that reaches it", () => {
  const keys = { ...FREECELL, ...BAKERS, ...PYRAMID };
  const cases = { t1: "1", t9: "9", t10: "0", t11: "Shift+1", t20: "Shift+0", t21: null,
    stock: "S", waste: "W", f3: "F", c2: "C" };
  for (const [id, key] of Object.entries(cases)) assert.equal(keyForPile(id, keys), key, id);
  for (const id of ["t1", "t10", "t13", "stock", "waste"]) {
    const key = keyForPile(id, keys).toLowerCase();
    assert.deepEqual(pileForKey(key, keys), { pile: id });
  }
});

test("Up holds one card more down to the engine's lowest lift, Down one fewer down to the top card", () => {
  // A pile of 6 cards whose last 4 lift together (lift = 2), holding the top 2 (index 4).
  assert.equal(liftStep(4, 6, 2, "more"), 3);
  assert.equal(liftStep(2, 6, 2, "more"), null);
  assert.equal(liftStep(4, 6, 2, "fewer"), 5);
  assert.equal(liftStep(5, 6, 2, "fewer"), null);
  assert.equal(liftStep(5, 6, undefined, "more"), null);
});

/** A FreeCell-like table and a fake engine: move_for answers from `legal` ("src:index>dst"). */
function fixture(legal = {}) {
  const said = [];
  const placed = [];
  const asked = [];
  const focused = [];
  const app = {
    ready: true, selected: null, cursor: null, names: { "9H": "9 of hearts", "8S": "8 of spades", "7D": "7 of diamonds", "KC": "King of clubs" },
    assist: { solving: false },
    snap: {
      pairs: false,
      piles: { f1: [], f2: ["AS"], c1: [], c2: ["KC"], t1: [null, "9H", "8S", "7D"], t2: ["TS"], t3: [] },
      labels: { f1: "Foundation 1", f2: "Foundation 2", c1: "Free cell 1", c2: "Free cell 2", t1: "Pile 1", t2: "Pile 2", t3: "Pile 3" },
      lift: { c2: 0, t1: 1, t2: 0 },
      layout: { keys: { f1: "f", f2: "f", c1: "c", c2: "c", t1: "1", t2: "2", t3: "3" } },
      moves: [{ src: "t1", dst: "t3", n: 3 }, { src: "t1", dst: "c1", n: 1 }],
    },
  };
  const intents = {
    place(target) {
      placed.push([app.selected.pile, app.selected.index, target]);
      app.selected = null;
    },
    tap(pile, index) { placed.push(["tap", pile, index]); },
  };
  const env = {
    app, intents,
    async call(method, src, index, dst) {
      asked.push(dst);
      return { move: legal[`${src}:${index}>${dst}`] ?? null };
    },
    announce: (text) => said.push(text),
    draw() {},
    focusPile: (id) => focused.push(id),
  };
  return { app, keyboard: createKeyboard(env), said, placed, asked, focused };
}

test("a digit with nothing held picks up that pile's run that has somewhere to go; another digit puts it there", () => {
  const { app, keyboard, said, placed, focused } = fixture();
  assert.equal(keyboard.pileKey("1"), true);
  assert.deepEqual(app.selected, { pile: "t1", index: 1 });
  assert.match(said.at(-1), /^Picked 9 of hearts and 2 more from Pile 1\. Up or Down/);
  assert.equal(keyboard.pileKey("3"), true);
  assert.deepEqual(placed, [["t1", 1, "t3"]]);
  assert.deepEqual(focused, ["t1", "t3"]);               // the focus follows the keys
  assert.equal(keyboard.pileKey("9"), false);           // no pile 9: the key is not used
});

test("the same pile's key again puts the cards back", () => {
  const { app, keyboard, said, placed } = fixture();
  keyboard.pileKey("1");
  keyboard.pileKey("1");
  assert.equal(app.selected, null);
  assert.deepEqual(placed, []);
  assert.equal(said.at(-1), "Put back");
});

test("Up and Down change how many cards are held, within what the engine lets lift", () => {
  const { app, keyboard, said } = fixture();
  assert.equal(keyboard.liftMore("more"), false);        // nothing held: the arrows move
  keyboard.pileKey("1");                                  // 3 cards held (index 1), lift 1
  assert.equal(keyboard.liftMore("fewer"), true);
  assert.deepEqual(app.selected, { pile: "t1", index: 2 });
  assert.equal(said.at(-1), "Holding 2 cards: 8 of spades and 1 more");
  keyboard.liftMore("fewer");
  assert.equal(said.at(-1), "Holding 1 card: 7 of diamonds");
  keyboard.liftMore("fewer");
  assert.deepEqual(app.selected, { pile: "t1", index: 3 });
  assert.equal(said.at(-1), "Holding the top card only");
  keyboard.liftMore("more");
  keyboard.liftMore("more");
  keyboard.liftMore("more");
  assert.deepEqual(app.selected, { pile: "t1", index: 1 });  // the face-down card never
  assert.equal(said.at(-1), "No more cards of this pile lift with these");
});

/** Let the engine's answers (asynchronous) come. */
const answered = () => new Promise((resolve) => { setImmediate(resolve); });

test("C with cards held puts them in the first free cell the engine takes them in", async () => {
  const { app, keyboard, placed, asked } = fixture({ "t1:3>c1": "t1>c1" });
  keyboard.pileKey("1");
  keyboard.liftMore("fewer");
  keyboard.liftMore("fewer");
  keyboard.pileKey("c");
  await answered();
  assert.deepEqual(placed, [["t1", 3, "c1"]]);
  assert.deepEqual(asked, ["c1"]);
  assert.equal(app.cursor, "c1");
});

test("F with cards no foundation takes asks the engine why, at an empty foundation", async () => {
  const { keyboard, placed, asked } = fixture();
  keyboard.pileKey("2");
  keyboard.pileKey("f");
  await answered();
  assert.deepEqual(asked, ["f1", "f2"]);
  assert.deepEqual(placed, [["t2", 0, "f1"]]);           // place() shows the engine's reason
});

test("C with nothing held picks the next free cell's card; F says when none can be picked", () => {
  const { app, keyboard, said } = fixture();
  keyboard.pileKey("c");
  assert.deepEqual(app.selected, { pile: "c2", index: 0 });
  keyboard.pileKey("c");                                  // the only one: put back
  assert.equal(app.selected, null);
  assert.equal(said.at(-1), "Put back");
  keyboard.pileKey("f");                                  // FreeCell: foundations never lift
  assert.equal(app.selected, null);
  assert.equal(said.at(-1), "No card of the foundations can be picked up");
});

test("a pile key waits while the table makes its own moves, then acts on the table they leave", () => {
  const { app, said } = fixture();
  const waiting = [];
  const kb = createKeyboard({ app, intents: { place() {}, tap() {} }, call: () => ({ move: null }),
    announce: (text) => said.push(text), draw() {}, focusPile() {}, later: (fn) => waiting.push(fn) });
  app.finishing = true;                                   // the automatic finish runs
  assert.equal(kb.pileKey("f"), true);
  assert.deepEqual(said, [], "no word while it waits");
  assert.equal(waiting.length, 1);
  app.finishing = false;
  waiting.shift()();
  assert.equal(said.at(-1), "No card of the foundations can be picked up");    // the same table
  // A key whose piles the finish changes while it waits is dropped without a word.
  said.length = 0;
  app.finishing = true;
  kb.pileKey("f");
  app.snap = { ...app.snap, piles: { ...app.snap.piles, f1: ["AH"] } };
  app.finishing = false;
  waiting.shift()();
  assert.deepEqual(said, []);
});

test("a pile key waits for a transition still on its way to the engine, then drops if it changed the piles", () => {
  const { app, said } = fixture();
  const waiting = [];
  let busy = true;                                        // a redo asked, not yet answered
  const kb = createKeyboard({ app, intents: { place() {}, tap() {} }, call: () => ({ move: null }),
    announce: (text) => said.push(text), draw() {}, focusPile() {}, later: (fn) => waiting.push(fn),
    busy: () => busy });
  assert.equal(kb.pileKey("f"), true);
  assert.deepEqual(said, [], "no word while it waits");
  assert.equal(waiting.length, 1);
  waiting.shift()();                                      // still on its way: waits again
  assert.equal(waiting.length, 1);
  app.snap = { ...app.snap, piles: { ...app.snap.piles, f1: ["AH"] } };   // its answer came
  busy = false;
  waiting.shift()();
  assert.deepEqual(said, [], "a key meant for the table before the redo is dropped");
  kb.pileKey("f");                                        // nothing on its way: it acts
  assert.equal(waiting.length, 0);
  assert.equal(said.length, 1);
});

test("a key meant for cards the table has just played is dropped without a stray refusal", () => {
  const { app, keyboard, said, placed } = fixture();
  app.snap = { ...app.snap, history: 4, moveCount: 4 };
  keyboard.pileKey("2");                                  // the 10 of spades held
  assert.deepEqual(app.selected, { pile: "t2", index: 0 });
  const before = said.length;
  // A safe move of the table's plays it (not counted as the player's move).
  app.selected = null;
  app.snap = { ...app.snap, history: 5, moveCount: 4, piles: { ...app.snap.piles, t2: [] } };
  assert.equal(keyboard.pileKey("f"), true);
  assert.equal(said.length, before, "nothing said");
  assert.deepEqual(placed, []);
  keyboard.pileKey("f");                                  // the next key is the player's own again
  assert.equal(said.at(-1), "No card of the foundations can be picked up");
});
