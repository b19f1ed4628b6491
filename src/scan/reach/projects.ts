// Monorepos: which project's copy of a package does a file use? A file imports the version its own
// project declares (Node's nearest node_modules, the project's own virtualenv), so a use counts for
// a dependency only when no other project nearer to the file declares the same package. Without
// that, web/'s lodash 4.17.21 call would make admin/'s lodash 4.17.11 reachable.
import { normalizeName } from "../advisories/versions/index.ts";
import type { Dependency } from "../model.ts";

/** The folder of the project a dependency belongs to, "" for the repository root. */
export function projectDirOf(dep: Dependency): string {
  // A workspace's copy from a lockfile shared with other workspaces names its own folder.
  if (dep.project !== undefined) return dep.project;
  const parts = dep.source.split("/");
  // An installed tree belongs to the project holding node_modules / the virtualenv.
  const nm = parts.indexOf("node_modules");
  if (nm >= 0) return parts.slice(0, nm).join("/");
  const sp = parts.indexOf("site-packages");
  if (sp >= 0) {
    const venv = sp >= 3 && parts[sp - 2] === "lib" && /^python/.test(parts[sp - 1]!) ? sp - 3 : sp;
    return parts.slice(0, venv).join("/");
  }
  const dir = parts.slice(0, -1);
  // requirements/base.txt and the like belong to the project above the folder.
  if (dir.at(-1) === "requirements") dir.pop();
  return dir.join("/");
}

const key = (dep: Dependency): string => `${dep.ecosystem}\0${normalizeName(dep.ecosystem, dep.name)}`;

/** For each dependency, the other project folders that declare the same package. */
export function otherOwners(deps: Dependency[]): (dep: Dependency) => string[] {
  const dirs = new Map<string, Set<string>>();
  for (const d of deps) {
    const k = key(d);
    let set = dirs.get(k);
    if (!set) dirs.set(k, (set = new Set()));
    set.add(projectDirOf(d));
  }
  return (dep) => {
    const own = projectDirOf(dep);
    return [...(dirs.get(key(dep)) ?? [])].filter((d) => d !== own).sort();
  };
}

const under = (file: string, dir: string): boolean => dir === "" || file.startsWith(`${dir}/`);

/**
 * Whether a file's use of the package is a use of the copy declared in `dir`: false when another
 * project declaring the package (`others`) holds the file more closely, or, for a workspace's own
 * copy (`own`), when the file is outside the workspace.
 */
export function usesCopyOf(file: string, dir: string, others: string[], own = false, linked: string[] = []): boolean {
  if (linked.some((l) => under(file, l))) return true;
  // A workspace's copy is installed for that workspace alone: a sibling's files, even ones
  // declaring nothing, import their own (or the hoisted root) copy, never this one.
  if (own && !under(file, dir)) return false;
  let nearestOther: string | null = null;
  for (const o of others) if (under(file, o) && (nearestOther === null || o.length > nearestOther.length)) nearestOther = o;
  if (nearestOther === null) return true;
  return under(file, dir) && dir.length > nearestOther.length;
}

/**
 * For each dependency, the folders of the workspaces its chain goes through (`web → @org/shared →
 * xml2js`: shared's folder): the linked workspace's code is in the checkout and runs with this
 * project, so its uses of the package count for this copy. Names map to folders by the chains
 * that start at a workspace (its own dependencies').
 */
export function linkedWorkspaces(deps: Dependency[]): (dep: Dependency) => string[] {
  const dirs = new Map<string, string>();
  for (const d of deps) if (d.project !== undefined && d.project !== "" && d.chain.length > 0 && !dirs.has(d.chain[0]!)) dirs.set(d.chain[0]!, d.project);
  return (dep) => {
    if (dirs.size === 0 || dep.direct) return [];
    const out: string[] = [];
    for (const name of dep.chain.slice(1, -1)) {
      const dir = dirs.get(name);
      if (dir !== undefined && dir !== projectDirOf(dep)) out.push(dir);
    }
    return out;
  };
}
