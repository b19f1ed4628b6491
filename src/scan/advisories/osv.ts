// The OSV schema as reachd reads it: one untrusted record in, one normalised record (what the
// store keeps and matching reads) or a per-record error out. Only npm and PyPI entries are kept;
// GIT ranges are dropped (commit ranges cannot be compared with installed versions; the pypa
// `versions` lists already enumerate what they cover). Text is truncated, counts are bounded.
import type { Ecosystem, Severity, VulnerableImport } from "../model.ts";
import { resolveSeverity, type SeverityEntry } from "./severity.ts";
import { vulnerableImports } from "./symbols.ts";
import { isObject, truncate } from "./util.ts";

export type EventKind = "introduced" | "fixed" | "last_affected" | "limit";
export interface RangeEvent {
  kind: EventKind;
  version: string;
}
export interface NormalisedRange {
  type: "ECOSYSTEM" | "SEMVER";
  events: RangeEvent[];
}
export interface NormalisedAffected {
  ecosystem: Ecosystem;
  name: string;
  ranges: NormalisedRange[];
  versions: string[];
  imports: VulnerableImport[];
}
export interface NormalisedAdvisory {
  id: string;
  aliases: string[];
  summary: string;
  details: string;
  modified: string;
  published: string | null;
  withdrawn: string | null;
  severity: { label: Severity; score: number | null; vector: string | null };
  /** GitHub's own label (CRITICAL/HIGH/MODERATE/LOW), kept as written. */
  databaseSeverity: string | null;
  affected: NormalisedAffected[];
  /** Reference URLs as plain text (the dashboard shows them, never as links); absent when none. */
  references?: string[];
}

export type ParseResult = { ok: true; record: NormalisedAdvisory } | { ok: false; id: string | null; error: string };

const LIMITS = { id: 200, alias: 200, aliases: 200, summary: 500, details: 8_000, affected: 10_000, ranges: 500, events: 2_000, versions: 20_000, version: 256, name: 500 };
const ECOSYSTEMS: Record<string, Ecosystem> = { npm: "npm", PyPI: "PyPI" };
const EVENT_KINDS: readonly EventKind[] = ["introduced", "fixed", "last_affected", "limit"];
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** A field that has the wrong type or breaks a bound; the message names the field. */
class Invalid extends Error {}

export function parseOsvRecord(raw: unknown): ParseResult {
  const id = isObject(raw) && typeof raw.id === "string" && raw.id.length <= LIMITS.id ? raw.id : null;
  try {
    if (!isObject(raw)) throw new Invalid("record is not a JSON object");
    return { ok: true, record: normalise(raw) };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, id, error: e.message };
    throw e;
  }
}

function normalise(raw: Record<string, unknown>): NormalisedAdvisory {
  const id = str(raw.id, "id", LIMITS.id);
  if (!id || !ID_RE.test(id)) throw new Invalid("`id` is missing or malformed");
  const modified = timestamp(raw.modified, "modified");
  if (!modified) throw new Invalid("`modified` is missing");
  const details = optionalStr(raw.details, "details") ?? "";
  const summary = optionalStr(raw.summary, "summary") ?? firstLine(details);
  const databaseSpecific = raw.database_specific;
  const dbSeverity = isObject(databaseSpecific) && typeof databaseSpecific.severity === "string" ? databaseSpecific.severity.slice(0, 32) : null;
  return {
    id,
    aliases: stringList(raw.aliases, "aliases", LIMITS.aliases, LIMITS.alias),
    summary: truncate(summary.trim(), LIMITS.summary),
    details: truncate(details, LIMITS.details),
    modified,
    published: timestamp(raw.published, "published"),
    withdrawn: timestamp(raw.withdrawn, "withdrawn"),
    severity: resolveSeverity(severityEntries(raw.severity), dbSeverity),
    databaseSeverity: dbSeverity,
    affected: affectedList(raw.affected),
    ...referenceList(raw.references),
  };
}

/** Lenient on purpose: a reference is decoration, so a malformed one is dropped, never fatal. */
function referenceList(value: unknown): { references?: string[] } {
  if (!Array.isArray(value)) return {};
  const urls = value
    .slice(0, 50)
    .map((r) => (isObject(r) && typeof r.url === "string" ? r.url.trim().slice(0, 500) : ""))
    .filter((u) => u.length > 0);
  return urls.length > 0 ? { references: urls } : {};
}

