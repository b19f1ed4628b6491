// Re-evaluation after an advisory import: one durable job per repository (table reeval_jobs)
// re-matches the repository's latest complete scan from its snapshot against the advisories
// stored now. When the findings differ, a new complete scan with trigger `advisory_update` is
// recorded (findings, counts, verdict, and a copy of the snapshot so the next import builds on it);
// when they do not, nothing is written but the job's outcome. Jobs left `running` by a process that
// died are taken up again at start, up to MAX_ATTEMPTS.
import { sql } from "kysely";
import type { Logger } from "../log.ts";
import type { DB } from "../store/database.ts";
import type { Finding, NewFinding, ReevalJob, Scan } from "../store/tables.ts";
import { newId } from "../ids.ts";
import { isoNow } from "../time.ts";
import { evaluateSnapshot } from "../scan/pipeline.ts";
import { decodeSnapshot } from "../scan/snapshot.ts";
import type { ThresholdSeverity } from "../scan/model.ts";
import { findingRow, insertFindings } from "./findings.ts";

const MAX_ATTEMPTS = 3;

export type ReevalOutcome =
  | { kind: "created"; scanId: string }
  | { kind: "unchanged" }
  | { kind: "skipped"; reason: string };

/**
 * Whether an import can have changed any match (else re-evaluating is wasted work): records
 * written or stored ones removed. Withdrawn records that were never stored change nothing, so
 * re-importing an export that carries some does not re-evaluate every repository again.
 */
export function changedAnything(s: { inserted: number; updated: number; removed: number }): boolean {
  return s.inserted + s.updated + s.removed > 0;
}

/** Queues one job for every repository with a complete scan (one pending job per repository). */
export async function queueReevaluation(db: DB, reason: string): Promise<number> {
  const now = isoNow();
  const res = await db
    .insertInto("reeval_jobs")
    .orIgnore()
    .columns(["repo_id", "status", "reason", "created_at"])
    .expression(
      db
        .selectFrom("scans")
        .select((eb) => ["repo_id", eb.val("queued").as("status"), eb.val(reason.slice(0, 200)).as("reason"), eb.val(now).as("created_at")])
        .where("status", "=", "complete")
        .distinct(),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

async function claimNext(db: DB): Promise<ReevalJob | undefined> {
  return db
    .updateTable("reeval_jobs")
    .set({ status: "running", attempts: sql`attempts + 1` })
    .where("status", "=", "queued")
    .where("id", "=", (eb) => eb.selectFrom("reeval_jobs").select("id").where("status", "=", "queued").orderBy("id").limit(1))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Jobs a dead process left running go back to the queue, or end after MAX_ATTEMPTS. Three
 * statements whatever the number of jobs: per repository, the oldest running job is requeued
 * unless a queued one exists (the unique index allows one queued job per repository); every
 * other running job is superseded by that queued one.
 */
export async function recoverReevaluation(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("reeval_jobs")
      .set({ status: "done", finished_at: isoNow(), outcome: `failed: interrupted ${MAX_ATTEMPTS} times` })
      .where("status", "=", "running")
      .where("attempts", ">=", MAX_ATTEMPTS)
      .execute();
    await trx
      .updateTable("reeval_jobs as j")
      .set({ status: "queued" })
      .where("j.status", "=", "running")
      .where("j.id", "=", (eb) => eb.selectFrom("reeval_jobs as r").select((e) => e.fn.min("r.id").as("id")).whereRef("r.repo_id", "=", "j.repo_id").where("r.status", "=", "running"))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("reeval_jobs as q").select("q.id").whereRef("q.repo_id", "=", "j.repo_id").where("q.status", "=", "queued"))))
      .execute();
    await trx.updateTable("reeval_jobs").set({ status: "done", finished_at: isoNow(), outcome: "superseded by a newer job" }).where("status", "=", "running").execute();
  });
}

/** Stable description of one finding, for "did anything change": not its id. */
function signature(f: { advisory_id: string; package: string; version: string; severity: string; cvss_score: number | null; fix_version: string | null; level: string; symbols: string; call_paths: string; reported: number; reason: string | null }): string {
  return JSON.stringify([f.advisory_id, f.package, f.version, f.severity, f.cvss_score, f.fix_version, f.level, f.symbols, f.call_paths, f.reported, f.reason]);
}

function sameFindings(before: Finding[], after: NewFinding[]): boolean {
  if (before.length !== after.length) return false;
  const a = before.map(signature).sort();
  const b = after.map((f) => signature(f as Finding)).sort();
  return a.every((x, i) => x === b[i]);
}

