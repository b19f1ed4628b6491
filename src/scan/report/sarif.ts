// SARIF 2.1.0 export of a scan's findings (`GET /v1/scans/:id/findings?format=sarif`,
// `reachd scan PATH --format sarif`). A pure function of (scan, findings); findings are rendered
// in the order given (callers pass them sorted with compareFindings), and the run's timestamp is
// scan.completed_at, so the same scan always renders the same log.
//
// Shape:
//   { $schema, version: "2.1.0", runs: [{
//       tool.driver: { name: "reachd", version, rules: [one per advisory_id, first-seen order:
//         { id: advisory_id, shortDescription.text: summary, fullDescription.text, help.text,
//           defaultConfiguration.level, properties: { "security-severity": "<cvss>" (only when
//           the score is known), tags: ["security", "vulnerability", "dependency", <ecosystem>],
//           severity, cve_id, aliases } }] }   (no helpUri: reachd runs air-gapped)
//       invocations: [{ executionSuccessful: true, endTimeUtc: completed_at }],
//       automationDetails.id: "reachd/<scan id>" (category "reachd"),
//       properties: { scan_id, repository, ref, commit_sha },
//       results: [one per finding:
//         { ruleId, ruleIndex, kind: "fail",
//           level: error (reachable critical/high) | warning (reachable medium/low/unknown
//                  severity) | note (not reachable: levels none and unknown),
//           message.text: "pkg@version is affected by <advisory>: <summary>. Fix: …. Reachability: …",
//           locations: reachable → the first call site "file:line" of call_path (its second segment)
//                      as physicalLocation { artifactLocation { uri (relative, percent-encoded),
//                      uriBaseId "%SRCROOT%" }, region.startLine }; when the path has no call site,
//                      the entry's file; not reachable → the dependency as a logicalLocation
//                      { name, fullyQualifiedName "pkg@version", kind "module" } (the lockfile is
//                      not known here),
//           codeFlows: reachable only, one per call path, one threadFlow each, whose locations are
//                      every segment of the path in order: the entry (file), each "file:line"
//                      call site (file + startLine), then the vulnerable package/symbol (logical),
//           partialFingerprints: { "reachdFinding/v1": sha256 hex of advisory_id, ecosystem,
//                      package, version } (stable across runs and across code edits),
//           properties: { finding_id, package, version, ecosystem, fix_version, reachability,
//                      reachability_score, risk, symbols, reason, call_paths } }] }] }
// All human-readable text is passed through cleanText (no escape sequences or control characters).
import { createHash } from "node:crypto";
import { riskOf, type FindingView } from "./finding.ts";
import { cleanText, parseCallPath, reportTimestamp, type PathStep, type ReportScan } from "./summary.ts";

export type { ReportScan } from "./summary.ts";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
export const FINGERPRINT_KEY = "reachdFinding/v1";

export type SarifLevel = "error" | "warning" | "note";

/** error for reachable critical/high, warning for reachable medium/low (and unknown severity), note when not reachable. */
export function sarifLevel(f: Pick<FindingView, "reachable" | "severity">): SarifLevel {
  if (!f.reachable) return "note";
  return f.severity === "critical" || f.severity === "high" ? "error" : "warning";
}

/** The stable identity of a finding across scans: the same advisory on the same installed package. */
export function findingFingerprint(f: Pick<FindingView, "advisory_id" | "ecosystem" | "package" | "version">): string {
  return createHash("sha256")
    .update([f.advisory_id, f.ecosystem, f.package, f.version].join("\u0000"))
    .digest("hex");
}

/**
 * A checkout-relative "/"-separated path as a relative URI reference: each segment percent-encoded
 * except the sub-delimiters and "@" that RFC 3986 allows in a path (":" stays encoded so the first
 * segment cannot read as a scheme).
 */
