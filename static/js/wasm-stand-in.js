// The stand-in pyodide-loader.js answers Pyodide's own fetch of pyodide.asm.wasm with, once
// it has compiled that file itself (so the file is downloaded once).
//
// Why a stand-in works: the pinned Pyodide (314.0.7, pyodide.mjs) hands the response of its
// fetch straight to WebAssembly.instantiateStreaming, which the loader wraps: it knows its
// stand-ins and instantiates the module it compiled, never reading the body.
//
// Why its body is the real file: a later Pyodide might read the response itself (its
// arrayBuffer(), or its own compileStreaming) instead. An empty stand-in would then give it
// no bytes and Python would not start. This one's body is fetched only when something reads
// it (a stream pulled on demand): such a Pyodide still starts, with the file fetched a second
// time (from the HTTP cache or the service worker) and the early compile wasted; `onRead`
// says so (the loader warns on the console), so the upgrade's cost has a name.

/** A Response standing in for the wasm file: headers as the real one's, and a body that
 * `fetchReal()` (a promise of the real Response) supplies only if the body is read; `onRead`
 * is called then, once. */
export function standIn(fetchReal, onRead = () => {}) {
  let reader = null;
  const body = new ReadableStream({
    async pull(controller) {
      if (!reader) {
        onRead();
        const real = await fetchReal();
        if (!real.ok || !real.body) throw new Error(`pyodide.asm.wasm: HTTP ${real.status}`);
        reader = real.body.getReader();
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader?.cancel(reason);
    },
  }, { highWaterMark: 0 });
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}
