// Parse worker: one file at a time, text in, FileFacts out (structured clone). Started by pool.ts;
// also a build entrypoint so `bun build --compile` embeds it (scripts/build.ts).
import { analyseText } from "./analyse.ts";
import { cacheable, writeEntry, type EntryTarget } from "./cache.ts";
import type { SourceFile } from "./walk.ts";

export interface WorkRequest {
  id: number;
  src: SourceFile;
  text: string;
  /** Where to store the facts in the facts cache, done here to keep serialising off the main thread. */
  cache?: EntryTarget;
}

export interface WorkResponse {
  id: number;
  facts?: import("./facts.ts").FileFacts;
  error?: string;
  /** The facts were written to the cache. */
  cached?: boolean;
}

/** Sub-directories this worker has made already. */
const made = new Set<string>();

declare const self: Worker;

self.onmessage = async (event: MessageEvent<WorkRequest>) => {
  const { id, src, text, cache } = event.data;
  let reply: WorkResponse;
  try {
    const facts = await analyseText(src, text);
    const cached = cache !== undefined && cacheable(facts) && writeEntry(cache.dir, cache.key, facts, made);
    reply = { id, facts, cached };
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
  }
  postMessage(reply);
};
