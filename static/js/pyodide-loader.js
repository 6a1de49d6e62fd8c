// PyScript's interpreter (static/pyscript.json): Pyodide's own loader, booting from this
// device's memory snapshot when there is a good one (snapshot.js). PyScript imports this
// module as if it were pyodide.mjs and calls loadPyodide with its options; indexURL is put
// right (PyScript takes this module's folder) and `_loadSnapshot` added. Any doubt, and any
// failure to boot from the snapshot, ends in Pyodide's normal boot.
//
// The page says which way it started: <html data-boot="snapshot"> or data-boot="plain" with
// data-boot-fallback naming why (see findSnapshot: missing, stale, corrupt, version,
// unavailable, remembered; "failed" when the snapshot was read but Pyodide could not boot
// from it). A snapshot that failed is remembered for its build (store.js): that build boots
// the normal way from then on ("remembered"), and no new one is made for it.

import { loadPyodide as load, version } from "../../vendor/pyodide/pyodide.mjs";
import { findSnapshot } from "./snapshot.js";
import { readSnapshotFailure, rememberSnapshotFailure } from "./store.js";

export { version };

const site = new URL("../../", import.meta.url);
const indexURL = new URL("vendor/pyodide/", site).href;

function report(path, fallback) {
  const data = globalThis.document?.documentElement.dataset;
  if (!data) return;
  data.boot = path;
  if (fallback) data.bootFallback = fallback;
  else delete data.bootFallback;
}

export async function loadPyodide(options = {}) {
  const plain = { ...options, indexURL };
  const found = await findSnapshot(site, version, readSnapshotFailure());
  if (found.reason === null) {
    try {
      const pyodide = await load({ ...plain, _loadSnapshot: found.bytes });
      report("snapshot");
      return pyodide;
    } catch {
      // Damaged bytes (their SHA-256 is not the header's), or a boot from good ones failed.
      const damaged = await found.bytes.then(() => false, () => true);
      await found.drop();
      rememberSnapshotFailure(found.build, damaged ? "corrupt" : "failed");
      report("plain", damaged ? "corrupt" : "failed");
      return load(plain);
    }
  }
  report("plain", found.reason);
  return load(plain);
}
