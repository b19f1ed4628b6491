// Project graph assembly: one node per module, function, method, class and Python main block;
// edges for calls and imports resolved across files; uses of external packages; dynamic
// constructs and missing relative imports kept so the reach phase can answer "unknown".
import { ARRAY_THIS_ARG, ASYNC_ITERATOR, CONVERTER_NAMES, CONVERTERS, ITERATOR, JS_STORING, type CallFact, type FileFacts } from "./fact-types.ts";
import { clip } from "./fact-text.ts";
import { MEMBERS, type Ref } from "./ref-types.ts";
import { bound } from "./bound.ts";
import { accessors, addCallSites, collectArgSites, pyHandedArgument, reflectApply, timerArguments } from "./flow.ts";
import { BY_ID, EdgeEndsRecorder, markHashFree } from "./edge-ends.ts";
import { extendFacts, moduleIndexKey, sameData, type AssemblyState, type Extended, type FilePart } from "./incremental.ts";
import type { ModuleIndex } from "./modules.ts";
import { BUILTIN, callable, defAt, defIndex, defKinds, defStarts, isPyLiteral, KIND, type ArgSite, type FileInfo, type Value } from "./value-types.ts";
import { isOurs, isPyGetattr, memberDef } from "./resolve-helpers.ts";
import { Resolver } from "./resolve.ts";
import { isDependencyFile, isNonProductionPath } from "../reach/entries.ts";
import { ecosystemOf, type ExternalUse, type GraphEdge, type GraphNode, type ProjectGraph } from "./types.ts";

export type GraphParts = Omit<ProjectGraph, "files" | "entries">;

export interface Assembled {
  parts: GraphParts;
  resolver: Resolver;
  infos: Map<string, FileInfo>;
  /** Incremental mode: what the next scan reuses, and the files resolved now (null: all). */
  state?: AssemblyState;
  resolved?: string[] | null;
}

/** Incremental mode (incremental.ts): the previous scan's state, null for the first scan. */
export interface AssembleOptions {
  /** Taken (set to null) by assemble(), so a full assembly does not keep it alive. */
  previous: AssemblyState | null;
}

/** Give every file and definition a node id; ids are unique and stable across runs. */
function fileInfo(facts: FileFacts, nodes: GraphNode[]): FileInfo {
  const moduleId = `${facts.path}#<module>`;
  const moduleNode = nodes.length;
  nodes.push({ id: moduleId, file: facts.path, line: 1, kind: "module", name: "<module>" });
  const used = new Set<string>([moduleId]);
  const defNodes = new Int32Array(facts.defs.length).fill(-1);
  const nodeIds = facts.defs.map((d, i) => {
    if (d.kind === "object") return "";
    let id = `${facts.path}#${d.qname}`;
    for (let n = 1; used.has(id); n++) id = `${facts.path}#${d.qname}@${d.line}${n > 1 ? `.${n}` : ""}`;
    used.add(id);
    defNodes[i] = nodes.length;
    nodes.push({ id, file: facts.path, line: d.line, kind: d.kind, name: d.qname });
    return id;
  });
  return {
    facts, moduleId, nodeIds, moduleNode, defNodes, kinds: defKinds(facts.defs), defByStart: defIndex(facts.defs), starts: defStarts(facts.defs), sites: null,
    ...(testOrDocsPath(facts.path) ? { nonProduction: true } : {}),
  };
}

/**
 * `check` (scan/deadline.ts) is called every few thousand resolutions and throws once the scan's
 * time is up. A previous state is taken either way: after a throw, the next build assembles in full.
 */
export function assemble(all: FileFacts[], index: ModuleIndex, incremental?: AssembleOptions, check: (() => void) | null = null): Assembled {
  if (incremental?.previous) {
    const prev = takePrevious(incremental);
    prev.resolver.check = check;
    try {
      const quick = reassemble(prev, all, index);
      if (quick) return quick;
    } finally {
      prev.resolver.check = null;
    }
  }
  return assembleAll(all, index, incremental !== undefined, check);
}

function takePrevious(opts: AssembleOptions): AssemblyState {
  const prev = opts.previous!;
  opts.previous = null;
  return prev;
}

const NONE_HANDED: readonly never[] = [];

/** Whether a member path reads one of our getter names before its last name. */
function readsGetterOnTheWay(path: string[], getterNames: Set<string>): boolean {
  for (let i = 0; i < path.length - 1; i++) if (getterNames.has(path[i]!)) return true;
  return false;
}

/** In the getter names, the mark of a conversion method's name (never a property's text). */
const CONVERTED = "\u0000";

/** Accessor names: a property read or write is a call only of one of these. */
function accessorNames(infos: Iterable<FileInfo>): { getters: Set<string>; setters: Set<string> } {
  const getters = new Set<string>();
  const setters = new Set<string>();
  for (const fi of infos) {
    for (const n of fi.facts.pyDescriptorAttrs ?? []) getters.add(n);
    for (const d of fi.facts.defs) {
      if (d.getter) getters.add(d.prop ?? d.name);
      if (d.getter && d.props) for (const p of d.props) getters.add(p);
      if (d.setter) setters.add(d.prop ?? d.name);
      // (Conversion methods, `toString` and the like, marked: a conversion runs only those of ours.)
      // (`Version.prototype.valueOf = function () {}` too: the name's last part.)
      else {
        const n = d.prop ?? d.name;
        const last = CONVERTER_NAMES.has(n) ? n : n.slice((n.endsWith("]") ? n.lastIndexOf(".[") : n.lastIndexOf(".")) + 1);
        if (CONVERTER_NAMES.has(last)) getters.add(CONVERTED + last);
      }
    }
  }
  return { getters, setters };
}

function assembleAll(all: FileFacts[], index: ModuleIndex, keep: boolean, check: (() => void) | null): Assembled {
  const nodes: GraphNode[] = [];
  const infos = new Map<string, FileInfo>();
  const nodeMarks: number[] = [];
  for (const facts of all) {
    nodeMarks.push(nodes.length);
    infos.set(facts.path, fileInfo(facts, nodes));
  }
  nodeMarks.push(nodes.length);
  const resolver = new Resolver(infos, index);
  resolver.check = check;
  try {
    importedIsProduction(infos, resolver);
    return assembleWith(all, index, keep, infos, nodes, nodeMarks, resolver);
  } finally {
    // A kept resolver serves the next scan, whose deadline is its own.
    resolver.check = null;
  }
}

/** A test, example or docs path of the checkout's own (not dependency code): FileInfo.nonProduction until imported. */
const testOrDocsPath = (path: string): boolean => isNonProductionPath(path) && !isDependencyFile(path);

/**
 * A test, example or docs path that production code imports is production code: yaml's
 * `dist/doc/Document.js` is its core class, not documentation, and what its calls pass must reach
 * the parameters of the rest (value-types.ts FileInfo.nonProduction). Followed from every
 * production file through imports, each file once; tests import the code, never the reverse.
 */
function importedIsProduction(infos: Map<string, FileInfo>, resolver: Resolver): void {
  const work: FileInfo[] = [];
  let any = false;
  for (const fi of infos.values()) {
    if (fi.nonProduction) any = true;
    else work.push(fi);
  }
  if (!any) return;
  while (work.length > 0) {
    const fi = work.pop()!;
    for (const imp of fi.facts.imports) {
      for (const v of resolver.module(fi, imp.spec)) {
        if (v.k !== "mod" || !v.fi?.nonProduction) continue;
        delete v.fi.nonProduction;
        work.push(v.fi);
      }
    }
  }
}

function assembleWith(
  all: FileFacts[], index: ModuleIndex, keep: boolean, infos: Map<string, FileInfo>, nodes: GraphNode[], nodeMarks: number[], resolver: Resolver,
): Assembled {
  const answers = collectArgSites(infos, resolver);
  resolver.endRounds();
  const parts: GraphParts = { nodes, edges: [], uses: [], dynamic: [], unresolved: [] };
  const { getters, setters } = accessorNames(infos.values());
  // Node ids are unique when no path holds a "#" (the first one ends the path): then an edge's
  // end found by index is the one its id names.
  const ends = all.some((f) => f.path.includes("#")) ? undefined : new EdgeEndsRecorder();
  const assembleFile = fileAssembler(resolver, getters, setters, parts, answers, ends);
  const fileParts: FilePart[] = [];
  const midway = !keep && callCount(infos) >= COLLECT_MIDWAY_CALLS ? infos.size >> 1 : -1;
  let i = 0;
  for (const fi of infos.values()) {
    // Halfway through a large one-off build's graph pass, one full collection: see COLLECT_MIDWAY_CALLS.
    if (i === midway) Bun.gc(true);
    const marks = [parts.edges.length, parts.uses.length, parts.dynamic.length, parts.unresolved.length] as const;
    assembleFile(fi);
    // The assembly's peak is the end of this pass: a one-off build lets each file's reference
    // answers go once its edges are made (a kept resolver serves the next scan).
    if (!keep) resolver.forgetRefs(fi);
    if (keep) {
      fileParts.push({
        nodes: nodes.slice(nodeMarks[i], nodeMarks[i + 1]),
        edges: parts.edges.slice(marks[0]), uses: parts.uses.slice(marks[1]),
        dynamic: parts.dynamic.slice(marks[2]), unresolved: parts.unresolved.slice(marks[3]),
      });
    }
    i++;
  }
  ends?.keep(parts.edges);
  if (!keep) return { parts, resolver, infos };
  const state: AssemblyState = { facts: all, infos, resolver, indexKey: moduleIndexKey(index), getters, setters, parts: fileParts };
  return { parts, resolver, infos, state, resolved: null };
}

