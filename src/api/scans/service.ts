// Scans as the API sees them: creation (queued for the job scheduler), the status form,
// cancellation, history pages, and the findings of a completed scan.
import type { DB } from "../../store/database.ts";
import type { Finding, Scan } from "../../store/tables.ts";
import { AppError, invalid, notFound } from "../../errors.ts";
import { newId } from "../../ids.ts";
import { isoNow } from "../../time.ts";
import { isSafeRef } from "../../scan/sources/index.ts";
import { compareFindings, type FindingView } from "../../scan/report/finding.ts";
import type { Threshold } from "../../scan/model.ts";
import { encodeCursor } from "../cursor.ts";
import type { ScanQueue } from "../deps.ts";
import type { ScanStatusView } from "../models.ts";
import { findRepo } from "../repos/service.ts";

export function scanStatusView(s: Scan): ScanStatusView {
  return {
    id: s.id,
    repo_id: s.repo_id,
    ref: s.ref,
    commit_sha: s.commit_sha,
    status: s.status as ScanStatusView["status"],
    verdict: s.verdict,
    threshold: { severity: s.threshold_severity, reachable_only: s.threshold_reachable_only === 1 },
    trigger: s.trigger,
    created_at: s.created_at,
    started_at: s.started_at,
    completed_at: s.completed_at,
    duration_ms: s.duration_ms,
    total_advisories: s.total_advisories,
    reachable_count: s.reachable_count,
    error: s.error_code ? { code: s.error_code, message: s.error_message ?? "" } : null,
  };
}

export interface CreateScanInput {
  repoId: string;
  ref: string | undefined;
  threshold: Partial<Threshold> | undefined;
  trigger: "api" | "repo";
}

export async function createScan(db: DB, accountId: string, input: CreateScanInput): Promise<Scan> {
  const repo = await findRepo(db, accountId, input.repoId);
  const ref = input.ref ?? repo.default_branch ?? "main";
  if (ref.trim() === "") throw invalid("ref", "must not be empty", "ref must not be empty");
  if (!isSafeRef(ref)) throw invalid("ref", "is not a valid branch, tag or commit", "ref is not a valid branch, tag or commit");
  const scan: Scan = {
    id: newId("scan"),
    account_id: accountId,
    repo_id: repo.id,
    ref,
    commit_sha: null,
    status: "queued",
    verdict: null,
    threshold_severity: input.threshold?.severity ?? "low",
    threshold_reachable_only: input.threshold?.reachable_only ? 1 : 0,
    trigger: input.trigger,
    created_at: isoNow(),
    started_at: null,
    completed_at: null,
    duration_ms: null,
    total_advisories: null,
    reachable_count: null,
    error_code: null,
    error_message: null,
    attempts: 0,
    stats: null,
  };
  await db.insertInto("scans").values(scan).execute();
  return scan;
}

/**
 * The one way a scan is started, by the API and the dashboard alike: refused while the service
 * shuts down, then `admit` (the dashboard's plan rate limit; the API's is taken by its auth),
 * then queued and a worker woken.
 */
export async function startScan(deps: { db: DB; queue: Pick<ScanQueue, "accepting" | "notify"> }, accountId: string, input: CreateScanInput, admit?: () => void): Promise<Scan> {
  if (!deps.queue.accepting()) throw new AppError("unavailable", "the service is shutting down; retry shortly");
  admit?.();
  const scan = await createScan(deps.db, accountId, input);
  deps.queue.notify();
  return scan;
}

export async function findScan(db: DB, accountId: string, scanId: string): Promise<Scan> {
  const scan = await db
    .selectFrom("scans")
    .selectAll()
    .where("id", "=", scanId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!scan) throw notFound("scan");
  return scan;
}

export function assertCancelable(scan: Scan): void {
  if (scan.status !== "queued" && scan.status !== "running") {
    throw new AppError("conflict", `scan is already ${scan.status} and cannot be canceled`);
  }
}

export async function scanHistory(
  db: DB,
  accountId: string,
  repoId: string,
  page: { limit: number; after: string | null; verdict: string | undefined },
): Promise<{ scans: ScanStatusView[]; next_cursor: string | null }> {
  await findRepo(db, accountId, repoId);
  let q = db.selectFrom("scans").selectAll().where("repo_id", "=", repoId).where("account_id", "=", accountId);
  if (page.after) q = q.where("id", "<", page.after);
  if (page.verdict) q = q.where("verdict", "=", page.verdict);
  const rows = await q.orderBy("id", "desc").limit(page.limit + 1).execute();
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  return {
    scans: pageRows.map(scanStatusView),
    next_cursor: more ? encodeCursor(pageRows[pageRows.length - 1]!.id) : null,
  };
}

export function findingView(f: Finding): FindingView {
  const callPaths = JSON.parse(f.call_paths) as string[];
  return {
    id: f.id,
    advisory_id: f.advisory_id,
    cve_id: f.cve_id,
    aliases: JSON.parse(f.aliases) as string[],
    summary: f.summary,
    ecosystem: f.ecosystem as FindingView["ecosystem"],
    package: f.package,
    version: f.version,
    severity: f.severity as FindingView["severity"],
    cvss_score: f.cvss_score,
    fix_version: f.fix_version,
    reachable: f.reachable === 1,
    call_path: callPaths[0] ?? null,
    call_paths: callPaths,
    dependency: { direct: f.direct === 1, chain: JSON.parse(f.chain) as string[] },
    reachability: {
      level: f.level as FindingView["reachability"]["level"],
      score: f.score,
      symbols: JSON.parse(f.symbols) as string[],
      reason: f.reason,
    },
  };
}

export interface FindingFilter {
  reachable?: boolean;
  level?: string;
  severity?: string;
}

const RANK: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1, unknown: 0 };

/** The reported findings of a complete scan, in the contract's order, optionally narrowed. */
export async function scanFindings(db: DB, scan: Scan, filter: FindingFilter): Promise<FindingView[]> {
  if (scan.status !== "complete") {
    throw new AppError("scan_not_complete", `scan is ${scan.status}; findings are available once it is complete`);
  }
  const rows = await db.selectFrom("findings").selectAll().where("scan_id", "=", scan.id).where("reported", "=", 1).execute();
  return rows
    .map(findingView)
    .filter(
      (f) =>
        (filter.reachable === undefined || f.reachable === filter.reachable) &&
        (filter.level === undefined || f.reachability.level === filter.level) &&
        (filter.severity === undefined || (RANK[f.severity] ?? 0) >= (RANK[filter.severity] ?? 0)),
    )
    .sort(compareFindings);
}
