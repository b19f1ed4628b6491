// The curated vulnerable-symbol set: for advisories whose upstream records name no functions,
// the import paths and public symbols through which the flaw is reached, so findings rise from
// `package` to `function` level. Two sources live side by side in `curated_symbols`:
//   curated-bundled  curated/npm.json + curated/pypi.json, embedded (static imports survive
//                    `bun build --compile`) and re-synced whenever their content changes;
//   operator         `reachd advisories symbols import FILE`, never touched by the re-sync.
// Precedence at matching time (symbolsFor):
//   1. an operator entry for (advisory, ecosystem, package) always wins: it is the site's word;
//   2. else the record's own symbols (OSV imports / GHSA affected_functions) when they narrow
//      the flaw below the whole package (a function or a sub-module path);
//   3. else the embedded curated entry — this also covers records whose own data names only the
//      package itself, where curated functions are strictly more precise;
//   4. else none: package level.
import { isoNow } from "../../time.ts";
import { createHash } from "node:crypto";
import type { DB } from "../../store/database.ts";
import type { Ecosystem, VulnerableImport } from "../model.ts";
import curatedNpm from "./curated/npm.json";
import curatedPypi from "./curated/pypi.json";
import { type CuratedEntry, parseCuratedDocument } from "./curated-format.ts";
import { CURATED_BUNDLED_SOURCE, CURATED_OPERATOR_SOURCE } from "./source-names.ts";
import { normalizeName } from "./versions/index.ts";

export const CURATED_VERSION_KEY = "curated_symbols_version";

/** The embedded entries; a malformed embedded file is a build defect, so it fails loudly. */
export function embeddedCuratedEntries(): CuratedEntry[] {
  return [curatedNpm, curatedPypi].flatMap((doc, i) => {
    const parsed = parseCuratedDocument(doc as unknown);
    if (!parsed.ok) throw new Error(`embedded curated symbols [${i}]: ${parsed.problems.map((p) => `${p.field} ${p.issue}`).join("; ")}`);
    return parsed.entries;
  });
}

function contentVersion(entries: CuratedEntry[]): string {
  return createHash("sha256").update(JSON.stringify(entries)).digest("hex").slice(0, 16);
}

function rowOf(e: CuratedEntry, source: string, now: string) {
  return {
    advisory_id: e.id,
    ecosystem: e.ecosystem,
    package: normalizeName(e.ecosystem, e.package),
    source,
    package_name: e.package,
    aliases: JSON.stringify(e.aliases),
    imports: JSON.stringify(e.imports),
    why: e.why,
    imported_at: now,
  };
}

/** Replaces the embedded rows when the embedded content changed; a no-op otherwise. */
export async function ensureCuratedSymbols(db: DB): Promise<{ synced: number }> {
  const entries = embeddedCuratedEntries();
  const version = contentVersion(entries);
  const current = await db.selectFrom("meta").select("value").where("key", "=", CURATED_VERSION_KEY).executeTakeFirst();
  if (current?.value === version) return { synced: 0 };
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("curated_symbols").where("source", "=", CURATED_BUNDLED_SOURCE).execute();
    const rows = entries.map((e) => rowOf(e, CURATED_BUNDLED_SOURCE, now));
    for (let i = 0; i < rows.length; i += 200) await trx.insertInto("curated_symbols").values(rows.slice(i, i + 200)).execute();
    await trx
      .insertInto("meta")
      .values({ key: CURATED_VERSION_KEY, value: version })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: version }))
      .execute();
  });
  return { synced: entries.length };
}

