// Reach phase: for one vulnerable package, is there a path from an entry point to a use of it
// (function level: a call of a vulnerable symbol; package level: any use, when no symbols are
// known)? Otherwise say why not (`none`) or why it cannot be decided (`unknown`: a file that could
// not be analysed, a dynamic import, a missing local module, or a transitive dependency reached
// through a package whose code is not in the checkout). `transitive`: the only reachable uses sit
// in dependency code that was analysed (a committed node_modules, vendored packages), so the path
// runs app → the dependency's files → the vulnerable package.
import { npmPackageOf } from "../callgraph/modules.ts";
import { MAX_VALUES } from "../callgraph/value-types.ts";
import type { ExternalUse, ProjectGraph } from "../callgraph/types.ts";
import type { Ecosystem, ReachResult, ReachTarget } from "../model.ts";
import { importNames, topModule } from "./names.ts";
import { usesCopyOf } from "./projects.ts";
import { bestPaths, isReachable, pathsTo, searchState, type SearchState } from "./search.ts";

export { findEntries, isDependencyFile, isNonProductionPath } from "./entries.ts";
import { DEPENDENCY_DIRS, dynamicFolder, isDependencyFile } from "./entries.ts";

const MAX_PATHS = 5;

/** Dotted full name of a use: "lodash.template", "lodash/template" → "lodash.template", "PIL.ImageMath.eval". */
function fullName(use: ExternalUse): string {
  const module = use.ecosystem === "npm" ? use.module.replace(/\//g, ".") : use.module;
  return use.member.length > 0 ? `${module}.${use.member.join(".")}` : module;
}

/** How a use reads as the last path segment: "lodash.merge", "lodash/fp", "yaml.load". */
function display(use: ExternalUse): string {
  return use.member.length > 0 ? `${use.module}.${use.member.join(".")}` : use.module;
}


// Per graph, its uses' positions by ecosystem and top module: every finding filters the graph's
// uses (100k+ in a big app), and only those under the package's top modules are looked at. Grouped
// by module first: a big app has a few hundred distinct modules, and a module string is hashed
// once, where a top module cut from each use would be a new string.
interface UseGroups {
  count: number;
  byTop: Record<Ecosystem, Map<string, number[][]>>;
}
const useGroups = new WeakMap<ProjectGraph, UseGroups>();

function groupUses(uses: ExternalUse[]): UseGroups {
  const byModule = { npm: new Map<string, number[]>(), PyPI: new Map<string, number[]>() };
  for (let i = 0; i < uses.length; i++) {
    const u = uses[i]!;
    // A stored snapshot's uses are read back from disk: an ecosystem of no group matches nothing.
    const modules = byModule[u.ecosystem] as Map<string, number[]> | undefined;
    if (!modules) continue;
    const list = modules.get(u.module);
    if (list) list.push(i);
    else modules.set(u.module, [i]);
  }
  const byTop: UseGroups["byTop"] = { npm: new Map(), PyPI: new Map() };
  for (const eco of ["npm", "PyPI"] as const) {
    for (const [module, list] of byModule[eco]) {
      const top = topModule(module);
      const lists = byTop[eco].get(top);
      if (lists) lists.push(list);
      else byTop[eco].set(top, [list]);
    }
  }
  return { count: uses.length, byTop };
}

/** The graph's uses that belong to a package, in graph order. */
function usesOf(graph: ProjectGraph, ecosystem: Ecosystem, names: string[]): ExternalUse[] {
  let hit = useGroups.get(graph);
  // Made again if the list changed (graphs are built whole, but a length check is cheap).
  if (!hit || hit.count !== graph.uses.length) useGroups.set(graph, (hit = groupUses(graph.uses)));
  const lists = [...new Set(names.map(topModule))].flatMap((top) => hit.byTop[ecosystem].get(top) ?? []);
  const at = lists.flat();
  if (lists.length > 1) at.sort((a, b) => a - b);
  const out: ExternalUse[] = [];
  for (const i of at) {
    const u = graph.uses[i]!;
    if (usesPackage(u, ecosystem, names)) out.push(u);
  }
  return out;
}

/** Does a use belong to a package (given its import names)? */
function usesPackage(use: ExternalUse, ecosystem: Ecosystem, names: string[]): boolean {
  if (use.ecosystem !== ecosystem) return false;
  if (ecosystem === "npm") return names.includes(npmPackageOf(use.module));
  const full = fullName(use);
  return names.some((n) => full === n || full.startsWith(`${n}.`));
}

function packageNames(ecosystem: Ecosystem, pkg: string, paths: string[]): string[] {
  const names = new Set(importNames(ecosystem, pkg));
  for (const p of paths) names.add(ecosystem === "npm" ? npmPackageOf(p) : p.split(".")[0]!);
  return [...names];
}

interface SymbolMatcher {
  full: string;
  display: string;
  /** Matches a call of exactly `full`, never a use below it (the module itself called). */
  exactOnly?: boolean;
}

/** "ua-parser-js" → "uaparser", "UAParser" → "uaparser": a package named after its main export. */
const bareName = (s: string): string => s.toLowerCase().replace(/[-_.]?js$/, "").replace(/[^a-z0-9]/g, "");

/** `marked.marked.parse` (a member of the npm package's namesake export): its name as the package's export (`marked.parse`), and the namesake's. */
function namesakeMember(use: ExternalUse): { full: string; namesake: string } | null {
  if (use.ecosystem !== "npm" || use.member.length < 2 || use.module.includes("/") || bareName(use.member[0]!) !== bareName(use.module)) return null;
  return { full: `${use.module}.${use.member.slice(1).join(".")}`, namesake: `${use.module}.${use.member[0]}` };
}

function symbolMatchers(target: ReachTarget): SymbolMatcher[] | null {
  if (!target.imports.some((i) => i.symbols.length > 0)) return null;
  const norm = (p: string): string => (target.ecosystem === "npm" ? p.replace(/\//g, ".") : p);
  return target.imports.flatMap((i) =>
    i.symbols.length > 0
      ? i.symbols.flatMap((s) => {
          const named = { full: `${norm(i.path)}.${s}`, display: `${i.path}.${s}` };
          // An npm package whose module is its namesake function or class (`module.exports = UAParser`,
          // old marked's `module.exports = marked`): calling the required module calls that symbol.
          return target.ecosystem === "npm" && !s.includes(".") && bareName(s) === bareName(i.path) && !i.path.includes("/")
            ? [named, { full: norm(i.path), display: `${i.path}.${s}`, exactOnly: true }]
            : [named];
        })
      : [{ full: norm(i.path), display: i.path }],
  );
}

const site = (state: SearchState, use: ExternalUse): string =>
  `${state.nodes[state.index.get(use.from)!]!.file}:${use.line}`;

/** The first use in source order, for reasons ("used at src/server.js:1"). */
function first(state: SearchState, uses: ExternalUse[]): string {
  const sites = uses.map((u) => ({ file: state.nodes[state.index.get(u.from)!]!.file, line: u.line }));
  sites.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return `${sites[0]!.file}:${sites[0]!.line}`;
}

/** Searches from the entries of some project folders only, by graph and folder list. */
const restricted = new WeakMap<ProjectGraph, Map<string, SearchState>>();

/**
 * The search from the entry points in `dirs` alone: a workspace's copy of a package that comes
 * through a sibling workspace (`jobs → @acme/content → marked`) is used by that workspace's
 * program only, so content's call of marked counts for jobs' copy when jobs' entries reach it,
 * not when web's do.
 */
function searchFrom(graph: ProjectGraph, dirs: string[]): SearchState {
  const key = dirs.join("\0");
  let byDirs = restricted.get(graph);
  if (!byDirs) restricted.set(graph, (byDirs = new Map()));
  let state = byDirs.get(key);
  if (!state) {
    const entries = graph.entries.filter((e) => dirs.some((d) => e.file.startsWith(`${d}/`)));
    state = searchState({ ...graph, entries });
    byDirs.set(key, state);
  }
  return state;
}

export function reach(graph: ProjectGraph, target: ReachTarget): ReachResult {
  const project = target.project;
  // (The whole graph's search first: it takes the edge ends the assembly recorded.)
  let state = searchState(graph);
  if (project && project.dir !== "" && (project.linked?.length ?? 0) > 0) state = searchFrom(graph, [project.dir, ...project.linked!]);
  const eco = target.ecosystem;
  const names = packageNames(eco, target.package, target.imports.map((i) => i.path));
  const analysed = usesOfAnalysedCode(graph, state, eco, names);
  const ownCopy = (u: ExternalUse): boolean => {
    if (!project || (project.others.length === 0 && !project.own)) return true;
    const file = state.nodes[state.index.get(u.from)!]!.file;
    // Installed dependency code is shared by every workspace that hoists it: the lenient rule.
    return usesCopyOf(file, project.dir, project.others, project.own === true && !isDependencyFile(file), project.linked);
  };
  const uses = [...usesOf(graph, eco, names), ...analysed].filter(ownCopy);
  const live = uses.filter((u) => isReachable(state, u.from));
  const matchers = symbolMatchers(target);
  const inDependency = (u: ExternalUse): boolean => isDependencyFile(state.nodes[state.index.get(u.from)!]!.file);
  // A dev-only dependency is not installed with the production dependencies, so no production
  // entry point can reach it; reachable uses (a tool script run by package.json `scripts`, a
  // `__main__` helper) are named in the reason instead of making it reachable.
  if (target.dependency.dev && live.length > 0) {
    return {
      level: "none",
      reason: `dev-only dependency (${target.dependency.source}), not installed for production; used by code run outside production at ${first(state, live)}`,
      symbols: [],
      paths: [],
    };
  }
  // The app's own uses decide first; uses inside analysed dependency code make it `transitive`.
  for (const own of [true, false]) {
    const found = reachedBy(state, target, live.filter((u) => inDependency(u) !== own), matchers, new Set(analysed));
    if (!found) continue;
    if (own) return found;
    const via = [...new Set(found.paths.map((p) => dependencyOf(graph, p)).filter((d): d is string => d !== null))].sort();
    const how = found.level === "function" ? `calls ${found.symbols.join(", ")}` : `uses ${target.package}`;
    return { ...found, level: "transitive", reason: `dependency code in the checkout${via.length > 0 ? ` (${via.join(", ")})` : ""} ${how} on a path from an entry point` };
  }
  // The uses that could be calls of a vulnerable symbol, as reachedBy() reads them: what code loaded by a
  // dynamic folder load or reached by a computed member of ours would run.
  const symbolUses = matchers === null ? null : uses.filter((use) => {
    if (use.kind === "import") return false;
    const full = fullName(use);
    const alias = namesakeMember(use);
    return matchers.some((x) => full === x.full || x.full === alias?.full || (!x.exactOnly && full.startsWith(`${x.full}.`)));
  });
  return notReached(graph, state, target, uses, live, matchers !== null, symbolUses);
}

/**
 * Uses of a package whose own code was analysed (it was not kept external: a snapshot
 * re-evaluated for an advisory imported later): calls and imports that enter its directory from
 * outside, named like uses (`lodash.template` for a call of node_modules/lodash's exports.template).
 */
function usesOfAnalysedCode(graph: ProjectGraph, state: SearchState, eco: Ecosystem, names: string[]): ExternalUse[] {
  const dirs = (graph.dependencies ?? []).filter((d) => d.ecosystem === eco && names.includes(d.name));
  if (dirs.length === 0) return [];
  const inside = (file: string): { name: string } | undefined =>
    dirs.find((d) => file === d.dir || file.startsWith(`${d.dir}/`));
  const out: ExternalUse[] = [];
  for (let k = 0; k < graph.edges.length; k++) {
    const e = graph.edges[k]!;
    const from = state.nodes[state.edgeFrom[k]!];
    const to = state.nodes[state.memo.edgeTo[k]!];
    if (!from || !to) continue;
    const dep = inside(to.file);
    if (!dep || inside(from.file) === dep) continue;
    const member = to.kind === "module" ? [] : to.name.replace(/^(module\.)?exports\./, "").replace(/\.(__init__|constructor)$/, "").split(".").filter((m) => m !== "" && m !== "module" && m !== "exports");
    out.push({ from: e.from, line: e.line, ecosystem: eco, module: dep.name, member, kind: e.kind === "import" || to.kind === "module" ? "import" : "call" });
  }
  return out;
}

/** The analysed dependency a path goes through: the package of its last dependency segment. */
function dependencyOf(graph: ProjectGraph, path: string[]): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const file = /^(.*):\d+$/.exec(path[i]!)?.[1];
    if (!file || !isDependencyFile(file)) continue;
    const dep = graph.dependencies?.filter((d) => file === d.dir || file.startsWith(`${d.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0];
    return dep ? dep.name : vendoredName(file);
  }
  return null;
}

/**
 * The package a dependency file belongs to when no analysed dependency record names it (a package
 * vendored inside ours, `src/app/_vendor/feedkit/client.py`): the folder (or module) below the
 * innermost dependency folder, `@scope/name` for a scoped npm one; the file itself when there is none.
 */
function vendoredName(file: string): string {
  const parts = file.split("/");
  for (let i = parts.length - 2; i >= 0; i--) {
    if (!DEPENDENCY_DIRS.has(parts[i]!.toLowerCase())) continue;
    const head = parts[i + 1]!;
    if (head.startsWith("@") && i + 2 < parts.length - 1) return `${head}/${parts[i + 2]}`;
    return i + 1 === parts.length - 1 ? head.replace(/\.(py|[cm]?[jt]sx?)$/, "") : head;
  }
  return file;
}

/** A function- or package-level answer from these uses, or null when they reach nothing. */
function reachedBy(
  state: SearchState,
  target: ReachTarget,
  live: ExternalUse[],
  matchers: SymbolMatcher[] | null,
  intoPackageCode: Set<ExternalUse>,
): ReachResult | null {
  if (matchers) {
    // A use below a symbol (`yaml.load.get`: a method called on what yaml.load returned,
    // `requests.Session.get` on a Session) shows the symbol was used, but its line is not where
    // the symbol is called. It stands for the symbol only when no use of the symbol itself is
    // reachable, so paths end at the real call sites. A call into the package's own analysed
    // code below the symbol (the compiled function template() returns) does run its code.
    const hits = live.flatMap((use) => {
      if (use.kind === "import") return [];
      const full = fullName(use);
      // A static member of an npm package's namesake export (`const { marked } = require("marked");
      // marked.parse(s)`: marked v4's `marked.parse === parse`) is that export of the package, not
      // a method of what the namesake returned: it matches `marked.parse` only, never as a use below `marked.marked`.
      const alias = namesakeMember(use);
      const exact = intoPackageCode.has(use) ? matchers.find((x) => full === x.full || (!x.exactOnly && full.startsWith(`${x.full}.`))) : matchers.find((x) => full === x.full || x.full === alias?.full);
      const m = exact ?? matchers.find((x) => !x.exactOnly && full.startsWith(`${x.full}.`) && x.full !== alias?.namesake);
      return m ? [{ use, m, exact: exact !== undefined }] : [];
    });
    const called = new Set(hits.filter((h) => h.exact).map((h) => h.m.display));
    const paths: string[][] = [];
    const symbols = new Set<string>();
    for (const { use, m, exact } of hits) {
      if (!exact && called.has(m.display)) continue;
      symbols.add(m.display);
      paths.push(...pathsTo(state, use.from, [site(state, use), m.display], MAX_PATHS));
    }
    if (symbols.size > 0) return { level: "function", reason: null, symbols: [...symbols].sort(), paths: bestPaths(paths, MAX_PATHS) };
    return null;
  }
  if (live.length === 0) return null;
  const calls = live.filter((u) => u.kind !== "import");
  const chosen = calls.length > 0 ? calls : live;
  const paths = chosen.flatMap((u) => pathsTo(state, u.from, [site(state, u), display(u)], MAX_PATHS));
  const how = calls.length > 0 ? "used" : "imported";
  return {
    level: "package",
    reason: `no vulnerable symbols are known; ${target.package} is ${how} by reachable code`,
    symbols: [],
    paths: bestPaths(paths, MAX_PATHS),
  };
}

function notReached(
  graph: ProjectGraph,
  state: SearchState,
  target: ReachTarget,
  uses: ExternalUse[],
  live: ExternalUse[],
  symbolic: boolean,
  symbolUses: ExternalUse[] | null = null,
): ReachResult {
  const eco = target.ecosystem;
  const unknown = (reason: string): ReachResult => ({ level: "unknown", reason, symbols: [], paths: [] });
  const none = (reason: string): ReachResult => ({ level: "none", reason, symbols: [], paths: [] });
  const pkg = target.package;
  const direct = target.dependency.direct;
  // A dev-only dependency is not installed for production: no dynamic import or eval there can load it.
  const blocker = target.dependency.dev ? null : blockers(graph, state, eco, !direct, direct ? uses : null, direct ? symbolUses : null);
  const parent = target.dependency.chain[1];
  if (!direct && uses.length === 0 && parent && parent !== pkg) {
    const parentNames = packageNames(eco, parent, []);
    const parentUses = usesOf(graph, eco, parentNames).filter((u) => isReachable(state, u.from));
    if (parentUses.length > 0) {
      return unknown(`reached through ${parent} (used at ${first(state, parentUses)}), whose code is not in the checkout`);
    }
    const code = graph.dependencies?.find((d) => d.ecosystem === eco && parentNames.includes(d.name));
    if (blocker) return unknown(blocker);
    if (code) {
      const reached = state.nodes.some((n, i) => state.dist[i]! >= 0 && n.file.startsWith(`${code.dir}/`));
      return reached
        ? none(`${pkg} comes in through ${parent}, whose code (${code.dir}) was analysed: no reachable path uses ${pkg}`)
        : none(`${pkg} comes in through ${parent}, which no reachable code uses`);
    }
    return none(`${pkg} comes in through ${parent}, which no reachable code uses`);
  }
  if (!direct && uses.length === 0 && !target.dependency.dev) {
    // Flat inventories (Pipfile.lock, an installed tree) record no edges: some dependency pulls
    // this one in, and nothing says which, so whether that code uses it cannot be decided.
    return unknown(
      blocker ??
        `${pkg} is not imported by the project's code; it comes in through a dependency that ${target.dependency.source} does not name, so whether that code uses it is not known`,
    );
  }
  const ecoEntries = graph.entries.filter((e) => (eco === "PyPI") === e.file.endsWith(".py"));
  if (ecoEntries.length === 0 && uses.length > 0) {
    return unknown(`no entry points found for this code, so reachability of its use of ${pkg} (${first(state, uses)}) is not known; name entry points with entry globs`);
  }
  if (blocker) return unknown(blocker);
  if (symbolic && live.length > 0) {
    return none(`${pkg} is used by reachable code (${first(state, live)}), but none of its vulnerable symbols is called`);
  }
  // Used only in modules a reachable load from a literal folder of ours may run, none of them a vulnerable symbol (blockers()).
  const mayLoad = symbolic && !target.dependency.dev ? dynamicallyLoaded(graph, state, eco, uses) : [];
  if (mayLoad.length > 0) {
    return none(`${pkg} is used by code that a dynamic import may load (${first(state, mayLoad)}), but none of its vulnerable symbols is called`);
  }
  if (uses.length > 0) {
    const dev = target.dependency.dev ? "dev dependency; " : "";
    return none(`${dev}${pkg} is used only by code that no entry point reaches (${first(state, uses)})`);
  }
  return none(`${pkg} is not imported by the project's code`);
}

/**
 * Why a negative answer cannot be trusted: unanalysed or dynamic code that entry points reach.
 * Dependency code counts only for dependencies that come in through others (`withDeps`): a
 * dynamic require deep in node_modules says nothing about the app's own use of a package.
 * A computed attribute call (`obj[name]()`, `getattr(m, name)()`) can only call code that is
 * loaded, so for a direct dependency (`uses` given) it matters only when some use of the package
 * sits in a file that reachable code loads: a package used only by tests or by modules nothing
 * imports stays `none`. A call whose callees or callbacks were more than assembly follows
 * (`capped`) is alike: what it lost is loaded code. Dynamic imports and eval can load anything,
 * so they always count. For an advisory naming symbols, a computed member of ours and a load from a
 * literal folder of ours matter only when what they reach has a use that could call one of those
 * symbols (`symbolUses`): the code they would run is judged as reachable code is.
 */
function blockers(graph: ProjectGraph, state: SearchState, eco: Ecosystem, withDeps: boolean, uses: ExternalUse[] | null, symbolUses: ExternalUse[] | null = null): string | null {
  const reasons: string[] = [];
  const loaded = loadedFiles(state);
  const reachedFiles = withDeps ? loaded.all : loaded.own;
  if (withDeps) reasons.push(...(graph.limits ?? []));
  const counts = (nodeId: string): boolean => isReachable(state, nodeId) && (withDeps || !isDependencyFile(state.nodes[state.index.get(nodeId)!]!.file));
  for (const f of graph.files) {
    if (f.error && reachedFiles.has(f.path) && (eco === "PyPI") === (f.language === "python")) {
      reasons.push(`${f.path} is reachable but could not be fully analysed (${f.error})`);
    }
  }
  const attributeMatters = uses === null || uses.some((u) => loaded.all.has(state.nodes[state.index.get(u.from)!]!.file));
  // A module loaded by a name with a literal folder (`require(\`./commands/${name}\`)`,
  // `import_module(f"app.formats.{fmt}")`) is one of that folder's modules, of ours: it matters to a
  // direct dependency only when a use of it sits in what those modules load.
  const folderMatters = (dir: string): boolean => {
    const reached = filesLoadedFrom(graph, state, dir);
    return (symbolUses ?? uses!).some((u) => reached.has(state.nodes[state.index.get(u.from)!]!.file));
  };
  for (const d of graph.dynamic) {
    if (d.ecosystem !== eco || !counts(d.from)) continue;
    if ((d.kind === "attribute" || d.kind === "capped") && !attributeMatters) continue;
    // A computed member of a module, object or class of ours can call only its members: it
    // matters when a use of the package sits in what they reach.
    if (d.kind === "attribute" && d.targets && uses !== null) {
      const reached = reachedFrom(graph, state, d.targets);
      if (!(symbolUses ?? uses).some((u) => reached.has(state.index.get(u.from)!))) continue;
    }
    if ((d.kind ?? "import") === "import" && uses !== null) {
      const dir = dynamicFolder(d.text, state.nodes[state.index.get(d.from)!]!.file, graph.files.map((f) => f.path));
      if (dir !== null && !folderMatters(dir)) continue;
    }
    {
      const at = site(state, { ...d, module: "", member: [], kind: "import" });
      reasons.push(
        d.kind === "eval" ? `code run from a string \`${d.text}\` at ${at} in reachable code; what it calls cannot be known`
        : d.kind === "attribute" ? `computed attribute \`${d.text}\` at ${at} in reachable code; what it calls cannot be known`
        : d.kind === "capped" ? `\`${d.text}\` at ${at} in reachable code has more possible callees or callbacks than reachd follows (${MAX_VALUES}); the others are not known`
        : `dynamic import \`${d.text}\` at ${at} in reachable code; what it loads cannot be known`,
      );
    }
  }
  for (const u of graph.unresolved) {
    // protoc's output (`inventory_pb2`, `inventory_pb2_grpc`, `catalog_pb`, `catalog_grpc_pb`) is generated at build
    // time and often not committed: message classes and stubs, which call none of our code but the servicer's
    // methods (reached by the servicer base, PACKAGE_HANDLER_BASE). Its absence hides nothing.
    if (GENERATED_PROTO.test(u.specifier)) continue;
    if (u.ecosystem === eco && counts(u.from)) {
      reasons.push(`${u.specifier} imported at ${site(state, { ...u, module: "", member: [], kind: "import" })} is not in the checkout`);
    }
  }
  if (reasons.length === 0) return null;
  return reasons.length === 1 ? reasons[0]! : `${reasons[0]} (and ${reasons.length - 1} more)`;
}

/** A module protoc generates: Python `x_pb2` / `x_pb2_grpc`, JS `x_pb` / `x_grpc_pb` (with or without an extension). */
const GENERATED_PROTO = /(?:^|[./])\w+_(?:pb2|pb2_grpc|pb|grpc_pb)(?:\.[cm]?js)?$/;

// Per graph: each node's successors along the graph's edges, by index.
const successorCache = new WeakMap<SearchState, Map<number, number[]>>();

function successors(graph: ProjectGraph, state: SearchState): Map<number, number[]> {
  const hit = successorCache.get(state);
  if (hit) return hit;
  const next = new Map<number, number[]>();
  graph.edges.forEach((e, i) => {
    const from = state.edgeFrom[i]!;
    const to = state.index.get(e.to);
    if (from < 0 || to === undefined) return;
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  });
  successorCache.set(state, next);
  return next;
}

// Per graph: reachedFrom's answers by their ids (every advisory asks again of each dynamic site).
const reachedCache = new WeakMap<SearchState, Map<string, Set<number>>>();

/** The nodes (indexes) reachable from these node ids along the graph's edges, themselves included. */
function reachedFrom(graph: ProjectGraph, state: SearchState, ids: string[]): Set<number> {
  let byIds = reachedCache.get(state);
  if (!byIds) reachedCache.set(state, (byIds = new Map()));
  const key = ids.join("\0");
  const hit = byIds.get(key);
  if (hit) return hit;
  const next = successors(graph, state);
  const seen = new Set<number>();
  const stack: number[] = [];
  for (const id of ids) {
    const i = state.index.get(id);
    if (i !== undefined && !seen.has(i)) {
      seen.add(i);
      stack.push(i);
    }
  }
  while (stack.length > 0) {
    for (const j of next.get(stack.pop()!) ?? []) {
      if (!seen.has(j)) {
        seen.add(j);
        stack.push(j);
      }
    }
  }
  byIds.set(key, seen);
  return seen;
}

/** The uses in modules that a reachable dynamic import of a literal folder of ours may load. */
function dynamicallyLoaded(graph: ProjectGraph, state: SearchState, eco: Ecosystem, uses: ExternalUse[]): ExternalUse[] {
  if (uses.length === 0) return [];
  const files = new Set<string>();
  for (const d of graph.dynamic) {
    if (d.ecosystem !== eco || (d.kind ?? "import") !== "import" || !isReachable(state, d.from)) continue;
    const from = state.nodes[state.index.get(d.from)!]!.file;
    if (isDependencyFile(from)) continue;
    const dir = dynamicFolder(d.text, from, graph.files.map((f) => f.path));
    if (dir !== null) for (const f of filesLoadedFrom(graph, state, dir)) files.add(f);
  }
  return files.size === 0 ? [] : uses.filter((u) => files.has(state.nodes[state.index.get(u.from)!]!.file));
}

// Per graph: the files that running the modules of a folder loads (by the folder).
const folderLoadCache = new WeakMap<SearchState, Map<string, Set<string>>>();

/** The files whose code the modules under `dir` run or load, following the graph's edges from them. */
function filesLoadedFrom(graph: ProjectGraph, state: SearchState, dir: string): Set<string> {
  let byDir = folderLoadCache.get(state);
  if (!byDir) folderLoadCache.set(state, (byDir = new Map()));
  const hit = byDir.get(dir);
  if (hit) return hit;
  const next = successors(graph, state);
  const seen = new Uint8Array(state.nodes.length);
  const stack: number[] = [];
  state.nodes.forEach((n, i) => {
    if (n.file.startsWith(dir)) {
      seen[i] = 1;
      stack.push(i);
    }
  });
  const files = new Set<string>();
  while (stack.length > 0) {
    const i = stack.pop()!;
    files.add(state.nodes[i]!.file);
    for (const j of next.get(i) ?? []) {
      if (!seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  byDir.set(dir, files);
  return files;
}

/** Files that reachable code runs in: all of them, and those outside dependency code. */
interface LoadedFiles {
  all: Set<string>;
  own: Set<string>;
}

// Once per graph, not once per finding.
const loadedCache = new WeakMap<SearchState, LoadedFiles>();

function loadedFiles(state: SearchState): LoadedFiles {
  const hit = loadedCache.get(state);
  if (hit) return hit;
  const all = new Set<string>();
  // A file's nodes are mostly next to each other: its path is added once per run, not per node.
  let last: string | null = null;
  for (let i = 0; i < state.nodes.length; i++) {
    const file = state.nodes[i]!.file;
    if (state.dist[i]! >= 0 && file !== last) all.add((last = file));
  }
  const loaded = { all, own: new Set([...all].filter((f) => !isDependencyFile(f))) };
  loadedCache.set(state, loaded);
  return loaded;
}
