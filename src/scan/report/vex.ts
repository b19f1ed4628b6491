// VEX exports of a scan's findings: OpenVEX v0.2.0 and CycloneDX 1.5 (JSON) VEX, plus the purl
// helper both use. Pure functions of (scan, findings); findings are rendered in the order given
// (callers pass them sorted with compareFindings). Timestamps come from scan.completed_at, so the
// same scan always renders the same document. No outside links: the product runs air-gapped.
//
// Status per reachability level (contract, Findings):
//   level              OpenVEX status                              CycloneDX analysis.state
//   function|package|  affected + action_statement (fix_version     exploitable + response ["update"]
//   transitive           or "no fixed version is known")             when a fix is known
//   none               not_affected, justification                 not_affected, justification
//                        vulnerable_code_not_in_execute_path          code_not_reachable
//                        + impact_statement (the analysis)
//   unknown            under_investigation + status_notes (reason) in_triage + detail (reason)
//
// OpenVEX document:
//   { "@context": "https://openvex.dev/ns/v0.2.0", "@id": "urn:reachd:openvex:<scan id>",
//     author: "reachd", role: "tool", timestamp, version: 1, tooling: "reachd <version>",
//     statements: [{ vulnerability: { name: cve_id ?? advisory_id, description, aliases },
//                    products: [{ "@id": purl, identifiers: { purl } }],
//                    status, justification?, impact_statement?, action_statement?, status_notes? }] }
//
// CycloneDX document:
//   { bomFormat: "CycloneDX", specVersion: "1.5", serialNumber: "urn:uuid:<v5 uuid of scan id>",
//     version: 1, metadata: { timestamp, tools: { components: [reachd] }, component: <the repository> },
//     components: [{ type: "library", "bom-ref": purl, group?, name, version, purl }] (one per purl),
//     vulnerabilities: [{ "bom-ref": finding id, id, source: { name }, references: [other ids],
//                         ratings: [{ severity, score?, method: "CVSSv31"? }], description,
//                         recommendation, analysis: { state, justification?, response?, detail },
//                         affects: [{ ref: purl }], properties: [reachd:* name/value pairs] }] }
import { createHash } from "node:crypto";
import type { Ecosystem } from "../model.ts";
import type { FindingView } from "./finding.ts";
import { cleanText, reportTimestamp, type ReportScan } from "./summary.ts";

export type { ReportScan } from "./summary.ts";

// ---------------------------------------------------------------------------------------------
// purl

/** Percent-encodes one purl component (the purl spec leaves ':' as it is). */
function encodeComponent(s: string): string {
  return encodeURIComponent(s).replace(/%3A/gi, ":");
}

/** PEP 503 normal form: lower case, runs of "-", "_" and "." become one "-". */
export function normalizePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/**
 * Package URL of a dependency, per the purl spec's npm and pypi types:
 *   npm  `@Scope/Name` → `pkg:npm/%40scope/name@1.2.3` (scope and name lower-cased, "@" encoded)
 *   PyPI `Foo_Bar.baz` → `pkg:pypi/foo-bar-baz@2.0` (PEP 503 normalised)
 * Every component is percent-encoded, so a hostile name cannot add segments, qualifiers or a subpath.
 */
export function purl(ecosystem: Ecosystem, name: string, version: string): string {
  const v = `@${encodeComponent(version)}`;
  if (ecosystem === "PyPI") return `pkg:pypi/${encodeComponent(normalizePypiName(name))}${v}`;
  const lower = name.toLowerCase();
  const slash = lower.indexOf("/");
  if (lower.startsWith("@") && slash > 1) {
    return `pkg:npm/${encodeComponent(lower.slice(0, slash))}/${encodeComponent(lower.slice(slash + 1))}${v}`;
  }
  return `pkg:npm/${encodeComponent(lower)}${v}`;
}

function findingPurl(f: FindingView): string {
  return purl(f.ecosystem, f.package, f.version);
}

