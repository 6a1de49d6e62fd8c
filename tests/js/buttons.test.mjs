import assert from "node:assert/strict";
import { test } from "node:test";

import { toolButton } from "../../static/js/buttons.js";

/** A document whose buttons keep their listeners, so a test can click one. */
function installDocument() {
  globalThis.document = {
    createElement: (tag) => {
      const listeners = {};
      return {
        tag,
        addEventListener: (type, fn) => { (listeners[type] ??= []).push(fn); },
        click() { for (const fn of listeners.click ?? []) fn(); },
      };
    },
  };
}

test("a tool button is a plain button in the tool style that runs its action on click", () => {
  installDocument();
  let ran = 0;
  const b = toolButton("Resume", () => { ran += 1; });
  assert.equal(b.tag, "button");
  assert.equal(b.type, "button");               // never a form's submit button
  assert.equal(b.className, "tool");
  assert.equal(b.textContent, "Resume");
  assert.equal(ran, 0);
  b.click();
  assert.equal(ran, 1);
  assert.equal(toolButton("Play", () => {}, true).className, "tool accent");
  delete globalThis.document;
});
