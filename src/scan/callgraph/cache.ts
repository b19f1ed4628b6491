// Per-file facts cache: FileFacts keyed by a hash of (file content, grammar identity, FACTS_VERSION,
// reachd version), so a re-scan parses only the files that changed. Entries are codec.ts bytes
// after a magic, each behind its key, appended by a build to a pack file of its own
// (<dir>/facts-v<N>/packs/), and found through index files (…/index/) that the build writes once
// at its end, atomically (temp file + rename): scans running side by side each write their own
// files and never see half of another's. A file per entry cost ~0.2 ms of kernel time to create
// on ext4 (0.3–0.9 CPU s of a 557k-line scan); a pack costs one. A corrupt, truncated or foreign
// entry is a miss, never an error. The directory is kept under a size bound by dropping the least
// recently used packs (a build's index marks the packs its hits came from as used).
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { VERSION } from "../../version.ts";
import { decodeWith, encodeWith } from "./codec.ts";
import { FACTS_VERSION, type FileFacts } from "./fact-types.ts";
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

/** Where an entry is: its pack (by id), and its record's offset and length there. */
interface Location {
  pack: string;
  offset: number;
  length: number;
}

/** An index file's first line. */
const INDEX_MAGIC = "RCHDIDX1";
/** A record in a pack: the entry's key (hex, ASCII), then the entry bytes. */
const KEY_BYTES = 64;
const KEY = /^[0-9a-f]{64}$/;
const PACK_ID = /^[0-9]{15}-[0-9]+-[0-9a-z]+$/;
/** Index files over this many are merged into one when pruning (loading reads each of them). */
const MAX_INDEX_FILES = 8;
/** Packs no index names, and temp files, younger than this may belong to a build still running. */
const ORPHAN_AGE_MS = 3_600_000;

/** A new pack or index id: sorts by time, unique across processes and cache objects. */
function newId(): string {
  return `${String(Date.now()).padStart(15, "0")}-${process.pid}-${Math.random().toString(36).slice(2, 10) || "0"}`;
}

interface IndexFile {
  /** Last use (ms) of each pack it names. */
  packs: Map<string, number>;
  /** In the file's order, oldest first; a merged file may list a key more than once. */
  entries: [string, Location][];
}

/**
 * An index file's text → its packs and entries; lines that do not parse are skipped (a foreign
 * or damaged file gives fewer entries, or places that do not hold them: a read checks the
 * record's key and its encoding, then tries the key's other places).
 */
function parseIndex(text: string): IndexFile {
  const out: IndexFile = { packs: new Map(), entries: [] };
  const lines = text.split("\n");
  if (lines[0] !== INDEX_MAGIC) return out;
  const ids: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split(" ");
    if (f[0] === "P" && f.length === 3 && PACK_ID.test(f[1]!) && /^\d+$/.test(f[2]!)) {
      ids.push(f[1]!);
      out.packs.set(f[1]!, Math.max(out.packs.get(f[1]!) ?? 0, Number(f[2])));
    } else if (f[0] === "E" && f.length === 5 && KEY.test(f[1]!) && /^\d+$/.test(f[2]!) && /^\d+$/.test(f[3]!) && /^\d+$/.test(f[4]!)) {
      const pack = ids[Number(f[2])];
      const length = Number(f[4]);
      if (pack !== undefined && length > KEY_BYTES) out.entries.push([f[1]!, { pack, offset: Number(f[3]), length }]);
    }
  }
  return out;
}

function indexText(packs: Map<string, number>, entries: Iterable<[string, Location]>): string {
  const ids = new Map<string, number>();
  const lines = [INDEX_MAGIC];
  for (const [id, used] of packs) {
    ids.set(id, ids.size);
    lines.push(`P ${id} ${used}`);
  }
  for (const [key, loc] of entries) {
    const n = ids.get(loc.pack);
    if (n !== undefined) lines.push(`E ${key} ${n} ${loc.offset} ${loc.length}`);
  }
  return `${lines.join("\n")}\n`;
}

export class FactsCache {
  readonly dir: string;
  readonly maxBytes: number;
  hits = 0;
  misses = 0;
  writes = 0;
  /**
   * Where each key's entry is, the most recently listed place first (read on the first lookup):
   * the index files in name (time) order, each file's lines in order, then this build's writes.
   */
  private index: Map<string, Location[]> | null = null;
  /** The pack this build appends to (opened on its first write), and its size so far. */
  private pack: { id: string; fd: number; size: number } | null = null;
  /** Entries written since the last flush: what the next index file lists. */
  private readonly written = new Map<string, Location>();
  /** Packs written or hit since the last flush: the next index file marks them used now. */
  private readonly usedPacks = new Set<string>();
  /** Index files seen at the last load: many call for a merge (needsPrune). */
  private indexFiles = 0;
  /** A write failed (read-only or full disk): the rest of the build writes none. */
  private unwritable = false;

