// Importing the real shared OSV data (directory, zip, in-memory bytes) and hostile records.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Zip, ZipDeflate, zipSync } from "fflate";
import { advisoryStatus, importAdvisories } from "../../src/scan/advisories/import.ts";
import { matchInventory } from "../../src/scan/advisories/match.ts";
import { changedAnything } from "../../src/jobs/reeval.ts";
import { OSV, bytesOf, dep, osvRecord, tempStore } from "./helpers.ts";

let store: Awaited<ReturnType<typeof tempStore>>;
beforeEach(async () => {
  store = await tempStore();
});
afterEach(() => store.dispose());

describe("real OSV data", () => {
  test("PyPI directory: 2,661 records, 10 withdrawn; a second run changes nothing", async () => {
    const first = await importAdvisories(store.db, { path: join(OSV, "pypi") }, { source: "pypi-dir" });
    expect(first).toMatchObject({ records: 2661, inserted: 2651, updated: 0, unchanged: 0, withdrawn: 10, skipped: 0, errors: 0 });
    const second = await importAdvisories(store.db, { path: join(OSV, "pypi") }, { source: "pypi-dir" });
    expect(second).toMatchObject({ records: 2661, inserted: 0, updated: 0, unchanged: 2651, withdrawn: 10, errors: 0 });
    const status = await advisoryStatus(store.db);
    expect(status.total).toBe(2651);
    expect(status.by_ecosystem).toEqual({ npm: 0, PyPI: 2651 });
    expect(status.imports).toHaveLength(2);
    expect(status.last_import).toMatchObject({ id: second.import_id, source: "pypi-dir", records: 2661, unchanged: 2651 });
    expect(status.last_import!.finished_at).not.toBeNull();
  });

  test("the osv.dev-style zip gives the same store as the directory", async () => {
    const z = await importAdvisories(store.db, { path: join(OSV, "osv-pypi.zip") }, { source: "pypi-zip" });
    expect(z).toMatchObject({ records: 2661, inserted: 2651, withdrawn: 10, errors: 0 });
    const d = await importAdvisories(store.db, { path: join(OSV, "pypi") }, { source: "pypi-dir" });
    expect(d).toMatchObject({ inserted: 0, updated: 0, unchanged: 2651 });
  });

  test("npm directory, npm zip as uploaded bytes", async () => {
    const dir = await importAdvisories(store.db, { path: join(OSV, "npm") }, { source: "npm-dir" });
    expect(dir).toMatchObject({ records: 23, inserted: 23, errors: 0 });
    const bytes = new Uint8Array(await Bun.file(join(OSV, "osv-npm.zip")).arrayBuffer());
    const zip = await importAdvisories(store.db, { name: "all.zip", bytes }, { source: "upload" });
    expect(zip).toMatchObject({ records: 23, inserted: 0, unchanged: 23, errors: 0 });
    expect((await advisoryStatus(store.db)).by_ecosystem.npm).toBe(23);
  });

  test("withdrawn PyPI records are never stored", async () => {
    await importAdvisories(store.db, { path: join(OSV, "pypi") }, { source: "pypi-dir" });
    for (const id of ["PYSEC-2019-144", "PYSEC-2020-221", "PYSEC-2021-125"]) {
      expect(await store.db.selectFrom("advisories").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    }
  });
});

describe("update rules", () => {
  const base = osvRecord("GHSA-aaaa-bbbb-cccc");
  test("newer modified updates, older or equal is unchanged, withdrawn removes", async () => {
    const imp = (rec: unknown) => importAdvisories(store.db, { name: "r.json", bytes: bytesOf(rec) }, { source: "test" });
    expect(await imp(base)).toMatchObject({ inserted: 1 });
    expect(await imp({ ...base, summary: "older", modified: "2023-06-01T00:00:00Z" })).toMatchObject({ unchanged: 1 });
    expect(await imp({ ...base, summary: "same instant", modified: "2024-01-01T00:00:00.000Z" })).toMatchObject({ unchanged: 1 });
    expect(await imp({ ...base, summary: "newer", modified: "2024-02-01T00:00:00Z" })).toMatchObject({ updated: 1 });
    const row = await store.db.selectFrom("advisories").selectAll().where("id", "=", base.id as string).executeTakeFirstOrThrow();
    expect(row.summary).toBe("newer");
    expect(await matchInventory(store.db, [dep("npm", "left-pad", "1.2.0")])).toHaveLength(1);
    const withdrawal = { ...base, modified: "2024-03-01T00:00:00Z", withdrawn: "2024-03-01T00:00:00Z" };
    const removed = await imp(withdrawal);
    expect(removed).toMatchObject({ withdrawn: 1, removed: 1 });
    expect(changedAnything(removed)).toBe(true);
    // Regression: the same withdrawal again removes nothing, so it must not re-evaluate every repository.
    const again = await imp(withdrawal);
    expect(again).toMatchObject({ withdrawn: 1, removed: 0, inserted: 0, updated: 0 });
    expect(changedAnything(again)).toBe(false);
    expect((await advisoryStatus(store.db)).total).toBe(0);
    expect(await store.db.selectFrom("advisory_packages").selectAll().execute()).toEqual([]);
    expect(await matchInventory(store.db, [dep("npm", "left-pad", "1.2.0")])).toEqual([]);
  });

  test("records of other ecosystems only are skipped, not stored", async () => {
    const maven = osvRecord("GHSA-mvn0-0000-0000", { affected: [{ package: { ecosystem: "Maven", name: "org.x:y" }, versions: ["1.0"] }] });
    const s = await importAdvisories(store.db, { name: "m.json", bytes: bytesOf([maven, base]) }, { source: "test" });
    expect(s).toMatchObject({ records: 2, inserted: 1, skipped: 1, errors: 0 });
  });
});

describe("hostile input", () => {
  test("malformed records are counted with a sample; the rest is imported", async () => {
    const bad = [
      "not an object",
      { id: 42, modified: "2024-01-01T00:00:00Z" },
      { id: "GHSA-no-modified" },
      { id: "GHSA-bad-date", modified: "yesterday" },
      osvRecord("GHSA-bad-affected", { affected: "everything" }),
      osvRecord("GHSA-bad-events", { affected: [{ package: { ecosystem: "npm", name: "x" }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: 0 }] }] }] }),
      osvRecord("GHSA-two-keys", { affected: [{ package: { ecosystem: "npm", name: "x" }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0", fixed: "1" }] }] }] }),
      osvRecord("GHSA-bad-aliases", { aliases: "CVE-1" }),
      osvRecord("GHSA-huge-id".padEnd(5000, "x")),
      osvRecord("GHSA-many-versions", { affected: [{ package: { ecosystem: "PyPI", name: "x" }, versions: Array(30_000).fill("1.0") }] }),
      osvRecord("GHSA-good-0000-0000", { details: "d".repeat(100_000), summary: "s".repeat(10_000) }),
    ];
    const s = await importAdvisories(store.db, { name: "bad.json", bytes: bytesOf(bad) }, { source: "test" });
    expect(s).toMatchObject({ records: 11, inserted: 1, errors: 10 });
    expect(s.error_sample).toHaveLength(10);
    expect(s.error_sample[4]).toEqual({ id: "GHSA-bad-affected", entry: "bad.json[4]", error: "`affected` is not an array" });
    const row = await store.db.selectFrom("advisories").select("record").executeTakeFirstOrThrow();
    const rec = JSON.parse(row.record);
    expect(rec.details.length).toBeLessThanOrEqual(8000);
    expect(rec.summary.length).toBeLessThanOrEqual(500);
  });

  test("a record over 5 MiB is refused, in a file, a zip and an array", async () => {
    const big = osvRecord("GHSA-big0-0000-0000", { details: "x".repeat(6 * 1024 * 1024) });
    const file = await importAdvisories(store.db, { name: "big.json", bytes: bytesOf(big) }, { source: "t" });
    expect(file).toMatchObject({ errors: 1, inserted: 0 });
    expect(file.error_sample[0]!.error).toMatch(/larger than 5242880/);
    const zip = zipSync({ "GHSA-big0-0000-0000.json": bytesOf(big), "GHSA-ok00-0000-0000.json": bytesOf(osvRecord("GHSA-ok00-0000-0000")) });
    expect(await importAdvisories(store.db, { name: "all.zip", bytes: zip }, { source: "t" })).toMatchObject({ records: 2, errors: 1, inserted: 1 });
    expect(await importAdvisories(store.db, { name: "arr.json", bytes: bytesOf([big]) }, { source: "t" })).toMatchObject({ errors: 1 });
  });

  test("a zip entry whose header hides its size (streamed zip) is bounded while it inflates", async () => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((err, data) => {
      if (err) throw err;
      chunks.push(data);
    });
    const bomb = new ZipDeflate("GHSA-bomb-0000-0000.json", { level: 9 });
    zip.add(bomb);
    bomb.push(new Uint8Array(50 * 1024 * 1024).fill(32), true); // 50 MiB of spaces, ~50 KiB deflated
    const ok = new ZipDeflate("GHSA-ok00-0000-0002.json");
    zip.add(ok);
    ok.push(bytesOf(osvRecord("GHSA-ok00-0000-0002")), true);
    zip.end();
    const bytes = new Uint8Array(Buffer.concat(chunks));
    expect(bytes.length).toBeLessThan(200_000);
    const s = await importAdvisories(store.db, { name: "bomb.zip", bytes }, { source: "bomb" });
    expect(s).toMatchObject({ records: 2, inserted: 1, errors: 1 });
    expect(s.error_sample[0]).toEqual({ id: null, entry: "GHSA-bomb-0000-0000.json", error: "record larger than 5242880 bytes" });
  });

  test("invalid JSON files in a directory are per-file errors; broken zips are one error", async () => {
    const dir = join(store.dir, "osv");
    mkdirSync(join(dir, "nested"), { recursive: true });
    writeFileSync(join(dir, "broken.json"), "{ nope");
    writeFileSync(join(dir, "README.md"), "ignored");
    writeFileSync(join(dir, "nested", "GHSA-ok00-0000-0001.json"), JSON.stringify(osvRecord("GHSA-ok00-0000-0001")));
    const s = await importAdvisories(store.db, { path: dir }, { source: "dir" });
    expect(s).toMatchObject({ records: 2, inserted: 1, errors: 1 });
    const junk = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const z = await importAdvisories(store.db, { name: "junk.zip", bytes: junk }, { source: "junk" });
    expect(z).toMatchObject({ inserted: 0, errors: 1 });
    expect(z.error_sample[0]!.error).toMatch(/no zip entries/);
  });

  test("an aborted import stops and still finishes its provenance row", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(importAdvisories(store.db, { path: join(OSV, "pypi") }, { source: "aborted", signal: ac.signal })).rejects.toThrow();
    const status = await advisoryStatus(store.db);
    expect(status.last_import).toMatchObject({ source: "aborted" });
    expect(status.last_import!.finished_at).not.toBeNull();
  });
});
