import { test } from "node:test";
import assert from "node:assert/strict";
import { crc32 as zlibCrc32, deflateRawSync } from "node:zlib";

import { crc32, entries, filesOrNull, safeName, unzip } from "../../static/js/unzip.js";

const text = (bytes) => new TextDecoder().decode(bytes);

/** A zip of [name, content, method, length?, crc?] (0 stored, 8 deflated; length and crc
 * the true ones unless given), laid out as zipfile writes one. */
function makeZip(files, { comment = "" } = {}) {
  const enc = new TextEncoder();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, content, method, length, crc] of files) {
    const raw = enc.encode(content);
    const check = crc ?? zlibCrc32(raw);
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const nameBytes = enc.encode(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(check, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(length ?? raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(check, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(length ?? raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(enc.encode(comment).length, 20);
  const all = Buffer.concat([...locals, dir, end, enc.encode(comment)]);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.length);
}

test("a zip's files come out as they went in, stored or deflated, folders left out", async () => {
  const source = "def f():\n    return 1\n".repeat(50);
  const zip = makeZip([["patience/", "", 0], ["patience/__init__.py", source, 8],
    ["patience/py.typed", "", 0], ["patience/games/klondike.py", "x = 1\n", 0]]);
  const files = await unzip(zip);
  assert.deepEqual(files.map((f) => f.name),
    ["patience/__init__.py", "patience/py.typed", "patience/games/klondike.py"]);
  assert.equal(text(files[0].bytes), source);
  assert.equal(files[1].bytes.length, 0);
  assert.equal(text(files[2].bytes), "x = 1\n");
});

test("a zip with a comment is read from its end record", async () => {
  const files = await unzip(makeZip([["a.py", "a = 1\n", 8]], { comment: "made here" }));
  assert.equal(text(files[0].bytes), "a = 1\n");
});

test("a file whose size is not its entry's is refused", async () => {
  await assert.rejects(unzip(makeZip([["a.py", "a = 1\n", 8, 99]])), /a.py: 6 bytes, not 99/);
});

test("what is not a zip, or names a file outside its folder, is refused", async () => {
  assert.throws(() => entries(new TextEncoder().encode("not a zip at all, no").buffer), /not a zip/);
  assert.throws(() => entries(makeZip([["../evil.py", "x", 0]])), /outside its folder/);
  for (const bad of ["/etc/passwd", "a/../../b", "a\\b", "./a", ""]) {
    assert.throws(() => safeName(bad), /outside its folder/);
  }
  assert.equal(safeName("patience/games/golf.py"), "patience/games/golf.py");
});

test("a method other than stored or deflated is refused", () => {
  const zip = makeZip([["a.py", "a", 0]]);
  const view = new DataView(zip);
  const dir = view.getUint32(zip.byteLength - 22 + 16, true);
  view.setUint16(dir + 10, 12, true);          // bzip2
  assert.throws(() => entries(zip), /method 12/);
});

test("the inflating is the caller's to pass (the platform's by default)", async () => {
  const seen = [];
  const files = await unzip(makeZip([["a.py", "abc", 8]]), async (data) => {
    seen.push(data.length);
    return new TextEncoder().encode("abc");
  });
  assert.equal(seen.length, 1);
  assert.equal(text(files[0].bytes), "abc");
});

test("CRC-32 is the zip's (zlib's, and the standard check value)", () => {
  const enc = new TextEncoder();
  assert.equal(crc32(enc.encode("123456789")), 0xcbf43926);
  assert.equal(crc32(new Uint8Array(0)), 0);
  const some = enc.encode("def deal(seed):\n    return seed * 7\n".repeat(40));
  assert.equal(crc32(some), zlibCrc32(some));
});

test("a file whose bytes are not its entry's CRC-32 is refused, naming it", async () => {
  const good = "a = 1\n";
  const zip = makeZip([["ok.py", "b = 2\n", 8], ["a.py", good, 8, undefined, zlibCrc32("a = 2\n")]]);
  await assert.rejects(unzip(zip), /a\.py: damaged/);
  // A stored file flipped in the zip's bytes: the same.
  const stored = makeZip([["s.py", "x = 1\n", 0]]);
  const bytes = new Uint8Array(stored);
  const at = bytes.indexOf("x".charCodeAt(0), 30);
  bytes[at] = "y".charCodeAt(0);
  await assert.rejects(unzip(stored), /s\.py: damaged/);
});

test("filesOrNull hands on every file or none: null for a bad zip, or with no inflater", async () => {
  const zip = makeZip([["a.py", "a = 1\n", 8], ["b.py", "b = 2\n", 8, undefined, 1234]]);
  assert.equal(await filesOrNull(zip), null);               // one bad file: none written
  assert.equal(await filesOrNull(new ArrayBuffer(8)), null);   // not a zip
  // The platform without DecompressionStream: null, and nothing is read.
  assert.equal(await filesOrNull(makeZip([["a.py", "a = 1\n", 8]]), null), null);
  const files = await filesOrNull(makeZip([["a.py", "a = 1\n", 8]]));
  assert.deepEqual(files.map((f) => [f.name, text(f.bytes)]), [["a.py", "a = 1\n"]]);
  // An inflater that fails (a stream error): null too.
  assert.equal(await filesOrNull(makeZip([["a.py", "a", 8]]), async () => {
    throw new TypeError("bad deflate data");
  }), null);
});

test("the zip Python's zipfile writes (as build.py's zip_engine does) is read and checked", async () => {
  const { execFileSync } = await import("node:child_process");
  const script = [
    "import io, sys, zipfile",
    "b = io.BytesIO()",
    "with zipfile.ZipFile(b, 'w', zipfile.ZIP_DEFLATED) as z:",
    "    z.writestr('patience/', '')",
    "    z.writestr('patience/__init__.py', 'VERSION = 1\\n' * 300)",
    "    z.writestr('patience/empty.py', '')",
    "sys.stdout.buffer.write(b.getvalue())",
  ].join("\n");
  let out;
  try {
    out = execFileSync("python3", ["-c", script]);
  } catch {
    out = execFileSync("python", ["-c", script]);
  }
  const buffer = out.buffer.slice(out.byteOffset, out.byteOffset + out.length);
  const files = await unzip(buffer);
  assert.deepEqual(files.map((f) => f.name), ["patience/__init__.py", "patience/empty.py"]);
  assert.equal(text(files[0].bytes), "VERSION = 1\n".repeat(300));
  const bytes = new Uint8Array(buffer);
  bytes[entries(buffer)[0].offset + 3] ^= 0xff;       // damage the deflated bytes
  assert.equal(await filesOrNull(buffer), null);
});