/**
 * From this many calls (~700k lines of JS), a one-off build's graph pass runs one full collection
 * halfway. The reference answers forgetRefs() lets go were made in the flow rounds, so they are
 * old-generation garbage that only a full collection frees, and JavaScriptCore's eden collections
 * raise the heap's limit by what they promote: through the pass the heap's capacity grew from 650
 * to 790 MiB over a live heap that stayed at ~505 MiB (1.1M generated JS lines; with a full
 * collection every 250 files it stayed at ~690). One collection halfway: peak RSS 880 MiB against
 * 910 (mean of four alternated runs each), for one collection's CPU (within noise at load 33-44). Below
 * the threshold the peak is far from the memory limit and the collection would only cost time.
 */
const COLLECT_MIDWAY_CALLS = 700_000;

function callCount(infos: Map<string, FileInfo>): number {
  let n = 0;
  for (const fi of infos.values()) n += fi.facts.calls.length;
  return n;
}

/**
 * The previous assembly brought up to date by resolving only the edited files, or null when an
 * edit is not one that incremental.ts can take (then the caller assembles everything).
 */
function reassemble(prev: AssemblyState, all: FileFacts[], index: ModuleIndex): Assembled | null {
  if (prev.facts.length !== all.length || moduleIndexKey(index) !== prev.indexKey) return null;
  const changed: (Extended & { at: number; fresh: FileInfo; nodes: GraphNode[] })[] = [];
  const renumbered = new Map<FileInfo, number[]>();
  const renamed = new Map<string, string>();
  for (let i = 0; i < all.length; i++) {
    const before = prev.facts[i]!;
    const now = all[i]!;
    if (before.path !== now.path) return null;
    if (before === now) continue;
    const extended = extendFacts(before, now, prev.resolver.asked, prev.resolver.pyClassNames);
    if (!extended) return null;
    if (now.language === "python" && prev.resolver.readsIndexedChanged(before, now)) return null;
    // An id made from a line (a repeated name, `<arrow>`) moves with it: other files' edges and
    // the call sites name it (renamed below).
    const nodes: GraphNode[] = [];
    const fresh = fileInfo(extended.facts, nodes);
    const fi = prev.infos.get(now.path)!;
    // A test or docs path that production code imports stays production (importedIsProduction);
    // which ones are follows the imports, so a Python file whose imports changed (JS: never
    // extended) is assembled in full when the checkout has such paths.
    if (!fi.nonProduction) delete fresh.nonProduction;
    if (now.language === "python" && !sameData(before.imports.map((m) => m.spec), now.imports.map((m) => m.spec)) &&
      [...prev.infos.keys()].some(testOrDocsPath)) return null;
    for (let d = 0; d < before.defs.length; d++) if (fresh.nodeIds[d] !== fi.nodeIds[d]) renamed.set(fi.nodeIds[d]!, fresh.nodeIds[d]!);
    // Its calls renumbered (moved, or removed: -1): the sites of its calls are read below.
    if (extended.moved.some((to, from) => to !== from)) renumbered.set(fi, extended.moved);
    changed.push({ at: i, ...extended, fresh, nodes });
  }
  // A removed call that made call sites (any flow round) changed what parameters receive: in full.
  // The sites of edited files' renumbered calls, found in this one pass over every file's sites,
  // are the only ones addCallSites renumbers (it walked every site again).
  const touched: ArgSite[] = [];
  if (renumbered.size > 0) {
    for (const fi of prev.infos.values()) {
      for (const list of fi.sites ?? []) {
        for (const site of list ?? []) {
          const moved = renumbered.get(site.fi);
          if (!moved || site.call === undefined) continue;
          if (moved[site.call] === -1) return null;
          touched.push(site);
        }
      }
    }
  }
  // From here on the previous state is updated in place; a null return below drops it (the caller
  // assembles everything from the facts, which it does not read).
  const facts = all.slice();
  const fileParts = prev.parts.slice();
  const resolved: string[] = [];
  for (const { at, facts: edited, fresh, nodes } of changed) {
    const fi = prev.infos.get(edited.path)!;
    // Same identity, new facts: memoised values that point into this file stay valid.
    fi.facts = edited;
    fi.nodeIds = fresh.nodeIds;
    fi.kinds = fresh.kinds;
    fi.defByStart = fresh.defByStart;
    fi.starts = fresh.starts;
    facts[at] = edited;
    fileParts[at] = { nodes, edges: [], uses: [], dynamic: [], unresolved: [] };
  }
  if (renamed.size > 0) renameNodes(prev, fileParts, new Set(changed.map((c) => c.at)), renamed);
  // An edited script may bind new top-level names (no question asked for them): made anew when asked.
  if (changed.length > 0) prev.resolver.globalProviders = null;
  // New calls that bind arguments to functions of ours make call sites: added where the flow
  // pass would have put them, unless that could change answers (then in full: the state is
  // dropped, a full assembly starts anew).
  const edits = changed.map(({ facts: edited, added, moved }) => ({ fi: prev.infos.get(edited.path)!, moved, added }));
  if (!addCallSites(prev.resolver, prev.infos, edits, touched)) return null;
  const classes = changed.flatMap(({ facts: edited, classes }) => classes.map((def) => ({ fi: prev.infos.get(edited.path)!, def })));
  if (classes.length > 0 && !prev.resolver.addSubclasses(classes)) return null;
  // Resolved once every edited file has its new facts.
  for (const { at, facts: edited } of changed) {
    const part = fileParts[at]!;
    fileAssembler(prev.resolver, prev.getters, prev.setters, part)(prev.infos.get(edited.path)!);
    resolved.push(edited.path);
  }
  // flat() copies each part's items in one go (a push per item of 107k nodes and 230k edges at
  // 557k lines took 2-5x as long).
  const parts: GraphParts = {
    nodes: fileParts.map((p) => p.nodes).flat(), edges: fileParts.map((p) => p.edges).flat(), uses: fileParts.map((p) => p.uses).flat(),
    dynamic: fileParts.map((p) => p.dynamic).flat(), unresolved: fileParts.map((p) => p.unresolved).flat(),
  };
  // Its node ids are unique as a full assembly's (the same paths): the search need not hash them all.
  if (!all.some((f) => f.path.includes("#"))) markHashFree(parts.nodes);
  const state: AssemblyState = { ...prev, facts, parts: fileParts };
  return { parts, resolver: prev.resolver, infos: prev.infos, state, resolved };
}

/**
 * Node ids of edited files renamed where they outlive their file's own part: other files' edges
 * (in their order: renaming is one to one, so no two edges merge) and the asked sites, which are
 * keyed by node. Memoised answers and call sites hold def indices, never ids.
 */
function renameNodes(prev: AssemblyState, fileParts: FilePart[], edited: Set<number>, renamed: Map<string, string>): void {
  fileParts.forEach((part, at) => {
    if (edited.has(at) || !part.edges.some((e) => renamed.has(e.to))) return;
    fileParts[at] = { ...part, edges: part.edges.map((e) => (renamed.has(e.to) ? { ...e, to: renamed.get(e.to)! } : e)) };
  });
  const { askedSites } = prev.resolver;
  const asked = [...renamed].filter(([from]) => askedSites.delete(from));
  for (const [, to] of asked) askedSites.add(to);
}

/**
 * Resolves one file's calls, imports and dynamic sites into `parts` (edges and uses deduplicated
 * per caller: every edge and use starts at a node of the file resolved). `answers`: the flow
 * pass's stable answers for each file's calls with arguments, let go as each file is done.
 */
