// Compile Python sources to bytecode with Pyodide's own Python, under Node.js: the page's
// Python is Pyodide's (3.14), whose bytecode CPython 3.11 cannot write. Started by
// tools/pyc_compile.py with one JSON argument:
//
//   { indexURL: the pinned Pyodide's folder (trailing separator),
//     version: the Pyodide version expected,
//     dir: a host folder holding the sources (mounted with NODEFS, put first on sys.path),
//     run: Python code whose imports choose what to compile (e.g. the page's first import),
//     files: the sources to compile when `run` is empty, paths in `dir` ("patience/x.py") }
//
// With `run`, the code is run, and every module it imported from `dir` is compiled. Each
// source is compiled by py_compile, beside it ("patience/x.pyc": where Python imports a
// module with no source from), as an unchecked-hash pyc (PEP 552: no mtime in it, so its
// bytes depend only on the source), with no column ranges (-X no_debug_ranges: a quarter
// smaller zipped; tracebacks keep their lines). The file name in the code is the relative path,
// not the temporary folder's. Prints one JSON line: {magic: hex, pycs: {source: pyc}}.
// Exit status 1 with a message on any failure.

import { pathToFileURL } from "node:url";

const COMPILE = `
import importlib, importlib.util, json, os, py_compile, sys
sys.path.insert(0, _dir)
files = json.loads(_files)
if _run:
    before = set(sys.modules)
    exec(compile(_run, "<run>", "exec"), {})
    for name in sorted(set(sys.modules) - before):
        path = getattr(sys.modules[name], "__file__", None) or ""
        if path.startswith(_dir + "/") and path.endswith(".py"):
            files.append(path[len(_dir) + 1:])
out = {}
for rel in sorted(set(files)):
    source = _dir + "/" + rel
    py_compile.compile(source, cfile=source + "c", dfile=rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    out[rel] = rel + "c"
json.dumps({"magic": importlib.util.MAGIC_NUMBER.hex(), "pycs": out})
`;

async function main() {
  const config = JSON.parse(process.argv[2] ?? "null");
  if (!config?.indexURL || !config.dir || !Array.isArray(config.files)) {
    throw new Error("usage: node pyc_compile.mjs <json config> (see tools/pyc_compile.py)");
  }
  const { loadPyodide, version } = await import(pathToFileURL(`${config.indexURL}pyodide.mjs`).href);
  if (version !== config.version) throw new Error(`Pyodide ${version}, expected ${config.version}`);
  const pyodide = await loadPyodide({
    indexURL: config.indexURL, stdout: () => {}, stderr: () => {}, args: ["-X", "no_debug_ranges"],
  });
  pyodide.FS.mkdirTree(config.dir);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: config.dir }, config.dir);
  pyodide.globals.set("_dir", config.dir);
  pyodide.globals.set("_run", config.run ?? "");
  pyodide.globals.set("_files", JSON.stringify(config.files));
  process.stdout.write(`${pyodide.runPython(COMPILE)}\n`);
}

main().catch((err) => {
  process.stderr.write(`pyc_compile: ${err?.message ?? err}\n`);
  process.exitCode = 1;
});
