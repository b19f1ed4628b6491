// The dependency graph of an installed node_modules tree, rebuilt the way Node resolves a
// require: from a package's folder, `<dir>/node_modules/<dep>`, then each enclosing folder's
// node_modules up to the checkout root (nested copies first). Edges are each installed
// package.json's dependencies/optionalDependencies/peerDependencies; the project's package.json
// starts the walk (walk.ts), so `direct`, `dev` and the shortest `chain` are exact, as for a lockfile.
import type { ExtractContext } from "../extractor.ts";
import { isObject, parseJson } from "../json.ts";
import { type WalkedPlace, walkDependencies } from "../walk.ts";
import { declarations, packageName, readPackageJson } from "./project.ts";
import { resolveNode } from "./resolve.ts";

export type InstalledPlace = WalkedPlace;

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

  if (!project) return { rootName, places: new Map() };
  const start = owner.replace(/\/$/, "");
  const roots = declarations(project).flatMap((d) => {
    const dir = DEP_NAME.test(d.name) ? resolveNode(start, d.name, has) : null;
    return dir === null ? [] : [{ key: dir, dev: d.dev, from: rootName }];
  });
  const places = walkDependencies({
    roots,
    edges: (dir) => manifest(dir)!.deps.flatMap((dep) => {
      const target = DEP_NAME.test(dep) ? resolveNode(dir, dep, has) : null;
      return target === null ? [] : [target];
    }),
    name: (dir) => manifest(dir)!.name,
    limit: MAX_PACKAGES,
  });
  return { rootName, places };
}
