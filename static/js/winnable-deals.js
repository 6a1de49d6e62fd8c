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

  /** Read the shipped list; deals outside the engine's range (its catalogue's minDeal and
   * maxDeal) are dropped. */
  async function loadLists({ minDeal, maxDeal }) {
    try {
      const response = await fetch(new URL("../data/winnable.json", import.meta.url));
      const data = await response.json();
      if (data?.version !== 1 || typeof data.sets !== "object" || data.sets === null) return;
      // {"version": 1, "sets": {key: [deals]}, "budgets": {key: nodes}}: tools/winnable.py
      for (const [key, deals] of Object.entries(data.sets)) {
        if (!Array.isArray(deals)) continue;
        const ok = deals.filter((d) => Number.isInteger(d) && d >= minDeal && d <= maxDeal);
        const budget = Number(data.budgets?.[key]);
        const tried = Number(data.tried?.[key]);
        lists[key] = { deals: ok, budget: Number.isInteger(budget) && budget > 0 ? budget : 0,
          tried: Number.isInteger(tried) && tried > 0 ? tried : 0 };
      }
    } catch {
      lists = {};       // no list: winnable deals are then found on this device
    }
  }

  /** Return the winnable-list key of a game and options (null if the engine refuses them). */
  async function keyOf(gameId, options) {
    const answer = await ctx.call("winnable_key", gameId, JSON.stringify(options ?? {}));
    return answer.error ? null : answer.key;
  }

  /** Remember the deal handed out, so that verified() can check it is the one dealt. */
  function handOut(key, deal, budget) {
    won = { key, deal, budget };
    return { deal, budget };
  }

  /** Return a deal the solver has won for this game and options: from the shipped list, or
   * searched on the device (null: the player cancelled, the search found none, or the
   * player went elsewhere meanwhile). */
  async function winnableDeal(gameId, options, avoid, random) {
    const key = await keyOf(gameId, options);
    const list = lists[key];
    const choices = list ? list.deals.filter((d) => d !== avoid) : [];
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

  return { loadLists, winnableDeal, verified };
}
