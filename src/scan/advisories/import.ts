// Advisory import: OSV records (or legacy Node.js security-wg npm records, converted per record
// by legacy-npm.ts) from a file, directory, zip or memory into the store.
// Idempotent: a record is inserted when new, replaced only when its `modified` is newer than the
// stored one, left alone otherwise; a withdrawn record removes the stored advisory (unless the
// stored copy is newer). Records are written in transactions of BATCH records; every run leaves
// an `advisory_imports` row (provenance and counts), finished even when the run is aborted.
import type { DB } from "../../store/database.ts";
import { isoNow } from "../../time.ts";
import { parseOsvRecord, type NormalisedAdvisory } from "./osv.ts";
import { readInput, type ImportInput, type RawEntry } from "./sources.ts";
import { legacyRecordsIn, legacyToOsv, LegacyInvalid } from "./legacy-npm.ts";
import { BUNDLED_SOURCE } from "./source-names.ts";
import { putAdvisories, removeAdvisory, storedVersions, type StoredVersion } from "./store.ts";

export { advisoryStatus, type AdvisoryStatus, type ImportRow } from "./store.ts";
export type { ImportInput } from "./sources.ts";

const BATCH = 500;
const SAMPLE = 10;

export interface ImportOptions {
  /** Provenance: the path, URL or name ("bundled") the records came from. */
  source: string;
  signal?: AbortSignal;
}

export interface ImportSummary {
  import_id: number;
  source: string;
  started_at: string;
  finished_at: string;
  /** Records read, including the ones that failed. */
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Withdrawn records seen (never stored; a stored copy is removed). */
  withdrawn: number;
  /** Stored advisories removed: withdrawn, or no longer affecting npm or PyPI. */
  removed: number;
  /** Valid records that affect neither npm nor PyPI. */
  skipped: number;
  errors: number;
  error_sample: { id: string | null; entry: string; error: string }[];
}

type Counts = Omit<ImportSummary, "import_id" | "source" | "started_at" | "finished_at">;

export async function importAdvisories(db: DB, input: ImportInput, opts: ImportOptions): Promise<ImportSummary> {
  return importEntries(db, readInput(input, opts.signal), opts);
}

/** The import loop over any stream of raw records (bundled.ts feeds it from memory). */
export async function importEntries(db: DB, entries: AsyncIterable<RawEntry> | Iterable<RawEntry>, opts: ImportOptions): Promise<ImportSummary> {
  const started_at = isoNow();
  const { id } = await db
    .insertInto("advisory_imports")
    .values({ source: opts.source.slice(0, 1000), started_at, records: 0, inserted: 0, updated: 0, unchanged: 0, withdrawn: 0, errors: 0, error_sample: "[]" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const counts: Counts = { records: 0, inserted: 0, updated: 0, unchanged: 0, withdrawn: 0, removed: 0, skipped: 0, errors: 0, error_sample: [] };
  let batch: NormalisedAdvisory[] = [];
  try {
    for await (const entry of entries) {
      for (const raw of expandLegacy(entry)) {
        opts.signal?.throwIfAborted();
        counts.records++;
        const record = toRecord(raw, counts);
        if (!record) continue;
        batch.push(record);
        if (batch.length >= BATCH) {
          await writeBatch(db, batch, opts.source, counts);
          batch = [];
        }
      }
    }
    if (batch.length > 0) await writeBatch(db, batch, opts.source, counts);
  } finally {
    await finish(db, id, counts);
  }
  return { import_id: id, source: opts.source, started_at, finished_at: isoNow(), ...counts };
}

/** The format is decided per record: legacy Node.js security-wg records become OSV records here. */
function* expandLegacy(raw: RawEntry): Generator<RawEntry> {
  const legacy = "value" in raw ? legacyRecordsIn(raw.value) : null;
  if (!legacy) {
    yield raw;
    return;
  }
  for (const r of legacy) {
    const entry = legacy.length === 1 ? raw.entry : `${raw.entry}#${String(r.id).slice(0, 20)}`;
    try {
      yield { entry, value: legacyToOsv(r) };
    } catch (e) {
      if (!(e instanceof LegacyInvalid)) throw e;
      yield { entry, error: e.message };
    }
  }
}

function toRecord(raw: RawEntry, counts: Counts): NormalisedAdvisory | null {
  if ("error" in raw) {
    addError(counts, null, raw.entry, raw.error);
    return null;
  }
  const parsed = parseOsvRecord(raw.value);
  if (!parsed.ok) {
    addError(counts, parsed.id, raw.entry, parsed.error);
    return null;
  }
  return parsed.record;
}

function addError(counts: Counts, id: string | null, entry: string, error: string): void {
  counts.errors++;
  if (counts.error_sample.length < SAMPLE) counts.error_sample.push({ id, entry: entry.slice(0, 300), error: error.slice(0, 300) });
}

async function writeBatch(db: DB, batch: NormalisedAdvisory[], source: string, counts: Counts): Promise<void> {
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    const stored = await storedVersions(trx, [...new Set(batch.map((r) => r.id))]);
    // Written together at the end; a removal later in the batch takes the pending write back.
    const pending = new Map<string, NormalisedAdvisory>();
    const remove = async (id: string) => {
      pending.delete(id);
      if (await removeAdvisory(trx, id)) counts.removed++;
      stored.delete(id);
    };
    for (const record of batch) {
      const current = stored.get(record.id);
      const newer = supersedes(record.modified, source, current, false);
      if (record.withdrawn !== null) {
        counts.withdrawn++;
        if (current !== undefined && supersedes(record.modified, source, current, true)) await remove(record.id);
      } else if (record.affected.length === 0) {
        counts.skipped++;
        // A newer revision that dropped every npm/PyPI entry no longer applies to anything here.
        if (current !== undefined && newer) await remove(record.id);
      } else if (!newer) {
        counts.unchanged++;
      } else {
        pending.set(record.id, record);
        if (current === undefined) counts.inserted++;
        else counts.updated++;
        stored.set(record.id, { modified: record.modified, source });
      }
    }
    await putAdvisories(trx, [...pending.values()], source, now);
  });
}

/**
 * Whether an incoming record replaces the stored one. The operator's imports are authoritative
 * over the bundled defaults whatever their dates, and the bundle never replaces what an operator
 * imported; otherwise the newer `modified` wins (or an equal one, for a withdrawal).
 */
function supersedes(modified: string, source: string, current: StoredVersion | undefined, orEqual: boolean): boolean {
  if (current === undefined) return true;
  const incomingBundled = source === BUNDLED_SOURCE;
  const storedBundled = current.source === BUNDLED_SOURCE;
  if (incomingBundled !== storedBundled) return !incomingBundled;
  const a = instant(modified);
  const b = instant(current.modified);
  return orEqual ? a >= b : a > b;
}

/** `modified` values come in several RFC 3339 spellings; compare instants, not text. */
function instant(ts: string): number {
  return Date.parse(ts);
}

async function finish(db: DB, id: number, c: Counts): Promise<void> {
  await db
    .updateTable("advisory_imports")
    .set({
      finished_at: isoNow(),
      records: c.records,
      inserted: c.inserted,
      updated: c.updated,
      unchanged: c.unchanged,
      withdrawn: c.withdrawn,
      skipped: c.skipped,
      errors: c.errors,
      error_sample: JSON.stringify(c.error_sample),
    })
    .where("id", "=", id)
    .execute();
}
