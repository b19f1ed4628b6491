// Per-file facts cache: FileFacts keyed by a hash of (file content, grammar identity, FACTS_VERSION,
// reachd version), so a re-scan parses only the files that changed. One file per entry under
// <dir>/facts-v<FACTS_VERSION>/<2 hex>/<hash>, written atomically (temp file + rename) so scans
// running side by side never see half an entry. Entries are codec.ts bytes after a magic. A
// corrupt, truncated or foreign entry is a miss, never an error. The directory is kept under a size
// bound by pruning least recently used entries (a hit refreshes the entry's mtime).
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { VERSION } from "../../version.ts";
import { decodeWith, encodeWith } from "./codec.ts";
import { FACTS_VERSION, type FileFacts } from "./facts.ts";
import { wasmAsset, type Grammar } from "./parser.ts";
import { querySource } from "./queries.ts";

/** Default bound of the cache directory. */
export const DEFAULT_CACHE_MAX_BYTES = 512 * 1024 * 1024;

/** REACHD_CACHE_MAX_MB when set to a whole number, else the default bound. */
export function cacheMaxBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.REACHD_CACHE_MAX_MB?.trim();
  return raw && /^\d+$/.test(raw) ? Number(raw) * 1024 * 1024 : DEFAULT_CACHE_MAX_BYTES;
}
/** Pruning goes down to this share of the bound, so it does not run after every scan. */
const PRUNE_TO = 0.8;
const MAGIC = new TextEncoder().encode("RCHDFCT2");

/** The CLI's cache when no --cache-dir is given: $XDG_CACHE_HOME/reachd or ~/.cache/reachd. */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return join(base, "reachd");
}

const identities = new Map<Grammar, string>();

/** What besides the content decides a file's facts: extractor version, grammar and its queries. */
function grammarIdentity(grammar: Grammar): string {
  let id = identities.get(grammar);
  if (id === undefined) {
    let wasmSize = -1;
    try {
      wasmSize = Bun.file(wasmAsset(grammar)).size;
    } catch {
      // Unknown size only weakens the key to the other parts.
    }
    id = `${FACTS_VERSION}\u0000${VERSION}\u0000${grammar}\u0000${wasmSize}\u0000${Bun.hash(querySource(grammar)).toString(16)}\u0000${extractorSourceHash()}`;
    identities.set(grammar, id);
  }
  return id;
}

/**
 * Run from the source tree, the extractor's own code is part of the key too, so an engineer who
 * edits an extractor module and forgets FACTS_VERSION never sees stale facts. The modules are the
 * ones analyse.ts reaches by relative imports, found by reading them: a list written by hand
 * missed facts-py.ts and wasm-node.ts. In the compiled binary the sources are not on disk and
 * VERSION stands for them.
 */
function extractorSourceHash(): string {
  if (/\$bunfs|~BUN/.test(import.meta.url)) return "binary";
  const h = new Bun.CryptoHasher("sha1");
  for (const name of extractorFiles()) {
    h.update(name);
    try {
      h.update(readFileSync(join(import.meta.dir, name)));
    } catch {
      h.update("missing");
    }
  }
  return h.digest("hex");
}

/** The modules of this directory that analyse.ts imports, directly or not (itself included), sorted. */
export function extractorFiles(dir: string = import.meta.dir): string[] {
  const seen = new Set<string>(["analyse.ts"]);
  const todo = ["analyse.ts"];
  while (todo.length > 0) {
    let text: string;
    try {
      text = readFileSync(join(dir, todo.pop()!), "utf8");
    } catch {
      continue;
    }
    for (const m of text.matchAll(/\bfrom\s+"\.\/([\w.-]+\.ts)"/g)) {
      if (!seen.has(m[1]!)) {
        seen.add(m[1]!);
        todo.push(m[1]!);
      }
    }
  }
  return [...seen].sort();
}

const tags = new Map<Grammar, string>();

/**
 * A short hash of what besides the content decides a grammar's facts. Whoever keeps content keys
 * to use them later without re-hashing (stat-index.ts) keeps this beside them: a key made under
 * another extractor, query or reachd version still names that version's cache entry.
 */
export function grammarTag(grammar: Grammar): string {
  let tag = tags.get(grammar);
  if (tag === undefined) {
    tag = new Bun.CryptoHasher("sha256").update(grammarIdentity(grammar)).digest("hex").slice(0, 16);
    tags.set(grammar, tag);
  }
  return tag;
}

/** What decides a file's facts, as a hash: its content, grammar and extractor identity. */
export function contentKey(grammar: Grammar, text: string): string {
  const h = new Bun.CryptoHasher("sha256");
  h.update(grammarIdentity(grammar));
  h.update("\u0000");
  h.update(text);
  return h.digest("hex");
}

export class FactsCache {
  readonly dir: string;
  readonly maxBytes: number;
  hits = 0;
  misses = 0;
  writes = 0;
  private readonly made = new Set<string>();

  constructor(dir: string, maxBytes = cacheMaxBytes()) {
    this.dir = dir;
    this.maxBytes = maxBytes;
  }

  private get versionDir(): string {
    return join(this.dir, `facts-v${FACTS_VERSION}`);
  }

