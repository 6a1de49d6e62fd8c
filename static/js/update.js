// A new version of the app, offered to the player (boot.js registers the service worker and
// calls watchUpdates). The new version waits until the player accepts it: the game is saved
// first, the waiting worker is told to take over, and the page reloads once it has. The
// browser lets it take over only once the old version has no request in flight; if that has
// not happened in a while, the page reloads all the same (from the version then active, which
// offers the update again if it is still the old one), so Reload never does nothing.

/** How long Reload waits for the engine's save, then for the new version to take over (ms). */
export const SAVE_WAIT_MS = 3000;
export const RELOAD_ANYWAY_MS = 10000;

/** Watch `reg` (a ServiceWorkerRegistration) for a new version and offer it on the banner.
 * env: {container (navigator.serviceWorker), banner, reloadButton, laterButton, save (resolves
 * once the engine has saved), saveAtOnce (saves the snapshot held), reload, setTimeout}. */
export function watchUpdates(reg, env) {
  const { container, banner, reloadButton, laterButton } = env;
  const wait = (ms) => new Promise((resolve) => { env.setTimeout(resolve, ms); });
  let accepted = false;
  container.addEventListener("controllerchange", () => {
    if (accepted) env.reload();
  });
  const offer = (worker) => {
    if (!container.controller) return;   // the first install: nothing to update
    banner.hidden = false;
    reloadButton.disabled = false;
    reloadButton.onclick = async () => {
      reloadButton.disabled = true;
      // Saved first: by the engine if it answers soon, else from the snapshot held.
      await Promise.race([Promise.resolve().then(env.save), wait(SAVE_WAIT_MS)]).catch(() => {});
      env.saveAtOnce();
      accepted = true;
      (reg.waiting ?? worker).postMessage("skip-waiting");
      env.setTimeout(() => env.reload(), RELOAD_ANYWAY_MS);
    };
  };
  laterButton.addEventListener("click", () => { banner.hidden = true; });
  if (reg.waiting) offer(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}
