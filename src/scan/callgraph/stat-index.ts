// What a new process's re-scan of the same directory need not read: like git's index, the last
// build's (size, mtime, ctime, inode) per file with the content key its text had then. A file
// whose stat is unchanged keeps that key and its facts come from the facts cache unread; the
// content key stays the cache's key (a stat can only point at facts of content the file had).
// Racy entries (git's term): a file modified within RACY_MS of being stat'ed could change again
// in the same timestamp tick without its stat changing, so it is not recorded and is read next
// time. Limit (git's too): a change that keeps size, mtime, ctime and inode is not seen; only
// clock or file-system tampering can make one (or a network file system serving stale attributes). One small file per root under the cache
// directory, written atomically (never half written); a missing, truncated or corrupt one is an
// empty index: every file is read.
import type { Stats } from "node:fs";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Modified this recently before being stat'ed: not trusted next time (covers 1-2 s timestamp file systems). */
export const RACY_MS = 2_000;
/** Indexes kept per cache directory (one per scanned root); the least recently written go first. */
export const MAX_INDEXES = 64;
const DIR = "stat-v1";
/** Format of an index file. */
const VERSION = 2;

interface Entry {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  key: string;
  /** cache.ts grammarTag when the key was made: another extractor's key is no key now. */
  tag: string;
}

export class StatIndex {
  readonly file: string;
  private readonly previous: Map<string, Entry>;
  private readonly next = new Map<string, Entry>();

  constructor(
    private readonly cacheDir: string,
    root: string,
    private readonly racyMs = RACY_MS,
  ) {
    this.file = join(cacheDir, DIR, new Bun.CryptoHasher("sha256").update(resolve(root)).digest("hex").slice(0, 40));
    this.previous = load(this.file);
  }

  /** The content key recorded for `path` when its stat and grammar tag are the ones recorded, else null. */
  lookup(path: string, st: Stats, tag: string): string | null {
    const e = this.previous.get(path);
    if (!e || e.size !== st.size || e.mtimeMs !== st.mtimeMs || e.ctimeMs !== st.ctimeMs || e.ino !== st.ino || e.tag !== tag) return null;
    return e.key;
  }

  /** `path` had content `key` (made under grammar tag `tag`) when stat'ed with `st` at `statAt` (ms, taken before the stat). */
  record(path: string, st: Stats, key: string, tag: string, statAt: number): void {
    if (statAt - st.mtimeMs < this.racyMs || statAt - st.ctimeMs < this.racyMs) return;
    this.next.set(path, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, key, tag });
  }

  /** Replace the stored index by this build's entries; failures only cost the next scan its reads. */
  save(): void {
    const rows = [...this.next].map(([path, e]) => [path, e.size, e.mtimeMs, e.ctimeMs, e.ino, e.key, e.tag]);
    try {
      mkdirSync(join(this.cacheDir, DIR), { recursive: true });
      const tmp = `${this.file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(tmp, JSON.stringify({ v: VERSION, rows }));
      renameSync(tmp, this.file);
      pruneIndexes(join(this.cacheDir, DIR));
    } catch {
      // Read-only or full disk.
    }
  }
}

function load(file: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return out;
  }
  const rows = (value as { v?: unknown; rows?: unknown } | null)?.rows;
  if ((value as { v?: unknown } | null)?.v !== VERSION || !Array.isArray(rows)) return out;
  for (const r of rows) {
    if (!Array.isArray(r) || r.length !== 7) continue;
    const [path, size, mtimeMs, ctimeMs, ino, key, tag] = r as unknown[];
    if (typeof path !== "string" || typeof key !== "string" || typeof tag !== "string") continue;
    if (![size, mtimeMs, ctimeMs, ino].every((n) => typeof n === "number")) continue;
    out.set(path, { size: size as number, mtimeMs: mtimeMs as number, ctimeMs: ctimeMs as number, ino: ino as number, key, tag });
  }
  return out;
}

function pruneIndexes(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= MAX_INDEXES) return;
  const dated = names.flatMap((name) => {
    try {
      return [{ name, mtime: statSync(join(dir, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  dated.sort((a, b) => a.mtime - b.mtime);
  for (const d of dated.slice(0, dated.length - MAX_INDEXES)) rmSync(join(dir, d.name), { force: true });
}
