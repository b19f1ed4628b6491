// Finding and reading the project's source files. Directories are walked with an explicit stack,
// symlinks are never followed, and hostile files (huge, minified, binary, odd encodings) become
// per-file errors instead of failures.
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Grammar } from "./parser.ts";
import type { SourceLanguage } from "./types.ts";

/** Directories that hold other people's code, tool state or build caches, never the app. */
const SKIP_DIRS = new Set([
  "node_modules", ".git", ".hg", ".svn", "__pycache__", ".venv", "venv", ".tox", ".nox",
  "site-packages", ".mypy_cache", ".pytest_cache", "bower_components", ".yarn", ".pnpm-store",
]);

/** Bigger files are generated or bundled; parsing them costs more than it tells. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Stop listing after this many files: a checkout this big is not an app we can analyse fully. */
const MAX_FILES = 200_000;

const EXTENSIONS: Record<string, [SourceLanguage, Grammar]> = {
  ".js": ["javascript", "javascript"], ".mjs": ["javascript", "javascript"],
  ".cjs": ["javascript", "javascript"], ".jsx": ["javascript", "javascript"],
  ".ts": ["typescript", "typescript"], ".mts": ["typescript", "typescript"],
  ".cts": ["typescript", "typescript"], ".tsx": ["typescript", "tsx"],
  ".py": ["python", "python"],
};

export interface SourceFile {
  /** Relative to the root, "/"-separated. */
  path: string;
  language: SourceLanguage;
  grammar: Grammar;
}

export interface Listing {
  sources: SourceFile[];
  /** Every regular file seen (relative paths): module resolution asks "does this exist?". */
  all: Set<string>;
  /** Directories seen (relative, "" = root): Python namespace packages. */
  dirs: Set<string>;
  /** Dependency directories not walked (node_modules, site-packages): deps.ts looks inside on demand. */
  skipped: string[];
  truncated: boolean;
}

export function classify(path: string): [SourceLanguage, Grammar] | null {
  if (/\.d\.[mc]?ts$/.test(path)) return null; // declarations only, no code runs
  const dot = path.lastIndexOf(".");
  return dot < 0 ? null : (EXTENSIONS[path.slice(dot)] ?? null);
}

export async function listFiles(root: string, signal?: AbortSignal): Promise<Listing> {
  const listing: Listing = { sources: [], all: new Set(), dirs: new Set([""]), skipped: [], truncated: false };
  const stack: string[] = [""];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const rel = stack.pop()!;
    let entries;
    try {
      entries = await readdir(join(root, rel), { withFileTypes: true });
    } catch {
      continue; // unreadable directory: nothing we can analyse in it
    }
    for (const e of entries) {
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isSymbolicLink()) continue;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) {
          listing.dirs.add(path);
          stack.push(path);
        } else if (e.name === "node_modules" || e.name === "site-packages") listing.skipped.push(path);
      } else if (e.isFile()) {
        if (listing.all.size >= MAX_FILES) {
          listing.truncated = true;
          continue;
        }
        listing.all.add(path);
        const kind = classify(path);
        if (kind) listing.sources.push({ path, language: kind[0], grammar: kind[1] });
      }
    }
  }
  listing.sources.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return listing;
}

export type ReadOutcome = { text: string } | { error: string };

/** Read one source file as text, or say why it is not analysed. */
export async function readSource(root: string, path: string): Promise<ReadOutcome> {
  const abs = join(root, path);
  try {
    const st = await lstat(abs);
    if (!st.isFile()) return { error: "not a regular file" };
    if (st.size > MAX_FILE_BYTES) return { error: `not analysed: larger than ${MAX_FILE_BYTES} bytes` };
    const bytes = await Bun.file(abs).bytes();
    const text = decode(bytes);
    if (text === null) return { error: "not analysed: binary content" };
    if (looksMinified(path, text)) return { error: "not analysed: looks minified" };
    return { text };
  } catch (e) {
    return { error: `unreadable: ${(e as NodeJS.ErrnoException).code ?? "error"}` };
  }
}

function decode(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  const probe = bytes.subarray(0, 8192);
  if (probe.includes(0)) return null;
  return new TextDecoder("utf-8", { fatal: false, ignoreBOM: false }).decode(bytes);
}

/** Bundles and minified files: very long average lines. */
function looksMinified(path: string, text: string): boolean {
  if (/\.min\.[cm]?js$/.test(path)) return true;
  if (text.length < 20_000) return false;
  let lines = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
  return text.length / lines > 500;
}
