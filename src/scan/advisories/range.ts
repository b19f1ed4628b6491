// Is one installed version affected by one OSV `affected` entry? Follows the OSV evaluation:
// sort a range's events by version ("0" first), walk them, and the version is affected when the
// last event at or below it opened an interval. Events are sorted because real records list
// pairs out of order (urllib3: introduced 2.0.0, fixed 2.0.6, introduced 0, fixed 1.26.17).
import type { NormalisedAffected, NormalisedRange, RangeEvent } from "./osv.ts";
import type { VersionScheme } from "./versions/index.ts";

export interface RangeMatch {
  /** Lowest `fixed` above the installed version in the range that matched; null when none. */
  fixVersion: string | null;
}

export function matchAffected(entry: NormalisedAffected, version: string, scheme: VersionScheme): RangeMatch | null {
  for (const range of entry.ranges) {
    const hit = evaluateRange(range, version, scheme);
    if (hit) return hit;
  }
  if (listed(entry.versions, version, scheme)) {
    // Listed explicitly but no range covers it: the best fix hint is any range's next fix.
    return { fixVersion: lowestFixAbove(entry.ranges.flatMap((r) => r.events), version, scheme) };
  }
  return null;
}

function listed(versions: string[], version: string, scheme: VersionScheme): boolean {
  if (versions.includes(version)) return true;
  const key = scheme.canonical(version);
  return key !== null && versions.some((v) => scheme.canonical(v) === key);
}

export function evaluateRange(range: NormalisedRange, version: string, scheme: VersionScheme): RangeMatch | null {
  const events = sortEvents(range.events, scheme);
  // A range with an event that does not parse cannot be ordered: it decides nothing.
  if (events === null || scheme.compare(version, version) === null) return null;
  return affectedBy(events, version, scheme) ? { fixVersion: fixInRange(events, version, scheme) } : null;
}

/**
 * The lowest `fixed` above the version that the range itself does not re-open: pyspark's
 * PYSEC-2022-236 lists `fixed 3.1.1` and `introduced 3.1.1` in one range, so 3.1.1 is still
 * affected and the fix for 2.x is 3.1.3.
 */
function fixInRange(events: RangeEvent[], version: string, scheme: VersionScheme): string | null {
  let floor = version;
  for (;;) {
    const fix = lowestFixAbove(events, floor, scheme);
    if (fix === null || !affectedBy(events, fix, scheme)) return fix;
    floor = fix;
  }
}

function affectedBy(sorted: RangeEvent[], version: string, scheme: VersionScheme): boolean {
  let affected = false;
  for (const event of sorted) {
    const c = event.version === "0" ? 1 : scheme.compare(version, event.version)!;
    if (event.kind === "introduced" && c >= 0) affected = true;
    else if ((event.kind === "fixed" || event.kind === "limit") && c >= 0) affected = false;
    else if (event.kind === "last_affected" && c > 0) affected = false;
  }
  return affected;
}

function sortEvents(events: RangeEvent[], scheme: VersionScheme): RangeEvent[] | null {
  for (const e of events) if (e.version !== "0" && scheme.compare(e.version, e.version) === null) return null;
  // Stable sort; "0" (introduced at the beginning of time) sorts before every version.
  return [...events].sort((a, b) => {
    if (a.version === "0" || b.version === "0") return a.version === b.version ? 0 : a.version === "0" ? -1 : 1;
    return scheme.compare(a.version, b.version)!;
  });
}

function lowestFixAbove(events: RangeEvent[], version: string, scheme: VersionScheme): string | null {
  let best: string | null = null;
  for (const e of events) {
    if (e.kind !== "fixed" || e.version === "0") continue;
    const above = scheme.compare(e.version, version);
    if (above === null || above <= 0) continue;
    if (best === null || scheme.compare(e.version, best)! < 0) best = e.version;
  }
  return best;
}
