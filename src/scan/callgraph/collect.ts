// Facts of every source file: read each file, serve unchanged content from the facts cache, and
// parse the rest, in the worker pool when there is enough of it (else in-process: starting
// workers costs more than parsing a handful of files).
import { analyseEncoded, analyseText, emptyFacts, readForAnalysis } from "./analyse.ts";
import { cacheable, contentKey, decodeFacts, grammarTag, type FactsCache } from "./cache.ts";
import type { FileFacts } from "./fact-types.ts";
import type { Grammar } from "./parser.ts";
import { lstatSync, type Stats } from "node:fs";
import { join } from "node:path";
import { defaultPoolSize, ParsePool, PoolBroken, type PoolOptions } from "./pool.ts";
import type { StatIndex } from "./stat-index.ts";
import type { SourceFile } from "./walk.ts";

/** Fewer files to parse than this: in-process. */
export const MIN_POOL_FILES = 24;

export interface CollectOptions {
  signal?: AbortSignal;
  cache?: FactsCache | null;
  /** false: always in-process. */
  pool?: PoolOptions | false;
  /**
   * A pool shared by the calls of one build (the app's files, then each dependency-crawl layer):
   * started by the first call that needs it, closed by its owner, so workers start (WASM compile,
   * JIT warm-up) once per build instead of once per call, and a small layer still goes to warm
   * workers.
   */
  shared?: SharedPool;
  /**
   * The previous scan's facts by path (incremental.ts): a file whose content key is unchanged
   * keeps its very FileFacts object (no cache read, no decoding); updated with this scan's.
   */
  memo?: Map<string, { key: string; facts: FileFacts; contentId?: string }>;
  /**
   * Path → an id of the file's content vouched for by the caller (a checkout's git blob ids:
   * Checkout.contentIds). A file whose id equals the one the memo recorded keeps its facts
   * without being read at all.
   */
  contentIds?: Map<string, string> | null;
  /**
   * The last build's stat and content key per file of this root (stat-index.ts, with `cache`): a
   * file whose stat is unchanged takes its facts from the cache without being read.
   */
  statIndex?: StatIndex | null;
}

/** Holder of a pool shared between collectFacts calls (see CollectOptions.shared). */
export interface SharedPool {
  pool: ParsePool | null;
}

export interface CollectStats {
  files: number;
  cacheHits: number;
  /** Of the hits, files not even read (unchanged stat or content id). */
  unread: number;
  parsed: number;
  /** Workers the pool could use (0: parsed in-process). */
  workers: number;
  /** Workers could not run here and parsing fell back to in-process. */
  workersBroken: boolean;
  /** Workers that crashed or timed out on a file. */
  workersCrashed: number;
  /** Grammars of the files listed (warmInProcess: what a re-scan of the same project will parse with). */
  grammars: Grammar[];
}

/** A few lines per grammar that go through the parser, the query and the extractors. */
export const WARM_TEXT: Record<Grammar, string> = {
  javascript: `import a from "a";\nconst b = require("b");\nfunction f(x) { return a(x).b; }\nf(1);\n`,
  typescript: `import a from "a";\nfunction f(x: number): number { return a(x); }\nclass C { m(): void { f(1); } }\n`,
  tsx: `import a from "a";\nexport function F(p: { x: number }) { return <div onClick={() => a(p.x)} />; }\n`,
  python: `import a\nfrom b import c\ndef f(x):\n    return a.g(c(x))\nf(1)\n`,
};

/**
 * Make this thread ready to parse `grammars`: load each grammar, compile its query and run the
 * extractors once. A scan job whose files were parsed by workers calls it when it is done, so the
 * next scan of the same project, which parses its few changed files in-process, does not pay the
 * query compilation (tree-sitter's, measured 0.1-0.7 s per grammar here, up to 1.5 s for
 * TypeScript under load). Compiled once per process; later calls cost nothing.
 */
export async function warmInProcess(grammars: Iterable<Grammar>): Promise<Grammar[]> {
  const done: Grammar[] = [];
  for (const grammar of new Set(grammars)) {
    if (warmed.has(grammar)) continue;
    warmed.add(grammar);
    try {
      await analyseText({ path: `warm.${grammar}`, language: grammar === "python" || grammar === "javascript" ? grammar : "typescript", grammar }, WARM_TEXT[grammar]);
      done.push(grammar);
    } catch {
      // Only the next scan's speed depends on it; that scan reports any parser failure itself.
    }
  }
  return done;
}
const warmed = new Set<Grammar>();

