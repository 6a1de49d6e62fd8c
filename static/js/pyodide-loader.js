// PyScript's interpreter (static/pyscript.json): Pyodide's own loader, booting from this
// device's memory snapshot when there is a good one (snapshot.js). PyScript imports this
// module as if it were pyodide.mjs and calls loadPyodide with its options; indexURL is put
// right (PyScript takes this module's folder) and `_loadSnapshot` added. Any doubt, and any
// failure to boot from the snapshot, ends in Pyodide's normal boot.
//
// The page's engine runs in a worker (static/py/boot.py): this module runs there, notes which
// way Python started in `patienceBootPath` ({path: "snapshot" | "plain", fallback: why: see
// findSnapshot: missing, stale, corrupt, version, unavailable; "failed" when the snapshot
// was read but Pyodide could not boot from it}), and boot.py's started() tells the page,
// which shows it as <html data-boot data-boot-fallback> (engine.js).
//
// Pyodide only logs a warning and then waits forever when its WebAssembly cannot be compiled
// (a missing or damaged pyodide.asm.wasm): the two compile entry points are watched here, so
// that loadPyodide fails instead, and PyScript tells the page (engine.js shows the error).

import { loadPyodide as loadOriginal, version } from "../../vendor/pyodide/pyodide.mjs";
import { findSnapshot } from "./snapshot.js";

export { version };

const site = new URL("../../", import.meta.url);
const indexURL = new URL("vendor/pyodide/", site).href;

function report(path, fallback) {
  globalThis.patienceBootPath = { path, fallback: fallback ?? null };
}

let wasmFailed = null;
const wasmFailure = new Promise((resolve, reject) => { wasmFailed = reject; });
wasmFailure.catch(() => {});
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  if (typeof original !== "function") continue;
  WebAssembly[name] = function patienceWatched(...args) {
    return original.apply(this, args).catch((err) => {
      wasmFailed(new Error(`the Python runtime (WebAssembly) could not be loaded: ${err.message ?? err}`));
      throw err;
    });
  };
}

/** Pyodide's loadPyodide, failing (not waiting forever) when its WebAssembly cannot load. */
const load = (options) => Promise.race([loadOriginal(options), wasmFailure]);

export async function loadPyodide(options = {}) {
  const plain = { ...options, indexURL };
  const found = await findSnapshot(site, version);
  if (found.reason === null) {
    try {
      const pyodide = await load({ ...plain, _loadSnapshot: found.bytes });
      report("snapshot");
      return pyodide;
    } catch {
      // Damaged bytes (their SHA-256 is not the header's), or a boot from good ones failed.
      const damaged = await found.bytes.then(() => false, () => true);
      await found.drop();
      report("plain", damaged ? "corrupt" : "failed");
      return load(plain);
    }
  }
  report("plain", found.reason);
  return load(plain);
}