// ---------------------------------------------------------------------------------------------
// shared wording

type VexStatus = "affected" | "not_affected" | "under_investigation";

function vexStatus(f: FindingView): VexStatus {
  if (f.reachable) return "affected";
  return f.reachability.level === "none" ? "not_affected" : "under_investigation";
}

function pkgAt(f: FindingView): string {
  return cleanText(`${f.package}@${f.version}`);
}

/** What to do about a reachable finding. */
function actionText(f: FindingView): string {
  return f.fix_version !== null
    ? `Upgrade ${cleanText(f.package)} to ${cleanText(f.fix_version)} or later.`
    : `No fixed version is known; remove ${cleanText(f.package)} or keep the vulnerable code out of the call path.`;
}

function targetText(f: FindingView): string {
  const symbols = f.reachability.symbols.map(cleanText).filter((s) => s !== "");
  return symbols.length > 0 ? symbols.join(", ") : cleanText(f.package);
}

function withReason(text: string, reason: string | null): string {
  const r = reason === null ? "" : cleanText(reason);
  return r === "" ? text : `${text} (${r})`;
}

/** The reachability analysis in one sentence, for statements and analysis details. */
function analysisText(f: FindingView): string {
  const level = f.reachability.level;
  if (f.reachable) {
    const path = f.call_path === null ? "" : `: ${cleanText(f.call_path)}`;
    const more = f.call_paths.length > 1 ? ` (${f.call_paths.length} call paths found)` : "";
    return withReason(`reachd reachability analysis (level ${level}) found a call path from an entry point to ${targetText(f)}${path}${more}`, f.reachability.reason) + ".";
  }
  const code = f.reachability.symbols.length > 0 ? targetText(f) : `the vulnerable code of ${cleanText(f.package)}`;
  if (level === "none") {
    return withReason(`reachd call-graph reachability analysis found no call path from any entry point to ${code}`, f.reachability.reason) + ".";
  }
  return withReason(`reachd could not decide whether ${code} is reachable from an entry point`, f.reachability.reason) + ".";
}

