import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";

import { entries, safeName, unzip } from "../../static/js/unzip.js";

const text = (bytes) => new TextDecoder().decode(bytes);

/** A zip of [name, content, method] (0 stored, 8 deflated), laid out as zipfile writes one. */
function makeZip(files, { comment = "" } = {}) {
  const enc = new TextEncoder();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, content, method, length] of files) {
    const raw = enc.encode(content);
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const nameBytes = enc.encode(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(length ?? raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(method, 10);
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
