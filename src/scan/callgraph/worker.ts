// Parse worker: one file at a time, text in, FileFacts out as facts-codec entry bytes (codec.ts).
// Started by pool.ts; also a build entrypoint so `bun build --compile` embeds it (scripts/build.ts).
import { analyseUnshared } from "./analyse.ts";
import { cacheable, encodeFacts } from "./cache.ts";
import type { SourceFile } from "./walk.ts";
import { adoptWasmModules } from "./parser.ts";

export interface WorkRequest {
  id: number;
  src: SourceFile;
  text: string;
  /** The WASM modules of the file's grammar compiled by the pool (parser.ts wasmModules), on its first file of that grammar. */
  wasm?: WebAssembly.Module[];
}

export interface WorkResponse {
  /** 0: the `ready` message a worker sends once loaded (the pool tells start-up failures by it). */
  id: number;
  ready?: true;
  /**
   * The facts as cache entry bytes (encodeFacts), transferred: encoded once for the main thread
   * and the cache it appends them to, cheaper than a structured clone of the facts.
   */
  bytes?: ArrayBuffer;
  /** The facts in `bytes` may be cached (cache.ts cacheable): told so that the bytes can be stored before they are decoded. */
  cacheable?: boolean;
  /** The facts as a structured clone (test workers). */
  facts?: import("./fact-types.ts").FileFacts;
  error?: string;
}

/**
 * Source characters between two requests for a collection. A worker keeps almost nothing alive
 * between files, yet JSC lets its heap grow to twice its size before collecting, and the size
 * counts tree-sitter's WASM memory (~70 MB), so each worker carried ~200 MB, mostly garbage: a
 * third of a scan's peak RSS. An asynchronous request (Bun.gc(false)) costs the worker nothing
 * measurable; a synchronous one took ~250 ms each (it waits for the JIT threads).
 */
const GC_EVERY_CHARS = 128 * 1024;
let sinceGc = 0;

declare const self: Worker;

/** The file being worked on: files are analysed one after another, answered in the order sent. */
let previous: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<WorkRequest>) => {
  const { id } = event.data;
  // A failure that escapes work() must not stop the files after it (the chain would stay rejected).
  previous = previous.then(() => work(event.data)).catch((e: unknown) => postMessage({ id, error: String(e) } satisfies WorkResponse));
};

async function work(request: WorkRequest): Promise<void> {
  const { id, src, text, wasm } = request;
  let reply: WorkResponse;
  try {
    if (wasm) adoptWasmModules(src.grammar, wasm);
    const facts = await analyseUnshared(src, text);
    const bytes = encodeFacts(facts);
    reply = { id, bytes: bytes.buffer as ArrayBuffer, cacheable: cacheable(facts) };
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
  }
  postMessage(reply, reply.bytes ? [reply.bytes] : []);
  sinceGc += text.length;
  if (sinceGc >= GC_EVERY_CHARS) {
    sinceGc = 0;
    Bun.gc(false);
  }
}

postMessage({ id: 0, ready: true } satisfies WorkResponse);
