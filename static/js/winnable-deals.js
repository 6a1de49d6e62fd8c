// Winnable deals only: a deal the solver has won, from the list the project's solver made
// (static/data/winnable.json, tools/winnable.py) or, for options the list does not cover,
// found by a search on the device (the worker's "find" job).
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
    } catch {
      lists = {};       // no list: winnable deals are then found on this device
    }
  }

  /** The grades a game's list offers with these options: [{grade, label}], none when its
   * deals are not graded. */
  async function grades(gameId, options) {
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

  return { loadLists, winnableDeal, verified, grades, note, gradeOf };
}
