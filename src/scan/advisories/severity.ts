// Severity of an advisory: the CVSS base score computed from the vector (v3.x preferred, as its
// rating scale is the one the labels follow, then v4.0, then v2), labelled by the CVSS v3 scale;
// without a usable vector, GitHub's label from database_specific.severity; else "unknown".
import { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } from "ae-cvss-calculator";
import type { Severity } from "../model.ts";

export interface SeverityInfo {
  label: Severity;
  score: number | null;
  vector: string | null;
}

export interface SeverityEntry {
  type: string;
  score: string;
}

const PREFERENCE = ["CVSS_V3", "CVSS_V4", "CVSS_V2"];

export function resolveSeverity(entries: SeverityEntry[], databaseLabel: string | null): SeverityInfo {
  const ordered = [...entries].sort((a, b) => rank(a.type) - rank(b.type));
  for (const entry of ordered) {
    const score = cvssBaseScore(entry.score);
    if (score !== null && score > 0) return { label: labelForScore(score), score, vector: entry.score };
  }
  return { label: labelFromDatabase(databaseLabel), score: null, vector: null };
}

function rank(type: string): number {
  const i = PREFERENCE.indexOf(type);
  return i < 0 ? PREFERENCE.length : i;
}

/** Base score of a CVSS vector string, or null when it is not a complete, known vector. */
export function cvssBaseScore(vector: string): number | null {
  if (typeof vector !== "string" || vector.length > 512) return null;
  try {
    const calc = vector.startsWith("CVSS:3.1/")
      ? new Cvss3P1(vector)
      : vector.startsWith("CVSS:3.0/")
        ? new Cvss3P0(vector)
        : vector.startsWith("CVSS:4.0/")
          ? new Cvss4P0(vector)
          : /^\(?AV:[LAN]\/AC:[HML]\/Au:[MSN]\//.test(vector)
            ? new Cvss2(vector.replace(/^\((.*)\)$/, "$1"))
            : null;
    if (!calc || !calc.isBaseFullyDefined()) return null;
    const base = calc.calculateScores().base;
    return typeof base === "number" && Number.isFinite(base) ? base : null;
  } catch {
    return null; // the calculator throws on malformed components
  }
}

export function labelForScore(score: number): Severity {
  if (score >= 9) return "critical";
  if (score >= 7) return "high";
  if (score >= 4) return "medium";
  if (score > 0) return "low";
  return "unknown";
}

function labelFromDatabase(label: string | null): Severity {
  switch (label?.toUpperCase()) {
    case "CRITICAL":
      return "critical";
    case "HIGH":
      return "high";
    case "MODERATE":
    case "MEDIUM":
      return "medium";
    case "LOW":
      return "low";
    default:
      return "unknown";
  }
}
