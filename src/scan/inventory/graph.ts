// Lockfile graph → dependencies. Most lockfiles give packages (a key, a name, a version and the
// keys they depend on) and projects (importers/workspaces) that declare some of them, some only
// for development. Per project, one walk (walk.ts) answers every flag at once. Workspaces sharing one
// lockfile each get their own copy of what they reach (`project` = the workspace folder), so a
// use in one workspace never counts for another's.
import type { Dependency, Ecosystem } from "../model.ts";
import { walkDependencies } from "./walk.ts";

export interface GraphPackage {
  name: string;
  version: string;
  /** Keys of the packages it depends on (unknown keys are ignored). */
  deps: string[];
  /** What the lockfile itself says about dev-only, used when no project reaches the package. */
  devHint?: boolean;
  /** Walked through but not reported: a link to a workspace folder (its name joins the chain). */
  virtual?: boolean;
}

export interface GraphProject {
  /** The project's own name: first element of every chain that starts here. */
  name: string;
  /** Its folder relative to the checkout ("packages/web", "" = root); absent: the lockfile's folder. */
  dir?: string;
  deps: { key: string; dev: boolean }[];
}

export interface GraphInput {
  ecosystem: Ecosystem;
  source: string;
  projects: GraphProject[];
  packages: Map<string, GraphPackage>;
  resolution?: Dependency["resolution"];
}

export function graphDependencies(input: GraphInput): Dependency[] {
  const { packages } = input;
  const lockDir = dirOf(input.source).replace(/\/$/, "");
  const out: Dependency[] = [];
  const reached = new Set<string>();
  const push = (key: string, pkg: GraphPackage, fields: Pick<Dependency, "direct" | "dev" | "chain">, dir: string): void => {
    const dependency: Dependency = { ecosystem: input.ecosystem, name: pkg.name, version: pkg.version, ...fields, source: input.source };
    if (input.resolution && input.resolution !== "locked") dependency.resolution = input.resolution;
    // Only a workspace away from the lockfile says where it lives; otherwise the source does.
    if (dir !== lockDir) dependency.project = dir;
    out.push(dependency);
    reached.add(key);
  };
  // Projects in one folder (the lockfile's own, most often) share their copies: one joint walk.
  const groups = new Map<string, GraphProject[]>();
  for (const project of input.projects) {
    const dir = project.dir ?? lockDir;
    groups.set(dir, [...(groups.get(dir) ?? []), project]);
  }
  for (const [dir, group] of groups) {
    const reachedHere = walkDependencies({
      roots: group.flatMap((project) => project.deps.flatMap((d) => (packages.has(d.key) ? [{ key: d.key, dev: d.dev, from: project.name }] : []))),
      edges: (key) => packages.get(key)!.deps.filter((dep) => packages.has(dep)),
      name: (key) => packages.get(key)!.name,
    });
    for (const [key, place] of reachedHere) {
      const pkg = packages.get(key)!;
      if (!pkg.virtual) push(key, pkg, { direct: place.direct, dev: place.dev, chain: place.chain }, dir);
    }
  }
  for (const [key, pkg] of packages) {
    if (reached.has(key) || pkg.virtual) continue;
    // Unreached packages (extraneous entries) count as production unless the lockfile says dev.
    push(key, pkg, { direct: false, dev: pkg.devHint === true, chain: [input.projects[0]?.name ?? "app", pkg.name] }, lockDir);
  }
  return out;
}

/** "a/b/yarn.lock" → "a/"; "yarn.lock" → "". */
export function dirOf(relPath: string): string {
  const i = relPath.lastIndexOf("/");
  return i < 0 ? "" : relPath.slice(0, i + 1);
}
