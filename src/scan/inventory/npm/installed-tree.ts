// The dependency graph of an installed node_modules tree, rebuilt the way Node resolves a
// require: from a package's folder, `<dir>/node_modules/<dep>`, then each enclosing folder's
// node_modules up to the checkout root (nested copies first). Edges are each installed
// package.json's dependencies/optionalDependencies/peerDependencies; the project's package.json
// starts the walk. Breadth-first, production declarations first, so `direct`, `dev` (reached only
// through devDependencies) and the shortest `chain` are exact, as for a lockfile.
import type { ExtractContext } from "../extractor.ts";
import { isObject, parseJson } from "../json.ts";
import { declarations, packageName, readPackageJson } from "./project.ts";

export interface InstalledPlace {
  chain: string[];
  direct: boolean;
  dev: boolean;
}

export interface InstalledTree {
  rootName: string;
  /** By install folder relative to the checkout ("node_modules/express/node_modules/qs"). */
  places: Map<string, InstalledPlace>;
}

// A hostile tree must not cost more than a large real one (big apps install ~3,000 packages).
const MAX_PACKAGES = 100_000;
const DEP_NAME = /^(?:@[^/@.][^/]*\/)?[^/@.][^/]*$/;

// One graph per project folder per scan: every installed package.json of the tree asks for it.
const cache = new WeakMap<ExtractContext, Map<string, InstalledTree>>();

/** The graph of the tree in `<owner>node_modules` ("" or "a/b/"), built once per checkout. */
export function installedTree(ctx: ExtractContext, owner: string): InstalledTree {
  let byOwner = cache.get(ctx);
  if (!byOwner) cache.set(ctx, (byOwner = new Map()));
  let tree = byOwner.get(owner);
  if (!tree) byOwner.set(owner, (tree = buildTree(ctx, owner)));
  return tree;
}

interface Visit {
  parent: Visit | null;
  name: string;
}

function buildTree(ctx: ExtractContext, owner: string): InstalledTree {
  const project = readPackageJson(ctx, owner);
  const rootName = packageName(project, "app");
  const manifests = new Map<string, { name: string; deps: string[] } | null>();
  const manifest = (dir: string) => {
    if (manifests.has(dir)) return manifests.get(dir)!;
    const read = ctx.readFile(`${dir}/package.json`);
    const parsed = "text" in read ? parseJson(read.text) : null;
    const pkg = parsed && "value" in parsed && isObject(parsed.value) ? parsed.value : null;
    const value = pkg ? { name: packageName(pkg, dir.slice(dir.lastIndexOf("node_modules/") + 13)), deps: declarations(pkg).filter((d) => !d.dev).map((d) => d.name) } : null;
    manifests.set(dir, value);
    return value;
  };
  // Whether a folder is installed: one listing per node_modules (or @scope) folder, not a file
  // system call per candidate, since most candidates of Node's lookup do not exist.
  const listings = new Map<string, Set<string>>();
  const has = (dir: string): boolean => {
    if (manifests.has(dir)) return manifests.get(dir) !== null;
    const slash = dir.lastIndexOf("/");
    const parent = dir.slice(0, slash);
    let names = listings.get(parent);
    if (!names) listings.set(parent, (names = new Set(ctx.listDirs(parent))));
    return names.has(dir.slice(slash + 1)) && manifest(dir) !== null;
  };

  const places = new Map<string, InstalledPlace>();
  if (!project) return { rootName, places };
  const start = owner.replace(/\/$/, "");
  const decls = declarations(project);
  const seen = new Map<string, Visit>();
  const rootVisit: Visit = { parent: null, name: rootName };
  for (const devPass of [false, true]) {
    let frontier: string[] = [];
    for (const d of decls) {
      if (d.dev !== devPass || !DEP_NAME.test(d.name)) continue;
      const dir = resolveInstalled(start, d.name, has);
      if (dir === null) continue;
      const direct = places.get(dir);
      if (direct) {
        direct.direct = true;
        continue;
      }
      seen.set(dir, { parent: rootVisit, name: manifest(dir)!.name });
      places.set(dir, { chain: [], direct: true, dev: devPass });
      frontier.push(dir);
    }
    while (frontier.length > 0 && seen.size < MAX_PACKAGES) {
      const next: string[] = [];
      for (const dir of frontier) {
        for (const dep of manifest(dir)!.deps) {
          if (!DEP_NAME.test(dep)) continue;
          const target = resolveInstalled(dir, dep, has);
          if (target === null || seen.has(target)) continue;
          seen.set(target, { parent: seen.get(dir)!, name: manifest(target)!.name });
          places.set(target, { chain: [], direct: false, dev: devPass });
          next.push(target);
        }
      }
      frontier = next;
    }
  }
  for (const [dir, visit] of seen) {
    const chain: string[] = [];
    for (let v: Visit | null = visit; v; v = v.parent) chain.push(v.name);
    places.get(dir)!.chain = chain.reverse();
  }
  return { rootName, places };
}

/**
 * Node's lookup from folder `from` (relative to the checkout, "" = root): `<from>/node_modules/<dep>`,
 * then the same in each enclosing folder that is not itself a node_modules folder.
 */
export function resolveInstalled(from: string, dep: string, has: (dir: string) => boolean): string | null {
  const parts = from === "" ? [] : from.split("/");
  for (let n = parts.length; n >= 0; n--) {
    if (n > 0 && parts[n - 1] === "node_modules") continue;
    const base = parts.slice(0, n).join("/");
    const candidate = base === "" ? `node_modules/${dep}` : `${base}/node_modules/${dep}`;
    if (has(candidate)) return candidate;
  }
  return null;
}
