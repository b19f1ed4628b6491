// Module resolution for both languages, against the set of files in the checkout. Relative
// specifiers must name a checkout file (else "missing"); bare ones are packages ("external"),
// unless a workspace package.json in the checkout claims the name, or no package.json declares it
// and a file of that name sits beside the importer or at the checkout root (bareLocal).
import { builtinModules } from "node:module";
import { posix } from "node:path";
import { aliasCandidates, rootDirCandidates, tsPathsFor, type TsPaths } from "./tsconfig.ts";

export interface ModuleIndex {
  /** Every regular file (relative paths). */
  all: Set<string>;
  /** Files we analyse (sources). */
  sources: Set<string>;
  /** Directories that directly contain a .py file: Python (namespace) packages. */
  pyDirs: Set<string>;
  /** Directories above those with none of their own: namespace packages an import walks through (pySubmodule). */
  pyParentDirs?: Set<string>;
  /** Workspace packages in the checkout: package name → its directory. */
  localPackages: Map<string, string>;
  /** package.json "main" per directory that has one (relative to that directory). */
  mains: Map<string, string>;
  /** A workspace package's entries a `require()` loads where they differ from mains (its "exports" "require" condition). */
  requireMains?: Map<string, string>;
  /** Vendored Python packages analysed as dependency code: top-level name → directory holding it. */
  pyVendored?: Map<string, string>;
  /** tsconfig/jsconfig `baseUrl` and `paths`, deepest directory first (tsconfig.ts). */
  tsPaths?: TsPaths[];
  /**
   * CapWords names the project's configuration files hold (pyproject.toml and setup.cfg entry
   * points such as `plugin = "pkg.mod:Checker"`, YAML/INI settings naming classes: index.ts
   * readPyConfigNames): a class named there may be made by whatever loads it, so it is never taken
   * for one nobody instantiates (resolve-indexes.ts unusedClass).
   */
  pyConfigNames?: string[];
  /** Package names some package.json of the checkout depends on (any kind of dependency). */
  declared?: Set<string>;
  /**
   * package.json subpath maps of the checkout, deepest directory first: "imports" (`#utils`,
   * `#lib/*`) and, for a package importing itself by name, "exports" (`mylib/format`).
   */
  packageMaps?: PackageMaps[];
}

/** A subpath map's key, its targets for an ES import, and for a `require()` when they differ (conditions). */
export type PackageMapEntry = [string, string[]] | [string, string[], string[]];

/** One package.json's subpath maps: entries in file order. */
export interface PackageMaps {
  dir: string;
  /** Its name, when it has an "exports" map (Node's self-reference needs one). */
  name: string | null;
  imports: PackageMapEntry[];
  exports: PackageMapEntry[];
}

export type JsTarget = { file: string } | { external: string } | { missing: true } | { other: true };

const JS_EXTS = [".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"];
const OTHER_EXTS = [".json", ".node"];

/** Normalise "a/./b/../c" against the root; null when it climbs out of the checkout. */
export function normalize(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}

export function dirname(path: string): string {
  const d = posix.dirname(path);
  return d === "." ? "" : d;
}

const join = (dir: string, name: string): string => (dir === "" ? name : `${dir}/${name}`);

