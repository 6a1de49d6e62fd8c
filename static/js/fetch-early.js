// The runtime's big files (Pyodide's WebAssembly and module, the standard library, the
// engine's zip), asked for as the page starts on a visit the service worker does not answer
// (a first visit): index.html runs this classic script (async, first in <head>, so that it
// is in before the table's modules hold the connections) with the files in its data-files,
// and it asks for them once the page's first paint is made. It starts a worker of its own (made
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
  const start = () => {
    try {
      const code = new Blob([`(${fetchInWorker})();`], { type: "text/javascript" });
      new Worker(URL.createObjectURL(code)).postMessage(files);
    } catch {
      // No worker here: the engine's worker fetches the files itself.
    }
  };
  if (files.length && typeof Worker === "function" && !navigator.serviceWorker?.controller) {
    // Once the page's first contentful paint is made (its header and the table's frame),
    // not before: Lighthouse estimates that paint from the requests begun before it, and
    // the big downloads doubled it (docs/speed.md). A page that paints nothing (hidden)
    // asks for nothing early: the engine's worker fetches the files when it needs them.
    try {
      const painted = new PerformanceObserver((list) => {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        painted.disconnect();
        start();
      });
      painted.observe({ type: "paint", buffered: true });
    } catch {
      // No paint timing here: the engine's worker fetches the files.
    }
  }
}
