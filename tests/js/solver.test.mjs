// The page's side of the solver worker (static/js/solver.js): one question at a time, and an
// answer resolves only the question it was asked for.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";

import { installWorker, settle } from "./fakes.mjs";

const { createSolver } = await import("../../static/js/solver.js");

let workers;
beforeEach(() => { workers = installWorker(); });
// A worker that never said it was ready leaves the client's start timer running.
afterEach(() => { for (const w of workers) w.reply({ ready: true }); });

describe("the solver client", () => {
  it("starts its worker once, and says when it is ready", () => {
    const states = [];
    const solver = createSolver({ onState: (s) => states.push(s) });
    solver.ask({ kind: "solve" }, "a");
    solver.ask({ kind: "solve" }, "b");
    assert.equal(workers.length, 1);
    assert.equal(solver.state, "starting");
    workers[0].reply({ ready: true });
    assert.deepEqual(states, ["starting", "ready"]);
  });

  it("starts no worker before its gate is kept, then sends the setup and the newest question", async () => {
    let open;
    const gate = new Promise((resolve) => { open = resolve; });
    const solver = createSolver({ gate, setup: () => ({ failure: null }) });
    const first = solver.ask({ kind: "solve" }, "a");
    const second = solver.ask({ kind: "solve" }, "b");
    assert.equal(await first, null);               // dropped by the newer question
    assert.equal(workers.length, 0);
    assert.equal(solver.state, "starting");
    open();
    await settle();
    assert.equal(workers.length, 1);
    const [setup, job, ...rest] = workers[0].sent;
    assert.deepEqual(setup, { setup: { failure: null } });
    assert.equal(job.tag, "b");
    assert.deepEqual(rest, []);
    workers[0].reply({ ready: true });
    workers[0].reply({ id: job.id, tag: "b", answer: { verdict: "solved" } });
    assert.deepEqual(await second, { verdict: "solved" });
  });

  it("sends nothing held when the question was cancelled before its gate was kept", async () => {
    let open;
    const solver = createSolver({ gate: new Promise((resolve) => { open = resolve; }) });
    const asked = solver.ask({ kind: "solve" }, "a");
    solver.cancel();
    assert.equal(await asked, null);
    open();
    await settle();
    assert.deepEqual(workers[0].sent, [{ setup: {} }]);
  });

  it("sends the tag with the job, and resolves to the answer sent back with it", async () => {
    const solver = createSolver();
    const pending = solver.ask({ kind: "solve", budget: 1 }, "tag-1");
    const { id, tag } = workers[0].lastJob();
    assert.equal(tag, "tag-1");
    workers[0].reply({ id, tag, answer: { verdict: "solved" } });
    assert.deepEqual(await pending, { verdict: "solved" });
  });

  it("drops a question when a newer one is asked, and never lets its late answer resolve the newer", async () => {
    const solver = createSolver();
    const first = solver.ask({ kind: "solve" }, "deal 1");
    const old = workers[0].lastJob();
    const second = solver.ask({ kind: "solve" }, "deal 2");
    assert.equal(await first, null);
    const resolved = [];
    second.then((a) => resolved.push(a));
    // The worker was still starting: it answers the old job late, then the new one.
    workers[0].reply({ id: old.id, tag: old.tag, answer: { verdict: "solved", moves: ["old"] } });
    await settle();
    assert.deepEqual(resolved, []);
    const now = workers[0].lastJob();
    workers[0].reply({ id: now.id, tag: now.tag, answer: { verdict: "unwinnable" } });
    await settle();
    assert.deepEqual(resolved, [{ verdict: "unwinnable" }]);
  });

  it("drops an answer whose tag is not its question's", async () => {
    const solver = createSolver();
    const pending = solver.ask({ kind: "solve" }, "mine");
    const { id } = workers[0].lastJob();
    workers[0].reply({ id, tag: "someone else's", answer: { verdict: "solved" } });
    assert.equal(await pending, null);
  });

  it("resolves a dropped job to null, and a cancel drops the question", async () => {
    const solver = createSolver();
    const a = solver.ask({ kind: "solve" }, "a");
    const { id, tag } = workers[0].lastJob();
    workers[0].reply({ id, tag, dropped: true });
    assert.equal(await a, null);
    const b = solver.ask({ kind: "solve" }, "b");
    solver.cancel();
    assert.equal(await b, null);
    assert.deepEqual(workers[0].sent.at(-1), { cancel: true });
  });

  it("answers every question with an error once the worker fails", async () => {
    const solver = createSolver();
    const a = solver.ask({ kind: "solve" }, "a");
    workers[0].reply({ failed: "no Python" });
    assert.equal((await a).error.kind, "unavailable");
    assert.match((await solver.ask({ kind: "solve" }, "b")).error.message, /no Python/);
    assert.equal(solver.state, "failed");
  });
});
