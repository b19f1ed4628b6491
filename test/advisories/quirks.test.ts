// Every quirk listed in shared/data/README.md, checked on the real records that carry it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { matchInventory } from "../../src/scan/advisories/match.ts";
import type { NormalisedAdvisory } from "../../src/scan/advisories/osv.ts";
import type { Ecosystem } from "../../src/scan/model.ts";
import { OSV, dep, tempStore } from "./helpers.ts";

let store: Awaited<ReturnType<typeof tempStore>>;
beforeAll(async () => {
  store = await tempStore();
  expect((await importAdvisories(store.db, { path: join(OSV, "npm") }, { source: "npm" })).errors).toBe(0);
  expect((await importAdvisories(store.db, { path: join(OSV, "osv-pypi.zip") }, { source: "pypi" })).errors).toBe(0);
});
afterAll(() => store.dispose());

const raw = (eco: "npm" | "pypi") =>
  readdirSync(join(OSV, eco))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(OSV, eco, f), "utf8")) as any);

async function fixFor(id: string, ecosystem: Ecosystem, name: string, version: string): Promise<string | null | "not affected"> {
  const hit = (await matchInventory(store.db, [dep(ecosystem, name, version)])).find((m) => m.advisoryId === id);
  return hit ? hit.fixVersion : "not affected";
}

async function stored(id: string): Promise<NormalisedAdvisory> {
  const row = await store.db.selectFrom("advisories").select("record").where("id", "=", id).executeTakeFirstOrThrow();
  return JSON.parse(row.record) as NormalisedAdvisory;
}

const cases = (rows: [string, Ecosystem, string, string, string | null | "not affected"][]) => {
  for (const [id, eco, name, version, want] of rows) {
    test(`${id} ${name}@${version} → ${want}`, async () => expect(await fixFor(id, eco, name, version)).toBe(want));
  }
};

describe("range types: ECOSYSTEM and GIT (pypa); GIT ranges are not compared with versions", () => {
  test("records with GIT ranges import, and keep only their version ranges", async () => {
    const withGit = raw("pypi").filter((r) => r.affected?.some((a: any) => a.ranges?.some((x: any) => x.type === "GIT")) && !r.withdrawn);
    expect(withGit.length).toBeGreaterThan(100);
    for (const r of withGit.slice(0, 25)) {
      const s = await stored(r.id);
      expect(s.affected.flatMap((a) => a.ranges.map((x) => x.type)).every((t) => t === "ECOSYSTEM")).toBe(true);
    }
  });
});

describe("several introduced/fixed pairs in one events list", () => {
  test("1,093 PyPI ranges have more than one pair", () => {
    const multi = raw("pypi").flatMap((r) => r.affected.flatMap((a: any) => a.ranges ?? [])).filter((x: any) => x.events.filter((e: any) => "introduced" in e).length > 1);
    expect(multi.length).toBe(1093);
  });
  cases([
    ["PYSEC-2009-4", "PyPI", "django", "1.0.3", "1.0.4"],
    ["PYSEC-2009-4", "PyPI", "django", "1.0.4", "not affected"],
    ["PYSEC-2009-4", "PyPI", "django", "1.1", "1.1.1"],
    ["PYSEC-2009-4", "PyPI", "Django", "1.1.1", "not affected"],
    // Regression: one list re-opens its own fix (fixed 3.1.1, introduced 3.1.1): 3.1.1 is still
    // affected, so the fix for 2.x is 3.1.3, not 3.1.1.
    ["PYSEC-2022-236", "PyPI", "pyspark", "2.1.1", "3.1.3"],
    ["PYSEC-2022-236", "PyPI", "pyspark", "3.1.1", "3.1.3"],
    ["PYSEC-2022-236", "PyPI", "pyspark", "3.1.3", "not affected"],
    ["PYSEC-2022-236", "PyPI", "pyspark", "3.2.1", "3.2.2"],
  ]);
  test("qs has one affected entry per range (9)", () => {
    const qs = raw("npm").find((r) => r.id === "GHSA-hrpp-h998-j3pp");
    expect(qs.affected.length).toBe(9);
  });
});

