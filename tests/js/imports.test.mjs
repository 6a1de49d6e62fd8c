// The page's modules import one another without a cycle: each module is handed what it
// needs from the modules above it (the controller, main.js), never imported back. This
// reads every static/js/*.js, follows its static relative imports and fails naming the
// modules of any cycle; the checker itself is tried on small made-up graphs first.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const JS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "static", "js");

// `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"`, over lines.
const STATIC_IMPORT = /^\s*(?:import|export)\b[^"';()]*?(?:\bfrom\s*)?["'](\.\/[^"']+)["']/gm;

/** Return the modules a module's text imports statically from its own folder. */
export function importsOf(text) {
  return [...text.matchAll(STATIC_IMPORT)].map((m) => basename(m[1]));
}

/** Return the cycles of a graph {module: [imported modules]}: each as the list of its
 * modules, first one again at the end (["a.js", "b.js", "a.js"]); [] when there is none. */
export function cyclesOf(graph) {
  const cycles = [];
  const state = new Map();        // module -> "open" (on the path) | "done"
  const path = [];
  const visit = (node) => {
    state.set(node, "open");
    path.push(node);
    for (const next of graph[node] ?? []) {
      if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, "done");
  };
  for (const node of Object.keys(graph).sort()) if (!state.has(node)) visit(node);
  return cycles;
}

test("the checker finds a cycle of two, of three and a module importing itself", () => {
  assert.deepEqual(cyclesOf({ "a.js": ["b.js"], "b.js": ["a.js"] }), [["a.js", "b.js", "a.js"]]);
  assert.deepEqual(cyclesOf({ "a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"], "d.js": ["a.js"] }),
    [["a.js", "b.js", "c.js", "a.js"]]);
  assert.deepEqual(cyclesOf({ "a.js": ["a.js"] }), [["a.js", "a.js"]]);
});

test("the checker passes a graph with shared imports but no cycle", () => {
  assert.deepEqual(cyclesOf({ "main.js": ["a.js", "b.js"], "a.js": ["c.js"], "b.js": ["c.js"], "c.js": [] }), []);
});

test("the checker reads every form of static import, and no dynamic one", () => {
  const text = [
    'import { a } from "./a.js";',
    "import * as b from './b.js';",
    'import "./c.js";',
    'export { d } from "./d.js";',
    "import {\n  e,\n  f,\n} from \"./e.js\";",
    'import { g } from "../../vendor/g.mjs";',
    'const h = await import("./h.js");',
    'export async function i() {\n  return import("./i.js");\n}',
  ].join("\n");
  assert.deepEqual(importsOf(text), ["a.js", "b.js", "c.js", "d.js", "e.js"]);
});

test("no import cycle among the page's modules", () => {
  const files = readdirSync(JS).filter((f) => f.endsWith(".js"));
  assert.ok(files.includes("main.js") && files.length > 10, `read ${files.length} modules`);
  const graph = Object.fromEntries(files.map((f) => [f, importsOf(readFileSync(join(JS, f), "utf8"))]));
  assert.ok(graph["main.js"].length > 5, "main.js's imports were read");
  const cycles = cyclesOf(graph).map((c) => c.join(" -> "));
  assert.deepEqual(cycles, [], `import cycles in static/js:\n${cycles.join("\n")}`);
});
