// The embedded default set: imported once per bundle version, never over a newer record.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { BUNDLED_VERSION_KEY, embeddedBundle, ensureBundledAdvisories } from "../../src/scan/advisories/bundled.ts";
import { ensureCuratedSymbols } from "../../src/scan/advisories/curated.ts";
import { advisoryStatus, importAdvisories } from "../../src/scan/advisories/import.ts";
import { bytesOf, tempStore } from "./helpers.ts";

let store: Awaited<ReturnType<typeof tempStore>>;
beforeEach(async () => {
  store = await tempStore();
});
afterEach(() => store.dispose());

const bundled = embeddedBundle();
const records = bundled.records as { id: string; modified: string }[];

test("imports the bundle once, records its version, then does nothing", async () => {
  const first = await ensureBundledAdvisories(store.db);
  expect(first.imported).toBe(new Set(records.map((r) => r.id)).size);
  const meta = await store.db.selectFrom("meta").select("value").where("key", "=", BUNDLED_VERSION_KEY).executeTakeFirstOrThrow();
  expect(meta.value).toBe(bundled.version);
  expect(await ensureBundledAdvisories(store.db)).toEqual({ imported: 0 });
  const status = await advisoryStatus(store.db);
  expect(status.last_import).toMatchObject({ source: "bundled", errors: 0 });
  expect(status.imports).toHaveLength(1);
});

test("a version change re-imports; unchanged records stay, retired bundled records go", async () => {
  await ensureBundledAdvisories(store.db);
  const now = new Date().toISOString();
  await store.db.insertInto("advisories").values({ id: "GHSA-retired-0000", modified: "2020-01-01T00:00:00Z", published: null, summary: "old", aliases: "[]", record: "{}", source: "bundled", imported_at: now }).execute();
  await store.db.updateTable("meta").set({ value: "older" }).where("key", "=", BUNDLED_VERSION_KEY).execute();
  expect(await ensureBundledAdvisories(store.db)).toEqual({ imported: 0 });
  expect(await store.db.selectFrom("advisories").select("id").where("id", "=", "GHSA-retired-0000").executeTakeFirst()).toBeUndefined();
  expect((await store.db.selectFrom("meta").select("value").where("key", "=", BUNDLED_VERSION_KEY).executeTakeFirstOrThrow()).value).toBe(bundled.version);
});

test("never overrides a newer-modified record imported by the operator", async () => {
  const original = structuredClone(bundled.records[0]) as Record<string, unknown>;
  const newer = { ...original, modified: "2099-01-01T00:00:00Z", summary: "operator's newer copy" };
  await importAdvisories(store.db, { name: "newer.json", bytes: bytesOf(newer) }, { source: "operator" });
  await ensureBundledAdvisories(store.db);
  const row = await store.db.selectFrom("advisories").selectAll().where("id", "=", original.id as string).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ source: "operator", summary: "operator's newer copy", modified: "2099-01-01T00:00:00Z" });
});

test("an operator import replaces a bundled record even when it is older, and the bundle never takes it back", async () => {
  await ensureBundledAdvisories(store.db);
  const original = structuredClone(bundled.records[0]) as Record<string, unknown>;
  const older = { ...original, modified: "2001-01-01T00:00:00Z", summary: "operator's copy" };
  const summary = await importAdvisories(store.db, { name: "older.json", bytes: bytesOf(older) }, { source: "operator" });
  expect(summary.updated).toBe(1);
  const row = await store.db.selectFrom("advisories").selectAll().where("id", "=", original.id as string).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ source: "operator", summary: "operator's copy" });
  await store.db.updateTable("meta").set({ value: "older" }).where("key", "=", BUNDLED_VERSION_KEY).execute();
  await ensureBundledAdvisories(store.db);
  const after = await store.db.selectFrom("advisories").selectAll().where("id", "=", original.id as string).executeTakeFirstOrThrow();
  expect(after).toMatchObject({ source: "operator", summary: "operator's copy" });
});

test("curated symbols apply to an imported record of the same id that names none", async () => {
  const { matchInventory } = await import("../../src/scan/advisories/match.ts");
  await ensureCuratedSymbols(store.db); // the symbols alone, without the bundle's records
  const template = (bundled.records as any[]).find((r) => r.id === "GHSA-35jh-r3h4-6jhm");
  const plain = structuredClone(template);
  for (const a of plain.affected) delete a.ecosystem_specific;
  await importAdvisories(store.db, { name: "plain.json", bytes: bytesOf(plain) }, { source: "operator" });
  const dep = { ecosystem: "npm" as const, name: "lodash", version: "4.17.20", direct: true, dev: false, chain: ["app", "lodash"], source: "package-lock.json" };
  const [match] = await matchInventory(store.db, [dep]);
  expect(match?.advisoryId).toBe("GHSA-35jh-r3h4-6jhm");
  expect(match?.imports).toEqual([
    { path: "lodash", symbols: ["template"] },
    { path: "lodash/template", symbols: [] },
  ]);
});
