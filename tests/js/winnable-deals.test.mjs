import assert from "node:assert/strict";
import { test } from "node:test";

import { RECORD_VERSION, keys, readSettings } from "../../static/js/store.js";
import { createWinnableDeals } from "../../static/js/winnable-deals.js";

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

// What the engine's winnable_lists answers (patience.difficulty.read_winnable): FreeCell's
// 90 deals in three grades of 30, Yukon's 30 deals with a Hard grade of only 5, and a list
// the solver rarely wins, with its note.
const LISTS = {
  freecell: { deals: range(1, 90), budget: 50_000, tried: 90, note: null,
    grades: { 1: range(1, 30), 2: range(31, 60), 3: range(61, 90) } },
  yukon: { deals: range(1, 30), budget: 50_000, tried: 30, note: null,
    grades: { 1: range(1, 20), 2: range(21, 25), 3: range(26, 30) } },
  roosevelt: { deals: [], budget: 10_000, tried: 50, note: "No win found yet: few.",
    grades: { 1: [], 2: [], 3: [] } },
  spider: { deals: range(1, 40), budget: 1, tried: 40, note: null, grades: { 1: [], 2: [], 3: [] } },
  forty_thieves: { deals: [4, 9, 12, 30], budget: 1, tried: 50, note: null,
    grades: { 1: [9], 2: [4, 30], 3: [12] } },
};
const GRADES = [{ grade: 1, label: "Easy" }, { grade: 2, label: "Medium" }, { grade: 3, label: "Hard" }];

async function loaded(answer = { lists: LISTS, grades: GRADES }) {
  const calls = [];
  const ctx = {
    async call(name, ...args) {      // the engine answers asynchronously (engine.js)
      calls.push([name, ...args]);
      if (name === "winnable_lists") return answer;
      if (name === "winnable_key") return { key: args[0] };
      throw new Error(`unexpected call ${name}`);
    },
  };
  const fetched = [];
  globalThis.fetch = async (url) => { fetched.push(String(url)); return { text: async () => "{\"version\": 2}" }; };
  try {
    const deals = createWinnableDeals({ ctx, kn: {} });
    await deals.loadLists({ minDeal: 1, maxDeal: 1_000_000 });
    return { deals, calls, fetched };
  } finally {
    delete globalThis.fetch;
  }
}

test("grades asked before the list is read are answered once it is (the Games dialog opened early)", async () => {
  let answer;
  const ctx = {
    call: (name, ...args) => (name === "winnable_lists"
      ? new Promise((resolve) => { answer = resolve; }) : Promise.resolve({ key: args[0] })),
  };
  globalThis.fetch = async () => ({ text: async () => "{}" });
  try {
    const deals = createWinnableDeals({ ctx, kn: {} });
    const early = deals.grades("freecell", {});
    const loading = deals.loadLists({ minDeal: 1, maxDeal: 1_000_000 });
    await new Promise((resolve) => { setTimeout(resolve, 0); });
    answer({ lists: LISTS, grades: GRADES });
    await loading;
    assert.deepEqual(await early, GRADES);
  } finally {
    delete globalThis.fetch;
  }
});

test("the file's text goes to the engine, which says the lists and their grades", async () => {
  const { deals, calls, fetched } = await loaded();
  assert.ok(fetched[0].endsWith("/static/data/winnable.json"));
  assert.deepEqual(calls[0], ["winnable_lists", "{\"version\": 2}"]);
  assert.deepEqual(await deals.grades("freecell", {}), GRADES);
  assert.deepEqual(await deals.grades("yukon", {}), GRADES);
  assert.deepEqual(await deals.grades("spider", {}), []);        // listed, not graded
  assert.deepEqual(await deals.grades("klondike", {}), []);      // not listed
  // The line's note is drawn synchronously: nothing until the engine has named the list.
  assert.equal(deals.note("roosevelt", {}), null);
  await new Promise((resolve) => { setTimeout(resolve, 0); });
  assert.equal(deals.note("roosevelt", {}), "No win found yet: few.");
  assert.equal(deals.note("freecell", {}), null);
  assert.equal(await deals.gradeOf("freecell", {}, 45), "Medium");
  assert.equal(await deals.gradeOf("freecell", {}, 400), null);
});

test("the engine is asked a game's list key once", async () => {
  const { deals, calls } = await loaded();
  for (let i = 0; i < 5; i++) deals.note("freecell", { a: 1 });
  assert.equal(calls.filter((c) => c[0] === "winnable_key").length, 1);
});

test("a deal of the grade asked for; a grade with too few deals gives any listed deal", async () => {
  const { deals } = await loaded();
  for (const [grade, from, to] of [[1, 1, 30], [2, 31, 60], [3, 61, 90], [0, 1, 90]]) {
    const seen = new Set();
    for (let r = 0; r < 90; r++) {
      const { deal } = await deals.winnableDeal("freecell", {}, null, (n) => r % n, grade);
      assert.ok(deal >= from && deal <= to, `${grade}: ${deal}`);
      seen.add(deal);
    }
    assert.equal(seen.size, to - from + 1);
  }
  // Yukon's Hard grade has 5 deals, too few to deal from: any of its 30 deals.
  const drawn = new Set();
  for (let r = 0; r < 30; r++) drawn.add((await deals.winnableDeal("yukon", {}, null, (n) => r % n, 3)).deal);
  assert.equal(drawn.size, 30);
  // The deal on the table is not dealt again.
  const { deal } = await deals.winnableDeal("freecell", {}, 1, () => 0, 1);
  assert.equal(deal, 2);
});

