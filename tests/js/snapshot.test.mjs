// Python's memory snapshot (static/js/snapshot.js): its key, its header's checks, and the
// ways findSnapshot refuses one, against a fake Cache Storage and a fake build.json.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

const snapshot = await import("../../static/js/snapshot.js");
const { PYODIDE_VERSION, HEADER, parseBuild, cacheName, entryUrl, isEntryUrl, channelName,
  makeMeta, parseMeta, checkMeta, bytesMatch, hex, findSnapshot, storeSnapshot, sweep,
  makeFailure, parseFailure, failedFor } = snapshot;

const SITE = "https://example.test/patience/";
const BUILD = { runtime: "0123456789abcdef", app: "fedcba9876543210" };
const SHA = "a".repeat(64);

/** A fake Cache Storage: named caches of URL -> Response; caches.open makes one. */
function fakeCaches() {
  const store = new Map();
  const cacheOf = (entries) => ({
    async match(url) { return entries.get(String(url))?.clone(); },
    async put(url, response) { entries.set(String(url), response); },
    async delete(url) { return entries.delete(typeof url === "string" ? url : url.url); },
    async keys() { return [...entries.keys()].map((url) => ({ url })); },
  });
  return {
    store,
    async keys() { return [...store.keys()]; },
    async has(name) { return store.has(name); },
    async delete(name) { return store.delete(name); },
    async open(name) {
      if (!store.has(name)) store.set(name, new Map());
      return cacheOf(store.get(name));
    },
  };
}

let saved;
let caches;     // the fake, also globalThis.caches while a test runs
beforeEach(() => {
  saved = { caches: globalThis.caches, fetch: globalThis.fetch };
  caches = fakeCaches();
  globalThis.caches = caches;
  globalThis.fetch = async (url) => (String(url) === `${SITE}build.json`
    ? new Response(JSON.stringify(BUILD)) : new Response("", { status: 404 }));
});
afterEach(() => {
  globalThis.caches = saved.caches;
  globalThis.fetch = saved.fetch;
});

const bytesOf = (n, fill = 7) => new Uint8Array(n).fill(fill);

describe("the snapshot's key", () => {
  it("reads build.json's two hashes and nothing else", () => {
    assert.deepEqual(parseBuild(JSON.stringify({ ...BUILD, extra: 1 })), BUILD);
    for (const text of ["", "null", "[]", "{", JSON.stringify({ runtime: BUILD.runtime }),
      JSON.stringify({ ...BUILD, app: "FEDCBA9876543210" }),
      JSON.stringify({ ...BUILD, app: "fedcba987654321" })]) {
      assert.equal(parseBuild(text), null, text);
    }
  });

  it("names the Pyodide version and both hashes, in the service worker's app cache", () => {
    assert.equal(cacheName(SITE, BUILD), "patience:/patience/:app-fedcba9876543210");
    const url = entryUrl(SITE, BUILD);
    assert.equal(url, `${SITE}__snapshot/pyodide-${PYODIDE_VERSION}-0123456789abcdef-fedcba9876543210.bin`);
    assert.ok(isEntryUrl(SITE, url));
    assert.ok(!isEntryUrl(SITE, `${SITE}vendor/pyodide/pyodide.mjs`));
    assert.ok(!isEntryUrl("https://example.test/other/", url));   // another site's
    assert.notEqual(entryUrl(SITE, { ...BUILD, runtime: "1123456789abcdef" }), url);
    assert.notEqual(entryUrl(SITE, BUILD, "315.0.0"), url);
    assert.equal(channelName(SITE), "patience:/patience/:snapshot");
  });
});

