// The engine's zip read in JavaScript: its files, inflated with the browser's
// DecompressionStream while the runtime still downloads, so that once Python is up they only
// need writing to its file system (pyodide-loader.js). Pyodide's unpackArchive does the same
// in Python (zipfile and shutil, writing each file through Python's os), after Python is
// up: about 0.1 s of the first visit's start under Node, where writing the files inflated
// here takes 5 ms (issue 28, docs/speed.md).
//
// Only what build.py's zip_engine writes is read: a plain zip (no ZIP64, no encryption, one
// disk), each file stored or deflated, its size and CRC-32 those its entry names. Anything
// else throws before a file is handed on, and filesOrNull answers null: the caller unpacks
// the zip the usual way (Pyodide's unpackArchive, whose zipfile checks the same and fails
// with words). Where the platform has no DecompressionStream, filesOrNull answers null too.
// Pure but for the inflating, which is passed in: tested in Node.

const EOCD = 0x06054b50;       // end of central directory
const CENTRAL = 0x02014b50;    // a central directory entry
const LOCAL = 0x04034b50;      // a local file header
const STORED = 0;
const DEFLATED = 8;
const EOCD_MIN = 22;
const COMMENT_MAX = 0xffff;

/** A path in the zip that stays inside the folder it is unpacked into, or an error. */
export function safeName(name) {
  const parts = name.split("/");
  if (name === "" || name.startsWith("/") || name.includes("\\")
      || parts.some((p) => p === ".." || p === ".")) {
    throw new Error(`the zip names a file outside its folder: ${JSON.stringify(name)}`);
  }
  return name;
}

/** The zip's files: [{name, method, offset, size, length, crc}] (data offset, compressed and
 * uncompressed sizes, CRC-32 of the uncompressed bytes), from its central directory; folders left out. Throws on what
 * zip_engine does not write. */
export function entries(buffer) {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  let end = -1;
  for (let i = bytes.length - EOCD_MIN; i >= Math.max(0, bytes.length - EOCD_MIN - COMMENT_MAX); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a zip: no end of central directory");
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) {
    throw new Error("a zip of several disks");
  }
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const found = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw new Error("a damaged zip directory");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const length = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
    if (flags & 1) throw new Error("an encrypted zip");
    if (method !== STORED && method !== DEFLATED) throw new Error(`a zip compressed by method ${method}`);
    if (size === 0xffffffff || length === 0xffffffff || local === 0xffffffff) throw new Error("a ZIP64 zip");
    if (name.endsWith("/")) continue;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL) throw new Error("a damaged zip entry");
    const offset = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (offset + size > bytes.length) throw new Error("a truncated zip");
    found.push({ name: safeName(name), method, offset, size, length, crc });
  }
  return found;
}

/** Inflate raw deflate bytes with the platform's DecompressionStream. */
export async function inflateRaw(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** CRC-32 (the zip's, ISO 3309) of some bytes. */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes) {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The zip's files as [{name, bytes}], each inflated (by `inflate`) and checked against its
 * size and CRC-32; rejects, naming the file, if one does not match (no file is handed on). */
export async function unzip(buffer, inflate = inflateRaw) {
  const bytes = new Uint8Array(buffer);
  return Promise.all(entries(buffer).map(async (e) => {
    const data = bytes.subarray(e.offset, e.offset + e.size);
    const out = e.method === STORED ? data.slice() : await inflate(data);
    if (out.length !== e.length) throw new Error(`${e.name}: ${out.length} bytes, not ${e.length}`);
    if (crc32(out) !== e.crc) throw new Error(`${e.name}: damaged (its CRC-32 is not its entry's)`);
    return { name: e.name, bytes: out };
  }));
}

/** The zip's files as unzip gives them, or null where they cannot be had here: no
 * DecompressionStream (`inflate` null), or a zip unzip refuses. Null: the caller unpacks the
 * zip another way. */
export async function filesOrNull(buffer,
  inflate = typeof DecompressionStream === "function" ? inflateRaw : null) {
  if (!inflate) return null;
  try {
    return await unzip(buffer, inflate);
  } catch {
    return null;
  }
}
