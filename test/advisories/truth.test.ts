// Matching cross-checked on the real exports: for every valid version named in the records
// (range events and up to 15 listed versions per entry), the advisories matched and their fixes
// agree with an independent OSV evaluation (test/support/osv-truth.ts, the semver and pep440
// libraries used directly). Versions that are not PEP 440 / semver (`0.7.11p1`, `trunk`) are left
// out: those only appear in `versions` lists, never in a lockfile that pins a release.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { valid as pepValid } from "@renovatebot/pep440";
import semver from "semver";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { matchInventory } from "../../src/scan/advisories/match.ts";
import { expectedMatches, type Record as OsvRecord } from "../support/osv-truth.ts";
import { OSV, dep, tempStore } from "./helpers.ts";

// Names compared the way both ecosystems do (npm names are lowercase on the registry; PEP 503).
const norm = (eco: string, n: string): string => (eco === "PyPI" ? n.toLowerCase().replace(/[-_.]+/g, "-") : n.toLowerCase());

let store: Awaited<ReturnType<typeof tempStore>>;
const records: OsvRecord[] = [];
beforeAll(async () => {
  store = await tempStore();
  for (const d of ["npm", "pypi"]) {
    expect((await importAdvisories(store.db, { path: join(OSV, d) }, { source: d })).errors).toBe(0);
    for (const f of readdirSync(join(OSV, d))) if (f.endsWith(".json")) records.push(JSON.parse(readFileSync(join(OSV, d, f), "utf8")));
  }
});
afterAll(() => store.dispose());

test("every valid version named in the npm and PyPI records matches exactly the advisories and fixes an independent evaluation gives", async () => {
  const candidates = new Map<string, Set<string>>();
  for (const r of records) {
    for (const a of r.affected ?? []) {
      const eco = a.package.ecosystem;
      if (eco !== "npm" && eco !== "PyPI") continue;
      const key = `${eco}\0${norm(eco, a.package.name)}`;
      let set = candidates.get(key);
      if (!set) candidates.set(key, (set = new Set()));
      const valid = (v: string) => v !== "0" && (eco === "PyPI" ? pepValid(v) !== null : semver.valid(v) !== null);
      for (const v of (a.versions ?? []).slice(0, 15)) if (valid(v)) set.add(v);
      for (const range of a.ranges ?? []) {
        if (range.type === "GIT") continue;
        for (const e of range.events) for (const v of Object.values(e)) if (typeof v === "string" && valid(v)) set.add(v);
      }
    }
  }
  // Records by package, so the independent evaluation reads only the ones that name it.
  const byPackage = new Map<string, OsvRecord[]>();
  for (const r of records) {
    for (const key of new Set((r.affected ?? []).map((a) => `${a.package.ecosystem}\0${norm(a.package.ecosystem, a.package.name)}`))) {
      const list = byPackage.get(key) ?? [];
      list.push(r);
      byPackage.set(key, list);
    }
  }
  let checked = 0;
  const wrong: string[] = [];
  for (const [key, versions] of candidates) {
    const [eco, name] = key.split("\0") as ["npm" | "PyPI", string];
    const got = await matchInventory(store.db, [...versions].map((v) => dep(eco, name, v)));
    for (const v of versions) {
      checked++;
      const mine = got.filter((m) => m.dependency.version === v).map((m) => ({ id: m.advisoryId, fix: m.fixVersion })).sort((a, b) => a.id.localeCompare(b.id));
      const want = expectedMatches(byPackage.get(key)!, eco, name, v);
      if (JSON.stringify(mine) !== JSON.stringify(want)) wrong.push(`${eco} ${name}@${v}: got ${JSON.stringify(mine)}, want ${JSON.stringify(want)}`);
    }
  }
  expect(checked).toBeGreaterThan(10_000);
  expect(wrong).toEqual([]);
}, 300_000); // ~10 s of CPU; minutes on this shared 2-core machine under load
