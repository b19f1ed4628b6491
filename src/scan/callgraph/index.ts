// Callgraph phase: parse every JS/TS/Python file of a checkout once with tree-sitter, extract
// per-file facts with the grammar queries in grammars/, and resolve them into one project graph
// with entry points (see types.ts for the data, render.ts for the JSON form).
// Known limits are listed per language in the README ("Known limits of the call graph").
import { posix } from "node:path";
import { deadlineCheck } from "../deadline.ts";
import { parse as parseToml } from "smol-toml";
import { pathMatcher } from "../reach/settings.ts";
import { dockerCommands, makeCommands, GUNICORN_HOOKS, dynamicFolder, exportTargets, findEntries, FUNCTION_CONFIG, sourceFor, isNonProductionPath, WORKER_CONFIG, type EntryOptions, type PackageJson, type PyScript } from "../reach/entries.ts";
import { parseJson } from "../inventory/json.ts";
import { readYaml } from "../inventory/structured.ts";
import { ADONIS_RC, ADONIS_RC6, adonis6Preloads, adonisSpecifier, AUTOLOAD_SPEC, CDK_SPEC, COMMANDER_SPEC, frameworkSignals, PACKAGE_HANDLER_BASE, VIEW_BASE } from "../reach/frameworks.ts";
import type { FactsCache } from "./cache.ts";
import type { FileFacts } from "./fact-types.ts";
import { bound, boundNames } from "./bound.ts";
import { collectFacts, type CollectStats, type SharedPool } from "./collect.ts";
import { crawlDependencies, type DependencyLimits } from "./deps.ts";
import { CAP_WORD } from "./facts-py-names.ts";
import { assemble, objectFunctions } from "./graph.ts";
import type { IncrementalState } from "./incremental.ts";
import type { ModuleIndex, PackageMapEntry, PackageMaps } from "./modules.ts";
import type { PoolOptions } from "./pool.ts";
import { StatIndex } from "./stat-index.ts";
import { KIND, type FileInfo } from "./value-types.ts";
import type { Resolver } from "./resolve.ts";
import type { Ref } from "./ref-types.ts";
import type { Def } from "./scopes.ts";
import type { EntryPoint, GraphFile, ProjectGraph } from "./types.ts";
import { readTsPaths } from "./tsconfig.ts";
import { listFiles, readSource } from "./walk.ts";

export type { ProjectGraph } from "./types.ts";
export { callgraphJson } from "./render.ts";

export interface BuildOptions extends EntryOptions {
  signal?: AbortSignal;
  /** Per-file facts cache (cache.ts); none: every file is parsed. */
  cache?: FactsCache | null;
  /** Parse worker pool (pool.ts); false: parse in-process. */
  pool?: PoolOptions | false;
  /** Told how the facts were obtained (cache hits, files parsed): benchmarks and logs. */
  onStats?: (stats: CollectStats) => void;
  /**
   * Packages whose code is never analysed even when it is in the checkout (npm names, Python
   * import names): the vulnerable ones, whose uses the reach phase looks for.
   */
  keepExternal?: string[];
  /** Caps on the dependency code analysed (deps.ts). */
  dependencyLimits?: DependencyLimits;
  /** Told how long each phase took (benchmarks: where a re-scan's time goes). */
  onPhase?: (phase: string, ms: number) => void;
  /**
   * The previous build's state for this project (incremental.ts), updated in place: unchanged
   * files keep their facts and only files whose inputs changed are re-resolved. One state per
   * project and settings; never shared by builds running at the same time.
   */
  incremental?: IncrementalState;
  /** Path → content id vouched for by the caller (a checkout's git blob ids; collect.ts). */
  contentIds?: Map<string, string> | null;
  /** Given the facts and module index assembly reads (tests: the same facts in another order). */
  onAssembly?: (facts: FileFacts[], index: ModuleIndex) => void;
}

