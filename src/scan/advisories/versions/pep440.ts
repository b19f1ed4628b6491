// PyPI version ordering per PEP 440 (epochs, pre/post/dev releases, local versions) through
// @renovatebot/pep440, whose compare throws on invalid input; here an invalid version is null.
import { compare, valid } from "@renovatebot/pep440";

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

export function comparePypi(a: string, b: string): number | null {
  if (!isValid(a) || !isValid(b)) return null;
  return Math.sign(compare(a, b));
}

/** PEP 503: names compare case-insensitively with runs of "-", "_", "." as one "-". */
export function normalizePypiName(name: string): string {
  return name.trim().toLowerCase().replace(/[-_.]+/g, "-");
}
