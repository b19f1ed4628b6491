// The default advisory set compiled into the binary (bundled/advisories.json, curated by hand
// with vulnerable import symbols), so a fresh install matches something without network access.
// It is imported once per bundle version (recorded in `meta`) with source "bundled"; it never
// replaces a record the operator imported (import.ts decides), and records dropped from a newer
// bundle are removed if they still carry the "bundled" source. Its curated vulnerable symbols
// also serve as an overlay for imported records of the same id that name none (curatedImports).
import type { DB } from "../../store/database.ts";
import bundled from "./bundled/advisories.json";
import { importEntries } from "./import.ts";
import { removeAdvisory } from "./store.ts";
import { isObject } from "./util.ts";
import { parseOsvRecord } from "./osv.ts";
import { normalizeName } from "./versions/index.ts";
import type { Ecosystem, VulnerableImport } from "../model.ts";

export const BUNDLED_VERSION_KEY = "bundled_advisories_version";
export { BUNDLED_SOURCE } from "./source-names.ts";
import { BUNDLED_SOURCE } from "./source-names.ts";

interface Bundle {
  version: string;
  records: unknown[];
}

function readBundle(data: unknown): Bundle {
  // A malformed bundle is a build defect, not an input error: fail loudly.
  if (!isObject(data) || data.format !== "reachd-advisories" || typeof data.version !== "string" || !Array.isArray(data.records)) {
    throw new Error("bundled advisories: not a reachd-advisories document");
  }
  return { version: data.version, records: data.records };
}

export async function ensureBundledAdvisories(db: DB): Promise<{ imported: number }> {
  const bundle = readBundle(bundled as unknown);
  const current = await db.selectFrom("meta").select("value").where("key", "=", BUNDLED_VERSION_KEY).executeTakeFirst();
  if (current?.value === bundle.version) return { imported: 0 };
  const summary = await importEntries(
    db,
    bundle.records.map((value, i) => ({ entry: `bundled[${i}]`, value })),
    { source: BUNDLED_SOURCE },
  );
  await dropRetired(db, bundle);
  await db
    .insertInto("meta")
    .values({ key: BUNDLED_VERSION_KEY, value: bundle.version })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: bundle.version }))
    .execute();
  return { imported: summary.inserted + summary.updated };
}

async function dropRetired(db: DB, bundle: Bundle): Promise<void> {
  const ids = new Set(bundle.records.map((r) => (isObject(r) && typeof r.id === "string" ? r.id : "")));
  const stored = await db.selectFrom("advisories").select("id").where("source", "=", BUNDLED_SOURCE).execute();
  const retired = stored.filter((r) => !ids.has(r.id));
  if (retired.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const r of retired) await removeAdvisory(trx, r.id);
  });
}

let curated: Map<string, VulnerableImport[]> | undefined;

/**
 * The bundle's curated symbols for one advisory and package, for records that name none: upstream
 * OSV rarely carries `ecosystem_specific.imports`, and without symbols a finding stays at
 * package level.
 */
export function curatedImports(advisoryId: string, ecosystem: Ecosystem, normalizedName: string): VulnerableImport[] {
  if (!curated) {
    curated = new Map();
    for (const raw of readBundle(bundled as unknown).records) {
      const parsed = parseOsvRecord(raw);
      if (!parsed.ok) continue;
      for (const a of parsed.record.affected) {
        if (a.imports.length === 0) continue;
        const key = `${parsed.record.id}\0${a.ecosystem}\0${normalizeName(a.ecosystem, a.name)}`;
        curated.set(key, [...(curated.get(key) ?? []), ...a.imports]);
      }
    }
  }
  return curated.get(`${advisoryId}\0${ecosystem}\0${normalizedName}`) ?? [];
}
