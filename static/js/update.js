// A new version of the app, offered to the player (boot.js registers the service worker and
// calls watchUpdates). The new version waits until the player accepts it: the game is saved
// first, the waiting worker is told to take over, and the page reloads once it has. The
// browser lets it take over only once the old version has no request in flight; if that has
// not happened in a while, the page reloads all the same, so Reload never does nothing. That
// page may come from the old version, which the new one then takes over (the old files'
// cache goes as it does): the player's yes is kept in the tab's session storage for a while,
// so that the page reloads once more onto the new version. If the old version is still the
// one serving it, the page offers the update again.

/** How long Reload waits for the engine's save, then for the new version to take over (ms). */
export const SAVE_WAIT_MS = 3000;
export const RELOAD_ANYWAY_MS = 10000;
/** How long the player's yes holds for the pages this tab reloads to (ms). */
export const ACCEPTED_FOR_MS = 120000;
const ACCEPTED_KEY = "patience:update-accepted";

/** Watch `reg` (a ServiceWorkerRegistration) for a new version and offer it on the banner.
 * env: {container (navigator.serviceWorker), banner, reloadButton, laterButton, save (resolves
 * once the engine has saved), saveAtOnce (saves the snapshot held), reload, setTimeout,
 * session (the tab's sessionStorage, or null), now (ms)}. */
export function watchUpdates(reg, env) {
  const { container, banner, reloadButton, laterButton } = env;
  const wait = (ms) => new Promise((resolve) => { env.setTimeout(resolve, ms); });
  const keep = (fn) => {
    try {
      return fn(env.session);
    } catch {
      return null;         // no session storage: the yes holds for this page only
    }
  };
  // The player said yes on the page before this one (the reload after RELOAD_ANYWAY_MS).
  const said = Number(keep((s) => s?.getItem(ACCEPTED_KEY)));
  let accepted = said > 0 && env.now() - said < ACCEPTED_FOR_MS;
  if (!accepted) keep((s) => s?.removeItem(ACCEPTED_KEY));
  container.addEventListener("controllerchange", () => {
    if (!accepted) return;
    keep((s) => s?.removeItem(ACCEPTED_KEY));
    env.reload();
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
      keep((s) => s?.setItem(ACCEPTED_KEY, String(env.now())));
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