function affectedList(value: unknown): NormalisedAffected[] {
  const items = list(value, "affected", LIMITS.affected);
  const out: NormalisedAffected[] = [];
  items.forEach((item, i) => {
    const where = `affected[${i}]`;
    if (!isObject(item)) throw new Invalid(`${where} is not an object`);
    const pkg = item.package;
    if (pkg === undefined || pkg === null) return; // an entry without a package (allowed by OSV for GIT-only)
    if (!isObject(pkg)) throw new Invalid(`${where}.package is not an object`);
    const ecosystemName = str(pkg.ecosystem, `${where}.package.ecosystem`, LIMITS.name);
    const name = str(pkg.name, `${where}.package.name`, LIMITS.name).trim();
    const ecosystem = ECOSYSTEMS[ecosystemName];
    // Validate ranges and versions even for other ecosystems: a malformed record is refused whole.
    const ranges = rangeList(item.ranges, where);
    const versions = stringList(item.versions, `${where}.versions`, LIMITS.versions, LIMITS.version);
    if (!ecosystem || !name) return;
    out.push({ ecosystem, name, ranges, versions, imports: vulnerableImports(item.ecosystem_specific, ecosystem, name) });
  });
  return out;
}

function rangeList(value: unknown, where: string): NormalisedRange[] {
  const out: NormalisedRange[] = [];
  list(value, `${where}.ranges`, LIMITS.ranges).forEach((r, j) => {
    const at = `${where}.ranges[${j}]`;
    if (!isObject(r)) throw new Invalid(`${at} is not an object`);
    const type = str(r.type, `${at}.type`, 32);
    const events = list(r.events, `${at}.events`, LIMITS.events).map((e, k) => rangeEvent(e, `${at}.events[${k}]`));
    if (type === "ECOSYSTEM" || type === "SEMVER") out.push({ type, events });
  });
  return out;
}

function rangeEvent(e: unknown, at: string): RangeEvent {
  if (!isObject(e)) throw new Invalid(`${at} is not an object`);
  const keys = Object.keys(e);
  const kind = EVENT_KINDS.find((k) => k === keys[0]);
  if (keys.length !== 1 || !kind) throw new Invalid(`${at} must have exactly one of ${EVENT_KINDS.join("/")}`);
  const version = str(e[kind], `${at}.${kind}`, LIMITS.version).trim();
  if (!version) throw new Invalid(`${at}.${kind} is empty`);
  return { kind, version };
}

function severityEntries(value: unknown): SeverityEntry[] {
  const out: SeverityEntry[] = [];
  list(value, "severity", 20).forEach((s, i) => {
    if (!isObject(s)) throw new Invalid(`severity[${i}] is not an object`);
    out.push({ type: str(s.type, `severity[${i}].type`, 32), score: str(s.score, `severity[${i}].score`, 512) });
  });
  return out;
}

function list(value: unknown, field: string, max: number): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Invalid(`\`${field}\` is not an array`);
  if (value.length > max) throw new Invalid(`\`${field}\` has ${value.length} items (limit ${max})`);
  return value;
}

function stringList(value: unknown, field: string, max: number, maxLen: number): string[] {
  return list(value, field, max).map((v, i) => str(v, `${field}[${i}]`, maxLen));
}

function str(value: unknown, field: string, maxLen: number): string {
  if (typeof value !== "string") throw new Invalid(`\`${field}\` is not a string`);
  if (value.length > maxLen) throw new Invalid(`\`${field}\` is longer than ${maxLen} characters`);
  return value;
}

/** Free text: any length is accepted here and truncated by the caller. */
function optionalStr(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new Invalid(`\`${field}\` is not a string`);
  return value;
}

/** RFC 3339 as written (the store compares parsed instants, not text). */
function timestamp(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  const s = str(value, field, 64);
  if (Number.isNaN(Date.parse(s))) throw new Invalid(`\`${field}\` is not a timestamp`);
  return s;
}

function firstLine(details: string): string {
  const line = details.trim().split(/\r?\n/)[0] ?? "";
  return line.length > 200 ? truncate(line, 200) : line;
}

export function cveOf(record: Pick<NormalisedAdvisory, "id" | "aliases">): string | null {
  if (record.id.startsWith("CVE-")) return record.id;
  return record.aliases.find((a) => a.startsWith("CVE-")) ?? null;
}
