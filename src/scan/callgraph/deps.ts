// Dependency code inside the checkout: a committed node_modules, vendored Python packages
// (vendor/, _vendor/, third_party/, site-packages/). Only packages that the app's code imports,
// and then the packages those import, are analysed, breadth first and within file/byte caps, so
// an app with a huge node_modules costs only what it uses. Packages named in `keepExternal` (the
// vulnerable ones) are never resolved into: their uses must stay visible as uses.
import { builtinModules } from "node:module";
import { lstat, readdir } from "node:fs/promises";
import { join, posix } from "node:path";
import type { FileFacts } from "./fact-types.ts";
import { collectFacts, type CollectOptions } from "./collect.ts";
import { normalize, npmPackageOf } from "./modules.ts";
import { isDependencyFile, isNonProductionPath } from "../reach/entries.ts";
import { classify, MAX_FILE_BYTES, type Listing, type SourceFile } from "./walk.ts";
import type { DependencyCode } from "./types.ts";

export interface DependencyLimits {
  /** Dependency source files analysed in all. */
  maxFiles: number;
  /** Bytes of dependency source read in all. */
  maxBytes: number;
  /** Files of one package: bigger ones are bundles or whole frameworks. */
  maxPackageFiles: number;
}

export const DEFAULT_DEPENDENCY_LIMITS: DependencyLimits = { maxFiles: 4_000, maxBytes: 40 * 1024 * 1024, maxPackageFiles: 1_500 };

export interface CrawlOptions extends CollectOptions {
  /** npm names and Python top-level import names that stay external. */
  keepExternal?: Set<string>;
  limits?: DependencyLimits;
}

export interface DependencyCrawl {
  packages: DependencyCode[];
  sources: SourceFile[];
  facts: FileFacts[];
  /** npm package name → its directory (for module resolution). */
  npm: Map<string, string>;
  /** package.json "main" (or the "." export) per package directory. */
  mains: Map<string, string>;
  /** Python top-level name → the directory that holds it. */
  python: Map<string, string>;
  limits: string[];
}

const VENDOR_DIRS = new Set(["vendor", "_vendor", "vendored", "third_party", "third-party", "thirdparty"]);
/** Folders of a package that no importer runs. */
const PACKAGE_SKIP = new Set(["node_modules", "test", "tests", "__tests__", "example", "examples", "docs", "doc", "benchmark", "benchmarks", "coverage", ".git", "__pycache__"]);
const BUILTINS = new Set(builtinModules);

// lstat, never stat: a symlinked package (pnpm's layout, or a link planted to /etc) is not
// followed out of the checkout.
const isDir = async (p: string): Promise<boolean> => (await lstat(p).catch(() => null))?.isDirectory() ?? false;
const isFile = async (p: string): Promise<boolean> => (await lstat(p).catch(() => null))?.isFile() ?? false;

/** Every component below `base` is a real directory (no symlinks), the last one included. */
async function realDirs(root: string, base: string, rel: string): Promise<boolean> {
  let at = base;
  for (const part of rel.split("/")) {
    at = at === "" ? part : `${at}/${part}`;
    if (!(await isDir(join(root, at)))) return false;
  }
  return true;
}

/** Code files of one package directory (or one module file), sorted, with their sizes. */
async function packageFiles(root: string, dir: string, python: boolean, cap: number): Promise<{ files: { src: SourceFile; size: number }[]; truncated: boolean }> {
  const out: { src: SourceFile; size: number }[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    const entries = await readdir(join(root, rel), { withFileTypes: true }).catch(() => []);
    // Name order, so which files a cap keeps does not depend on the file system.
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = `${rel}/${e.name}`;
      if (e.isSymbolicLink()) continue;
      if (e.isDirectory()) {
        if (!PACKAGE_SKIP.has(e.name)) stack.push(path);
        continue;
      }
      const kind = e.isFile() ? classify(path) : null;
      if (!kind || (kind[0] === "python") !== python || /[.-]min\.[cm]?js$/.test(e.name)) continue;
      if (out.length >= cap) return { files: out, truncated: true };
      const size = (await lstat(join(root, path)).catch(() => null))?.size ?? 0;
      out.push({ src: { path, language: kind[0], grammar: kind[1] }, size });
    }
  }
  out.sort((a, b) => (a.src.path < b.src.path ? -1 : 1));
  return { files: out, truncated: false };
}

