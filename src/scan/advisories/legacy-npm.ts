// The Node.js security working group's older npm advisory format (nodejs/security-wg
// vuln/npm/<n>.json, also served by the old npm advisory API): converted, record by record, into
// OSV JSON that then goes through the same validation as any OSV record. Detected by shape: a
// numeric `id`, a `module_name` and a `vulnerable_versions` string; the repository's index.json
// (an object of such records keyed by id) is expanded into its records.
//
// Ranges are npm semver range expressions, turned into intervals (each `||` alternative one),
// minus the patched intervals, each interval then one OSV range: its lower bound an `introduced`
// event, its upper bound `fixed`/`limit` (for `<v`) or `last_affected` (for `<=v`). `>v` becomes
// `introduced` at the least version above v (1.2.3 → 1.2.4-0; 1.0.0-rc → 1.0.0-rc.0), exact in
// semver precedence. Prereleases count as versions, as everywhere in reachd.
import { isoNow } from "../../time.ts";
import semver from "semver";
import { isObject } from "./util.ts";

export const LEGACY_ID_PREFIX = "NSWG-ECO-";
const MAX_RANGE = 1_000;

type Events = Record<string, string>[];

export function isLegacyNpmRecord(v: unknown): v is Record<string, unknown> {
  return isObject(v) && (typeof v.id === "number" || typeof v.id === "string") && typeof v.module_name === "string" && "vulnerable_versions" in v;
}

/** Legacy records in `value` (one record, or an index keyed by id), or null when it is not legacy. */
export function legacyRecordsIn(value: unknown): Record<string, unknown>[] | null {
  if (isLegacyNpmRecord(value)) return [value];
  if (!isObject(value) || "id" in value) return null;
  const items = Object.values(value);
  return items.length > 0 && items.every(isLegacyNpmRecord) ? items : null;
}

/** Thrown for a legacy record that cannot be converted; the message names the field. */
export class LegacyInvalid extends Error {}

export function legacyToOsv(r: Record<string, unknown>): Record<string, unknown> {
  const num = String(r.id);
  if (!/^\d{1,12}$/.test(num)) throw new LegacyInvalid("`id` is not a number");
  const vulnerable = r.vulnerable_versions;
  if (typeof vulnerable !== "string" || vulnerable.trim() === "" || vulnerable.length > MAX_RANGE) throw new LegacyInvalid("`vulnerable_versions` is missing or too long");
  const patched = typeof r.patched_versions === "string" && r.patched_versions.length <= MAX_RANGE ? r.patched_versions : null;
  const ranges = rangesOf(vulnerable, patched);
  if (ranges === null) throw new LegacyInvalid(`\`vulnerable_versions\` is not a semver range: ${vulnerable.slice(0, 100)}`);
  const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
  const cves = Array.isArray(r.cves) ? r.cves.filter((c): c is string => typeof c === "string") : [];
  const vector = text(r.cvss_vector);
  const score = typeof r.cvss_score === "number" ? r.cvss_score : null;
  return {
    id: `${LEGACY_ID_PREFIX}${num}`,
    modified: day(r.updated_at) ?? day(r.created_at) ?? day(r.publish_date) ?? "1970-01-01T00:00:00Z",
    published: day(r.publish_date) ?? undefined,
    aliases: cves,
    summary: text(r.title),
    details: [text(r.overview), text(r.recommendation)].filter(Boolean).join("\n\n"),
    severity: vector ? [{ type: vector.startsWith("CVSS:4.0/") ? "CVSS_V4" : vector.startsWith("CVSS:3") ? "CVSS_V3" : "CVSS_V2", score: vector }] : [],
    // Without a vector, the record's score still says how bad it is: as a label on the CVSS v3 scale.
    database_specific: { severity: score === null ? undefined : score >= 9 ? "CRITICAL" : score >= 7 ? "HIGH" : score >= 4 ? "MODERATE" : score > 0 ? "LOW" : undefined },
    affected: [{ package: { ecosystem: "npm", name: String(r.module_name).trim() }, ranges }],
  };
}

/** "2016-04-28" or a full timestamp → RFC 3339, or undefined. */
function day(v: unknown): string | undefined {
  if (typeof v !== "string" || v.length > 64) return undefined;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
  return Number.isNaN(t) ? undefined : isoNow(new Date(t));
}

function parseRange(expr: string): semver.Range | null {
  try {
    return new semver.Range(expr, { loose: true, includePrerelease: true });
  } catch {
    return null;
  }
}

/** The least version above v in semver precedence. */
function successor(v: semver.SemVer): string {
  return v.prerelease.length > 0 ? `${v.version}.0` : `${v.major}.${v.minor}.${v.patch + 1}-0`;
}

