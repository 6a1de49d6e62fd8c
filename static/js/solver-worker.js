// The solver's worker: a second Pyodide, off the page's main thread, so a long search never
// freezes the table. It takes jobs as {id, tag, job} messages (see py/patience/worker.py),
// works on the newest one only, and answers {id, tag, answer}: the tag names the position
// asked about (solver.js), and goes back unchanged so the page can check whose answer it is. A job is stepped one slice (a few
// thousand positions) at a time with a turn of the event loop in between, so a newer
// message is seen within a slice: the older job is then dropped and answered
// {id, tag, dropped: true} (so is a job replaced before it started, while Python boots).
// {cancel: true} drops the running job without starting another.
//
// It announces {ready: true} once Python is up, or {failed: message}.
//
// Python's memory snapshot (snapshot.js): the worker boots from this device's snapshot when
// there is a good one. When there is none, it boots the normal way with Pyodide's private
// `_makeSnapshot` option, imports the engine, and takes the snapshot before running anything
// else; it stores it once no job has come for IDLE_MS (or at once when the page asks, a test
// hook: boot.js), so a start never waits for it. How it went is said on a BroadcastChannel
// that boot.js listens to: {boot, fallback, made, build} once started, then {stored} or
// {storeFailed, quota, build, why}; boot.js remembers a failure for its build (store.js). The
// page's first message, {setup: {failure}}, hands over what it remembers: a build whose
// snapshot failed here is neither booted from nor made again.

import { loadPyodide, version } from "../../vendor/pyodide/pyodide.mjs";
import { channelName, findSnapshot, storeSnapshot, sweep } from "./snapshot.js";

const site = new URL("../../", import.meta.url);
const indexURL = new URL("vendor/pyodide/", site).href;
/** What the page's boot.py and this worker's worker.py import, with the modules the
 * bridge's methods import when first used (patience.bridge.LATER): in the snapshot already. */
const SNAPSHOT_IMPORTS = "import patience.bridge, patience.worker; patience.bridge.import_later()";
const IDLE_MS = 4000;

const status = typeof BroadcastChannel === "function" ? new BroadcastChannel(channelName(site)) : null;
const say = (message) => status?.postMessage({ from: "solver", ...message });
let made = null;          // {build, bytes}: a snapshot taken, not yet stored
let idleTimer = null;
let bootPath = null;      // how Python started: "snapshot" or "plain"

let setUp = null;
const setup = new Promise((resolve) => { setUp = resolve; });   // the page's {setup} message

let newest = null;    // the latest message not yet taken up
let looping = false;

// A turn of the event loop without the 4 ms clamp of nested timers.
const channel = new MessageChannel();
let wake = null;
channel.port1.onmessage = () => wake?.();
const nextTurn = () => new Promise((resolve) => {
  wake = resolve;
  channel.port2.postMessage(0);
});

/** Start Pyodide from the snapshot, else the normal way (ready to take one if it may). */
async function startPython() {
  const { failure = null } = await setup;
  const found = await findSnapshot(site, version, failure);
  let fallback = found.reason;
  if (fallback === null) {
    try {
      const pyodide = await loadPyodide({ indexURL, _loadSnapshot: found.bytes });
      return { pyodide, boot: "snapshot", fallback, build: null, failed: null };
    } catch {
      fallback = (await found.bytes.then(() => false, () => true)) ? "corrupt" : "failed";
      await found.drop();
    }
  }
  const failed = ["corrupt", "failed"].includes(fallback) ? found.build : null;
  const build = ["unavailable", "version", "remembered", "corrupt", "failed"].includes(fallback)
    ? null : found.build;
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: build !== null });
  return { pyodide, boot: "plain", fallback, build, failed };
}

/** Keep the snapshot taken at the start; stop holding it either way. */
async function store() {
  clearTimeout(idleTimer);
  const taken = made;
  made = null;
  if (!taken) return;
  try {
    const meta = await storeSnapshot(site, taken.build, version, taken.bytes);
    say({ stored: meta.bytes });
  } catch (err) {
    // A full storage would refuse it again on every visit: the page remembers that one.
    say({ storeFailed: String(err?.message ?? err), quota: err?.name === "QuotaExceededError",
      build: taken.build, why: "quota" });
  }
}

/** Store the snapshot once no job has come for IDLE_MS. */
function whenIdle() {
  clearTimeout(idleTimer);
  if (made) idleTimer = setTimeout(() => { if (!looping) store(); else whenIdle(); }, IDLE_MS);
}

async function boot() {
  const { pyodide, boot: path, fallback, build, failed } = await startPython();
  bootPath = path;
  const zip = await fetch(new URL("patience.zip", site));
  if (!zip.ok) throw new Error(`patience.zip could not be loaded (HTTP ${zip.status})`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip");
  let unmade = null;      // the build whose snapshot could not be made
  if (build) {
    try {
      pyodide.runPython(SNAPSHOT_IMPORTS);
      made = { build, bytes: pyodide.makeMemorySnapshot() };
    } catch {
      made = null;        // no snapshot: the solver works all the same
      unmade = build;
    }
  }
  // The build of a snapshot that failed (to boot, or to be made), for the page to remember.
  say({ boot: path, fallback, made: made !== null, build: failed ?? unmade,
    why: failed ? fallback : "make" });
  const source = await fetch(new URL("static/py/worker.py", site));
  if (!source.ok) throw new Error(`worker.py could not be loaded (HTTP ${source.status})`);
  return pyodide.runPython(await source.text());
}

const started = boot();
started.then(() => {
  postMessage({ ready: true });
  whenIdle();
}, (err) => {
  // Booted from a snapshot and failed after: the next start must not take the same one.
  if (bootPath === "snapshot") sweep(site.href).catch(() => {});
  postMessage({ failed: String(err?.message ?? err) });
});
status?.addEventListener("message", (event) => {
  if (event.data?.store === "now") started.then(store, () => {});
});

/** Run one job to its answer, or until a newer message arrives; never throws. */
async function run(start, message) {
  let job = null;
  try {
    job = start(JSON.stringify(message.job));
    let answer;
    while ((answer = job.step()) === undefined && !newest) await nextTurn();
    if (answer === undefined) {
      job.close();
      return { id: message.id, tag: message.tag, dropped: true };
    }
    return { id: message.id, tag: message.tag, answer: JSON.parse(answer) };
  } catch (err) {
    return { id: message.id, tag: message.tag,
      answer: { error: { kind: "worker", message: String(err?.message ?? err) } } };
  } finally {
    job?.destroy();
  }
}

async function loop() {
  looping = true;
  try {
    const start = await started;
    while (newest) {
      const message = newest;
      newest = null;
      if (!message.cancel) postMessage(await run(start, message));
    }
  } catch {
    // Python did not start: that was announced as {failed}; nothing can be answered.
  } finally {
    looping = false;
  }
}

self.onmessage = (event) => {
  if (event.data?.setup) {
    setUp(event.data.setup);
    return;
  }
  whenIdle();
  // A job replaced before it started is answered dropped too: every job gets one answer.
  if (newest && !newest.cancel) postMessage({ id: newest.id, tag: newest.tag, dropped: true });
  newest = event.data;
  if (!looping) loop();
};
