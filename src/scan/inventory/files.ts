// Walking and reading the checkout. Symlinks are never followed (a checkout is untrusted: a link
// could point at /etc or loop), VCS and installed-package folders are skipped, and every read is
// bounded so one huge file costs an error, not the process.
import { lstatSync, openSync, readSync, closeSync, realpathSync } from "node:fs";
import { opendir } from "node:fs/promises";
import { join, sep } from "node:path";
import type { ExtractContext, ReadResult } from "./extractor.ts";

const SKIP_DIRS = new Set([".git", ".hg", ".svn", "node_modules"]);
const MAX_DEPTH = 64;

/** Relative "/"-separated paths of regular files for which `want` is true, sorted. */
export async function walkFiles(root: string, want: (relPath: string) => boolean, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  const stack: { dir: string; rel: string; depth: number }[] = [{ dir: root, rel: "", depth: 0 }];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const { dir, rel, depth } = stack.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      continue; // unreadable directory: nothing to extract from it
    }
    for await (const entry of handle) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && depth < MAX_DEPTH) stack.push({ dir: join(dir, entry.name), rel: relPath, depth: depth + 1 });
      } else if (entry.isFile() && want(relPath)) out.push(relPath);
    }
  }
  return out.sort();
}

/** Reads a regular file of at most maxBytes as UTF-8; refuses symlinks and anything larger. */
export function readBounded(path: string, maxBytes: number): ReadResult {
  let fd: number | null = null;
  try {
    const st = lstatSync(path);
    if (!st.isFile()) return { error: st.isSymbolicLink() ? "is a symlink" : "not a regular file" };
    if (st.size > maxBytes) return { error: `file too large (${st.size} bytes, limit ${maxBytes})` };
    fd = openSync(path, "r");
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return { text: buf.subarray(0, off).toString("utf8").replace(/^\uFEFF/, "") };
  } catch (e) {
    return { error: (e as NodeJS.ErrnoException).code ?? "cannot read file" };
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** The context extractors use to read sibling files (includes, package.json) safely. */
export function checkoutContext(root: string, maxBytes: number): ExtractContext {
  let realRoot: string | null = null;
  const inside = (rel: string): string | null => {
    if (rel.split("/").includes("..") || rel.startsWith("/")) return null;
    try {
      realRoot ??= realpathSync(root);
      const real = realpathSync(join(root, rel));
      return real === realRoot || real.startsWith(realRoot + sep) ? real : null;
    } catch {
      return null;
    }
  };
  return {
    readFile(rel) {
      const abs = inside(rel);
      if (abs === null) return { error: "not found inside the checkout" };
      // The final component must not be a link even when it points inside: links are not followed.
      return readBounded(join(root, rel), maxBytes);
    },
  };
}
