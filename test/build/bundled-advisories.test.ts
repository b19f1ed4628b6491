// The embedded default advisory set: structure, and agreement with the real upstream records
// in ../shared/data/osv when that directory is present (CI has it beside the checkout).
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import semver from "semver";
import { valid as pep440Valid, lt as pep440Lt } from "@renovatebot/pep440";
import { Cvss3P0, Cvss3P1 } from "ae-cvss-calculator";
import bundledNpm from "../../src/scan/advisories/bundled/npm.json" with { type: "json" };
import bundledPypi from "../../src/scan/advisories/bundled/pypi.json" with { type: "json" };

interface Event {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}
interface Range {
  type: string;
  events: Event[];
}
interface Affected {
  package: { ecosystem: string; name: string };
  ranges?: Range[];
  ecosystem_specific?: { imports?: { path: string; symbols?: string[] }[] };
}
interface OsvRecord {
  schema_version?: string;
  id: string;
  modified: string;
  published?: string;
  withdrawn?: string;
  aliases?: string[];
  summary?: string;
  details?: string;
  affected: Affected[];
  severity?: { type: string; score: string }[];
  database_specific?: { severity?: string };
}

type Doc = { format: string; version: string; records: OsvRecord[] };
const docs = [
  ["npm", bundledNpm as unknown as Doc],
  ["PyPI", bundledPypi as unknown as Doc],
] as const;
const records = docs.flatMap(([, d]) => d.records);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const LABELS = ["CRITICAL", "HIGH", "MODERATE", "LOW"];

const SHARED_OSV = resolve(
  process.env.REACHD_SHARED_DATA ?? join(import.meta.dir, "../../../shared/data"),
  "osv",
);
const sharedPresent = existsSync(join(SHARED_OSV, "npm")) && existsSync(join(SHARED_OSV, "pypi"));

function versionValid(ecosystem: string, v: string): boolean {
  if (ecosystem === "npm") return semver.valid(v) !== null || /^\d+(\.\d+)*$/.test(v); // GHSA writes "1.0"
  return pep440Valid(v) !== null;
}

function less(ecosystem: string, a: string, b: string): boolean {
  if (a === "0") return true;
  if (ecosystem === "npm") {
    const ca = semver.valid(a) ?? semver.coerce(a)?.version;
    const cb = semver.valid(b) ?? semver.coerce(b)?.version;
    return ca !== undefined && cb !== undefined && semver.lt(ca, cb);
  }
  return pep440Lt(a, b);
}

function labelFor(score: number): string {
  if (score >= 9) return "CRITICAL";
  if (score >= 7) return "HIGH";
  if (score >= 4) return "MODERATE";
  return "LOW";
}

/** ecosystem:lowercased name -> sorted list of "introduced>fixed|last_affected" spans. */
function spans(rec: OsvRecord): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of rec.affected) {
    if (a.package.ecosystem !== "npm" && a.package.ecosystem !== "PyPI") continue;
    const key = `${a.package.ecosystem}:${a.package.name.toLowerCase()}`;
    const list = out.get(key) ?? [];
    for (const r of a.ranges ?? []) {
      if (r.type !== "ECOSYSTEM" && r.type !== "SEMVER") continue;
      let intro: string | undefined;
      for (const e of r.events) {
        if (e.introduced !== undefined) intro = e.introduced;
        else if (e.fixed !== undefined) list.push(`${intro}>fixed:${e.fixed}`);
        else if (e.last_affected !== undefined) list.push(`${intro}>last:${e.last_affected}`);
      }
    }
    out.set(key, list.sort());
  }
  return out;
}

