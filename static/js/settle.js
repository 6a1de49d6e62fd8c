// Waiting for the table to settle: a question about the position (Hint) asked while a move
// still settles (its cards in motion, the automatic moves that follow it still to come)
// is answered once the table is still, about the position the player will then see, not
// dropped by the next automatic move.

const LOOK_MS = 40;
/** Past this, the question is asked however busy the table still is. */
const MOST_MS = 5000;

/**
 * Tell whether the table is settled.
 * t: {moving (cards in motion), finishing, pointerDown, due (an automatic move the settings
 * ask for is possible), quietMs (since the snapshot last changed)}; quiet: how long an
 * automatic move that is due but does not come is waited for.
 */
export function settled(t, quiet) {
  if (t.moving || t.finishing) return false;
  // A pointer held down holds the automatic moves back: nothing more comes until it lifts.
  return !t.due || t.pointerDown || t.quietMs >= quiet;
}

/** Tell whether the settings ask for an automatic move in this snapshot. */
function due(app) {
  const s = app.snap;
  if (!s || s.status !== "playing" || app.assist?.solving) return false;
  return Boolean((app.settings?.autoMove && s.safe?.length) || (app.settings?.autoFinish && s.finish));
}

/** Resolve once the table has settled (at once if it is); quiet: see settled(). */
export function whenSettled(app, quiet, now = () => performance.now()) {
  let snap = app.snap;
  let since = now();
  const start = since;
  return new Promise((resolve) => {
    const look = () => {
      if (app.snap !== snap) {
        snap = app.snap;
        since = now();
      }
      const t = {
        moving: Boolean(document.querySelector("#table .card.moving")),
        finishing: Boolean(app.finishing),
        pointerDown: Boolean(app.pointerDown),
        due: due(app),
        quietMs: now() - since,
      };
      if (settled(t, quiet) || now() - start >= MOST_MS) resolve();
      else setTimeout(look, LOOK_MS);
    };
    look();
  });
}
