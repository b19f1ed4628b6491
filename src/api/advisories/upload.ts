// Importing an uploaded advisory export: shared by POST /v1/advisories/import (raw body) and the
// dashboard's upload form (multipart or raw), so both apply the same rules. The database is
// shared by every account, so only the operator account may change it.
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import type { DB } from "../../store/database.ts";
import { AppError } from "../../errors.ts";
import { importAdvisories, type ImportSummary } from "../../scan/advisories/import.ts";
import { operatorAccountId } from "../../accounts/operator.ts";
import { changedAnything, queueReevaluation } from "../../jobs/reeval.ts";

export interface UploadDeps {
  db: DB;
  dataDir: string;
  reeval?: { notify(): void };
}

export type UploadResult = ImportSummary & { reevaluation: { queued: number } };

const SAFE_NAME = /^[\w.\-]{1,100}$/;

/** A name fit for the provenance `upload:<name>`; anything else is recorded as "upload". */
export const uploadName = (name: string | undefined | null): string => (name && SAFE_NAME.test(name) ? name : "upload");

export const tooLarge = (max: number) => new AppError("payload_too_large", `the upload exceeds ${Math.floor(max / 1024 / 1024)} MiB (REACHD_UPLOAD_MAX_MB)`);

/** Writes an upload to `file` chunk by chunk (never held whole in memory), refusing past `max` bytes. */
export async function saveStream(stream: ReadableStream<Uint8Array>, file: string, max: number): Promise<number> {
  const out = await open(file, "w", 0o600);
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (size > max) throw tooLarge(max);
      await out.write(chunk);
    }
  } finally {
    await out.close();
  }
  return size;
}

export async function assertOperator(db: DB, accountId: string): Promise<void> {
  if (accountId !== (await operatorAccountId(db))) {
    throw new AppError("insufficient_scope", "importing advisories is reserved to the operator account's admins", [
      { field: "scope", issue: "requires admin of the operator account" },
    ]);
  }
}

/**
 * `write` puts the upload into the given temporary file (refusing past the size cap) and returns
 * its size; the file is removed afterwards whatever happens. `name` may be a function when only
 * the upload itself names it (a multipart file part), read after `write`.
 */
export async function importUpload(
  deps: UploadDeps,
  accountId: string,
  name: string | (() => string),
  write: (file: string) => Promise<number>,
): Promise<UploadResult> {
  await assertOperator(deps.db, accountId);
  const dir = join(deps.dataDir, "uploads");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${crypto.randomUUID()}.upload`);
  try {
    const size = await write(file);
    if (size === 0) throw new AppError("validation_failed", "the upload is empty", [{ field: "body", issue: "is empty" }]);
    const summary = await importAdvisories(deps.db, { path: file }, { source: `upload:${uploadName(typeof name === "function" ? name() : name)}` });
    if (summary.records === 0 || summary.errors === summary.records) {
      throw new AppError(
        "validation_failed",
        "no OSV record could be read from the upload",
        summary.error_sample.slice(0, 5).map((e) => ({ field: e.entry === file ? "body" : e.entry, issue: e.error })),
      );
    }
    // Every repository's latest scan is re-matched in the background (jobs survive a restart).
    const queued = changedAnything(summary) ? await queueReevaluation(deps.db, `advisory import ${summary.import_id}`) : 0;
    if (queued > 0) deps.reeval?.notify();
    return { ...summary, reevaluation: { queued } };
  } finally {
    await rm(file, { force: true });
  }
}
