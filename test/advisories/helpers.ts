// Shared test setup: a real SQLite store in a temp dir, and the shared OSV data beside the repo.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/database.ts";
import type { Dependency, Ecosystem } from "../../src/scan/model.ts";

export const DATA = join(import.meta.dir, "../../../shared/data");
export const OSV = join(DATA, "osv");

export async function tempStore(): Promise<Store & { dir: string; dispose(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "reachd-adv-"));
  const store = await openStore(dir);
  return {
    ...store,
    dir,
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function dep(ecosystem: Ecosystem, name: string, version: string, extra: Partial<Dependency> = {}): Dependency {
  return { ecosystem, name, version, direct: true, dev: false, chain: ["app", name], source: ecosystem === "npm" ? "package-lock.json" : "requirements.txt", ...extra };
}

export function osvRecord(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    modified: "2024-01-01T00:00:00Z",
    published: "2023-01-01T00:00:00Z",
    aliases: [],
    summary: `test advisory ${id}`,
    affected: [{ package: { ecosystem: "npm", name: "left-pad" }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "1.3.0" }] }] }],
    ...overrides,
  };
}

export const bytesOf = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
