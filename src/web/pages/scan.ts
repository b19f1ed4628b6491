// One scan: its facts, and when complete its findings in the contract's order with the call
// paths drawn as chains of file:line steps; filters and exports as GET /v1/scans/:id/findings.
import { Elysia } from "elysia";
import type { DB } from "../../store/database.ts";
import { AppError } from "../../errors.ts";
import type { ApiDeps } from "../../api/deps.ts";
import { loadSession } from "../session.ts";
import { securityHeaders, webContext } from "../http.ts";
import { page, withSession } from "./respond.ts";
import type { Account, Scan } from "../../store/tables.ts";
import { LEVELS, SEVERITY_VALUES, type ScanStatusView } from "../../api/models.ts";
import { findRepo } from "../../api/repos/service.ts";
import { findScan, scanFindings, scanStatusView, type FindingFilter } from "../../api/scans/service.ts";
import { exportFindings } from "../../api/scans/export.ts";
import type { FindingView } from "../../scan/report/finding.ts";
import { html, type SafeHtml } from "../html.ts";
import { duration, isActive, query, severityBadge, statusBadge, verdictBadge, when } from "./parts.ts";
import { liveNote, REFRESH_SECONDS } from "./scans.ts";

export const EXPORT_FORMATS = ["json", "sarif", "openvex", "cyclonedx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The filter as the form sends it: strings, "" for any. */
export interface FilterForm {
  reachable?: string;
  level?: string;
  severity?: string;
}

/** Values outside the allowed sets are ignored (shown as "any"), not errors: it is a GET form. */
export function parseFilter(q: Record<string, string | undefined>): { form: FilterForm; filter: FindingFilter } {
  const form: FilterForm = {};
  const filter: FindingFilter = {};
  if (q.reachable === "true" || q.reachable === "false") {
    form.reachable = q.reachable;
    filter.reachable = q.reachable === "true";
  }
  if (q.level && (LEVELS as readonly string[]).includes(q.level)) form.level = filter.level = q.level;
  if (q.severity && (SEVERITY_VALUES as readonly string[]).includes(q.severity)) form.severity = filter.severity = q.severity;
  return { form, filter };
}

export interface ScanPageData {
  scan: ScanStatusView;
  repoName: string;
  /** null until the scan is complete. */
  findings: FindingView[] | null;
  filter: FilterForm;
}

export async function loadScanPage(db: DB, account: Account, scanId: string, filter: { form: FilterForm; filter: FindingFilter }): Promise<ScanPageData> {
  const scan = await findScan(db, account.id, scanId);
  const repo = await findRepo(db, account.id, scan.repo_id);
  const findings = scan.status === "complete" ? await scanFindings(db, scan, filter.filter) : null;
  return { scan: scanStatusView(scan), repoName: repo.name, findings, filter: filter.form };
}

/**
 * The same documents as GET /v1/scans/:id/findings?format=…, as a download. The file name is
 * built from the scan id only (ids are [a-z0-9_]), never from a repository name.
 */
export async function exportScan(db: DB, account: Account, scanId: string, format: ExportFormat, filter: FindingFilter, version: string): Promise<Response> {
  const scan: Scan = await findScan(db, account.id, scanId);
  const findings = await scanFindings(db, scan, filter);
  const res =
    format === "json"
      ? new Response(JSON.stringify({ scan_id: scan.id, findings, total: findings.length }), {
          headers: { "content-type": "application/json; charset=utf-8" },
        })
      : exportFindings(format, { scan, repoName: (await findRepo(db, account.id, scan.repo_id)).name, version }, findings);
  const ext = format === "json" ? "json" : `${format}.json`;
  res.headers.set("content-disposition", `attachment; filename="reachd-${scan.id}.${ext}"`);
  res.headers.set("cache-control", "no-store");
  return res;
}

/** "src/a.js:main -> src/a.js:7 -> lodash.template" as an ordered list of steps. */
export function callPathHtml(path: string): SafeHtml {
  const steps = path.split(" -> ");
  return html`<ol class="callpath" aria-label="Call path, ${steps.length} steps">${steps.map(
    (s, i) => html`<li${i === steps.length - 1 ? html` class="sink"` : ""}><code>${s}</code></li>`,
  )}</ol>`;
}

function findingRow(f: FindingView): SafeHtml {
  const label = f.cve_id ?? f.advisory_id;
  const explain = f.reachability.level === "unknown" || f.reachability.level === "none";
  return html`<tr>
  <td data-label="Severity">${severityBadge(f.severity)}${f.cvss_score !== null ? html`<span class="cvss">CVSS ${f.cvss_score}</span>` : ""}</td>
  <th scope="row" data-label="Advisory"><a href="/advisories/${encodeURIComponent(f.advisory_id)}">${label}</a>${label !== f.advisory_id ? html`<span class="sub">${f.advisory_id}</span>` : ""}<span class="summary">${f.summary}</span></th>
  <td data-label="Package"><code>${f.package}</code> <code class="version">${f.version}</code>${f.dependency.direct ? "" : html`<span class="sub">via ${f.dependency.chain.join(" → ")}</span>`}</td>
  <td data-label="Fixed in">${f.fix_version ? html`<code>${f.fix_version}</code>` : html`<span class="muted">none</span>`}</td>
  <td data-label="Reachability"><span class="level level-${f.reachability.level}">${f.reachability.level}</span>${explain && f.reachability.reason ? html`<span class="reason">${f.reachability.reason}</span>` : ""}</td>
  <td data-label="Call path">${
    f.call_paths.length === 0
      ? html`<span class="muted">—</span>`
      : f.call_paths.slice(0, 5).map((p, i) => html`${f.call_paths.length > 1 ? html`<span class="path-n">Path ${i + 1}</span>` : ""}${callPathHtml(p)}`)
  }</td>
</tr>`;
}

function select(id: string, name: string, label: string, options: readonly string[], value: string | undefined): SafeHtml {
  return html`<div class="field"><label for="${id}">${label}</label>
<select id="${id}" name="${name}"><option value="">Any</option>${options.map(
    (o) => html`<option value="${o}"${o === value ? html` selected` : ""}>${o}</option>`,
  )}</select></div>`;
}

function findingsSection(data: ScanPageData): SafeHtml {
  const { scan, filter } = data;
  const findings = data.findings ?? [];
  const filtered = !!(filter.reachable || filter.level || filter.severity);
  return html`<section aria-labelledby="findings-heading">
<h2 id="findings-heading">Findings</h2>
<form method="get" action="/scans/${scan.id}" class="filters">
  ${select("f-reachable", "reachable", "Reachable", ["true", "false"], filter.reachable)}
  ${select("f-level", "level", "Level", LEVELS, filter.level)}
  ${select("f-severity", "severity", "Severity at least", SEVERITY_VALUES, filter.severity)}
  <button type="submit">Filter</button>
  ${filtered ? html`<a href="/scans/${scan.id}">Clear</a>` : ""}
</form>
<p class="exports">Export${filtered ? " (filtered)" : ""}: ${EXPORT_FORMATS.map(
    (f) => html`<a class="button" href="/scans/${scan.id}/export${query({ format: f, ...filter })}" download>${f === "json" ? "JSON" : f === "sarif" ? "SARIF" : f === "openvex" ? "OpenVEX" : "CycloneDX"}</a> `,
  )}</p>
${
  findings.length === 0
    ? html`<p class="empty-state">${filtered ? "No finding matches this filter." : "No vulnerable dependency was reported by this scan."}</p>`
    : html`<div class="table-wrap"><table class="findings">
  <caption>${findings.length} ${findings.length === 1 ? "finding" : "findings"}, highest risk first</caption>
  <thead><tr><th scope="col">Severity</th><th scope="col">Advisory</th><th scope="col">Package and version</th><th scope="col">Fixed in</th><th scope="col">Reachability</th><th scope="col">Call path</th></tr></thead>
  <tbody>${findings.map(findingRow)}</tbody>
</table></div>`
}
</section>`;
}

export function scanPage(data: ScanPageData): SafeHtml {
  const { scan } = data;
  const active = isActive(scan.status);
  return html`<p class="breadcrumb"><a href="/repos">Repositories</a> / <a href="/repos/${scan.repo_id}">${data.repoName}</a> / scan</p>
<h1>Scan of ${data.repoName} <span class="subtitle"><code>${scan.ref}</code></span></h1>
<dl class="facts"${active ? html` data-live-scan="${scan.id}" data-status="${scan.status}"` : ""}>
  <div><dt>Status</dt><dd>${statusBadge(scan.status)}</dd></div>
  <div><dt>Verdict</dt><dd>${scan.status === "complete" ? verdictBadge(scan) : "—"}</dd></div>
  <div><dt>Commit</dt><dd>${scan.commit_sha ? html`<code>${scan.commit_sha}</code>` : "—"}</dd></div>
  <div><dt>Trigger</dt><dd>${scan.trigger}</dd></div>
  <div><dt>Threshold</dt><dd>${scan.threshold.severity}${scan.threshold.reachable_only ? ", reachable only" : ""}</dd></div>
  <div><dt>Queued</dt><dd>${when(scan.created_at)}</dd></div>
  <div><dt>Completed</dt><dd>${when(scan.completed_at)}</dd></div>
  <div><dt>Duration</dt><dd>${duration(scan.duration_ms)}</dd></div>
  <div><dt>Advisories matched</dt><dd>${scan.total_advisories ?? "—"}</dd></div>
  <div><dt>Reachable</dt><dd>${scan.reachable_count ?? "—"}</dd></div>
</dl>
${scan.error ? html`<p class="form-error" role="alert">${scan.error.code}: ${scan.error.message}</p>` : ""}
${liveNote(active, `/scans/${scan.id}`)}
${scan.status === "complete" ? findingsSection(data) : active ? html`<p>Findings appear here once the scan is complete.</p>` : ""}`;
}

// ---- routes ----

const queryRecord = (q: Record<string, unknown>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));

