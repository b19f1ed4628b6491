// npm version ordering. Lockfiles hold exact semver, but advisories carry odd forms too
// ("1.0" in node-fetch's record, "v2.0.0"), so parsing is loose and missing minor/patch parts are
// zero-filled. Prereleases take part in comparisons as ordinary versions (5.0.0-alpha.1 sits
// inside ">=0 <5.0.0"), unlike semver ranges, which would hide them.
import semver from "semver";

const cache = new Map<string, semver.SemVer | null>();
const CACHE_LIMIT = 10_000;

export function parseNpmVersion(version: string): semver.SemVer | null {
  const hit = cache.get(version);
  if (hit !== undefined) return hit;
  const parsed = parseUncached(version);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(version, parsed);
  return parsed;
}

function parseUncached(version: string): semver.SemVer | null {
  if (version.length > 256) return null;
  const direct = semver.parse(version, { loose: true });
  if (direct) return direct;
  const m = /^\s*[v=]*\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?([-+][0-9A-Za-z.+-]*)?\s*$/.exec(version);
  if (!m) return null;
  return semver.parse(`${m[1]}.${m[2] ?? "0"}.${m[3] ?? "0"}${m[4] ?? ""}`, { loose: true });
}

/** Ordering of two npm versions, or null when either is not a version at all. */
export function compareNpm(a: string, b: string): number | null {
  const pa = parseNpmVersion(a);
  const pb = parseNpmVersion(b);
  if (!pa || !pb) return null;
  return pa.compare(pb);
}

/** Equal strings for versions of equal precedence ("1.0" and "1.0.0"; build metadata ignored). */
export function canonicalNpm(version: string): string | null {
  return parseNpmVersion(version)?.version ?? null;
}

/** npm package names are case-sensitive on the registry, but advisories spell some differently ("Axios"). */
export function normalizeNpmName(name: string): string {
  return name.trim().toLowerCase();
}