describe("the stored header", () => {
  const meta = makeMeta(BUILD, PYODIDE_VERSION, 4096, SHA);

  it("is read back as written", () => {
    assert.deepEqual(parseMeta(JSON.stringify(meta)), meta);
    assert.equal(checkMeta(parseMeta(JSON.stringify(meta)), BUILD), null);
  });

  it("is refused when missing, unreadable or of a silly shape", () => {
    for (const bad of [null, undefined, "", "{", "[]", JSON.stringify({ ...meta, format: 2 }),
      JSON.stringify({ ...meta, bytes: 0 }), JSON.stringify({ ...meta, bytes: 4097 }),
      JSON.stringify({ ...meta, bytes: 2 ** 40 }), JSON.stringify({ ...meta, bytes: "4096" }),
      JSON.stringify({ ...meta, sha256: "xyz" }), JSON.stringify({ ...meta, runtime: 1 }),
      JSON.stringify({ ...meta, pad: "x".repeat(1000) })]) {
      assert.equal(parseMeta(bad), null, String(bad));
      assert.equal(checkMeta(parseMeta(bad), BUILD), "corrupt");
    }
  });

  it("says another Pyodide, runtime or app apart", () => {
    assert.equal(checkMeta({ ...meta, pyodide: "315.0.0" }, BUILD), "version");
    assert.equal(checkMeta(meta, BUILD, "315.0.0"), "version");
    assert.equal(checkMeta(meta, { ...BUILD, runtime: "1123456789abcdef" }), "stale");
    assert.equal(checkMeta(meta, { ...BUILD, app: "0000000000000000" }), "stale");
  });

  it("matches bytes by length and SHA-256", () => {
    assert.ok(bytesMatch(meta, 4096, SHA));
    assert.ok(!bytesMatch(meta, 4080, SHA));
    assert.ok(!bytesMatch(meta, 4096, "b".repeat(64)));
    assert.equal(hex(new Uint8Array([0, 15, 255]).buffer), "000fff");
  });
});

describe("a snapshot that failed on this device", () => {
  it("is remembered with the build it was of, and read back as written", () => {
    const failure = makeFailure(BUILD, "corrupt");
    assert.deepEqual(failure, { format: 1, ...BUILD, why: "corrupt" });
    assert.deepEqual(parseFailure(JSON.stringify(failure)), failure);
    assert.ok(failedFor(failure, BUILD));
    assert.ok(!failedFor(failure, { ...BUILD, app: "1111111111111111" }));
    assert.ok(!failedFor(failure, { ...BUILD, runtime: "1111111111111111" }));
    assert.ok(!failedFor(null, BUILD));
    assert.ok(!failedFor(failure, null));
  });

  it("is forgotten when what is stored is not of its shape", () => {
    const good = makeFailure(BUILD, "failed");
    for (const bad of [null, "", "{", "[]", "null", "x".repeat(2000),
      JSON.stringify({ ...good, format: 2 }), JSON.stringify({ ...good, app: "APP" }),
      JSON.stringify({ ...good, runtime: 7 }), JSON.stringify({ ...good, why: 3 }),
      JSON.stringify({ ...good, why: "w".repeat(41) })]) {
      assert.equal(parseFailure(bad), null, String(bad).slice(0, 60));
    }
  });
});

