// Extractor for pnpm-lock.yaml v5 (keys "/name/1.0.0_peer"), v6 ("/name@1.0.0(peer@2)") and v9
// (`packages` holds metadata, `snapshots` the resolved graph, keys "name@1.0.0(peer@2)").
// Projects are the `importers` (workspaces; "." is the root) or, in a single-project v5/v6 file,
// the top-level dependency maps. A reference is a version (looked up under the dependency's
// name), a full key (aliases, "/bar/1.0.0" or "bar@1.0.0"), or "link:" to a workspace folder.
import { posix } from "node:path";
import semver from "semver";
import type { ExtractContext, ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { isObject } from "../json.ts";
import { readYaml } from "../structured.ts";
import { packageName, readPackageJson } from "./project.ts";

const PROD = ["dependencies", "optionalDependencies"] as const;

export const pnpmExtractor: Extractor = {
  name: "npm/pnpm",
  matches: (relPath) => relPath === "pnpm-lock.yaml" || relPath.endsWith("/pnpm-lock.yaml"),
  extract(relPath, text, ctx) {
    const parsed = readYaml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const lock = parsed.value;
    if (!isObject(lock)) return failed(relPath, "pnpm-lock.yaml is not a YAML mapping");
    const raw = lock.lockfileVersion;
    const major = typeof raw === "number" ? Math.floor(raw) : typeof raw === "string" ? parseInt(raw, 10) : NaN;
    if (!Number.isFinite(major)) return failed(relPath, "`lockfileVersion` is missing or not a number");
    if (major < 5 || major > 9) return failed(relPath, `unsupported lockfileVersion ${String(raw).slice(0, 20)}`);
    return extractPnpm(relPath, lock, major, ctx);
  },
};

function extractPnpm(file: string, lock: Record<string, unknown>, major: number, ctx: ExtractContext): ExtractResult {
  const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
  const v9 = major >= 9;
  const graph = v9 && isObject(lock.snapshots) ? lock.snapshots : lock.packages;
  const meta = isObject(lock.packages) ? lock.packages : {};
  if (graph !== undefined && graph !== null && !isObject(graph)) return { ...result, errors: [{ file, message: "`packages` is not a mapping" }] };

  const toKey = (name: string, ref: string): string | null => {
    if (ref.startsWith("link:") || ref.startsWith("file:") || ref.startsWith("workspace:")) return null;
    if (major < 6) return ref.startsWith("/") ? ref : `/${name}/${ref}`;
    if (major < 9) return ref.startsWith("/") ? ref : `/${name}@${ref}`;
    const base = ref.split("(")[0]!;
    return base.indexOf("@", 1) > 0 ? ref : `${name}@${ref}`;
  };

  const packages = new Map<string, GraphPackage>();
  const entries: [string, Record<string, unknown>][] = [];
  for (const [key, entry] of Object.entries(graph ?? {})) {
    if (!isObject(entry)) continue;
    const parsedKey = major < 6 ? splitV5(key) : splitV6(key);
    const metaKey = key.split("(")[0]!;
    const metaEntry = v9 && Object.hasOwn(meta, metaKey) ? meta[metaKey] : entry;
    const m = isObject(metaEntry) ? metaEntry : entry;
    const name = typeof m.name === "string" && m.name ? m.name : parsedKey?.name;
    const version = typeof m.version === "string" && m.version ? m.version : parsedKey?.version;
    if (!name || !version || !semver.valid(version, { loose: true })) {
      result.unresolved.push({ file, line: 0, text: key.slice(0, 200) });
      continue;
    }
    packages.set(key, { name, version, deps: [], ...(typeof entry.dev === "boolean" ? { devHint: entry.dev } : {}) });
    entries.push([key, entry]);
  }
  for (const [key, entry] of entries) {
    const pkg = packages.get(key)!;
    for (const section of PROD) {
      for (const [name, ref] of refs(entry[section])) {
        const target = toKey(name, ref);
        if (target && packages.has(target)) pkg.deps.push(target);
      }
    }
  }

  const dir = dirOf(file);
  const importers: [string, Record<string, unknown>][] = isObject(lock.importers)
    ? Object.entries(lock.importers).flatMap(([p, v]) => (isObject(v) ? [[p, v] as [string, Record<string, unknown>]] : []))
    : [[".", lock]];
  importers.sort(([a], [b]) => (a === "." ? -1 : b === "." ? 1 : a < b ? -1 : 1));
  // A "link:../shared" reference is another importer: walked through (its production
  // dependencies are the linking workspace's too), never reported itself. The "\0" prefix keeps
  // these keys apart from package keys.
  const importerKey = (from: string, ref: string): string | null => {
    if (!ref.startsWith("link:")) return null;
    const key = `\0${posix.normalize(posix.join(from, ref.slice(5))).replace(/\/+$/, "") || "."}`;
    return packages.has(key) ? key : null;
  };
  const names = importers.map(([path]) => {
    const inside = !path.split("/").includes("..");
    return { inside, manifest: inside ? readPackageJson(ctx, path === "." ? dir : `${dir}${path}/`) : null };
  });
  importers.forEach(([path], i) => packages.set(`\0${path}`, { name: packageName(names[i]!.manifest, path), version: "", deps: [], virtual: true }));
  for (const [path, importer] of importers) {
    for (const section of PROD) {
      for (const [name, ref] of refs(importer[section])) {
        const key = toKey(name, ref) ?? importerKey(path, ref);
        if (key && packages.has(key)) packages.get(`\0${path}`)!.deps.push(key);
      }
    }
  }
  const projects: GraphProject[] = importers.map(([path, importer], i) => {
    const { inside, manifest } = names[i]!;
    const deps: GraphProject["deps"] = [];
    for (const [section, dev] of [...PROD.map((s) => [s, false] as const), ["devDependencies", true] as const]) {
      for (const [name, ref] of refs(importer[section])) {
        const key = toKey(name, ref) ?? importerKey(path, ref);
        if (key && packages.has(key)) deps.push({ key, dev });
      }
    }
    const project: GraphProject = { name: packageName(manifest, path === "." ? "app" : path), deps };
    if (inside && path !== ".") project.dir = `${dir}${path.replace(/^\.\//, "")}`.replace(/\/+$/, "");
    return project;
  });
  result.dependencies = graphDependencies({ ecosystem: "npm", source: file, projects, packages });
  return result;
}

/** name → reference; v6+ importers write `{ specifier, version }`, everything else a string. */
function refs(map: unknown): [string, string][] {
  if (!isObject(map)) return [];
  const out: [string, string][] = [];
  for (const [name, v] of Object.entries(map)) {
    const ref = typeof v === "string" ? v : isObject(v) && typeof v.version === "string" ? v.version : typeof v === "number" ? String(v) : null;
    if (ref !== null) out.push([name, ref]);
  }
  return out;
}

/** "/@s/a/1.0.0_peer@2" → { "@s/a", "1.0.0" }. */
export function splitV5(key: string): { name: string; version: string } | null {
  const parts = key.replace(/^\//, "").split("/");
  const n = parts[0]?.startsWith("@") ? 2 : 1;
  if (parts.length < n + 1) return null;
  const name = parts.slice(0, n).join("/");
  const version = parts.slice(n).join("/").split("_")[0]!;
  return name && version ? { name, version } : null;
}

/** "/@s/a@1.0.0(peer@2)" or "@s/a@1.0.0(peer@2)" → { "@s/a", "1.0.0" }. */
export function splitV6(key: string): { name: string; version: string } | null {
  const base = key.replace(/^\//, "").split("(")[0]!;
  const at = base.indexOf("@", 1);
  return at > 0 ? { name: base.slice(0, at), version: base.slice(at + 1) } : null;
}
