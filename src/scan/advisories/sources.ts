// Where OSV records come from: a JSON file (one record or an array), a directory of them
// (recursively, *.json, no symlinks), or an osv.dev-style zip (`<ID>.json` entries). All yield
// records one at a time so an import holds one record (or one zip chunk's worth) in memory.
// The zip is streamed with fflate's Unzip; each entry is bounded before it is inflated further.
import { createReadStream } from "node:fs";
import { lstat, open, opendir } from "node:fs/promises";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { Unzip, type AsyncFlateStreamHandler, type FlateError, type UnzipDecoder, type UnzipFile } from "fflate";

export const MAX_RECORD_BYTES = 5 * 1024 * 1024;
/** An array file holds many records; bounded so one file cannot exhaust memory. */
export const MAX_JSON_FILE_BYTES = 256 * 1024 * 1024;

export type ImportInput = { path: string } | { name: string; bytes: Uint8Array };
export type RawEntry = { entry: string; value: unknown } | { entry: string; error: string };

const decoder = new TextDecoder("utf-8");

export async function* readInput(input: ImportInput, signal?: AbortSignal): AsyncGenerator<RawEntry> {
  if ("bytes" in input) {
    if (isZip(input.bytes) || input.name.toLowerCase().endsWith(".zip")) yield* readZip(input.name, chunksOf(input.bytes), signal);
    else yield* parseJsonText(input.name, input.bytes);
    return;
  }
  const st = await lstat(input.path);
  if (st.isDirectory()) yield* readDirectory(input.path, signal);
  else if (st.isFile() && (input.path.toLowerCase().endsWith(".zip") || (await startsWithZipMagic(input.path)))) {
    yield* readZip(input.path, fileChunks(input.path), signal);
  } else if (st.isFile()) yield* readJsonFile(input.path, input.path, st.size);
  else yield { entry: input.path, error: "not a regular file or directory" };
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

async function startsWithZipMagic(path: string): Promise<boolean> {
  const fh = await open(path, "r");
  try {
    const buf = new Uint8Array(4);
    await fh.read(buf, 0, 4, 0);
    return isZip(buf);
  } finally {
    await fh.close();
  }
}

async function* readDirectory(root: string, signal?: AbortSignal): AsyncGenerator<RawEntry> {
  const dirs = [root];
  while (dirs.length > 0) {
    signal?.throwIfAborted();
    const dir = dirs.pop()!;
    const files: { path: string; size: number }[] = [];
    const subdirs: string[] = [];
    for await (const d of await opendir(dir)) {
      const path = join(dir, d.name);
      if (d.isDirectory()) subdirs.push(path);
      else if (d.isFile() && d.name.toLowerCase().endsWith(".json")) files.push({ path, size: (await lstat(path)).size });
    }
    dirs.push(...subdirs.sort().reverse());
    files.sort((a, b) => (a.path < b.path ? -1 : 1));
    for (const f of files) yield* readJsonFile(f.path, f.path.slice(root.length + 1) || f.path, f.size);
  }
}

async function* readJsonFile(path: string, entry: string, size: number): AsyncGenerator<RawEntry> {
  if (size > MAX_JSON_FILE_BYTES) {
    yield { entry, error: `file too large (${size} bytes)` };
    return;
  }
  yield* parseJsonText(entry, new Uint8Array(await Bun.file(path).arrayBuffer()));
}

/** One record, or an array of records each checked against the per-record bound. */
function* parseJsonText(entry: string, bytes: Uint8Array): Generator<RawEntry> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch (e) {
    yield { entry, error: `invalid JSON: ${String(e instanceof Error ? e.message : e).slice(0, 200)}` };
    return;
  }
  if (!Array.isArray(value)) {
    if (bytes.length > MAX_RECORD_BYTES) yield { entry, error: `record larger than ${MAX_RECORD_BYTES} bytes` };
    else yield { entry, value };
    return;
  }
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    value[i] = null; // let each record go once handed over
    const size = JSON.stringify(item)?.length ?? 0;
    if (size > MAX_RECORD_BYTES) yield { entry: `${entry}[${i}]`, error: `record larger than ${MAX_RECORD_BYTES} bytes` };
    else yield { entry: `${entry}[${i}]`, value: item };
  }
}

