// Python's memory snapshot, made on this device (see ARCHITECTURE.md, "Starting Python").
//
// The solver's worker makes it from its own Pyodide, booted for the purpose with the engine
// imported (solver-worker.js), and stores it once the page has been idle a while; later
// starts boot from it, the page through pyodide-loader.js and the worker itself. It lives in
// Cache Storage, in the app's cache of the service worker (so an update of the app drops it
// with the old files), under a URL naming the Pyodide version and the runtime and app hashes
// that build.json gives (tools/pwa.py writes it). A header beside the bytes repeats them with
// the bytes' length and SHA-256, so a snapshot of another build or a damaged one is never
// booted: it is deleted, the start falls back to the normal boot, and a new one is made.
//
// Works in the page and in a worker: no DOM here. The first half is pure, tested in Node.

/** The Pyodide version this depends on: its snapshot options are private (`_makeSnapshot`,
 * `_loadSnapshot`), so another version boots the normal way until this is checked again. */
export const PYODIDE_VERSION = "314.0.7";
export const FORMAT = 1;
export const HEADER = "X-Patience-Snapshot";
/** Nothing near this size is made (about 31 MB is usual); a larger header is a damaged one. */
export const MAX_BYTES = 512 * 1024 * 1024;
export const FOLDER = "__snapshot/";

const HASH = /^[0-9a-f]{16}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** Read build.json's text: {runtime, app}, each a 16-digit hex hash; null if it is not that. */
export function parseBuild(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || !HASH.test(value.runtime) || !HASH.test(value.app)) {
    return null;
  }
  return { runtime: value.runtime, app: value.app };
}

/** The service worker's cache of the app (static/pwa/sw.js names it the same way). */
export function cacheName(site, build) {
  return `patience:${new URL(site).pathname}:app-${build.app}`;
}

/** The BroadcastChannel on which the solver's worker says how its start went (boot.js). */
export function channelName(site) {
  return `patience:${new URL(site).pathname}:snapshot`;
}

/** The URL the snapshot of this build is kept under (never fetched: a Cache Storage key). */
export function entryUrl(site, build, version = PYODIDE_VERSION) {
  return new URL(`${FOLDER}pyodide-${version}-${build.runtime}-${build.app}.bin`, site).href;
}

export function isEntryUrl(site, url) {
  return url.startsWith(new URL(FOLDER, site).href);
}

/** The header stored beside the bytes. */
export function makeMeta(build, version, length, sha256) {
  return { format: FORMAT, pyodide: version, runtime: build.runtime, app: build.app,
    bytes: length, sha256 };
}

/** Parse a short JSON text (a header or a remembered failure); null if it is not one. */
function readSmallJson(text) {
  if (typeof text !== "string" || text.length > 1000) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Read a stored header; null if it is missing or not of the shape makeMeta writes. */
export function parseMeta(text) {
  const m = readSmallJson(text);
  const ok = m && typeof m === "object" && m.format === FORMAT && typeof m.pyodide === "string"
    && HASH.test(m.runtime) && HASH.test(m.app) && Number.isSafeInteger(m.bytes)
    && m.bytes > 0 && m.bytes <= MAX_BYTES && m.bytes % 16 === 0 && SHA256.test(m.sha256);
  return ok ? m : null;
}

/** Why a stored header may not be booted for this build, or null if it may:
 * "corrupt" (unreadable), "version" (another Pyodide), "stale" (another runtime or app). */
export function checkMeta(meta, build, version = PYODIDE_VERSION) {
  if (!meta) return "corrupt";
  if (meta.pyodide !== version) return "version";
  if (meta.runtime !== build.runtime || meta.app !== build.app) return "stale";
  return null;
}

/** Whether the bytes read are the ones the header names. */
export function bytesMatch(meta, length, sha256) {
  return length === meta.bytes && sha256 === meta.sha256;
}

export function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What is remembered of a snapshot that failed on this device (store.js keeps it in
 * localStorage, which the worker cannot reach: the page hands it over). It names the build,
 * so that build neither boots from one nor makes one again, and a new build tries again. */
export function makeFailure(build, why) {
  return { format: FORMAT, runtime: build.runtime, app: build.app, why: String(why).slice(0, 40) };
}

/** Read a remembered failure; null if it is missing or not of the shape makeFailure writes. */
export function parseFailure(text) {
  const m = readSmallJson(text);
  const ok = m && typeof m === "object" && m.format === FORMAT && HASH.test(m.runtime)
    && HASH.test(m.app) && typeof m.why === "string" && m.why.length <= 40;
  return ok ? { format: m.format, runtime: m.runtime, app: m.app, why: m.why } : null;
}

/** Tell whether a remembered failure is of this build. */
export function failedFor(failure, build) {
  return Boolean(failure && build && failure.runtime === build.runtime && failure.app === build.app);
}

// ---- Cache Storage (the page and the worker) ----

const sha256 = async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes));

