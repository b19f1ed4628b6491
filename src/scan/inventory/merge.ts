// One dependency per (ecosystem, name, version, source, workspace): the same package installed at several
// paths of one lockfile, or a requirements file read directly and through an include, is one
// installed package. When the copies disagree the most exposed view wins: direct if any copy is
// direct, production if any copy is, and the shortest chain (of a production copy if any).
import type { Dependency } from "../model.ts";
import { pep503 } from "./pypi/lines.ts";

export function mergeDependencies(deps: Dependency[]): Dependency[] {
  const byKey = new Map<string, Dependency>();
  for (const d of deps) {
    // PyPI names compare by their PEP 503 form: "Flask" and "flask" are one package.
    const key = JSON.stringify([d.ecosystem, d.ecosystem === "PyPI" ? pep503(d.name) : d.name, d.version, d.source, d.project ?? null]);
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...d, chain: [...d.chain] });
      continue;
    }
    // A production copy's chain explains why the package ships; a dev copy's does not.
    const better = seen.dev !== d.dev ? seen.dev : d.chain.length < seen.chain.length;
    if (better) seen.chain = [...d.chain];
    seen.direct ||= d.direct;
    seen.dev &&= d.dev;
  }
  return [...byKey.values()].sort(compareDeps);
}

function compareDeps(a: Dependency, b: Dependency): number {
  return cmp(a.source, b.source) || cmp(a.ecosystem, b.ecosystem) || cmp(a.name, b.name) || cmp(a.version, b.version) || cmp(a.project ?? "", b.project ?? "");
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