/** The file a package.json says `require(name)` loads: "main", else the "." export. */
function mainOf(json: Record<string, unknown>): string {
  if (typeof json.main === "string") return json.main;
  let exp = json.exports;
  if (exp && typeof exp === "object" && !Array.isArray(exp) && "." in exp) exp = (exp as Record<string, unknown>)["."];
  for (let i = 0; i < 8 && exp && typeof exp === "object" && !Array.isArray(exp); i++) {
    const o = exp as Record<string, unknown>;
    exp = o.require ?? o.node ?? o.default ?? o.import;
  }
  return typeof exp === "string" ? exp : "index.js";
}

interface Wanted {
  from: string;
  name: string;
  /** The specifier as written ("lodash/fp", "yaml.loader"). */
  spec: string;
  python: boolean;
}

/** A test, example or docs path of the checkout's own (not dependency code). */
const testOrDocsPath = (path: string): boolean => isNonProductionPath(path) && !isDependencyFile(path);

function wantedBy(facts: FileFacts[]): Wanted[] {
  const out: Wanted[] = [];
  const imported = importedByProduction(facts);
  for (const f of facts) {
    // What only tests, examples or docs import (jest, pytest plugins) is never on an app's path;
    // a docs- or test-named directory that production code imports is production code.
    if (testOrDocsPath(f.path) && !imported.has(f.path)) continue;
    for (const imp of f.imports) {
      if (f.language === "python") {
        if (!imp.spec.startsWith(".")) out.push({ from: f.path, name: imp.spec.split(".")[0]!, spec: imp.spec, python: true });
      } else if (!imp.spec.startsWith(".") && !imp.spec.startsWith("/") && !imp.spec.startsWith("node:")) {
        const name = npmPackageOf(imp.spec);
        if (!BUILTINS.has(name) && /^(@[\w.-]+\/)?[\w.-]+$/.test(name)) out.push({ from: f.path, name, spec: imp.spec, python: false });
      }
    }
  }
  return out;
}

const JS_EXTS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"];

/** Bounds for a hostile tree: dotted module paths longer than this are not looked up. */
const MAX_MODULE_DEPTH = 32;

/**
 * The test, example or docs files that production files import, directly or through each other
 * (graph.ts `importedIsProduction` decides the same for the graph with the resolver; this runs
 * before any resolution, so it matches files by path: relative JS specifiers as Node resolves
 * them, Python modules by their dotted path from any root outside tests/docs directories, which
 * may take a same-named module of another root too: that only crawls more, within the caps).
 */
function importedByProduction(facts: FileFacts[]): Set<string> {
  const out = new Set<string>();
  const nonProduction = new Map<string, FileFacts>();
  for (const f of facts) if (testOrDocsPath(f.path)) nonProduction.set(f.path, f);
  if (nonProduction.size === 0) return out;
  // Python files by every dotted tail of their module path ("doc/render.py": "render", "doc.render").
  const byTail = new Map<string, string[]>();
  for (const path of nonProduction.keys()) {
    if (!path.endsWith(".py")) continue;
    const parts = path.slice(0, -3).split("/");
    if (parts.at(-1) === "__init__") parts.pop();
    for (let i = Math.max(0, parts.length - MAX_MODULE_DEPTH); i < parts.length; i++) {
      // `import utils` is not tests/utils.py: a root under a tests or docs directory is not on
      // production's path.
      if (i > 0 && isNonProductionPath(`${parts.slice(0, i).join("/")}/_`)) continue;
      const tail = parts.slice(i).join(".");
      const list = byTail.get(tail);
      if (list) list.push(path);
      else byTail.set(tail, [path]);
    }
  }
  const targets = (f: FileFacts, spec: string, names: string[]): string[] => {
    if (f.language !== "python") {
      if (!spec.startsWith(".")) return [];
      const base = normalize(`${posix.dirname(f.path)}/${spec}`);
      return base === null ? [] : [base, ...JS_EXTS.map((e) => base + e), ...JS_EXTS.map((e) => `${base}/index${e}`)];
    }
    const dots = /^\.*/.exec(spec)![0].length;
    const rest = spec.slice(dots).split(".").filter((p) => p !== "");
    if (rest.length > MAX_MODULE_DEPTH) return [];
    const modules = names.length > 0 ? [rest, ...names.map((n) => [...rest, n])] : [rest];
    if (dots === 0) return modules.flatMap((m) => byTail.get(m.join(".")) ?? []);
    let dir = posix.dirname(f.path);
    for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
    return modules.flatMap((m) => {
      const base = normalize(`${dir}/${m.join("/")}`);
      return base === null ? [] : [`${base}.py`, `${base}/__init__.py`];
    });
  };
  const work = facts.filter((f) => !nonProduction.has(f.path));
  while (work.length > 0) {
    const f = work.pop()!;
    for (const imp of f.imports) {
      for (const path of targets(f, imp.spec, imp.names)) {
        const target = nonProduction.get(path);
        if (target === undefined || out.has(path)) continue;
        out.add(path);
        work.push(target);
      }
    }
  }
  return out;
}