/** The other identifiers of the advisory: advisory id and aliases, without `name`, deduplicated. */
function otherIds(f: FindingView, name: string): string[] {
  const seen = new Set<string>([name]);
  const out: string[] = [];
  for (const id of [f.advisory_id, f.cve_id, ...f.aliases]) {
    if (id === null || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

function vulnName(f: FindingView): string {
  return f.cve_id ?? f.advisory_id;
}

// ---------------------------------------------------------------------------------------------
// OpenVEX v0.2.0

export const OPENVEX_CONTEXT = "https://openvex.dev/ns/v0.2.0";

export function toOpenVex(scan: ReportScan, findings: FindingView[]): object {
  const statements = findings.map((f) => {
    const name = vulnName(f);
    const description = cleanText(f.summary);
    const status = vexStatus(f);
    const p = findingPurl(f);
    const statement: Record<string, unknown> = {
      vulnerability: { name, ...(description !== "" ? { description } : {}), aliases: otherIds(f, name) },
      products: [{ "@id": p, identifiers: { purl: p } }],
      status,
    };
    if (status === "affected") {
      statement.action_statement = actionText(f);
      statement.status_notes = analysisText(f);
    } else if (status === "not_affected") {
      statement.justification = "vulnerable_code_not_in_execute_path";
      statement.impact_statement = analysisText(f);
    } else {
      statement.status_notes = analysisText(f);
    }
    return statement;
  });
  return {
    "@context": OPENVEX_CONTEXT,
    "@id": `urn:reachd:openvex:${encodeURIComponent(scan.id)}`,
    author: "reachd",
    role: "tool",
    timestamp: reportTimestamp(scan),
    version: 1,
    tooling: `reachd ${scan.tool_version}`,
    statements,
  };
}

// ---------------------------------------------------------------------------------------------
// CycloneDX 1.5 VEX

/** Namespace of reachd's name-based (v5) UUIDs. */
const UUID_NAMESPACE = "1d587fd2-86f4-475b-b1f6-8eaadaab039e";

/** RFC 4122 version 5 UUID of `name` in reachd's namespace: the same scan id, the same serial number. */
export function uuidV5(name: string, namespace: string = UUID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex");
  const bytes = createHash("sha1").update(ns).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Who published an advisory id, by its prefix. */
export function advisorySource(id: string): string {
  if (/^CVE-/i.test(id)) return "NVD";
  if (/^GHSA-/i.test(id)) return "GitHub";
  if (/^PYSEC-/i.test(id)) return "PyPA";
  return "OSV";
}

type CdxState = "exploitable" | "not_affected" | "in_triage";

const CDX_STATE: Record<VexStatus, CdxState> = {
  affected: "exploitable",
  not_affected: "not_affected",
  under_investigation: "in_triage",
};

function cdxComponent(f: FindingView, ref: string): Record<string, unknown> {
  const scoped = f.ecosystem === "npm" && f.package.startsWith("@") && f.package.indexOf("/") > 1;
  const slash = f.package.indexOf("/");
  return {
    type: "library",
    "bom-ref": ref,
    ...(scoped ? { group: f.package.slice(0, slash), name: f.package.slice(slash + 1) } : { name: f.package }),
    version: f.version,
    purl: ref,
  };
}

export function toCycloneDx(scan: ReportScan, findings: FindingView[]): object {
  const components = new Map<string, Record<string, unknown>>();
  const vulnerabilities = findings.map((f) => {
    const ref = findingPurl(f);
    if (!components.has(ref)) components.set(ref, cdxComponent(f, ref));
    const id = vulnName(f);
    const state = CDX_STATE[vexStatus(f)];
    const description = cleanText(f.summary);
    const analysis: Record<string, unknown> = { state };
    if (state === "not_affected") analysis.justification = "code_not_reachable";
    if (state === "exploitable" && f.fix_version !== null) analysis.response = ["update"];
    analysis.detail = analysisText(f);
    const properties = [
      { name: "reachd:advisory_id", value: f.advisory_id },
      { name: "reachd:reachability", value: f.reachability.level },
      { name: "reachd:reachability_score", value: String(f.reachability.score) },
      ...f.call_paths.map((p) => ({ name: "reachd:call_path", value: cleanText(p) })),
    ];
    return {
      "bom-ref": f.id,
      id,
      source: { name: advisorySource(id) },
      references: otherIds(f, id).map((other) => ({ id: other, source: { name: advisorySource(other) } })),
      ratings: [
        f.cvss_score !== null
          ? { severity: f.severity, score: f.cvss_score, method: "CVSSv31" }
          : { severity: f.severity },
      ],
      ...(description !== "" ? { description } : {}),
      recommendation: f.reachable || f.fix_version !== null ? actionText(f) : "No fixed version is known.",
      analysis,
      affects: [{ ref }],
      properties,
    };
  });
  return {
    bomFormat: "CycloneDX",
    specVersion: "1.5",
    serialNumber: `urn:uuid:${uuidV5(`scan:${scan.id}`)}`,
    version: 1,
    metadata: {
      timestamp: reportTimestamp(scan),
      tools: { components: [{ type: "application", name: "reachd", version: scan.tool_version }] },
      component: {
        type: "application",
        "bom-ref": `reachd:repository:${scan.repo_name}`,
        name: scan.repo_name,
        version: scan.commit_sha ?? scan.ref,
        properties: [
          { name: "reachd:scan_id", value: scan.id },
          { name: "reachd:ref", value: scan.ref },
          ...(scan.commit_sha !== null ? [{ name: "reachd:commit_sha", value: scan.commit_sha }] : []),
        ],
      },
    },
    components: [...components.values()],
    vulnerabilities,
  };
}