  constructor(dir: string, maxBytes = cacheMaxBytes()) {
    this.dir = dir;
    this.maxBytes = maxBytes;
  }

  private get versionDir(): string {
    return join(this.dir, `facts-v${FACTS_VERSION}`);
  }

  private get packDir(): string {
    return join(this.versionDir, "packs");
  }

  private get indexDir(): string {
    return join(this.versionDir, "index");
  }

  /** The cache key of one file's content under a grammar. */
  key(grammar: Grammar, text: string): string {
    return contentKey(grammar, text);
  }

  /** The cached facts, re-labelled with `path` (content moves between paths), or null. */
  get(key: string, path: string): FileFacts | null {
    for (const loc of this.locations().get(key) ?? []) {
      const facts = this.read(key, loc);
      if (!facts) continue;
      this.hits++;
      this.usedPacks.add(loc.pack);
      facts.path = path;
      return facts;
    }
    this.misses++;
    return null;
  }

  /** One record's facts; null when it is not there or not the entry of `key`. */
  private read(key: string, loc: Location): FileFacts | null {
    let fd: number;
    try {
      fd = openSync(join(this.packDir, `${loc.pack}.pack`), "r");
    } catch {
      return null; // pruned meanwhile
    }
    try {
      // A damaged index may name any length: nothing is allocated past the pack's end.
      if (loc.offset + loc.length > fstatSync(fd).size) return null;
      const record = new Uint8Array(loc.length);
      if (readSync(fd, record, 0, loc.length, loc.offset) !== loc.length) return null;
      for (let i = 0; i < KEY_BYTES; i++) if (record[i] !== key.charCodeAt(i)) return null;
      return decodeFacts(record.subarray(KEY_BYTES));
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  }

  private locations(): Map<string, Location[]> {
    if (this.index) return this.index;
    const index = new Map<string, Location[]>();
    const files = this.readIndexes();
    for (const file of files) for (const [key, loc] of file.index.entries) addPlace(index, key, loc);
    for (const [key, loc] of this.written) addPlace(index, key, loc);
    this.indexFiles = files.length;
    return (this.index = index);
  }

  /** The index files, oldest first (their names sort by time). */
  private readIndexes(): { name: string; index: IndexFile }[] {
    let names: string[];
    try {
      names = readdirSync(this.indexDir).filter((n) => n.endsWith(".idx")).sort();
    } catch {
      return [];
    }
    const out: { name: string; index: IndexFile }[] = [];
    for (const name of names) {
      try {
        out.push({ name, index: parseIndex(readFileSync(join(this.indexDir, name), "utf8")) });
      } catch {
        // Merged and removed by another scan's pruning meanwhile: its entries are in the merge.
      }
    }
    return out;
  }

  /**
   * Store facts as entry bytes (encodeFacts), appended to this build's pack; failures (read-only
   * or full disk) only cost the next scan its speed-up.
   */
  putEncoded(key: string, bytes: Uint8Array): void {
    if (this.unwritable || !KEY.test(key)) return;
    try {
      if (!this.pack) {
        mkdirSync(this.packDir, { recursive: true });
        const id = newId();
        this.pack = { id, fd: openSync(join(this.packDir, `${id}.pack`), "wx"), size: 0 };
      }
      const record = new Uint8Array(KEY_BYTES + bytes.length);
      for (let i = 0; i < KEY_BYTES; i++) record[i] = key.charCodeAt(i);
      record.set(bytes, KEY_BYTES);
      const pack = this.pack;
      let done = 0;
      while (done < record.length) done += writeSync(pack.fd, record, done, record.length - done, pack.size + done);
      const loc: Location = { pack: pack.id, offset: pack.size, length: record.length };
      pack.size += record.length;
      this.written.set(key, loc);
      this.usedPacks.add(pack.id);
      if (this.index) addPlace(this.index, key, loc);
      this.writes++;
    } catch {
      // No index will name a record that was not written whole: a miss next time, never a wrong
      // entry. Nor is a new pack tried for every file left.
      this.unwritable = true;
      if (this.pack) {
        try {
          closeSync(this.pack.fd);
        } catch {
          // Nothing more to lose.
        }
        this.pack = null;
      }
    }
  }

  /**
   * End of a build: close its pack and write the index file listing what it wrote and marking the
   * packs it wrote or hit as used now. Other cache objects find its entries from then on.
   */
  flush(): void {
    if (this.pack) {
      try {
        closeSync(this.pack.fd);
      } catch {
        // Closed already: the records were written synchronously.
      }
      this.pack = null;
    }
    if (this.usedPacks.size === 0) return;
    const now = Date.now();
    const packs = new Map<string, number>();
    for (const id of this.usedPacks) packs.set(id, now);
    try {
      mkdirSync(this.indexDir, { recursive: true });
      writeAtomically(join(this.indexDir, `${newId()}.idx`), indexText(packs, this.written));
      this.indexFiles++;
    } catch {
      // Unwritable: the next scan parses these files again.
    }
    this.written.clear();
    this.usedPacks.clear();
  }

  /** Whether the last build calls for pruning: it wrote entries, or the index files are many. */
  needsPrune(): boolean {
    return this.writes > 0 || this.indexFiles > MAX_INDEX_FILES;
  }

  /**
   * Keep the directory under maxBytes: drop other FACTS_VERSIONs' directories, packs no index
   * names (a writer that died), then the least recently used packs until the total is PRUNE_TO of
   * the bound; merge the index files when there are many. Returns bytes removed.
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
    const indexes = this.readIndexes();
    const lastUse = new Map<string, number>();
    for (const { index } of indexes) for (const [id, used] of index.packs) lastUse.set(id, Math.max(lastUse.get(id) ?? 0, used));
    const packs: { id: string; size: number; used: number }[] = [];
    let total = 0;
    let names: string[] = [];
    try {
      names = readdirSync(this.packDir);
    } catch {
      // No packs yet.
    }
    const now = Date.now();
    for (const name of names) {
      const path = join(this.packDir, name);
      try {
        const st = statSync(path);
        const id = name.endsWith(".pack") ? name.slice(0, -".pack".length) : null;
        const used = id !== null ? lastUse.get(id) : undefined;
        if (used === undefined) {
          // Named by no index (yet): a build still writing it, or one that died.
          if (now - st.mtimeMs > ORPHAN_AGE_MS) {
            rmSync(path, { force: true });
            removed += st.size;
          } else total += st.size;
          continue;
        }
        packs.push({ id: id!, size: st.size, used });
        total += st.size;
      } catch {
        // Removed by another scan's pruning meanwhile.
      }
    }
    const dropped = new Set<string>();
    if (total > this.maxBytes) {
      packs.sort((a, b) => a.used - b.used);
      const target = this.maxBytes * PRUNE_TO;
      for (const p of packs) {
        if (total <= target) break;
        rmSync(join(this.packDir, `${p.id}.pack`), { force: true });
        dropped.add(p.id);
        total -= p.size;
        removed += p.size;
      }
    }
    if (dropped.size > 0 || indexes.length > MAX_INDEX_FILES) this.mergeIndexes(indexes, dropped);
    this.removeStaleTemps();
    this.index = null;
    this.indexFiles = 0;
    return removed;
  }

  /**
   * One index file in place of `indexes`, without the packs `dropped`: every place of every key,
   * in the same order, so that a damaged place listed last still falls back on the others.
   */
  private mergeIndexes(indexes: { name: string; index: IndexFile }[], dropped: Set<string>): void {
    const packs = new Map<string, number>();
    const places = new Map<string, Location[]>();
    for (const { index } of indexes) {
      for (const [id, used] of index.packs) if (!dropped.has(id)) packs.set(id, Math.max(packs.get(id) ?? 0, used));
      for (const [key, loc] of index.entries) if (!dropped.has(loc.pack)) addPlace(places, key, loc);
    }
    const entries: [string, Location][] = [];
    for (const [key, locs] of places) for (let i = locs.length - 1; i >= 0; i--) entries.push([key, locs[i]!]);
    try {
      // Named after the newest file it replaces, so that an index written meanwhile sorts after it.
      const last = indexes.length > 0 ? indexes[indexes.length - 1]!.name.slice(0, -".idx".length) : newId();
      writeAtomically(join(this.indexDir, `${last}-m.idx`), indexText(packs, entries));
    } catch {
      return; // the old files stay: nothing is lost
    }
    for (const { name } of indexes) rmSync(join(this.indexDir, name), { force: true });
  }

  /** Temp files of index writers that died. */
  private removeStaleTemps(): void {
    let names: string[];
    try {
      names = readdirSync(this.indexDir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith(".tmp")) continue;
      const path = join(this.indexDir, name);
      try {
        if (Date.now() - statSync(path).mtimeMs > ORPHAN_AGE_MS) rmSync(path, { force: true });
      } catch {
        // Gone meanwhile.
      }
    }
  }
}

/** A place of a key's entry, listed after (so tried before) its others; the same place once. */
function addPlace(index: Map<string, Location[]>, key: string, loc: Location): void {
  const places = index.get(key);
  if (!places) index.set(key, [loc]);
  else {
    const same = places.findIndex((p) => p.pack === loc.pack && p.offset === loc.offset && p.length === loc.length);
    if (same >= 0) places.splice(same, 1);
    places.unshift(loc);
  }
}

/** Write a whole file or nothing: a temp file renamed over the name. */
function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
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
