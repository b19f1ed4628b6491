// Facts of every source file: read each file, serve unchanged content from the facts cache, and
// parse the rest, in the worker pool when there is enough of it (else in-process: starting
// workers costs more than parsing a handful of files).
import { analyseText, readForAnalysis } from "./analyse.ts";
import type { FactsCache } from "./cache.ts";
import type { FileFacts } from "./facts.ts";
import { defaultPoolSize, ParsePool, PoolBroken, type PoolOptions } from "./pool.ts";
import type { SourceFile } from "./walk.ts";

/** Fewer files to parse than this: in-process. */
export const MIN_POOL_FILES = 24;

export interface CollectOptions {
  signal?: AbortSignal;
  cache?: FactsCache | null;
  /** false: always in-process. */
  pool?: PoolOptions | false;
}

export interface CollectStats {
  files: number;
  cacheHits: number;
  parsed: number;
  /** Workers the pool could use (0: parsed in-process). */
  workers: number;
  /** Workers could not run here and parsing fell back to in-process. */
  workersBroken: boolean;
  /** Workers that crashed or timed out on a file. */
  workersCrashed: number;
}

export async function collectFacts(root: string, sources: SourceFile[], opts: CollectOptions = {}): Promise<{ facts: FileFacts[]; stats: CollectStats }> {
  const { signal, cache } = opts;
  const size = opts.pool === false ? 1 : (opts.pool?.size ?? defaultPoolSize());
  const stats: CollectStats = { files: sources.length, cacheHits: 0, parsed: 0, workers: 0, workersBroken: false, workersCrashed: 0 };
  let pool: ParsePool | null = null;
  let inPool = size > 1 && sources.length >= MIN_POOL_FILES;
  const onAbort = (): void => pool?.close(signal?.reason);
  signal?.addEventListener("abort", onAbort);
  const pending: Promise<FileFacts>[] = [];
  try {
    const texts: { src: SourceFile; text: string; key: string | null; at: number }[] = [];
    const out: (FileFacts | null)[] = [];
    for (const src of sources) {
      signal?.throwIfAborted();
      const read = await readForAnalysis(root, src);
      if ("facts" in read) {
        out.push(read.facts);
        continue;
      }
      const key = cache ? cache.key(src.grammar, read.text) : null;
      const hit = key !== null ? cache!.get(key, src.path) : null;
      if (hit) {
        stats.cacheHits++;
        out.push(hit);
        continue;
      }
      texts.push({ src, text: read.text, key, at: out.length });
      out.push(null);
    }
    // Decided on what is left to parse, so a re-scan of one changed file starts no workers.
    inPool &&= texts.length >= MIN_POOL_FILES;
    stats.parsed = texts.length;
    for (const t of texts) {
      signal?.throwIfAborted();
      let p: Promise<FileFacts>;
      if (inPool) {
        pool ??= new ParsePool({ ...(opts.pool || {}), size });
        p = pool.analyse(t.src, t.text).catch((e: unknown) => {
          if (e instanceof PoolBroken) return analyseText(t.src, t.text, signal);
          throw e;
        });
      } else {
        p = analyseText(t.src, t.text, signal);
        // In-process: one at a time keeps memory flat and lets abort land between files.
        await p;
      }
      p = p.then((f) => {
        if (t.key !== null && cacheable(f)) cache!.put(t.key, f);
        out[t.at] = f;
        return f;
      });
      p.catch(() => {}); // awaited below; this only keeps an early abort from leaving it unhandled
      pending.push(p);
      t.text = "";
    }
    await Promise.all(pending);
    signal?.throwIfAborted();
    stats.workers = pool?.size ?? 0;
    stats.workersBroken = pool?.broken ?? false;
    stats.workersCrashed = pool?.crashed ?? 0;
    if (cache && cache.writes > 0) cache.prune();
    return { facts: out as FileFacts[], stats };
  } finally {
    signal?.removeEventListener("abort", onAbort);
    pool?.close();
  }
}

/** Facts decided by the content alone; timeouts, aborts and crashes may not happen next time. */
function cacheable(f: FileFacts): boolean {
  return f.error === undefined || f.error.startsWith("syntax error");
}