/** One end of an interval; null = unbounded. */
type Bound = { v: string; incl: boolean } | null;
interface Interval {
  lo: Bound;
  hi: Bound;
}

function nonEmpty(i: Interval): boolean {
  if (!i.lo || !i.hi) return true;
  const c = semver.compare(i.lo.v, i.hi.v);
  return c < 0 || (c === 0 && i.lo.incl && i.hi.incl);
}

function minHi(a: Bound, b: Bound): Bound {
  if (!a || !b) return a ?? b;
  const c = semver.compare(a.v, b.v);
  return c < 0 ? a : c > 0 ? b : { v: a.v, incl: a.incl && b.incl };
}

function maxLo(a: Bound, b: Bound): Bound {
  if (!a || !b) return a ?? b;
  const c = semver.compare(a.v, b.v);
  return c > 0 ? a : c < 0 ? b : { v: a.v, incl: a.incl && b.incl };
}

/** Each `||` alternative of a range as one interval (empty ones dropped). */
function intervalsOf(range: semver.Range): Interval[] {
  const out: Interval[] = [];
  for (const set of range.set) {
    let i: Interval = { lo: null, hi: null };
    for (const c of set) {
      if (c.value === "") continue; // `*`
      const v = c.semver.version;
      const op = c.operator;
      if (op === ">=" || op === ">" || op === "" || op === "=") i = { ...i, lo: maxLo(i.lo, { v, incl: op !== ">" }) };
      if (op === "<=" || op === "<" || op === "" || op === "=") i = { ...i, hi: minHi(i.hi, { v, incl: op !== "<" }) };
    }
    if (nonEmpty(i)) out.push(i);
  }
  return out;
}

/** a minus b: up to two intervals. */
function subtract(a: Interval, b: Interval): Interval[] {
  const parts: Interval[] = [];
  if (b.lo) parts.push({ lo: a.lo, hi: minHi(a.hi, { v: b.lo.v, incl: !b.lo.incl }) });
  if (b.hi) parts.push({ lo: maxLo(a.lo, { v: b.hi.v, incl: !b.hi.incl }), hi: a.hi });
  return parts.filter(nonEmpty);
}

function inside(v: string, i: Interval): boolean {
  const aboveLo = !i.lo || (i.lo.incl ? semver.gte(v, i.lo.v) : semver.gt(v, i.lo.v));
  const belowHi = !i.hi || (i.hi.incl ? semver.lte(v, i.hi.v) : semver.lt(v, i.hi.v));
  return aboveLo && belowHi;
}

/**
 * Affected = in `vulnerable_versions` and not in `patched_versions` (some records' vulnerable
 * ranges overlap their patched ones: "<2.0.18 || <3.0.16" with "^2.0.18 || ^3.0.16"). When patched
 * versions are known, they are the fixes: the interval ends as `limit` (not a fix: "2.0.x || 2.1.x"
 * ends 2.0.x at 2.1.0, which is vulnerable too) and every patched lower bound above it is `fixed`.
 */
function rangesOf(vulnerable: string, patched: string | null): { type: "SEMVER"; events: Events }[] | null {
  const range = parseRange(vulnerable);
  if (!range) return null;
  let intervals = intervalsOf(range);
  const patchedRange = patched ? parseRange(patched) : null;
  const fixes: string[] = [];
  if (patchedRange) {
    const cured = intervalsOf(patchedRange);
    for (const p of cured) intervals = intervals.flatMap((i) => subtract(i, p));
    for (const p of cured) if (p.lo) fixes.push(readableFix(p.lo.incl ? p.lo.v : successor(new semver.SemVer(p.lo.v))));
  }
  return intervals.map((i) => {
    const events: Events = [{ introduced: !i.lo ? "0" : i.lo.incl ? i.lo.v : successor(new semver.SemVer(i.lo.v)) }];
    if (i.hi) {
      if (i.hi.incl) events.push({ last_affected: i.hi.v });
      else if (fixes.length > 0) events.push({ limit: i.hi.v });
      else events.push({ fixed: readableFix(i.hi.v) });
    }
    const candidates = fixes.filter((f) => !inside(f, i) && (!i.lo || semver.gt(f, i.lo.v)));
    for (const f of [...new Set(candidates)].sort(semver.compare)) events.push({ fixed: f });
    return { type: "SEMVER" as const, events };
  });
}

/** x-ranges end at "<2.1.0-0" and start at ">=2.2.0-0": the fix reads as 2.1.0 / 2.2.0. */
function readableFix(v: string): string {
  const p = new semver.SemVer(v);
  return p.prerelease.length === 1 && p.prerelease[0] === 0 ? `${p.major}.${p.minor}.${p.patch}` : v;
}