export function relativeUri(file: string): string {
  return file
    .replace(/^\.\//, "")
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .map((s) => encodeURIComponent(s).replace(/%(40|24|26|2B|2C|3B|3D)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .join("/");
}

function physical(file: string, line: number | null): Record<string, unknown> {
  return {
    artifactLocation: { uri: relativeUri(file), uriBaseId: "%SRCROOT%" },
    ...(line !== null ? { region: { startLine: line } } : {}),
  };
}

function dependencyLocation(f: FindingView): Record<string, unknown> {
  return {
    logicalLocations: [{ name: cleanText(f.package), fullyQualifiedName: cleanText(`${f.package}@${f.version}`), kind: "module" }],
  };
}

/** The result's location: the first call site of the first call path, else its entry file, else the dependency. */
function primaryLocation(f: FindingView): Record<string, unknown> {
  if (f.call_path !== null) {
    const steps = parseCallPath(f.call_path);
    const site = steps.find((s) => s.kind === "site");
    if (site?.kind === "site") return { physicalLocation: physical(site.file, site.line) };
    const entry = steps[0];
    if (entry?.kind === "entry") return { physicalLocation: physical(entry.file, entry.line) };
  }
  return dependencyLocation(f);
}

function threadFlowLocation(step: PathStep): Record<string, unknown> {
  switch (step.kind) {
    case "entry":
      return {
        location: {
          physicalLocation: physical(step.file, step.line),
          message: { text: `entry point ${cleanText(step.text)}` },
        },
      };
    case "site":
      return {
        location: { physicalLocation: physical(step.file, step.line), message: { text: `call at ${cleanText(step.text)}` } },
      };
    case "target":
      return {
        location: {
          logicalLocations: [{ fullyQualifiedName: cleanText(step.text), kind: "function" }],
          message: { text: `reaches ${cleanText(step.text)}` },
        },
      };
  }
}

function codeFlows(f: FindingView): Record<string, unknown>[] {
  return f.call_paths.map((p, i) => ({
    message: { text: `call path ${i + 1} of ${f.call_paths.length}` },
    threadFlows: [{ locations: parseCallPath(p).map(threadFlowLocation) }],
  }));
}

function advisoryLabel(f: FindingView): string {
  return f.cve_id !== null && f.cve_id !== f.advisory_id ? `${f.cve_id} (${f.advisory_id})` : f.advisory_id;
}

/** One sentence each: what, fix, reachability and the call path. */
export function resultMessage(f: FindingView): string {
  const summary = cleanText(f.summary);
  const head = `${f.package}@${f.version} is affected by ${advisoryLabel(f)}${summary !== "" ? `: ${summary}` : ""}`;
  const fix = f.fix_version !== null ? `Fixed in ${f.fix_version}.` : "No fixed version is known.";
  const reason = f.reachability.reason !== null && cleanText(f.reachability.reason) !== "" ? ` (${f.reachability.reason})` : "";
  let reach: string;
  if (f.reachable && f.call_path !== null) {
    const more = f.call_paths.length > 1 ? ` (+${f.call_paths.length - 1} more)` : "";
    reach = `Reachability: ${f.reachability.level}${reason}. Call path: ${f.call_path}${more}.`;
  } else if (f.reachability.level === "none") {
    reach = `Reachability: none${reason}. No call path from an entry point reaches the vulnerable code.`;
  } else {
    reach = `Reachability: ${f.reachability.level}${reason}. Whether the vulnerable code is reached could not be decided.`;
  }
  return cleanText(`${head.replace(/\.$/, "")}. ${fix} ${reach}`);
}

function ruleLevel(f: FindingView): SarifLevel {
  return f.severity === "critical" || f.severity === "high" ? "error" : "warning";
}

function rule(f: FindingView): Record<string, unknown> {
  const summary = cleanText(f.summary) || f.advisory_id;
  const ids = [f.advisory_id, ...(f.cve_id !== null ? [f.cve_id] : []), ...f.aliases];
  const uniqueIds = [...new Set(ids.map(cleanText))];
  return {
    id: f.advisory_id,
    shortDescription: { text: summary },
    fullDescription: { text: `${summary} (${uniqueIds.join(", ")})` },
    help: {
      text: `${cleanText(f.package)} (${f.ecosystem}) has a known vulnerability, ${uniqueIds.join(", ")}. Upgrade to a fixed version; reachd reports whether your code reaches the vulnerable functions.`,
    },
    defaultConfiguration: { level: ruleLevel(f) },
    properties: {
      ...(f.cvss_score !== null ? { "security-severity": f.cvss_score.toFixed(1) } : {}),
      tags: ["security", "vulnerability", "dependency", f.ecosystem.toLowerCase()],
      severity: f.severity,
      cve_id: f.cve_id,
      aliases: f.aliases,
    },
  };
}

export function toSarif(scan: ReportScan, findings: FindingView[]): object {
  const rules: Record<string, unknown>[] = [];
  const ruleIndex = new Map<string, number>();
  const results = findings.map((f) => {
    let index = ruleIndex.get(f.advisory_id);
    if (index === undefined) {
      index = rules.length;
      ruleIndex.set(f.advisory_id, index);
      rules.push(rule(f));
    }
    return {
      ruleId: f.advisory_id,
      ruleIndex: index,
      kind: "fail",
      level: sarifLevel(f),
      message: { text: resultMessage(f) },
      locations: [primaryLocation(f)],
      ...(f.reachable && f.call_paths.length > 0 ? { codeFlows: codeFlows(f) } : {}),
      partialFingerprints: { [FINGERPRINT_KEY]: findingFingerprint(f) },
      properties: {
        finding_id: f.id,
        package: f.package,
        version: f.version,
        ecosystem: f.ecosystem,
        fix_version: f.fix_version,
        reachability: f.reachability.level,
        reachability_score: f.reachability.score,
        risk: riskOf(f),
        symbols: f.reachability.symbols.map(cleanText),
        reason: f.reachability.reason === null ? null : cleanText(f.reachability.reason),
        call_paths: f.call_paths.map(cleanText),
      },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "reachd", version: scan.tool_version, ...semver(scan.tool_version), rules } },
        invocations: [{ executionSuccessful: true, ...(scan.completed_at !== null ? { endTimeUtc: reportTimestamp(scan) } : {}) }],
        automationDetails: { id: `reachd/${scan.id}` },
        properties: { scan_id: scan.id, repository: scan.repo_name, ref: scan.ref, commit_sha: scan.commit_sha },
        results,
      },
    ],
  };
}

/** `semanticVersion` only when the version is one. */
function semver(v: string): { semanticVersion?: string } {
  return /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/.test(v) ? { semanticVersion: v } : {};
}
