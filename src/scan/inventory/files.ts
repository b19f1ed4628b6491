// Walking and reading the checkout. Symlinks are never followed (a checkout is untrusted: a link
// could point at /etc or loop), VCS folders are skipped, and every read is
// bounded so one huge file costs an error, not the process.
import { lstatSync, openSync, readSync, closeSync, readdirSync, realpathSync } from "node:fs";
import { opendir } from "node:fs/promises";
import { join, sep } from "node:path";
import type { ExtractContext, ReadResult } from "./extractor.ts";

const SKIP_DIRS = new Set([".git", ".hg", ".svn"]);
const MAX_DEPTH = 64;

// Inside node_modules only installed packages are visited: "modules" lists packages (and @scope
// folders), "package" is one installed package, of which only package.json and its own nested
// node_modules count. Their lockfiles, tests and fixtures are the package author's, not ours.
// Likewise inside a site-packages folder only <dist>.dist-info/METADATA is read.
type Mode = "tree" | "modules" | "scope" | "package" | "site" | "dist";

/** Relative "/"-separated paths of regular files for which `want` is true, sorted. */
export async function walkFiles(root: string, want: (relPath: string) => boolean, signal?: AbortSignal): Promise<string[]> {
  const out: string[] = [];
  const stack: { dir: string; rel: string; depth: number; mode: Mode }[] = [{ dir: root, rel: "", depth: 0, mode: "tree" }];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const { dir, rel, depth, mode } = stack.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      continue; // unreadable directory: nothing to extract from it
    }
    for await (const entry of handle) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        const child = childMode(mode, entry.name);
        if (child && depth < MAX_DEPTH) stack.push({ dir: join(dir, entry.name), rel: relPath, depth: depth + 1, mode: child });
      } else if (entry.isFile() && fileWanted(mode, entry.name) && want(relPath)) {
        out.push(relPath);
      }
    }
  }
  return out.sort();
}

function fileWanted(mode: Mode, name: string): boolean {
  if (mode === "tree") return true;
  if (mode === "package") return name === "package.json";
  return mode === "dist" && name === "METADATA";
}

function childMode(mode: Mode, name: string): Mode | null {
  switch (mode) {
    case "tree":
      return SKIP_DIRS.has(name) ? null : name === "node_modules" ? "modules" : name === "site-packages" ? "site" : "tree";
    case "site":
      return name.endsWith(".dist-info") ? "dist" : null;
    case "dist":
      return null;
    case "modules":
      return name.startsWith(".") ? null : name.startsWith("@") ? "scope" : "package";
    case "scope":
      return name.startsWith(".") ? null : "package";
    case "package":
      return name === "node_modules" ? "modules" : null;
  }
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
    listDirs(rel) {
      const abs = rel === "" ? root : inside(rel);
      if (abs === null) return [];
      try {
        return readdirSync(join(root, rel), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort();
      } catch {
        return [];
      }
    },
    exists(rel) {
      if (inside(rel) === null) return false;
      try {
        return lstatSync(join(root, rel)).isFile();
      } catch {
        return false;
      }
    },
  };
}
