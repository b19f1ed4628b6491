// package-lock.json / npm-shrinkwrap.json v1 (npm 5–6): a nested `dependencies` tree mirroring
// node_modules, each entry with `requires` (name → range). A `requires` name resolves to the
// nearest entry of that name in the entry's own nested `dependencies` or an ancestor's.
// Which packages the root declares lives in the sibling package.json, not in a v1 lockfile;
// without it, top-level entries nothing else requires are taken as the declared ones.
import semver from "semver";
import type { Dependency } from "../../model.ts";
import type { ExtractContext, ExtractResult } from "../extractor.ts";
import { isObject, parseJson, stringMap } from "../json.ts";
import { declaredNames, parseAlias } from "./names.ts";

interface TreeNode {
  name: string;
  version: string;
  dev: boolean;
  requires: string[];
  parent: TreeNode | null;
  children: Map<string, TreeNode>;
  /** Real names from the root to this entry, for a chain when the graph does not reach it. */
  path: string[];
}

export function extractLockV1(file: string, lock: Record<string, unknown>, ctx: ExtractContext): ExtractResult {
  const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
  const root: TreeNode = { name: "", version: "", dev: false, requires: [], parent: null, children: new Map(), path: [] };
  const all: TreeNode[] = [];
  buildTree(root, lock.dependencies, all, file, result);

  const manifest = readManifest(file, ctx);
  const rootName = typeof lock.name === "string" && lock.name ? lock.name : typeof manifest?.name === "string" && manifest.name ? manifest.name : "app";
  const declared = manifest ? declaredNames(manifest, true) : undeclaredTopLevel(root);

  const chains = new Map<TreeNode, { chain: string[]; direct: boolean }>();
  let frontier: TreeNode[] = [];
  for (const dep of declared) {
    const target = root.children.get(dep);
    if (target && !chains.has(target)) {
      chains.set(target, { chain: [rootName, target.name], direct: true });
      frontier.push(target);
    }
  }
  while (frontier.length > 0) {
    const next: TreeNode[] = [];
    for (const node of frontier) {
      const chain = chains.get(node)!.chain;
      for (const dep of node.requires) {
        const target = lookup(node, dep);
        if (!target || chains.has(target)) continue;
        chains.set(target, { chain: [...chain, target.name], direct: false });
        next.push(target);
      }
    }
    frontier = next;
  }

  for (const node of all) {
    const found = chains.get(node);
    result.dependencies.push(toDependency(node, file, found?.chain ?? [rootName, ...node.path], found?.direct ?? false));
  }
  return result;
}

function toDependency(node: TreeNode, source: string, chain: string[], direct: boolean): Dependency {
  return { ecosystem: "npm", name: node.name, version: node.version, direct, dev: node.dev, chain, source };
}

function buildTree(parent: TreeNode, deps: unknown, all: TreeNode[], file: string, result: ExtractResult): void {
  if (!isObject(deps)) return;
  for (const [key, entry] of Object.entries(deps)) {
    if (!isObject(entry)) continue;
    let name = key;
    let version = typeof entry.version === "string" ? entry.version : "";
    const alias = parseAlias(version);
    if (alias) ({ name, version } = alias);
    const path = [...parent.path, name];
    // file:/link: installs are local code, not registry packages.
    if (version.startsWith("file:") || version.startsWith("link:")) continue;
    const node: TreeNode = {
      name,
      version,
      dev: entry.dev === true,
      requires: Object.keys(stringMap(entry.requires)),
      parent,
      children: new Map(),
      path,
    };
    parent.children.set(key, node);
    if (semver.valid(version, { loose: true })) all.push(node);
    else result.unresolved.push({ file, line: 0, text: `${path.join(" > ")}@${version}` });
    buildTree(node, entry.dependencies, all, file, result);
  }
}

function lookup(from: TreeNode, dep: string): TreeNode | null {
  for (let n: TreeNode | null = from; n; n = n.parent) {
    const hit = n.children.get(dep);
    if (hit) return hit;
  }
  return null;
}

function undeclaredTopLevel(root: TreeNode): string[] {
  const required = new Set<string>();
  const visit = (n: TreeNode) => {
    for (const r of n.requires) required.add(r);
    for (const c of n.children.values()) visit(c);
  };
  visit(root);
  return [...root.children.keys()].filter((k) => !required.has(k));
}

function readManifest(lockFile: string, ctx: ExtractContext): Record<string, unknown> | null {
  const dir = lockFile.includes("/") ? lockFile.slice(0, lockFile.lastIndexOf("/") + 1) : "";
  const read = ctx.readFile(`${dir}package.json`);
  if ("error" in read) return null;
  const parsed = parseJson(read.text);
  return "value" in parsed && isObject(parsed.value) ? parsed.value : null;
}