export const scanPages = (deps: ApiDeps) =>
  new Elysia({ name: "reachd-web-scan" })
    .use(webContext(deps))
    .get("/scans/:id", ({ request, params, query }) =>
      withSession(deps, request, async (ctx) => {
        const data = await loadScanPage(deps.db, ctx.account, params.id, parseFilter(queryRecord(query)));
        return page(ctx, `Scan of ${data.repoName}`, scanPage(data), {
          noscriptRefresh: isActive(data.scan.status) ? REFRESH_SECONDS : undefined,
          current: "/repos",
        });
      }),
    )
    // The live-status poll: the scan's status form, as GET /v1/scans/:id, for the signed-in user.
    .get("/scans/:id/status.json", async ({ request, params }) => {
      const session = await loadSession(request, deps.db);
      const headers = { "cache-control": "no-store", ...securityHeaders() };
      // The same gate as the pages: a user still holding a one-time password reads nothing yet.
      if (!session || session.user.mustChangePassword) return Response.json({ error: "sign in again" }, { status: 401, headers });
      try {
        return Response.json(scanStatusView(await findScan(deps.db, session.accountId, params.id)), { headers });
      } catch (e) {
        if (e instanceof AppError) return Response.json({ error: e.message }, { status: e.status, headers });
        throw e;
      }
    })
    .get("/scans/:id/export", ({ request, params, query }) =>
      withSession(deps, request, async (ctx) => {
        const q = queryRecord(query);
        const format = (EXPORT_FORMATS as readonly string[]).includes(q.format ?? "") ? (q.format as ExportFormat) : "json";
        const res = await exportScan(deps.db, ctx.account, params.id, format, parseFilter(q).filter, deps.version);
        for (const [k, v] of Object.entries(securityHeaders())) res.headers.set(k, v);
        return res;
      }),
    );
