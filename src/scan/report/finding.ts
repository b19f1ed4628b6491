// The contract's finding object, built from a match and its reach result. This is the one
// place that decides the public shape; the API, the CLI and the exports all render it.
import { LEVEL_SCORE, type AdvisoryMatch, type ReachResult, type Severity } from "../model.ts";

export interface FindingView {
  id: string;
  advisory_id: string;
  cve_id: string | null;
  aliases: string[];
  summary: string;
  ecosystem: "npm" | "PyPI";
  package: string;
  version: string;
  severity: Severity;
  cvss_score: number | null;
  fix_version: string | null;
  reachable: boolean;
  /** The first of call_paths, or null when not reachable. */
  call_path: string | null;
  call_paths: string[];
  dependency: { direct: boolean; chain: string[] };
  reachability: { level: ReachResult["level"]; score: number; symbols: string[]; reason: string | null };
}

export const SEVERITY_WEIGHT: Record<Severity, number> = {
  critical: 4,
  high: 3,
  medium: 2,
  low: 1,
  unknown: 0.5,
};

const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, unknown: 0 };

export function severityAtLeast(severity: Severity, min: Exclude<Severity, "unknown">): boolean {
  return SEVERITY_RANK[severity] >= SEVERITY_RANK[min];
}

export function isReachableLevel(level: ReachResult["level"]): boolean {
  return level === "function" || level === "package" || level === "transitive";
}

export function buildFinding(id: string, match: AdvisoryMatch, result: ReachResult): FindingView {
  // A reachable level without a path would break the contract's "call_path is never null".
  const level = isReachableLevel(result.level) && result.paths.length === 0 ? "unknown" : result.level;
  const reachable = isReachableLevel(level);
  const callPaths = reachable ? result.paths.slice(0, 5).map((p) => p.join(" -> ")) : [];
  return {
    id,
    advisory_id: match.advisoryId,
    cve_id: match.cveId,
    aliases: match.aliases,
    summary: match.summary,
    ecosystem: match.dependency.ecosystem,
    package: match.dependency.name,
    version: match.dependency.version,
    severity: match.severity,
    cvss_score: match.cvssScore,
    fix_version: match.fixVersion,
    reachable,
    call_path: callPaths[0] ?? null,
    call_paths: callPaths,
    dependency: { direct: match.dependency.direct, chain: match.dependency.chain },
    reachability: {
      level,
      score: LEVEL_SCORE[level],
      symbols: result.symbols,
      reason: level === result.level ? result.reason : "no call path was recorded for a reachable result",
    },
  };
}

/** risk = severity weight × reachability score (the contract's sort key). */
export function riskOf(f: Pick<FindingView, "severity" | "reachability">): number {
  return Math.round(SEVERITY_WEIGHT[f.severity] * f.reachability.score * 1000) / 1000;
}

/** Descending risk; ties by cvss_score (desc, null last), then cve/advisory id (asc). */
export function compareFindings(a: FindingView, b: FindingView): number {
  const r = riskOf(b) - riskOf(a);
  if (r !== 0) return r;
  const ca = a.cvss_score ?? -1;
  const cb = b.cvss_score ?? -1;
  if (ca !== cb) return cb - ca;
  const ia = a.cve_id ?? a.advisory_id;
  const ib = b.cve_id ?? b.advisory_id;
  if (ia !== ib) return ia < ib ? -1 : 1;
  return a.package < b.package ? -1 : a.package > b.package ? 1 : 0;
}
