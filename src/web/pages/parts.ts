// Small pieces the repository, scan and advisory pages share: badges, timestamps, durations,
// role rules. Plain data in, SafeHtml out; every value passes through the escaping template.
import { roleAtLeast } from "../../accounts/users.ts";
import { html, type SafeHtml } from "../html.ts";

/** Viewers read; members also connect repositories and start scans; admins do everything. */
export const canWrite = (role: string): boolean => roleAtLeast(role, "member");

const VERDICT_TEXT: Record<string, string> = { pass: "Pass", warning: "Warning", block: "Block" };

/** A verdict when the scan is complete, otherwise its status (queued, running, failed, canceled). */
export function verdictBadge(scan: { status: string; verdict: string | null } | null): SafeHtml {
  if (!scan) return html`<span class="badge badge-none">Never scanned</span>`;
  if (scan.status === "complete" && scan.verdict) {
    return html`<span class="badge badge-${scan.verdict}">${VERDICT_TEXT[scan.verdict] ?? scan.verdict}</span>`;
  }
  return statusBadge(scan.status);
}

export function statusBadge(status: string): SafeHtml {
  return html`<span class="badge badge-status-${status}" data-live-status="${status}">${status}</span>`;
}

export function severityBadge(severity: string): SafeHtml {
  return html`<span class="badge badge-sev-${severity}">${severity}</span>`;
}

/** Stored timestamps are the contract's UTC text form; shown as "2026-11-23 09:00 UTC". */
export function when(ts: string | null): SafeHtml {
  if (!ts) return html`<span class="muted">—</span>`;
  return html`<time datetime="${ts}">${ts.replace("T", " ").replace(/:\d\dZ$/, "")} UTC</time>`;
}

export function duration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export const isActive = (status: string): boolean => status === "queued" || status === "running";

/** A field's error message under its input, tied to it by aria-describedby. */
export function fieldError(id: string, message: string | undefined): SafeHtml {
  return message ? html`<p class="field-error" id="${id}-error" role="alert">${message}</p>` : html``;
}

export const describedBy = (id: string, message: string | undefined): SafeHtml =>
  message ? html` aria-describedby="${id}-error" aria-invalid="true"` : html``;

/** A query string from set values only (undefined and "" dropped), with the leading "?". */
export function query(params: Record<string, string | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}
