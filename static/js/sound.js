// Sounds, made by the page itself with Web Audio (no sound files): a card put down, a deal,
// a move refused, a win. Off unless the player turns them on in Settings (read from the
// stored settings each time, so the switch works at once). The audio context is made only
// when sound is on and only after the player's tap or key, as browsers ask. What each sound
// is (its notes) is pure, and Node tests it; the player only schedules those notes.


// Each sound: its notes, at (s) from its start, for dur (s), from freq to `to` (Hz), the
// oscillator's wave and a peak gain.
const SOUNDS = {
  place: [{ at: 0, dur: 0.07, freq: 260, to: 150, wave: "triangle", gain: 0.32 }],
  deal: [0, 1, 2, 3, 4, 5].map((i) => ({ at: i * 0.045, dur: 0.035, freq: 700 - i * 30, to: 380,
    wave: "triangle", gain: 0.14 })),
  refuse: [{ at: 0, dur: 0.09, freq: 196, to: 185, wave: "square", gain: 0.07 },
    { at: 0.12, dur: 0.13, freq: 165, to: 150, wave: "square", gain: 0.07 }],
  win: [523.25, 659.25, 783.99, 1046.5].map((freq, i) => ({ at: i * 0.11, dur: i === 3 ? 0.6 : 0.16,
    freq, to: freq, wave: "triangle", gain: 0.22 })),
};
const SPACING = 0.04;   // s: one sound of a kind at most this often (an automatic finish's moves)

/** The notes of a sound started at `now` (s, the audio clock); [] for an unknown kind or when
 * one of the same kind started less than SPACING before (last: kind -> its start). */
export function notes(kind, now, last = new Map()) {
  const list = SOUNDS[kind];
  if (!list) return [];
  if (last.has(kind) && now - last.get(kind) < SPACING) return [];
  last.set(kind, now);
  return list.map((n) => ({ ...n, at: now + n.at }));
}

/** How long a sound lasts, in s. */
export function length(kind) {
  return Math.max(0, ...(SOUNDS[kind] ?? []).map((n) => n.at + n.dur));
}

let ctx = null;
const started = new Map();

// Whether sound is on: the controller says so at the start and at every change of the
// settings (showSettings), so no tap or card reads the storage for it.
let on = false;

/** Turn the sounds on or off. */
export function setSound(value) {
  on = value;
}

function soundOn() {
  return on;
}

/** Make (or wake) the audio context: only with sound on, only from a tap or a key. */
function wake() {
  if (!soundOn()) return;
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!ctx && Context) {
    try {
      ctx = new Context();
    } catch {
      ctx = null;
    }
  }
  if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
}

/** Play a sound ("place", "deal", "refuse", "win") if sound is on and audio may start. */
export function sound(kind) {
  if (!ctx || !soundOn()) return;
  for (const n of notes(kind, ctx.currentTime + 0.005, started)) {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = n.wave;
    osc.frequency.setValueAtTime(n.freq, n.at);
    if (n.to !== n.freq) osc.frequency.exponentialRampToValueAtTime(n.to, n.at + n.dur);
    amp.gain.setValueAtTime(0.0001, n.at);
    amp.gain.exponentialRampToValueAtTime(n.gain, n.at + 0.006);
    amp.gain.exponentialRampToValueAtTime(0.0001, n.at + n.dur);
    osc.connect(amp).connect(ctx.destination);
    osc.start(n.at);
    osc.stop(n.at + n.dur + 0.02);
  }
}

if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);
  // The Settings switch turned on: start at once, and let the player hear what it sounds like.
  document.addEventListener("change", (e) => {
    if (e.target?.id !== "set-sound" || !e.target.checked) return;
    wake();
    sound("place");
  });
}
