// The statistics' pure parts, with no DOM and no engine: when a game goes into the
// statistics, the entry the page builds for it, and the shapes of the results chart. The
// rules of the figures (streaks, rates, bests) are the engine's (py/patience/records.py).

export const MARKS = ["hint", "undo", "solve"];

/** Tell whether a game counts as played: the player moved, and it is not in the statistics
 * yet. game: {snap, touched, recorded}. */
export const played = ({ snap, touched, recorded }) => Boolean(snap) && !recorded
  && touched && snap.moveCount > 0;

/** Tell whether replacing a game records it as lost: played and not won. A game parked
 * for a shared link (keep) is not replaced, so not lost. */
export const lossDue = (game, { keep = false } = {}) => !keep && played(game)
  && game.snap.status !== "won";

/** Tell whether a game has just been won and must be recorded (once). */
export const winDue = (game) => Boolean(game.snap) && game.snap.status === "won" && !game.recorded;

/** The marks kept in a saved-game record: the known ones, once each; an old record's
 * assisted: "solve" is the "solve" mark. */
export function marksOf(record) {
  const given = Array.isArray(record?.marks) ? record.marks : [];
  const out = new Set(MARKS.filter((m) => given.includes(m)));
  if (record?.assisted === "solve") out.add("solve");
  return out;
}

/** Build the entry of a finished or given-up game for the engine (records_add). */
export function entryOf({ snap, marks, seconds, daily = null, id, now }) {
  return {
    id,
    game: snap.game,
    options: snap.options ?? {},
    deal: snap.deal,
    result: snap.status === "won" ? "won" : "lost",
    marks: MARKS.filter((m) => marks.has(m)),
    seconds: Math.max(0, Math.floor(seconds ?? 0)),   // as the clock shows it
    moves: snap.moveCount ?? 0,
    score: Number.isFinite(snap.score) ? snap.score : null,
    ended: now.toISOString(),
    daily: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(daily ?? "") ? daily : null,
  };
}

/** A random id from the browser's cryptographic generator (letters, digits and -). */
export function randomId(crypto) {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A rate (0 to 1, or null) as a whole percentage: "45%", or "–" when nothing is played. */
export const percent = (rate) => (rate === null || rate === undefined ? "–" : `${Math.round(rate * 100)}%`);

/** The results chart: one bar a game (up for a win, down for a loss; its class says how it
 * ended) and the win rate as a line across, in a box of width x height. series: the
 * engine's points [{kind, rate}], oldest first. */
export function chartShapes(series, width, height) {
  const n = series.length;
  const mid = height / 2;
  const step = n ? width / n : width;
  const barW = Math.max(1, step * 0.7);
  const reach = mid * 0.9;
  const bars = series.map((p, i) => {
    const up = p.kind !== "lost";
    const h = p.kind === "solved" ? reach * 0.4 : reach;
    return { x: round(i * step + (step - barW) / 2), y: round(up ? mid - h : mid), w: round(barW),
      h: round(h), kind: p.kind };
  });
  const line = series.map((p, i) => `${round(i * step + step / 2)},${round(height - p.rate * height)}`)
    .join(" ");
  return { bars, line };
}

const round = (x) => Math.round(x * 10) / 10;

/** Say in words what the chart shows (its text alternative). */
export function chartWords(series) {
  if (!series.length) return "No games yet.";
  const count = (k) => series.filter((p) => p.kind === k).length;
  const parts = [`${count("won")} won on your own`, `${count("helped")} with help`,
    `${count("solved")} solved by the solver`, `${count("lost")} lost`];
  const last = series[series.length - 1];
  return `The last ${series.length} game${series.length === 1 ? "" : "s"}, oldest first: ${parts.join(", ")}. `
    + `Win rate after the latest: ${percent(last.rate)}.`;
}