test("a grade asked of a short list deals that grade's listed deals, not a search", async () => {
  // (A search on the device would fail here: the fake core has no notice() nor ask().)
  const { deals } = await loaded();
  const drawn = new Set();
  for (let r = 0; r < 6; r++) {
    drawn.add((await deals.winnableDeal("forty_thieves", {}, null, (n) => r % n, 2)).deal);
  }
  assert.deepEqual([...drawn].sort((a, b) => a - b), [4, 30]);
  assert.equal((await deals.winnableDeal("forty_thieves", {}, 30, (n) => n - 1, 2)).deal, 4);
  assert.equal((await deals.winnableDeal("forty_thieves", {}, 4, () => 0, 3)).deal, 12);
});

test("an engine that refuses the file leaves no lists", async () => {
  const { deals } = await loaded({ error: { kind: "bad-lists", message: "no" } });
  assert.deepEqual(await deals.grades("freecell", {}), []);
  deals.note("roosevelt", {});
  await new Promise((resolve) => { setTimeout(resolve, 0); });
  assert.equal(deals.note("roosevelt", {}), null);
});

test("the settings keep Winnable deals only as yes, no or a grade; nothing else", () => {
  const stored = { v: RECORD_VERSION, winnable: { freecell: 2, yukon: true, klondike: false,
    spider: "hard", pyramid: 0, roosevelt: 1.5, all_in_a_row: -1 } };
  globalThis.window = { localStorage: { getItem: (k) => (k === keys.settings ? JSON.stringify(stored) : null) } };
  try {
    assert.deepEqual(readSettings().winnable, { freecell: 2, yukon: true, klondike: false });
  } finally {
    delete globalThis.window;
  }
});

// A list that carries its known wins (static/data/lines/, patience.knownline): loaded only
// for a listed deal of it, once, and set aside with a word in the console when the engine
// refuses the file.
async function withLines(known) {
  const calls = [];
  const fetched = [];
  const ctx = {
    async call(name, ...args) {
      calls.push([name, ...args]);
      if (name === "winnable_lists") {
        return { lists: { ...LISTS, roosevelt: { ...LISTS.roosevelt, deals: [27], lines: "lines/roosevelt.json" } },
          grades: GRADES };
      }
      if (name === "winnable_key") return { key: args[0] };
      if (name === "known_lines") return known;
      throw new Error(`unexpected call ${name}`);
    },
  };
  globalThis.fetch = async (url) => {
    fetched.push(String(url));
    return { ok: true, text: async () => (String(url).endsWith("winnable.json") ? "{}" : "lines text") };
  };
  const deals = createWinnableDeals({ ctx, kn: {} });
  await deals.loadLists();
  return { deals, calls, fetched };
}

test("a listed deal's known win is loaded once, and only for a listed deal", async () => {
  const { deals, calls, fetched } = await withLines({ key: "roosevelt", lines: { 27: "t6>f1 t5>f1" } });
  try {
    assert.equal(await deals.knownLine({ game: "roosevelt", options: {}, deal: 28 }), null);
    assert.equal(await deals.knownLine({ game: "freecell", options: {}, deal: 27 }), null);
    assert.equal(fetched.length, 1, "no lines file for a deal not listed with one");
    const line = { key: "roosevelt", deal: 27, line: "t6>f1 t5>f1" };
    assert.deepEqual(await deals.knownLine({ game: "roosevelt", options: {}, deal: 27 }), line);
    assert.deepEqual(await deals.knownLine({ game: "roosevelt", options: {}, deal: 27 }), line);
    assert.equal(fetched.length, 2);
    assert.ok(fetched[1].endsWith("/static/data/lines/roosevelt.json"));
    assert.deepEqual(calls.find((c) => c[0] === "known_lines"), ["known_lines", "lines text", "roosevelt"]);
  } finally {
    delete globalThis.fetch;
  }
});

test("a lines file the engine refuses is set aside with a word, not used", async () => {
  const { deals, fetched } = await withLines({ error: { kind: "bad-lines", message: "not a lines file" } });
  const warned = [];
  const warn = console.warn;
  console.warn = (text) => warned.push(text);
  try {
    assert.equal(await deals.knownLine({ game: "roosevelt", options: {}, deal: 27 }), null);
    assert.equal(await deals.knownLine({ game: "roosevelt", options: {}, deal: 27 }), null);
    assert.equal(fetched.length, 2, "fetched once, then set aside");
    assert.deepEqual(warned, ["Known wins set aside (lines/roosevelt.json): not a lines file"]);
  } finally {
    console.warn = warn;
    delete globalThis.fetch;
  }
});
