// The update banner (static/js/update.js): a new version is offered only over a controlled
// page, Reload saves first (never waiting long for the engine), tells the waiting worker to
// take over, reloads once it has, and reloads all the same if it does not.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { ACCEPTED_FOR_MS, RELOAD_ANYWAY_MS, SAVE_WAIT_MS, watchUpdates } from "../../static/js/update.js";
import { settle } from "./fakes.mjs";

/** Something with listeners, which the test fires by hand. */
function target(extra = {}) {
  const listeners = {};
  return {
    ...extra,
    addEventListener(type, fn) { (listeners[type] ??= []).push(fn); },
    fire(type) { for (const fn of listeners[type] ?? []) fn(); },
  };
}

/** A worker that keeps what it is told. */
const worker = (state = "installed") => target({ state, told: [], postMessage(m) { this.told.push(m); } });

/** A page: its container, banner and buttons, a registration, and what it did. */
/** A tab's session storage. */
function sessionStore() {
  const data = new Map();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k), data };
}

function page({ controlled = true, waiting = null, save = () => Promise.resolve(),
  session = sessionStore(), now = 1_000_000 } = {}) {
  const did = { reloads: 0, saves: [], timers: [] };
  const env = {
    container: target({ controller: controlled ? {} : null }),
    banner: { hidden: true },
    reloadButton: { disabled: false, onclick: null },
    laterButton: target(),
    save: () => { did.saves.push("engine"); return save(); },
    saveAtOnce: () => { did.saves.push("held"); },
    reload: () => { did.reloads += 1; },
    setTimeout: (fn, ms) => { did.timers.push({ fn, ms }); },
    session,
    now: () => now,
  };
  const reg = target({ waiting, installing: null });
  return { env, reg, did };
}

/** Run the timers set for `ms` (the test's clock). */
const runTimers = (did, ms) => { for (const t of did.timers.filter((x) => x.ms === ms)) t.fn(); };

describe("watchUpdates", () => {
  it("offers a version found waiting, and one that finishes installing", () => {
    const first = page({ waiting: worker() });
    watchUpdates(first.reg, first.env);
    assert.equal(first.env.banner.hidden, false);

    const later = page();
    watchUpdates(later.reg, later.env);
    assert.equal(later.env.banner.hidden, true);
    const w = worker("installing");
    later.reg.installing = w;
    later.reg.fire("updatefound");
    w.fire("statechange");                   // still installing: nothing yet
    assert.equal(later.env.banner.hidden, true);
    w.state = "installed";
    w.fire("statechange");
    assert.equal(later.env.banner.hidden, false);
  });

  it("offers nothing on the first install (no page controlled yet)", () => {
    const { env, reg } = page({ controlled: false, waiting: worker() });
    watchUpdates(reg, env);
    assert.equal(env.banner.hidden, true);
  });

  it("saves, tells the waiting worker, and reloads once it has taken over", async () => {
    const w = worker();
    const { env, reg, did } = page({ waiting: w });
    watchUpdates(reg, env);
    env.container.fire("controllerchange");           // not accepted yet: no reload
    assert.equal(did.reloads, 0);
    await env.reloadButton.onclick();
    assert.deepEqual(did.saves, ["engine", "held"]);
    assert.deepEqual(w.told, ["skip-waiting"]);
    assert.equal(env.reloadButton.disabled, true);      // one press
    env.container.fire("controllerchange");
    assert.equal(did.reloads, 1);
  });

  it("tells the worker the registration holds now, not an older one it was offered", async () => {
    const old = worker();
    const { env, reg } = page({ waiting: old });
    watchUpdates(reg, env);
    const newer = worker();
    reg.waiting = newer;
    await env.reloadButton.onclick();
    assert.deepEqual([old.told, newer.told], [[], ["skip-waiting"]]);
  });

  it("reloads all the same if the new version does not take over", async () => {
    const { env, reg, did } = page({ waiting: worker() });
    watchUpdates(reg, env);
    await env.reloadButton.onclick();
    assert.equal(did.reloads, 0);
    runTimers(did, RELOAD_ANYWAY_MS);
    assert.equal(did.reloads, 1);
  });

  it("keeps the yes for the page the fallback reloads to, which goes on to the new version", async () => {
    const session = sessionStore();
    const before = page({ waiting: worker(), session });
    watchUpdates(before.reg, before.env);
    await before.env.reloadButton.onclick();
    runTimers(before.did, RELOAD_ANYWAY_MS);            // reloaded: the old version served it
    const after = page({ session, now: 1_000_000 + RELOAD_ANYWAY_MS + 500 });
    watchUpdates(after.reg, after.env);
    after.env.container.fire("controllerchange");       // the new version takes over
    assert.equal(after.did.reloads, 1);
    assert.equal(session.data.size, 0);                 // said once: the next page is new
    const next = page({ session, now: 1_000_000 + RELOAD_ANYWAY_MS + 900 });
    watchUpdates(next.reg, next.env);
    next.env.container.fire("controllerchange");
    assert.equal(next.did.reloads, 0);
  });

  it("forgets a yes said long ago, and reloads on no takeover it was not asked for", () => {
    const session = sessionStore();
    session.setItem("patience:update-accepted", "1000");
    const { env, reg, did } = page({ session, now: 1000 + ACCEPTED_FOR_MS + 1 });
    watchUpdates(reg, env);
    env.container.fire("controllerchange");              // another tab's yes, say
    assert.equal(did.reloads, 0);
    assert.equal(session.data.size, 0);
  });

  it("works without session storage", async () => {
    const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("denied"); },
      removeItem() { throw new Error("denied"); } };
    const w = worker();
    const { env, reg, did } = page({ waiting: w, session: refusing });
    watchUpdates(reg, env);
    await env.reloadButton.onclick();
    assert.deepEqual(w.told, ["skip-waiting"]);
    env.container.fire("controllerchange");
    assert.equal(did.reloads, 1);
  });

  it("does not wait for an engine that does not answer, and saves what it holds", async () => {
    const w = worker();
    const { env, reg, did } = page({ waiting: w, save: () => new Promise(() => {}) });
    watchUpdates(reg, env);
    const pressed = env.reloadButton.onclick();
    await settle();
    assert.deepEqual(w.told, []);                      // still waiting for the save
    runTimers(did, SAVE_WAIT_MS);
    await pressed;
    assert.deepEqual(did.saves, ["engine", "held"]);
    assert.deepEqual(w.told, ["skip-waiting"]);
  });

  it("hides the banner on Later", () => {
    const { env, reg } = page({ waiting: worker() });
    watchUpdates(reg, env);
    env.laterButton.fire("click");
    assert.equal(env.banner.hidden, true);
  });
});
