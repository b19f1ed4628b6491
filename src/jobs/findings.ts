// A scan's findings as stored rows: written by the scan job and by advisory re-evaluation, and
// compared by the latter, so both must build them the same way.
import type { DB } from "../store/database.ts";
import type { NewFinding } from "../store/tables.ts";
import { riskOf, type FindingView } from "../scan/report/finding.ts";

export function findingRow(scanId: string, f: FindingView, reported: boolean): NewFinding {
  return {
    id: f.id,
    scan_id: scanId,
    advisory_id: f.advisory_id,
    cve_id: f.cve_id,
    aliases: JSON.stringify(f.aliases),
    summary: f.summary,
    ecosystem: f.ecosystem,
    package: f.package,
    version: f.version,
    severity: f.severity,
    cvss_score: f.cvss_score,
    fix_version: f.fix_version,
    reachable: f.reachable ? 1 : 0,
    level: f.reachability.level,
    score: f.reachability.score,
    reason: f.reachability.reason,
    symbols: JSON.stringify(f.reachability.symbols),
    call_paths: JSON.stringify(f.call_paths),
    direct: f.dependency.direct ? 1 : 0,
    chain: JSON.stringify(f.dependency.chain),
    risk: riskOf(f),
    reported: reported ? 1 : 0,
  };
}

/** Inserts in chunks: one statement of 22 columns × 400 rows stays far below SQLite's parameter limit. */
export async function insertFindings(db: DB, rows: NewFinding[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await db.insertInto("findings").values(rows.slice(i, i + 400)).execute();
}
