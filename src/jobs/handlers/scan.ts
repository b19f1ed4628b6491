// One scan job: check out the scanned commit, run the pipeline, store the findings and the
// result in one transaction. The workspace is removed unless the scan completed: then it is kept
// (jobs/checkouts.ts) for the next scan of the repository, with the scan's facts.
import type { Config } from "../../config.ts";
import type { Logger } from "../../log.ts";
import type { DB } from "../../store/database.ts";
import type { Scan } from "../../store/tables.ts";
import { decryptSecret } from "../../store/crypto.ts";
import { checkout, validateRepoSpec, type Provider } from "../../scan/sources/index.ts";
import { runScan } from "../../scan/pipeline.ts";
import { FactsCache } from "../../scan/callgraph/cache.ts";
import { warmInProcess } from "../../scan/callgraph/collect.ts";
import type { Grammar } from "../../scan/callgraph/parser.ts";
import { IncrementalStates } from "../../scan/callgraph/incremental.ts";
import type { ThresholdSeverity } from "../../scan/model.ts";
import { SNAPSHOT_FORMAT } from "../../scan/snapshot.ts";
import { isoNow } from "../../time.ts";
import { findingRow, insertFindings } from "../findings.ts";
import { finishRunning } from "../queue.ts";
import { parseGlobList } from "../../scan/reach/settings.ts";
import { KeptCheckouts, removeKeptWorkspaces } from "../checkouts.ts";
import { join } from "node:path";

export interface ScanHandlerDeps {
  db: DB;
  config: Config;
  secretKey: Uint8Array;
  log: Logger;
  /** Told how long each phase of a scan job took: checkout, runScan's phases, store, cleanup (benchmarks). */
  onPhase?: (phase: string, ms: number) => void;
}

export function scanHandler(deps: ScanHandlerDeps) {
  // The last scans' facts per repository: a re-scan reads and hashes every file but decodes and
  // parses only the changed ones.
  const states = new IncrementalStates(2);
  // And their checkouts, which the next scan of the same repository updates in place.
  const workRoot = join(deps.config.dataDir, "work");
  removeKeptWorkspaces(workRoot);
  const checkouts = new KeptCheckouts(2);
  return async (scan: Scan, signal: AbortSignal): Promise<void> => {
    const started = performance.now();
    let mark = started;
    const phase = (name: string): void => {
      const now = performance.now();
      deps.onPhase?.(name, now - mark);
      mark = now;
    };
    const { db } = deps;
    const repo = await db.selectFrom("repos").selectAll().where("id", "=", scan.repo_id).executeTakeFirst();
    if (!repo) {
      await finishRunning(db, scan.id, { status: "failed", error_code: "not_found", error_message: "the repository was removed", completed_at: isoNow() });
      return;
    }
    const fail = async (code: string, message: string) => {
      await finishRunning(db, scan.id, {
        status: "failed",
        error_code: code,
        error_message: message,
        completed_at: isoNow(),
        duration_ms: Math.round(performance.now() - started),
      });
    };

    // The operator may have narrowed REACHD_LOCAL_ROOTS since the repository was connected.
    if (repo.provider === "local") {
      const still = validateRepoSpec({ name: repo.name, provider: "local", path: repo.path }, deps.config.localRoots);
      if (!still.ok) {
        await fail("repository_access_denied", "the repository path is no longer under REACHD_LOCAL_ROOTS");
        return;
      }
    }

    let token: string | null = null;
    if (repo.credential) {
      try {
        token = decryptSecret(deps.secretKey, repo.credential);
      } catch {
        await fail("credential_unreadable", "the stored repository credential cannot be decrypted; connect the repository again");
        return;
      }
    }
    const co = await checkout(
      { provider: repo.provider as Provider, url: repo.url, path: repo.path, token },
      scan.ref,
      {
        workRoot,
        limits: { timeoutMs: deps.config.cloneTimeoutMs, maxBytes: deps.config.cloneMaxBytes },
        signal,
        reuse: checkouts.take(repo.id),
      },
    );
    if (!co.ok) {
      await fail(co.error.code, co.error.message);
      return;
    }
    phase("checkout");
    const grammars = new Set<Grammar>();
    let stored = false;
    try {
      await db.updateTable("scans").set({ commit_sha: co.value.commitSha }).where("id", "=", scan.id).execute();
      const incremental = states.take(repo.id);
      const report = await runScan(co.value.dir, {
        db,
        entryGlobs: parseGlobList(repo.entry_points),
        exclude: parseGlobList(repo.exclude_paths),
        threshold: { severity: scan.threshold_severity as ThresholdSeverity, reachable_only: scan.threshold_reachable_only === 1 },
        signal,
        cache: new FactsCache(join(deps.config.dataDir, "cache")),
        keepSnapshot: true,
        incremental,
        contentIds: co.value.contentIds,
        onStats: (s) => {
          for (const g of s.grammars) grammars.add(g);
        },
        ...(deps.onPhase ? { onPhase: deps.onPhase } : {}),
      });
      mark = performance.now();
      signal.throwIfAborted();
      states.give(repo.id, incremental);
      if (report.snapshot && !report.snapshot.ok) {
        deps.log.warn("scan snapshot not kept; advisory imports will not re-evaluate this scan", { scan_id: scan.id, reason: report.snapshot.reason });
      }
      const completed = isoNow();
      await db.transaction().execute(async (trx) => {
        const done = await finishRunning(trx, scan.id, {
          status: "complete",
          verdict: report.verdict,
          completed_at: completed,
          duration_ms: Math.round(performance.now() - started),
          total_advisories: report.totalAdvisories,
          reachable_count: report.reachableCount,
          stats: JSON.stringify(report.stats),
        });
        // Canceled while finishing: keep the cancel, store nothing.
        if (!done) return;
        await insertFindings(trx, report.findings.map(({ view, reported }) => findingRow(scan.id, view, reported)));
        if (report.snapshot?.ok) {
          const data = report.snapshot.data;
          await trx
            .insertInto("scan_snapshots")
            .values({ scan_id: scan.id, format: SNAPSHOT_FORMAT, bytes: data.length, data, created_at: completed })
            // A retried scan (after a crash between commit and cleanup) replaces what it kept before.
            .onConflict((oc) => oc.column("scan_id").doUpdateSet({ format: SNAPSHOT_FORMAT, bytes: data.length, data, created_at: completed }))
            .execute();
        }
        await trx.updateTable("repos").set({ last_scan_at: completed }).where("id", "=", repo.id).execute();
      });
      phase("store");
      stored = true;
    } finally {
      if (stored) await checkouts.give(repo.id, co.value);
      else await co.value.cleanup();
      phase("cleanup");
    }
    // The next scan of this repository parses its changed files on this thread: compile the
    // grammars' queries now (once per process) rather than in that scan.
    if (stored) {
      await warmInProcess(grammars);
      phase("warm");
    }
  };
}