/** npm package of a specifier: "lodash/template" → "lodash", "@a/b/c" → "@a/b". */
export function npmPackageOf(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * `required`: the file loads spec with `require()` (FileFacts.jsRequired): a package's "exports"
 * "require" condition answers it, else its "import" one (the other conditions in their order).
 */
export function resolveJs(from: string, spec: string, index: ModuleIndex, required = false): JsTarget {
  if (spec.startsWith(".") || spec.startsWith("/")) {
    if (spec.startsWith("/")) return { missing: true };
    const base = normalize(join(dirname(from), spec));
    if (base === null) return { missing: true };
    const hit = resolveJsPath(base, index);
    if (hit) return hit;
    // TypeScript `rootDirs`: the folders are one at run time (built into one output folder).
    const config = index.tsPaths && index.tsPaths.length > 0 ? tsPathsFor(index.tsPaths, from) : null;
    for (const candidate of config ? rootDirCandidates(config, from, base) : []) {
      const other = resolveJsPath(candidate, index);
      if (other && "file" in other) return other;
    }
    return { missing: true };
  }
  if (index.packageMaps && index.packageMaps.length > 0) {
    const mapped = packageMapped(from, spec, index, required);
    if (mapped) return mapped;
  }
  const config = index.tsPaths && index.tsPaths.length > 0 ? tsPathsFor(index.tsPaths, from) : null;
  if (config) {
    // TS path aliases and baseUrl: a checkout file wins over a package of that name.
    for (const candidate of aliasCandidates(config, spec)) {
      const hit = resolveJsPath(candidate, index);
      if (hit && "file" in hit) return hit;
    }
  }
  const pkg = npmPackageOf(spec.startsWith("node:") ? spec : spec);
  const dir = index.localPackages.get(pkg);
  if (dir !== undefined) {
    const rest = spec.slice(pkg.length).replace(/^\//, "");
    const hit = resolveJsPath(rest === "" ? dir : join(dir, rest), index, required) ?? (rest === "" ? null : exportPattern(dir, rest, index, required));
    if (hit) return hit;
  }
  return bareLocal(from, spec, pkg, index) ?? { external: spec };
}

const NODE_BUILTINS = new Set(builtinModules);

/** What marks a module specifier as a glob of files (`GLOB + "./modules/*.js"`, refs-js-modules.ts viteGlob). */
export const GLOB = "glob:";
/** Most files one glob loads (an explosion bound). */
const MAX_GLOB_FILES = 64;

/**
 * The source files a relative glob of `from` matches (`./modules/*.js`, `../pages/**\/*.vue`,
 * `./{a,b}/*.ts`), read by Bun.Glob as the entry globs are (reach/settings.ts): `*` within a
 * folder, `**` any depth; at most MAX_GLOB_FILES, sorted.
 */
export function globFiles(from: string, pattern: string, index: ModuleIndex): string[] {
  const full = normalize(join(dirname(from), pattern));
  if (full === null || full.length > 300) return [];
  // (Unbalanced braces are no pattern: Bun.Glob would read them literally.)
  let open = 0;
  for (const c of full) {
    if (c === "{") open++;
    else if (c === "}" && --open < 0) return [];
  }
  if (open !== 0) return [];
  const glob = new Bun.Glob(full);
  const out: string[] = [];
  for (const file of index.sources) if (file !== from && glob.match(file)) out.push(file);
  return out.sort().slice(0, MAX_GLOB_FILES);
}

/**
 * A workspace package's subpath that only an "exports" pattern names (`"./components/*":
 * "./src/components/*.js"`, `import { button } from "ui/components/button"`): the pattern's
 * target. (Exact subpaths are `mains` entries: index.ts workspaceMains.)
 */
function exportPattern(dir: string, rest: string, index: ModuleIndex, required: boolean): JsTarget | null {
  const pkg = index.packageMaps?.find((p) => p.dir === dir);
  if (!pkg || pkg.exports.length === 0) return null;
  for (const target of subpathTargets(pkg.exports, `./${rest}`, required)) {
    if (!target.startsWith("./") || target.includes("*")) continue;
    const base = normalize(join(dir, target));
    const hit = base === null ? null : resolveJsPath(base, index);
    if (hit && "file" in hit) return hit;
  }
  return null;
}

/**
 * Node's package subpath maps, read against the package.json nearest the importer that has one:
 * `import x from "#utils"` through its "imports" field (`"#utils": "./src/utils.js"`, patterns
 * `"#lib/*": "./lib/*.js"`, condition objects), and a package importing itself by its own name
 * (`import { f } from "mylib/format"`) through its "exports" field. A target no checkout file
 * answers falls through to the usual lookup.
 */
function packageMapped(from: string, spec: string, index: ModuleIndex, required: boolean): JsTarget | null {
  const hash = spec.startsWith("#");
  for (const pkg of index.packageMaps!) {
    if (pkg.dir !== "" && !from.startsWith(pkg.dir + "/")) continue;
    let key: string;
    let map: PackageMapEntry[];
    if (hash) {
      if (pkg.imports.length === 0) continue;
      key = spec;
      map = pkg.imports;
    } else {
      if (pkg.name === null || (spec !== pkg.name && !spec.startsWith(pkg.name + "/"))) continue;
      key = "." + spec.slice(pkg.name.length);
      map = pkg.exports;
    }
    for (const target of subpathTargets(map, key, required)) {
      if (!target.startsWith("./")) continue;
      const base = normalize(join(pkg.dir, target));
      if (base === null) continue;
      const hit = resolveJsPath(base, index);
      if (hit && "file" in hit) return hit;
    }
    return null;
  }
  return null;
}

/** The targets a subpath map gives a key: its exact entry, else the longest-prefix `*` pattern's, substituted. */
function subpathTargets(map: PackageMapEntry[], key: string, required: boolean): string[] {
  const targetsOf = (e: PackageMapEntry): string[] => (required && e.length === 3 ? e[2] : e[1]);
  for (const e of map) if (e[0] === key) return targetsOf(e);
  let best: [string, string[]] | null = null;
  for (const e of map) {
    const k = e[0];
    const targets = targetsOf(e);
    const star = k.indexOf("*");
    if (star < 0 || k.indexOf("*", star + 1) >= 0) continue;
    const prefix = k.slice(0, star);
    const suffix = k.slice(star + 1);
    if (key.length < prefix.length + suffix.length || !key.startsWith(prefix) || !key.endsWith(suffix)) continue;
    if (best === null || prefix.length > best[0].length) {
      const middle = key.slice(prefix.length, key.length - suffix.length);
      best = [prefix, targets.map((t) => t.split("*").join(middle))];
    }
  }
  return best ? best[1] : [];
}

/**
 * A bare specifier no package claims, read as a checkout file: beside the importer, then at the
 * root. Node would fail to load it as a package, so what runs is a bundler's or NODE_PATH's
 * lookup of our own file (webpack `resolve.modules`, babel module-resolver, `NODE_PATH=.`), and
 * call-graph test suites name sibling files this way (`import f from "helpers"`). A name that a
 * package.json of the checkout declares, or that Node ships, stays the package.
 */
function bareLocal(from: string, spec: string, pkg: string, index: ModuleIndex): JsTarget | null {
  // Dependency code's own package.json is not read: its bare names stay packages.
  if (spec.startsWith("node:") || NODE_BUILTINS.has(pkg) || index.declared?.has(pkg) || from.includes("node_modules/")) return null;
  const here = dirname(from);
  for (const base of here === "" ? [spec] : [join(here, spec), spec]) {
    const path = normalize(base);
    if (path === null) continue;
    const hit = resolveJsPath(path, index);
    if (hit && "file" in hit && hit.file !== from) return hit;
  }
  return null;
}

function resolveJsPath(base: string, index: ModuleIndex, required = false): JsTarget | null {
  const candidates: string[] = [base];
  for (const ext of JS_EXTS) candidates.push(base + ext);
  // TypeScript ESM style: `import "./x.js"` names the source file x.ts.
  const m = /\.(m|c)?jsx?$/.exec(base);
  if (m) {
    const stem = base.slice(0, m.index);
    candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`);
  }
  for (const c of candidates) if (index.sources.has(c)) return { file: c };
  for (const ext of OTHER_EXTS) if (index.all.has(base + ext)) return { other: true };
  if (index.all.has(base)) return { other: true };
  const main = (required ? index.requireMains?.get(base) : undefined) ?? index.mains.get(base);
  if (main !== undefined) {
    const target = normalize(join(base, main));
    if (target !== null && target !== base) {
      const hit = resolveJsPath(target, index, required);
      if (hit && "file" in hit) return hit;
    }
  }
  for (const ext of JS_EXTS) if (index.sources.has(`${base}/index${ext}`)) return { file: `${base}/index${ext}` };
  return null;
}

/** A Python module: its code file (null for namespace packages) and its package directory. */
export interface PyModule {
  file: string | null;
  dir: string | null;
}

export type PyTarget = { module: PyModule } | { external: string } | { missing: true };

/**
 * `name` inside package directory `dir`: a package, a module file, or a namespace package, in the
 * order Python's FileFinder tries them (a regular package beats `name.py` beside it).
 */
export function pySubmodule(dir: string, name: string, index: ModuleIndex, through = true): PyModule | null {
  const path = join(dir, name);
  if (index.sources.has(`${path}/__init__.py`)) return { file: `${path}/__init__.py`, dir: path };
  if (index.sources.has(`${path}.py`)) return { file: `${path}.py`, dir: null };
  if (index.pyDirs.has(path)) return { file: null, dir: path };
  // (A directory with Python files only deeper down, on the way to one of them: `through`. An
  // absolute import ending there, `import docker` beside a `docker/compose/x.py`, is the package's.)
  if (through && index.pyParentDirs?.has(path)) return { file: null, dir: path };
  return null;
}

function walkPy(start: PyModule, parts: string[], index: ModuleIndex, absolute = false): PyModule | null {
  let mod: PyModule | null = start;
  for (let i = 0; i < parts.length; i++) {
    if (mod === null || mod.dir === null) return null;
    mod = pySubmodule(mod.dir, parts[i]!, index, !absolute || i < parts.length - 1);
  }
  return mod;
}

/**
 * `ns` of a file's `import ns.tools.fmt` when ns is a directory holding Python files only deeper
 * down (pySubmodule's `through`): the namespace package the import walks through; else null.
 */
export function pyNamespaceThrough(from: string, name: string, index: ModuleIndex): PyModule | null {
  if (!index.pyParentDirs) return null;
  for (const root of pyRoots(dirname(from), index)) {
    const path = join(root, name);
    if (index.pyParentDirs.has(path)) return { file: null, dir: path };
  }
  return null;
}

/** Directory above the outermost package containing `dir`: where `import pkg.mod` starts. */
function packageRoot(dir: string, index: ModuleIndex): string {
  while (dir !== "" && index.sources.has(`${dir}/__init__.py`)) dir = dirname(dir);
  return dir;
}

/**
 * Where `import a.b` in a file of `dir` looks, in order. Python 3 has no implicit relative
 * imports: a file's own directory is on sys.path only when it is a script (not inside a package),
 * so `reports/celery.py` importing `celery` gets the package. All an absolute import's target
 * depends on of the importing file.
 */
export function pyRoots(dir: string, index: ModuleIndex): string[] {
  const inPackage = index.sources.has(join(dir, "__init__.py"));
  return [...new Set([...(inPackage ? [] : [dir]), packageRoot(dir, index), "", "src"])];
}

/** `roots`: pyRoots() of `from`'s directory, when the caller has it. */
export function resolvePy(from: string, spec: string, index: ModuleIndex, roots?: readonly string[]): PyTarget {
  const dots = /^\.*/.exec(spec)![0].length;
  const parts = spec.slice(dots).split(".").filter((p) => p !== "");
  if (dots > 0) {
    let dir: string | null = dirname(from);
    for (let i = 1; i < dots && dir !== null; i++) dir = dir === "" ? null : dirname(dir);
    if (dir === null) return { missing: true };
    const init = join(dir, "__init__.py");
    // `from ...x import` climbing to a root of sys.path (the checkout, or its src/) that is no
    // package: beyond the top-level package, an ImportError.
    if (dots > 1 && (dir === "" || dir === "src") && !index.sources.has(init)) return { missing: true };
    const pkg: PyModule = { file: index.sources.has(init) ? init : null, dir };
    const mod = walkPy(pkg, parts, index);
    return mod ? { module: mod } : { missing: true };
  }
  for (const root of roots ?? pyRoots(dirname(from), index)) {
    const first = pySubmodule(root, parts[0] ?? "", index, parts.length > 1);
    if (!first) continue;
    const mod = walkPy(first, parts.slice(1), index, true);
    if (mod) return { module: mod };
  }
  const vendored = index.pyVendored?.get(parts[0] ?? "");
  if (vendored !== undefined) {
    const first = pySubmodule(vendored, parts[0]!, index);
    const mod = first ? walkPy(first, parts.slice(1), index) : null;
    if (mod) return { module: mod };
  }
  return { external: spec };
}
