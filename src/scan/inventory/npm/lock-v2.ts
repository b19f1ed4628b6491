// package-lock.json / npm-shrinkwrap.json v2 and v3: the flat `packages` map keyed by install
// path. The dependency graph is rebuilt with Node's resolution rule (resolve.ts: look in the
// requiring package's own node_modules, then each parent's, then the root's), and the shortest chain from
// the root comes from a breadth-first walk (graph.ts). Workspace folders are projects of their
// own: each gets its own copies, with chains starting at the workspace's name.
import semver from "semver";
import type { ExtractResult } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { isObject } from "../json.ts";
import { declaredNames, splitLockKey } from "./names.ts";
import { declarations } from "./project.ts";
import { resolveNode } from "./resolve.ts";

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
  const projectKeys: string[] = [""];
  for (const [key, entry] of Object.entries(packages)) {
    if (key === "" || !isObject(entry)) continue;
    const split = splitLockKey(key);
    if (!split) {
      projectKeys.push(key); // a workspace folder: the project's own code, not a dependency
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

  // Edges by Node's resolution; a link (a workspace folder installed under node_modules) is walked
  // through to that workspace's own declarations, resolved from its folder.
  const has = (k: string) => nodes.has(k) || links.has(k);
  const graph = new Map<string, GraphPackage>();
  for (const node of nodes.values()) graph.set(node.key, { name: node.name, version: node.version, deps: [], devHint: node.dev });
  for (const [key, target] of links) {
    const ws = Object.hasOwn(packages, target) ? packages[target] : undefined;
    graph.set(key, { name: isObject(ws) && typeof ws.name === "string" && ws.name ? ws.name : target, version: "", deps: [], virtual: true });
  }
  for (const [key, pkg] of graph) {
    const from = links.get(key) ?? key;
    const entry = Object.hasOwn(packages, from) ? packages[from] : undefined;
    if (!isObject(entry)) continue;
    for (const dep of declaredNames(entry, false)) {
      const target = resolveNode(from, dep, has);
      if (target !== null && target !== key) pkg.deps.push(target);
    }
  }
  const lockDir = dirOf(file);
  const projects: GraphProject[] = [];
  for (const project of projectKeys) {
    const entry = project === "" ? root : Object.hasOwn(packages, project) ? packages[project] : undefined;
    if (!isObject(entry)) continue;
    // A workspace's dependencies start their chain at the workspace, as in every other format.
    const name = project !== "" && typeof entry.name === "string" && entry.name ? entry.name : project === "" ? rootName : project;
    const deps = declarations(entry).flatMap((d) => {
      const key = resolveNode(project, d.name, has);
      return key !== null ? [{ key, dev: d.dev }] : [];
    });
    const graphProject: GraphProject = { name, deps };
    if (project !== "" && !project.split("/").includes("..")) graphProject.dir = `${lockDir}${project}`.replace(/\/+$/, "");
    projects.push(graphProject);
  }
  result.dependencies = graphDependencies({ ecosystem: "npm", source: file, projects, packages: graph });
  return result;
}
