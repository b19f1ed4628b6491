// Plain-text table for `reachd scan PATH --format table`. Findings are listed in the order given
// (callers pass them sorted with compareFindings):
//
//   SEVERITY  ADVISORY        PACKAGE@VERSION  FIX      REACH
//   critical  CVE-2021-23337  lodash@4.17.20   4.17.21  function
//     path: src/server.js:main -> src/routes/report.js:42 -> lodash.template (+1 more)
//   medium    GHSA-xxxx-…     yaml@5.3         -        unknown
//     reason: dynamic import in src/load.py
//
//   2 findings, 1 reachable
//
// ADVISORY is cve_id, else advisory_id; FIX is "-" when no fixed version is known. A reachable
// finding gets a `path:` line with its first call path, an `unknown` one a `reason:` line.
// Every cell comes from advisories, lockfiles or file names, so it all goes through cleanText: a
// hostile advisory or file name cannot move the cursor, recolour or retitle the terminal.
// ANSI colour only when asked ({ color: true }); columns are aligned by display width.
import type { FindingView } from "./finding.ts";
import { cleanText, plural } from "./summary.ts";

export interface TableOptions {
  color?: boolean;
}

const HEADERS = ["SEVERITY", "ADVISORY", "PACKAGE@VERSION", "FIX", "REACH"] as const;
const GAP = "  ";

const RESET = "\u001b[0m";
const SEVERITY_COLOR: Record<string, string> = {
  critical: "\u001b[1;31m",
  high: "\u001b[31m",
  medium: "\u001b[33m",
  low: "\u001b[36m",
  unknown: "\u001b[2m",
};
const REACH_COLOR: Record<string, string> = {
  function: "\u001b[1;31m",
  package: "\u001b[31m",
  transitive: "\u001b[31m",
  unknown: "\u001b[33m",
  none: "\u001b[2m",
};
const DIM = "\u001b[2m";
const BOLD = "\u001b[1m";

function width(s: string): number {
  return Bun.stringWidth(s);
}

function paint(s: string, code: string | undefined, color: boolean): string {
  return color && code !== undefined && s !== "" ? `${code}${s}${RESET}` : s;
}

export function renderTable(findings: FindingView[], opts: TableOptions = {}): string {
  const color = opts.color === true;
  const reachable = findings.filter((f) => f.reachable).length;
  const summary = `${plural(findings.length, "finding")}, ${reachable} reachable`;
  if (findings.length === 0) return `${summary}\n`;

  const rows = findings.map((f) => [
    cleanText(f.severity),
    cleanText(f.cve_id ?? f.advisory_id),
    cleanText(`${f.package}@${f.version}`),
    f.fix_version === null ? "-" : cleanText(f.fix_version) || "-",
    cleanText(f.reachability.level),
  ]);
  const widths = HEADERS.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ""))));
  const line = (cells: string[], colors: (string | undefined)[]): string =>
    cells
      .map((c, i) => {
        const last = i === cells.length - 1;
        const text = paint(c, colors[i], color);
        return last ? text : text + " ".repeat(Math.max(0, (widths[i] ?? 0) - width(c)));
      })
      .join(GAP);

  const out: string[] = [line([...HEADERS], HEADERS.map(() => BOLD))];
  findings.forEach((f, n) => {
    const row = rows[n] ?? [];
    out.push(line(row, [SEVERITY_COLOR[f.severity], undefined, undefined, undefined, REACH_COLOR[f.reachability.level]]));
    if (f.reachable && f.call_path !== null) {
      const more = f.call_paths.length > 1 ? ` (+${f.call_paths.length - 1} more)` : "";
      out.push(`  ${paint(`path: ${cleanText(f.call_path)}${more}`, DIM, color)}`);
    } else if (f.reachability.level === "unknown" && f.reachability.reason !== null) {
      const reason = cleanText(f.reachability.reason);
      if (reason !== "") out.push(`  ${paint(`reason: ${reason}`, DIM, color)}`);
    }
  });
  out.push("", summary);
  return out.map((l) => l.replace(/ +$/, "")).join("\n") + "\n";
}
