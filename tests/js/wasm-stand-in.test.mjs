// The stand-in pyodide-loader.js answers Pyodide's fetch of its WebAssembly with
// (static/js/wasm-stand-in.js): unread, it costs no fetch; read, it is the real file, so a
// Pyodide that reads the response instead of handing it to instantiateStreaming still starts.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

const { standIn } = await import("../../static/js/wasm-stand-in.js");

// The smallest WebAssembly module: the magic number and version 1, no sections.
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/** A fake of the real fetch: counts its calls, answers `bytes` in chunks of 3 (or `status`). */
function fakeFetch(bytes, status = 200) {
  const calls = { n: 0 };
  const fetchReal = async () => {
    calls.n += 1;
    if (status !== 200) return new Response(null, { status });
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "application/wasm" } });
  };
  return { fetchReal, calls };
}

const settle = () => new Promise((resolve) => { setTimeout(resolve, 20); });

describe("the wasm stand-in", () => {
  it("fetches nothing while its body is not read, as the pinned Pyodide leaves it", async () => {
    const { fetchReal, calls } = fakeFetch(EMPTY_MODULE);
    let reads = 0;
    const response = standIn(fetchReal, () => { reads += 1; });
    await settle();
    assert.equal(calls.n, 0);
    assert.equal(reads, 0);
    assert.equal(response.ok, true);
    assert.equal(response.bodyUsed, false);
    assert.equal(response.headers.get("Content-Type"), "application/wasm");
  });

  it("is the real file when its body is read, fetched once and said once", async () => {
    const bytes = new Uint8Array(100).map((_, i) => (i * 7) % 256);
    const { fetchReal, calls } = fakeFetch(bytes);
    let reads = 0;
    const response = standIn(fetchReal, () => { reads += 1; });
    const got = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual(got, bytes);
    assert.equal(calls.n, 1);
    assert.equal(reads, 1);
  });

  it("compiles as the real module when a Pyodide streams it to WebAssembly itself", async () => {
    const { fetchReal, calls } = fakeFetch(EMPTY_MODULE);
    const module = await WebAssembly.compileStreaming(standIn(fetchReal));
    assert.ok(module instanceof WebAssembly.Module);
    assert.equal(calls.n, 1);
  });

  it("fails, naming the file, when the real file cannot be fetched", async () => {
    const { fetchReal } = fakeFetch(EMPTY_MODULE, 404);
    await assert.rejects(standIn(fetchReal).arrayBuffer(), /pyodide\.asm\.wasm: HTTP 404/);
  });
});