export async function buildProjectGraph(root: string, opts: BuildOptions = {}): Promise<ProjectGraph> {
  const { signal } = opts;
  let mark = performance.now();
  const phase = (name: string): void => {
    const now = performance.now();
    opts.onPhase?.(name, now - mark);
    mark = now;
  };
  const listing = await listFiles(root, signal);
  // Excluded paths are not analysed at all: an import of one reads as code not in the checkout.
  if (opts.exclude && opts.exclude.length > 0) {
    const excluded = pathMatcher(opts.exclude);
    listing.sources = listing.sources.filter((s) => !excluded(s.path));
    for (const p of [...listing.all]) if (excluded(p)) listing.all.delete(p);
  }
  const packages = await readPackageJsons(root, listing.all);
  const index: ModuleIndex = {
    all: listing.all,
    sources: new Set(listing.sources.map((s) => s.path)),
    pyDirs: new Set(listing.sources.filter((s) => s.language === "python").map((s) => posix.dirname(s.path)).map((d) => (d === "." ? "" : d))),
    localPackages: new Map(),
    mains: new Map(),
    tsPaths: await readTsPaths(listing.all, async (path) => {
      try {
        const file = Bun.file(posix.join(root, path));
        return file.size > 1024 * 1024 ? null : await file.text();
      } catch {
        return null;
      }
    }),
  };
  index.pyParentDirs = parentDirs(index.pyDirs);
  index.pyConfigNames = await readPyConfigNames(root, listing.all, index.pyDirs);
  index.declared = declaredPackages(packages);
  for (const p of packages) {
    const json = p.json as { name?: unknown; main?: unknown };
    if (typeof json.name === "string" && p.dir !== "") index.localPackages.set(json.name, p.dir);
    if (typeof json.main === "string") index.mains.set(p.dir, json.main);
    if (p.dir !== "") workspaceMains(p.dir, p.json, index);
    const maps = packageMaps(p.dir, p.json);
    if (maps) (index.packageMaps ??= []).push(maps);
  }
  // Deepest package first: the nearest package.json with a map answers.
  index.packageMaps?.sort((a, b) => b.dir.split("/").length - a.dir.split("/").length || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  phase("list");
  // One pool for the app's files and every dependency-crawl layer; closed before assembly, so
  // its workers' memory is given back before the build's peak.
  const shared: SharedPool = { pool: null };
  const memo = opts.incremental?.facts;
  // A checkout's content ids already say which files changed; else the stat of the last build.
  const statIndex = opts.cache && !opts.contentIds ? new StatIndex(opts.cache.dir, root) : null;
  let collected: Awaited<ReturnType<typeof collectFacts>>;
  let deps: Awaited<ReturnType<typeof crawlDependencies>>;
  try {
    collected = await collectFacts(root, listing.sources, { signal, cache: opts.cache, pool: opts.pool, shared, memo, contentIds: opts.contentIds, statIndex });
    opts.onStats?.(collected.stats);
    phase("facts");
    deps = await crawlDependencies(root, listing, collected.facts, {
      signal, cache: opts.cache, pool: opts.pool, shared, memo, contentIds: opts.contentIds, statIndex, keepExternal: new Set(opts.keepExternal ?? []), limits: opts.dependencyLimits,
    });
  } finally {
    shared.pool?.close();
    // Once per build, after the dependency crawl's layers have written theirs, and also when the
    // build is cancelled or fails: its pack is closed and its index file names what was written
    // (whole entries, good for any later build) and hit.
    opts.cache?.flush();
  }
  // Pruning reads the whole cache directory: once per build that wrote entries (or left many
  // index files).
  if (opts.cache?.needsPrune()) opts.cache.prune();
  statIndex?.save();
  const facts = [...collected.facts, ...deps.facts];
  for (const src of deps.sources) {
    index.all.add(src.path);
    index.sources.add(src.path);
    if (src.language === "python") index.pyDirs.add(posix.dirname(src.path));
  }
  for (const [name, dir] of deps.npm) if (!index.localPackages.has(name)) index.localPackages.set(name, dir);
  for (const [dir, main] of deps.mains) index.mains.set(dir, main);
  index.pyVendored = deps.python;
  const files: GraphFile[] = facts.map((f) => (f.error ? { path: f.path, language: f.language, error: f.error } : { path: f.path, language: f.language }));
  phase("dependencies");
  const inc = opts.incremental;
  if (inc) {
    // Only this build's files stay remembered; the state is dropped first so that a build that
    // fails half way leaves none to reuse.
    const current = new Set(facts.map((f) => f.path));
    for (const path of [...inc.facts.keys()]) if (!current.has(path)) inc.facts.delete(path);
  }
  opts.onAssembly?.(facts, index);
  // Taken out of the state, so that a build that fails half way leaves none to reuse.
  const assembleOpts = inc?.reuseAssembly ? { previous: inc.assembly } : undefined;
  if (inc) inc.assembly = null;
  const { parts, resolver, infos, state, resolved } = assemble(facts, index, assembleOpts, deadlineCheck(signal));
  if (inc && resolved) {
    // The edited files' facts rebuilt on their old objects (incremental.ts) are what the next
    // scan compares with.
    for (const path of resolved) {
      const kept = inc.facts.get(path);
      if (kept) kept.facts = infos.get(path)!.facts;
    }
  }
  phase("assemble");
  const uses = frameworkSignals(parts.uses, parts.nodes);
  // Each reads every Python file's calls or defs: made only for a project that uses Celery, or a
  // framework with class-based views.
  const taskDecorated = (): Set<string> =>
    new Set(
      facts
        .filter((f) => f.language === "python" && f.calls.some((c) => c.kind === "call" && c.ref.root.t === "name" && c.ref.path.length === 1 && c.ref.path[0] === "task"))
        .map((f) => f.path),
    );
  // The view classes of each file, as viewFiles() last found them (entryNodes() runs their methods).
  let views = new Map<string, string[]>();
  // Of those, the classes that are views only by deriving from a UI toolkit's class (Qt, Textual).
  const uiViews = new Map<string, Map<string, RegExp>>();
  const viewFiles = (usesWebFramework: boolean, usesFalcon = false): Map<string, string[]> => {
    views = viewClasses(facts, usesWebFramework, usesFalcon, uiViews);
    return views;
  };
  const moduleNames = new Map(facts.filter((f) => f.language === "python").map((f) => [f.path, boundNames(f.bindings, -1)]));
  // Python modules queueing jobs (`queue.enqueue(...)`, `send_task(...)`): the job may be named by its dotted path.
  const jobTexts = await readJobTexts(root, facts.filter((f) => f.language === "python" && f.calls.some((c) => c.kind === "call" && JOB_CALLS.has(c.ref.path.at(-1) ?? ""))).map((f) => f.path));
  const listedFolders = await folderLoads(facts, root);
  const adonisTexts = await readAdonisTexts(root, listing.all);
  const entryFiles = findEntries(
    facts.map((f) => ({ path: f.path, language: f.language, hasMain: f.language === "python" && f.defs.some((d) => d.kind === "main") })),
    packages,
    await readPyScripts(root, listing.all),
    opts,
    { uses, all: listing.all, jobTexts, texts: await readWiringTexts(root, listing.sources.map((s) => s.path), facts.filter((f) => (f.language !== "python" && f.imports.some((i) => AUTOLOAD_SPEC.test(i.spec) || COMMANDER_SPEC.test(i.spec))) || (f.language === "python" && f.calls.some(configuresByName)) || f.imports.some((i) => CDK_SPEC.test(i.spec)) || (f.language !== "python" && (SERVERLESS_SCRIPT.test(f.path) || f.calls.some(namesHandlerPath)))).map((f) => f.path)), moduleNames, taskDecorated, viewFiles, listedFolders, procfile: await readProcfile(root, listing.all), dockerfile: await readDockerfile(root, listing.all), makefile: await readMakefile(root, listing.all), gunicornTexts: await readTexts(root, listing.sources.map((s) => s.path).filter((p) => /gunicorn[^/]*\.py$/i.test(p) && !isNonProductionPath(p)).sort().slice(0, 10)), functionConfigs: await readFunctionConfigs(root, listing.all), adonisTexts, workerConfigs: await readWorkerConfigs(root, listing.all), pageTexts: await readPageTexts(root, listing.all), pyScriptFiles: () => pyTopScripts(facts), sphinxSetups: sphinxSetups(facts) },
  );
  const entries = entryFiles.map((e): EntryPoint => {
    const fi = infos.get(e.file)!;
    return { file: e.file, kind: e.kind, label: `${e.file}:${e.kind}`, nodes: entryNodes(fi, e.kind, e.func, resolver, views.get(e.file), uiViews.get(e.file)), reason: e.reason };
  });
  const graph: ProjectGraph = { files, ...parts, entries };
  if (listedFolders.length > 0) {
    // A listed folder's loads are known (each of its modules is an entry): no longer dynamic sites.
    const known = new Set(listedFolders.map((l) => `${l.file}:${l.line}`));
    graph.dynamic = graph.dynamic.filter((d) => (d.kind ?? "import") !== "import" || !known.has(`${d.from.slice(0, d.from.indexOf("#"))}:${d.line}`));
  }
  // AdonisJS v6: the Ignitor's importer (`new Ignitor(APP_ROOT, { importer: (p) => import(p) })` in bin/server.ts,
  // bin/console.ts) loads what adonisrc.ts names, whose preloads and their routes are entries: no dynamic sites.
  const adonis6 = [...(adonisTexts?.keys() ?? [])].filter((p) => ADONIS_RC6.test(p)).map((p) => (posix.dirname(p) === "." ? "" : `${posix.dirname(p)}/`));
  if (adonis6.length > 0) {
    const ignitors = new Set(facts.filter((f) => f.language !== "python" && adonis6.some((d) => f.path.startsWith(`${d}bin/`)) && f.imports.some((i) => i.spec === "@adonisjs/core")).map((f) => f.path));
    graph.dynamic = graph.dynamic.filter((d) => (d.kind ?? "import") !== "import" || !ignitors.has(d.from.slice(0, d.from.indexOf("#"))));
  }
  if (inc) {
    inc.assembly = state ?? null;
    inc.lastResolved = resolved ?? null;
  }
  if (deps.packages.length > 0) graph.dependencies = deps.packages;
  if (deps.limits.length > 0) graph.limits = deps.limits;
  phase("entries");
  return graph;
}

async function readPackageJsons(root: string, all: Set<string>): Promise<PackageJson[]> {
  const out: PackageJson[] = [];
  for (const path of [...all].filter((p) => p === "package.json" || p.endsWith("/package.json")).sort()) {
    try {
      const file = Bun.file(posix.join(root, path));
      if (file.size > 1024 * 1024) continue;
      const json: unknown = JSON.parse(await file.text());
      if (json && typeof json === "object") out.push({ dir: path === "package.json" ? "" : posix.dirname(path), json });
    } catch {
      // A broken package.json names no entry points; the inventory phase reports it.
    }
  }
  return out;
}

/** Every package name a package.json of the checkout depends on, of any kind. */
function declaredPackages(packages: PackageJson[]): Set<string> {
  const out = new Set<string>();
  for (const p of packages) {
    const json = p.json as Record<string, unknown>;
    for (const key of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]) {
      const deps = json[key];
      if (deps && typeof deps === "object" && !Array.isArray(deps)) for (const name of Object.keys(deps)) out.add(name);
    }
  }
  return out;
}

async function readProcfile(root: string, all: Set<string>): Promise<string | undefined> {
  if (!all.has("Procfile")) return undefined;
  const read = await readSource(root, "Procfile");
  return "text" in read ? read.text : undefined;
}

/** The root Makefile's recipes, as Procfile lines (`make run` runs what they name). */
async function readMakefile(root: string, all: Set<string>): Promise<string | undefined> {
  const path = ["Makefile", "makefile", "GNUmakefile"].find((p) => all.has(p));
  const text = path ? await readConfigText(root, path) : null;
  const lines = text === null ? "" : makeCommands(text);
  return lines !== "" ? lines : undefined;
}

