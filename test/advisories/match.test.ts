// Matching against the real shared records: the ten ground-truth rows of shared/data/README.md,
// checked at their range boundaries, plus the naming quirks.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { matchInventory } from "../../src/scan/advisories/match.ts";
import type { Ecosystem } from "../../src/scan/model.ts";
import { OSV, bytesOf, dep, osvRecord, tempStore } from "./helpers.ts";

let store: Awaited<ReturnType<typeof tempStore>>;

beforeAll(async () => {
  store = await tempStore();
  await importAdvisories(store.db, { path: join(OSV, "npm") }, { source: "npm" });
  await importAdvisories(store.db, { path: join(OSV, "osv-pypi.zip") }, { source: "pypi-zip" });
});
afterAll(() => store.dispose());

// [advisory, cve, ecosystem, package, version, fix version | null when not affected]
const GROUND_TRUTH: [string, string, Ecosystem, string, string, string | null][] = [
  ["GHSA-jf85-cpcp-j695", "CVE-2019-10744", "npm", "lodash", "0.1.0", "4.17.12"],
  ["GHSA-jf85-cpcp-j695", "CVE-2019-10744", "npm", "lodash", "4.17.11", "4.17.12"],
  ["GHSA-jf85-cpcp-j695", "CVE-2019-10744", "npm", "lodash", "4.17.12", null],
  ["GHSA-35jh-r3h4-6jhm", "CVE-2021-23337", "npm", "lodash", "4.17.20", "4.17.21"],
  ["GHSA-35jh-r3h4-6jhm", "CVE-2021-23337", "npm", "lodash", "4.17.21", null],
  ["GHSA-xvch-5gv4-984h", "CVE-2021-44906", "npm", "minimist", "0.2.3", "0.2.4"],
  ["GHSA-xvch-5gv4-984h", "CVE-2021-44906", "npm", "minimist", "0.2.4", null],
  ["GHSA-xvch-5gv4-984h", "CVE-2021-44906", "npm", "minimist", "0.9.0", null],
  ["GHSA-xvch-5gv4-984h", "CVE-2021-44906", "npm", "minimist", "1.0.0", "1.2.6"],
  ["GHSA-xvch-5gv4-984h", "CVE-2021-44906", "npm", "minimist", "1.2.5", "1.2.6"],
  ["GHSA-xvch-5gv4-984h", "CVE-2021-44906", "npm", "minimist", "1.2.6", null],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.10.0", "6.10.3"],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.10.2", "6.10.3"],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.10.3", null],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.7.0", "6.7.3"],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.5.2", "6.5.3"],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.2.3", "6.2.4"],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.2.4", null],
  ["GHSA-hrpp-h998-j3pp", "CVE-2022-24999", "npm", "qs", "6.11.0", null],
  ["GHSA-rv95-896h-c2vc", "CVE-2024-29041", "npm", "express", "4.19.1", "4.19.2"],
  ["GHSA-rv95-896h-c2vc", "CVE-2024-29041", "npm", "express", "4.19.2", null],
  ["GHSA-rv95-896h-c2vc", "CVE-2024-29041", "npm", "express", "5.0.0-alpha.1", "5.0.0-beta.3"],
  ["GHSA-rv95-896h-c2vc", "CVE-2024-29041", "npm", "express", "5.0.0-beta.2", "5.0.0-beta.3"],
  ["GHSA-rv95-896h-c2vc", "CVE-2024-29041", "npm", "express", "5.0.0-beta.3", null],
  ["GHSA-rv95-896h-c2vc", "CVE-2024-29041", "npm", "express", "5.0.0", null],
  ["GHSA-c2qf-rxjj-qqgw", "CVE-2022-25883", "npm", "semver", "7.5.1", "7.5.2"],
  ["GHSA-c2qf-rxjj-qqgw", "CVE-2022-25883", "npm", "semver", "7.5.2", null],
  ["GHSA-c2qf-rxjj-qqgw", "CVE-2022-25883", "npm", "semver", "6.3.0", "6.3.1"],
  ["GHSA-c2qf-rxjj-qqgw", "CVE-2022-25883", "npm", "semver", "6.3.1", null],
  ["GHSA-c2qf-rxjj-qqgw", "CVE-2022-25883", "npm", "semver", "5.7.1", "5.7.2"],
  ["GHSA-c2qf-rxjj-qqgw", "CVE-2022-25883", "npm", "semver", "5.7.2", null],
  ["PYSEC-2023-74", "CVE-2023-32681", "PyPI", "requests", "2.3.0", "2.31.0"],
  ["PYSEC-2023-74", "CVE-2023-32681", "PyPI", "requests", "2.30.0", "2.31.0"],
  ["PYSEC-2023-74", "CVE-2023-32681", "PyPI", "requests", "2.31.0", null],
  ["PYSEC-2023-74", "CVE-2023-32681", "PyPI", "requests", "2.2.1", null],
  ["PYSEC-2023-62", "CVE-2023-30861", "PyPI", "flask", "2.2.4", "2.2.5"],
  ["PYSEC-2023-62", "CVE-2023-30861", "PyPI", "Flask", "0.12", "2.2.5"],
  ["PYSEC-2023-62", "CVE-2023-30861", "PyPI", "flask", "2.2.5", null],
  ["PYSEC-2023-62", "CVE-2023-30861", "PyPI", "flask", "2.3.0", "2.3.2"],
  ["PYSEC-2023-62", "CVE-2023-30861", "PyPI", "flask", "2.3.1", "2.3.2"],
  ["PYSEC-2023-62", "CVE-2023-30861", "PyPI", "flask", "2.3.2", null],
  ["PYSEC-2023-192", "CVE-2023-43804", "PyPI", "urllib3", "2.0.0", "2.0.6"],
  ["PYSEC-2023-192", "CVE-2023-43804", "PyPI", "urllib3", "2.0.5", "2.0.6"],
  ["PYSEC-2023-192", "CVE-2023-43804", "PyPI", "urllib3", "2.0.6", null],
  ["PYSEC-2023-192", "CVE-2023-43804", "PyPI", "urllib3", "1.26.16", "1.26.17"],
  ["PYSEC-2023-192", "CVE-2023-43804", "PyPI", "urllib3", "1.26.17", null],
  ["PYSEC-2021-142", "CVE-2020-14343", "PyPI", "pyyaml", "5.3.1", "5.4"],
  ["PYSEC-2021-142", "CVE-2020-14343", "PyPI", "PyYAML", "5.4b1", "5.4"],
  ["PYSEC-2021-142", "CVE-2020-14343", "PyPI", "pyyaml", "5.4", null],
  ["PYSEC-2021-142", "CVE-2020-14343", "PyPI", "py_yaml", "5.3.1", null], // different project after PEP 503
];

