// A repository's scan history: the verdict filter and keyset pages of GET /v1/repos/:id/scans
// (the same service and cursors), with live status for queued and running scans.
import type { DB } from "../../store/database.ts";
import type { Account } from "../../store/tables.ts";
import { VERDICTS, type RepoView, type ScanStatusView } from "../../api/models.ts";
import { findRepo, repoView } from "../../api/repos/service.ts";
import { scanHistory } from "../../api/scans/service.ts";
import { html, type SafeHtml } from "../html.ts";
import { canWrite, describedBy, duration, fieldError, isActive, query, statusBadge, verdictBadge, when } from "./parts.ts";

export interface HistoryPageData {
  repo: RepoView;
  scans: ScanStatusView[];
  nextCursor: string | null;
  verdict: string | undefined;
  /** The cursor this page was opened with (so "first page" can be offered). */
  cursor: string | undefined;
  role: string;
  /** After a refused "Scan now": the ref as typed and the contract's message, shown by the button. */
  scanForm?: { ref: string; error: string };
}

export const isVerdict = (v: string | undefined): v is (typeof VERDICTS)[number] => (VERDICTS as readonly string[]).includes(v ?? "");

export async function loadHistory(
  db: DB,
  account: Account,
  repoId: string,
  page: { after: string | null; cursor: string | undefined; verdict: string | undefined },
): Promise<Omit<HistoryPageData, "role">> {
  const repo = repoView(await findRepo(db, account.id, repoId), account.plan);
  const history = await scanHistory(db, account.id, repoId, { limit: 20, after: page.after, verdict: page.verdict });
  return { repo, scans: history.scans, nextCursor: history.next_cursor, verdict: page.verdict, cursor: page.cursor };
}

/** Seconds between reloads of a page showing a queued or running scan, for browsers without JS. */
export const REFRESH_SECONDS = 5;

export const hasActive = (scans: Pick<ScanStatusView, "status">[]): boolean => scans.some((s) => isActive(s.status));

// Live status: rows carrying data-live-scan are polled by app.js ("live scan status" section)
// through /scans/:id/status.json, and the page reloads when one changes; without JS the
// <noscript> meta refresh reloads it every REFRESH_SECONDS (so scripted pages don't reload twice).
export function liveNote(active: boolean, reloadHref: string): SafeHtml {
  return active
    ? html`<p class="live-note" role="status">A scan is in progress; this page updates itself. <a href="${reloadHref}">Reload now</a></p>`
    : html``;
}

function scanRow(s: ScanStatusView): SafeHtml {
  const live = isActive(s.status) ? html` data-live-scan="${s.id}" data-status="${s.status}"` : "";
  return html`<tr${live}>
  <th scope="row"><a href="/scans/${s.id}"><code>${s.id}</code></a></th>
  <td>${statusBadge(s.status)}</td>
  <td>${s.status === "complete" ? verdictBadge(s) : "—"}</td>
  <td><code>${s.ref}</code></td>
  <td>${s.commit_sha ? html`<code title="${s.commit_sha}">${s.commit_sha.slice(0, 12)}</code>` : "—"}</td>
  <td>${s.trigger}</td>
  <td>${when(s.created_at)}</td>
  <td>${duration(s.duration_ms)}</td>
  <td class="num">${s.total_advisories ?? "—"}</td>
  <td class="num">${s.reachable_count ?? "—"}</td>
</tr>`;
}

export function historyPage(data: HistoryPageData, csrf: SafeHtml): SafeHtml {
  const { repo, scanForm } = data;
  const self = `/repos/${repo.id}${query({ verdict: data.verdict, cursor: data.cursor })}`;
  return html`<p class="breadcrumb"><a href="/repos">Repositories</a> / ${repo.name}</p>
<h1>${repo.name}</h1>
<dl class="facts">
  <div><dt>Provider</dt><dd>${repo.provider}</dd></div>
  <div><dt>Default branch</dt><dd>${repo.default_branch ?? "—"}</dd></div>
  <div><dt>Connected</dt><dd>${when(repo.created_at)}</dd></div>
  <div><dt>Last scan</dt><dd>${when(repo.last_scan)}</dd></div>
</dl>
${
  canWrite(data.role)
    ? html`<form method="post" action="/repos/${repo.id}/scans" class="scan-form">${csrf}
  <label for="scan-ref">Branch, tag or commit</label>
  <input id="scan-ref" name="ref" type="text" placeholder="${repo.default_branch ?? "main"}" value="${scanForm?.ref ?? ""}" autocomplete="off"${describedBy("scan", scanForm?.error)}>
  <button type="submit">Scan now</button>
  ${fieldError("scan", scanForm?.error)}
</form>`
    : ""
}
<h2>Scan history</h2>
<form method="get" action="/repos/${repo.id}" class="filters">
  <label for="verdict-filter">Verdict</label>
  <select id="verdict-filter" name="verdict">
    <option value="">Any</option>
    ${VERDICTS.map((v) => html`<option value="${v}"${v === data.verdict ? html` selected` : ""}>${v}</option>`)}
  </select>
  <button type="submit">Filter</button>
</form>
${liveNote(hasActive(data.scans), self)}
${
  data.scans.length === 0
    ? html`<p class="empty-state">${data.verdict ? `No scan with the verdict ${data.verdict}.` : "No scans yet."}${canWrite(data.role) && !data.verdict ? " Press Scan now to run the first one." : ""}</p>`
    : html`<div class="table-wrap"><table class="scans">
  <caption>Scans of ${repo.name}, newest first${data.verdict ? `, verdict ${data.verdict}` : ""}</caption>
  <thead><tr><th scope="col">Scan</th><th scope="col">Status</th><th scope="col">Verdict</th><th scope="col">Ref</th><th scope="col">Commit</th><th scope="col">Trigger</th><th scope="col">Started</th><th scope="col">Duration</th><th scope="col">Advisories</th><th scope="col">Reachable</th></tr></thead>
  <tbody>${data.scans.map(scanRow)}</tbody>
</table></div>`
}
<nav class="pager" aria-label="Pages">
  ${data.cursor ? html`<a href="/repos/${repo.id}${query({ verdict: data.verdict })}">First page</a>` : ""}
  ${data.nextCursor ? html`<a href="/repos/${repo.id}${query({ verdict: data.verdict, cursor: data.nextCursor })}">Older scans</a>` : ""}
</nav>`;
}
