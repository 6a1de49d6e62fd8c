// The runtime's big files (Pyodide's WebAssembly and module, the standard library, the
// engine's zip), asked for as the page starts on a visit the service worker does not answer
// (a first visit): index.html runs this classic script (async, in <head> after the table's
// module preloads) with the files in its data-files. It starts a worker of its own (made
// from fetchInWorker below, so nothing more is downloaded for it) that fetches them and
// drops their bodies, which fills the HTTP cache the engine's worker then reads them from
// (the engine's worker cannot use a page's preloads). A <link rel="preload"> did the same
// but brought every body through the page's main thread (its memory cache): 12 MB that cost
// a slow phone some 0.3 s of blocking time (Lighthouse) while the board was painted. A visit
// the service worker answers has them in its caches: nothing is fetched.
{
  /** The worker: fetch each file named, read it to the end, and stop. A file that fails is
   * left to the engine's worker, which asks again and says what failed. */
  const fetchInWorker = () => {
    const drop = async (file) => {
      try {
        const reader = (await fetch(file)).body?.getReader();
        let done = !reader;
        while (!done) ({ done } = await reader.read());     // the bytes are dropped
      } catch {
        // The engine's worker fetches it again.
      }
    };
    self.onmessage = ({ data: files }) => {
      Promise.all(files.map(drop)).then(() => self.close());
    };
  };

  const script = document.currentScript;
  const named = (list) => (list ?? "").split(/\s+/).filter(Boolean)
    .map((file) => new URL(file, document.baseURI).href);
  const files = named(script?.dataset.files);
  if (files.length && typeof Worker === "function" && !navigator.serviceWorker?.controller) {
    try {
      const code = new Blob([`(${fetchInWorker})();`], { type: "text/javascript" });
      new Worker(URL.createObjectURL(code)).postMessage(files);
    } catch {
      // No worker here: the engine's worker fetches the files itself.
    }
  }
}
