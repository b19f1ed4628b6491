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
// values that point into it stay valid. Its own part is resolved again. An edit inside a body
// moves later defs: the new facts are first put in the old facts' offsets (moved.ts), and then
// compared lines aside; a binding may also change or go under a name no question asked, and a
// call may go if it made no call site (graph.ts checks). Anything else (changed or removed keys,
// added/removed/renamed files, a changed module index, a Python edit that reads anew a name one of
// the project-wide read indexes was built from: Resolver.readsIndexedChanged): full assembly.
// test/callgraph/incremental.test.ts compares both ways with builds from scratch.
import { bindingsOf, boundScopes, packScope, unpackScope, type Bindings, type ScopeNames } from "./bound.ts";
import { CONVERTER_NAMES, isScript, type CallFact, type FileFacts } from "./fact-types.ts";
import type { Ref } from "./ref-types.ts";
import type { ModuleIndex } from "./modules.ts";
import type { FileInfo } from "./value-types.ts";
import type { Resolver } from "./resolve.ts";
import { inOldCoordinates } from "./moved.ts";
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
    [...(index.pyVendored ?? [])], index.tsPaths ?? null, index.pyConfigNames ?? null, index.packageMaps ?? null,
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
 * is gone or changed (unless `mayChange` allows it), or a new key fails `mayAdd`.
 */
