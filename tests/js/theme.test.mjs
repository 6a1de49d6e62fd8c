import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

import { keys, readSettings } from "../../static/js/store.js";
import { DEFAULT_THEME, THEMES, applyTheme, checkTheme } from "../../static/js/theme.js";

const source = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** A localStorage holding the settings given (as text). */
function storageWith(settingsText) {
  const items = new Map(settingsText === null ? [] : [[keys.settings, settingsText]]);
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)) };
}

test("the Settings select offers exactly the themes there are, the default (felt) first", () => {
  const html = source("index.html");
  const select = /<select id="set-theme">([\s\S]*?)<\/select>/.exec(html);
  assert.ok(select, "index.html has the theme select");
  const offered = [...select[1].matchAll(/<option value="([a-z]+)">([^<]+)</g)];
  assert.deepEqual(offered.map((m) => m[1]), THEMES);
  assert.equal(DEFAULT_THEME, "felt");
  assert.ok(THEMES.length >= 3 && THEMES.includes("night") && THEMES.includes("contrast"));
  for (const m of offered) assert.match(m[2], /^[A-Z][a-z]/);      // a name in words
});

test("every theme but the default sets its colours, and only ones the stylesheet uses", () => {
  const css = source("static/css/themes.css");
  const app = source("static/css/app.css");
  const root = /:root \{([\s\S]*?)\n\}/.exec(app)[1];
  const declared = new Set([...root.matchAll(/(--[a-z-]+):/g)].map((m) => m[1]));
  for (const theme of THEMES.slice(1)) {
    const block = new RegExp(`html\\[data-theme="${theme}"\\] \\{([\\s\\S]*?)\\n\\}`).exec(css);
    assert.ok(block, `themes.css sets ${theme}`);
    const set = [...block[1].matchAll(/(--[a-z-]+):/g)].map((m) => m[1]);
    for (const name of set) assert.ok(declared.has(name), `${theme}: ${name} is not one of app.css's`);
    for (const name of ["--theme-color", "--felt", "--ink", "--card", "--red", "--dialog"]) {
      assert.ok(set.includes(name), `${theme} sets ${name}`);
    }
  }
  assert.ok(declared.has("--theme-color"));
});

test("the theme is kept with the settings; an unknown or malformed one falls back to felt", () => {
  const read = (stored) => {
    globalThis.window = { localStorage: storageWith(stored === null ? null : JSON.stringify(stored)) };
    try {
      return readSettings().theme;
    } finally {
      delete globalThis.window;
    }
  };
  assert.equal(read(null), "felt");
  assert.equal(read({ v: 1 }), "felt");
  for (const theme of THEMES) assert.equal(read({ v: 1, theme }), theme);
  for (const bad of ["neon", "", "Night", 3, null, ["night"], { night: true }]) {
    assert.equal(read({ v: 1, theme: bad }), "felt", JSON.stringify(bad));
  }
  assert.equal(read({ v: 2, theme: "night" }), "felt");              // another version: defaults
  assert.equal(checkTheme("contrast"), "contrast");
  assert.equal(checkTheme("__proto__"), "felt");
});

test("the early script puts a saved theme on <html> before any module runs", () => {
  const code = source("static/js/theme-early.js");
  assert.ok(code.includes(`"${keys.settings}"`), "it reads the settings' own key");
  const run = (stored) => {
    const root = { dataset: {} };
    vm.runInNewContext(code, {
      window: { localStorage: storageWith(stored) },
      document: { documentElement: root },
    });
    return root.dataset.theme;
  };
  assert.equal(run(JSON.stringify({ v: 1, theme: "night" })), "night");
  assert.equal(run(JSON.stringify({ v: 1, theme: "contrast" })), "contrast");
  assert.equal(run(null), undefined);
  assert.equal(run("not json"), undefined);
  assert.equal(run(JSON.stringify({ v: 1, theme: '"><script>' })), undefined);
  assert.equal(run(JSON.stringify({ v: 1, theme: 7 })), undefined);
  assert.equal(run(JSON.stringify(null)), undefined);
  // The solver's indicator off: its line has no slot of its own from the first paint.
  const line = (stored) => {
    const root = { dataset: {} };
    vm.runInNewContext(code, { window: { localStorage: storageWith(stored) }, document: { documentElement: root } });
    return root.dataset.line;
  };
  assert.equal(line(JSON.stringify({ v: 1, indicator: false })), "free");
  assert.equal(line(JSON.stringify({ v: 1, indicator: true })), undefined);
  assert.equal(line(JSON.stringify({ v: 1 })), undefined);
  // No storage at all (a browser that blocks it): nothing set, nothing thrown.
  const root = { dataset: {} };
  vm.runInNewContext(code, {
    window: { get localStorage() { throw new Error("blocked"); } },
    document: { documentElement: root },
  });
  assert.equal(root.dataset.theme, undefined);
});

test("applying a theme sets <html data-theme> and the browser's theme colour", () => {
  const colours = { felt: "#1d5c3a", night: "#12161b", contrast: "#000000" };
  const root = { dataset: {} };
  const meta = { content: "", setAttribute(name, value) { this[name] = value; } };
  const doc = {
    documentElement: root,
    querySelector: (sel) => (sel === 'meta[name="theme-color"]' ? meta : null),
    defaultView: {
      getComputedStyle: (el) => ({
        getPropertyValue: (name) => (name === "--theme-color" ? ` ${colours[el.dataset.theme]}` : ""),
      }),
    },
  };
  assert.equal(applyTheme("night", doc), "night");
  assert.equal(root.dataset.theme, "night");
  assert.equal(meta.content, "#12161b");
  assert.equal(applyTheme("sepia", doc), "felt");
  assert.equal(root.dataset.theme, "felt");
  assert.equal(meta.content, "#1d5c3a");
  // A page without the meta element: the theme still applies.
  const bare = { ...doc, querySelector: () => null };
  assert.equal(applyTheme("contrast", bare), "contrast");
  assert.equal(root.dataset.theme, "contrast");
});
