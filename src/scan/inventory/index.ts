// Inventory phase: which package versions does the checkout install?
// Walks the checkout (no symlinks; .git skipped; inside node_modules only the installed packages'
// package.json files, so installed packages' own lockfiles are never read), runs every registered
// extractor on the files it claims, and returns exact versions only. A bad file is a per-file
// error; a line without an exact version is `unresolved`, never a guess.
// Lockfiles give exact versions; without one, an installed tree (node_modules, site-packages)
// gives exact versions and a manifest range a marked lowest-match guess (precedence.ts decides).
// An npm alias ("foo": "npm:bar@1") is reported under the real name "bar"; git/tarball installs
// without a registry version go to `unresolved`.
import type { Dependency, FileError, Inventory } from "../model.ts";
import type { Unresolved } from "./extractor.ts";
import { checkoutContext, readBounded, walkFiles } from "./files.ts";
import { extractors } from "./list.ts";
import { mergeDependencies } from "./merge.ts";
import { applyPrecedence } from "./precedence.ts";

export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface InventoryOptions {
  signal?: AbortSignal;
  maxFileBytes?: number;
}

export async function extractInventory(root: string, opts: InventoryOptions = {}): Promise<Inventory> {
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files = await walkFiles(root, (rel) => extractors.some((e) => e.matches(rel)), opts.signal);
  const ctx = checkoutContext(root, maxBytes);
  const dependencies: Dependency[] = [];
  const errors: FileError[] = [];
  const unresolved: Unresolved[] = [];
  for (const rel of files) {
    opts.signal?.throwIfAborted();
    const read = readBounded(`${root}/${rel}`, maxBytes);
    if ("error" in read) {
      errors.push({ file: rel, message: read.error });
      continue;
    }
    for (const extractor of extractors) {
      if (!extractor.matches(rel)) continue;
      const result = extractor.extract(rel, read.text, ctx);
      dependencies.push(...result.dependencies);
      errors.push(...result.errors);
      unresolved.push(...result.unresolved);
    }
  }
  return { dependencies: mergeDependencies(applyPrecedence(dependencies)), errors: dedupeErrors(errors), unresolved: dedupeUnresolved(unresolved) };
}

// An included file read from two top-level files reports its problems twice; once is enough.
function dedupeErrors(errors: FileError[]): FileError[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(`${e.file}\0${e.message}`) && !!seen.add(`${e.file}\0${e.message}`));
}

function dedupeUnresolved(items: Unresolved[]): Unresolved[] {
  const seen = new Set<string>();
  const out = items.filter((u) => {
    const k = `${u.file}\0${u.line}\0${u.text}`;
    return !seen.has(k) && !!seen.add(k);
  });
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}
