// Advisory rows in the store: `advisories` holds each normalised record as JSON, and
// `advisory_packages` the (ecosystem, normalised name) pairs it affects, so matching finds its
// candidates through an index instead of reading every record. Functions take `db` or a
// transaction alike.
import type { Kysely } from "kysely";
import type { DB } from "../../store/database.ts";
import type { Database } from "../../store/tables.ts";
import type { Ecosystem } from "../model.ts";
import type { NormalisedAdvisory } from "./osv.ts";
import { normalizeName } from "./versions/index.ts";

type Q = Kysely<Database>;
const CHUNK = 400; // rows/values per statement, far below SQLite's bound-parameter limit

export interface StoredVersion {
  modified: string;
  source: string;
}

/** Stored `modified` and `source` of each given id that exists. */
export async function storedVersions(db: Q, ids: string[]): Promise<Map<string, StoredVersion>> {
  const out = new Map<string, StoredVersion>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom("advisories")
      .select(["id", "modified", "source"])
      .where("id", "in", ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.id, { modified: r.modified, source: r.source });
  }
  return out;
}

// Rows per multi-row statement: 8 columns × 100 stays far below SQLite's bound-parameter limit.
const PUT_CHUNK = 100;

/**
 * Inserts or replaces advisories and their package index rows, a few statements per hundred
 * records (one statement per record made imports of full exports statement-bound). Ids must be distinct.
 */
export async function putAdvisories(db: Q, records: NormalisedAdvisory[], source: string, now: string): Promise<void> {
  for (let i = 0; i < records.length; i += PUT_CHUNK) {
    const chunk = records.slice(i, i + PUT_CHUNK);
    const rows = chunk.map((record) => ({
      id: record.id,
      modified: record.modified,
      published: record.published,
      summary: record.summary,
      aliases: JSON.stringify(record.aliases),
      record: JSON.stringify(record),
      source,
      imported_at: now,
    }));
    await db
      .insertInto("advisories")
      .values(rows)
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          modified: eb.ref("excluded.modified"),
          published: eb.ref("excluded.published"),
          summary: eb.ref("excluded.summary"),
          aliases: eb.ref("excluded.aliases"),
          record: eb.ref("excluded.record"),
          source: eb.ref("excluded.source"),
          imported_at: eb.ref("excluded.imported_at"),
        })),
      )
      .execute();
    await db.deleteFrom("advisory_packages").where("advisory_id", "in", chunk.map((r) => r.id)).execute();
    const keys = new Map<string, { advisory_id: string; ecosystem: string; name: string }>();
    for (const record of chunk) {
      for (const a of record.affected) {
        const name = normalizeName(a.ecosystem, a.name);
        keys.set(`${record.id}\0${a.ecosystem}\0${name}`, { advisory_id: record.id, ecosystem: a.ecosystem, name });
      }
    }
    const pkgRows = [...keys.values()];
    for (let j = 0; j < pkgRows.length; j += CHUNK) {
      await db.insertInto("advisory_packages").values(pkgRows.slice(j, j + CHUNK)).execute();
    }
  }
}

export async function removeAdvisory(db: Q, id: string): Promise<boolean> {
  await db.deleteFrom("advisory_packages").where("advisory_id", "=", id).execute();
  const res = await db.deleteFrom("advisories").where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Normalised advisories affecting any of the given (ecosystem, normalised name) keys. */
export async function candidateAdvisories(db: DB, ecosystem: Ecosystem, names: string[]): Promise<NormalisedAdvisory[]> {
  const out: NormalisedAdvisory[] = [];
  for (let i = 0; i < names.length; i += CHUNK) {
    const rows = await db
      .selectFrom("advisory_packages as p")
      .innerJoin("advisories as a", "a.id", "p.advisory_id")
      .select(["a.id", "a.record"])
      .distinct()
      .where("p.ecosystem", "=", ecosystem)
      .where("p.name", "in", names.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.push(JSON.parse(r.record) as NormalisedAdvisory);
  }
  return out;
}

export interface ImportRow {
  id: number;
  source: string;
  started_at: string;
  finished_at: string | null;
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  skipped: number;
  errors: number;
  error_sample: { id: string | null; entry: string; error: string }[];
}

export interface AdvisoryStatus {
  total: number;
  by_ecosystem: Record<Ecosystem, number>;
  last_import: ImportRow | null;
  imports: ImportRow[];
}

export async function advisoryStatus(db: DB): Promise<AdvisoryStatus> {
  const total = await db.selectFrom("advisories").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const per = await db
    .selectFrom("advisory_packages")
    .select(["ecosystem", (eb) => eb.fn.count<number>("advisory_id").distinct().as("n")])
    .groupBy("ecosystem")
    .execute();
  const by_ecosystem: Record<Ecosystem, number> = { npm: 0, PyPI: 0 };
  for (const r of per) if (r.ecosystem === "npm" || r.ecosystem === "PyPI") by_ecosystem[r.ecosystem] = Number(r.n);
  const rows = await db.selectFrom("advisory_imports").selectAll().orderBy("id", "desc").limit(10).execute();
  const imports = rows.map((r) => ({ ...r, skipped: Number(r.skipped ?? 0), error_sample: parseSample(r.error_sample) }));
  return { total: Number(total.n), by_ecosystem, last_import: imports[0] ?? null, imports };
}

function parseSample(text: string): ImportRow["error_sample"] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as ImportRow["error_sample"]) : [];
  } catch {
    return [];
  }
}