function fileAssembler(
  resolver: Resolver, getterNames: Set<string>, setterNames: Set<string>,
  parts: Omit<GraphParts, "nodes">, answers?: Map<FileInfo, (Value[] | null)[]>, ends?: EdgeEndsRecorder,
): (fi: FileInfo) => void {
  // Edges and uses seen, by line; cleared for each file, as every edge and use starts at a node of
  // its file: kept for the whole project they were a fifth of assembly's peak live heap (45 of
  // 231 MB at 250k lines).
  const edgesSeen = new SeenByLine<GraphEdge>(sameEdge, edgeKey);
  const usesSeen = new SeenByLine<ExternalUse>(sameUse, useKey);
  /** `from`, `to`: the ends' node indices (edge-ends.ts), read only when `ends` records them. */
  const addEdge = (e: GraphEdge, from: number, to: number): void => {
    if (!edgesSeen.add(e.line, e)) return;
    parts.edges.push(e);
    ends?.push(from, to, e.line);
  };
  const addUse = (u: ExternalUse): void => {
    if (usesSeen.add(u.line, u)) parts.uses.push(u);
  };
  // The conversion methods of each hint that some class of ours has, in the hint's order: once
  // here, not `getterNames.has(CONVERTED + m)` per conversion site (a string built and hashed
  // per lookup, a tenth of JS assembly's own time).
  const ownConverters = {
    string: CONVERTERS.string.filter((m) => getterNames.has(CONVERTED + m)),
    number: CONVERTERS.number.filter((m) => getterNames.has(CONVERTED + m)),
    json: CONVERTERS.json.filter((m) => getterNames.has(CONVERTED + m)),
    then: CONVERTERS.then.filter((m) => getterNames.has(CONVERTED + m)),
    instance: CONVERTERS.instance.filter((m) => getterNames.has(CONVERTED + m)),
    asyncDispose: CONVERTERS.asyncDispose.filter((m) => getterNames.has(CONVERTED + m)),
  };
  return assembleFile;

  function assembleFile(fi: FileInfo): void {
    edgesSeen.clear();
    usesSeen.clear();
    const ecosystem = ecosystemOf(fi.facts.language);
    const nodeOf = (scope: number): string => (scope < 0 ? fi.moduleId : fi.nodeIds[scope]!);
    const indexOf = (scope: number): number => (scope < 0 ? fi.moduleNode : fi.defNodes[scope]!);
    const external = (from: string, line: number, v: Value, kind: ExternalUse["kind"]): void => {
      if (v.k === "ext") addUse({ from, line, ecosystem, module: v.module, member: v.member, kind });
    };
    const known = answers?.get(fi);
    answers?.delete(fi);
    let answered = 0;
    for (const call of fi.facts.calls) {
      const answer = call.args && known ? known[answered++]! : null;
      // Python `o.x = v` runs our setter of x (if any) but is no edge (PyCG's convention): only
      // its parameter gets v (flow.ts).
      if (call.setter && fi.facts.language === "python") continue;
      // A call in a parameter's default runs only when some call leaves the parameter out.
      if (call.dflt !== undefined && !resolver.leftOut(fi, call.scope, call.dflt)) continue;
      // A conversion to a primitive (`${x}`, `"a" + x`, `String(x)`) runs the first of x's
      // conversion methods (in the hint's order) that is ours; nothing when x has none.
      if (call.convert) {
        const from = nodeOf(call.scope);
        const fromNode = indexOf(call.scope);
        let ran = false;
        for (const m of ownConverters[call.convert]) {
          for (const v of resolver.resolve(fi, call.scope, { root: call.ref.root, path: [...call.ref.path, m] })) {
            if (v.k !== "def" || v.fi.kinds[v.def] === KIND.class) continue;
            const to = functionNode(v);
            if (to === null) continue;
            addEdge({ from, to, line: call.line, kind: "call" }, fromNode, defNode(v));
            ran = true;
          }
          if (ran) break;
        }
        // `JSON.stringify(order)` of a value without its own toJSON serialises its members:
        // their toJSON (`this.total = new Money()`), one level down.
        if (!ran && call.convert === "json" && ownConverters.json.length > 0) {
          // (An instance's: the attributes its class's code sets, `this.total = ...`.)
          const keys = new Set<string>();
          let array = false;
          for (const v of resolver.resolve(fi, call.scope, call.ref)) {
            if (v.k === "inst") {
              for (const key of v.fi.facts.attrs.get(v.def)?.keys() ?? []) if (keys.size < 32) keys.add(key);
            } else if (v.k === "coll") array = true; // (an array's: each item's, `JSON.stringify([new Order(1)])`)
          }
          const paths = [[...call.ref.path, MEMBERS, "toJSON"], ...[...keys].map((k) => [...call.ref.path, k, "toJSON"])];
          if (array) paths.push([...call.ref.path, "[*]", "toJSON"]);
          for (const path of paths) {
            for (const v of resolver.resolve(fi, call.scope, { root: call.ref.root, path })) {
              if (v.k !== "def" || v.fi.kinds[v.def] === KIND.class) continue;
              const to = functionNode(v);
              if (to !== null) addEdge({ from, to, line: call.line, kind: "call" }, fromNode, defNode(v));
            }
          }
        }
        continue;
      }
      // `el.onclick = f`: f is called by the platform when el is none of ours (our object's
      // handler is called by our code, where it is read).
      if (call.handler && resolver.resolve(fi, call.scope, call.handler).some((v) => v.k === "def" || v.k === "inst" || v.k === "mod" || v.k === "coll")) continue;
      // A property read is a call only of one of our getters: most reads need no resolving.
      // (`new Doc().meta.title`, `session?.user?.name`: a getter read on the way, below.)
      const path = call.ref.path;
      const viaGetter = (call.getter || call.setter) && path.length > 1 && getterNames.size > 0 && readsGetterOnTheWay(path, getterNames);
      if (call.getter && !viaGetter && !getterNames.has(path.at(-1)!)) continue;
      if (call.setter && !viaGetter && !setterNames.has(path.at(-1)!)) continue;
      const from = nodeOf(call.scope);
      const fromNode = indexOf(call.scope);
      // `this.service.run()`: reading `service` on the way runs our getter of that name.
      if (path.length > 1 && (viaGetter || (!call.getter && !call.setter)) && getterNames.size > 0) {
        for (let i = 0; i < path.length - 1; i++) {
          if (!getterNames.has(path[i]!)) continue;
          const read = resolver.resolve(fi, call.scope, { root: call.ref.root, path: path.slice(0, i + 1) });
          for (const g of decoratedGetters(resolver, accessors(read, "getter"))) {
            const to = functionNode(g);
            if (to !== null) addEdge({ from, to, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, defNode(g));
          }
        }
        if (call.getter && !getterNames.has(path.at(-1)!)) continue;
        if (call.setter && !setterNames.has(path.at(-1)!)) continue;
      }
      // Python `pkg.heavy.run()` with pkg's own `__getattr__` (PEP 562) and no top-level heavy: the
      // read runs it (resolve-indexes.ts moduleGetattr), the path goes on with what the read finds.
      // (`lazy.compute()`, the name called itself: the edge to `__getattr__`; what it returns is
      // what resolve-members.ts pyMember() reads lazy.compute as, and is called below.)
      if (fi.facts.language === "python" && path.length >= 1 && call.ref.root.t === "name" && !call.getter && !call.setter && resolver.anyModuleGetattr()) {
        for (let i = 0; i < path.length && i < 4; i++) {
          for (const o of resolver.resolve(fi, call.scope, { root: call.ref.root, path: path.slice(0, i) })) {
            const at = resolver.moduleGetattr(o, path[i]!);
            if (at === null || o.k !== "mod" || !o.fi) continue;
            addEdge({ from, to: o.fi.nodeIds[at]!, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, o.fi.defNodes[at]!);
          }
        }
      }
      const lost = resolver.losses;
      const resolved = answer ?? resolver.resolve(fi, call.scope, call.ref);
      // An answer that lost values to the bound may have lost callees: the call is then a site of
      // unknown reach. (The flow pass keeps no such answer, so it is resolved here.) An argument's
      // answer is not checked: it is mostly data handed to a builtin (700 of pip's 950 such
      // sites), and what a callee of ours calls back is a call of its own.
      // A loss among builtin methods only (`xs.push()` of many lists) loses no code of ours or of a package.
      const capped = resolver.losses !== lost && !resolved.every(isBuiltinMethod);
      let values = call.getter ? decoratedGetters(resolver, accessors(resolved, "getter")) : call.setter ? decoratedGetters(resolver, accessors(resolved, "setter"), "@set") : resolved;
      // Python `super().__call__(...)` in our metaclass's `__call__` makes the instance: the
      // constructors of the classes made with the metaclass (resolve-indexes.ts metaSuperCtors).
      if (call.ref.root.t === "super" && path.length === 1 && path[0] === "__call__" && !call.protocol && fi.facts.defs[call.scope]?.superCall) {
        values = [...values, ...resolver.metaSuperCtors(fi, call.scope)];
      }
      // Python `for x in obj` over our class without __iter__ indexes it: __getitem__(0), (1), ...
      if (call.protocol && resolved.length === 0 && call.ref.path.at(-1) === "__iter__" && fi.facts.language === "python") {
        values = resolver.resolve(fi, call.scope, { root: call.ref.root, path: [...call.ref.path.slice(0, -1), "__getitem__"] });
      }
      // Python `for x in gen()` over a call of our generator function iterates the generator object
      // (a builtin's __iter__/__next__), not what gen delegates to by `yield from obj` (whose
      // __iter__ runs in gen: facts-py.ts).
      if (call.protocol && values.length > 0 && fi.facts.language === "python" && overGenerator(resolver, fi, call)) values = [];
      // JS `for...of` over our iterable: `[Symbol.iterator]()`, then `next()` on what it returned.
      if (call.protocol && values.length > 0 && (call.ref.path.at(-1) === ITERATOR || call.ref.path.at(-1) === ASYNC_ITERATOR)) {
        values = [...values, ...resolver.resolve(fi, call.scope, { root: { t: "call", callee: call.ref }, path: ["next"] })];
        // A loop left early (`break`, `return`) closes the iterator: its `return()`.
        if (call.closes) values = [...values, ...resolver.resolve(fi, call.scope, { root: { t: "call", callee: call.ref }, path: ["return"] })];
      }
      for (const v of values) {
        if (call.protocol && (v.k !== "def" || v.fi.kinds[v.def] === KIND.class)) continue;
        if (v.k === "ext") {
          if (call.raised && v.module === BUILTIN) continue;
          // Calling or passing on what a call returned (`_.template(s)(data)`, `f(args)` with
          // `args = minimist()`) is no new use of the package.
          if (v.returned || isPyLiteral(v)) continue;
          // `import("pkg").then(cb)` is the promise's, not the package's (cb gets the module: flow.ts).
          if (path.length === 1 && path[0] === "then" && call.ref.root.t === "module") continue;
          // JS `EventEmitter.call(this)` / `Base.apply(this, arguments)` of a package's function calls it,
          // also of a package that is the function (`const Stream = require("stream"); Stream.call(this)`).
          const last = v.member.at(-1);
          const own = v.member.length >= 1 && (last === "call" || last === "apply") && v.module !== BUILTIN && call.kind !== "ref" && fi.facts.language !== "python";
          external(from, call.line, own ? { ...v, member: v.member.slice(0, -1) } : v, call.kind === "ref" ? "ref" : "call");
          continue;
        }
        const fn = functionNode(v);
        if (fn !== null) {
          addEdge({ from, to: fn, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, defNode(v));
          // `o.handler()` with `get handler()`: the getter runs, then what it returns is called.
          // (`new Registry.Impl()` with `static get Impl()`: the class it returns is made, its constructor runs.)
          // (Python: not the getter def a decorator of ours wraps, `@property @traced def factory`, called
          // by name in the wrapper, `fn(self)`: a plain call. The wrapper is the getter then: `o.factory()`
          // calls what it returns, `properties/p29_property_over_own_plain_decorator_getter_result_called`.)
          const python = fi.facts.language === "python";
          const getterDef = v.k === "def" && v.fi.facts.defs[v.def]!.getter === true && !(python && path.length === 0 && wrappedGetter(v.fi.facts.defs[v.def]!));
          if (v.k === "def" && (getterDef || isPyGetattr(v) || (python && path.length > 0 && call.kind === "call" && v.fi.kinds[v.def] === KIND.function &&
            getterNames.has(path.at(-1)!) && wrapsGetterMember(resolver, fi, call))) && (call.kind === "call" || (call.kind === "new" && fi.facts.language !== "python")) && !call.getter) {
            for (const r of resolver.resolve(fi, call.scope, { root: { t: "call", callee: call.ref }, path: [] })) {
              if (call.kind === "new") {
                if (r.k === "def" && r.fi.kinds[r.def] === KIND.class) for (const t of resolver.calleeDefs(r).defs) addEdge({ from, to: t.fi.nodeIds[t.def]!, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, t.fi.defNodes[t.def]!);
                continue;
              }
              const returned = functionNode(r);
              if (returned !== null) addEdge({ from, to: returned, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, defNode(r));
              // A class it returns is made (`self.codec_class()`: its __init__), an instance's __call__ runs.
              else if (fi.facts.language === "python" && ((r.k === "def" && r.fi.kinds[r.def] === KIND.class) || r.k === "inst")) {
                for (const t of resolver.calleeDefs(r).defs) addEdge({ from, to: t.fi.nodeIds[t.def]!, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, t.fi.defNodes[t.def]!);
              }
            }
          }
          continue;
        }
        const { defs: targets, ext } = resolver.calleeDefs(v);
        for (const t of targets) addEdge({ from, to: t.fi.nodeIds[t.def]!, line: call.line, kind: call.weak ? "ref" : "call" }, fromNode, t.fi.defNodes[t.def]!);
        for (const e of ext) external(from, call.line, e, call.kind === "ref" ? "ref" : "call");
      }
      // (Python lists every call's arguments, most of them none.)
      if (call.args && call.args.length > 0) {
        // How the callee treats what it is given: found once some argument resolves to a value
        // (most resolve to none: 70% in JS, 77% in Python).
        let kind: "call" | "ref" | null = null;
        let toBuiltin = false;
        let intoOurs = false;
        // `setTimeout(f, ms, a, b)`: a and b are f's arguments (flow.ts), not called here.
        const passedFrom = timerArguments(values);
        // `Reflect.apply(f, o, xs)` of our f: xs's items are f's arguments (flow.ts), not called here.
        // `Reflect.construct(C, xs)` of our C likewise: xs's items are its constructor's arguments.
        const applied = call.args.length >= 2 && fi.facts.language !== "python" && (call.args.length >= 3 && reflectApply(values) || reflectApply(values, "construct")) &&
          call.args[0]!.ref !== null && resolver.resolve(fi, call.scope, call.args[0]!.ref).some(isOurs);
        for (let i = 0; i < call.args.length; i++) {
          const arg = call.args[i]!;
          if (!arg.ref || i >= passedFrom || (applied && i > 0)) continue;
          // `pool.submit(f, g)`: g is f's argument (flow.ts), not called here.
          if (fi.facts.language === "python" && pyHandedArgument(call, values, i)) continue;
          // A field specifier's `default=f` (dataclasses/attrs `field`, `attr.ib`, pydantic `Field`)
          // is the attribute's value, stored, not called (`default_factory=f` is called).
          // So is `next(it, d)`'s / `iter(it, sentinel)`'s second argument, and `max(xs, default=d)`'s
          // (given back or compared, never called: `generators/p21_next_genexpr_default_function`).
          // A fold's start value (`reduce(f, xs, start)`, `xs.reduce(f, start)`) is f's first
          // accumulator, given to f, not called by the fold.
          const stored = fi.facts.language === "python" ? (arg.name === "default" && (values.some(fieldSpecifier) || values.some(minMax))) ||
            (i === 1 && !arg.name && values.some(nextIter)) || (i === 2 && !arg.name && values.some(functoolsReduce)) || (i >= 1 && values.some(partialMethod)) ||
            // (`asyncio.gather(get_a(), get_b())`: what the coroutines give is awaited, not called there.)
            (arg.ref.root.t === "call" && arg.ref.path.length === 0 && values.length > 0 && values.every(asyncioAwaits)) ||
            // `sorted(cfg.items)`, `max(pkg.values, key=k)`: the iterable is read, only key= (map/filter/iter's first) is called.
            (values.length > 0 && values.every(isBuiltin) && !values.some((v) => builtinCallsArg(v, i, arg.name, call.args!.length)))
            : i === 1 && call.args.length === 2 && JS_FOLDS.has(call.ref.path.at(-1) ?? "") && !values.some(isOurs);
          const given = resolver.resolve(fi, call.scope, arg.ref);
          // JS `xs.forEach(fmt.row)` of our getter row: what it returns is handed over too (the read itself calls the getter).
          const handed = arg.ref.path.length > 0 && fi.facts.language !== "python" ? resolver.getterReturns(given) : NONE_HANDED;
          for (const v of handed.length > 0 ? [...given, ...handed] : given) {
            if (kind === null) {
              // A function handed to code we cannot see (a package, a builtin like map) counts as
              // called here; one handed to our own code is followed into it (flow.ts) and is only
              // a reference here, which reach still follows. Decorators only register what they get.
              // `f.bind(o)` of our f hands o (and bound arguments) to f: a reference, not a call.
              // A JS module of ours called (`const run = require("./run"); run(cb)`) is its default export.
              const ours = values.some(isOurs) || values.some(isOurModule) || (call.ref.path.at(-1) === "bind" &&
                resolver.resolve(fi, call.scope, { root: call.ref.root, path: call.ref.path.slice(0, -1) }).some(isOurs));
              // JS: any callee we cannot see may call back (`arr.map(f)`, `p.then(f)`,
              // `setTimeout(f)`, `emitter.on("x", f)`): callbacks are the language's way of wiring code.
              const js = fi.facts.language !== "python";
              // (Nor a generator's `it.next(f)`, which sends f to its `yield`: flow by facts.ts GEN_SENT.)
              kind = !ours && !call.decorates && (js ? !jsWraps(values, call) && !(values.length > 0 && values.every(sendsToGenerator)) : values.some(callsBack)) ? "call" : "ref";
              toBuiltin = values.some(isBuiltin);
              intoOurs = ours && js && !call.decorates;
            }
            if (v.k === "ext") {
              // A package's value handed to a package (`Loader=yaml.FullLoader`) is often a
              // class or a constant: a reference, unless a builtin like map calls it.
              // Handed to our own JS code (`digest(crypto, s)`), it is used where that code calls
              // it: flow.ts carries it into the parameter.
              // (Nor a JS package's class handed to `util.inherits(C, EventEmitter)`, which only links prototypes.)
              if (!v.returned && !v.derived && v.module !== BUILTIN && !intoOurs && !(fi.facts.language !== "python" && values.some(wrapping))) external(from, call.line, v, kind === "call" && toBuiltin && !stored ? "call" : "ref");
              // JS `xs.map(parseFloat)`, `xs.filter(Boolean)`: a builtin function handed to an array
              // or promise callback method is called there, whatever the receiver.
              else if (v.module === BUILTIN && kind === "call" && !intoOurs && !v.returned && !v.derived && fi.facts.language !== "python" &&
                JS_CALLBACK_METHODS.has(call.ref.path.at(-1) ?? "") && call.ref.path.length > 0 && builtinCallback(v)) external(from, call.line, v, "call");
              continue;
            }
            const fn = functionNode(v);
            if (fn !== null) {
              addEdge({ from, to: fn, line: call.line, kind: stored ? "ref" : kind }, fromNode, defNode(v));
              // JS: a factory handed to a package that returns an object of functions (Strapi's
              // `createCoreController(uid, ({ strapi }) => ({ async find(ctx) {} }))`, a plugin's
              // `(fastify) => ({ hooks })`): the package gets those functions and calls them. References.
              if (kind === "call" && v.k === "def" && fi.facts.language !== "python" && values.some(isPackage)) {
                for (const r of v.fi.facts.returns.get(v.def) ?? []) {
                  for (const w of resolver.resolve(v.fi, v.def, r)) {
                    if (w.k === "def" && w.fi.kinds[w.def] === KIND.object) for (const to of objectFunctions(resolver, w.fi, w.def)) addEdge({ from, to, line: call.line, kind: "ref" }, fromNode, BY_ID);
                  }
                }
              }
              continue;
            }
            // Python: a list or tuple of our functions handed to a package (`Litestar(on_startup=[load])`,
            // `Starlette(on_shutdown=HOOKS)`): the package calls them. References: reach follows
            // them, the pycg form leaves them out. (Not a property read into the list: its value is listed.
            // Not a dict's values, data more often than callbacks, except Fire's `fire.Fire({"run": run})` commands.)
            // Python `requests.get(url, hooks={"response": f})` (or `[f, g]` under the key): the
            // package calls each hook, as it calls a function handed to it.
            if (v.k === "coll" && v.of === "dict" && arg.name === "hooks" && kind === "call" && fi.facts.language === "python" && values.some(isPackage)) {
              for (const item of v.items.slice(0, 16)) {
                for (const w of resolver.resolve(v.fi, v.scope, item.ref)) {
                  const hooks = w.k === "coll" && w.of !== "dict" ? w.items.slice(0, 16).flatMap((x) => resolver.resolve(w.fi, w.scope, x.ref)) : [w];
                  for (const h of hooks) {
                    const to = functionNode(h);
                    if (to !== null && h.k === "def" && h.fi.kinds[h.def] !== KIND.class) addEdge({ from, to, line: call.line, kind: "call" }, fromNode, defNode(h));
                  }
                }
              }
              continue;
            }
            if (v.k === "coll" && kind === "call" && fi.facts.language === "python" && (v.of !== "dict" || values.some(dispatchesMethods)) && values.some(isPackage)) {
              for (const item of v.items.slice(0, 32)) {
                for (const w of resolver.resolve(v.fi, v.scope, item.ref)) {
                  const to = functionNode(w);
                  if (to !== null && w.k === "def" && w.fi.kinds[w.def] !== KIND.class && !w.fi.facts.defs[w.def]!.getter && !w.fi.facts.defs[w.def]!.setter) addEdge({ from, to, line: call.line, kind: "ref" }, fromNode, defNode(w));
                }
              }
              continue;
            }
            // Python Fire (`fire.Fire(Admin)`, `fire.Fire(Admin())`): every public method of the
            // class is a command the package calls. References, as for a class handed over.
            if ((v.k === "def" || v.k === "inst") && v.fi.kinds[v.def] === KIND.class && fi.facts.language === "python" && values.some(dispatchesMethods)) {
              v.fi.facts.defs.forEach((d, m) => {
                if (d.parent === v.def && d.kind === "method" && !d.name.startsWith("_")) addEdge({ from, to: v.fi.nodeIds[m]!, line: call.line, kind: "ref" }, fromNode, v.fi.defNodes[m]!);
              });
            }
            // A class handed over is a reference (a registry, a DI container), unless `Reflect.construct` gets it.
            // (Python `field(default_factory=C)`, `defaultdict(default_factory=C)`: the package makes one.)
            // (`defaultdict(C)`: its first positional argument is that default_factory.)
            const isClass = v.k === "def" && v.fi.kinds[v.def] === KIND.class && !(toBuiltin && values.some(constructs)) &&
              !((arg.name === "default_factory" || (i === 0 && !arg.name && values.some(isDefaultdict))) && kind === "call");
            for (const t of resolver.calleeDefs(v).defs) addEdge({ from, to: t.fi.nodeIds[t.def]!, line: call.line, kind: isClass || stored ? "ref" : kind }, fromNode, t.fi.defNodes[t.def]!);
            // Python: a callable class handed to a package (Ray Serve's `@serve.deployment(...)` on a class with
            // `__call__`): the package makes it and calls the instance, as it calls a function handed over. A reference.
            if (isClass && fi.facts.language === "python" && values.some(isPackage)) {
              v.fi.facts.defs.forEach((d, m) => {
                if (d.parent === v.def && d.kind === "method" && d.name === "__call__") addEdge({ from, to: v.fi.nodeIds[m]!, line: call.line, kind: "ref" }, fromNode, v.fi.defNodes[m]!);
              });
            }
            // A class handed to a package's decorator factory (NestJS `@UseGuards(JwtGuard)`,
            // `@UseInterceptors(…)`, `@UsePipes(…)`): the framework makes it and calls its methods
            // (canActivate, intercept, transform) on every request. References, as for a class
            // handed over: reach follows them, the pycg form leaves them out.
            // (Not a DI token decorator, `@inject(Renderer)`, `@Inject(Service)`, `@InjectRepository(User)`,
            // `@multiInject(Plugin)`: the container hands an instance over; its methods run where the code calls them.)
            if (isClass && call.factory && values.some(isPackage) && !INJECTS.test(call.ref.path.at(-1) ?? (call.ref.root.t === "name" ? call.ref.root.name : ""))) {
              v.fi.facts.defs.forEach((d, m) => {
                if (d.parent === v.def && d.kind === "method") addEdge({ from, to: v.fi.nodeIds[m]!, line: call.line, kind: "ref" }, fromNode, v.fi.defNodes[m]!);
              });
            }
            // JS: an instance of our class handed to a package (a Feathers service, `app.use("messages",
            // new MessageService())`; a gRPC or JSON-RPC implementation object): the package calls its
            // methods. References, as for a class handed to a decorator factory.
            // (Or to a registration method of a receiver we cannot name: `app` a parameter the framework passes to a
            // `configure(app => …)` callback.)
            if (v.k === "inst" && kind === "call" && fi.facts.language !== "python" && v.fi.kinds[v.def] === KIND.class &&
              (values.some(isPackage) || (values.length === 0 && call.ref.path.length >= 1 && REGISTERS.has(call.ref.path.at(-1)!)))) {
              v.fi.facts.defs.forEach((d, m) => {
                if (d.parent === v.def && d.kind === "method" && d.name !== "constructor") addEdge({ from, to: v.fi.nodeIds[m]!, line: call.line, kind: "ref" }, fromNode, v.fi.defNodes[m]!);
              });
            }
            // Python: a class of ours, or an instance of one, handed to a registration method (`register`,
            // `register_x`, `add_x`) of a package's object or of a receiver we cannot name (Sphinx's
            // `app.add_directive("x", Include)` in setup(app), pluggy's `config.pluginmanager.register(Reporter())`):
            // the host makes it, or keeps it, and calls its public methods (the directive's `run`, the plugin's hooks).
            // References, as for a class handed to a decorator factory; not its `_helpers`.
            if ((v.k === "def" || v.k === "inst") && v.fi.kinds[v.def] === KIND.class && fi.facts.language === "python" && !arg.name && !call.decorates &&
              !values.some(isOurs) && (values.length === 0 || values.some(isPackage)) && call.ref.path.length >= 1 && PY_REGISTERS.test(call.ref.path.at(-1)!)) {
              v.fi.facts.defs.forEach((d, m) => {
                if (d.parent === v.def && d.kind === "method" && !d.name.startsWith("_")) addEdge({ from, to: v.fi.nodeIds[m]!, line: call.line, kind: "ref" }, fromNode, v.fi.defNodes[m]!);
              });
            }
            // Python: a class of ours handed to a package's callable as the class it should make (`cls=`, `x_class=`:
            // Click's `@click.group(cls=LazyGroup)`, `@click.command(cls=Cmd)`): the package makes it and calls its
            // public methods (the group's `get_command` override). References.
            if (v.k === "def" && v.fi.kinds[v.def] === KIND.class && fi.facts.language === "python" && typeof arg.name === "string" && /^(?:cls|\w+_class)$/.test(arg.name) && values.some(isPackage)) {
              v.fi.facts.defs.forEach((d, m) => {
                if (d.parent === v.def && d.kind === "method" && !d.name.startsWith("_")) addEdge({ from, to: v.fi.nodeIds[m]!, line: call.line, kind: "ref" }, fromNode, v.fi.defNodes[m]!);
              });
            }
            // An object of functions handed over (`new Vue({ created() {} })`, route tables):
            // its functions are the callbacks.
            // (Not the `this` an array method's callback is given: `xs.map(fmt, formatter)`,
            // `Array.from(xs, fmt, formatter)`; nor the object `Array.from(o)` iterates: its own
            // `[Symbol.iterator]` is a call of its own, the rest is never called; nor the object
            // `JSON.stringify(o)` serialises, whose toJSON is its conversion's call, call.convert.)
            // (`el.addEventListener("click", { handleEvent(e) {} })`: the DOM calls its handleEvent only.)
            const listener = v.k === "def" && v.fi.kinds[v.def] === KIND.object && i === 1 && call.ref.path.at(-1) === "addEventListener" && fi.facts.language !== "python"
              ? resolver.resolve(fi, call.scope, { root: arg.ref.root, path: [...arg.ref.path, "handleEvent"] }).filter((h) => functionNode(h) !== null) : NO_LISTENER;
            if (listener.length > 0) {
              for (const h of listener) addEdge({ from, to: functionNode(h)!, line: call.line, kind }, fromNode, defNode(h));
            } else if (v.k === "def" && v.fi.kinds[v.def] === KIND.object && !(fi.facts.language !== "python" && !values.some(isPackage) &&
              ((i === 1 && call.args.length === 2 && ARRAY_THIS_ARG.test(`.${call.ref.path.at(-1) ?? ""}`)) || ((i === 2 || i === 0) && isArrayFrom(call)) || (i === 0 && isJsonStringify(call))))) {
              for (const to of objectFunctions(resolver, v.fi, v.def)) addEdge({ from, to, line: call.line, kind }, fromNode, BY_ID);
            } else if (v.k === "mod" && kind === "call" && v.fi && values.some(isPackage)) {
              // A module handed to a package is its exports object (a hapi plugin: `server.register(require("./plugin"))`).
              // Not to a builtin, which reads it (`Object.hasOwn(commands, name)`), nor to a callee
              // we cannot name (`__exportStar(m, exports)` helpers pass modules around).
              for (const to of moduleFunctions(resolver, v.fi, 0)) addEdge({ from, to, line: call.line, kind }, fromNode, BY_ID);
            }
          }
        }
      }
      if (capped) parts.dynamic.push({ from, line: call.line, ecosystem, text: callText(call, fi.facts.language === "python"), kind: "capped" });
    }
    for (const imp of fi.facts.imports) {
      const from = nodeOf(imp.scope);
      const missing: string[] = [];
      const getattrs: { fi: FileInfo; at: number }[] = [];
      const targets = importTargets(fi, imp.spec, imp.names, resolver, missing, getattrs, imp.line);
      // `from lazy import thing` of a name lazy's PEP 562 `__getattr__` gives: the import runs it.
      for (const g of getattrs) addEdge({ from, to: g.fi.nodeIds[g.at]!, line: imp.line, kind: "call" }, indexOf(imp.scope), g.fi.defNodes[g.at]!);
      if (targets.length === 0 && imp.spec.startsWith(".") && !resolver.importsOtherFile(fi, imp.spec)) {
        parts.unresolved.push({ from, line: imp.line, ecosystem, specifier: imp.spec });
      }
      // `from . import x` where the package neither has a submodule x nor defines x.
      for (const name of missing) {
        const specifier = `${imp.spec}${imp.spec.endsWith(".") ? "" : "."}${name}`;
        parts.unresolved.push({ from, line: imp.line, ecosystem, specifier });
      }
      for (const t of targets) {
        if (t.k === "ext") external(from, imp.line, t, "import");
        else if (t.k === "mod" && t.fi) addEdge({ from, to: t.fi.moduleId, line: imp.line, kind: "import" }, indexOf(imp.scope), t.fi.moduleNode);
      }
    }
    // A Python class body runs where the class statement is (usually at import time).
    if (fi.facts.language === "python") {
      fi.facts.defs.forEach((d, i) => {
        if (fi.kinds[i] !== KIND.class) return;
        const scope = scopeOf(fi.facts, d.parent);
        addEdge({ from: nodeOf(scope), to: fi.nodeIds[i]!, line: d.line, kind: "call" }, indexOf(scope), fi.defNodes[i]!);
      });
    }
    for (const d of fi.facts.dynamic) {
      const targets = d.obj ? memberTargets(resolver, resolver.resolve(fi, d.scope, d.obj)) : null;
      parts.dynamic.push({ from: nodeOf(d.scope), line: d.line, ecosystem, text: d.text, ...(d.kind ? { kind: d.kind } : {}), ...(targets ? { targets } : {}) });
    }
  }
}

/**
 * The edges (or uses) of one file seen so far, by line: a line's one item bare, a few in an array
 * compared one by one, more by key strings (a minified file's one line). A Map per caller, as
 * before, was a fifth of the graph pass's garbage.
 */
class SeenByLine<T extends object> {
  private at: (T | T[] | Set<string> | undefined)[] = [];
  private lines: number[] = [];

  constructor(
    private same: (a: T, b: T) => boolean,
    private key: (item: T) => string,
  ) {}

  clear(): void {
    for (const line of this.lines) this.at[line] = undefined;
    this.lines.length = 0;
  }

  /** Records `item` at `line`: false when an equal one was there already. */
  add(line: number, item: T): boolean {
    while (this.at.length <= line) this.at.push(undefined);
    const had = this.at[line];
    if (had === undefined) {
      this.at[line] = item;
      this.lines.push(line);
      return true;
    }
    if (had instanceof Set) {
      const key = this.key(item);
      if (had.has(key)) return false;
      had.add(key);
      return true;
    }
    if (!Array.isArray(had)) {
      if (this.same(had, item)) return false;
      this.at[line] = [had, item];
      return true;
    }
    for (const other of had) if (this.same(other, item)) return false;
    if (had.length < SCANNED) had.push(item);
    else {
      const keys = new Set<string>([this.key(item)]);
      for (const other of had) keys.add(this.key(other));
      this.at[line] = keys;
    }
    return true;
  }
}

/** Items of one line compared one by one; more go by key. */
const SCANNED = 32;

const sameEdge = (a: GraphEdge, b: GraphEdge): boolean => a.from === b.from && a.to === b.to && a.kind === b.kind;
const edgeKey = (e: GraphEdge): string => `${e.from}\u0000${e.to}\u0000${e.kind}`;
/** Members compare as written (joined), as keys would. */
const sameUse = (a: ExternalUse, b: ExternalUse): boolean =>
  a.from === b.from && a.module === b.module && a.kind === b.kind && sameMember(a.member, b.member);
const useKey = (u: ExternalUse): string => `${u.from}\u0000${u.module}\u0000${u.member.join(".")}\u0000${u.kind}`;

/**
 * Whether a Python loop's protocol call (`gen().__iter__`, `gen().__iter__().__next__`, async
 * likewise) is on a direct call of functions that are all generator functions of ours.
 */
function overGenerator(resolver: Resolver, fi: FileInfo, call: CallFact): boolean {
  const ref = call.ref;
  const last = ref.path.at(-1);
  if (ref.path.length !== 1 || (last !== "__iter__" && last !== "__aiter__" && last !== "__next__" && last !== "__anext__")) return false;
  let root = ref.root;
  if ((last === "__next__" || last === "__anext__") && root.t === "call" && root.callee.path.length === 1) root = root.callee.root;
  if (root.t !== "call") return false;
  const callees = resolver.resolve(fi, call.scope, root.callee);
  return callees.length > 0 && callees.every((v) => v.k === "def" && v.fi.facts.defs[v.def]?.generator === true);
}

function sameMember(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return a.join(".") === b.join(".");
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a.join(".") === b.join(".");
  return true;
}

/** A call written back from its fact (`handlers[*]()`, `self.run()`), for a dynamic site's evidence. */
function callText(call: CallFact, python: boolean): string {
  const callee = refText(call.ref, python, 0);
  return clip(call.getter || call.setter || call.kind === "ref" ? callee : `${call.kind === "new" ? "new " : ""}${callee}()`);
}

function refText(ref: Ref, python: boolean, depth: number): string {
  const r = ref.root;
  const root =
    depth > 3 ? "..."
    : r.t === "name" || r.t === "param" || r.t === "prior" ? r.name
    : r.t === "this" ? (python ? "self" : "this")
    : r.t === "cls" || r.t === "super" ? r.t
    : r.t === "module" ? r.spec
    : r.t === "str" ? '""'
    : r.t === "items" ? (r.of === "dict" ? "{...}" : "[...]")
    : r.t === "call" ? `${refText(r.callee, python, depth + 1)}()`
    : r.t === "new" ? `new ${refText(r.callee, python, depth + 1)}()`
    : r.t === "scoped" ? refText(r.ref, python, depth + 1)
    : "(...)";
  return ref.path.reduce((text, step) => (step.startsWith("[") ? `${text}${step}` : `${text}.${step}`), root);
}

/**
 * The node of a function or method value: what callees() gives for it, without the object and
 * array it makes (most values called or passed are functions), or null for any other value.
 */
function functionNode(v: Value): string | null {
  return v.k === "def" && callable(v.fi, v.def) ? v.fi.nodeIds[v.def]! : null;
}

/** The node index of a value functionNode() gave a node for. */
const defNode = (v: Value): number => (v.k === "def" ? v.fi.defNodes[v.def]! : BY_ID);

// Predicates on a call's callees, made once rather than per call with arguments.
const isBuiltinMethod = (v: Value): boolean => v.k === "cmeth" || (v.k === "ext" && (v.module === BUILTIN || v.returned === true || v.derived === true));
const isBuiltin = (v: Value): boolean => v.k === "ext" && v.module === BUILTIN;
const sendsToGenerator = (v: Value): boolean => v.k === "cmeth" && v.name === "next";
const NO_LISTENER: Value[] = [];
const isPackage = (v: Value): boolean => v.k === "ext" && v.module !== BUILTIN;
/** Python packages that call the public methods of the class (or object) they are given: Fire's `fire.Fire(C)`. */
const dispatchesMethods = (v: Value): boolean => v.k === "ext" && v.module === "fire" && v.member.length === 1 && v.member[0] === "Fire";
const constructs = (v: Value): boolean => v.k === "ext" && v.module === BUILTIN && ((v.member.length === 2 && v.member[0] === "Reflect" && v.member[1] === "construct") ||
  // Python `map(Point, xs)`, `iter(Reader, None)`: the builtin calls the class, making instances.
  (v.member.length === 1 && PY_CONSTRUCTING.has(v.member[0]!)));
const PY_CONSTRUCTING = new Set(["map", "filter", "sorted", "min", "max", "iter"]);
const isDefaultdict = (v: Value): boolean => v.k === "ext" && v.module === "collections" && v.member.length === 1 && v.member[0] === "defaultdict";
const isOurModule = (v: Value): boolean => v.k === "mod" && v.fi !== null && v.fi.facts.language !== "python";
const wrapping = (v: Value): boolean => v.k === "ext" && wraps(v);
const inert = (v: Value): boolean =>
  v.k === "ext" && v.module === BUILTIN && v.member.length > 0 && INERT_HEADS.has(v.member[0]!) && JS_INERT_BUILTINS.has(v.member.join("."));
/** Python: a callee we cannot see that calls what it is given. */
const callsBack = (v: Value): boolean => v.k === "ext" && (v.module === BUILTIN ? CALLING_BUILTINS.has(v.member[0]!) || (v.member.length === 2 && v.member[1] === "sort") : !wraps(v));

/**
 * Whether a package value is one of WRAPPING. Its dotted name starts with its module: most
 * modules begin no name there, and the name is not built (a string per call with arguments).
 */
function wraps(v: Extract<Value, { k: "ext" }>): boolean {
  return WRAPPING_HEADS.has(v.module) && WRAPPING.has([v.module, ...v.member].join("."));
}

/** JS: callees that keep or bind what they are given rather than call it. */
function jsWraps(values: Value[], call: CallFact): boolean {
  const method = call.ref.path.at(-1) ?? "";
  return values.some(wrapping) || JS_STORING.has(method) || JS_NOT_CALLING.has(method) || (values.length > 0 && values.every(inert)) ||
    // `Object.prototype.hasOwnProperty.call(o, k)` (an extend helper's guard) looks o up;
    // `Array.prototype.push.apply(list, fs)` stores fs's items in list (facts-js-calls.ts storedItems, J29).
    ((method === "call" || method === "apply") && (JS_LOOKUPS.has(call.ref.path.at(-2) ?? "") || JS_STORING.has(call.ref.path.at(-2) ?? "")));
}

/** Object.prototype's methods that look an object up, called on it with `.call`/`.apply`: they call nothing of it. */
const JS_LOOKUPS: ReadonlySet<string> = new Set(["hasOwnProperty", "propertyIsEnumerable", "isPrototypeOf", "toString"]);

/**
 * Methods of arrays, sets, maps and emitters that copy, look for or drop what they are given,
 * never call it (`xs.concat(f)`, `subs.indexOf(fn)`, `set.delete(fn)`, `el.removeEventListener("x", f)`).
 */
const JS_NOT_CALLING = new Set([
  "concat", "indexOf", "lastIndexOf", "includes", "splice", "fill", "has", "delete",
  "removeEventListener", "removeListener", "off",
]);

const isBuiltinNamed = (v: Value, names: ReadonlySet<string>): boolean => v.k === "ext" && v.module === BUILTIN && v.member.length === 1 && names.has(v.member[0]!);
const NEXT_ITER: ReadonlySet<string> = new Set(["next", "iter"]);
const MIN_MAX: ReadonlySet<string> = new Set(["min", "max"]);
const nextIter = (v: Value): boolean => isBuiltinNamed(v, NEXT_ITER);
const minMax = (v: Value): boolean => isBuiltinNamed(v, MIN_MAX);
/** `functools.partialmethod(f, a, k=v)`: a and v are f's arguments (flow.ts), not called there. */
const partialMethod = (v: Value): boolean => v.k === "ext" && v.module === "functools" && v.member.length === 1 && v.member[0] === "partialmethod";
/** Python decorators that leave a getter the getter (`@property`, `@x.setter`, ...). */
const PY_ACCESSOR_MARKERS: ReadonlySet<string> = new Set(["property", "cached_property", "functools.cached_property", "staticmethod", "classmethod", "abstractmethod", "abc.abstractmethod"]);

/** A `@property` getter def that a decorator besides the markers wraps (`@property @logged def items`). */
function wrappedGetter(d: { name: string; decorators?: string[] }): boolean {
  return (d.decorators?.length ?? 0) >= 2 && d.decorators!.some((t) => !PY_ACCESSOR_MARKERS.has(t) && t !== `${d.name}.setter` && t !== `${d.name}.getter`);
}

/**
 * Python `o.items()`: whether the class of o (the first class of its MRO defining items) has items
 * as a `@property` over another decorator of ours (wrappedGetter): then what the callee (the
 * wrapper) returns is what the read gives, and the call calls that.
 */
function wrapsGetterMember(resolver: Resolver, fi: FileInfo, call: CallFact): boolean {
  const name = call.ref.path.at(-1)!;
  let n = 0;
  for (const r of resolver.resolve(fi, call.scope, { root: call.ref.root, path: call.ref.path.slice(0, -1) })) {
    if (r.k !== "inst" || r.fi.facts.language !== "python" || ++n > 8) continue;
    for (const c of resolver.mro(r.fi, r.def, 1)) {
      if (c.k !== "def") continue;
      const at = memberDef(c.fi.facts, c.def, name);
      if (at < 0) continue;
      const d = c.fi.facts.defs[at]!;
      if (d.getter && wrappedGetter(d)) return true;
      break;
    }
  }
  return false;
}

const functoolsReduce = (v: Value): boolean => v.k === "ext" && v.module === "functools" && v.member.length === 1 && v.member[0] === "reduce";
/** asyncio's `gather(a(), b())` / `wait(...)`: a call's result handed there is awaited, never called. */
const ASYNCIO_AWAITS: ReadonlySet<string> = new Set(["gather", "wait"]);
const asyncioAwaits = (v: Value): boolean => v.k === "ext" && v.module === "asyncio" && v.member.length === 1 && ASYNCIO_AWAITS.has(v.member[0]!);
const JS_FOLDS: ReadonlySet<string> = new Set(["reduce", "reduceRight"]);
/** Array and promise methods that call the function they are given (a builtin one too: builtinCallback). */
const JS_CALLBACK_METHODS: ReadonlySet<string> = new Set(["map", "flatMap", "filter", "forEach", "some", "every", "find", "findIndex", "findLast", "findLastIndex", "then", "catch"]);
const BUILTIN_CALLBACKS: ReadonlySet<string> = new Set(["Number", "String", "Boolean", "parseFloat", "parseInt", "isNaN", "isFinite", "encodeURIComponent", "decodeURIComponent", "encodeURI", "decodeURI"]);
/** A JS builtin function a callback method may be handed: `Number`, `parseFloat`, `JSON.parse`, `console.log`. */
const builtinCallback = (v: Value): boolean => v.k === "ext" && ((v.member.length === 1 && BUILTIN_CALLBACKS.has(v.member[0]!)) ||
  (v.member.length === 2 && (v.member[0] === "JSON" || v.member[0] === "console" || v.member[0] === "Math")));

/**
 * Python: whether builtin v calls its argument i (named `name` when a keyword): map/filter/iter/reduce
 * their first positional one, sorted/min/max and a list's sort their `key=`, next none; any other
 * builtin is not restricted here (callsBack decides).
 */
function builtinCallsArg(v: Value, i: number, name: string | null, count = 2): boolean {
  if (v.k !== "ext" || v.module !== BUILTIN) return true;
  const m = v.member.length === 2 && v.member[1] === "sort" ? "sort" : v.member.length === 1 ? v.member[0]! : "";
  // (`iter(x)` alone iterates x; only `iter(f, sentinel)` calls f: `builtins/a1_iter_one_argument_calls_nothing`.)
  if (m === "iter" && count < 2) return false;
  if (m === "map" || m === "filter" || m === "iter" || m === "reduce") return i === 0 && !name;
  if (m === "sorted" || m === "min" || m === "max" || m === "sort") return name === "key";
  return m !== "next";
}

/** Builtins that call the functions they are given (and a list's `sort(key=f)`: callsBack). */
const CALLING_BUILTINS = new Set(["map", "filter", "sorted", "min", "max", "reduce", "iter", "next"]);
/** Library functions that wrap or bind the function they are given instead of calling it. */
const WRAPPING = new Set([
  "functools.wraps", "functools.partial", "functools.update_wrapper", "typing.cast", "types.MethodType", "types.SimpleNamespace",
  "util.inherits", "inherits", "node:util.inherits",
]);

/** Every leading part of each name (`f`, `fu`, ... `functools.wraps`): what a name can start with. */
function heads(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const name of names) for (let i = 0; i <= name.length; i++) out.add(name.slice(0, i));
  return out;
}

const WRAPPING_HEADS = heads(WRAPPING);

/**
 * Getters replaced by their standard decorator (`@logged get x()`: facts.ts binds `@get x` in the
 * class): reading the property runs what the decorator returned, which is given the getter
 * (setters likewise with `kind` "@set": assigning the property runs it).
 */
function decoratedGetters(resolver: Resolver, values: Value[], kind = "@get"): Value[] {
  let out: Value[] | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const d = v.k === "def" ? v.fi.facts.defs[v.def]! : null;
    const refs = v.k === "def" && d ? bound(v.fi.facts.bindings, d.parent, `${kind} ${d.name}`) : undefined;
    if (!refs || v.k !== "def") {
      out?.push(v);
      continue;
    }
    out ??= values.slice(0, i);
    const before = out.length;
    for (const r of refs) for (const w of resolver.resolve(v.fi, d!.parent, r)) if (w.k === "def" && callable(w.fi, w.def)) out.push(w);
    if (out.length === before) out.push(v);
  }
  return out ?? values;
}

/** `JSON.stringify(...)`. */
function isJsonStringify(call: CallFact): boolean {
  return call.ref.root.t === "name" && call.ref.root.name === "JSON" && call.ref.path.length === 1 && call.ref.path[0] === "stringify";
}

/** `Array.from(...)`. */
function isArrayFrom(call: CallFact): boolean {
  return call.ref.root.t === "name" && call.ref.root.name === "Array" && call.ref.path.length === 1 && call.ref.path[0] === "from";
}

/**
 * JS builtins that store, print or inspect what they are given but never call it
 * (`console.log(f)`, `Object.defineProperty(o, k, { value: f })`): a reference, not a call.
 */
const JS_INERT_BUILTINS = new Set([
  "console.log", "console.info", "console.warn", "console.error", "console.debug", "console.dir", "console.table",
  "Object.defineProperty", "Object.defineProperties", "Object.assign", "Object.freeze", "Object.seal",
  "Object.keys", "Object.values", "Object.entries", "Object.create", "Object.getPrototypeOf",
  "Object.setPrototypeOf", "Object.getOwnPropertyNames", "Object.getOwnPropertyDescriptor", "Array.isArray", "Array.of",
  "String", "Number", "Boolean", "isNaN", "isFinite", "parseInt", "parseFloat", "clearTimeout", "clearInterval",
  "Set", "Map", "WeakSet", "WeakMap", "Promise.resolve", "Promise.reject", "Promise.all", "Promise.race", "Promise.any", "Promise.allSettled",
  "Reflect.get", "Reflect.set", "Reflect.has", "Reflect.ownKeys", "Reflect.getPrototypeOf", "Reflect.setPrototypeOf",
  "Reflect.defineProperty", "Reflect.getOwnPropertyDescriptor", "Object.hasOwn", "Object.getOwnPropertyDescriptors",
]);
const INERT_HEADS = heads(JS_INERT_BUILTINS);

/** Method names that register what they are given with a framework (`app.use("x", svc)`, `server.addService(def, impl)`). */
const REGISTERS: ReadonlySet<string> = new Set(["use", "register", "addService", "service", "mount", "provide", "attach", "handle"]);
/** Python registration methods a host is handed a class or an object by (`app.add_directive`, `pluginmanager.register`). */
const PY_REGISTERS = /^(?:register|register_\w+|add_\w+)$/;
/** Decorator factories of DI containers that inject a dependency (inversify, tsyringe, NestJS, TypeDI), not run it. */
const INJECTS = /^(?:[iI]nject\w*|multiInject|lazyInject\w*)$/;

/** Function nodes an object literal holds: its methods, functions it names, nested objects' (bounded). */
export function objectFunctions(resolver: Resolver, fi: FileInfo, def: number, depth = 0): string[] {
  const out: string[] = [];
  const d = fi.facts.defs[def]!;
  for (const start of d.memberStarts) {
    const m = defAt(fi, start);
    if (m === undefined) continue;
    const kind = fi.facts.defs[m]!.kind;
    if (kind === "function" || kind === "method") out.push(fi.nodeIds[m]!);
    else if (kind === "object" && depth < 3) out.push(...objectFunctions(resolver, fi, m, depth + 1));
  }
  for (const refs of fi.facts.attrs.get(def)?.values() ?? []) {
    for (const a of refs) {
      for (const v of resolver.resolve(fi, a.scope, a.ref)) {
        if (v.k === "def" && v.fi.facts.defs[v.def]!.kind !== "object") out.push(...resolver.callees(v).nodes);
        // `{ typeDefs, resolvers }` with `resolvers = { Query: { book } }`, `{ ...books.Query }`: a
        // table of a module (an object literal at its top level, in any file) named in the object
        // holds callbacks too, as one written in it does. (Not objects made in functions: options
        // built and returned at run time are data, `{ ...options }` of them no table.)
        else if (v.k === "def" && depth < 3 && scopeOf(v.fi.facts, v.fi.facts.defs[v.def]!.parent) < 0) {
          out.push(...objectFunctions(resolver, v.fi, v.def, depth + 1));
        } else if (v.k === "coll" && depth < 3 && v.scope < 0 && v.fi.facts.language !== "python") {
          // `{ resolvers: [books, imports] }`: the tables and functions of a module's array in it.
          for (const item of v.items.slice(0, 32)) {
            for (const w of resolver.resolve(v.fi, v.scope, item.ref)) {
              if (w.k !== "def") continue;
              if (w.fi.facts.defs[w.def]!.kind !== "object") out.push(...resolver.callees(w).nodes);
              else if (scopeOf(w.fi.facts, w.fi.facts.defs[w.def]!.parent) < 0) out.push(...objectFunctions(resolver, w.fi, w.def, depth + 1));
            }
          }
        }
        // `{ plugin: require("./reports") }`: a module in the object stands for its exports.
        else if (v.k === "mod" && v.fi && depth < 3) out.push(...moduleFunctions(resolver, v.fi, depth + 1));
      }
    }
  }
  return out.slice(0, 256);
}

/**
 * What a computed member of these values can call, when every one is of ours and holds a closed
 * set of members: a module (a JS namespace's exports; a Python module's top-level functions and
 * classes), an object literal's functions, a class's (or an instance's) own methods when it has no
 * bases. Null when any value is something else (a package's, a parameter, a class with bases):
 * then the computed call can reach anything loaded.
 */
function memberTargets(resolver: Resolver, values: Value[]): string[] | null {
  if (values.length === 0) return null;
  const out: string[] = [];
  for (const v of values) {
    if (v.k === "mod" && v.fi) {
      if (v.fi.facts.language !== "python") out.push(...moduleFunctions(resolver, v.fi, 0));
      else {
        v.fi.facts.defs.forEach((d, i) => {
          if (d.parent < 0 && (d.kind === "function" || d.kind === "class")) out.push(v.fi!.nodeIds[i]!);
        });
      }
    } else if (v.k === "def" && v.fi.facts.defs[v.def]!.kind === "object") {
      out.push(...objectFunctions(resolver, v.fi, v.def));
    } else if ((v.k === "def" || v.k === "inst") && v.fi.facts.defs[v.def]!.kind === "class" && v.fi.facts.defs[v.def]!.bases.length === 0) {
      v.fi.facts.defs.forEach((d, i) => {
        if (d.parent === v.def && d.kind === "method") out.push(v.fi.nodeIds[i]!);
      });
    } else return null;
  }
  return [...new Set(out)].filter((n) => n !== "").slice(0, 256);
}

/** The functions a JavaScript module exports, in objects it exports too (`exports.plugin = { register }`). */
function moduleFunctions(resolver: Resolver, fi: FileInfo, depth: number): string[] {
  if (fi.facts.language === "python") return [];
  const out: string[] = [];
  for (const name of [...fi.facts.exports.keys(), "default"]) {
    for (const v of resolver.jsExport(fi, name, 0)) {
      if (v.k !== "def") continue;
      const kind = v.fi.facts.defs[v.def]!.kind;
      if (kind === "object") out.push(...objectFunctions(resolver, v.fi, v.def, depth));
      else if (kind === "function" || kind === "method") out.push(v.fi.nodeIds[v.def]!);
    }
  }
  return out.slice(0, 256);
}

function scopeOf(facts: FileFacts, def: number): number {
  let d = def;
  while (d >= 0 && facts.defs[d]!.kind === "object") d = facts.defs[d]!.parent;
  return d;
}

/**
 * Modules an import runs. Python runs every package on a dotted path (`import a.b` runs a and
 * a.b) and `from p import m` also runs submodule p.m.
 */
function importTargets(
  fi: FileInfo, spec: string, names: string[], resolver: Resolver, missing: string[], getattrs: { fi: FileInfo; at: number }[] = [], line = Infinity,
): Value[] {
  if (fi.facts.language !== "python") return resolver.module(fi, spec);
  const imported = resolver.pyImport(fi, spec);
  if (imported === "external") return [{ k: "ext", module: spec, member: [] }];
  if (imported === "missing") return [];
  const out = imported.runs.slice();
  for (const name of names) {
    const sub = resolver.pyImportedModule(fi, imported, spec, name);
    if (sub) {
      out.push(sub);
      // `from services import users` of a package whose `__init__.py` binds no users but has a
      // module-level `__getattr__`: the import's hasattr() check runs it first (`apps/p32_service_layer_lazy_client_module_getattr`).
      const pkg = imported.module;
      // (Not the package's own `from . import heavy`, which its `__getattr__` itself may run: `imports/module_getattr_lazy`.)
      // (Nor after the file's own `import pkg.sub` at its top, which set the attribute:
      // `imports/q7_import_submodule_then_from_import_no_getattr`.)
      if (pkg.k === "mod" && pkg.fi && pkg.fi !== fi && pkg.fi.facts.path.endsWith("__init__.py") && !bound(pkg.fi.facts.bindings, -1, name) && getattrs.length < 64 &&
        !fi.facts.imports.some((i) => i.scope === -1 && i.line < line && i.names.length === 0 && (i.spec === `${spec}.${name}` || i.spec.startsWith(`${spec}.${name}.`)))) {
        const at = resolver.moduleGetattr(pkg, name);
        if (at !== null) getattrs.push({ fi: pkg.fi, at });
      }
    } else {
      const at = resolver.moduleGetattr(imported.module, name);
      if (at !== null && imported.module.k === "mod" && imported.module.fi && getattrs.length < 64) getattrs.push({ fi: imported.module.fi, at });
      // Only a package can lack a submodule: a name a plain module does not give (`from .const import
      // TIMEOUT`, bound to a number, which has no value here) is no file missing from the checkout.
      else if (resolver.member(imported.module, name, 0).length === 0 && !(imported.module.k === "mod" && imported.module.fi && !imported.module.fi.facts.path.endsWith("__init__.py"))) missing.push(name);
    }
  }
  return out;
}

/** A package's dataclass-style field specifier: `dataclasses.field`, `attrs.field`, `attr.ib`/`attrib`, pydantic `Field`. */
const FIELD_SPECIFIERS = new Set(["dataclasses.field", "attrs.field", "attr.field", "attr.ib", "attr.attrib", "attrs.ib", "pydantic.Field", "pydantic.fields.Field", "sqlmodel.Field"]);
function fieldSpecifier(v: Value): boolean {
  return v.k === "ext" && FIELD_SPECIFIERS.has(`${v.module}.${v.member.join(".")}`);
}
