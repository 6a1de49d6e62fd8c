// Run pytest inside Pyodide under Node.js.
//
// Normally started by tools/pyodide_tests.py, which vendors Pyodide and the
// test wheels and passes one JSON argument:
//
//   {
//     indexURL:       vendored Pyodide directory (with trailing separator),
//     pyodideVersion: expected pyodide.version,
//     pythonVersion:  expected "major.minor" of the Python inside,
//     repo:           repository root (pytest's working directory),
//     mounts:         host directories to mount (NODEFS) at the same path,
//     sysPath:        entries to prepend to sys.path,
//     pycachePrefix:  sys.pycache_prefix (host dir for .pyc files) or null,
//     pytestArgs:     arguments for pytest.main(),
//     env:            extra environment variables for os.environ,
//   }
//
// The process exit code is pytest's exit code; 11 means the harness itself
// failed (Pyodide did not boot, version mismatch, a mount was impossible...).

import { writeSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const HARNESS_FAILURE = 11; // pytest's own exit codes are 0-5
// In-memory (MEMFS) scratch space that never touches the host.
const SCRATCH = "/pyodide_tests";

const encoder = new TextEncoder();

function log(message) {
  writeAll(2, encoder.encode(`pyodide_tests: ${message}\n`));
}

class HarnessError extends Error {}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

// fs.writeSync on a non-blocking pipe can write partially or throw EAGAIN;
// keep going until everything is out so output is streamed and never lost.
function writeAll(fd, bytes) {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (err) {
      if (err.code !== "EAGAIN") throw err;
      Atomics.wait(sleeper, 0, 0, 5);
    }
  }
  return bytes.length;
}

function stream(fd, tty) {
  return { write: (bytes) => writeAll(fd, bytes), isatty: Boolean(tty) };
}

function mountAll(pyodide, mounts) {
  const { FS } = pyodide;
  for (const path of mounts) {
    if (path === "/" || !path.startsWith("/")) {
      throw new HarnessError(`cannot mount host path ${JSON.stringify(path)}`);
    }
    const found = FS.analyzePath(path);
    if (found.exists) {
      // Pyodide's own tree (/lib, /home/pyodide, /dev, ...) must stay visible.
      const entries = FS.readdir(path).filter((n) => n !== "." && n !== "..");
      if (entries.length > 0) {
        throw new HarnessError(
          `cannot mount host ${path}: it would hide Pyodide's own non-empty ${path}`,
        );
      }
    } else {
      FS.mkdirTree(path);
    }
    if (typeof pyodide.mountNodeFS === "function") {
      pyodide.mountNodeFS(path, path);
    } else {
      FS.mount(FS.filesystems.NODEFS, { root: path }, path);
    }
  }
}

const RUN_PYTEST = `
import json, os, sys

cfg = json.loads(_config_json)
sys.path[:0] = cfg["sysPath"]
if cfg.get("pycachePrefix"):
    # Pyodide defaults to dont_write_bytecode; keep .pyc files, but all of them
    # under one git-ignored host directory instead of next to the sources.
    sys.pycache_prefix = cfg["pycachePrefix"]
    sys.dont_write_bytecode = False
os.chdir(cfg["repo"])

want = tuple(int(p) for p in cfg["pythonVersion"].split("."))
print(
    f"pyodide_tests: Python {sys.version.split()[0]} on {sys.platform}, "
    f"Pyodide {_pyodide_version}, cwd {os.getcwd()}",
    file=sys.stderr,
    flush=True,
)
if sys.version_info[: len(want)] != want:
    raise SystemExit(f"expected Python {cfg['pythonVersion']}, got {sys.version}")

try:
    if cfg.get("script"):
        import runpy
        sys.argv = [cfg["script"], *cfg["pytestArgs"]]
        try:
            runpy.run_path(cfg["script"], run_name="__main__")
            _exit_code = 0
        except SystemExit as e:
            _exit_code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    else:
        import pytest
        _exit_code = int(pytest.main(cfg["pytestArgs"]))
finally:
    sys.stdout.flush()
    sys.stderr.flush()
_exit_code
`;

async function main() {
  const config = JSON.parse(process.argv[2] ?? "null");
  if (!config || !config.indexURL) {
    log("usage: node pyodide_tests.mjs <json config> (see tools/pyodide_tests.py)");
    return HARNESS_FAILURE;
  }

  const t0 = performance.now();
  const moduleURL = pathToFileURL(join(config.indexURL, "pyodide.mjs")).href;
  const { loadPyodide } = await import(moduleURL);
  const env = {
    HYPOTHESIS_STORAGE_DIRECTORY: `${SCRATCH}/hypothesis`,
    ...(process.stdout.isTTY && process.stdout.columns
      ? { COLUMNS: String(process.stdout.columns) }
      : {}),
    ...config.env,
  };
  const pyodide = await loadPyodide({
    indexURL: config.indexURL,
    env,
    // Line-based handlers for anything printed while booting; replaced by
    // byte-exact streaming (setStdout/setStderr) right after.
    stdout: (line) => writeAll(1, encoder.encode(`${line}\n`)),
    stderr: (line) => writeAll(2, encoder.encode(`${line}\n`)),
  });
  pyodide.setStdout(stream(1, process.stdout.isTTY));
  pyodide.setStderr(stream(2, process.stderr.isTTY));
  const booted = performance.now();
  log(`Pyodide booted in ${((booted - t0) / 1000).toFixed(2)}s`);

  if (config.pyodideVersion && pyodide.version !== config.pyodideVersion) {
    log(`expected Pyodide ${config.pyodideVersion}, got ${pyodide.version}`);
    return HARNESS_FAILURE;
  }

  pyodide.FS.mkdirTree(SCRATCH);
  mountAll(pyodide, config.mounts);

  const globals = pyodide.toPy({
    _config_json: JSON.stringify(config),
    _pyodide_version: pyodide.version,
  });
  let code;
  try {
    code = pyodide.runPython(RUN_PYTEST, { globals });
  } catch (err) {
    // SystemExit from the version check, or an error importing pytest.
    log(`harness failure:\n${err.message ?? err}`);
    return HARNESS_FAILURE;
  } finally {
    globals.destroy();
  }
  log(`${config.script ? "script" : "pytest"} finished in ${((performance.now() - booted) / 1000).toFixed(2)}s (exit ${code})`);
  return code;
}

let exitCode;
try {
  exitCode = await main();
} catch (err) {
  log(`harness failure: ${err instanceof HarnessError ? err.message : (err.stack ?? err)}`);
  exitCode = HARNESS_FAILURE;
}
process.exit(exitCode);