/** The code file a path inside a package names, Node's way (x, x.js, x/index.js). */
function resolveIn(base: string | null, avail: Map<string, number>): string | null {
  if (base === null) return null;
  for (const c of [base, ...JS_EXTS.map((e) => base + e), ...JS_EXTS.map((e) => `${base}/index${e}`)]) if (avail.has(c)) return c;
  return null;
}

interface NpmPackage {
  name: string;
  dir: string;
  /** Its code files and their sizes (listed, not all analysed). */
  avail: Map<string, number>;
  record: DependencyCode;
}

export async function crawlDependencies(root: string, listing: Listing, appFacts: FileFacts[], opts: CrawlOptions = {}): Promise<DependencyCrawl> {
  const limits = opts.limits ?? DEFAULT_DEPENDENCY_LIMITS;
  const keep = opts.keepExternal ?? new Set<string>();
  const crawl: DependencyCrawl = { packages: [], sources: [], facts: [], npm: new Map(), mains: new Map(), python: new Map(), limits: [] };
  const pyRoots = [
    ...[...listing.dirs].filter((d) => VENDOR_DIRS.has(posix.basename(d))),
    ...listing.skipped.filter((d) => posix.basename(d) === "site-packages"),
  ].sort();
  const queued = new Set(listing.sources.map((s) => s.path));
  let files = 0;
  let bytes = 0;
  let stopped = false;
  const places = new Map<string, Place | null>();
  // node_modules directories the walk saw (app files look only there, without touching the disk).
  const nodeModules = new Set(listing.skipped.filter((d) => posix.basename(d) === "node_modules"));
  const npmByDir = new Map<string, NpmPackage>();
  let frontier: SourceFile[] = [];
  // No node_modules and no vendored Python: no import of the app can land in dependency code
  // (the walk lists every node_modules it skips), so its imports need not be looked at one by one
  // (20-40 ms at 500k lines, most checkouts).
  if (pyRoots.length === 0 && nodeModules.size === 0) return crawl;

  /** Queue one dependency file for analysis, within the caps. */
  const enqueue = (src: SourceFile, size: number, record: DependencyCode): void => {
    if (stopped || queued.has(src.path) || size > MAX_FILE_BYTES) return;
    if (files + 1 > limits.maxFiles || bytes + size > limits.maxBytes) {
      stopped = true;
      record.complete = false;
      crawl.limits.push(`dependency code analysis stopped at ${record.name} (${record.dir}): over the limit of ${limits.maxFiles} files / ${limits.maxBytes} bytes`);
      return;
    }
    queued.add(src.path);
    files++;
    bytes += size;
    record.files++;
    frontier.push(src);
  };
  const enqueueJs = (pkg: NpmPackage, path: string | null): void => {
    if (path === null) return;
    const kind = classify(path);
    if (kind) enqueue({ path, language: kind[0], grammar: kind[1] }, pkg.avail.get(path) ?? 0, pkg.record);
  };

  const want = async (list: Wanted[]): Promise<void> => {
    for (const w of list) {
      if (stopped) return;
      if (keep.has(w.name)) continue;
      const key = `${w.python}:${w.name}`;
      // Looked up once per name (Python) or per importing directory and name (Node's lookup).
      const lookup = w.python ? key : `${key}:${posix.dirname(w.from)}`;
      let place = places.get(lookup);
      if (place === undefined) {
        place = w.python ? (pyRoots.length > 0 && !crawl.python.has(w.name) ? await findPython(root, pyRoots, w.name) : null) : await findNpm(root, w.from, w.name, nodeModules);
        places.set(lookup, place);
      }
      if (!place) continue;
      if (w.python) {
        if (crawl.python.has(w.name)) continue;
        // Vendored Python packages are small and import their own modules by dotted names: all of it.
        const { files: found, truncated } = place.file
          ? { files: [{ src: { path: place.file, language: "python" as const, grammar: "python" as const }, size: (await lstat(join(root, place.file))).size }], truncated: false }
          : await packageFiles(root, place.dir, true, limits.maxPackageFiles);
        const record: DependencyCode = { name: w.name, ecosystem: "PyPI", dir: place.dir, files: 0, complete: !truncated };
        crawl.packages.push(record);
        crawl.python.set(w.name, place.holder);
        if (truncated) crawl.limits.push(`${w.name} (${place.dir}) has more than ${limits.maxPackageFiles} code files; only the first were analysed`);
        for (const f of found) {
          if (queued.has(f.src.path)) record.files++;
          else enqueue(f.src, f.size, record);
        }
        continue;
      }
      let pkg = npmByDir.get(place.dir);
      if (!pkg) {
        const { files: found, truncated } = await packageFiles(root, place.dir, false, limits.maxPackageFiles);
        const record: DependencyCode = { name: w.name, ecosystem: "npm", dir: place.dir, files: 0, complete: !truncated };
        pkg = { name: w.name, dir: place.dir, avail: new Map(found.map((f) => [f.src.path, f.size])), record };
        npmByDir.set(place.dir, pkg);
        crawl.packages.push(record);
        if (truncated) crawl.limits.push(`${w.name} (${place.dir}) has more than ${limits.maxPackageFiles} code files; only the first were analysed`);
        // The first copy found answers for the name (nested versions of one package are not told apart).
        if (!crawl.npm.has(w.name)) {
          crawl.npm.set(w.name, place.dir);
          crawl.mains.set(place.dir, place.main ?? "index.js");
        }
      }
      // Only the files an importer can load: the main (or the subpath named), then what they import.
      const sub = w.spec.slice(w.name.length).replace(/^\//, "");
      enqueueJs(pkg, resolveIn(normalize(`${place.dir}/${sub === "" ? (place.main ?? "index.js") : sub}`), pkg.avail));
    }
  };

  await want(wantedBy(appFacts));
  while (frontier.length > 0) {
    const batch = frontier;
    frontier = [];
    const { facts } = await collectFacts(root, batch, opts);
    crawl.sources.push(...batch);
    crawl.facts.push(...facts);
    for (const f of facts) {
      if (f.language === "python") continue;
      const pkg = [...npmByDir.values()].find((p) => f.path.startsWith(`${p.dir}/`) && !f.path.slice(p.dir.length + 1).includes("node_modules/"));
      if (!pkg) continue;
      for (const imp of f.imports) {
        if (imp.spec.startsWith(".")) enqueueJs(pkg, resolveIn(normalize(`${posix.dirname(f.path)}/${imp.spec}`), pkg.avail));
      }
    }
    await want(wantedBy(facts));
  }
  return crawl;
}

interface Place {
  dir: string;
  /** The directory holding a Python package (its sys.path entry). */
  holder: string;
  /** A single-module Python dependency (`six.py`). */
  file?: string;
  main?: string;
}

/** Node's lookup: node_modules/<name> in the importing file's directory and each one above it. */
async function findNpm(root: string, from: string, name: string, nodeModules: Set<string>): Promise<Place | null> {
  // Outside dependency code, every node_modules directory is one the walk listed.
  const known = !from.split("/").includes("node_modules");
  if (known && nodeModules.size === 0) return null;
  let dir = posix.dirname(from);
  for (;;) {
    const base = dir === "." || dir === "" ? "" : dir;
    const here = base === "" ? "node_modules" : `${base}/node_modules`;
    // node_modules/a/node_modules/b is a package of its own, not a folder of a.
    if (posix.basename(base) !== "node_modules" && (!known || nodeModules.has(here))) {
      const cand = base === "" ? `node_modules/${name}` : `${base}/node_modules/${name}`;
      const pj = join(root, cand, "package.json");
      if ((await realDirs(root, base, `node_modules/${name}`)) && (await isFile(pj))) {
        let main = "index.js";
        try {
          const file = Bun.file(pj);
          if (file.size <= 1024 * 1024) {
            const json: unknown = JSON.parse(await file.text());
            if (json && typeof json === "object") main = mainOf(json as Record<string, unknown>);
          }
        } catch {
          // A broken package.json: Node would try index.js too.
        }
        return { dir: cand, holder: cand, main };
      }
    }
    if (base === "") return null;
    dir = posix.dirname(base);
  }
}

async function findPython(root: string, roots: string[], name: string): Promise<Place | null> {
  for (const r of roots) {
    if (await realDirs(root, r, name)) return { dir: `${r}/${name}`, holder: r };
    if (await isFile(join(root, r, `${name}.py`))) return { dir: `${r}/${name}.py`, holder: r, file: `${r}/${name}.py` };
  }
  return null;
}