describe("last_affected: affected up to and including it, no fix known", () => {
  cases([
    ["PYSEC-2022-42969", "PyPI", "py", "1.11.0", null],
    ["PYSEC-2022-42969", "PyPI", "py", "1.4.0", null],
    ["GHSA-29mw-wpgm-hmr9", "npm", "lodash.trim", "4.5.1", null],
    ["GHSA-29mw-wpgm-hmr9", "npm", "lodash.trim", "4.5.2", "not affected"],
    ["GHSA-29mw-wpgm-hmr9", "npm", "lodash.trimend", "4.0.0", null],
  ]);
});

describe("odd and pre-release versions", () => {
  cases([
    // node-fetch: introduced "1.0" (not semver) reads as 1.0.0; a second entry is ">=0 <2.6.7", so
    // for 1.0.0 the fix is 3.1.1 (2.6.7 is still inside the first range)
    ["GHSA-r683-j2x4-v87g", "npm", "node-fetch", "1.0.0", "3.1.1"],
    ["GHSA-r683-j2x4-v87g", "npm", "node-fetch", "0.9.0", "2.6.7"],
    ["GHSA-r683-j2x4-v87g", "npm", "node-fetch", "2.6.7", "3.1.1"],
    ["GHSA-r683-j2x4-v87g", "npm", "node-fetch", "3.1.1", "not affected"],
    // PEP 440 pre-release fix: 5.2a1 < 5.2b1 is still affected, 5.2b1 is fixed
    ["PYSEC-2020-176", "PyPI", "PyYAML", "5.1.2", "5.2b1"],
    ["PYSEC-2020-176", "PyPI", "pyyaml", "5.2a1", "5.2b1"],
    ["PYSEC-2020-176", "PyPI", "pyyaml", "5.2b1", "not affected"],
    ["PYSEC-2020-176", "PyPI", "pyyaml", "5.2", "not affected"],
    // calendar versions
    ["PYSEC-2022-42986", "PyPI", "certifi", "2017.11.5", "2022.12.7"],
    ["PYSEC-2022-42986", "PyPI", "certifi", "2022.9.24", "2022.12.7"],
    ["PYSEC-2022-42986", "PyPI", "certifi", "2022.12.7", "not affected"],
    ["PYSEC-2022-42986", "PyPI", "certifi", "2017.4.17", "not affected"],
  ]);
});

describe("versions lists", () => {
  test("almost every PyPI entry has one, some with over a thousand versions", () => {
    const entries = raw("pypi").flatMap((r) => r.affected);
    expect(entries.filter((a: any) => (a.versions?.length ?? 0) > 0).length / entries.length).toBeGreaterThan(0.9);
    expect(Math.max(...entries.map((a: any) => a.versions?.length ?? 0))).toBe(1132);
  });
  // PYSEC-2023-214 lists 1,132 versions, pre-releases of the fix among them.
  cases([
    ["PYSEC-2023-214", "PyPI", "homeassistant", "0.10.1", "2023.9.0"],
    ["PYSEC-2023-214", "PyPI", "homeassistant", "2023.9.0b6", "2023.9.0"],
    ["PYSEC-2023-214", "PyPI", "HomeAssistant", "2023.9.0", "not affected"],
  ]);
  // gratient: versions ["0.5"] and no ranges at all
  cases([
    ["PYSEC-2024-1", "PyPI", "gratient", "0.5", null],
    ["PYSEC-2024-1", "PyPI", "gratient", "0.5.0", null],
    ["PYSEC-2024-1", "PyPI", "gratient", "0.6", "not affected"],
  ]);
});

