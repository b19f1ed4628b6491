// The PyPI half of the curated symbol set (curated/pypi.json) and the embedded OSV records of the
// same advisories (bundled/pypi.json): both files follow their formats, the two cover exactly the
// same advisories, and every record agrees with the real PyPA record of that id or alias in
// ../shared/data (when present) on the affected ranges of the package — a disagreement is a bug
// in our data, not in the test data.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import curatedPypi from "../../src/scan/advisories/curated/pypi.json";
import bundledPypi from "../../src/scan/advisories/bundled/pypi.json";
import { parseOsvRecord, type NormalisedAffected, type NormalisedAdvisory } from "../../src/scan/advisories/osv.ts";
import { matchAffected } from "../../src/scan/advisories/range.ts";
import { normalizeName, schemeFor } from "../../src/scan/advisories/versions/index.ts";
import { cleanup, cli, tempDir } from "../support/server.ts";
import { writeFiles } from "../support/git.ts";
import { OSV } from "./helpers.ts";

/** A Python identifier, or Class.method: what the call graph names (`yaml.load`, `Environment.from_string`). */
const SYMBOL = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;
const MODULE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const ADVISORY_ID = /^(PYSEC-\d{4}-\d+|GHSA(-[23456789cfghjmpqrvwx]{4}){3})$/;

const CuratedFile = Type.Object({
  format: Type.Literal("reachd-curated-symbols"),
  version: Type.Literal(1),
  entries: Type.Array(
    Type.Object(
      {
        id: Type.String({ pattern: ADVISORY_ID.source }),
        aliases: Type.Array(Type.String({ pattern: "^[A-Z]+-[A-Za-z0-9-]+$" })),
        ecosystem: Type.Literal("PyPI"),
        package: Type.String({ pattern: "^[a-z0-9]([a-z0-9-]*[a-z0-9])?$" }),
        imports: Type.Array(
          Type.Object({ path: Type.String({ pattern: MODULE.source }), symbols: Type.Array(Type.String({ pattern: SYMBOL.source })) }, { additionalProperties: false }),
          { minItems: 1 },
        ),
        why: Type.String({ minLength: 20, maxLength: 200, pattern: "^[^\\r\\n]+$" }),
      },
      { additionalProperties: false },
    ),
  ),
});
type Entry = Static<typeof CuratedFile>["entries"][number];

const BundleFile = Type.Object({
  format: Type.Literal("reachd-advisories"),
  version: Type.String({ pattern: "^\\d{4}\\.\\d{1,2}\\.\\d{1,2}(\\.\\d+)?$" }),
  records: Type.Array(Type.Unknown(), { minItems: 1 }),
});

const entries = curatedPypi.entries as Entry[];
const rawRecords = bundledPypi.records as { id: string; severity?: unknown[]; database_specific?: { severity?: string } }[];
const parsed: NormalisedAdvisory[] = rawRecords.map((raw) => {
  const r = parseOsvRecord(raw);
  if (!r.ok) throw new Error(`bundled/pypi.json ${r.id}: ${r.error}`);
  return r.record;
});
const recordById = new Map(parsed.map((r) => [r.id, r]));
const pypi = schemeFor("PyPI");
const affectedOf = (r: NormalisedAdvisory, pkg: string): NormalisedAffected[] =>
  r.affected.filter((a) => a.ecosystem === "PyPI" && normalizeName("PyPI", a.name) === normalizeName("PyPI", pkg));

