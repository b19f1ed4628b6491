// package-lock.json / npm-shrinkwrap.json v2 and v3: the flat `packages` map keyed by install
// path. The dependency graph is rebuilt with Node's resolution rule (look in the requiring
// package's own node_modules, then each parent's, then the root's), and the shortest chain from
// the root comes from a breadth-first walk. Workspace folders are projects of their own: their
// dependencies' chains start at the workspace's name.
import semver from "semver";
import type { Dependency } from "../../model.ts";
import type { ExtractResult } from "../extractor.ts";
import { isObject } from "../json.ts";
import { declaredNames, splitLockKey } from "./names.ts";

interface InstallNode {
  key: string;
  name: string;
  version: string;
  dev: boolean;
  entry: Record<string, unknown>;
}

export function extractLockV2(file: string, lock: Record<string, unknown>): ExtractResult {
  const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
  const packages = lock.packages;
  if (!isObject(packages)) return { ...result, errors: [{ file, message: "`packages` is not an object" }] };
  const root = isObject(packages[""]) ? packages[""] : {};
  const rootName = typeof root.name === "string" && root.name ? root.name : typeof lock.name === "string" && lock.name ? lock.name : "app";

  const nodes = new Map<string, InstallNode>();
  const links = new Map<string, string>();
  const projects: string[] = [""];
  for (const [key, entry] of Object.entries(packages)) {
    if (key === "" || !isObject(entry)) continue;
    const split = splitLockKey(key);
    if (!split) {
      projects.push(key); // a workspace folder: the project's own code, not a dependency
      continue;
    }
    if (entry.link === true) {
      if (typeof entry.resolved === "string") links.set(key, entry.resolved);
      continue;
    }
    const pathName = split.names[split.names.length - 1]!;
    // An alias install ("foo": "npm:bar@1") lives in node_modules/foo with `name: "bar"`.
    const name = typeof entry.name === "string" && entry.name ? entry.name : pathName;
    const version = typeof entry.version === "string" ? entry.version : "";
    if (!semver.valid(version, { loose: true })) {
      result.unresolved.push({ file, line: 0, text: `${key}${version ? `@${version}` : ""}` });
      continue;
    }
    nodes.set(key, { key, name, version, dev: entry.dev === true, entry });
  }

  const chains = walkGraph(packages, nodes, links, projects, rootName);
  for (const node of nodes.values()) {
    const found = chains.get(node.key);
    const chain = found?.chain ?? fallbackChain(rootName, node.key);
    result.dependencies.push(toDependency(node, file, chain, found?.direct ?? false));
  }
  return result;
}

function toDependency(node: InstallNode, source: string, chain: string[], direct: boolean): Dependency {
  return { ecosystem: "npm", name: node.name, version: node.version, direct, dev: node.dev, chain, source };
}

/** Chain from the install path when the graph does not reach a package (extraneous installs). */
function fallbackChain(rootName: string, key: string): string[] {
  return [rootName, ...(splitLockKey(key)?.names ?? [])];
}

/** Breadth-first from the project folders: the first visit of a package is its shortest chain. */
function walkGraph(
  packages: Record<string, unknown>,
  nodes: Map<string, InstallNode>,
  links: Map<string, string>,
  projects: string[],
  rootName: string,
): Map<string, { chain: string[]; direct: boolean }> {
  const seen = new Map<string, { chain: string[]; direct: boolean }>();
  const has = (k: string) => nodes.has(k) || links.has(k);
  let frontier: { key: string; chain: string[] }[] = [];
  for (const project of projects) {
    const entry = packages[project];
    if (!isObject(entry)) continue;
    // A workspace's dependencies start their chain at the workspace, as in every other format.
    const projectName = project !== "" && typeof entry.name === "string" && entry.name ? entry.name : rootName;
    for (const dep of declaredNames(entry, true)) {
      const target = follow(resolve(project, dep, has), links);
      if (target && nodes.has(target) && !seen.has(target)) {
        const chain = [projectName, nodes.get(target)!.name];
        seen.set(target, { chain, direct: true });
        frontier.push({ key: target, chain });
      }
    }
  }
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { key, chain } of frontier) {
      for (const dep of declaredNames(nodes.get(key)!.entry, false)) {
        const target = follow(resolve(key, dep, has), links);
        if (!target || !nodes.has(target) || seen.has(target)) continue;
        const c = [...chain, nodes.get(target)!.name];
        seen.set(target, { chain: c, direct: false });
        next.push({ key: target, chain: c });
      }
    }
    frontier = next;
  }
  return seen;
}

/** Node's lookup: `<from>/node_modules/<dep>`, then each enclosing node_modules up to the root. */
export function resolve(from: string, dep: string, has: (key: string) => boolean): string | null {
  let base = from;
  for (let guard = 0; guard < 1000; guard++) {
    const candidate = base === "" ? `node_modules/${dep}` : `${base}/node_modules/${dep}`;
    if (has(candidate)) return candidate;
    if (base === "") return null;
    const i = base.lastIndexOf("/node_modules/");
    base = i >= 0 ? base.slice(0, i) : "";
  }
  return null;
}

/** A link entry points at a workspace folder; its installed packages are not dependencies. */
function follow(key: string | null, links: Map<string, string>): string | null {
  if (key === null) return null;
  return links.has(key) ? null : key;
}
