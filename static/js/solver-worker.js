// The solver's worker: a second Pyodide, off the page's main thread, so a long search never
// freezes the table. It takes jobs as {id, tag, job} messages (see py/patience/worker.py),
// works on the newest one only, and answers {id, tag, answer}: the tag names the position
// asked about (solver.js), and goes back unchanged so the page can check whose answer it is. A job is stepped one slice (a few
// thousand positions) at a time with a turn of the event loop in between, so a newer
// message is seen within a slice: the older job is then dropped and answered
// {id, tag, dropped: true}. {cancel: true} drops the running job without starting another.
//
// It announces {ready: true} once Python is up, or {failed: message}.

import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

const site = new URL("../../", import.meta.url);

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

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", site).href });
  const zip = await fetch(new URL("patience.zip", site));
  if (!zip.ok) throw new Error(`patience.zip could not be loaded (HTTP ${zip.status})`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip");
  const source = await fetch(new URL("static/py/worker.py", site));
  if (!source.ok) throw new Error(`worker.py could not be loaded (HTTP ${source.status})`);
  return pyodide.runPython(await source.text());
}

const started = boot();
started.then(() => postMessage({ ready: true }),
  (err) => postMessage({ failed: String(err?.message ?? err) }));

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
  newest = event.data;
  if (!looping) loop();
};