describe("finding and storing a snapshot", () => {
  it("stores one and finds it again, its bytes checked", async () => {
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "missing");
    const meta = await storeSnapshot(SITE, BUILD, PYODIDE_VERSION, bytesOf(4096));
    assert.equal(meta.bytes, 4096);
    assert.deepEqual([...caches.store.keys()], [cacheName(SITE, BUILD)]);
    const found = await findSnapshot(SITE, PYODIDE_VERSION);
    assert.equal(found.reason, null);
    assert.deepEqual(found.build, BUILD);
    assert.deepEqual(await found.bytes, bytesOf(4096));
    await found.drop();
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "missing");
  });

  it("drops one without leaving an empty cache that would pass for another version's", async () => {
    await storeSnapshot(SITE, BUILD, PYODIDE_VERSION, bytesOf(32));
    await (await findSnapshot(SITE, PYODIDE_VERSION)).drop();
    assert.deepEqual([...caches.store.keys()], []);
    const next = { ...BUILD, app: "1111111111111111" };
    assert.equal((await storeSnapshot(SITE, next, PYODIDE_VERSION, bytesOf(32))).app, next.app);
  });

  it("neither looks for nor offers one for a build whose snapshot failed here", async () => {
    await storeSnapshot(SITE, BUILD, PYODIDE_VERSION, bytesOf(32));
    const failure = parseFailure(JSON.stringify(makeFailure(BUILD, "failed")));
    assert.deepEqual(await findSnapshot(SITE, PYODIDE_VERSION, failure),
      { build: BUILD, reason: "remembered" });
    // Another build's failure does not count for this one.
    const older = makeFailure({ ...BUILD, app: "1111111111111111" }, "failed");
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION, older)).reason, null);
  });

  it("looks into no cache it would have to make", async () => {
    await findSnapshot(SITE, PYODIDE_VERSION);
    assert.deepEqual([...caches.store.keys()], []);
  });

  it("rejects damaged bytes when they are read", async () => {
    await storeSnapshot(SITE, BUILD, PYODIDE_VERSION, bytesOf(4096));
    const cache = await caches.open(cacheName(SITE, BUILD));
    const stored = await cache.match(entryUrl(SITE, BUILD));
    await cache.put(entryUrl(SITE, BUILD), new Response(bytesOf(4096, 8),
      { headers: { [HEADER]: stored.headers.get(HEADER) } }));
    const found = await findSnapshot(SITE, PYODIDE_VERSION);
    assert.equal(found.reason, null);
    await assert.rejects(found.bytes, /corrupt/);
  });

  it("deletes one with an unreadable header", async () => {
    const cache = await caches.open(cacheName(SITE, BUILD));
    await cache.put(entryUrl(SITE, BUILD), new Response(bytesOf(4096)));
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "corrupt");
    assert.equal(await cache.match(entryUrl(SITE, BUILD)), undefined);
  });

  it("deletes one of another app, and the cache it alone was in", async () => {
    const old = { ...BUILD, app: "0000000000000000" };
    await storeSnapshot(SITE, old, PYODIDE_VERSION, bytesOf(32));
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "stale");
    assert.deepEqual([...caches.store.keys()], []);
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "missing");
  });

  it("keeps the service worker's files when it deletes an old snapshot", async () => {
    const old = { ...BUILD, app: "0000000000000000" };
    const sw = await caches.open(cacheName(SITE, old));
    await sw.put(`${SITE}index.html`, new Response("<!doctype html>"));
    await storeSnapshot(SITE, old, PYODIDE_VERSION, bytesOf(32));
    await caches.open(cacheName(SITE, BUILD));       // the new version's cache
    assert.equal(await sweep(SITE), true);
    assert.deepEqual((await sw.keys()).map((r) => r.url), [`${SITE}index.html`]);
  });

  it("leaves another site's snapshot alone", async () => {
    const other = "https://example.test/other/";
    await storeSnapshot(other, BUILD, PYODIDE_VERSION, bytesOf(32));
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "missing");
    assert.equal(caches.store.size, 1);
  });

  it("stores none beside the app cache of another version", async () => {
    await caches.open(cacheName(SITE, { ...BUILD, app: "1111111111111111" }));
    await assert.rejects(storeSnapshot(SITE, BUILD, PYODIDE_VERSION, bytesOf(32)), /another version/);
  });

  it("boots the normal way with another Pyodide, no build.json or no Cache Storage", async () => {
    await storeSnapshot(SITE, BUILD, PYODIDE_VERSION, bytesOf(32));
    assert.equal((await findSnapshot(SITE, "315.0.0")).reason, "version");
    await assert.rejects(storeSnapshot(SITE, BUILD, "315.0.0", bytesOf(32)), /315/);
    globalThis.fetch = async () => new Response("{}");
    assert.deepEqual(await findSnapshot(SITE, PYODIDE_VERSION), { build: null, reason: "unavailable" });
    globalThis.fetch = async () => { throw new TypeError("offline"); };
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "unavailable");
    globalThis.caches = undefined;
    assert.equal((await findSnapshot(SITE, PYODIDE_VERSION)).reason, "unavailable");
  });
});