describe("curated/pypi.json", () => {
  test("matches the curated-symbols format", () => {
    expect([...Value.Errors(CuratedFile, curatedPypi)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
  });

  test("about a hundred entries, one per advisory, over many packages", () => {
    expect(entries.length).toBeGreaterThanOrEqual(100);
    const ids = entries.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(new Set(entries.map((e) => e.package)).size).toBeGreaterThanOrEqual(40);
  });

  test("no entry names a path twice or a symbol twice in one path", () => {
    for (const e of entries) {
      const paths = e.imports.map((i) => i.path);
      expect({ id: e.id, paths: [...new Set(paths)] }).toEqual({ id: e.id, paths });
      for (const i of e.imports) expect({ id: e.id, symbols: [...new Set(i.symbols)] }).toEqual({ id: e.id, symbols: i.symbols });
    }
  });

  test("every entry's advisory is embedded, names the package as affected, and carries the same aliases", () => {
    const problems: string[] = [];
    for (const e of entries) {
      const rec = recordById.get(e.id);
      if (!rec) problems.push(`${e.id}: no embedded record`);
      else if (affectedOf(rec, e.package).length === 0) problems.push(`${e.id}: record does not affect ${e.package}`);
      else if (JSON.stringify([...rec.aliases].sort()) !== JSON.stringify([...e.aliases].sort())) problems.push(`${e.id}: aliases differ`);
    }
    expect(problems).toEqual([]);
  });

  test("the set is about functions: only a few entries say \"any use of the package\"", () => {
    const anyUse = entries.filter((e) => e.imports.every((i) => i.symbols.length === 0)).map((e) => e.id);
    expect(anyUse.length).toBeGreaterThan(0);
    expect(anyUse.length).toBeLessThanOrEqual(entries.length / 20);
  });
});

describe("bundled/pypi.json", () => {
  test("is a reachd-advisories bundle whose records all parse as OSV", () => {
    expect([...Value.Errors(BundleFile, bundledPypi)].map((e) => `${e.path}: ${e.message}`)).toEqual([]);
    expect(parsed).toHaveLength(rawRecords.length);
  });

  test("holds exactly the curated advisories, once each", () => {
    const ids = parsed.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(entries.map((e) => e.id).sort());
  });

  test("every record has our own summary and details, a severity, dates, references and ECOSYSTEM ranges", () => {
    for (const [i, r] of parsed.entries()) {
      const raw = rawRecords[i]!;
      expect(r.summary.length).toBeGreaterThan(20);
      expect(r.details.startsWith(r.summary)).toBe(true);
      expect(["CRITICAL", "HIGH", "MODERATE", "LOW"]).toContain(raw.database_specific?.severity ?? "");
      expect(r.severity.label).not.toBe("unknown");
      expect(r.published).toMatch(/^20\d\d-\d\d-\d\dT00:00:00Z$/);
      expect(r.affected.length).toBeGreaterThan(0);
      for (const a of r.affected) {
        expect(a.ranges.length).toBeGreaterThan(0);
        for (const range of a.ranges) {
          expect(range.type).toBe("ECOSYSTEM");
          // Every version an event names is a PEP 440 version (or "0").
          for (const ev of range.events) expect({ id: r.id, v: ev.version, ok: ev.version === "0" || pypi.compare(ev.version, ev.version) === 0 }).toEqual({ id: r.id, v: ev.version, ok: true });
        }
      }
    }
  });

  test("ranges are right at their edges: each introduced version is affected, each fixed version is not", () => {
    const wrong: string[] = [];
    for (const r of parsed) {
      for (const a of r.affected) {
        for (const range of a.ranges) {
          for (const ev of range.events) {
            if (ev.version === "0") continue;
            const hit = matchAffected(a, ev.version, pypi) !== null;
            if (ev.kind === "introduced" && !hit) wrong.push(`${r.id} ${a.name} ${ev.version} should be affected`);
            if (ev.kind === "last_affected" && !hit) wrong.push(`${r.id} ${a.name} ${ev.version} should be affected`);
            if (ev.kind === "fixed" && hit) wrong.push(`${r.id} ${a.name} ${ev.version} should be fixed`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

// The cross-check against the real PyPA records (../shared/data/osv/pypi): skipped without them.
const PYPI_DIR = join(OSV, "pypi");
const haveData = existsSync(PYPI_DIR);

/** A range as comparable intervals: "introduced..end" strings, sorted (events may come in any order). */
function intervals(affected: NormalisedAffected[]): string[] {
  const out: string[] = [];
  for (const a of affected) {
    for (const range of a.ranges) {
      const events = [...range.events].sort((x, y) =>
        x.version === "0" ? -1 : y.version === "0" ? 1 : pypi.compare(x.version, y.version)! || (x.kind === "introduced" ? -1 : 1),
      );
      let open: string | null = null;
      for (const ev of events) {
        if (ev.kind === "introduced") {
          if (open !== null) out.push(`${open}..`);
          open = ev.version;
        } else if (open !== null) {
          out.push(`${open}..${ev.kind === "last_affected" ? "<=" : "<"}${ev.version}`);
          open = null;
        }
      }
      if (open !== null) out.push(`${open}..`);
    }
  }
  return [...new Set(out)].sort();
}

describe("cross-check with the real PyPA records in ../shared/data", () => {
  // The test data lives beside the repo (CI has it there); without it this fails, never skips.
  test("the shared PyPA records are present", () => expect(existsSync(PYPI_DIR)).toBe(true));
  const real = new Map<string, NormalisedAdvisory>();
  if (haveData) {
    for (const f of new Bun.Glob("*.json").scanSync(PYPI_DIR)) {
      const r = parseOsvRecord(JSON.parse(readFileSync(join(PYPI_DIR, f), "utf8")));
      if (!r.ok) continue;
      for (const key of [r.record.id, ...r.record.aliases]) if (!real.has(key)) real.set(key, r.record);
    }
  }
  const counterpart = (r: NormalisedAdvisory): NormalisedAdvisory | undefined =>
    real.get(r.id) ?? r.aliases.map((a) => real.get(a)).find((x) => x !== undefined);

  test("every PYSEC record exists in the test data, so this check covers it (GHSA-only ones are newer than the snapshot)", () => {
    const uncovered = parsed.filter((r) => counterpart(r) === undefined).map((r) => r.id);
    expect(uncovered.filter((id) => !id.startsWith("GHSA-"))).toEqual([]);
    expect(uncovered.length).toBeLessThanOrEqual(parsed.length / 10);
  });

  test("each matching record affects the same package with the same ranges, and none is withdrawn", () => {
    const mismatches: string[] = [];
    for (const r of parsed) {
      const other = counterpart(r);
      if (!other) continue;
      if (other.withdrawn) mismatches.push(`${r.id}: withdrawn upstream`);
      for (const a of r.affected) {
        const ours = intervals([a]);
        const theirs = intervals(affectedOf(other, a.name));
        if (JSON.stringify(ours) !== JSON.stringify(theirs)) mismatches.push(`${r.id} ${a.name}: ours ${ours.join(", ")} / PyPA ${theirs.join(", ")}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  test("our aliases are the real record's id and aliases (nothing invented)", () => {
    const invented: string[] = [];
    for (const r of parsed) {
      const other = counterpart(r);
      if (!other) continue;
      const known = new Set([other.id, ...other.aliases]);
      for (const a of [r.id, ...r.aliases]) if (!known.has(a) && a !== r.id) invented.push(`${r.id}: ${a}`);
    }
    expect(invented).toEqual([]);
  });
});

// A fresh install (empty data dir, nothing imported) scanning a small Python project: the embedded
// records match the pinned versions and the curated symbols decide function level from the calls
// the project's __main__ reaches — and `none` for the vulnerable functions it never calls.
describe("a scan with only the embedded data", () => {
  const dirs: string[] = [];
  afterAll(() => cleanup(...dirs));
  const project = {
    "requirements.txt": "pyyaml==5.3\npillow==8.2.0\nurllib3==1.26.3\n",
    "app.py": [
      "import yaml",
      "import urllib3",
      "from PIL import Image, ImageColor",
      "",
      "def thumbnail(path):",
      "    img = Image.open(path)",
      "    return img.convert(\"RGB\")",
      "",
      "def main():",
      "    config = yaml.load(open(\"config.yml\"))",
      "    colour = ImageColor.getrgb(config[\"colour\"])",
      "    body = urllib3.PoolManager().request(\"GET\", config[\"url\"]).data",
      "    return thumbnail(config[\"image\"]), colour, body",
      "",
      "if __name__ == \"__main__\":",
      "    main()",
      "",
    ].join("\n"),
  };

  test("reaches the curated functions from __main__, and no finding stays at package level", async () => {
    const root = tempDir("reachd-curated-py-");
    const dataDir = tempDir("reachd-curated-py-data-");
    dirs.push(root, dataDir);
    writeFiles(root, project);
    const res = await cli(["scan", root, "--format", "json", "--no-cache"], { dataDir });
    expect(res.stderr).toBe("");
    const report = JSON.parse(res.stdout) as { findings: { advisory_id: string; package: string; reachability: { level: string; symbols: string[] }; call_path: string | null }[] };
    const byId = new Map(report.findings.map((f) => [f.advisory_id, f]));
    const level = (id: string) => [byId.get(id)?.reachability.level, byId.get(id)?.reachability.symbols];

    expect(level("PYSEC-2021-142")).toEqual(["function", ["yaml.load"]]);
    expect(byId.get("PYSEC-2021-142")!.call_path).toBe("app.py:__main__ -> app.py:16 -> app.py:10 -> yaml.load");
    expect(level("PYSEC-2021-317")).toEqual(["function", ["PIL.ImageColor.getrgb"]]);
    expect(level("PYSEC-2021-331")).toEqual(["function", ["PIL.Image.open.convert"]]);
    expect(level("PYSEC-2022-42979")).toEqual(["function", ["PIL.Image.open"]]);
    expect(level("PYSEC-2021-108")).toEqual(["function", ["urllib3.PoolManager"]]);
    // Pinned versions outside a range are not findings: 8.2.0 is the fixed version of PYSEC-2021-139.
    expect(byId.has("PYSEC-2021-139")).toBe(false);
    expect(byId.has("PYSEC-2020-176")).toBe(false);
    // Vulnerable, but the vulnerable function is never called.
    expect(level("PYSEC-2022-10")).toEqual(["none", []]);
    expect(level("PYSEC-2022-168")).toEqual(["none", []]);
    expect(level("PYSEC-2021-59")[0]).toBe("none");
    // Every embedded advisory for these packages has symbols, so none is left at package level.
    expect(report.findings.filter((f) => f.reachability.level === "package").map((f) => f.advisory_id)).toEqual([]);
    expect(report.findings.length).toBeGreaterThanOrEqual(15);
  }, 120_000);
});
