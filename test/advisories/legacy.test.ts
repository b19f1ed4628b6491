// The Node.js security-wg legacy npm format, imported from the real files and matched: every
// record converts, its semver range expressions keep their meaning (unions, exclusive bounds,
// x-ranges, exact versions, prereleases, `*`), and fixes come from the range that matched.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { legacyToOsv } from "../../src/scan/advisories/legacy-npm.ts";
import { matchInventory } from "../../src/scan/advisories/match.ts";
import { DATA, bytesOf, dep, tempStore } from "./helpers.ts";

const LEGACY = join(DATA, "legacy-nodejs-security-wg/npm");
let store: Awaited<ReturnType<typeof tempStore>>;

beforeAll(async () => {
  store = await tempStore();
  const summary = await importAdvisories(store.db, { path: LEGACY }, { source: "legacy-dir" });
  // 467 numbered files plus index.json holding the same 467 again: the second copies are unchanged.
  expect(summary).toMatchObject({ records: 934, inserted: 467, unchanged: 467, errors: 0, withdrawn: 0 });
});
afterAll(() => store.dispose());

async function matchOne(pkg: string, version: string) {
  return (await matchInventory(store.db, [dep("npm", pkg, version)])).filter((m) => m.advisoryId.startsWith("NSWG-ECO-"));
}

describe("ranges from real legacy records", () => {
  // [file id, package, version, affected?, fix_version]
  const table: [number, string, string, boolean, string | null][] = [
    // 1: "<=1.5.1", patched ">=1.5.2": last_affected, the fix taken from patched_versions
    [1, "bassmaster", "1.5.1", true, "1.5.2"],
    [1, "bassmaster", "1.5.2", false, null],
    // 11: "2.0.x || 2.1.x" (x-ranges)
    [11, "hapi", "1.9.9", false, null],
    [11, "hapi", "2.0.3", true, "2.2.0"], // not 2.1.0: 2.1.x is vulnerable too
    [11, "hapi", "2.1.9", true, "2.2.0"],
    [11, "hapi", "2.2.0", false, null],
    // 49: "<1.6.5 || < 2.1.7 > 2.0.0" — the exclusive lower bound leaves 2.0.0 out
    [49, "mapbox.js", "1.6.4", true, "1.6.5"],
    [49, "mapbox.js", "1.6.5", false, null],
    [49, "mapbox.js", "2.0.0", false, null],
    [49, "mapbox.js", "2.0.1", true, "2.1.7"],
    // 75: "<3.4.6 || > 4.0.0 <4.0.5"
    [75, "mqtt-packet", "4.0.0", false, null],
    [75, "mqtt-packet", "4.0.4", true, "4.0.5"],
    // 332: ">=3.0.0 <=3.9.1 || =3.10.2", patched "=3.10.1 || >=3.10.3"
    [332, "yui", "3.9.1", true, "3.10.1"],
    [332, "yui", "3.10.1", false, null],
    [332, "yui", "3.10.2", true, "3.10.3"],
    [332, "yui", "3.10.3", false, null],
    // 391: "<=0.9.4 || 1.0.0", patched ">=1.0.1 || >=0.9.5 <1.0.0"
    [391, "bl", "0.9.4", true, "0.9.5"],
    [391, "bl", "1.0.0", true, "1.0.1"],
    [391, "bl", "0.9.5", false, null],
    // 397: prereleases ">=2.0.0-alpha8 <=2.0.0-rc2 || >=2.0.0 <=2.13.0", patched ">=2.14.0"
    [397, "mysql", "2.0.0-alpha7", false, null],
    [397, "mysql", "2.0.0-alpha9", true, "2.14.0"],
    [397, "mysql", "2.13.0", true, "2.14.0"],
    [397, "mysql", "2.14.0", false, null],
    // 495: "<2.0.18 || <3.0.16 || …" overlaps its own patched "^2.0.18 || ^3.0.16 || …": patched wins
    [495, "electron", "2.0.17", true, "2.0.18"],
    [495, "electron", "2.0.18", false, null],
    [495, "electron", "3.0.15", true, "3.0.16"],
    [495, "electron", "3.1.0", false, null], // inside "<3.1.6" but also "^3.0.16": patched
    [495, "electron", "4.0.7", true, "4.0.8"],
    [495, "electron", "5.0.0-beta.4", true, "5.0.0-beta.5"],
    [495, "electron", "5.0.0", false, null],
    // 477: "*" with no patched version: every version, no fix
    [477, "flatmap-stream", "0.1.1", true, null],
    // 336: "<=99.999.99999", patched "<=0.0.0" (no real patched version)
    [336, "windows-cpu", "0.1.0", true, null],
  ];
  for (const [id, pkg, version, affected, fix] of table) {
    test(`NSWG-ECO-${id} ${pkg}@${version}: ${affected ? `affected, fix ${fix}` : "not affected"}`, async () => {
      const hits = (await matchOne(pkg, version)).filter((m) => m.advisoryId === `NSWG-ECO-${id}`);
      expect(hits.length).toBe(affected ? 1 : 0);
      if (affected) expect(hits[0]!.fixVersion).toBe(fix);
    });
  }
});

test("CVEs, CVSS 3.0 vectors, dates and text are carried over", async () => {
  const [m] = await matchOne("bassmaster", "1.5.0");
  expect(m).toMatchObject({ advisoryId: "NSWG-ECO-1", cveId: "CVE-2014-7205", aliases: ["CVE-2014-7205"], summary: "Arbitrary JavaScript Execution", severity: "medium", cvssScore: 6.5 });
  const row = await store.db.selectFrom("advisories").selectAll().where("id", "=", "NSWG-ECO-1").executeTakeFirstOrThrow();
  expect(row.modified).toBe("2016-04-28T00:00:00Z");
  expect(row.published).toBe("2014-09-27T00:00:00Z");
});

test("a record without a vector is labelled from its score; broken records are per-record errors", async () => {
  const osv = legacyToOsv({ id: 9001, module_name: "acme-old", vulnerable_versions: "<1.0.0", patched_versions: ">=1.0.0", cvss_vector: null, cvss_score: 9.8, updated_at: "2019-01-01", title: "t", cves: [] });
  expect(osv).toMatchObject({ id: "NSWG-ECO-9001", severity: [], database_specific: { severity: "CRITICAL" } });
  const s = await tempStore();
  try {
    const summary = await importAdvisories(
      s.db,
      { name: "mixed.json", bytes: bytesOf([{ id: 9002, module_name: "acme-bad", vulnerable_versions: "not a range!!", updated_at: "2019-01-01" }, osv]) },
      { source: "mixed" },
    );
    expect(summary).toMatchObject({ records: 2, inserted: 1, errors: 1 });
    expect(summary.error_sample[0]!.error).toContain("vulnerable_versions");
    const [m] = await matchInventory(s.db, [dep("npm", "acme-old", "0.9.0")]);
    expect(m).toMatchObject({ advisoryId: "NSWG-ECO-9001", severity: "critical", cvssScore: null, fixVersion: "1.0.0" });
  } finally {
    await s.dispose();
  }
});