/** The root Dockerfile's CMD / ENTRYPOINT, as Procfile lines (what the container runs is an entry). */
async function readDockerfile(root: string, all: Set<string>): Promise<string | undefined> {
  const lines: string[] = [];
  if (all.has("Dockerfile")) {
    const text = await readConfigText(root, "Dockerfile");
    if (text !== null && dockerCommands(text)) lines.push(dockerCommands(text));
  }
  // Compose services' `command` / `entrypoint` (a string or a list of words): what each container runs.
  for (const path of ["docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml"]) {
    if (!all.has(path)) continue;
    const text = await readConfigText(root, path);
    const parsed = text === null ? null : readYaml(text);
    const services = parsed && "value" in parsed && parsed.value && typeof parsed.value === "object" ? (parsed.value as { services?: unknown }).services : undefined;
    if (!services || typeof services !== "object") continue;
    for (const [name, svc] of Object.entries(services as Record<string, unknown>).slice(0, 100)) {
      if (!svc || typeof svc !== "object") continue;
      for (const key of ["entrypoint", "command"]) {
        const v = (svc as Record<string, unknown>)[key];
        const cmd = typeof v === "string" ? v : Array.isArray(v) ? v.filter((w) => typeof w === "string").join(" ") : null;
        if (cmd && /^[\w-]+$/.test(name)) lines.push(`${path}#${name}: ${cmd.replace(/\s*\n\s*/g, " ")}`);
      }
    }
  }
  return lines.length > 0 ? lines.join("\n") : undefined;
}

/** The texts of `paths` that could be read (readConfigText's bounds); undefined for no paths. */
async function readTexts(root: string, paths: string[]): Promise<Map<string, string> | undefined> {
  if (paths.length === 0) return undefined;
  const out = new Map<string, string>();
  for (const path of paths) {
    const text = await readConfigText(root, path);
    if (text !== null) out.set(path, text);
  }
  return out;
}

/**
 * HTML pages and browser-extension manifests (at most 50 of 256 KB, none in test, vendored or build
 * output folders): the scripts they load are entries (entries.ts pageEntries).
 */
async function readPageTexts(root: string, all: Set<string>): Promise<Map<string, string> | undefined> {
  const paths = [...all].filter((p) => (/\.html?$/i.test(p) || /(^|\/)manifest\.json$/.test(p)) && !isNonProductionPath(p) && !/(^|\/)(dist|build|out|coverage|\.next|\.nuxt)\//.test(p)).sort().slice(0, 50);
  return readTexts(root, paths);
}

/** Cloudflare Workers' wrangler.toml / wrangler.json(c) texts (at most 20, none in test or vendored folders): their `main` is an entry. */
async function readWorkerConfigs(root: string, all: Set<string>): Promise<Map<string, string> | undefined> {
  const paths = [...all].filter((p) => WORKER_CONFIG.test(p) && !isNonProductionPath(p)).sort().slice(0, 20);
  return readTexts(root, paths);
}

/**
 * serverless.yml files and SAM/CloudFormation templates (parsed; at most 50 of 256 KB, none in
 * test or vendored folders): the Lambda handlers they name are entry points.
 */
async function readFunctionConfigs(root: string, all: Set<string>): Promise<Map<string, unknown> | undefined> {
  const paths = [...all].filter((p) => FUNCTION_CONFIG.test(p) && !isNonProductionPath(p)).sort().slice(0, 50);
  const out = new Map<string, unknown>();
  for (const path of paths) {
    const text = await readConfigText(root, path);
    if (text === null) continue;
    const parsed = path.endsWith(".json") ? parseJson(text) : readYaml(text);
    if ("value" in parsed) out.set(path, parsed.value);
  }
  return out.size > 0 ? out : undefined;
}

/** Each AdonisJS `.adonisrc.json` (at most 5, none in test or vendored folders) and the preload files it names (at most 20 each). */
async function readAdonisTexts(root: string, all: Set<string>): Promise<Map<string, string> | undefined> {
  const paths = [...all].filter((p) => (ADONIS_RC.test(p) || ADONIS_RC6.test(p)) && !isNonProductionPath(p)).sort().slice(0, 5);
  if (paths.length === 0) return undefined;
  const out = new Map<string, string>();
  for (const path of paths) {
    const text = await readConfigText(root, path);
    if (text === null) continue;
    out.set(path, text);
    if (ADONIS_RC6.test(path)) {
      // v6: preloads are lazy imports, by package.json `imports` subpath (`#start/routes`) or relative path.
      const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
      const pkgPath = dir === "" ? "package.json" : `${dir}/package.json`;
      const pkgText = all.has(pkgPath) ? await readConfigText(root, pkgPath) : null;
      if (pkgText === null) continue;
      out.set(pkgPath, pkgText);
      let imports: unknown;
      try {
        imports = (JSON.parse(pkgText) as { imports?: unknown }).imports;
      } catch {
        continue;
      }
      for (const pre of adonis6Preloads(text)) {
        const stem = adonisSpecifier(pre, dir, imports);
        const file = stem === null ? undefined : [".ts", ".js", ".mts", ".mjs", "/index.ts", "/index.js"].map((x) => `${stem}${x}`).find((f) => all.has(f));
        if (!file) continue;
        const t = await readConfigText(root, file);
        if (t !== null) out.set(file, t);
      }
      continue;
    }
    const parsed = parseJson(text);
    const preloads = "value" in parsed && parsed.value && typeof parsed.value === "object" ? (parsed.value as { preloads?: unknown }).preloads : undefined;
    if (!Array.isArray(preloads)) continue;
    const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
    for (const p of preloads.slice(0, 20)) {
      const rel = typeof p === "string" ? p : p && typeof p === "object" && typeof p.file === "string" ? p.file : null;
      if (rel === null) continue;
      const stem = posix.normalize(posix.join(dir, rel)).replace(/^\.\//, "");
      const file = [".ts", ".js", ".mts", ".mjs", "/index.ts", "/index.js"].map((x) => `${stem}${x}`).find((f) => all.has(f));
      if (!file) continue;
      const t = await readConfigText(root, file);
      if (t !== null) out.set(file, t);
    }
  }
  return out;
}

/** Methods that queue a job, which a job queue's worker (RQ, Celery, rq-scheduler) may take by its dotted path. */
const JOB_CALLS = new Set(["enqueue", "enqueue_call", "enqueue_at", "enqueue_in", "send_task", "cron", "schedule", "add_job", "load_extension", "add_router"]);

/** The texts of Python modules calling a JOB_CALLS method (at most 200, none in tests). */
async function readJobTexts(root: string, paths: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const path of paths.filter((p) => !isNonProductionPath(p)).slice(0, 200)) {
    const read = await readSource(root, path);
    if ("text" in read) texts.set(path, read.text);
  }
  return texts;
}

/** The Serverless Framework's configuration as code (serverless.ts / .js): read as text, never run. */
const SERVERLESS_SCRIPT = /(^|\/)serverless\.[cm]?[jt]s$/;

/** `handlerPath(__dirname)` of the aws-nodejs-typescript template: its file names a handler beside it. */
const namesHandlerPath = (c: FileFacts["calls"][number]): boolean => c.kind === "call" && c.ref.path.length === 0 && c.ref.root.t === "name" && c.ref.root.name === "handlerPath";

/** A Python method call that may name modules by string: Pyramid's `config.include("…")` / `config.scan("…")`. */
const configuresByName = (c: FileFacts["calls"][number]): boolean => c.kind === "call" && c.ref.path.length > 0 && (c.ref.path.at(-1) === "scan" || c.ref.path.at(-1) === "include");

/** Django settings and URL modules, whose wiring (ROOT_URLCONF, include("x.urls")) is strings; Sails `config/routes.js`; JS files loading with autoload; Python files calling `.include()`/`.scan()` (Pyramid). */
async function readWiringTexts(root: string, sources: string[], autoloading: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const wanted = sources.filter((p) => /(^|\/)(urls|settings)\.py$/.test(p) || /(^|\/)settings\/[^/]+\.py$/.test(p) || /(^|\/)config\/routes\.[cm]?[jt]s$/.test(p));
  wanted.push(...autoloading.slice(0, 50));
  for (const path of wanted.slice(0, 500)) {
    const read = await readSource(root, path);
    if ("text" in read) texts.set(path, read.text);
  }
  return texts;
}

const CONSOLE_SCRIPT = /^\s*["']?\s*[\w.-]+\s*=\s*([\w.]+)\s*:\s*([\w.]+)/;

/** Configuration files whose CapWords names count as uses of Python classes (readPyConfigNames). */
const CONFIG_FILE = /(^|\/)(pyproject\.toml|setup\.cfg|Makefile|makefile|GNUmakefile|Procfile|Dockerfile|crontab)$|\.(ya?ml|ini|cfg|conf|toml)$/;
/** Bounds on that reading: configuration files are small and few; data files are not read. */
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_CONFIG_FILES = 500;

/**
 * The directories above those holding Python files that hold none themselves: namespace packages
 * nest (`ns/tools/fmt.py` is module ns.tools.fmt though neither `ns` nor `ns/tools` has an
 * `__init__.py`); modules.ts walks through them but never ends an absolute import at one.
 */
function parentDirs(dirs: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const dir of dirs) {
    // Up to the first directory already known (its parents are then known too).
    for (let d = posix.dirname(dir); d !== "." && d !== "" && d !== "/" && !out.has(d); d = posix.dirname(d)) if (!dirs.has(d)) out.add(d);
  }
  return out;
}

/**
 * CapWords names in the checkout's configuration files (every pyproject.toml and setup.cfg, and
 * YAML/INI/TOML/cfg files up to 256 KB, at most 500) and deployment commands (Makefile, Procfile,
 * Dockerfile, crontab): entry points and plugin settings name classes that a host or a loader
 * instantiates (`plugin = "pkg.mod:Checker"`, `class: app.Handler`, `luigi --module pkg.tasks Report`),
 * which no Python text may name (ModuleIndex.pyConfigNames). Only for a project with Python sources.
 */
async function readPyConfigNames(root: string, all: Set<string>, pyDirs: Set<string>): Promise<string[] | undefined> {
  if (pyDirs.size === 0) return undefined;
  const names = new Set<string>();
  let read = 0;
  for (const path of all) {
    if (!CONFIG_FILE.test(path)) continue;
    if (read++ >= MAX_CONFIG_FILES) break;
    const text = await readConfigText(root, path);
    // (The names facts-py-names.ts pyUsedNames reads in Python files.)
    if (text !== null) for (const m of text.matchAll(CAP_WORD)) names.add(m[0]);
  }
  return names.size > 0 ? [...names].sort() : undefined;
}

/** A configuration file's text, or null when it is larger than MAX_CONFIG_BYTES or unreadable. */
async function readConfigText(root: string, path: string): Promise<string | null> {
  try {
    if (Bun.file(posix.join(root, path)).size > MAX_CONFIG_BYTES) return null;
  } catch {
    return null;
  }
  const read = await readSource(root, path);
  return "text" in read ? read.text : null;
}

/** An entry point's object reference: "module", "module:attr.path", optionally "[extras]" after it. */
const ENTRY_POINT = /^([\w.]+)(?:\s*:\s*([\w.]+))?\s*(?:\[[^\]]*\])?$/;

