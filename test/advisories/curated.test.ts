// The curated symbol set: the embedded npm file is valid and every entry is backed by an advisory
// naming that package (embedded bundle or the real test data); the parser refuses hostile files
// whole; the store keeps sources apart and matching applies them by precedence.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import curatedNpm from "../../src/scan/advisories/curated/npm.json";
import { embeddedBundle } from "../../src/scan/advisories/bundled.ts";
import { parseCuratedDocument, type CuratedEntry } from "../../src/scan/advisories/curated-format.ts";
import { ensureCuratedSymbols, importOperatorCurated, listCurated, curatedCounts, embeddedCuratedEntries } from "../../src/scan/advisories/curated.ts";
import { importAdvisories } from "../../src/scan/advisories/import.ts";
import { matchInventory } from "../../src/scan/advisories/match.ts";
import { bytesOf, dep, OSV, osvRecord, tempStore } from "./helpers.ts";

const SYMBOL = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)?$/;

interface Rec {
  id: string;
  aliases?: string[];
  affected: { package: { ecosystem: string; name: string } }[];
}

/** Advisories by id and by alias, from the embedded bundle and the real test data when present. */
function knownAdvisories(): Map<string, Rec[]> {
  const byId = new Map<string, Rec[]>();
  const add = (r: Rec) => {
    for (const k of [r.id, ...(r.aliases ?? [])]) byId.set(k, [...(byId.get(k) ?? []), r]);
  };
  for (const r of embeddedBundle().records as Rec[]) add(r);
  const dir = join(OSV, "npm");
  if (existsSync(dir)) {
    for (const f of new Bun.Glob("*.json").scanSync(dir)) add(JSON.parse(readFileSync(join(dir, f), "utf8")) as Rec);
  }
  return byId;
}

