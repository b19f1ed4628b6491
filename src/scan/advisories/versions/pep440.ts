// PyPI version ordering per PEP 440 (epochs, pre/post/dev releases, local versions) through
// @renovatebot/pep440, whose compare throws on invalid input; here an invalid version is null.
import { compare, explain, valid } from "@renovatebot/pep440";

const validity = new Map<string, boolean>();
const CACHE_LIMIT = 10_000;

function isValid(version: string): boolean {
  let ok = validity.get(version);
  if (ok === undefined) {
    ok = version.length <= 256 && valid(version) !== null;
    if (validity.size >= CACHE_LIMIT) validity.clear();
    validity.set(version, ok);
  }
  return ok;
}

// The library re-parses both strings on every call; records of one package share most of their
// versions (tensorflow has ~300 advisories over the same releases), so results are memoised.
const compared = new Map<string, number>();

export function comparePypi(a: string, b: string): number | null {
  if (!isValid(a) || !isValid(b)) return null;
  if (a === b) return 0;
  const key = `${a}\0${b}`;
  let c = compared.get(key);
  if (c === undefined) {
    c = Math.sign(compare(a, b));
    if (compared.size >= 100_000) compared.clear();
    compared.set(key, c);
  }
  return c;
}

const canonicalCache = new Map<string, string | null>();

/**
 * A string equal for exactly the versions PEP 440 calls equal ("1.0" and "1.0.0", "5.2B1" and
 * "5.2b1"), so the long `versions` lists of pypa records are checked without a full comparison each.
 */
export function canonicalPypi(version: string): string | null {
  let key = canonicalCache.get(version);
  if (key === undefined) {
    const v = version.length <= 256 ? explain(version) : null;
    if (v) {
      const release = [...v.release];
      while (release.length > 1 && release[release.length - 1] === 0) release.pop();
      key = `${v.epoch}!${release.join(".")}|${v.pre ? v.pre.join("") : ""}|${v.post ?? ""}|${v.dev ?? ""}|${v.local ?? ""}`;
    } else key = null;
    if (canonicalCache.size >= CACHE_LIMIT) canonicalCache.clear();
    canonicalCache.set(version, key);
  }
  return key;
}

/** PEP 503: names compare case-insensitively with runs of "-", "_", "." as one "-". */
export function normalizePypiName(name: string): string {
  return name.trim().toLowerCase().replace(/[-_.]+/g, "-");
}