async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) yield chunk as Uint8Array;
}

async function* chunksOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 256 * 1024) yield bytes.subarray(i, i + 256 * 1024);
}

async function* readZip(name: string, chunks: AsyncGenerator<Uint8Array>, signal?: AbortSignal): AsyncGenerator<RawEntry> {
  const ready: RawEntry[] = [];
  let entries = 0;
  const unzip = new Unzip((file) => {
    entries++;
    onZipEntry(file, ready);
  });
  unzip.register(NativeInflate);
  try {
    for await (const chunk of chunks) {
      signal?.throwIfAborted();
      unzip.push(chunk);
      // Entries completed by this chunk are handed over before the next chunk is inflated.
      while (ready.length > 0) yield ready.shift()!;
    }
    unzip.push(new Uint8Array(0), true);
    // The streaming reader waits quietly for more data on garbage; no entry at all means no zip.
    if (entries === 0) ready.push({ entry: name, error: "no zip entries found (not a zip, or truncated)" });
  } catch (e) {
    if (signal?.aborted) throw e;
    ready.push({ entry: name, error: `unreadable zip: ${String(e instanceof Error ? e.message : e).slice(0, 200)}` });
  }
  while (ready.length > 0) yield ready.shift()!;
}

const TOO_LARGE = `record larger than ${MAX_RECORD_BYTES} bytes`;

function flateError(message: string): FlateError {
  return Object.assign(new Error(message), { code: 0 });
}

/**
 * DEFLATE zip entries inflated by the runtime's zlib, 4–7× faster than fflate's JavaScript
 * inflate (most of a zip import's time). A record is small, so each entry is inflated whole;
 * bounded both ways: compressed input and inflated output past MAX_RECORD_BYTES are refused.
 */
class NativeInflate implements UnzipDecoder {
  static compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  private parts: Uint8Array[] = [];
  private size = 0;
  private done = false;

  push(chunk: Uint8Array, final: boolean): void {
    if (this.done) return;
    this.size += chunk.length;
    if (this.size > MAX_RECORD_BYTES) return this.end(flateError(TOO_LARGE));
    this.parts.push(chunk.slice()); // fflate reuses its buffers
    if (!final) return;
    let out: Buffer;
    try {
      out = inflateRawSync(concat(this.parts, this.size), { maxOutputLength: MAX_RECORD_BYTES + 1 });
    } catch (e) {
      const code = (e as { code?: string }).code;
      return this.end(flateError(code === "ERR_BUFFER_TOO_LARGE" ? TOO_LARGE : String(e instanceof Error ? e.message : e)));
    }
    this.done = true;
    this.parts = [];
    // zlib's output owns a plain ArrayBuffer (never shared memory).
    this.ondata(null, out as Uint8Array<ArrayBuffer>, true);
  }

  private end(err: FlateError): void {
    this.done = true;
    this.parts = [];
    this.ondata(err, new Uint8Array(0), true);
  }
}

function onZipEntry(file: UnzipFile, ready: RawEntry[]): void {
  if (file.name.endsWith("/") || !file.name.toLowerCase().endsWith(".json")) return;
  if (file.originalSize !== undefined && file.originalSize > MAX_RECORD_BYTES) {
    ready.push({ entry: file.name, error: `record larger than ${MAX_RECORD_BYTES} bytes` });
    return;
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  let refused = false;
  file.ondata = (err, data, final) => {
    if (refused) return;
    if (err) {
      refused = true;
      ready.push({ entry: file.name, error: err.message === TOO_LARGE ? TOO_LARGE : `unreadable zip entry: ${err.message}` });
      return;
    }
    size += data.length;
    if (size > MAX_RECORD_BYTES) {
      refused = true; // the header lied about the size (or had none): stop inflating this entry
      file.terminate();
      ready.push({ entry: file.name, error: `record larger than ${MAX_RECORD_BYTES} bytes` });
      return;
    }
    parts.push(data);
    if (final) for (const r of parseJsonText(file.name, concat(parts, size))) ready.push(r);
  };
  file.start();
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