  /** The cache key of one file's content under a grammar. */
  key(grammar: Grammar, text: string): string {
    return contentKey(grammar, text);
  }

  private pathOf(key: string): string {
    return join(this.versionDir, key.slice(0, 2), key);
  }

  /** The cached facts, re-labelled with `path` (content moves between paths), or null. */
  get(key: string, path: string): FileFacts | null {
    const file = this.pathOf(key);
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file); // synchronous on purpose: one small read, where async overhead would dominate
    } catch {
      this.misses++;
      return null;
    }
    const facts = decodeFacts(bytes);
    if (!facts) {
      this.misses++;
      return null;
    }
    this.hits++;
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // A pruned-meanwhile entry still served this scan.
    }
    facts.path = path;
    return facts;
  }

  /**
   * Store facts as entry bytes (encodeFacts); failures (read-only or full disk) only cost the next
   * scan its speed-up.
   */
  putEncoded(key: string, bytes: Uint8Array): void {
    if (writeEncoded(this.dir, key, bytes, this.made)) this.writes++;
  }

  /** Where a parse worker writes an entry itself (encoding off the main thread). */
  target(key: string): EntryTarget {
    return { dir: this.dir, key };
  }

  /** An entry a worker wrote (counts towards pruning). */
  noteWrite(): void {
    this.writes++;
  }

  /**
   * Keep the directory under maxBytes: drop other FACTS_VERSIONs' directories, then the least
   * recently used entries until the total is PRUNE_TO of the bound. Returns bytes removed.
   */
  prune(): number {
    let removed = 0;
    let top: string[];
    try {
      top = readdirSync(this.dir);
    } catch {
      return 0;
    }
    const current = `facts-v${FACTS_VERSION}`;
    for (const name of top) {
      if (name.startsWith("facts-v") && name !== current) {
        rmSync(join(this.dir, name), { recursive: true, force: true });
      }
    }
    const entries: { path: string; size: number; mtime: number }[] = [];
    let total = 0;
    let subs: string[];
    try {
      subs = readdirSync(this.versionDir);
    } catch {
      return removed;
    }
    for (const sub of subs) {
      let names: string[];
      try {
        names = readdirSync(join(this.versionDir, sub));
      } catch {
        continue;
      }
      for (const name of names) {
        const path = join(this.versionDir, sub, name);
        try {
          const st = statSync(path);
          // Temp files of a writer that died: old ones are garbage.
          if (name.endsWith(".tmp") && Date.now() - st.mtimeMs > 3_600_000) {
            rmSync(path, { force: true });
            continue;
          }
          entries.push({ path, size: st.size, mtime: st.mtimeMs });
          total += st.size;
        } catch {
          // Removed by another scan's pruning meanwhile.
        }
      }
    }
    if (total <= this.maxBytes) return removed;
    entries.sort((a, b) => a.mtime - b.mtime);
    const target = this.maxBytes * PRUNE_TO;
    for (const e of entries) {
      if (total <= target) break;
      rmSync(e.path, { force: true });
      total -= e.size;
      removed += e.size;
    }
    return removed;
  }
}

/** A cache entry to write: the cache directory and the key. Plain data, so it crosses to workers. */
export interface EntryTarget {
  dir: string;
  key: string;
}

/** Facts decided by the content alone; timeouts, aborts and crashes may not happen next time. */
export function cacheable(f: FileFacts): boolean {
  return f.error === undefined || f.error.startsWith("syntax error");
}

/**
 * Facts as entry bytes (magic + codec.ts encoding, which also shares equal sub-values). Workers
 * send these very bytes to the main thread too, so a file's facts are encoded once for both the
 * cache and the transfer.
 */
export function encodeFacts(facts: FileFacts): Uint8Array {
  return encodeWith(MAGIC, facts);
}

/** Write entry bytes (encodeFacts) atomically. False when they could not be written. */
export function writeEncoded(dir: string, key: string, bytes: Uint8Array, made?: Set<string>): boolean {
  const sub = join(dir, `facts-v${FACTS_VERSION}`, key.slice(0, 2));
  const file = join(sub, key);
  try {
    if (!made?.has(sub)) {
      mkdirSync(sub, { recursive: true });
      made?.add(sub);
    }
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    return true;
  } catch {
    return false;
  }
}

/** Entry bytes → facts, or null when they are not an entry we wrote (corrupt, truncated, foreign). */
export function decodeFacts(bytes: Uint8Array): FileFacts | null {
  if (bytes.length <= MAGIC.length) return null;
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) return null;
  const value = decodeWith(MAGIC.length, bytes);
  return looksLikeFacts(value) ? value : null;
}

function looksLikeFacts(v: unknown): v is FileFacts {
  if (!v || typeof v !== "object") return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.path === "string" && typeof f.language === "string" &&
    Array.isArray(f.defs) && Array.isArray(f.calls) && Array.isArray(f.imports) &&
    Array.isArray(f.bindings) && f.attrs instanceof Map && f.exports instanceof Map &&
    Array.isArray(f.cjs) && Array.isArray(f.stars) && f.members instanceof Map && Array.isArray(f.dynamic) &&
    f.returns instanceof Map
  );
}