export async function collectFacts(root: string, sources: SourceFile[], opts: CollectOptions = {}): Promise<{ facts: FileFacts[]; stats: CollectStats }> {
  const { signal, cache, memo } = opts;
  const statIndex = opts.statIndex ?? null;
  // Taken before any stat: an entry is recorded only when its file was last changed RACY_MS before this.
  const statAt = Date.now();
  const size = opts.pool === false ? 1 : (opts.pool?.size ?? defaultPoolSize());
  const stats: CollectStats = {
    files: sources.length, cacheHits: 0, unread: 0, parsed: 0, workers: 0, workersBroken: false, workersCrashed: 0, grammars: [...new Set(sources.map((s) => s.grammar))],
  };
  // Started by toPool() unless shared and started already; the cast keeps TypeScript from
  // narrowing it to null for good.
  let pool = (opts.shared?.pool ?? null) as ParsePool | null;
  const minFiles = (opts.pool ? opts.pool.minFiles : undefined) ?? MIN_POOL_FILES;
  const poolable = size > 1 && sources.length >= minFiles;
  const onAbort = (): void => pool?.close(signal?.reason);
  signal?.addEventListener("abort", onAbort);
  const out: (FileFacts | null)[] = [];
  const remember: Work[] = [];
  /**
   * Facts from the pool as entry bytes, decoded once the pool is done. Decoded as they arrived,
   * they grew this thread's heap while both CPUs parsed, and each collection of it marked all the
   * facts decoded so far: at 557k lines ~0.45 CPU s of decoding and ~0.8 s of collector cycles
   * taken from the workers, against ~0.2 s for decoding them all at the end.
   */
  const encoded: { src: SourceFile; at: number; bytes: Uint8Array | null }[] = [];
  const pending: Promise<unknown>[] = [];
  /** Facts analysed in-process; their entry bytes go to the cache as they are. */
  const store = (key: string | null, r: { facts: FileFacts; bytes: Uint8Array }): FileFacts => {
    if (key !== null && cache && cacheable(r.facts)) cache.putEncoded(key, r.bytes);
    return r.facts;
  };
  const toPool = (t: Work): void => {
    if (!pool) {
      pool = new ParsePool({ ...(opts.pool || {}), size });
      if (opts.shared) opts.shared.pool = pool;
    }
    const { src, text, key, at } = t;
    const p = pool.analyse(src, text).then(
      (r) => {
        if (!r.bytes) out[at] = r.facts;
        else {
          if (key !== null && cache && r.cacheable) cache.putEncoded(key, r.bytes);
          encoded.push({ src, at, bytes: r.bytes });
        }
      },
      async (e: unknown) => {
        if (!(e instanceof PoolBroken)) throw e;
        out[at] = store(key, await analyseEncoded(src, text, signal));
      },
    );
    p.catch(() => {}); // awaited below; this only keeps an early abort from leaving it unhandled
    pending.push(p);
  };
  try {
    // Files still to parse before the pool starts: once there are enough of them the pool starts
    // (its start-up overlaps the reading of the rest); a re-scan with few changes starts none.
    let held: Work[] = [];
    for (const src of sources) {
      signal?.throwIfAborted();
      const kept = memo?.get(src.path);
      const contentId = opts.contentIds?.get(src.path);
      if (kept && contentId !== undefined && kept.contentId === contentId) {
        stats.cacheHits++;
        stats.unread++;
        out.push(kept.facts);
        continue;
      }
      let st: Stats | null = null;
      if (statIndex && cache) {
        try {
          st = lstatSync(join(root, src.path));
        } catch {
          st = null;
        }
        const known = st?.isFile() ? statIndex.lookup(src.path, st, grammarTag(src.grammar)) : null;
        // The previous scan's very object, not a copy from disk: incremental assembly takes a
        // file whose facts object is unchanged as unchanged (graph.ts reassemble).
        if (known !== null && kept && kept.key === known) {
          stats.cacheHits++;
          stats.unread++;
          out.push(kept.facts);
          statIndex.record(src.path, st!, known, grammarTag(src.grammar), statAt);
          continue;
        }
        const hit = known !== null ? cache.get(known, src.path) : null;
        if (hit) {
          stats.cacheHits++;
          stats.unread++;
          out.push(hit);
          statIndex.record(src.path, st!, known!, grammarTag(src.grammar), statAt);
          if (memo) memo.set(src.path, { key: known!, facts: hit });
          continue;
        }
      }
      const read = await readForAnalysis(root, src);
      if ("facts" in read) {
        out.push(read.facts);
        continue;
      }
      const key = cache ? cache.key(src.grammar, read.text) : memo ? contentKey(src.grammar, read.text) : null;
      if (st && key !== null) statIndex!.record(src.path, st, key, grammarTag(src.grammar), statAt);
      if (kept && kept.key === key) {
        stats.cacheHits++;
        out.push(kept.facts);
        if (contentId !== undefined) memo!.set(src.path, { key, facts: kept.facts, contentId });
        continue;
      }
      const hit = key !== null && cache ? cache.get(key, src.path) : null;
      if (hit) {
        stats.cacheHits++;
        out.push(hit);
        if (memo) memo.set(src.path, contentId !== undefined ? { key: key!, facts: hit, contentId } : { key: key!, facts: hit });
        continue;
      }
      const work: Work = { src, text: read.text, key, at: out.length, contentId };
      if (memo && key !== null) remember.push(work);
      out.push(null);
      stats.parsed++;
      if (pool) toPool(work);
      else {
        held.push(work);
        if (poolable && held.length >= minFiles) {
          for (const w of held) toPool(w);
          held = [];
        }
      }
    }
    // In-process: one at a time keeps memory flat and lets abort land between files.
    for (const t of held) {
      signal?.throwIfAborted();
      out[t.at] = store(t.key, await analyseEncoded(t.src, t.text, signal));
    }
    held = [];
    await Promise.all(pending);
    signal?.throwIfAborted();
    for (const e of encoded) {
      out[e.at] = decodeFacts(e.bytes!) ?? emptyFacts(e.src, "not analysed: unreadable facts from worker");
      // Garbage from here on: the facts are decoded and the cache has its copy.
      e.bytes = null;
    }
    for (const w of remember) {
      const f = out[w.at]!;
      if (cacheable(f)) memo!.set(w.src.path, w.contentId !== undefined ? { key: w.key!, facts: f, contentId: w.contentId } : { key: w.key!, facts: f });
      else memo!.delete(w.src.path);
    }
    stats.workers = pool?.size ?? 0;
    stats.workersBroken = pool?.broken ?? false;
    stats.workersCrashed = pool?.crashed ?? 0;
    return { facts: out as FileFacts[], stats };
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!opts.shared) pool?.close();
  }
}

interface Work {
  src: SourceFile;
  text: string;
  key: string | null;
  at: number;
  contentId: string | undefined;
}