function extendMap<K, V>(
  old: Map<K, V>, now: Map<K, V>, mayAdd: (key: K, value: V) => boolean, mayChange: (key: K) => boolean = () => false,
): Map<K, V> | null {
  const changed = new Set<K>();
  for (const [k, v] of old) {
    if (now.has(k) && sameData(v, now.get(k))) continue;
    if (!mayChange(k)) return null;
    changed.add(k);
  }
  const out = new Map<K, V>();
  for (const [k, v] of now) {
    if (old.has(k) && !changed.has(k)) out.set(k, old.get(k)!);
    else if (changed.has(k) || mayAdd(k, v)) out.set(k, v);
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
  // A scope whose names all went is read like one whose names changed.
  for (const [scope, names] of old) if (!now.has(scope) && (scope >= oldDefs || ![...names.keys()].every((name) => addNames && !asked.has(name)))) return null;
  for (const [scope, names] of now) {
    const before = old.get(scope);
    if (fresh(scope)) {
      out.set(scope, names);
      continue;
    }
    // A binding is read by its name only (lookup, prior), which records it as asked: a value no
    // question read may change or go (a local variable in a body).
    const unasked = (name: string): boolean => addNames && !asked.has(name);
    let same = true;
    const merged = extendMap(before ?? new Map<string, V>(), names, unasked, (name) => {
      same = false;
      return unasked(name);
    });
    if (!merged) return null;
    out.set(scope, before && same && merged.size === before.size ? before : merged);
  }
  return out;
}

/** extendScoped() for bindings in their packed form (bound.ts); unchanged scopes keep their old array. */
function extendBindings(old: Bindings, now: Bindings, oldDefs: number, asked: Set<string>): Bindings | null {
  const packed = new Map<Map<string, Ref | Ref[]>, ScopeNames>();
  const unpack = (b: Bindings): Map<number, Map<string, Ref | Ref[]>> => {
    const out = new Map<number, Map<string, Ref | Ref[]>>();
    for (const [scope, names] of boundScopes(b)) {
      const map = unpackScope(names);
      packed.set(map, names);
      out.set(scope, map);
    }
    return out;
  };
  const merged = extendScoped(unpack(old), unpack(now), oldDefs, asked, true);
  if (!merged) return null;
  return bindingsOf(new Map([...merged].map(([scope, names]) => [scope, packed.get(names) ?? packScope(names)])));
}

/** Equal but for the line (an edit above it moved it). */
function sameMoved<T extends { line: number }>(a: T, b: T): boolean {
  return a.line === b.line ? sameData(a, b) : sameData(a, { ...b, line: a.line });
}

/** More old x new calls than this in the changed middle: unmatched (each counts as removed and added). */
const MAX_MATCH = 1_000_000;

/**
 * The new calls matched with the old ones (equal but for lines, in order): old index → new
 * index, -1 for a removed call. The common head and tail are matched first, then the middle by
 * longest common subsequence (calls are listed by kind, then position: one edit may change a
 * few runs).
 */
function matchCalls(old: CallFact[], now: CallFact[]): number[] {
  const moved = new Array<number>(old.length).fill(-1);
  let head = 0;
  while (head < old.length && head < now.length && sameMoved(old[head]!, now[head]!)) moved[head] = head++;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && sameMoved(old[old.length - 1 - tail]!, now[now.length - 1 - tail]!)) {
    moved[old.length - 1 - tail] = now.length - 1 - tail;
    tail++;
  }
  const mo = old.length - head - tail;
  const mn = now.length - head - tail;
  if (mo === 0 || mn === 0 || mo * mn > MAX_MATCH) return moved;
  // lcs[i][j]: the longest common run of old[head+i..] and now[head+j..].
  const w = mn + 1;
  const lcs = new Uint32Array((mo + 1) * w);
  for (let i = mo - 1; i >= 0; i--) {
    for (let j = mn - 1; j >= 0; j--) {
      lcs[i * w + j] = sameMoved(old[head + i]!, now[head + j]!) ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  for (let i = 0, j = 0; i < mo && j < mn;) {
    if (lcs[i * w + j] === lcs[(i + 1) * w + j + 1]! + 1 && sameMoved(old[head + i]!, now[head + j]!)) {
      moved[head + i] = head + j;
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) i++;
    else j++;
  }
  return moved;
}

/** What extendFacts makes of an edited file. */
export interface Extended {
  facts: FileFacts;
  /** Calls with no old equal: resolved for call sites (flow.ts addCallSites). */
  added: CallFact[];
  /** New classes with bases (the subclass index). */
  classes: number[];
  /** Old call index → new call index, -1 for a removed call (the caller checks it made no call site). */
  moved: number[];
}

/**
 * The new facts of an edited file rebuilt on the old facts' objects, when the edit only added,
 * changed or removed what no previous answer read (see the header); else null. Offsets are those
 * of the old facts (moved.ts): an edit inside a body moves later defs.
 */
export function extendFacts(old: FileFacts, edited: FileFacts, asked: Set<string>, pyClassNames?: ReadonlySet<string>): Extended | null {
  if (old.path !== edited.path || old.language !== edited.language || old.error !== edited.error) return null;
  const now = inOldCoordinates(old, edited);
  if (!now) return null;
  if (!sameData(old.cjs, now.cjs) || !sameData(old.stars, now.stars) || !sameData(old.starLines ?? [], now.starLines ?? []) || !sameData(old.allNames, now.allNames)) return null;
  // (What the name `exports` is once module.exports is replaced, resolve-names.ts: a member of it
  // added, changed or removed under a name some question asked.)
  if (!sameData(old.jsBareExports ?? [], now.jsBareExports ?? [])) {
    const byKey = (items: { key: string; ref: Ref }[] = []): Map<string, Ref[]> => {
      const out = new Map<string, Ref[]>();
      for (const i of items) out.set(i.key, [...(out.get(i.key) ?? []), i.ref]);
      return out;
    };
    const before = byKey(old.jsBareExports);
    const after = byKey(now.jsBareExports);
    for (const key of new Set([...before.keys(), ...after.keys()])) if (asked.has(key) && !sameData(before.get(key), after.get(key))) return null;
  }
  if (!sameData(old.objAttrs ?? [], now.objAttrs ?? [])) return null;
  // Project-wide indexes of facts the resolver builds once (React context providers: resolve-indexes.ts
  // providers(); argparse `set_defaults(name=v)` keywords: resolve-members.ts argparseDefault).
  if (!sameData(old.provides ?? [], now.provides ?? []) || !sameData(setDefaults(old), setDefaults(now))) return null;
  // Other files' free names read a classic script's top level and a module's globals
  // (resolve-names.ts globalName): an import or export that makes a script a module changes that.
  if (isScript(old) !== isScript(now) || !sameData(old.globals ?? [], now.globals ?? [])) return null;
  // Which Python classes are ever instantiated (resolve-indexes.ts unusedClass) is read from every file's
  // names: one that a class has, named anew or no more, may change answers.
  // A JS file another file imports is no entry (what it exports is no more used: resolve-indexes.ts jsUsedClassNames).
  if (now.language !== "python" && (!sameData(old.imports.map((i) => i.spec), now.imports.map((i) => i.spec)) || !sameData(old.jsWhole ?? [], now.jsWhole ?? []) || !sameData(old.jsRequired ?? [], now.jsRequired ?? []) ||
    old.jsDefault !== now.jsDefault || !sameData(old.jsDefaultImports ?? [], now.jsDefaultImports ?? []))) return null;
  // (JavaScript's too: facts.jsUsed, what a file exports by name, its abstract classes.)
  for (const [a, b] of [[old.pyUsed, now.pyUsed], [old.jsUsed, now.jsUsed], [old.jsExported, now.jsExported], [old.jsAbstract, now.jsAbstract]] as const) {
    if (sameData(a ?? [], b ?? [])) continue;
    const before = new Set(a ?? []);
    const after = new Set(b ?? []);
    const changed = [...before].filter((n) => !after.has(n)).concat([...after].filter((n) => !before.has(n)));
    if (!pyClassNames || changed.some((n) => pyClassNames.has(n))) return null;
  }
  const n = old.defs.length;
  if (now.defs.length < n) return null;
  const defs = old.defs.slice();
  const classes: number[] = [];
  const memberStarts = new Set<number>();
  let last = -1;
  for (let i = 0; i < n; i++) {
    const d = now.defs[i]!;
    if (!sameMoved(old.defs[i]!, d)) return null;
    // Lines only make the file's own nodes: the old def's refs (bases) are kept.
    if (d.line !== old.defs[i]!.line) defs[i] = { ...old.defs[i]!, line: d.line };
    for (const s of old.defs[i]!.memberStarts) memberStarts.add(s);
    last = Math.max(last, old.defs[i]!.end);
  }
  for (let i = n; i < now.defs.length; i++) {
    const d = now.defs[i]!;
    // Getters, setters and conversion methods (toString...) change the global accessor names; a def where an old one had a member
    // start, what that start resolves to. A class with bases joins the subclass index: the caller
    // checks that nobody asked for the subclasses it joins (Resolver.addSubclasses).
    if (d.getter || d.setter || CONVERTER_NAMES.has(d.prop ?? d.name) || d.start < last || memberStarts.has(d.start)) return null;
    // (Python's __getattr__/__getattribute__ are indexed project-wide: resolve-indexes.ts moduleGetattrs, getattributes.)
    if (now.language === "python" && (d.name === "__getattr__" || d.name === "__getattribute__")) return null;
    // (Nor JS `Function.prototype.x = function`, a member of every function of the file: resolve-members.ts.)
    if (now.language !== "python" && d.name.startsWith("Function.prototype.")) return null;
    if (d.kind === "class" && d.bases.length > 0) classes.push(i);
    defs.push(d);
  }
  // Only the file's own part reads calls, besides the flow pass: new calls with arguments may
  // make call sites and removed ones may have made some, which the caller checks. A kept call
  // keeps its ref and argument objects (memoised answers and call sites are keyed by them).
  const moved = matchCalls(old.calls, now.calls);
  const kept = new Map<number, CallFact>();
  moved.forEach((to, from) => {
    if (to < 0) return;
    const was = old.calls[from]!;
    kept.set(to, was.line === now.calls[to]!.line ? was : { ...was, line: now.calls[to]!.line });
  });
  const added: CallFact[] = [];
  const calls = now.calls.map((call, i) => {
    const k = kept.get(i);
    if (k) return k;
    added.push(call);
    return call;
  });
  const bindings = extendBindings(old.bindings, now.bindings, n, asked);
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
    cjs: old.cjs, stars: old.stars, ...(old.starLines ? { starLines: old.starLines } : {}), ...(old.allNames ? { allNames: old.allNames } : {}), ...(old.objAttrs ? { objAttrs: old.objAttrs } : {}),
  };
  return { facts, added, classes, moved };
}

/** A Python file's argparse `set_defaults(...)` calls: their scopes and keyword arguments. */
function setDefaults(facts: FileFacts): unknown[] {
  if (facts.language !== "python") return [];
  const out: unknown[] = [];
  for (const c of facts.calls) if (c.ref.path.at(-1) === "set_defaults" && c.args) out.push([c.scope, c.args.map((a) => [a.name ?? null, a.ref ?? null])]);
  return out;
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