export interface CuratedImportSummary {
  entries: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Operator entries, upserted by (advisory, ecosystem, package): importing a file twice changes nothing. */
export async function importOperatorCurated(db: DB, entries: CuratedEntry[]): Promise<CuratedImportSummary> {
  const summary: CuratedImportSummary = { entries: entries.length, inserted: 0, updated: 0, unchanged: 0 };
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    for (const e of entries) {
      const row = rowOf(e, CURATED_OPERATOR_SOURCE, now);
      const old = await trx
        .selectFrom("curated_symbols")
        .select(["imports", "why", "aliases", "package_name"])
        .where("advisory_id", "=", row.advisory_id)
        .where("ecosystem", "=", row.ecosystem)
        .where("package", "=", row.package)
        .where("source", "=", CURATED_OPERATOR_SOURCE)
        .executeTakeFirst();
      if (!old) {
        await trx.insertInto("curated_symbols").values(row).execute();
        summary.inserted++;
      } else if (old.imports === row.imports && old.why === row.why && old.aliases === row.aliases && old.package_name === row.package_name) {
        summary.unchanged++;
      } else {
        await trx
          .updateTable("curated_symbols")
          .set({ imports: row.imports, why: row.why, aliases: row.aliases, package_name: row.package_name, imported_at: now })
          .where("advisory_id", "=", row.advisory_id)
          .where("ecosystem", "=", row.ecosystem)
          .where("package", "=", row.package)
          .where("source", "=", CURATED_OPERATOR_SOURCE)
          .execute();
        summary.updated++;
      }
    }
  });
  return summary;
}

export interface CuratedListing extends CuratedEntry {
  source: string;
  imported_at: string;
}

export async function listCurated(db: DB): Promise<CuratedListing[]> {
  const rows = await db
    .selectFrom("curated_symbols")
    .selectAll()
    .orderBy("ecosystem")
    .orderBy("package")
    .orderBy("advisory_id")
    .orderBy("source")
    .execute();
  return rows.map((r) => ({
    id: r.advisory_id,
    aliases: JSON.parse(r.aliases) as string[],
    ecosystem: r.ecosystem as Ecosystem,
    package: r.package_name,
    imports: JSON.parse(r.imports) as VulnerableImport[],
    why: r.why,
    source: r.source,
    imported_at: r.imported_at,
  }));
}

export interface CuratedCounts {
  entries: number;
  by_source: Record<string, number>;
  version: string | null;
}

export async function curatedCounts(db: DB): Promise<CuratedCounts> {
  const rows = await db
    .selectFrom("curated_symbols")
    .select(["source", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("source")
    .execute();
  const by_source = Object.fromEntries(rows.map((r) => [r.source, Number(r.n)]));
  const version = await db.selectFrom("meta").select("value").where("key", "=", CURATED_VERSION_KEY).executeTakeFirst();
  return { entries: rows.reduce((n, r) => n + Number(r.n), 0), by_source, version: version?.value ?? null };
}

/** Curated symbols of candidate advisories, by "<id>\0<ecosystem>\0<normalised package>". */
export interface CuratedOverlay {
  operator: Map<string, VulnerableImport[]>;
  bundled: Map<string, VulnerableImport[]>;
}

export const overlayKey = (id: string, ecosystem: Ecosystem, normalizedName: string) => `${id}\0${ecosystem}\0${normalizedName}`;

export async function loadCuratedOverlay(db: DB, advisoryIds: string[]): Promise<CuratedOverlay> {
  const overlay: CuratedOverlay = { operator: new Map(), bundled: new Map() };
  const ids = [...new Set(advisoryIds)];
  // Chunked: SQLite caps the number of bound parameters in one statement.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("curated_symbols")
      .select(["advisory_id", "ecosystem", "package", "source", "imports"])
      .where("advisory_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      const into = r.source === CURATED_OPERATOR_SOURCE ? overlay.operator : overlay.bundled;
      into.set(overlayKey(r.advisory_id, r.ecosystem as Ecosystem, r.package), JSON.parse(r.imports) as VulnerableImport[]);
    }
  }
  return overlay;
}

/**
 * The precedence rule of this module's header. `own` is the record's symbols for the matched
 * entries, empty when they name nothing narrower than the package.
 */
export function symbolsFor(overlay: CuratedOverlay, key: string, own: VulnerableImport[], packageName: string): VulnerableImport[] {
  const operator = overlay.operator.get(key);
  if (operator) return packageWide(operator, packageName) ? [] : operator;
  if (own.length > 0) return own;
  const bundled = overlay.bundled.get(key);
  return bundled && !packageWide(bundled, packageName) ? bundled : [];
}

/** An entry naming the package's own path with no symbols means "any use": package level. */
function packageWide(imports: VulnerableImport[], packageName: string): boolean {
  return imports.some((i) => i.symbols.length === 0 && i.path.toLowerCase() === packageName.toLowerCase());
}
