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
//
// Two of the start's steps are begun early instead of one after the other (issue 28's
// breakdown, in docs/speed.md): on a start with no snapshot (a first visit) the WebAssembly
// is compiled as it downloads, as soon as the snapshot is known to be missing (a start from
// a snapshot leaves it to Pyodide, from the browser's code cache: compiled beside the
// snapshot's read, it slowed the paint of the saved board), and the engine's zip is fetched
// while Pyodide starts, its files inflated in JavaScript as the runtime downloads
// (unzip.js) and written into Pyodide's home folder once it is up (PyScript's `files` would
// fetch it only after Python is up: one more round trip on a first visit; Pyodide's
// unpackArchive would unpack it in Python). A compile that fails leaves the WebAssembly to
// Pyodide's own; a zip JavaScript cannot read is unpacked by Pyodide.
//
// A snapshot that failed is remembered for its build in the page's localStorage (store.js),
// which a worker cannot reach: this module asks the page on the snapshot channel
// ({from: "engine", ask: "failure"}, answered {to: "engine", failure} by boot.js) and says a
// failure there ({from: "engine", build, why}), which the page remembers; that build then
// boots the normal way ("remembered"), and no new snapshot is made for it.

import { loadPyodide as loadOriginal, version } from "../../vendor/pyodide/pyodide.mjs";
import { channelName, findSnapshot } from "./snapshot.js";
import { filesOrNull } from "./unzip.js";
import { standIn as wasmStandIn } from "./wasm-stand-in.js";

export { version };

const site = new URL("../../", import.meta.url);
const indexURL = new URL("vendor/pyodide/", site).href;

const status = typeof BroadcastChannel === "function" ? new BroadcastChannel(channelName(site)) : null;
const PAGE_SILENT_MS = 3000;

/** The failure the page remembers for this device (store.js), or null: asked on the channel
 * (the page also says it unasked as it starts); null if the page does not answer. */
const pageFailure = new Promise((resolve) => {
  if (!status) {
    resolve(null);
    return;
  }
  const timer = setTimeout(() => resolve(null), PAGE_SILENT_MS);
  status.addEventListener("message", ({ data: m }) => {
    if (m?.to !== "engine" || !("failure" in m)) return;
    clearTimeout(timer);
    resolve(m.failure ?? null);
  });
  status.postMessage({ from: "engine", ask: "failure" });
});

function rememberSnapshotFailure(build, why) {
  if (build) status?.postMessage({ from: "engine", build, why });
}

function report(path, fallback) {
  globalThis.patienceBootPath = { path, fallback: fallback ?? null };
}

const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
const zipURL = new URL("patience.zip", site).href;

/** The WebAssembly, compiled early (compileEarly) on a start with no snapshot to boot from;
 * null until then, and on a start from a snapshot, where Pyodide compiles it the usual way
 * once the snapshot is read: compiled beside the snapshot's read, it took the CPU the page's
 * paint of the saved board needed (0.1 s of the phone's return visit, issue 28). A promise
 * of null: Pyodide compiles it the usual way. */
let compiled = null;

const fetchOriginal = globalThis.fetch;

/** Begin compiling the WebAssembly as it downloads (a start with no snapshot). */
function compileEarly() {
  compiled ??= typeof WebAssembly.compileStreaming === "function"
    ? WebAssembly.compileStreaming(fetchOriginal(wasmURL)).catch(() => null) : Promise.resolve(null);
}

// Pyodide asks for the wasm itself, to compile it: when it is compiled early, it is answered
// with a stand-in, and the module compiled early is instantiated instead (below), so the
// file is fetched once here. Only while Pyodide hands that response to instantiateStreaming
// unread: one that reads it gets the real file from the stand-in's body, and a warning
// (wasm-stand-in.js says why).
const standIns = new WeakSet();
globalThis.fetch = function patienceFetch(resource, ...rest) {
  if (String(resource) !== wasmURL || !compiled) return fetchOriginal.call(this, resource, ...rest);
  return compiled.then((module) => {
    if (!module) return fetchOriginal.call(this, resource, ...rest);
    const standIn = wasmStandIn(() => fetchOriginal.call(this, resource, ...rest),
      () => console.warn("pyodide-loader: Pyodide read the wasm stand-in's body, so the file is "
        + "fetched again and the early compile is unused (see wasm-stand-in.js)"),
      (err) => wasmFailed(new Error("the Python runtime (WebAssembly) could not be loaded: "
        + (err.message ?? err))));
    standIns.add(standIn);
    return standIn;
  });
};

/** The engine's zip, fetched from the start; rejects with words for the page if it fails. */
const engineZip = fetch(zipURL).then((r) => {
  if (!r.ok) throw new Error(`the engine (patience.zip) could not be loaded (HTTP ${r.status})`);
  return r.arrayBuffer();
});
engineZip.catch(() => {});

/** Its files, inflated while the runtime downloads (unzip.js); null: Pyodide unpacks it. */
const engineFiles = engineZip.then((buffer) => filesOrNull(buffer), () => null);

let wasmFailed = null;
const wasmFailure = new Promise((resolve, reject) => { wasmFailed = reject; });
wasmFailure.catch(() => {});
const watched = (promise) => promise.catch((err) => {
  wasmFailed(new Error(`the Python runtime (WebAssembly) could not be loaded: ${err.message ?? err}`));
  throw err;
});
const instantiate = WebAssembly.instantiate;
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  if (typeof original !== "function") continue;
  WebAssembly[name] = function patienceWatched(source, imports, ...rest) {
    if (name !== "instantiateStreaming") return watched(original.call(this, source, imports, ...rest));
    // Pyodide's fetch of the wasm, answered by a stand-in: the module compiled above.
    return watched(Promise.resolve(source).then(async (response) => {
      if (!standIns.has(response)) return original.call(this, response, imports, ...rest);
      const module = await compiled;
      return { module, instance: await instantiate(module, imports) };
    }));
  };
}

/** Pyodide's loadPyodide, failing (not waiting forever) when its WebAssembly cannot load. */
const load = (options) => Promise.race([loadOriginal(options), wasmFailure]);

/** Unpack the engine's zip into Pyodide's home folder (the working folder, on sys.path):
 * its files as inflated early, else by Pyodide (in Python, once it is up). */
async function withEngine(pyodide) {
  const files = await engineFiles;
  if (!files) {
    pyodide.unpackArchive(await engineZip, "zip");
    return pyodide;
  }
  const { FS } = pyodide;
  const home = FS.cwd();
  for (const { name, bytes } of files) {
    const slash = name.lastIndexOf("/");
    if (slash > 0) FS.mkdirTree(`${home}/${name.slice(0, slash)}`);
    FS.writeFile(`${home}/${name}`, bytes);
  }
  return pyodide;
}

export async function loadPyodide(options = {}) {
  const plain = { ...options, indexURL };
  const found = await findSnapshot(site, version, await pageFailure);
  if (found.reason === null) {
    let pyodide;
    try {
      pyodide = await load({ ...plain, _loadSnapshot: found.bytes });
      report("snapshot");
    } catch {
      // Damaged bytes (their SHA-256 is not the header's), or a boot from good ones failed.
      const damaged = await found.bytes.then(() => false, () => true);
      await found.drop();
      rememberSnapshotFailure(found.build, damaged ? "corrupt" : "failed");
      report("plain", damaged ? "corrupt" : "failed");
      pyodide = await load(plain);
    }
    return withEngine(pyodide);
  }
  compileEarly();
  report("plain", found.reason);
  return withEngine(await load(plain));
}