export async function reevaluateRepo(db: DB, repoId: string): Promise<ReevalOutcome> {
  const started = performance.now();
  const base = await latestComplete(db, repoId);
  if (!base) return { kind: "skipped", reason: "the repository has no complete scan" };
  const row = await db.selectFrom("scan_snapshots").selectAll().where("scan_id", "=", base.id).executeTakeFirst();
  if (!row) return { kind: "skipped", reason: `scan ${base.id} kept no snapshot (scanned by an older version, or too large); the next scan will` };
  const decoded = decodeSnapshot(row.format, row.data);
  if (!decoded.ok) return { kind: "skipped", reason: `scan ${base.id}: ${decoded.reason}` };

  const threshold = { severity: base.threshold_severity as ThresholdSeverity, reachable_only: base.threshold_reachable_only === 1 };
  const report = await evaluateSnapshot(db, decoded.snapshot, threshold);
  const before = await db.selectFrom("findings").selectAll().where("scan_id", "=", base.id).execute();
  const scanId = newId("scan");
  const rows = report.findings.map(({ view, reported }) => findingRow(scanId, view, reported));
  if (sameFindings(before, rows)) return { kind: "unchanged" };

  const now = isoNow();
  const scan: Scan = {
    id: scanId,
    account_id: base.account_id,
    repo_id: base.repo_id,
    ref: base.ref,
    commit_sha: base.commit_sha,
    status: "complete",
    verdict: report.verdict,
    threshold_severity: base.threshold_severity,
    threshold_reachable_only: base.threshold_reachable_only,
    trigger: "advisory_update",
    created_at: now,
    started_at: now,
    completed_at: now,
    duration_ms: Math.round(performance.now() - started),
    total_advisories: report.totalAdvisories,
    reachable_count: report.reachableCount,
    error_code: null,
    error_message: null,
    attempts: 1,
    stats: JSON.stringify({ ...report.stats, reevaluated_from: base.id }),
  };
  return db.transaction().execute(async (trx): Promise<ReevalOutcome> => {
    // A scan that completed meanwhile has matched the current advisories itself; it stays the latest.
    const latest = await latestComplete(trx, repoId);
    if (latest?.id !== base.id) return { kind: "skipped", reason: `scan ${latest?.id ?? "?"} completed meanwhile` };
    await trx.insertInto("scans").values(scan).execute();
    await insertFindings(trx, rows);
    await trx
      .insertInto("scan_snapshots")
      .expression(
        trx
          .selectFrom("scan_snapshots")
          .select((eb) => [eb.val(scanId).as("scan_id"), "format", "bytes", "data", eb.val(now).as("created_at")])
          .where("scan_id", "=", base.id),
      )
      .execute();
    return { kind: "created", scanId };
  });
}

function latestComplete(db: DB, repoId: string): Promise<Scan | undefined> {
  return db.selectFrom("scans").selectAll().where("repo_id", "=", repoId).where("status", "=", "complete").orderBy("id", "desc").limit(1).executeTakeFirst();
}

export interface ReevalTotals {
  jobs: number;
  created: number;
  unchanged: number;
  skipped: number;
  failed: number;
}

/** Runs queued jobs until none is left; several processes may do so at once (claims are atomic). */
export async function runQueuedReevaluations(db: DB, log: Logger, signal?: AbortSignal): Promise<ReevalTotals> {
  const totals: ReevalTotals = { jobs: 0, created: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (;;) {
    if (signal?.aborted) break;
    const job = await claimNext(db);
    if (!job) break;
    totals.jobs++;
    let outcome: string;
    let scanId: string | null = null;
    try {
      const r = await reevaluateRepo(db, job.repo_id);
      totals[r.kind]++;
      if (r.kind === "created") {
        scanId = r.scanId;
        outcome = `created ${r.scanId}`;
        log.info("advisory update re-evaluated a repository", { repo_id: job.repo_id, scan_id: r.scanId });
      } else if (r.kind === "skipped") {
        outcome = `skipped: ${r.reason}`;
        log.info("advisory update skipped a repository", { repo_id: job.repo_id, reason: r.reason });
      } else outcome = "unchanged";
    } catch (e) {
      totals.failed++;
      outcome = "failed: see the service log";
      log.error("advisory re-evaluation failed", { repo_id: job.repo_id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
    await db.updateTable("reeval_jobs").set({ status: "done", finished_at: isoNow(), outcome, scan_id: scanId }).where("id", "=", job.id).execute();
  }
  return totals;
}

/** The service's worker: runs queued jobs when told (after an import) and once at start. */
export class ReevalRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly controller = new AbortController();

  constructor(private readonly db: DB, private readonly log: Logger) {}

  async start(): Promise<void> {
    await recoverReevaluation(this.db);
    this.notify();
  }

  notify(): void {
    if (this.controller.signal.aborted) return;
    this.again = true;
    if (!this.running) this.running = this.loop();
  }

  // The last check of `again` and the reset of `running` happen with no await between them, so a
  // notify() can never fall between a finished loop and the next one.
  private async loop(): Promise<void> {
    try {
      while (this.again && !this.controller.signal.aborted) {
        this.again = false;
        try {
          await runQueuedReevaluations(this.db, this.log, this.controller.signal);
        } catch (e) {
          this.log.error("advisory re-evaluation queue failed", { error: String(e) });
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Stops after the job in hand; unstarted jobs stay queued for the next start. */
  async drain(): Promise<void> {
    this.controller.abort();
    await this.running;
  }
}
