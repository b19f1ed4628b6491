// The default advisory set compiled into the binary: the full OSV records (bundled/npm.json,
// bundled/pypi.json) of the advisories our curated symbol set covers (curated.ts), so a fresh
// install matches something without network access. The static imports are what lets
// `bun build --compile` embed the files. The set is imported once per bundle version (recorded in
// `meta`) with source "bundled"; it never replaces a record the operator imported (import.ts
// decides), and records dropped from a newer bundle are removed if they still carry that source.
import type { DB } from "../../store/database.ts";
import bundledNpm from "./bundled/npm.json";
import bundledPypi from "./bundled/pypi.json";
import { ensureCuratedSymbols } from "./curated.ts";
import { importEntries } from "./import.ts";
import { removeAdvisory } from "./store.ts";
import { isObject } from "./util.ts";

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

/**
 * Both files as one bundle. Its version joins the files' versions, so a change to either one
 * re-imports the set.
 */
export function embeddedBundle(): Bundle {
  const parts = [readBundle(bundledNpm as unknown), readBundle(bundledPypi as unknown)];
  return { version: parts.map((p) => p.version).join("+"), records: parts.flatMap((p) => p.records) };
}

export async function ensureBundledAdvisories(db: DB): Promise<{ imported: number }> {
  await ensureCuratedSymbols(db);
  const bundle = embeddedBundle();
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
