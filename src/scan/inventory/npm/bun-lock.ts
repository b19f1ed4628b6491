// Extractor for bun.lock, bun's text lockfile (JSONC: trailing commas allowed). `workspaces` maps
// each project folder ("" is the root) to its declarations; `packages` maps an install path to
// [ident "name@version", registry, metadata { dependencies, … }, integrity] (other install kinds
// put the metadata at another position). A nested path "parent/child" is a copy of child installed
// under parent; a dependency resolves like Node does: under the requirer, then its parents.
import semver from "semver";
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { isObject } from "../json.ts";
import { parseJsonc } from "../jsonc.ts";
import { declarations } from "./project.ts";
import { splitDescriptor } from "./yarn-v1.ts";

export const bunLockExtractor: Extractor = {
  name: "npm/bun-lock",
  matches: (relPath) => relPath === "bun.lock" || relPath.endsWith("/bun.lock"),
  extract(relPath, text) {
    const parsed = parseJsonc(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const lock = parsed.value;
    if (!isObject(lock)) return failed(relPath, "bun.lock is not a JSON object");
    if (typeof lock.lockfileVersion !== "number") return failed(relPath, "`lockfileVersion` is missing or not a number");
    if (lock.lockfileVersion > 1) return failed(relPath, `unsupported lockfileVersion ${lock.lockfileVersion}`);
    if (!isObject(lock.packages)) return failed(relPath, "`packages` is missing or not an object");
    return extractBunLock(relPath, lock, lock.packages);
  },
};

function extractBunLock(file: string, lock: Record<string, unknown>, entries: Record<string, unknown>): ExtractResult {
  const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
  const packages = new Map<string, GraphPackage>();
  const metas = new Map<string, Record<string, unknown>>();
  const workspaceKeys = new Map<string, string>();
  for (const [key, entry] of Object.entries(entries)) {
    if (!Array.isArray(entry) || typeof entry[0] !== "string") continue;
    const ident = splitDescriptor(entry[0]);
    if (!ident) continue;
    const [name, version] = ident;
    if (version.startsWith("workspace:")) {
      // A workspace installed under its name: walked through when another workspace depends on it.
      workspaceKeys.set(version.slice("workspace:".length).replace(/^\.\//, "").replace(/\/+$/, ""), key);
      packages.set(key, { name, version: "", deps: [], virtual: true });
      continue;
    }
    if (version.startsWith("link:")) continue; // the project's own code
    if (!semver.valid(version, { loose: true })) {
      result.unresolved.push({ file, line: 0, text: `${key}: ${entry[0]}`.slice(0, 200) });
      continue;
    }
    packages.set(key, { name, version, deps: [] });
    metas.set(key, (entry.find((e, i) => i > 0 && isObject(e)) as Record<string, unknown> | undefined) ?? {});
  }
  const resolveFrom = (from: string, dep: string): string | undefined => {
    for (let base = from; ; ) {
      const candidate = base ? `${base}/${dep}` : dep;
      if (packages.has(candidate)) return candidate;
      if (!base) return undefined;
      const i = base.lastIndexOf("/");
      base = i < 0 ? "" : base.slice(0, i);
    }
  };
  for (const [key, meta] of metas) {
    const pkg = packages.get(key)!;
    for (const section of ["dependencies", "optionalDependencies", "peerDependencies"]) {
      const map = meta[section];
      if (!isObject(map)) continue;
      for (const dep of Object.keys(map)) {
        const target = resolveFrom(key, dep);
        if (target && target !== key) pkg.deps.push(target);
      }
    }
  }
  const workspaces = isObject(lock.workspaces) ? Object.entries(lock.workspaces) : [];
  workspaces.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const projects: GraphProject[] = [];
  for (const [path, ws] of workspaces) {
    if (!isObject(ws)) continue;
    const name = typeof ws.name === "string" && ws.name ? ws.name : path || "app";
    // A workspace's own copy of a package is installed under its name, else the hoisted one.
    const deps = declarations(ws).flatMap((d) => {
      const key = resolveFrom(path ? name : "", d.name);
      return key ? [{ key, dev: d.dev }] : [];
    });
    const link = packages.get(workspaceKeys.get(path) ?? "");
    if (link?.virtual) link.deps = deps.filter((d) => !d.dev && d.key !== workspaceKeys.get(path)).map((d) => d.key);
    const project: GraphProject = { name, deps };
    if (path && !path.split("/").includes("..")) project.dir = `${dirOf(file)}${path.replace(/^\.\//, "")}`.replace(/\/+$/, "");
    projects.push(project);
  }
  result.dependencies = graphDependencies({ ecosystem: "npm", source: file, projects, packages });
  return result;
}

/**
 * bun.lockb, the binary lockfile of bun < 1.2, has no published format: rather than dropping it
 * silently, a checkout with only the binary file gets an error saying what to commit instead.
 */
export const bunLockbExtractor: Extractor = {
  name: "npm/bun-lockb",
  matches: (relPath) => relPath === "bun.lockb" || relPath.endsWith("/bun.lockb"),
  extract(relPath, _text, ctx) {
    if (ctx.exists(`${relPath.slice(0, -"bun.lockb".length)}bun.lock`)) return { dependencies: [], unresolved: [], errors: [] };
    return failed(relPath, "binary bun.lockb is not read: commit the text bun.lock (`bun install --save-text-lockfile`)");
  },
};
