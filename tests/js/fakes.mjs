// Stand-ins for the browser in Node: a solver Worker the test answers by hand, and the few
// elements the solver's line writes to. Not a test file itself (no .test in its name).

/** Install a fake Worker class; return the list of workers made (each keeps its messages). */
export function installWorker() {
  const made = [];
  globalThis.Worker = class FakeWorker {
    constructor(url, options) {
      this.url = String(url);
      this.options = options;
      this.sent = [];
      this.onmessage = null;
      this.onerror = null;
      made.push(this);
    }
    postMessage(message) { this.sent.push(message); }
    terminate() { this.terminated = true; }
    /** The worker says something to the page. */
    reply(data) { this.onmessage?.({ data }); }
    /** The last job message sent (not a cancel). */
    lastJob() { return this.sent.filter((m) => m.job).at(-1); }
  };
  return made;
}

/** Let pending promise callbacks run. */
export const settle = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/** A document with the elements assist-view.js writes to. */
export function installDocument() {
  const els = {};
  for (const id of ["assist", "verdict", "btn-rewind", "ponr", "tip", "btn-solve"]) {
    els[id] = { id, hidden: false, textContent: "", dataset: {} };
  }
  globalThis.document = {
    getElementById: (id) => els[id] ?? null,
    querySelector: () => null,
  };
  return els;
}
