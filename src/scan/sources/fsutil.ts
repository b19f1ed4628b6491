import { lstat, readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * Apparent size of everything under `dir`, without following symlinks. Stops counting once
 * past `stopAbove`, since the caller only needs to know that the limit was crossed. Entries
 * vanishing mid-walk (git renames its temporary packs) are skipped.
 */
export async function dirSize(dir: string, stopAbove = Number.POSITIVE_INFINITY): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0 && total <= stopAbove) {
    const current = stack.pop()!;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = join(current, e.name);
      if (e.isDirectory()) {
        stack.push(p);
        continue;
      }
      try {
        total += (await lstat(p)).size;
      } catch {
        // gone already
      }
      if (total > stopAbove) break;
    }
  }
  return total;
}

/** Removes a directory tree; never throws, because callers run it from cleanup paths. */
export async function removeDir(dir: string): Promise<void> {
  try {
    await rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
  } catch {
    // Nothing sensible to do from a cleanup path; the work root is private to the service.
  }
}