describe("ground truth (shared/data/README.md)", () => {
  for (const [id, cve, ecosystem, name, version, fix] of GROUND_TRUTH) {
    test(`${id} ${name}@${version} → ${fix ?? "not affected"}`, async () => {
      const matches = (await matchInventory(store.db, [dep(ecosystem, name, version)])).filter((m) => m.advisoryId === id);
      if (fix === null) return expect(matches).toEqual([]);
      expect(matches).toHaveLength(1);
      expect(matches[0]).toMatchObject({ advisoryId: id, cveId: cve, fixVersion: fix, dependency: { name, version } });
    });
  }
});

describe("match details", () => {
  test("one match per (advisory, dependency) even when several entries cover it", async () => {
    const matches = await matchInventory(store.db, [dep("npm", "minimist", "1.2.5")]);
    const ids = matches.map((m) => m.advisoryId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("fields of a match", async () => {
    const [m] = (await matchInventory(store.db, [dep("npm", "lodash", "4.17.20")])).filter((x) => x.advisoryId === "GHSA-35jh-r3h4-6jhm");
    expect(m).toMatchObject({
      cveId: "CVE-2021-23337",
      aliases: ["CVE-2021-23337"],
      summary: "Command Injection in lodash",
      severity: "high",
      cvssScore: 7.2,
      imports: [{ path: "lodash", symbols: ["template"] }],
    });
  });

  test("PyPI records without a summary take the first line of the details", async () => {
    const [m] = (await matchInventory(store.db, [dep("PyPI", "requests", "2.30.0")])).filter((x) => x.advisoryId === "PYSEC-2023-74");
    expect(m!.summary.length).toBeGreaterThan(10);
    expect(m!.severity).toBe("unknown");
  });

  test("dev dependencies are matched too; dependency passed through unchanged", async () => {
    const d = dep("npm", "qs", "6.10.2", { dev: true, direct: false, chain: ["app", "express", "qs"] });
    const [m] = await matchInventory(store.db, [d]);
    expect(m!.dependency).toEqual(d);
  });

  test("an advisory naming the package with another case (Axios) still matches", async () => {
    const rec = osvRecord("GHSA-test-axio-s000", {
      affected: [{ package: { ecosystem: "npm", name: "Axios" }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "0.21.2" }] }] }],
    });
    await importAdvisories(store.db, { name: "axios.json", bytes: bytesOf(rec) }, { source: "test" });
    const matches = await matchInventory(store.db, [dep("npm", "axios", "0.21.1")]);
    expect(matches.map((m) => m.advisoryId)).toContain("GHSA-test-axio-s000");
  });

  test("non-npm/PyPI entries inside npm records are ignored", async () => {
    // GHSA-gxr4-xjj5-5px2 (jquery) also lists Maven, NuGet and RubyGems packages.
    const rows = await store.db.selectFrom("advisory_packages").select("ecosystem").distinct().execute();
    expect(rows.map((r) => r.ecosystem).sort()).toEqual(["PyPI", "npm"]);
    const jquery = await store.db.selectFrom("advisory_packages").select(["ecosystem", "name"]).where("advisory_id", "=", "GHSA-gxr4-xjj5-5px2").execute();
    expect(jquery).toEqual([{ ecosystem: "npm", name: "jquery" }]);
    const rails = await matchInventory(store.db, [dep("npm", "jquery-rails", "1.0.0")]);
    expect(rails).toEqual([]);
  });

  test("a dependency with an unparseable version matches only through a versions list", async () => {
    const matches = await matchInventory(store.db, [dep("npm", "lodash", "github:lodash/lodash#abc")]);
    expect(matches).toEqual([]);
  });

  test("empty inventory", async () => {
    expect(await matchInventory(store.db, [])).toEqual([]);
  });
});