/** Fetch build.json from the site (through the service worker when it controls the page). */
export async function readBuild(site) {
  // Never the browser's HTTP cache: build.json must be the build the other files are of.
  const response = await fetch(new URL("build.json", site), { cache: "no-cache" });
  if (!response.ok) return null;
  return parseBuild(await response.text());
}

/** Delete every snapshot of this site but the one at ``keep``, and a cache left empty (one
 * made for the snapshot alone, with no service worker); say whether one was found. */
export async function sweep(site, keep = null) {
  const prefix = `patience:${new URL(site).pathname}:`;
  let found = false;
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix)) continue;
    const cache = await caches.open(name);
    let deleted = false;
    for (const request of await cache.keys()) {
      if (isEntryUrl(site, request.url) && request.url !== keep) {
        found = true;
        deleted = (await cache.delete(request)) || deleted;
      }
    }
    if (deleted && (await cache.keys()).length === 0) await caches.delete(name);
  }
  return found;
}

/**
 * Look for this build's snapshot. Resolves to {build, reason, bytes, drop}:
 * - reason null: `bytes` is a promise of the snapshot, checked against its header's length
 *   and SHA-256 (it rejects if they differ: "corrupt"); `drop()` deletes it (after a boot
 *   from it failed);
 * - otherwise why there is none to boot: "unavailable" (no Cache Storage, no build.json),
 *   "version" (Pyodide is not the version pinned here), "missing", "stale" (one of another
 *   build was found and deleted), "corrupt" (an unreadable header: deleted), "remembered"
 *   (one failed on this device for this build: `failure`, see makeFailure; none is looked
 *   for, and none is to be made).
 * `build` is null when unavailable. Never rejects.
 */
export async function findSnapshot(site, version, failure = null) {
  try {
    if (!globalThis.caches || !globalThis.crypto?.subtle) return { build: null, reason: "unavailable" };
    const build = await readBuild(site);
    if (!build) return { build: null, reason: "unavailable" };
    if (version !== PYODIDE_VERSION) return { build, reason: "version" };
    if (failedFor(failure, build)) return { build, reason: "remembered" };
    const url = entryUrl(site, build, version);
    const name = cacheName(site, build);
    // caches.open would make the cache if it is not there: only look into one that is.
    const cache = (await caches.has(name)) ? await caches.open(name) : null;
    const response = await cache?.match(url);
    if (!response) return { build, reason: (await sweep(site)) ? "stale" : "missing" };
    const reason = checkMeta(parseMeta(response.headers.get(HEADER)), build, version);
    if (reason) {
      await cache.delete(url);
      return { build, reason };
    }
    const meta = parseMeta(response.headers.get(HEADER));
    const bytes = response.arrayBuffer().then(async (buffer) => {
      if (!bytesMatch(meta, buffer.byteLength, await sha256(buffer))) throw new Error("corrupt");
      return new Uint8Array(buffer);
    });
    bytes.catch(() => {});     // handled by whoever boots from it; never an unhandled rejection
    // Dropped, it leaves no empty cache behind (one made for it alone, with no service
    // worker): storeSnapshot would take that for the app's cache of another version.
    const drop = async () => {
      await cache.delete(url);
      if ((await cache.keys()).length === 0) await caches.delete(name);
    };
    return { build, reason: null, bytes, drop: () => drop().catch(() => false) };
  } catch {
    return { build: null, reason: "unavailable" };
  }
}

/** Store ``bytes`` (from pyodide.makeMemorySnapshot()) as this build's snapshot, and delete
 * any other of this site. Resolves to the stored header. */
export async function storeSnapshot(site, build, version, bytes) {
  if (version !== PYODIDE_VERSION) throw new Error(`Pyodide ${version} is not ${PYODIDE_VERSION}`);
  const name = cacheName(site, build);
  const apps = (await caches.keys()).filter((n) => n.startsWith(`patience:${new URL(site).pathname}:app-`));
  // The service worker keeps the app in a cache named by its hash: one of another version
  // means build.json is not the app the service worker holds, and the snapshot would be lost.
  if (apps.length > 0 && !apps.includes(name)) throw new Error("the app's cache is of another version");
  const meta = makeMeta(build, version, bytes.byteLength, await sha256(bytes));
  const url = entryUrl(site, build, version);
  const cache = await caches.open(name);
  await cache.put(url, new Response(bytes, { headers: {
    "Content-Type": "application/octet-stream", [HEADER]: JSON.stringify(meta) } }));
  await sweep(site, url);
  return meta;
}
