// What the export renderers (sarif.ts, vex.ts, table.ts) need to know about the scan beside its
// findings, plus the small text helpers they share. Pure functions, no I/O.
import { isoNow } from "../../time.ts";

/** The scan a report is rendered for. */
export interface ReportScan {
  id: string;
  /** "owner/name" as connected. */
  repo_name: string;
  ref: string;
  commit_sha: string | null;
  /** Contract timestamp form; the exports take their timestamps from here so output is reproducible. */
  completed_at: string | null;
  /** reachd's own version (`tool.driver.version`, VEX tooling). */
  tool_version: string;
}

/** The document timestamp: the scan's completion time, or now for a scan that has none yet. */
export function reportTimestamp(scan: ReportScan): string {
  return scan.completed_at ?? isoNow();
}

// Terminal escape sequences: CSI (ESC [ … final, or the 8-bit 0x9B form), OSC/DCS/APC/PM/SOS strings
// (ESC ] … BEL|ST, and their 8-bit forms), then any other two-byte ESC sequence.
const CSI = /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?/g;
const STRING_SEQ = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
const ESC_OTHER = /\u001b[ -~]?/g;
// Line breaks and tabs become a space (one record per line stays one line).
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// Remaining C0/C1 controls and DEL, and the bidirectional overrides/isolates that can make text
// display differently from what it is ("Trojan Source").
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from advisories, lockfiles and the checkout is attacker-controlled. Before it is shown to a
 * person it loses every terminal escape sequence and control character; line breaks and tabs turn
 * into spaces. Markup such as `<script>` is left as it is: it is inert in a terminal and in JSON, and
 * escaping it is the job of whoever renders it as HTML.
 */
export function cleanText(text: string): string {
  return text
    .replace(STRING_SEQ, "")
    .replace(CSI, "")
    .replace(ESC_OTHER, "")
    .replace(BREAKS, " ")
    .replace(CONTROLS, "")
    .trim();
}

/** The contract's call path separator. */
export const PATH_SEPARATOR = " -> ";

export type PathStep =
  /** The entry point: "src/server.js:main" → file + symbol (or a line, if one is given). */
  | { kind: "entry"; text: string; file: string; line: number | null; symbol: string | null }
  /** A call site "src/routes/report.js:42". */
  | { kind: "site"; text: string; file: string; line: number }
  /** The vulnerable package or symbol ("lodash.template"), or a segment that names no file. */
  | { kind: "target"; text: string };

/** Splits `entry -> file:line -> … -> package[.symbol]` into its steps. */
export function parseCallPath(callPath: string): PathStep[] {
  const segments = callPath.split(PATH_SEPARATOR).map((s) => s.trim());
  return segments.map((text, i): PathStep => {
    const last = i === segments.length - 1 && segments.length > 1;
    const colon = text.lastIndexOf(":");
    if (last || colon <= 0 || colon === text.length - 1) return { kind: "target", text };
    const file = text.slice(0, colon);
    const rest = text.slice(colon + 1);
    const line = /^\d+$/.test(rest) ? Number(rest) : null;
    if (i === 0) return { kind: "entry", text, file, line: line !== null && line > 0 ? line : null, symbol: line === null ? rest : null };
    if (line !== null && line > 0) return { kind: "site", text, file, line };
    return { kind: "target", text };
  });
}

/** "1 finding" / "2 findings". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
