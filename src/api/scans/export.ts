// ?format= exports of a scan's findings: the same findings, rendered by the report phase.
import type { Scan } from "../../store/tables.ts";
import type { FindingView } from "../../scan/report/finding.ts";
import type { ReportScan } from "../../scan/report/summary.ts";
import { toSarif } from "../../scan/report/sarif.ts";
import { toCycloneDx, toOpenVex } from "../../scan/report/vex.ts";

const CONTENT_TYPE = {
  sarif: "application/sarif+json",
  openvex: "application/json",
  cyclonedx: "application/vnd.cyclonedx+json",
} as const;

export function exportFindings(
  format: keyof typeof CONTENT_TYPE,
  ctx: { scan: Scan; repoName: string; version: string },
  findings: FindingView[],
): Response {
  const report: ReportScan = {
    id: ctx.scan.id,
    repo_name: ctx.repoName,
    ref: ctx.scan.ref,
    commit_sha: ctx.scan.commit_sha,
    completed_at: ctx.scan.completed_at,
    tool_version: ctx.version,
  };
  const doc = format === "sarif" ? toSarif(report, findings) : format === "openvex" ? toOpenVex(report, findings) : toCycloneDx(report, findings);
  return new Response(JSON.stringify(doc), {
    headers: { "content-type": `${CONTENT_TYPE[format]}; charset=utf-8` },
  });
}
