// runScan(): the phases in order, each narrowing the work of the next (govulncheck's shape):
// inventory → advisories matched to it → (only if anything matched) call graph → reach per
// match → findings. Used by the job handler and by `reachd scan PATH` alike.
import type { DB } from "../store/database.ts";
import { newId } from "../ids.ts";
import { extractInventory } from "./inventory/index.ts";
import { matchInventory } from "./advisories/match.ts";
import { buildProjectGraph } from "./callgraph/index.ts";
import type { FactsCache } from "./callgraph/cache.ts";
import type { IncrementalState } from "./callgraph/incremental.ts";
import type { CollectStats } from "./callgraph/collect.ts";
import type { PoolOptions } from "./callgraph/pool.ts";
import { reach } from "./reach/index.ts";
import { searchState, type SearchMemo } from "./reach/search.ts";
import { importNames } from "./reach/names.ts";
import { linkedWorkspaces, otherOwners, projectDirOf } from "./reach/projects.ts";
import { npmPackageOf } from "./callgraph/modules.ts";
import { buildFinding, severityAtLeast, type FindingView } from "./report/finding.ts";
import type { ProjectGraph } from "./callgraph/types.ts";
import type { AdvisoryMatch, Threshold, Verdict } from "./model.ts";
import { encodeSnapshot, type Encoded, type ScanSnapshot, type ScanStats } from "./snapshot.ts";

/** Per project (its incremental state), the memo of its last graph's search. */
const searches = new WeakMap<IncrementalState, SearchMemo>();

/** Graph nodes from which the call graph phase ends with a full collection (~100k lines). */
const COLLECT_AFTER_NODES = 20_000;

export interface ScanReport {
  /** Every finding, reported or not, sorted by nothing in particular. */
  findings: { view: FindingView; reported: boolean }[];
  verdict: Verdict;
  /** Distinct advisories matched to the resolved dependencies. */
  totalAdvisories: number;
  /** Distinct advisories of which at least one finding is reachable. */
  reachableCount: number;
  stats: ScanStats;
  /** With `keepSnapshot`: the encoded snapshot, or why none could be kept. */
  snapshot?: Encoded;
}

export interface RunScanOptions {
  db: DB;
  threshold: Threshold;
  signal?: AbortSignal;
  entryGlobs?: string[];
  exclude?: string[];
  /** Per-file facts cache (callgraph/cache.ts); none: every file is parsed. */
  cache?: FactsCache | null;
  /** Parse worker pool options; false: parse in-process. */
  pool?: PoolOptions | false;
  /** How the call graph's facts were obtained (benchmarks, debug logs). */
  onStats?: (stats: CollectStats) => void;
  /** Told how long each phase took (benchmarks: where a re-scan's time goes). */
  onPhase?: (phase: string, ms: number) => void;
  /** Build the call graph even when nothing matches, and return the encoded snapshot. */
  keepSnapshot?: boolean;
  /** The previous scan's state for this repository (callgraph/incremental.ts), updated in place. */
  incremental?: IncrementalState;
  /** Path → content id of the checkout's files (git blob ids): unchanged files are not even read. */
  contentIds?: Map<string, string> | null;
}

/** Severity at or over the threshold (an unknown severity counts only at the lowest threshold). */
export function isReported(f: FindingView, t: Threshold): boolean {
  const severe = f.severity === "unknown" ? t.severity === "low" : severityAtLeast(f.severity, t.severity);
  return severe && (!t.reachable_only || f.reachable);
}

export function verdictOf(findings: { view: FindingView; reported: boolean }[]): Verdict {
  const reported = findings.filter((f) => f.reported);
  if (reported.some((f) => f.view.reachable)) return "block";
  return reported.length > 0 ? "warning" : "pass";
}

/**
 * Import names of the matched (vulnerable) packages: their code is never resolved into, even when
 * it is in the checkout, so that their uses stay visible to the reach phase.
 */
function externalNames(matches: AdvisoryMatch[]): string[] {
  const names = new Set<string>();
  for (const m of matches) {
    const eco = m.dependency.ecosystem;
    const top = (n: string): string => (eco === "npm" ? npmPackageOf(n) : n.split(".")[0]!);
    for (const n of importNames(eco, m.dependency.name)) names.add(top(n));
    for (const i of m.imports) names.add(top(i.path));
  }
  return [...names];
}

