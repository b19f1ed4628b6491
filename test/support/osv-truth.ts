// An independent reading of OSV records for the end-to-end checks: which advisories affect one
// (ecosystem, package, version), and the fix, written from the OSV schema's evaluation rules with
// the `semver` and `@renovatebot/pep440` libraries directly — none of reachd's matching code.
import { compare as pepCompare, valid as pepValid } from "@renovatebot/pep440";
import semver from "semver";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type Eco = "npm" | "PyPI";

interface Event {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}
interface Affected {
  package: { ecosystem: string; name: string };
  ranges?: { type: string; events: Event[] }[];
  versions?: string[];
}
export interface Record {
  id: string;
  withdrawn?: string;
  affected?: Affected[];
}

const normName = (eco: Eco, name: string): string => (eco === "PyPI" ? name.toLowerCase().replace(/[-_.]+/g, "-") : name.toLowerCase());

function cmp(eco: Eco, a: string, b: string): number | null {
  if (a === "0") return b === "0" ? 0 : -1;
  if (b === "0") return 1;
  if (eco === "PyPI") return pepValid(a) && pepValid(b) ? pepCompare(a, b) : null;
  const pa = semver.parse(a, { loose: true }) ?? semver.coerce(a);
  const pb = semver.parse(b, { loose: true }) ?? semver.coerce(b);
  return pa && pb ? semver.compare(pa, pb) : null;
}

/** OSV's algorithm for one ECOSYSTEM/SEMVER range: walk the events in version order. */
function walk(eco: Eco, points: { e: Event; at: string }[], v: string): { affected: boolean; index: number } {
  let affected = false;
  let index = -1;
  points.forEach((p, i) => {
    const c = cmp(eco, v, p.at);
    if (c === null) return;
    if (p.e.introduced !== undefined && c >= 0) {
      affected = true;
      index = i;
    } else if (p.e.fixed !== undefined && c >= 0) affected = false;
    else if (p.e.last_affected !== undefined && c > 0) affected = false;
  });
  return { affected, index };
}

function rangeFix(eco: Eco, events: Event[], v: string): { affected: boolean; fix: string | null } {
  const points = events.map((e) => ({ e, at: (e.introduced ?? e.fixed ?? e.last_affected ?? e.limit)! }));
  points.sort((x, y) => cmp(eco, x.at, y.at) ?? 0);
  const { affected, index } = walk(eco, points, v);
  if (!affected) return { affected, fix: null };
  // The first fixed event after the opening one that the range does not open again.
  const next = points.slice(index + 1).find((p) => p.e.fixed !== undefined && !walk(eco, points, p.e.fixed).affected);
  return { affected, fix: next ? next.e.fixed! : null };
}

function fixedAbove(eco: Eco, affected: Affected[], v: string): string | null {
  const above = affected
    .flatMap((a) => (a.ranges ?? []).filter((r) => r.type !== "GIT").flatMap((r) => r.events))
    .map((e) => e.fixed)
    .filter((f): f is string => f !== undefined && (cmp(eco, f, v) ?? 0) > 0)
    .sort((x, y) => cmp(eco, x, y) ?? 0);
  return above[0] ?? null;
}

export interface Expected {
  id: string;
  fix: string | null;
}

/** Every advisory of `records` affecting the version, with the lowest fix of a matching range that no range still covers. */
export function expectedMatches(records: Iterable<Record>, eco: Eco, name: string, version: string): Expected[] {
  const out: Expected[] = [];
  for (const r of records) {
    if (r.withdrawn) continue;
    let hit = false;
    const fixes: string[] = [];
    for (const a of r.affected ?? []) {
      if (a.package.ecosystem !== eco || normName(eco, a.package.name) !== normName(eco, name)) continue;
      let inRange = false;
      for (const range of a.ranges ?? []) {
        if (range.type !== "ECOSYSTEM" && range.type !== "SEMVER") continue;
        const m = rangeFix(eco, range.events, version);
        if (!m.affected) continue;
        hit = inRange = true;
        if (m.fix) fixes.push(m.fix);
        break;
      }
      // Listed in `versions` but outside every range: the next fix above it is the best hint.
      if (!inRange && a.versions?.includes(version)) {
        hit = true;
        const f = fixedAbove(eco, [a], version);
        if (f) fixes.push(f);
      }
    }
    if (!hit) continue;
    const stillAffected = (f: string): boolean =>
      (r.affected ?? []).some(
        (a) =>
          a.package.ecosystem === eco &&
          normName(eco, a.package.name) === normName(eco, name) &&
          (a.ranges ?? []).some((range) => (range.type === "ECOSYSTEM" || range.type === "SEMVER") && rangeFix(eco, range.events, f).affected),
      );
    // The lowest fix no range still covers; when every fix is covered by another range, the highest.
    const sorted = [...new Set(fixes)].sort((x, y) => cmp(eco, x, y) ?? 0);
    out.push({ id: r.id, fix: sorted.find((f) => !stillAffected(f)) ?? sorted.at(-1) ?? null });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The records the server holds after the operator's imports: the embedded set, then every
 * record of the imported exports (an operator import replaces an embedded record; a withdrawn
 * one removes it).
 */
export function loadRecords(root: string, sharedOsv: string): Map<string, Record> {
  const byId = new Map<string, Record>();
  for (const eco of ["npm", "pypi"]) {
    const bundle = JSON.parse(readFileSync(join(root, `src/scan/advisories/bundled/${eco}.json`), "utf8")) as { records: Record[] };
    for (const r of bundle.records) byId.set(r.id, r);
  }
  for (const dir of ["npm", "pypi"]) {
    for (const f of readdirSync(join(sharedOsv, dir))) {
      if (!f.endsWith(".json")) continue;
      const r = JSON.parse(readFileSync(join(sharedOsv, dir, f), "utf8")) as Record;
      byId.set(r.id, r);
    }
  }
  return byId;
}
