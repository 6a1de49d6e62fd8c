// The engine client. The page's engine runs in a web worker that PyScript starts
// (<script type="py" worker name="engine"> in index.html runs static/py/boot.py there), so
// the main thread stays free while Pyodide starts and while Python thinks. Calls cross to the
// worker and back asynchronously: call() resolves with the parsed JSON answer, in the order
// the calls were made (the worker answers one at a time). Nothing needs SharedArrayBuffer:
// the page only calls into the worker, never the worker into the page.
//
// Once the engine has started, the page has `window.patienceBridge` (a frozen object whose
// methods resolve with the engine's JSON text, for the tests and the bench) and
// `patience:ready` is fired on window; a Python error while starting fires `patience:error`
// (its detail the error), and startEngine() rejects with the reason the start failed.

import { whenDefined } from "../../vendor/pyscript/core.js";

export const BOOT_TIMEOUT_MS = 120_000;

let worker = null;       // the engine worker's exports (call, started), once it has started
let bootFailure = null;
let starting = null;     // startEngine()'s promise
const failureListeners = new Set();

function reportFailure(why) {
  if (worker || bootFailure) return;
  bootFailure = why;
  for (const listener of failureListeners) listener(why);
}

window.addEventListener("unhandledrejection", (e) => {
  if (!worker) reportFailure(String(e.reason?.message ?? e.reason ?? "a file could not be loaded"));
});

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** The worker PyScript made for the engine's script tag, once it has made it. */
async function engineWorker() {
  await whenDefined("py");
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  if (!script) throw new Error("the page has no engine script");
  while (!script.xworker) await pause(10);
  return script.xworker;
}

/** Start the worker's engine: resolve with its exports once boot.py has run there. */
async function boot() {
  const xworker = await engineWorker();
  // An error in the worker before the engine answers (Pyodide or a file that could not be
  // loaded: pyodide-loader.js turns a WebAssembly that cannot load into one) ends the start.
  const failed = new Promise((resolve, reject) => {
    xworker.onerror = (e) => reject(new Error(String(e?.message ?? e?.data?.message ?? e?.error?.message ?? "the engine's worker stopped")));
  });
  await Promise.race([xworker.ready, failed]);
  const status = JSON.parse(await Promise.race([xworker.sync.started(), failed]));
  const data = document.documentElement.dataset;
  if (status.boot) data.boot = status.boot;
  if (status.fallback) data.bootFallback = status.fallback;
  else delete data.bootFallback;
  if (status.error) {
    window.dispatchEvent(new CustomEvent("patience:error", { detail: status.error }));
    throw new Error(`Python stopped while starting: ${status.error}`);
  }
  return { sync: xworker.sync, methods: status.methods };
}

/** Resolve when Python is ready; reject with a message when it cannot start. */
export function startEngine(timeoutMs = BOOT_TIMEOUT_MS) {
  starting ??= boot().then(({ sync, methods }) => {
    if (bootFailure) return;
    worker = sync;
    const bridge = {};
    for (const name of methods) bridge[name] = (...args) => worker.call(name, JSON.stringify(args));
    window.patienceBridge = Object.freeze(bridge);
    window.dispatchEvent(new CustomEvent("patience:ready"));
  }, (err) => reportFailure(String(err?.message ?? err)));
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      failureListeners.delete(onFailure);
    };
    const onFailure = (why) => {
      cleanup();
      reject(new Error(why));
    };
    const timer = setTimeout(() => reportFailure("Python did not start within two minutes"), timeoutMs);
    if (bootFailure) {
      onFailure(bootFailure);
      return;
    }
    failureListeners.add(onFailure);
    starting.then(() => {
      if (!worker) return;
      cleanup();
      resolve();
    });
  });
}

/** Call a bridge method; resolve with its parsed JSON answer. Always asynchronous: the
 * engine is in its worker, and every caller awaits (the controller keeps its transitions
 * in order, controller.js). */
export async function call(method, ...args) {
  if (!worker) throw new Error("the engine is not ready");
  return JSON.parse(await worker.call(method, JSON.stringify(args)));
}