describe("severity as written in the real records", () => {
  const sev = async (id: string, name: string, version: string, eco: Ecosystem = "npm") => {
    const m = (await matchInventory(store.db, [dep(eco, name, version)])).find((x) => x.advisoryId === id);
    return m && { severity: m.severity, score: m.cvssScore };
  };
  test("CVSS 3.0 vector (node-fetch)", async () => {
    const s = await stored("GHSA-r683-j2x4-v87g");
    expect(s.severity.vector).toStartWith("CVSS:3.0/");
    expect(await sev("GHSA-r683-j2x4-v87g", "node-fetch", "2.0.0")).toEqual({ severity: "high", score: 8.8 });
  });
  test("CVSS 3.1 and 4.0 side by side: the 3.1 score is used (express)", async () => {
    expect(await sev("GHSA-qw6h-vgh9-j6wx", "express", "4.19.2")).toEqual({ severity: "medium", score: 5.0 });
  });
  test("empty severity: [] with a GHSA label (Axios, HIGH)", async () => {
    expect(await sev("GHSA-8hc4-vh64-cxmj", "axios", "1.7.3")).toEqual({ severity: "high", score: null });
  });
  test("CVSS 3.0 in pypa records", async () => {
    const ids = raw("pypi").filter((r) => r.severity?.some((s: any) => s.score.startsWith("CVSS:3.0/"))).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const s = await stored(ids[0]);
    expect(s.severity.score).toBeGreaterThan(0);
    expect(s.severity.vector).toStartWith("CVSS:3.0/");
  });
  test("GHSA labels: every npm record with a label and no vector takes it", async () => {
    for (const r of raw("npm")) {
      const s = await stored(r.id);
      if ((r.severity ?? []).length === 0) {
        const want = { CRITICAL: "critical", HIGH: "high", MODERATE: "medium", LOW: "low" }[r.database_specific?.severity as string] ?? "unknown";
        expect(s.severity.label).toBe(want as never);
      } else expect(s.severity.score).not.toBeNull();
    }
  });
});

describe("withdrawn records", () => {
  test("the ten withdrawn PyPI records are not stored and match nothing", async () => {
    const withdrawn = raw("pypi").filter((r) => r.withdrawn);
    expect(withdrawn.length).toBe(10);
    const ids = withdrawn.map((r) => r.id);
    expect(await store.db.selectFrom("advisories").select("id").where("id", "in", ids).execute()).toEqual([]);
    expect((await matchInventory(store.db, [dep("PyPI", "arrayfire", "3.5.0")])).map((m) => m.advisoryId)).not.toContain("PYSEC-2019-144");
  });
});

describe("re-import of a real record", () => {
  test("a newer `modified` replaces it, an older one does not, a withdrawal removes it", async () => {
    const s = await tempStore();
    try {
      const original = raw("npm").find((r) => r.id === "GHSA-35jh-r3h4-6jhm");
      const imp = async (rec: unknown) => importAdvisories(s.db, { name: "r.json", bytes: new TextEncoder().encode(JSON.stringify(rec)) }, { source: "t" });
      const fixOf = async (version: string) => (await matchInventory(s.db, [dep("npm", "lodash", version)])).find((m) => m.advisoryId === original.id)?.fixVersion ?? "not affected";
      expect(await imp(original)).toMatchObject({ inserted: 1 });
      expect(await fixOf("4.17.21")).toBe("not affected");
      const later = new Date(Date.parse(original.modified) + 86_400_000).toISOString();
      const revised = structuredClone(original);
      revised.modified = later;
      revised.affected[0].ranges[0].events = [{ introduced: "0" }, { fixed: "4.17.22" }];
      expect(await imp(revised)).toMatchObject({ updated: 1 });
      expect(await fixOf("4.17.21")).toBe("4.17.22");
      expect(await imp(original)).toMatchObject({ unchanged: 1, updated: 0 });
      expect(await fixOf("4.17.21")).toBe("4.17.22");
      expect(await imp({ ...revised, withdrawn: later })).toMatchObject({ withdrawn: 1 });
      expect(await fixOf("4.17.20")).toBe("not affected");
    } finally {
      await s.dispose();
    }
  });
});