describe("bundled advisories: file", () => {
  test.each(docs)("%s file: format header, one ecosystem", (ecosystem, doc) => {
    expect(doc.format).toBe("reachd-advisories");
    expect(doc.version).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    expect(doc.records.length).toBeGreaterThanOrEqual(15);
    for (const r of doc.records) for (const a of r.affected) expect(a.package.ecosystem).toBe(ecosystem);
  });

  test("ids are unique", () => {
    const ids = records.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("no CVE alias appears in two records", () => {
    const seen = new Map<string, string>();
    for (const r of records)
      for (const a of r.aliases ?? []) {
        expect(seen.get(a) ?? r.id).toBe(r.id);
        seen.set(a, r.id);
      }
  });
});

describe.each(records.map((r) => [r.id, r] as const))("bundled advisory %s", (_id, r) => {
  test("identity and dates", () => {
    expect(r.schema_version).toBe("1.6.0");
    expect(r.id).toMatch(/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|PYSEC-\d{4}-\d+)$/);
    expect(r.modified).toMatch(ISO);
    if (r.published !== undefined) expect(r.published).toMatch(ISO);
    expect(r.withdrawn).toBeUndefined();
    // Our own words only: a short details paragraph at most, no upstream prose.
    if (r.details !== undefined) expect(r.details.length).toBeLessThanOrEqual(600);
    expect(typeof r.summary).toBe("string");
    expect((r.summary ?? "").length).toBeGreaterThan(20);
    expect((r.summary ?? "").length).toBeLessThanOrEqual(200);
    const cves = (r.aliases ?? []).filter((a) => a.startsWith("CVE-"));
    expect(cves.length).toBe(1);
    for (const a of r.aliases ?? []) expect(a).toMatch(/^(CVE-\d{4}-\d{4,}|GHSA(-[a-z0-9]{4}){3})$/);
  });

  test("affected packages, ranges and events are well-formed", () => {
    expect(r.affected.length).toBeGreaterThan(0);
    for (const a of r.affected) {
      const eco = a.package.ecosystem;
      expect(["npm", "PyPI"]).toContain(eco);
      expect(a.package.name).toMatch(/^[a-z0-9@][a-z0-9._\-/]*$/i);
      expect(a.ranges?.length ?? 0).toBeGreaterThan(0);
      for (const range of a.ranges ?? []) {
        expect(["ECOSYSTEM", "SEMVER"]).toContain(range.type);
        expect(range.events.length % 2).toBe(0);
        range.events.forEach((e, i) => {
          const keys = Object.keys(e);
          expect(keys.length).toBe(1);
          const v = Object.values(e)[0] as string;
          if (i % 2 === 0) {
            expect(keys[0]).toBe("introduced");
            if (v !== "0") expect(versionValid(eco, v)).toBe(true);
          } else {
            expect(["fixed", "last_affected"]).toContain(keys[0] ?? "");
            expect(versionValid(eco, v)).toBe(true);
            const intro = range.events[i - 1]?.introduced ?? "0";
            expect(less(eco, intro, v)).toBe(true);
          }
        });
      }
      // Symbols live in the curated set (curated/*.json), not in the records.
      expect(a.ecosystem_specific).toBeUndefined();
    }
  });

  test("severity label and vector agree", () => {
    const label = r.database_specific?.severity;
    if (label !== undefined) expect(LABELS).toContain(label);
    for (const s of r.severity ?? []) {
      expect(s.type).toBe("CVSS_V3");
      const calc = s.score.startsWith("CVSS:3.0/") ? new Cvss3P0(s.score) : new Cvss3P1(s.score);
      const score = calc.calculateScores().overall;
      expect(typeof score).toBe("number");
      if (label !== undefined) expect(label).toBe(labelFor(score as number));
    }
  });
});

describe("bundled advisories agree with the upstream records in shared/data/osv", () => {
  // The test data lives beside the repo (CI has it there); without it this check fails, never skips.
  if (!sharedPresent) {
    test("the shared advisory data is present", () => {
      throw new Error(`shared advisory data is missing at ${SHARED_OSV} (set REACHD_SHARED_DATA)`);
    });
    return;
  }

  const upstream = (id: string): OsvRecord | null => {
    for (const dir of ["npm", "pypi"]) {
      const p = join(SHARED_OSV, dir, `${id}.json`);
      if (existsSync(p)) return JSON.parse(readFileSync(p, "utf8")) as OsvRecord;
    }
    return null;
  };
  const pairs = records.flatMap((r) => {
    const u = upstream(r.id);
    return u ? [[r.id, r, u] as const] : [];
  });

  test("most of the set is covered by the shared data (the comparison really runs)", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(20);
  });

  test.each(pairs)("%s: same packages, ranges and fixed versions, same CVE", (_id, mine, theirs) => {
    expect(theirs.withdrawn).toBeUndefined();
    const cve = (mine.aliases ?? []).filter((a) => a.startsWith("CVE-"));
    for (const c of cve) expect([theirs.id, ...(theirs.aliases ?? [])]).toContain(c);
    // Package names compared case-insensitively: GHSA spells one axios record "Axios".
    expect(Object.fromEntries(spans(mine))).toEqual(Object.fromEntries(spans(theirs)));
    const theirLabel = theirs.database_specific?.severity;
    if (theirLabel !== undefined && mine.database_specific?.severity !== undefined)
      expect(mine.database_specific.severity).toBe(theirLabel);
    for (const s of theirs.severity ?? []) {
      if (s.type === "CVSS_V3") expect(mine.severity ?? []).toContainEqual({ type: "CVSS_V3", score: s.score });
    }
  });
});
