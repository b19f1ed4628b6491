// Matching: which stored advisories affect which installed dependencies. Candidates come from
// the (ecosystem, normalised name) index, so the cost follows the inventory, not the database.
// Every dependency is matched, dev ones included: whether a match matters is the reach phase's
// call. One match per (advisory, dependency): the first affected entry that covers the version.
import { type CuratedOverlay, loadCuratedOverlay, overlayKey, symbolsFor } from "./curated.ts";
import type { DB } from "../../store/database.ts";
import type { AdvisoryMatch, Dependency, Ecosystem, VulnerableImport } from "../model.ts";
import { cveOf, type NormalisedAdvisory } from "./osv.ts";
import { matchAffected } from "./range.ts";
import { candidateAdvisories } from "./store.ts";
import { schemeFor } from "./versions/index.ts";

export async function matchInventory(db: DB, deps: Dependency[]): Promise<AdvisoryMatch[]> {
  const byEcosystem = new Map<Ecosystem, Set<string>>();
  for (const d of deps) {
    const names = byEcosystem.get(d.ecosystem) ?? new Set<string>();
    names.add(schemeFor(d.ecosystem).normalizeName(d.name));
    byEcosystem.set(d.ecosystem, names);
  }
  // advisories by "<ecosystem>\0<normalised name>"
  const index = new Map<string, NormalisedAdvisory[]>();
  for (const [ecosystem, names] of byEcosystem) {
    const scheme = schemeFor(ecosystem);
    for (const adv of await candidateAdvisories(db, ecosystem, [...names])) {
      const keys = new Set(adv.affected.filter((a) => a.ecosystem === ecosystem).map((a) => scheme.normalizeName(a.name)));
      for (const k of keys) {
        const key = `${ecosystem}\0${k}`;
        const list = index.get(key);
        if (list) list.push(adv);
        else index.set(key, [adv]);
      }
    }
  }
  for (const list of index.values()) list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const advisoryIds = [...index.values()].flatMap((list) => list.map((a) => a.id));
  const overlay = await loadCuratedOverlay(db, advisoryIds);
  const out: AdvisoryMatch[] = [];
  for (const dep of deps) {
    const scheme = schemeFor(dep.ecosystem);
    const name = scheme.normalizeName(dep.name);
    for (const adv of index.get(`${dep.ecosystem}\0${name}`) ?? []) {
      const match = matchAdvisory(adv, dep, name, overlay);
      if (match) out.push(match);
    }
  }
  return out;
}

function matchAdvisory(adv: NormalisedAdvisory, dep: Dependency, normalizedName: string, overlay: CuratedOverlay): AdvisoryMatch | null {
  const scheme = schemeFor(dep.ecosystem);
  const entries = adv.affected.filter((a) => a.ecosystem === dep.ecosystem && scheme.normalizeName(a.name) === normalizedName);
  let fixVersion: string | null | undefined;
  const imports: VulnerableImport[] = [];
  let anyWide = false;
  for (const entry of entries) {
    const hit = matchAffected(entry, dep.version, scheme);
    if (!hit) continue;
    if (fixVersion === undefined) fixVersion = hit.fixVersion;
    // Several entries can cover one version (GHSA repeats a package per range); their symbols add up.
    if (entry.imports.length === 0) anyWide = true;
    imports.push(...entry.imports);
  }
  if (fixVersion === undefined) return null;
  return {
    advisoryId: adv.id,
    cveId: cveOf(adv),
    aliases: adv.aliases,
    summary: adv.summary,
    severity: adv.severity.label,
    cvssScore: adv.severity.score,
    dependency: dep,
    fixVersion,
    // Curated symbols overlay the record's own by the precedence rule in curated.ts.
    imports: symbolsFor(overlay, overlayKey(adv.id, dep.ecosystem, normalizedName), anyWide ? [] : imports, dep.name),
  };
}
