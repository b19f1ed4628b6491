// The durable queue is the scans table itself: `queued` rows are the work, a claim flips one to
// `running` in a single statement, and a crash leaves `running` rows that recover() requeues.
import { sql } from "kysely";
import type { DB } from "../store/database.ts";
import type { Scan, ScanUpdate } from "../store/tables.ts";
import { isoNow } from "../time.ts";

/** Claims the oldest queued scan, or undefined when there is none. */
export async function claimNext(db: DB): Promise<Scan | undefined> {
  return db
    .updateTable("scans")
    .set({ status: "running", started_at: isoNow(), attempts: sql`attempts + 1` })
    .where("status", "=", "queued")
    .where("id", "=", (eb) => eb.selectFrom("scans").select("id").where("status", "=", "queued").orderBy("id").limit(1))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Scans left `running` by a process that died go back to the queue, unless they have already
 * had their attempts: then they fail, so one poisonous repository cannot crash-loop the service.
 */
export async function recover(db: DB, maxAttempts: number): Promise<{ requeued: number; failed: number }> {
  return db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable("scans")
      .set({
        status: "failed",
        completed_at: isoNow(),
        error_code: "interrupted",
        error_message: `the scan was interrupted ${maxAttempts} times (the service stopped while it ran)`,
      })
      .where("status", "=", "running")
      .where("attempts", ">=", maxAttempts)
      .executeTakeFirst();
    const requeued = await trx
      .updateTable("scans")
      .set({ status: "queued", started_at: null })
      .where("status", "=", "running")
      .executeTakeFirst();
    return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
  });
}

/** Updates a scan only while it is still `running`: a cancel that won the race is kept. */
export async function finishRunning(db: DB, scanId: string, update: ScanUpdate): Promise<boolean> {
  const res = await db.updateTable("scans").set(update).where("id", "=", scanId).where("status", "=", "running").executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks a queued or running scan canceled; false when it had already finished. */
export async function markCanceled(db: DB, scanId: string): Promise<boolean> {
  const res = await db
    .updateTable("scans")
    .set({ status: "canceled", completed_at: isoNow() })
    .where("id", "=", scanId)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A scan interrupted by a graceful shutdown returns to the queue without spending an attempt. */
export async function requeue(db: DB, scanId: string): Promise<void> {
  await db
    .updateTable("scans")
    .set({ status: "queued", started_at: null, attempts: sql`max(attempts - 1, 0)` })
    .where("id", "=", scanId)
    .where("status", "=", "running")
    .execute();
}
