// Winnable deals only: a deal the solver has won, from the list the project's solver made
// (static/data/winnable.json, tools/winnable.py) or, for options the list does not cover,
// found by a search on the device (the worker's "find" job).
//
// A list may carry the known wins of its deals (a file of static/data/lines/, named in
// winnable.json): it is loaded, and checked by the engine, only when a listed deal of that list
// is on the table; the worker then answers a position on that win at once (knownLine()).
//
// A search belongs to the line it was started from: if the player has dealt or opened
// something else by the time it answers (or a newer search took its place), its deal is
// dropped without a word. A deal is noted as verified only if the table holds that very deal
// with the options it was won under.

import { DROPPED } from "./knowledge.js";

const FIND_BUDGET = 60_000;
const FIND_TRIES = 20;
const MIN_LIST = 20;        // fewer listed deals than this: look for a new one on the device

/** core: the shared state and helpers of assist.js. */
export function createWinnableDeals(core) {
  const { ctx, kn } = core;
  let lists = {};           // winnable deals by key
  let search = 0;           // the number of the latest search on the device
  let won = null;           // {key, deal, budget}: the deal last handed out as won
  let labels = [];          // the grades' names, easiest first: [{grade, label}]
  const keys = new Map();   // "<game> <options JSON>" -> its list key, once the engine said
  const asking = new Map(); // the same -> the engine's answer on its way
  const wins = new Map();   // a lines file -> the promise of its known wins by deal, or null
  let listed;               // settles once the shipped list is read (or could not be)
  const read = new Promise((resolve) => { listed = resolve; });

  /** Read the shipped list: the engine checks it and says each list's deals (in its range),
   * its deals by grade and what to say while the solver knows nothing of one of its deals. */
  async function loadLists() {
    try {
      const response = await fetch(new URL("../data/winnable.json", import.meta.url));
      const answer = await ctx.call("winnable_lists", await response.text());
      if (answer.error || typeof answer.lists !== "object" || answer.lists === null) return;
      // {key: {deals, budget, tried, grades: {grade: [deals]}, note}}: patience.difficulty
      lists = answer.lists;
      labels = Array.isArray(answer.grades) ? answer.grades : [];
      core.show?.();    // the solver's line may now have words for the deal on the table
      core.refresh?.(); // and the deal on the table a known win to load (assist.js)
    } catch {
      lists = {};       // no list: winnable deals are then found on this device
    } finally {
      listed();
    }
  }

  /** The grades a game's list offers with these options: [{grade, label}], none when its
   * deals are not graded. Asked before the list is read (the Games dialog opened while the
   * engine starts), it answers once it is. */
  async function grades(gameId, options) {
    await read;
    const list = lists[await keyOf(gameId, options)];
    return list ? labels.filter(({ grade }) => list.grades?.[grade]?.length) : [];
  }

  /** What to say while the solver knows nothing of a deal of this game (null: nothing, or
   * not known yet: the engine is asked, and the solver's line drawn again once it answers). */
  function note(gameId, options) {
    const id = `${gameId} ${JSON.stringify(options ?? {})}`;
    if (!keys.has(id)) {
      if (!asking.has(id)) keyOf(gameId, options).then(() => core.show?.());
      return null;
    }
    return lists[keys.get(id)]?.note ?? null;
  }

  /** The deals of a list to choose from: those of the grade asked for, when it has enough. */
  function pool(list, grade) {
    const graded = grade ? list?.grades?.[grade] : null;
    return graded?.length >= MIN_LIST ? graded : list?.deals ?? [];
  }

  /** Return the winnable-list key of a game and options (null if the engine refuses them);
   * the engine is asked once for each (the solver's line asks on every redraw). */
  async function keyOf(gameId, options) {
    const text = JSON.stringify(options ?? {});
    const id = `${gameId} ${text}`;
    if (keys.has(id)) return keys.get(id);
    if (!asking.has(id)) {
      asking.set(id, Promise.resolve(ctx.call("winnable_key", gameId, text)).then((answer) => {
        const key = answer?.error ? null : answer?.key ?? null;
        keys.set(id, key);
        asking.delete(id);
        return key;
      }, () => {
        asking.delete(id);
        return null;
      }));
    }
    return asking.get(id);
  }

  /** The known wins of a list (its file read by the engine), by deal: null when the file
   * cannot be loaded or read, which is said once in the console and set aside. */
  function winsOf(key, file) {
    if (!wins.has(file)) {
      wins.set(file, (async () => {
        const response = await fetch(new URL(`../data/${file}`, import.meta.url));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const answer = await ctx.call("known_lines", await response.text(), key);
        if (answer.error) throw new Error(answer.error.message);
        return answer.lines;
      })().catch((err) => {
        console.warn(`Known wins set aside (${file}): ${err?.message ?? err}`);
        return null;
      }));
    }
    return wins.get(file);
  }

  /** The known win of the deal on the table when its list carries one: {key, deal, line}
   * for the worker's solve job, which decides whether the position is on it; else null. */
  async function knownLine(s) {
    if (!s || !Number.isInteger(s.deal)) return null;
    const key = await keyOf(s.game, s.options);
    const list = lists[key];
    if (!list?.lines || !list.deals.includes(s.deal)) return null;
    const line = (await winsOf(key, list.lines))?.[String(s.deal)];
    return typeof line === "string" ? { key, deal: s.deal, line } : null;
  }

  /** Remember the deal handed out, so that verified() can check it is the one dealt. */
  function handOut(key, deal, budget) {
    won = { key, deal, budget };
    return { deal, budget };
  }

  /** Return a deal the solver has won for this game and options (of a grade, when one is
   * asked for and the list has it): from the shipped list, or searched on the device (null:
   * the player cancelled, the search found none, or the player went elsewhere meanwhile). */
  async function winnableDeal(gameId, options, avoid, random, grade = 0) {
    const key = await keyOf(gameId, options);
    const list = lists[key];
    const choices = pool(list, grade).filter((d) => d !== avoid);
    // A short list would deal the same few games again and again: search for a new one.
    if (choices.length >= MIN_LIST) return handOut(key, choices[random(choices.length)], list.budget);
    // A grade asked of a short list: that grade's own deals, for a search on this device
    // could not say how hard the deal it finds is.
    const graded = grade ? (list?.grades?.[grade] ?? []).filter((d) => d !== avoid) : [];
    if (graded.length) return handOut(key, graded[random(graded.length)], list.budget);
    let cancelled = false;
    const mine = ++search;
    const from = core.here();           // the line the search was started from
    const doubt = list && !list.deals.length && list.tried
      ? ` The project's own run won none of the first ${list.tried} deals of this game with these options, so it may well find none.`
      : "";
    ctx.notice("Finding a winnable deal", `The solver is trying up to ${FIND_TRIES} deals until it wins one; this can take a few minutes.${doubt}`,
      [["Cancel", () => { cancelled = true; core.solver.cancel(); }]]);
    const pending = core.ask({ kind: "find", game: gameId, options, from: random(2_000_000_000) + 1,
      tries: FIND_TRIES, budget: FIND_BUDGET }, "find", from);
    ctx.draw();                         // the table waits while the search runs
    const answer = await pending;
    if (mine !== search) return null;   // a newer search took over, notice and all
    ctx.hideNotice();
    ctx.draw();
    if (cancelled) {
      core.refresh();
      return null;
    }
    if (!kn.holds(from) || kn.length !== from?.moves.length) {
      core.refresh();                   // the player went elsewhere: this deal is for no one
      return null;
    }
    if (answer === DROPPED) {
      ctx.notice("The search was interrupted", "The solver stopped looking for a winnable deal before it found one.",
        [["Try again", () => ctx.dealAny(gameId, options, true), true], ["Keep playing", () => {}]]);
      core.refresh();
      return null;
    }
    if (answer.error || answer.deal === null) {
      const buttons = [["Deal any game", () => ctx.dealAny(gameId, options), true], ["Keep playing", () => {}]];
      if (choices.length) {
        buttons.unshift([`Play a listed deal (${choices.length} known)`, () => {
          const { deal, budget } = handOut(key, choices[random(choices.length)], list.budget);
          ctx.dealListed(gameId, options, deal, budget);
        }, true]);
        buttons[1][2] = false;
      }
      ctx.notice("No winnable deal found", answer.error ? answer.error.message
        : `The solver won none of the ${answer.tried} deals it tried within its search limit.`, buttons);
      core.refresh();
      return null;
    }
    return handOut(key, answer.deal, FIND_BUDGET);
  }

  /** Note that the deal just dealt is known to be winnable, if it is the one handed out:
   * the same deal, and options with the same list key (the engine may have fallen back to
   * the defaults). */
  async function verified(budget) {
    const s = core.snap();
    const given = won;
    won = null;
    const ok = given && s && s.moveCount === 0 && s.deal === given.deal
      && await keyOf(s.game, s.options) === given.key && core.snap() === s;
    if (ok) {
      kn.assume(0, { verdict: "solved", moves: null, usedHidden: true, budget: budget ?? given.budget });
    }
    core.refresh();
  }

  /** The name of a listed deal's grade ("Medium"), or null. */
  async function gradeOf(gameId, options, deal) {
    const list = lists[await keyOf(gameId, options)];
    const found = labels.find(({ grade }) => list?.grades?.[grade]?.includes(deal));
    return found?.label ?? null;
  }

  return { loadLists, winnableDeal, verified, grades, note, gradeOf, knownLine };
}
