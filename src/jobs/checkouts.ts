// Checkouts kept between scan jobs: the next scan of the same repository updates one in place
// (sources' checkout with `reuse`: fetch the new commit into the same database, rewrite only the
// files that changed) instead of fetching and writing every file into a new directory. Few are
// kept, as each holds a repository's files on disk; one taken by a scan is that scan's alone.
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { settleCheckout, type Checkout } from "../scan/sources/index.ts";

/** Marks a workspace (<workRoot>/checkout-XXXXXX/, beside git/ and tree/) as kept, not in use. */
const MARK = "kept";

export class KeptCheckouts {
  private readonly kept = new Map<string, Checkout>();

  constructor(private readonly max = 2) {}

  /** The repository's kept checkout, now the caller's (to reuse or clean up), or null. */
  take(key: string): Checkout | null {
    const co = this.kept.get(key);
    if (!co) return null;
    this.kept.delete(key);
    rmSync(join(dirname(co.dir), MARK), { force: true });
    return co;
  }

  /** Keep a finished scan's checkout for the next scan of the repository; the oldest beyond `max` are removed. */
  async give(key: string, co: Checkout): Promise<void> {
    const before = this.kept.get(key);
    this.kept.delete(key);
    if (before && before !== co) await before.cleanup();
    await settleCheckout(co);
    try {
      writeFileSync(join(dirname(co.dir), MARK), "");
    } catch {
      await co.cleanup();
      return;
    }
    this.kept.set(key, co);
    while (this.kept.size > this.max) {
      const [oldest, old] = this.kept.entries().next().value!;
      this.kept.delete(oldest);
      await old.cleanup();
    }
  }

  get size(): number {
    return this.kept.size;
  }
}

/**
 * Remove the kept checkouts an earlier process left in workRoot (it stopped with them kept). A
 * workspace in use by a scan has no mark, so a process started beside a running one spares it.
 */
export function removeKeptWorkspaces(workRoot: string): number {
  let names: string[];
  try {
    names = readdirSync(workRoot);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const root = join(workRoot, name);
    if (!name.startsWith("checkout-") || !existsSync(join(root, MARK))) continue;
    rmSync(root, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
