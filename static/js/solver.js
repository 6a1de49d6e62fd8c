// The page's side of the solver worker (solver-worker.js): one question at a time. Asking
// again drops the question before, whose promise resolves to null; so does cancel().
//
// Each question carries a tag (the token of the position it is about, see knowledge.js),
// which the worker sends back with its answer. An answer resolves its question only if both
// its id and its tag are those of the question waiting: a question dropped here can never
// resolve a newer one, even if the worker answers it late.

//
// `gate`, a promise: the worker is not started before it is kept (main.js keeps it once the
// page's engine has started and the table has settled, so a second Pyodide never competes
// with the page's own start); a question asked meanwhile waits for it. `setup()`: the first
// message the worker gets ({failure}: a memory snapshot that failed here, see snapshot.js).

const START_TIMEOUT_MS = 120_000;

export function createSolver({ onState = () => {}, gate = null, setup = () => ({}) } = {}) {
  let worker = null;
  let state = "off";          // off, starting, ready or failed
  let failure = null;
  let nextId = 1;
  const waiting = new Map();  // id -> {resolve, tag}
  let open = gate === null;   // the gate is kept: the worker may start
  let held = null;            // the message of a question asked before it was

  function settleAll(value) {
    for (const { resolve } of waiting.values()) resolve(value);
    waiting.clear();
  }

  function fail(why) {
    if (state === "failed") return;
    state = "failed";
    failure = why;
    settleAll({ error: { kind: "unavailable", message: why } });
    worker?.terminate();
    onState(state);
  }

  function ensure() {
    if (worker || state === "failed" || state === "starting") return;
    state = "starting";
    onState(state);
    if (open) start();
    else gate.then(() => { open = true; start(); });
  }

  function send(message) {
    if (worker) worker.postMessage(message);
    else held = message.cancel ? null : message;
  }

  function start() {
    if (state === "failed") return;
    const timer = setTimeout(() => {
      if (state === "starting") fail("the solver did not start within two minutes");
    }, START_TIMEOUT_MS);
    try {
      worker = new Worker(new URL("./solver-worker.js", import.meta.url), { type: "module" });
    } catch (err) {
      fail(`the solver could not start (${err.message ?? err})`);
      return;
    }
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.ready) {
        clearTimeout(timer);
        state = "ready";
        onState(state);
      } else if (m.failed) {
        fail(`the solver could not start (${m.failed})`);
      } else {
        const asked = waiting.get(m.id);
        if (!asked) return;                 // dropped here already: nobody waits for it
        waiting.delete(m.id);
        asked.resolve(m.dropped || m.tag !== asked.tag ? null : m.answer);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(`the solver stopped (${event.message || "an error in its worker"})`);
    };
    worker.postMessage({ setup: setup() });
    if (held) worker.postMessage(held);
    held = null;
  }

  /** Ask a job (see py/patience/worker.py) about the position ``tag`` names; resolve to
   * its answer, or null if dropped. */
  function ask(job, tag = "") {
    ensure();
    if (state === "failed") return Promise.resolve({ error: { kind: "unavailable", message: failure } });
    settleAll(null);
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, { resolve, tag });
      send({ id, tag, job });
    });
  }

  function cancel() {
    if (!waiting.size) return;
    settleAll(null);
    send({ cancel: true });
  }

  return {
    ask,
    cancel,
    get state() { return state; },
    get failure() { return failure; },
  };
}