describe("ground truth ranges, exactly as the table in shared/data/README.md lists them", () => {
  // id, package, affected ranges (as the README writes them), fixed versions
  const TABLE: [string, Ecosystem, string, string[], string[]][] = [
    ["GHSA-jf85-cpcp-j695", "npm", "lodash", [">=0 <4.17.12"], ["4.17.12"]],
    ["GHSA-35jh-r3h4-6jhm", "npm", "lodash", [">=0 <4.17.21"], ["4.17.21"]],
    ["GHSA-xvch-5gv4-984h", "npm", "minimist", [">=1.0.0 <1.2.6", ">=0 <0.2.4"], ["1.2.6", "0.2.4"]],
    ["GHSA-rv95-896h-c2vc", "npm", "express", [">=0 <4.19.2", ">=5.0.0-alpha.1 <5.0.0-beta.3"], ["4.19.2", "5.0.0-beta.3"]],
    ["GHSA-c2qf-rxjj-qqgw", "npm", "semver", [">=7.0.0 <7.5.2", ">=6.0.0 <6.3.1", ">=0 <5.7.2"], ["7.5.2", "6.3.1", "5.7.2"]],
    ["PYSEC-2023-74", "PyPI", "requests", [">=2.3.0 <2.31.0"], ["2.31.0"]],
    ["PYSEC-2023-62", "PyPI", "flask", [">=0 <2.2.5", ">=2.3.0 <2.3.2"], ["2.2.5", "2.3.2"]],
    ["PYSEC-2023-192", "PyPI", "urllib3", [">=2.0.0 <2.0.6", ">=0 <1.26.17"], ["2.0.6", "1.26.17"]],
    ["PYSEC-2021-142", "PyPI", "pyyaml", [">=0 <5.4"], ["5.4"]],
  ];
  /** Each introduced/fixed pair of the stored ECOSYSTEM ranges, as ">=a <b". */
  async function intervals(id: string, name: string): Promise<{ ranges: string[]; fixes: string[] }> {
    const row = await store.db.selectFrom("advisories").select("record").where("id", "=", id).executeTakeFirstOrThrow();
    const rec = JSON.parse(row.record) as { affected: { name: string; ranges: { events: { kind: string; version: string }[] }[] }[] };
    const ranges: string[] = [];
    const fixes: string[] = [];
    for (const a of rec.affected.filter((x) => x.name.toLowerCase() === name)) {
      for (const r of a.ranges) {
        let open: string | null = null;
        for (const e of r.events) {
          if (e.kind === "introduced") open = e.version;
          else if (e.kind === "fixed" && open !== null) {
            ranges.push(`>=${open} <${e.version}`);
            fixes.push(e.version);
            open = null;
          }
        }
      }
    }
    return { ranges, fixes };
  }
  for (const [id, , name, ranges, fixes] of TABLE) {
    test(`${id} ${name}: ${ranges.join(", ")}`, async () => {
      const got = await intervals(id, name);
      expect(got.ranges.sort()).toEqual([...ranges].sort());
      expect(got.fixes.sort()).toEqual([...fixes].sort());
    });
  }
  test("GHSA-hrpp-h998-j3pp qs: 9 ranges, one of them >=6.10.0 <6.10.3, fixes from 6.10.3 down to 6.2.4", async () => {
    const got = await intervals("GHSA-hrpp-h998-j3pp", "qs");
    expect(got.ranges).toHaveLength(9);
    expect(got.ranges).toContain(">=6.10.0 <6.10.3");
    expect(got.fixes).toContain("6.10.3");
    expect(got.fixes).toContain("6.2.4");
  });
});
