// The engine client: waits for Python to start (PyScript runs static/py/boot.py, which
// publishes window.patienceBridge and fires "patience:ready"), then calls it with strings and
// numbers and parses the JSON it returns.

export const BOOT_TIMEOUT_MS = 120_000;

let bridge = null;
let bootFailure = null;
const failureListeners = new Set();

function reportFailure(why) {
  if (bridge || bootFailure) return;
  bootFailure = why;
  for (const listener of failureListeners) listener(why);
}

// Pyodide only logs a warning and then waits forever when its WebAssembly cannot be compiled
// (a missing or damaged pyodide.asm.wasm). This module runs before PyScript's, so wrapping
// the two compile entry points turns that silent hang into a failure the page can show.
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  if (typeof original !== "function") continue;
  WebAssembly[name] = function patienceWatched(...args) {
    return original.apply(this, args).catch((err) => {
      reportFailure(`the Python runtime (WebAssembly) could not be loaded: ${err.message ?? err}`);
      throw err;
    });
  };
}
window.addEventListener("patience:error", (e) => reportFailure(`Python stopped while starting: ${e.detail}`));
window.addEventListener("unhandledrejection", (e) => {
  if (!bridge) reportFailure(String(e.reason?.message ?? e.reason ?? "a file could not be loaded"));
});
// PyScript fires py:done when the boot script has run; without a bridge it did not start.
window.addEventListener("py:done", () => {
  setTimeout(() => { if (!window.patienceBridge) reportFailure("the engine did not start"); }, 0);
});

/** Resolve when Python is ready; reject with a message when it cannot start. */
export function startEngine(timeoutMs = BOOT_TIMEOUT_MS) {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener("patience:ready", onReady);
      failureListeners.delete(onFailure);
    };
    const onReady = () => {
      cleanup();
      bridge = window.patienceBridge;
      resolve();
    };
    const onFailure = (why) => {
      cleanup();
      reject(new Error(why));
    };
    const timer = setTimeout(() => reportFailure("Python did not start within two minutes"), timeoutMs);
    if (window.patienceBridge) {
      onReady();
      return;
    }
    if (bootFailure) {
      onFailure(bootFailure);
      return;
    }
    window.addEventListener("patience:ready", onReady);
    failureListeners.add(onFailure);
  });
}

/** Call a bridge method; resolve with its parsed JSON answer. Always asynchronous: the
 * page never waits on Python, and every caller awaits (the controller keeps its transitions
 * in order, controller.js). */
export async function call(method, ...args) {
  if (!bridge) throw new Error("the engine is not ready");
  return JSON.parse(bridge[method](...args));
}
