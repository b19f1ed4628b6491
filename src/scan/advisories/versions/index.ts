// The version scheme of each ecosystem: ordering and the name form advisories are keyed by.
import type { Ecosystem } from "../../model.ts";
import { comparePypi, normalizePypiName } from "./pep440.ts";
import { compareNpm, normalizeNpmName } from "./semver.ts";

export interface VersionScheme {
  /** Sign of a − b, or null when either side does not parse in this scheme. */
  compare(a: string, b: string): number | null;
  normalizeName(name: string): string;
}

const SCHEMES: Record<Ecosystem, VersionScheme> = {
  npm: { compare: compareNpm, normalizeName: normalizeNpmName },
  PyPI: { compare: comparePypi, normalizeName: normalizePypiName },
};

export function schemeFor(ecosystem: Ecosystem): VersionScheme {
  return SCHEMES[ecosystem];
}

export function normalizeName(ecosystem: Ecosystem, name: string): string {
  return SCHEMES[ecosystem].normalizeName(name);
}
