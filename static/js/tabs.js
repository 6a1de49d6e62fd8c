// One writer per game across tabs. Every saved-game record carries a revision (store.js);
// this tab remembers, for each game, the revision of the record it last read or wrote and
// the game it held then (the save without its time). It writes only when the stored
// revision is not newer: a tab left behind (hidden, reloaded, or simply older) never writes
// its stale game over another tab's newer moves. A write of the same game (only the time
// played changed, as when a tab is hidden) keeps the revision, so it never makes another
// tab's game look old. When another tab saves a newer record of a game this tab holds (the
// storage event), or a write is refused because of one, onMoved(id, why) is called and the
// page reloads that game from storage, saying so (boot.js).
//
// No DOM: the storage event comes in through deps.addListener; Node tests it with fakes.

/** The game a save text holds, without the time played (a timed game's save has more
 * after it: the times its moves were played, which change only with the moves). */
export function bodyOf(saveText) {
  return typeof saveText === "string" ? saveText.replace(/,"elapsed":[^,{}[\]]*/, "") : "";
}

/** deps: {storedRev(id), revOf(raw), gameKey(id), onMoved(id, why), addListener(fn)}. */
export function createTabs(deps) {
  const held = new Map();          // game id -> {rev, body}

  /** Note the revision this tab holds of a game and the save it holds (read or written). */
  function hold(id, rev, saveText) {
    held.set(id, { rev: Number.isInteger(rev) && rev >= 0 ? rev : 0, body: bodyOf(saveText) });
  }

  /** Take the stored record as this tab's own: before replacing it on purpose (a new deal). */
  function adopt(id) {
    held.set(id, { rev: deps.storedRev(id), body: null });
  }

  /** The revision to write a game's save under, or null when another tab has written a newer
   * record since this tab read or wrote its own (the write must not happen; onMoved is told). */
  function nextRev(id, saveText) {
    const stored = deps.storedRev(id);
    const mine = held.get(id) ?? { rev: stored, body: null };   // a game this tab never read
    if (stored > mine.rev) {
      deps.onMoved(id, bodyOf(saveText) === mine.body ? "event" : "refused");
      return null;
    }
    return bodyOf(saveText) === mine.body ? mine.rev : mine.rev + 1;
  }

  /** The storage event of another tab: a newer record of a game this tab holds. */
  function onStorage(key, newValue) {
    for (const [id, mine] of held) {
      if (key === deps.gameKey(id) && newValue !== null && deps.revOf(newValue) > mine.rev) {
        deps.onMoved(id, "event");
      }
    }
  }

  deps.addListener?.((e) => onStorage(e.key, e.newValue));
  return { hold, adopt, nextRev, onStorage, held: (id) => held.get(id)?.rev };
}
