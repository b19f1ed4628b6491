// Incremental assembly: a re-scan whose edits only add to files (a new function, a new export)
// resolves only the edited files and takes everything else from the previous scan of the same
// project: its resolver with every memoised answer, its argument-flow call sites and indexes, and
// every other file's nodes, edges, uses, dynamic sites and unresolved imports.
//
// Why reuse is sound. Resolution reads facts by key: a file's bindings per (scope, name), its
// exports, members and attributes per name, its defs and returns per index, and a few lists
// whole (`module.exports`, `export *`, `__all__`, outside attributes). The resolver records
// every name any question asked (Resolver.asked). An edit is taken incrementally only when every
// key the old facts had holds an equal value in the new facts (extendFacts) and every key it adds
// is a name no question asked, a new def index, a new call that makes no call site (graph.ts
// resolves the new calls with arguments: none may reach a function of ours), or a new class
// whose MRO's classes nobody asked the subclasses of: then every answer the previous scan
// computed (and memoised) is still the answer, the flow pass would find the same call sites,
// and the indexes (subclasses, once the new classes are added where a full build lists them,
// outside attributes, getter and setter names) are the same. The edited file takes the old
// facts' very objects for its unchanged keys, and its FileInfo keeps its identity, so memoised
// values that point into it stay valid. Its own part is resolved again. Anything else (changed
// or removed keys, added/removed/renamed files, a changed module index): full assembly.
// test/callgraph/incremental.test.ts compares both ways with builds from scratch.
import type { CallFact, FileFacts } from "./facts.ts";
import type { ModuleIndex } from "./modules.ts";
import type { FileInfo, Resolver } from "./resolve.ts";
import type { DynamicSite, ExternalUse, GraphEdge, GraphNode, UnresolvedImport } from "./types.ts";

/** One file's share of the graph. */
export interface FilePart {
  nodes: GraphNode[];
  edges: GraphEdge[];
  uses: ExternalUse[];
  dynamic: DynamicSite[];
  unresolved: UnresolvedImport[];
}

/** What a scan keeps for the next scan of the same project (in memory). */
export interface AssemblyState {
  /** The facts assembled, in order: an unchanged file has the very same object (collect.ts). */
  facts: FileFacts[];
  infos: Map<string, FileInfo>;
  resolver: Resolver;
  /** The module index as text: equal text, equal module resolution. */
  indexKey: string;
  /** Names of our getters and setters (an edit taken incrementally adds none). */
  getters: Set<string>;
  setters: Set<string>;
  /** Parts per file, in order. */
  parts: FilePart[];
}

/** The module index as one string (sets in their insertion order, which the listing fixes). */
export function moduleIndexKey(index: ModuleIndex): string {
  return JSON.stringify([
    [...index.all], [...index.sources], [...index.pyDirs], [...index.localPackages], [...index.mains],
    [...(index.pyVendored ?? [])], index.tsPaths ?? null,
  ]);
}

/** Deeper values count as different (the edit is then assembled in full): refs may nest deeply. */
const MAX_DEPTH = 512;

/** Structural equality of plain facts data (objects, arrays, Maps, primitives). */
export function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || depth > MAX_DEPTH) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !sameData(v, b.get(k), depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b) || b instanceof Map) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1)) return false;
  }
  return true;
}

/**
 * A keyed map of the new facts that keeps every old key's value object, or null when an old key
 * is gone or changed, or a new key fails `mayAdd`.
 */
function extendMap<K, V>(old: Map<K, V>, now: Map<K, V>, mayAdd: (key: K, value: V) => boolean): Map<K, V> | null {
  for (const [k, v] of old) if (!now.has(k) || !sameData(v, now.get(k))) return null;
  const out = new Map<K, V>();
  for (const [k, v] of now) {
    if (old.has(k)) out.set(k, old.get(k)!);
    else if (mayAdd(k, v)) out.set(k, v);
    else return null;
  }
  return out;
}

/** A per-scope (or per-def) map of names: new names only where nobody asked for them. */
function extendScoped<V>(
  old: Map<number, Map<string, V>>, now: Map<number, Map<string, V>>, oldDefs: number, asked: Set<string>, addNames: boolean,
): Map<number, Map<string, V>> | null {
  const fresh = (scope: number): boolean => scope >= oldDefs;
  const out = new Map<number, Map<string, V>>();
  for (const scope of old.keys()) if (!now.has(scope)) return null;
  for (const [scope, names] of now) {
    const before = old.get(scope);
    if (fresh(scope)) {
      out.set(scope, names);
      continue;
    }
    const merged = extendMap(before ?? new Map<string, V>(), names, (name) => addNames && !asked.has(name));
    if (!merged) return null;
    out.set(scope, before && merged.size === before.size ? before : merged);
  }
  return out;
}

/**
 * The new facts of an edited file rebuilt on the old facts' objects, when the edit only added
 * what no previous answer read (see the header); else null.
 */