/**
 * Console scripts: `[project.scripts]`, `[project.gui-scripts]`, `[tool.poetry.scripts]` of the
 * root pyproject.toml, `console_scripts` of setup.cfg and of setup.py (read as text: running
 * setup.py to learn them would run the checkout's code); plugin entry points of other groups
 * (`[project.entry-points."…"]`, `[tool.poetry.plugins."…"]`, setup.cfg `[options.entry_points]`).
 */
async function readPyScripts(root: string, all: Set<string>): Promise<PyScript[]> {
  const out: PyScript[] = [];
  const text = async (name: string): Promise<string | null> => {
    if (!all.has(name)) return null;
    const read = await readSource(root, name);
    return "text" in read ? read.text : null;
  };
  const pyproject = await text("pyproject.toml");
  if (pyproject !== null) {
    try {
      const toml = parseToml(pyproject) as Record<string, any>;
      for (const t of [toml.project?.scripts, toml.project?.["gui-scripts"], toml.tool?.poetry?.scripts]) {
        if (!t || typeof t !== "object") continue;
        for (const v of Object.values(t)) {
          const m = typeof v === "string" ? /^([\w.]+):([\w.]+)$/.exec(v.trim()) : null;
          if (m) out.push({ module: m[1]!, func: m[2]!, from: "pyproject.toml" });
        }
      }
      // Plugin groups (`[project.entry-points."myapp.plugins"]`, `[tool.poetry.plugins."…"]`): the
      // host loads each object ("module:attr", "module" alone, "[extras]" after it) and calls it.
      for (const groups of [toml.project?.["entry-points"], toml.tool?.poetry?.plugins]) {
        if (!groups || typeof groups !== "object") continue;
        for (const [group, t] of Object.entries(groups as Record<string, unknown>)) {
          if (!t || typeof t !== "object" || group === "console_scripts" || group === "gui_scripts") continue;
          for (const v of Object.values(t as Record<string, unknown>)) {
            const m = typeof v === "string" ? ENTRY_POINT.exec(v.trim()) : null;
            if (m) out.push({ module: m[1]!, func: m[2] ?? "", from: "pyproject.toml", group });
          }
        }
      }
      // Dagster (`[tool.dagster] module_name = "pkg.definitions"`, a string or a list): `dagster dev`
      // imports the module, whose Definitions hold the assets and jobs (decorated functions it calls).
      const dagster = toml.tool?.dagster?.module_name;
      for (const m of (Array.isArray(dagster) ? dagster : [dagster]).slice(0, 20)) {
        if (typeof m === "string" && /^[\w.]+$/.test(m.trim())) out.push({ module: m.trim(), func: "", from: "pyproject.toml [tool.dagster]", moduleOnly: true });
      }
      // Kedro (`[tool.kedro] package_name = "spaceflights"`): `kedro run` imports the package's settings
      // module and calls pipeline_registry.register_pipelines(), whose pipelines hand it their node functions.
      const kedro = toml.tool?.kedro?.package_name;
      if (typeof kedro === "string" && /^\w+$/.test(kedro.trim())) {
        out.push({ module: `${kedro.trim()}.pipeline_registry`, func: "register_pipelines", from: "pyproject.toml [tool.kedro]" });
        out.push({ module: `${kedro.trim()}.settings`, func: "", from: "pyproject.toml [tool.kedro]", moduleOnly: true });
      }
    } catch {
      // A broken pyproject.toml names no scripts; the inventory phase reports it.
    }
  }
  // Dagster's workspace.yaml: `load_from: [{ python_module: pkg.defs }, { python_file: defs.py }]`
  // (or `python_module: { module_name: pkg.defs }`, `python_package`): the modules `dagster dev` imports.
  const workspace = await text("workspace.yaml");
  if (workspace !== null && /^load_from\s*:/m.test(workspace)) {
    for (const m of workspace.matchAll(/\bpython_(module|package|file)\s*:\s*(?:\n\s*(?:module_name|package_name|relative_path)\s*:\s*)?["']?([\w./-]+)["']?/g)) {
      const name = m[1] === "file" ? m[2]!.replace(/\.py$/, "").replace(/^\.\//, "").replace(/\//g, ".") : m[2]!;
      if (/^[\w.]+$/.test(name)) out.push({ module: name, func: "", from: "workspace.yaml (Dagster)", moduleOnly: true });
    }
  }
  const cfg = await text("setup.cfg");
  if (cfg !== null) {
    // [options.entry_points] console_scripts = (indented "name = module:func" lines); other
    // groups are plugins their host loads.
    const found = /^\[options\.entry_points\][ \t]*\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(cfg);
    const section = found?.[1] ?? cfg;
    for (const block of section.matchAll(/^([\w.-]+)\s*=[ \t]*\n((?:[ \t]+.*\n?)*)/gm)) {
      const group = block[1]!;
      for (const lineText of block[2]!.split("\n")) {
        const m = CONSOLE_SCRIPT.exec(lineText);
        if (!m) continue;
        if (group === "console_scripts" || group === "gui_scripts") out.push({ module: m[1]!, func: m[2]!, from: "setup.cfg" });
        else if (found) out.push({ module: m[1]!, func: m[2]!, from: "setup.cfg", group });
      }
    }
  }
  const setup = await text("setup.py");
  if (setup !== null) {
    const at = setup.search(/["'](console_scripts|gui_scripts)["']/);
    if (at >= 0) {
      for (const m of setup.slice(at, at + 20_000).matchAll(/["']\s*[\w.-]+\s*=\s*([\w.]+)\s*:\s*([\w.]+)\s*["']/g)) {
        out.push({ module: m[1]!, func: m[2]!, from: "setup.py" });
      }
    }
  }
  return out;
}

/** A base class's last name (`generic.ListView` → ListView), "" when it is not a dotted name. */
function baseName(base: Ref): string {
  return base.path.length > 0 ? base.path[base.path.length - 1]! : base.root.t === "name" ? base.root.name : "";
}

/**
 * Class-based views, by file (qualified class names): with a web framework that has them, classes
 * with a base named like a view (`View`, `generic.ListView`, `APIView`, `ModelViewSet`); in any
 * project, classes deriving, directly or through classes of the project (matched by name, a few
 * levels), from a package's base named like a handler (PACKAGE_HANDLER_BASE: Tornado
 * `RequestHandler`, `socketserver.BaseRequestHandler`, Flask-RESTful `Resource`). A base is the
 * package's when no class of the project has its name. With Falcon, whose resources and
 * middleware derive from nothing: classes defining a responder (`on_get`, `on_post_collection`…)
 * or a middleware method (`process_request`…); Falcon calls them on the instance handed to
 * `app.add_route()` / `App(middleware=[…])`.
 */
function viewClasses(facts: FileFacts[], usesWebFramework: boolean, usesFalcon: boolean, uiOnly: Map<string, Map<string, RegExp>>): Map<string, string[]> {
  uiOnly.clear();
  const ours = new Map<string, Def[]>();
  for (const f of facts) {
    if (f.language !== "python") continue;
    for (const d of f.defs) {
      if (d.kind !== "class") continue;
      const list = ours.get(d.name);
      if (list) list.push(d);
      else ours.set(d.name, [d]);
    }
  }
  const memo = new Map<Def, boolean>();
  const derives = (d: Def, depth: number): boolean => {
    const known = memo.get(d);
    if (known !== undefined) return known;
    memo.set(d, false); // a cycle of names derives from nothing
    const yes = d.bases.some((b) => {
      const name = baseName(b);
      const mine = ours.get(name);
      if (!mine) return PACKAGE_HANDLER_BASE.test(name);
      return depth < 6 && mine.some((m) => m !== d && derives(m, depth + 1));
    });
    memo.set(d, yes);
    return yes;
  };
  // A class that is a view only by deriving from a task base (luigi's `Task`/`WrapperTask`/`ExternalTask`, Celery's
  // `Task`), directly or through ours: the scheduler or worker calls its hooks (TASK_HOOK), not its other methods.
  const taskMemo = new Map<Def, boolean>();
  const taskOnly = (d: Def, depth: number): boolean => {
    const known = taskMemo.get(d);
    if (known !== undefined) return known;
    taskMemo.set(d, false);
    const yes = d.bases.every((b) => {
      const name = baseName(b);
      const mine = ours.get(name);
      if (!mine) return TASK_BASE.test(name) || !PACKAGE_HANDLER_BASE.test(name);
      return depth < 6 && mine.every((m) => m === d || !derives(m, depth + 1) || taskOnly(m, depth + 1));
    });
    taskMemo.set(d, yes);
    return yes;
  };
  const out = new Map<string, string[]>();
  for (const f of facts) {
    if (f.language !== "python") continue;
    let falcon: Set<number> | null = null;
    if (usesFalcon) {
      falcon = new Set();
      for (const d of f.defs) if (d.kind === "method" && d.parent >= 0 && FALCON_METHOD.test(d.name)) falcon.add(d.parent);
    }
    // discord.py: a `commands.Bot` / `discord.Client` subclass's event hooks (`on_message`, `setup_hook` …) are
    // called by the library once the bot runs, as a Cog's listeners are.
    const discord = f.imports.some((i) => /^discord(?:\.|$)/.test(i.spec));
    // Home Assistant: classes deriving from its entities, flows and coordinators (`SensorEntity`,
    // `config_entries.ConfigFlow`, `DataUpdateCoordinator`): it calls their hooks and properties by name.
    const frameworkBases = new Set(f.imports.filter((i) => /^homeassistant(?:\.|$)/.test(i.spec)).flatMap((i) => i.names));
    // Odoo: an addon's models (`models.Model`, `TransientModel`, `AbstractModel`), whose public methods
    // the web client calls over RPC (a form's `<button name="action_x" type="object">`) and whose compute,
    // onchange and constraint methods the ORM calls by name; `http.Controller` subclasses' routes.
    const odoo = new Set(f.imports.filter((i) => /^odoo(?:\.|$)/.test(i.spec)).flatMap((i) => i.names));
    const odooBase = (d: Def): boolean => odoo.size > 0 && d.bases.some((b) => ODOO_BASE.test(baseName(b)) && b.root.t === "name" && odoo.has(b.root.name));
    // Qt (PySide, PyQt, qtpy): a QThread's or QRunnable's run() runs once started, and widgets' event
    // handlers (`dropEvent`, `closeEvent` …), models' `data`/`rowCount` and slots are called by Qt.
    // Textual: an App's or widget's `compose`, `on_<message>` handlers and `action_<name>` bindings.
    const uiBases = new Set(f.imports.filter((i) => UI_MODULE.test(i.spec)).flatMap((i) => i.names));
    const named = (d: Def, names: Set<string>): boolean => names.size > 0 && d.bases.some((b) => b.root.t === "name" && names.has(b.root.name));
    const ui = new Map<string, RegExp>();
    const classes = f.defs
      .filter((d, i) => {
        if (d.kind !== "class") return false;
        if ((usesWebFramework && d.bases.some((b) => VIEW_BASE.test(baseName(b)))) || falcon?.has(i) ||
          (discord && d.bases.some((b) => DISCORD_CLIENT.test(baseName(b)) && (b.path.length === 0 || (b.root.t === "name" && DISCORD_MODULE.test(b.root.name))))) ||
          named(d, frameworkBases) || odooBase(d)) return true;
        if (derives(d, 0)) {
          // (A task's scheduler or worker calls its hooks, not every method: entryNodes() keeps TASK_HOOK's.)
          if (taskOnly(d, 0)) ui.set(d.qname, TASK_HOOK);
          return true;
        }
        // (A toolkit calls the hooks it defines, not every method: entryNodes() keeps UI_HOOK's.)
        if (!named(d, uiBases) || !f.defs.some((m) => m.parent === i && m.kind === "method" && UI_HOOK.test(m.name))) return false;
        ui.set(d.qname, UI_HOOK);
        return true;
      })
      .map((d) => d.qname);
    if (classes.length > 0) out.set(f.path, classes);
    if (ui.size > 0) uiOnly.set(f.path, ui);
  }
  return out;
}

/** luigi's and Celery's task bases, whose subclasses' hooks (TASK_HOOK) the scheduler or worker calls. */
const TASK_BASE = /^(?:Task|WrapperTask|ExternalTask)$/;

/**
 * The methods luigi's scheduler and workers and Celery's worker call on a task: `requires`, `output`,
 * `complete`, `run` (and `__call__`, which calls it), the event hooks (`on_success`, `on_failure`, Celery's
 * `on_retry`, `before_start`, `after_return`), luigi's `process_resources` and external programs' arguments.
 */
const TASK_HOOK = /^(?:__init__|__call__|run|requires|output|complete|on_success|on_failure|on_retry|before_start|after_return|process_resources|program_args|program_environment)$/;

/** Locust's user and task-set bases. */
const LOCUST_USER = /^(?:HttpUser|FastHttpUser|User|TaskSet|SequentialTaskSet)$/;

/** Odoo's bases whose subclasses it calls (`models.Model`, `http.Controller`). */
const ODOO_BASE = /^(?:Model|TransientModel|AbstractModel|Controller)$/;

/**
 * The functions Home Assistant calls on an integration's modules: setup and unload of the
 * integration, its config entries and platforms, options flows, diagnostics, device automations.
 */
const HASS_HOOK = /^(?:async_)?(?:setup|setup_entry|unload_entry|migrate_entry|remove_entry|setup_platform|reset_platform|remove_config_entry_device)$|^async_get_(?:options_flow|config_entry_diagnostics|device_diagnostics|triggers|actions|conditions|trigger_capabilities|action_capabilities|condition_capabilities)$|^async_(?:attach_trigger|call_action_from_config|condition_from_config|validate_trigger_config|validate_action_config|validate_condition_config)$/;

/**
 * The methods Qt and Textual call on a subclass of theirs: Qt's virtual overrides (event handlers,
 * QThread/QRunnable `run`, item models' and delegates' hooks, `paint`, dialogs' `accept`…);
 * Textual's `compose`/`render`, `on_<message>`, `action_<name>`, `watch_`/`validate_`/`compute_<attr>`,
 * `key_<key>`. (Slots connected with `signal.connect(self.m)` are called where they are handed over.)
 */
const UI_HOOK = /Event$|^(?:run|paint|sizeHint|minimumSizeHint|data|setData|rowCount|columnCount|headerData|setHeaderData|flags|index|parent|hasChildren|canFetchMore|fetchMore|mimeTypes|mimeData|dropMimeData|supportedDropActions|removeRows|insertRows|filterAcceptsRow|filterAcceptsColumn|lessThan|createEditor|setEditorData|setModelData|updateEditorGeometry|displayText|initializePage|validatePage|cleanupPage|nextId|isComplete|accept|reject|done|event|eventFilter|timerEvent|compose|render|render_line|on_mount|on_unmount)$|^(?:on|action|watch|validate|compute|key)_\w+$/;

/** The modules of Qt's bindings (`from PySide6.QtCore import QThread`, `from PyQt5 import QtWidgets`) and of Textual. */
const UI_MODULE = /^(?:PySide[26]|PyQt[56]|qtpy|textual)(?:\.|$)/;

/** discord.py's client classes, whose subclasses' `on_<event>` hooks the library calls. */
const DISCORD_CLIENT = /^(?:Bot|AutoShardedBot|Client|AutoShardedClient)$/;
/** How discord.py's modules are named in a base (`discord.Client`, `commands.Bot`). */
const DISCORD_MODULE = /^(?:discord|commands)$/;

const LISTING_CALL = /^(?:readdirSync|readdir|globSync|sync)$/;

/**
 * JS modules that list a folder and load what they find: a call of `readdirSync`/`readdir`/
 * `globSync` and a dynamic import whose name is a literal folder of ours and a computed file
 * (`` fs.readdirSync(dir).forEach((f) => require(`./routes/${f}`)(app)) ``): every module of
 * that folder is loaded there.
 */
async function folderLoads(facts: FileFacts[], root: string): Promise<{ file: string; line: number; dir: string; deep?: boolean }[]> {
  const out: { file: string; line: number; dir: string; deep?: boolean }[] = [];
  let paths: string[] | null = null;
  for (const f of facts) {
    if (f.language === "python" || f.dynamic.length === 0 || isNonProductionPath(f.path)) continue;
    const lists = f.calls.some((c) => {
      const last = c.ref.path.length > 0 ? c.ref.path[c.ref.path.length - 1] : c.ref.root.t === "name" ? c.ref.root.name : undefined;
      return last !== undefined && LISTING_CALL.test(last);
    });
    if (!lists) continue;
    let listed: { dir: string; deep: boolean; line: number }[] | null = null;
    for (const d of f.dynamic) {
      if ((d.kind ?? "import") !== "import") continue;
      paths ??= facts.map((x) => x.path);
      const dir = dynamicFolder(d.text, f.path, paths);
      if (dir !== null) {
        out.push({ file: f.path, line: d.line, dir });
        continue;
      }
      // `glob.sync(path.join(__dirname, "routes/*.js")).forEach((file) => require(path.resolve(file))(app))`:
      // the name is the listing's result, whose literal folder the listing call names (read from the text,
      // once per file). Only a computed name made of no literal of its own (a variable, path.resolve(f)).
      const joined = JOINED_NAME.exec(d.text);
      if (joined) {
        // `require(path.join(__dirname, "routes", file))`: the literal parts are the folder.
        const dir = posix.normalize(posix.join(posix.dirname(f.path), ...[...joined[1]!.matchAll(/["']([^"'\n]*)["']/g)].map((x) => x[1]!)));
        if (!dir.startsWith("..") && dir !== "." && paths.some((p) => p.startsWith(`${dir}/`))) out.push({ file: f.path, line: d.line, dir: `${dir}/` });
        continue;
      }
      if (/["'`]/.test(d.text)) continue;
      if (listed === null) {
        const read = await readSource(root, f.path);
        listed = "text" in read ? listedDirs(read.text, f.path, paths) : [];
      }
      // The nearest listing at or above the load, within a few lines (`glob.sync(…).forEach((f) => require(f))`).
      let near: { dir: string; deep: boolean; line: number } | null = null;
      for (const l of listed) if (l.line <= d.line && d.line - l.line <= 8 && (near === null || l.line > near.line)) near = l;
      if (near) out.push({ file: f.path, line: d.line, dir: near.dir, ...(near.deep ? { deep: true } : {}) });
    }
  }
  return out;
}

/** A load of `path.join(__dirname, "routes", file)`: literal folder parts, then one computed name. */
const JOINED_NAME = /^[\w.$]*\(\s*(?:path\.)?(?:join|resolve)\(\s*__dirname\s*((?:,\s*["'][^"'\n]*["']\s*)+),\s*[\w.$]+\s*\)\s*\)$/;

/** A listing call's literal folder: `readdirSync(path.join(__dirname, "routes"))`, `glob.sync("./routes/**\/*.js")`, `globSync(\`${__dirname}/jobs/*.ts\`)`. */
const LISTED_DIR = /\b(?:readdirSync|readdir|globSync|sync)\(\s*(?:(?:path\.)?(?:join|resolve)\(\s*(__dirname|process\.cwd\(\))\s*((?:,\s*["'][^"'\n]*["']\s*)+)\)|["'`](\$\{__dirname\}\/)?([^"'`\n$]+)["'`])/g;

/** The folders of ours a file's listing calls name, with whether a `**` pattern reaches subfolders and the call's line. */
function listedDirs(text: string, file: string, paths: string[]): { dir: string; deep: boolean; line: number }[] {
  const out: { dir: string; deep: boolean; line: number }[] = [];
  const here = posix.dirname(file) === "." ? "" : posix.dirname(file);
  for (const m of text.slice(0, 512 * 1024).matchAll(LISTED_DIR)) {
    const fromFile = m[1] === "__dirname" || m[3] !== undefined;
    const literal = m[2] !== undefined ? posix.join(...[...m[2].matchAll(/["']([^"'\n]*)["']/g)].map((x) => x[1]!)) : m[4]!;
    const cut = literal.search(/[*?{[]/);
    const folder = (cut < 0 ? literal : literal.slice(0, literal.lastIndexOf("/", cut) + 1)).replace(/\/$/, "");
    const deep = literal.includes("**");
    // Relative to the file (__dirname), else to the process's folder: the checkout's root, or the file's folder.
    for (const base of fromFile ? [here] : ["", here]) {
      const dir = posix.normalize(posix.join(base, folder));
      if (dir.startsWith("..") || dir === ".") continue;
      if (paths.some((p) => p.startsWith(`${dir}/`))) {
        out.push({ dir: `${dir}/`, deep, line: text.slice(0, m.index).split("\n").length });
        break;
      }
    }
  }
  return out;
}

/** Calls a library module makes at import time to define things (a logger, a pattern, a type): no sign of a script. */
const DEFINITIONAL = new Set([
  "getLogger", "compile", "TypeVar", "NewType", "namedtuple", "NamedTuple", "TypedDict", "ParamSpec", "get", "getenv", "Path", "dirname", "join",
  "abspath", "realpath", "expanduser", "setdefault", "field", "dataclass", "Enum", "IntEnum", "frozenset", "set", "dict", "list", "tuple", "object",
  "partial", "lru_cache", "cache", "property", "staticmethod", "classmethod", "defaultdict", "OrderedDict", "Counter", "declarative_base",
  "ContextVar", "Lock", "RLock", "local", "Semaphore", "Event", "int", "str", "float", "bool", "len", "range", "format", "getattr", "hasattr",
  "isinstance", "version", "get_distribution", "cast", "overload", "final", "Literal", "Union", "Optional", "Callable", "Any", "__import__", "append", "extend", "update",
]);

/** The last name of a callee: `logging.getLogger` → "getLogger". */
const lastName = (r: FileFacts["calls"][number]["ref"]): string => (r.path.length > 0 ? r.path[r.path.length - 1]! : r.root.t === "name" ? r.root.name : "");

/** Root-level Python files that are tools' configuration or build scripts, not the program. */
const NOT_SCRIPTS = new Set(["setup.py", "conftest.py", "noxfile.py", "fabfile.py", "dodo.py", "conf.py", "versioneer.py", "tasks.py", "__init__.py", "__main__.py", "manage.py"]);

/**
 * Root-level Python modules that look like scripts: their top level makes a call that is no
 * decorator (`bot.run(TOKEN)`, `main()`), and no module of the checkout imports them. Asked only
 * when no Python entry point is found (entries.ts).
 */
function pyTopScripts(facts: FileFacts[]): string[] {
  const py = facts.filter((f) => f.language === "python");
  const imported = new Set<string>();
  for (const f of py) for (const i of f.imports) if (!i.spec.startsWith(".")) imported.add(i.spec.split(".")[0]!);
  return py
    .filter((f) => !f.path.includes("/") && !NOT_SCRIPTS.has(f.path) && !/_pb2(?:_grpc)?\.py$/.test(f.path) && !imported.has(f.path.slice(0, -3)))
    .filter((f) => f.calls.some((c) => c.scope === -1 && c.kind !== "ref" && !c.decorates && !DEFINITIONAL.has(lastName(c.ref)) && !f.calls.some((d) => d.decorates && d.line === c.line)))
    .map((f) => f.path)
    .sort();
}

/**
 * Sphinx extensions: in a project whose code imports Sphinx, the modules defining a top-level
 * `setup(app)` (a first parameter named `app` or `sphinx`; not setup.py or a docs conf.py, which
 * are no extension's). Sphinx imports each extension its conf.py's `extensions` lists and calls
 * that function with the application.
 */
function sphinxSetups(facts: FileFacts[]): string[] {
  const py = facts.filter((f) => f.language === "python");
  if (!py.some((f) => f.imports.some((i) => /^sphinx(?:\.|$)/.test(i.spec)))) return [];
  const out: string[] = [];
  for (const f of py) {
    if (out.length >= 50 || /(?:^|\/)(?:setup|conf)\.py$/.test(f.path)) continue;
    const at = f.defs.findIndex((d) => d.parent === -1 && d.kind === "function" && d.name === "setup");
    if (at < 0) continue;
    const first = boundNames(f.bindings, at).find((n) => (bound(f.bindings, at, n) ?? []).some((r) => r.root.t === "param" && r.root.index === 0));
    if (first === "app" || first === "sphinx") out.push(f.path);
  }
  return out.sort();
}

/** Falcon responders (`on_get`, `on_get_collection`) and middleware methods (`process_request`, `process_response_async`). */
const FALCON_METHOD = /^(?:on_(?:get|post|put|patch|delete|head|options|websocket)(?:_\w+)?|process_(?:request|resource|response|startup|shutdown)(?:_async)?)$/;

/** Entries whose exported functions their users (a program, Next.js) call. */
/** The attributes of an arq worker settings class that name functions the worker calls. */
const ARQ_SETTINGS = ["functions", "on_startup", "on_shutdown", "on_job_start", "on_job_end", "after_job_end"];

const EXPORTING_KINDS = new Set(["main", "exports", "route", "page"]);

/**
 * Nodes that run from an entry: the module's top-level code; the main block; a script's
 * function; for a package's main/exports, the functions it exports (its users call them); for a
 * controller, the methods of its classes.
 */
function entryNodes(fi: FileInfo, kind: string, func: string | undefined, resolver: Resolver, views?: string[], uiViews?: Map<string, RegExp>): string[] {
  const nodes = [fi.moduleId];
  fi.facts.defs.forEach((d, i) => {
    if (d.kind === "main") nodes.push(fi.nodeIds[i]!);
  });
  if (func && fi.facts.language === "python" && (kind === "plugin" || kind === "middleware" || kind === "service")) {
    // A plugin entry point's object ("module:Class", "module:obj.attr"): its host calls it, and
    // calls the methods of a class it instantiates: a plugin's by their public names (MkDocs' `on_page_markdown`,
    // a dunder), not its `_helpers`, which run where its own code calls them.
    const [head, ...rest] = func.split(".");
    let values = resolver.lookup(fi, -1, head!, 0);
    for (const m of rest) values = values.flatMap((v) => resolver.member(v, m, 0));
    for (const v of values) {
      nodes.push(...resolver.callees(v).nodes);
      if (v.k !== "def" || v.fi.facts.defs[v.def]!.kind !== "class") continue;
      v.fi.facts.defs.forEach((d, i) => {
        if (d.parent === v.def && d.kind === "method" && !(kind === "plugin" && d.name.startsWith("_") && !/^__\w+__$/.test(d.name))) nodes.push(v.fi.nodeIds[i]!);
      });
    }
  } else if (!func && (kind === "plugin" || kind === "integration") && fi.facts.language === "python") {
    // A plugin entry point naming a module (`[project.entry-points.pytest11] x = "pkg.plugin"`):
    // the host looks its hooks up on the module and calls them (`pytest_configure`, fixtures).
    // A Home Assistant integration's module: the hooks Home Assistant calls by name (not its helpers).
    fi.facts.defs.forEach((d, i) => {
      if (d.parent === -1 && d.kind === "function" && (kind === "plugin" || HASS_HOOK.test(d.name))) nodes.push(fi.nodeIds[i]!);
    });
  } else if (func && kind === "arq" && fi.facts.language === "python") {
    // arq's worker settings class: the worker calls what its `functions` list and hook attributes name
    // (`cron(f, …)` items are package calls handed f, followed where the class body runs).
    for (const cls of resolver.lookup(fi, -1, func, 0)) {
      for (const name of ARQ_SETTINGS) {
        for (const m of resolver.member(cls, name, 0)) {
          const items = m.k === "coll" ? m.items.slice(0, 64).flatMap((it) => resolver.resolve(m.fi, m.scope, it.ref)) : [m];
          for (const w of items) if (w.k === "def" && w.fi.kinds[w.def] !== KIND.class) nodes.push(...resolver.callees(w).nodes);
        }
      }
    }
  } else if (func && fi.facts.language === "python") {
    for (const v of resolver.lookup(fi, -1, func.split(".")[0]!, 0)) nodes.push(...resolver.callees(v).nodes);
  } else if (func) {
    // A Lambda handler is an export (`exports.create = …`, `export const handler`), possibly nested (`index.api.handler`).
    const [head, ...rest] = func.split(".");
    let values = resolver.jsExport(fi, head!, 0);
    for (const m of rest) values = values.flatMap((v) => resolver.member(v, m, 0));
    for (const v of values) nodes.push(...resolver.callees(v).nodes);
  }
  // A framework controller (NestJS): the framework calls the methods of its classes; class-based
  // views: the methods of the view classes, also in a file that is an entry for another reason
  // (a module creating the app and defining its middleware class keeps its first kind, "server").
  if (kind === "controller" || (views && views.length > 0)) {
    fi.facts.defs.forEach((d, i) => {
      const owner = d.parent >= 0 ? fi.facts.defs[d.parent]! : null;
      if (d.kind !== "method" || owner?.kind !== "class") return;
      if (kind === "controller" || (views?.includes(owner.qname) && (!uiViews?.has(owner.qname) || uiViews.get(owner.qname)!.test(d.name)))) nodes.push(fi.nodeIds[i]!);
    });
  }
  // A gunicorn configuration: gunicorn calls its server hooks (post_fork, when_ready …) by name.
  if (kind === "gunicorn" && fi.facts.language === "python") {
    fi.facts.defs.forEach((d, i) => {
      if (d.parent === -1 && d.kind === "function" && GUNICORN_HOOKS.has(d.name)) nodes.push(fi.nodeIds[i]!);
    });
  }
  // A locustfile a deployment runs: Locust makes its user classes (`HttpUser`, `FastHttpUser`, `User`, task sets)
  // and calls their methods (on_start, on_stop, the tasks).
  if (kind === "locust" && fi.facts.language === "python") {
    fi.facts.defs.forEach((d, i) => {
      const owner = d.parent >= 0 ? fi.facts.defs[d.parent]! : null;
      if (d.kind === "method" && owner?.kind === "class" && owner.parent < 0 && owner.bases.some((b) => LOCUST_USER.test(baseName(b)))) nodes.push(fi.nodeIds[i]!);
    });
  }
  // Django: an installed app's AppConfig.ready(); a management command's Command.handle() (and
  // add_arguments), which `manage.py <command>` calls on an instance.
  if ((kind === "apps" || kind === "command") && fi.facts.language === "python") {
    fi.facts.defs.forEach((d, i) => {
      const owner = d.parent >= 0 ? fi.facts.defs[d.parent]! : null;
      if (d.kind !== "method" || owner?.kind !== "class" || owner.parent >= 0) return;
      if (kind === "apps" ? d.name === "ready" : owner.name === "Command" && (d.name === "handle" || d.name === "add_arguments")) nodes.push(fi.nodeIds[i]!);
    });
  }
  // An oclif command module: the CLI makes its exported command class and calls run() (init, catch, finally too).
  if (kind === "command" && fi.facts.language !== "python") {
    for (const v of resolver.jsExport(fi, "default", 0)) {
      if (v.k !== "def" || v.fi.facts.defs[v.def]!.kind !== "class") continue;
      v.fi.facts.defs.forEach((d, i) => {
        if (d.parent === v.def && d.kind === "method") nodes.push(v.fi.nodeIds[i]!);
      });
    }
  }
  if (EXPORTING_KINDS.has(kind) && fi.facts.language !== "python") {
    const names = new Set([...fi.facts.exports.keys(), "default"]);
    for (const name of names) {
      for (const v of resolver.jsExport(fi, name, 0)) {
        if (v.k === "mod") continue;
        nodes.push(...resolver.callees(v).nodes);
        if (v.k === "def" && v.fi.facts.defs[v.def]!.kind === "object") {
          for (const [member] of v.fi.facts.attrs.get(v.def) ?? []) {
            for (const m of resolver.member(v, member, 0)) nodes.push(...resolver.callees(m).nodes);
          }
          const prefix = `${v.fi.facts.defs[v.def]!.qname}.`;
          for (const [qn, idx] of v.fi.facts.members) if (qn.startsWith(prefix)) nodes.push(v.fi.nodeIds[idx]!);
          // Tables of other modules in it (an ESLint plugin's `rules: { "no-x": require("./rules/no-x") }`):
          // its users reach those functions through the export too (bounded, as for objects handed to a package).
          nodes.push(...objectFunctions(resolver, v.fi, v.def));
        }
      }
    }
  }
  // (An arq settings entry is its hooks only: the module itself is the runner's other entry.)
  return [...new Set(nodes)].filter((n) => n !== "" && !(kind === "arq" && n === fi.moduleId));
}

/**
 * A workspace package's entry files as `mains` entries (modules.ts resolveJs reads them for its
 * importers): its "main" and each exact "exports" subpath ("." the directory, "./xml" the
 * directory's xml), at the first target that names a checkout source, the source a build output
 * ("dist/x.js") comes from included. Export patterns ("./*") are not read.
 */
/** A package.json's "imports" map and (with a name) its "exports" map, when it has either. */
function packageMaps(dir: string, pkg: unknown): PackageMaps | null {
  const json = (pkg && typeof pkg === "object" ? pkg : {}) as { name?: unknown; imports?: unknown; exports?: unknown };
  const entries = (v: unknown, prefix: string): PackageMapEntry[] => {
    if (!v || typeof v !== "object" || Array.isArray(v)) return [];
    const out: PackageMapEntry[] = [];
    for (const [k, value] of Object.entries(v as Record<string, unknown>)) {
      if (out.length >= 200) break;
      if (!k.startsWith(prefix)) continue;
      // The ES import's targets, and a `require()`'s when they differ (modules.ts subpathTargets).
      const imported = exportTargets(value, "require");
      const required = exportTargets(value, "import");
      out.push(required.join("\0") === imported.join("\0") ? [k, imported] : [k, imported, required]);
    }
    return out;
  };
  const imports = entries(json.imports, "#");
  let exports: PackageMapEntry[] = [];
  const name = typeof json.name === "string" && json.exports !== undefined ? json.name : null;
  if (name !== null) {
    const exp = json.exports;
    exports = exp && typeof exp === "object" && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith(".")) ? entries(exp, ".") : entries({ ".": exp }, ".");
  }
  return imports.length > 0 || exports.length > 0 ? { dir, name, imports, exports } : null;
}

function workspaceMains(dir: string, pkg: unknown, index: ModuleIndex): void {
  const json = (pkg && typeof pkg === "object" ? pkg : {}) as { main?: unknown; exports?: unknown };
  const first = (key: string, targets: string[]): string | null => {
    for (const t of targets) {
      if (t.includes("*")) continue;
      const file = sourceFor(dir, t, index.sources);
      if (file !== null) return posix.relative(key, file);
    }
    return null;
  };
  // An ES import's entry (the "require" condition left out) in mains; a `require()`'s (the
  // "import" one left out) in requireMains where it differs.
  const set = (sub: string, value: unknown, plain: boolean): void => {
    const key = sub === "." ? dir : posix.join(dir, sub);
    const main = first(key, plain ? [value as string] : exportTargets(value, "require"));
    if (main !== null) index.mains.set(key, main);
    if (plain) return;
    const required = first(key, exportTargets(value, "import"));
    if (required !== null && required !== main) (index.requireMains ??= new Map()).set(key, required);
  };
  if (typeof json.main === "string") set(".", json.main, true);
  const exp = json.exports;
  if (exp && typeof exp === "object" && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith("."))) {
    let n = 0;
    for (const [sub, value] of Object.entries(exp as Record<string, unknown>)) {
      if (++n > 200) break;
      if (sub.startsWith(".") && !sub.includes("*") && sub !== "./package.json") set(sub, value, false);
    }
  } else if (exp !== undefined) set(".", exp, false);
}
