// Which source decides a package's version when several describe the same project: a lockfile
// (or pinned requirements) beats an installed tree, which beats a lowest-match guess from a
// manifest range. A weaker entry is dropped when a stronger entry of the same package comes
// from the same project folder or one above it (a root lockfile covers its workspaces).
import type { Dependency } from "../model.ts";
import { pep503 } from "./pypi/lines.ts";

const RANK = { locked: 3, installed: 2, "lowest-match": 1 } as const;

/** The project folder a source belongs to: "a/" for a/node_modules/x/package.json or a/.venv/…/METADATA. */
export function projectDir(dep: Dependency): string {
  const s = dep.source;
  if (dep.resolution === "installed") {
    const nm = s.indexOf("node_modules/");
    if (nm >= 0) return s.slice(0, nm);
    const venv = /^(.*?)[^/]+\/(?:lib\/python[^/]*\/|Lib\/)site-packages\//i.exec(s);
    if (venv) return venv[1]!;
  }
  const i = s.lastIndexOf("/");
  return i < 0 ? "" : s.slice(0, i + 1);
}

export function packageKey(dep: Dependency): string {
  return `${dep.ecosystem}\0${dep.ecosystem === "PyPI" ? pep503(dep.name) : dep.name}`;
}

export function applyPrecedence(deps: Dependency[]): Dependency[] {
  const strongest = new Map<string, { rank: number; dir: string }[]>();
  for (const d of deps) {
    const k = packageKey(d);
    const list = strongest.get(k) ?? [];
    list.push({ rank: RANK[d.resolution ?? "locked"], dir: projectDir(d) });
    strongest.set(k, list);
  }
  return deps.filter((d) => {
    const rank = RANK[d.resolution ?? "locked"];
    if (rank === RANK.locked) return true;
    const dir = projectDir(d);
    return !strongest.get(packageKey(d))!.some((o) => o.rank > rank && dir.startsWith(o.dir));
  });
}