export function extendFacts(
  old: FileFacts, now: FileFacts, asked: Set<string>,
): { facts: FileFacts; added: CallFact[]; classes: number[] } | null {
  if (old.path !== now.path || old.language !== now.language || old.error !== now.error) return null;
  if (!sameData(old.cjs, now.cjs) || !sameData(old.stars, now.stars) || !sameData(old.allNames, now.allNames)) return null;
  if (!sameData(old.objAttrs ?? [], now.objAttrs ?? [])) return null;
  const n = old.defs.length;
  if (now.defs.length < n) return null;
  const defs = old.defs.slice();
  const classes: number[] = [];
  const memberStarts = new Set<number>();
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (!sameData(old.defs[i], now.defs[i])) return null;
    for (const s of old.defs[i]!.memberStarts) memberStarts.add(s);
    last = Math.max(last, old.defs[i]!.end);
  }
  for (let i = n; i < now.defs.length; i++) {
    const d = now.defs[i]!;
    // Getters and setters change the global accessor names; a def where an old one had a member
    // start, what that start resolves to. A class with bases joins the subclass index: the caller
    // checks that nobody asked for the subclasses it joins (Resolver.addSubclasses).
    if (d.getter || d.setter || d.start < last || memberStarts.has(d.start)) return null;
    if (d.kind === "class" && d.bases.length > 0) classes.push(i);
    defs.push(d);
  }
  // Calls are listed by kind, then position: new ones may come between old ones, which must all
  // be there in their order. Only the file's own part reads calls, besides the flow pass: new
  // calls with arguments may make call sites, which the caller checks they do not.
  const calls: CallFact[] = [];
  const added: CallFact[] = [];
  let p = 0;
  for (const call of now.calls) {
    if (p < old.calls.length && sameData(old.calls[p], call)) calls.push(old.calls[p++]!);
    else {
      calls.push(call);
      added.push(call);
    }
  }
  if (p !== old.calls.length) return null;
  const bindings = extendScoped(old.bindings, now.bindings, n, asked, true);
  // Attributes of old defs are enumerated (objectFunctions in graph.ts): no new names there.
  const attrs = bindings && extendScoped(old.attrs, now.attrs, n, asked, false);
  const exports = attrs && extendMap(old.exports, now.exports, (name) => !asked.has(name));
  // Member keys are looked up as `${qname}.${name}` and `${qname}.prototype.${name}` (a bare name
  // for an unnamed literal) of some def: a new key no old def's qname prefixes is read by no old
  // question, whatever its name.
  const qnames = new Set(old.defs.map((d) => d.qname));
  const oldMember = (key: string): boolean => {
    const dot = key.lastIndexOf(".");
    const prefix = dot >= 0 ? key.slice(0, dot) : "";
    // An unnamed literal's member names are the whole key (`{ "a.b": f }`).
    if (qnames.has("") && asked.has(key)) return true;
    return qnames.has(prefix) || (prefix.endsWith(".prototype") && qnames.has(prefix.slice(0, -".prototype".length)));
  };
  const members = exports && extendMap(old.members, now.members, (key, def) => def >= n && (!oldMember(key) || !asked.has(key.slice(key.lastIndexOf(".") + 1))));
  const returns = members && extendMap(old.returns, now.returns, (def) => def >= n);
  if (!returns) return null;
  // Imports and dynamic sites are read only by the file's own part, which is resolved again.
  const facts: FileFacts = {
    ...now, defs, calls, bindings: bindings!, attrs: attrs!, exports: exports!, members: members!, returns,
    cjs: old.cjs, stars: old.stars, ...(old.allNames ? { allNames: old.allNames } : {}), ...(old.objAttrs ? { objAttrs: old.objAttrs } : {}),
  };
  return { facts, added, classes };
}

/** Previous scans' state per project, kept by whoever scans the same project again (runScan callers). */
export interface IncrementalState {
  /** Facts by path and content key, so unchanged files keep their very FileFacts object. */
  facts: Map<string, { key: string; facts: FileFacts; contentId?: string }>;
  /**
   * Keep the assembly (resolver, memoised answers, parts of the graph) for the next scan: it
   * resolves only the edited files when the edits only added (see the header). Costs the memory
   * of the last assembly between scans.
   */
  reuseAssembly: boolean;
  assembly: AssemblyState | null;
  /** Files resolved by the last build (null: assembled in full); for tests and benchmarks. */
  lastResolved?: string[] | null;
}

export function newIncrementalState(opts: { reuseAssembly?: boolean } = {}): IncrementalState {
  return { facts: new Map(), reuseAssembly: opts.reuseAssembly ?? false, assembly: null };
}

/**
 * States of the projects scanned last, for the next scan of each. A scan takes its project's
 * state out (a scan running meanwhile gets a fresh one) and gives it back when it succeeded.
 * Few are kept: a state holds every file's facts.
 */
export class IncrementalStates {
  private readonly states = new Map<string, IncrementalState>();

  constructor(private readonly max = 2) {}

  take(key: string): IncrementalState {
    const state = this.states.get(key);
    this.states.delete(key);
    return state ?? newIncrementalState({ reuseAssembly: true });
  }

  give(key: string, state: IncrementalState): void {
    this.states.delete(key);
    this.states.set(key, state);
    while (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
  }
}
