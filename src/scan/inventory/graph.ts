// Lockfile graph → dependencies. Most lockfiles give packages (a key, a name, a version and the
// keys they depend on) and projects (importers/workspaces) that declare some of them, some only
// for development. Per project, two breadth-first walks answer every flag at once: first from the
// production declarations (anything reached is shipped; the first visit is the shortest chain),
// then from the development ones (what only they reach is dev-only). Workspaces sharing one
// lockfile each get their own copy of what they reach (`project` = the workspace folder), so a
// use in one workspace never counts for another's. Keys live in Maps, never object literals, so
// hostile keys such as `__proto__` are plain strings.
import type { Dependency, Ecosystem } from "../model.ts";

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
    const direct = new Set<string>();
    const prod = walk(input, group, false, direct);
    const dev = walk(input, group, true, direct, prod);
    for (const [chains, isDev] of [[prod, false], [dev, true]] as const) {
      for (const [key, chain] of chains) {
        const pkg = packages.get(key)!;
        if (!pkg.virtual) push(key, pkg, { direct: direct.has(key), dev: isDev, chain }, dir);
      }
    }
  }
  for (const [key, pkg] of packages) {
    if (reached.has(key) || pkg.virtual) continue;
    // Unreached packages (extraneous entries) count as production unless the lockfile says dev.
    push(key, pkg, { direct: false, dev: pkg.devHint === true, chain: [input.projects[0]?.name ?? "app", pkg.name] }, lockDir);
  }
  return out;
}

// Chains are parent links while walking and arrays only at the end, so a long chain costs its
// length once per package instead of a copy per step.
interface Visit {
  parent: Visit | null;
  name: string;
}

function walk(input: GraphInput, projects: GraphProject[], devPass: boolean, direct: Set<string>, skip?: Map<string, string[]>): Map<string, string[]> {
  const seen = new Map<string, Visit>();
  let frontier: string[] = [];
  for (const project of projects) {
    const root: Visit = { parent: null, name: project.name };
    for (const d of project.deps) {
      if (d.dev !== devPass) continue;
      const pkg = input.packages.get(d.key);
      if (!pkg) continue;
      direct.add(d.key);
      if (seen.has(d.key) || skip?.has(d.key)) continue;
      seen.set(d.key, { parent: root, name: pkg.name });
      frontier.push(d.key);
    }
  }
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const key of frontier) {
      const visit = seen.get(key)!;
      for (const dep of input.packages.get(key)!.deps) {
        const pkg = input.packages.get(dep);
        if (!pkg || seen.has(dep) || skip?.has(dep)) continue;
        seen.set(dep, { parent: visit, name: pkg.name });
        next.push(dep);
      }
    }
    frontier = next;
  }
  const chains = new Map<string, string[]>();
  for (const [key, visit] of seen) {
    const chain: string[] = [];
    for (let v: Visit | null = visit; v; v = v.parent) chain.push(v.name);
    chains.set(key, chain.reverse());
  }
  return chains;
}

/** "a/b/yarn.lock" → "a/"; "yarn.lock" → "". */
export function dirOf(relPath: string): string {
  const i = relPath.lastIndexOf("/");
  return i < 0 ? "" : relPath.slice(0, i + 1);
}