describe("curated/npm.json", () => {
  const parsed = parseCuratedDocument(curatedNpm as unknown);

  test("parses against the format with no problems", () => {
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  });
  const entries: CuratedEntry[] = parsed.ok ? parsed.entries : [];

  test("holds npm entries only, one per advisory and package", () => {
    expect(entries.length).toBeGreaterThanOrEqual(25);
    expect(entries.every((e) => e.ecosystem === "npm")).toBe(true);
    const keys = entries.map((e) => `${e.id} ${e.package}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("every entry's advisory exists and names that package as affected", () => {
    const known = knownAdvisories();
    const missing = entries.filter((e) => {
      const recs = known.get(e.id) ?? [];
      return !recs.some((r) => r.affected.some((a) => a.package.ecosystem === "npm" && a.package.name.toLowerCase() === e.package.toLowerCase()));
    });
    expect(missing.map((e) => `${e.id} ${e.package}`)).toEqual([]);
  });

  test("every entry has a one-line why, identifier symbols, and paths inside its package", () => {
    for (const e of entries) {
      expect(e.why.length).toBeGreaterThan(20);
      expect(e.why.length).toBeLessThanOrEqual(200);
      for (const im of e.imports) {
        expect(im.path === e.package || im.path.startsWith(`${e.package}/`)).toBe(true);
        for (const s of im.symbols) expect(s).toMatch(SYMBOL);
      }
    }
  });

  test("every embedded npm record has a curated entry (the bundle is the curated set's records)", () => {
    const curatedIds = new Set(entries.map((e) => e.id));
    const npmRecords = (embeddedBundle().records as Rec[]).filter((r) => r.affected.some((a) => a.package.ecosystem === "npm"));
    expect(npmRecords.filter((r) => !curatedIds.has(r.id)).map((r) => r.id)).toEqual([]);
  });
});

describe("parseCuratedDocument refuses hostile and malformed files whole", () => {
  const good = { id: "GHSA-35jh-r3h4-6jhm", aliases: ["CVE-2021-23337"], ecosystem: "npm", package: "lodash", imports: [{ path: "lodash", symbols: ["template"] }], why: "template compiles its options into a Function body." };
  const doc = (entries: unknown[]) => ({ format: "reachd-curated-symbols", version: 1, entries });
  const problemsOf = (data: unknown) => {
    const r = parseCuratedDocument(data);
    return r.ok ? [] : r.problems.map((p) => p.field);
  };

  test("a good document parses", () => {
    const r = parseCuratedDocument(doc([good]));
    expect(r).toEqual({ ok: true, entries: [good as CuratedEntry] });
  });

  test.each([
    ["not an object", [1, 2], ["$"]],
    ["null", null, ["$"]],
    ["wrong format", { format: "reachd-advisories", version: 1, entries: [] }, ["format"]],
    ["wrong version", { format: "reachd-curated-symbols", version: 2, entries: [] }, ["version"]],
    ["entries not a list", { format: "reachd-curated-symbols", version: 1, entries: {} }, ["entries"]],
    ["entry not an object", doc(["x"]), ["entries[0]"]],
    ["bad id", doc([{ ...good, id: "'; DROP TABLE advisories; --" }]), ["entries[0].id"]],
    ["bad ecosystem", doc([{ ...good, ecosystem: "Maven" }]), ["entries[0].ecosystem"]],
    ["path traversal in package", doc([{ ...good, package: "../../etc/passwd" }]), ["entries[0].package"]],
    ["path outside any module form", doc([{ ...good, imports: [{ path: "/etc/passwd", symbols: [] }] }]), ["entries[0].imports[0].path"]],
    ["symbol with code", doc([{ ...good, imports: [{ path: "lodash", symbols: ["template()"] }] }]), ["entries[0].imports[0].symbols"]],
    ["symbols missing", doc([{ ...good, imports: [{ path: "lodash" }] }]), ["entries[0].imports[0].symbols"]],
    ["no imports", doc([{ ...good, imports: [] }]), ["entries[0].imports"]],
    ["empty why", doc([{ ...good, why: "  " }]), ["entries[0].why"]],
    ["multi-line why", doc([{ ...good, why: "one\ntwo" }]), ["entries[0].why"]],
    ["long why", doc([{ ...good, why: "x".repeat(201) }]), ["entries[0].why"]],
    ["duplicate entry", doc([good, good]), ["entries[1]"]],
    ["python path on PyPI with a slash", doc([{ ...good, ecosystem: "PyPI", package: "pyyaml", imports: [{ path: "yaml/loader", symbols: [] }] }]), ["entries[0].imports[0].path"]],
  ])("%s", (_name, data, fields) => {
    expect(problemsOf(data)).toEqual(fields as string[]);
  });

  test("huge inputs are refused with a bounded problem list", () => {
    expect(problemsOf(doc(Array.from({ length: 20_001 }, () => good)))).toEqual(["entries"]);
    const bad = problemsOf(doc(Array.from({ length: 5000 }, () => ({}))));
    expect(bad.length).toBe(50);
    expect(problemsOf(doc([{ ...good, imports: [{ path: "lodash", symbols: Array.from({ length: 201 }, (_, i) => `f${i}`) }] }]))).toEqual(["entries[0].imports[0].symbols"]);
    expect(problemsOf(doc([{ ...good, imports: [{ path: "a".repeat(301), symbols: [] }] }]))).toEqual(["entries[0].imports[0].path"]);
  });
});

describe("the curated store and the matching overlay", () => {
  let store: Awaited<ReturnType<typeof tempStore>>;
  beforeEach(async () => {
    store = await tempStore();
  });
  afterEach(() => store.dispose());

  const lodash = dep("npm", "lodash", "4.17.20");
  const templateAdvisory = () => structuredClone((embeddedBundle().records as Rec[]).find((r) => r.id === "GHSA-35jh-r3h4-6jhm")) as unknown as Record<string, unknown>;
  const operatorEntry = (imports: CuratedEntry["imports"]): CuratedEntry => ({ id: "GHSA-35jh-r3h4-6jhm", aliases: [], ecosystem: "npm", package: "lodash", imports, why: "site policy: our review says otherwise" });

  test("the embedded set is synced once per content and never touches operator rows", async () => {
    expect((await ensureCuratedSymbols(store.db)).synced).toBe(embeddedCuratedEntries().length);
    expect(await ensureCuratedSymbols(store.db)).toEqual({ synced: 0 });
    await importOperatorCurated(store.db, [operatorEntry([{ path: "lodash", symbols: ["merge"] }])]);
    await store.db.updateTable("meta").set({ value: "stale" }).where("key", "=", "curated_symbols_version").execute();
    expect((await ensureCuratedSymbols(store.db)).synced).toBe(embeddedCuratedEntries().length);
    const counts = await curatedCounts(store.db);
    expect(counts.by_source).toEqual({ "curated-bundled": embeddedCuratedEntries().length, operator: 1 });
    const listed = (await listCurated(store.db)).filter((e) => e.id === "GHSA-35jh-r3h4-6jhm" && e.package === "lodash");
    expect(listed.map((e) => e.source)).toEqual(["curated-bundled", "operator"]);
  });

  test("operator import is idempotent and updates changed entries", async () => {
    const e = operatorEntry([{ path: "lodash", symbols: ["merge"] }]);
    expect(await importOperatorCurated(store.db, [e])).toEqual({ entries: 1, inserted: 1, updated: 0, unchanged: 0 });
    expect(await importOperatorCurated(store.db, [e])).toEqual({ entries: 1, inserted: 0, updated: 0, unchanged: 1 });
    expect(await importOperatorCurated(store.db, [{ ...e, why: "changed reason, same symbols" }])).toEqual({ entries: 1, inserted: 0, updated: 1, unchanged: 0 });
  });

  test("precedence: operator > record's own narrowing symbols > embedded curated > package", async () => {
    await ensureCuratedSymbols(store.db);
    // A record naming no symbols: the embedded curated entry applies.
    await importAdvisories(store.db, { name: "plain.json", bytes: bytesOf(templateAdvisory()) }, { source: "operator" });
    let [m] = await matchInventory(store.db, [lodash]);
    expect(m?.imports).toEqual([
      { path: "lodash", symbols: ["template"] },
      { path: "lodash/template", symbols: [] },
    ]);
    // A record naming only the package itself: curated functions are more precise, so they win.
    const packageOnly = templateAdvisory();
    (packageOnly.affected as any[])[0].ecosystem_specific = { affected_functions: ["(lodash)"] };
    packageOnly.modified = "2030-01-01T00:00:00Z";
    await importAdvisories(store.db, { name: "pkg.json", bytes: bytesOf(packageOnly) }, { source: "operator" });
    [m] = await matchInventory(store.db, [lodash]);
    expect(m?.imports[0]).toEqual({ path: "lodash", symbols: ["template"] });
    // A record naming its own function: the record wins over the embedded set.
    const own = templateAdvisory();
    (own.affected as any[])[0].ecosystem_specific = { imports: [{ path: "lodash", symbols: ["templateSettings"] }] };
    own.modified = "2031-01-01T00:00:00Z";
    await importAdvisories(store.db, { name: "own.json", bytes: bytesOf(own) }, { source: "operator" });
    [m] = await matchInventory(store.db, [lodash]);
    expect(m?.imports).toEqual([{ path: "lodash", symbols: ["templateSettings"] }]);
    // The operator's curated entry wins over everything; naming the bare package means package level.
    await importOperatorCurated(store.db, [operatorEntry([{ path: "lodash", symbols: ["merge"] }])]);
    [m] = await matchInventory(store.db, [lodash]);
    expect(m?.imports).toEqual([{ path: "lodash", symbols: ["merge"] }]);
    await importOperatorCurated(store.db, [operatorEntry([{ path: "lodash", symbols: [] }])]);
    [m] = await matchInventory(store.db, [lodash]);
    expect(m?.imports).toEqual([]);
  });

  test("an advisory with no curated entry and no symbols stays at package level", async () => {
    await ensureCuratedSymbols(store.db);
    await importAdvisories(store.db, { name: "x.json", bytes: bytesOf(osvRecord("GHSA-xxxx-xxxx-xxxx")) }, { source: "operator" });
    const [m] = await matchInventory(store.db, [dep("npm", "left-pad", "1.0.0")]);
    expect(m?.advisoryId).toBe("GHSA-xxxx-xxxx-xxxx");
    expect(m?.imports).toEqual([]);
  });
});
