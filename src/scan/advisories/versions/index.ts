// The version scheme of each ecosystem: ordering and the name form advisories are keyed by.
import type { Ecosystem } from "../../model.ts";
import { canonicalPypi, comparePypi, normalizePypiName } from "./pep440.ts";
import { canonicalNpm, compareNpm, normalizeNpmName } from "./semver.ts";

export interface VersionScheme {
  /** Sign of a − b, or null when either side does not parse in this scheme. */
  compare(a: string, b: string): number | null;
  /** One string per equivalence class of versions, or null when the version does not parse. */
  canonical(version: string): string | null;
  normalizeName(name: string): string;
}

const SCHEMES: Record<Ecosystem, VersionScheme> = {
  npm: { compare: compareNpm, canonical: canonicalNpm, normalizeName: normalizeNpmName },
  PyPI: { compare: comparePypi, canonical: canonicalPypi, normalizeName: normalizePypiName },
};

export function schemeFor(ecosystem: Ecosystem): VersionScheme {
  return SCHEMES[ecosystem];
}

export function normalizeName(ecosystem: Ecosystem, name: string): string {
  return SCHEMES[ecosystem].normalizeName(name);
}
