// Patience's service worker. build.py writes it to the site root with BUILD filled in: the
// files of the runtime (Pyodide, PyScript) and of the app, each with a hash of its contents.
// The runtime and the app live in separate caches keyed by those hashes, so an app update
// never downloads Pyodide again. Cache names carry the site's path: several GitHub Pages
// sites share one origin, and one site must never delete another's caches.

const BUILD = "__BUILD__";
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `patience:${SCOPE}:`;
const RUNTIME = `${PREFIX}runtime-${BUILD.runtime.hash}`;
const APP = `${PREFIX}app-${BUILD.app.hash}`;
// Folders and files of the app not precached: one is kept in the app's cache once the page
// or the browser has asked for it (the known wins of listed deals, loaded only where they
// are used; the PNG icons, asked for only to install the app).
const LAZY = (BUILD.app.lazy ?? []).map((p) => new URL(p, self.registration.scope).pathname);

async function fill(name, files) {
  const cache = await caches.open(name);
  const have = new Set((await cache.keys()).map((r) => r.url));
  await Promise.all(files.map(async (file) => {
    const url = new URL(file, self.registration.scope).href;
    if (have.has(url)) return;
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`could not precache ${file}: HTTP ${response.status}`);
    await cache.put(url, response);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([fill(RUNTIME, BUILD.runtime.files), fill(APP, BUILD.app.files)]));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== RUNTIME && key !== APP) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The page asks for this when the player accepts an update; the page then reloads.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// Cache first for the site's own GET requests (the query string is ignored: ?game=... opens
// the same page); anything else goes to the network as usual.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  // build.json is answered from BUILD: it names the files this worker serves (the memory
  // snapshot is keyed by it), even when an update changed the runtime and not the app.
  if (url.pathname === `${SCOPE}build.json`) {
    event.respondWith(new Response(`${JSON.stringify({ runtime: BUILD.runtime.hash, app: BUILD.app.hash })}\n`,
      { headers: { "Content-Type": "application/json" } }));
    return;
  }
  event.respondWith((async () => {
    const path = url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname;
    const key = new URL(path, url.origin).href;
    for (const name of [APP, RUNTIME]) {
      const hit = await (await caches.open(name)).match(key);
      if (hit) return hit;
    }
    const response = await fetch(request);
    if (response.ok && LAZY.some((p) => url.pathname.startsWith(p))) {
      const copy = response.clone();
      event.waitUntil(caches.open(APP).then((cache) => cache.put(key, copy)));
    }
    return response;
  })());
});