export async function runScan(root: string, opts: RunScanOptions): Promise<ScanReport> {
  const { signal } = opts;
  let mark = performance.now();
  const phase = (name: string): void => {
    const now = performance.now();
    opts.onPhase?.(name, now - mark);
    mark = now;
  };
  const inventory = await extractInventory(root, { signal });
  signal?.throwIfAborted();
  phase("inventory");
  const matches: AdvisoryMatch[] = await matchInventory(opts.db, inventory.dependencies);
  signal?.throwIfAborted();
  phase("advisories");

  // The graph is needed for the matches, and for any advisory imported later when a snapshot is kept.
  const graph =
    matches.length > 0 || opts.keepSnapshot
      ? await buildProjectGraph(root, {
        signal, entryGlobs: opts.entryGlobs, exclude: opts.exclude, cache: opts.cache, pool: opts.pool, onStats: opts.onStats,
        keepExternal: externalNames(matches), onPhase: opts.onPhase, incremental: opts.incremental, contentIds: opts.contentIds,
      })
      : null;
  // A big build's facts, resolver memos and flow sites are garbage once its graph is made. When
  // its state is kept for the next build (a server's scan job), they are collected now: left to
  // JSC, the next job's first collection would mark them in the middle of a re-scan that
  // otherwise takes a few tenths of a second. A one-off scan ends soon after; collecting there
  // cost more than it saved (557k lines of JS: −0.1 s of pause and −0.03 s of reach, for +12–17
  // MiB peak; 1M: −0.17 and −0.06 s for +40 MiB). A small graph is not worth the pause, nor is an
  // incremental assembly: it made little garbage, and the pause would walk the kept state.
  mark = performance.now();
  const assembledInFull = opts.incremental?.lastResolved == null;
  if (graph && opts.incremental && assembledInFull && graph.nodes.length >= COLLECT_AFTER_NODES) Bun.gc(true);
  phase("gc");
  const stats: ScanStats = {
    dependencies: inventory.dependencies.length,
    lockfile_errors: inventory.errors.slice(0, 50),
    unresolved: inventory.unresolved.length,
    files_analysed: graph?.files.length ?? 0,
    parse_errors: (graph?.files ?? []).filter((f) => f.error).map((f) => ({ file: f.path, message: f.error! })).slice(0, 50),
  };
  // The project's last search, kept with its incremental state, spares looking up the ends of the
  // edges both graphs share; reach() and the snapshot then read this graph's search.
  if (graph && opts.incremental) searches.set(opts.incremental, searchState(graph, searches.get(opts.incremental)).memo);
  const report = reportOf(matches, graph, stats, opts.threshold, otherOwners(inventory.dependencies), signal, linkedWorkspaces(inventory.dependencies));
  phase("reach");
  if (opts.keepSnapshot && graph) {
    report.snapshot = encodeSnapshot(inventory.dependencies, graph, stats);
    phase("snapshot");
  }
  return report;
}

/**
 * Matching and reach again over what an earlier scan kept (src/scan/snapshot.ts), against the
 * advisories stored now: the re-evaluation after an advisory import, with no checkout.
 */
export async function evaluateSnapshot(db: DB, snapshot: ScanSnapshot, threshold: Threshold): Promise<ScanReport> {
  const matches = await matchInventory(db, snapshot.dependencies);
  return reportOf(matches, snapshot.graph, snapshot.stats, threshold, otherOwners(snapshot.dependencies), undefined, linkedWorkspaces(snapshot.dependencies));
}

function reportOf(
  matches: AdvisoryMatch[],
  graph: ProjectGraph | null,
  stats: ScanStats,
  threshold: Threshold,
  owners: (dep: AdvisoryMatch["dependency"]) => string[],
  signal?: AbortSignal,
  links?: (dep: AdvisoryMatch["dependency"]) => string[],
): ScanReport {
  const findings: ScanReport["findings"] = [];
  if (graph) {
    for (const match of matches) {
      signal?.throwIfAborted();
      const result = reach(graph, {
        ecosystem: match.dependency.ecosystem,
        package: match.dependency.name,
        imports: match.imports,
        dependency: match.dependency,
        project: { dir: projectDirOf(match.dependency), others: owners(match.dependency), ...(match.dependency.project !== undefined ? { own: true } : {}), ...linkedOf(links, match.dependency) },
      });
      const view = buildFinding(newId("fnd"), match, result);
      findings.push({ view, reported: isReported(view, threshold) });
    }
  }
  const advisories = new Set(findings.map((f) => f.view.advisory_id));
  const reachable = new Set(findings.filter((f) => f.view.reachable).map((f) => f.view.advisory_id));
  return {
    findings,
    verdict: verdictOf(findings),
    totalAdvisories: advisories.size,
    reachableCount: reachable.size,
    stats,
  };
}

function linkedOf(links: ((dep: AdvisoryMatch["dependency"]) => string[]) | undefined, dep: AdvisoryMatch["dependency"]): { linked?: string[] } {
  const linked = links?.(dep) ?? [];
  return linked.length > 0 ? { linked } : {};
}
