// yarn.lock from yarn Berry (v2+): YAML with a `__metadata` entry. Keys are comma-separated
// descriptors ("lodash@npm:^4.17.21"); `resolution` names what was installed
// ("lodash@npm:4.17.21", "resolve@patch:resolve@npm%3A1.22.1#…", "app@workspace:."). Workspaces
// are entries of their own, so the projects come from the lockfile; which of their
// dependencies are dev-only comes from each workspace's package.json (Berry merges them).
import semver from "semver";
import type { ExtractContext, ExtractResult } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { isObject, stringMap } from "../json.ts";
import { declarations, readPackageJson } from "./project.ts";
import { splitDescriptor } from "./yarn-v1.ts";

// Installs from a registry (optionally patched); git, file, link and portal installs have no
// registry version an advisory could name.
const REGISTRY = /^(npm:|patch:)/;

export function extractYarnBerry(file: string, lock: Record<string, unknown>, ctx: ExtractContext): ExtractResult {
  const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
  const byDescriptor = new Map<string, string>();
  const packages = new Map<string, GraphPackage>();
  const workspaces: { key: string; name: string; path: string; deps: Record<string, string> }[] = [];
  const entries: [string, Record<string, unknown>][] = [];

  for (const [key, entry] of Object.entries(lock)) {
    if (key === "__metadata" || !isObject(entry)) continue;
    for (const d of key.split(/,\s*/)) byDescriptor.set(d.trim(), key);
    const resolution = typeof entry.resolution === "string" ? entry.resolution : "";
    const split = splitDescriptor(resolution);
    if (!split) {
      result.unresolved.push({ file, line: 0, text: key.slice(0, 200) });
      continue;
    }
    const [name, range] = split;
    if (range.startsWith("workspace:")) {
      workspaces.push({ key, name, path: range.slice("workspace:".length), deps: stringMap(entry.dependencies) });
      continue;
    }
    const version = typeof entry.version === "string" ? entry.version : typeof entry.version === "number" ? String(entry.version) : "";
    if (!REGISTRY.test(range) || !semver.valid(version, { loose: true })) {
      result.unresolved.push({ file, line: 0, text: resolution.slice(0, 200) });
      continue;
    }
    packages.set(key, { name, version, deps: [] });
    entries.push([key, entry]);
  }

  // A builtin/user patch ("resolve@patch:resolve@npm%3A^1.20.0#…") wraps the npm descriptor it
  // patches; the patched package is the same release, so it stands for the inner entry.
  for (const [key] of [...entries]) {
    const inner = patchedDescriptor(key);
    const target = inner === null ? undefined : byDescriptor.get(inner);
    if (target === undefined || target === key || !packages.has(target)) continue;
    packages.delete(key);
    for (const d of key.split(/,\s*/)) byDescriptor.set(d.trim(), target);
  }
  entries.splice(0, entries.length, ...entries.filter(([k]) => packages.has(k)));

  const lookup = (name: string, range: string): string | undefined =>
    byDescriptor.get(`${name}@${range}`) ?? (/^[a-z]+:/.test(range) ? undefined : byDescriptor.get(`${name}@npm:${range}`));

  for (const [key, entry] of entries) {
    const pkg = packages.get(key)!;
    for (const [name, range] of Object.entries(stringMap(entry.dependencies))) {
      const target = lookup(name, range);
      if (target && packages.has(target)) pkg.deps.push(target);
    }
  }

  const dir = dirOf(file);
  const projects: GraphProject[] = [];
  // The root workspace first: its name starts chains of packages no other project reaches first.
  workspaces.sort((a, b) => (a.path === "." ? -1 : b.path === "." ? 1 : a.path < b.path ? -1 : 1));
  // A workspace another one depends on ("@m/lib": "workspace:^") is walked through: its
  // production dependencies ship with the dependent, and its name joins the chain.
  const devOnlyOf = workspaces.map((ws) => {
    const wsDir = ws.path === "." ? dir : `${dir}${ws.path.replace(/^\.\//, "")}/`;
    const manifest = ws.path.split("/").includes("..") ? null : readPackageJson(ctx, wsDir);
    return { wsDir, devOnly: new Set(manifest ? declarations(manifest).filter((d) => d.dev).map((d) => d.name) : []) };
  });
  workspaces.forEach((ws) => packages.set(ws.key, { name: ws.name, version: "", deps: [], virtual: true }));
  workspaces.forEach((ws, i) => {
    for (const [name, range] of Object.entries(ws.deps)) {
      const key = lookup(name, range);
      if (key && packages.has(key) && !devOnlyOf[i]!.devOnly.has(name)) packages.get(ws.key)!.deps.push(key);
    }
  });
  for (const [i, ws] of workspaces.entries()) {
    const { wsDir, devOnly } = devOnlyOf[i]!;
    const deps = Object.entries(ws.deps).flatMap(([name, range]) => {
      const key = lookup(name, range);
      return key && packages.has(key) ? [{ key, dev: devOnly.has(name) }] : [];
    });
    const project: GraphProject = { name: ws.name, deps };
    if (ws.path !== "." && !ws.path.split("/").includes("..")) project.dir = wsDir.replace(/\/$/, "");
    projects.push(project);
  }
  if (projects.length === 0) {
    // No workspace entry (hand-trimmed file): what nothing requires is what the project declared.
    const required = new Set([...packages.values()].flatMap((p) => p.deps));
    projects.push({ name: "app", deps: [...packages.keys()].filter((k) => !required.has(k)).map((key) => ({ key, dev: false })) });
  }
  result.dependencies = graphDependencies({ ecosystem: "npm", source: file, projects, packages });
  return result;
}

/** "a@patch:a@npm%3A^1#…" → "a@npm:^1"; null when the key is not a patch descriptor. */
function patchedDescriptor(key: string): string | null {
  const first = key.split(/,\s*/)[0]!.trim();
  const split = splitDescriptor(first);
  if (!split || !split[1].startsWith("patch:")) return null;
  const body = split[1].slice("patch:".length).split("#")[0]!;
  try {
    return decodeURIComponent(body);
  } catch {
    return null;
  }
}
