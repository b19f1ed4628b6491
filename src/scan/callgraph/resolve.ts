// Name resolution across the project: turns a file's references (Ref) into values — definitions
// in some file, instances of classes, project modules, or members of external packages. Results
// are memoised per (file, scope, name); a cycle resolves to nothing instead of looping, and a
// depth limit bounds pathological alias chains.
import type { FileFacts } from "./facts.ts";
import { pySubmodule, resolveJs, resolvePy, type ModuleIndex, type PyModule } from "./modules.ts";
import type { Ref, Root } from "./refs.ts";
import { enclosingClass } from "./scopes.ts";

export interface FileInfo {
  facts: FileFacts;
  moduleId: string;
  /** Graph node id per def index ("" for object literals, which are no nodes). */
  nodeIds: string[];
  defByStart: Map<number, number>;
}

export type Value =
  | { k: "def"; fi: FileInfo; def: number }
  | { k: "inst"; fi: FileInfo; def: number }
  | { k: "mod"; fi: FileInfo | null; dir: string | null }
  /** `returned`: the package's value came back from a call (`_(x)`, `express()`), not a function of it. */
  | { k: "ext"; module: string; member: string[]; returned?: boolean; derived?: boolean };

const MAX_DEPTH = 24;
const MAX_VALUES = 24;

/** A value handed to a parameter: the argument's reference where the call is written. */
export interface FlowSource {
  fi: FileInfo;
  scope: number;
  ref: Ref;
}

export class Resolver {
  private memo = new Map<FileInfo, Map<string, Value[]>>();
  /** Parameter flow: per file, per function def, per parameter position, the arguments passed. */
  private flows = new Map<FileInfo, Map<number, FlowSource[][]>>();
  private flowKeys = new Set<string>();
  /** Functions whose return values are being resolved (breaks recursion). */
  private returning = new Set<string>();

  /** Forget memoised lookups (after new parameter flow was recorded). */
  clearMemo(): void {
    this.memo.clear();
  }

  /** Record that `src` is passed as parameter `index` of function `def`; false if known already. */
  addFlow(fi: FileInfo, def: number, index: number, src: FlowSource): boolean {
    const key = `${fi.facts.path}\u0000${def}\u0000${index}\u0000${src.fi.facts.path}\u0000${src.scope}\u0000${JSON.stringify(src.ref)}`;
    if (this.flowKeys.has(key)) return false;
    this.flowKeys.add(key);
    let byDef = this.flows.get(fi);
    if (!byDef) this.flows.set(fi, (byDef = new Map()));
    let params = byDef.get(def);
    if (!params) byDef.set(def, (params = []));
    while (params.length <= index) params.push([]);
    const list = params[index]!;
    if (list.length < MAX_VALUES) list.push(src);
    return true;
  }

  /** Function definitions that run (with their parameters bound) when a value is called. */
  calledDefs(v: Value, depth = 0): { fi: FileInfo; def: number }[] {
    if (v.k !== "def") return [];
    const d = v.fi.facts.defs[v.def]!;
    if (d.kind === "function" || d.kind === "method") return [{ fi: v.fi, def: v.def }];
    if (d.kind !== "class" || v.fi.facts.language === "python") return [];
    return this.member(v, "constructor", depth + 1).flatMap((c) => this.calledDefs(c, depth + 1));
  }

  constructor(
    private files: Map<string, FileInfo>,
    private index: ModuleIndex,
  ) {}

  /** Values a reference may denote when evaluated in `scope` of `fi`. */
  resolve(fi: FileInfo, scope: number, ref: Ref, depth = 0): Value[] {
    if (depth > MAX_DEPTH) return [];
    let values = this.root(fi, scope, ref.root, depth);
    for (const name of ref.path) {
      if (values.length === 0) break;
      values = cap(values.flatMap((v) => this.member(v, name, depth + 1)));
    }
    return values;
  }

  /** The module a specifier names, seen from `fi`. */
  module(fi: FileInfo, spec: string): Value[] {
    if (fi.facts.language === "python") {
      const t = resolvePy(fi.facts.path, spec, this.index);
      if ("module" in t) return [this.pyModule(t.module)];
      return "external" in t ? [{ k: "ext", module: t.external, member: [] }] : [];
    }
    const t = resolveJs(fi.facts.path, spec, this.index);
    if ("file" in t) {
      const target = this.files.get(t.file);
      return target ? [{ k: "mod", fi: target, dir: null }] : [];
    }
    return "external" in t ? [{ k: "ext", module: t.external, member: [] }] : [];
  }

  pyModule(m: PyModule): Value {
    return { k: "mod", fi: m.file ? (this.files.get(m.file) ?? null) : null, dir: m.dir };
  }

  private root(fi: FileInfo, scope: number, root: Root, depth: number): Value[] {
    const defs = fi.facts.defs;
    switch (root.t) {
      case "name":
        return this.lookup(fi, scope, root.name, depth);
      case "this": {
        const cls = enclosingClass(defs, scope, fi.facts.language !== "python");
        if (cls < 0) return [];
        return [{ k: defs[cls]!.kind === "class" ? "inst" : "def", fi, def: cls }];
      }
      case "cls": {
        const cls = enclosingClass(defs, scope, false);
        return cls < 0 ? [] : [{ k: "def", fi, def: cls }];
      }
      case "super":
        return this.bases(fi, enclosingClass(defs, scope, false), depth);
      case "module":
        return this.module(fi, root.spec);
      case "def": {
        const def = fi.defByStart.get(root.start);
        return def === undefined ? [] : [{ k: "def", fi, def }];
      }
      case "param": {
        const sources = this.flows.get(fi)?.get(scope)?.[root.index] ?? [];
        return cap(sources.flatMap((src) => this.resolve(src.fi, src.scope, src.ref, depth + 1)));
      }
      case "call":
      case "new": {
        const callee = root.callee;
        if (root.t === "call" && callee.path.at(-1) === "bind") {
          // `f.bind(o)` is f (with `this` fixed), not what f returns.
          return this.resolve(fi, scope, { root: callee.root, path: callee.path.slice(0, -1) }, depth + 1)
            .filter((v) => v.k === "def" || v.k === "ext");
        }
        return cap(this.resolve(fi, scope, callee, depth + 1).flatMap((v) => this.result(v, root.t, fi, depth)));
      }
    }
  }

  /** What calling (or `new`-ing) a value gives back, as far as we track: instances and packages. */
  private result(v: Value, how: "call" | "new", at: FileInfo, depth: number): Value[] {
    if (v.k === "mod" && v.fi && v.fi.facts.language !== "python") {
      // `new (require("./store"))()`: what the module exports as a whole is what gets called.
      return this.jsExport(v.fi, "default", depth + 1)
        .filter((d) => d.k !== "mod")
        .flatMap((d) => this.result(d, how, at, depth + 1));
    }
    if (v.k === "def") {
      const kind = v.fi.facts.defs[v.def]!.kind;
      if (kind === "class" || (how === "new" && kind === "function")) return [{ k: "inst", fi: v.fi, def: v.def }];
      if (kind === "function" || kind === "method") {
        // Functions returned from functions (factories, closures, `return this` for chaining).
        const returned = v.fi.facts.returns?.get(v.def) ?? [];
        const key = `${v.fi.facts.path}\u0000${v.def}`;
        if (returned.length === 0 || this.returning.has(key)) return []; // recursion returns nothing new
        this.returning.add(key);
        try {
          return cap(returned.flatMap((r) => this.resolve(v.fi, v.def, r, depth + 1)));
        } finally {
          this.returning.delete(key);
        }
      }
      return [];
    }
    if (v.k === "ext") {
      // JS: `_(x).map()`, `express().use()` read as members of the package itself; `new X()`
      // and Python calls keep the path, so methods read as "pkg.Class.method".
      if (how === "call" && at.facts.language !== "python") return [{ k: "ext", module: v.module, member: [], returned: true }];
      return [{ ...v, returned: true }];
    }
    return [];
  }

  lookup(fi: FileInfo, scope: number, name: string, depth: number): Value[] {
    let memo = this.memo.get(fi);
    if (!memo) this.memo.set(fi, (memo = new Map()));
    const key = `${scope}\u0000${name}`;
    const hit = memo.get(key);
    if (hit) return hit;
    memo.set(key, []); // a cycle through this name resolves to nothing
    const result = cap(this.lookupUncached(fi, scope, name, depth));
    memo.set(key, result);
    return result;
  }

  private lookupUncached(fi: FileInfo, scope: number, name: string, depth: number): Value[] {
    const { defs, bindings, language } = fi.facts;
    let s = scope;
    for (;;) {
      const refs = bindings.get(s)?.get(name);
      if (refs) return refs.flatMap((r) => this.resolve(fi, s, r, depth + 1));
      if (s === -1) break;
      let next = defs[s]!.parent;
      // Python: a class body's names are not visible inside its methods.
      while (language === "python" && next >= 0 && defs[next]!.kind === "class") next = defs[next]!.parent;
      s = next;
    }
    if (language === "python") {
      return fi.facts.stars.flatMap((spec) => this.module(fi, spec).flatMap((m) => this.member(m, name, depth + 1)));
    }
    return [];
  }

  member(v: Value, name: string, depth: number): Value[] {
    if (depth > MAX_DEPTH) return [];
    switch (v.k) {
      case "ext":
        if (name === "default" && v.member.length === 0) return [v];
        // `derived`: a member of something a package call returned (`express().use`): a use when
        // called, but not a package function when merely passed around.
        return [{ k: "ext", module: v.module, member: [...v.member, name], ...(v.returned || v.derived ? { derived: true } : {}) }];
      case "mod":
        return v.fi?.facts.language === "python" || v.fi === null ? this.pyMember(v, name, depth) : this.jsExport(v.fi, name, depth);
      case "def":
      case "inst": {
        const kind = v.fi.facts.defs[v.def]!.kind;
        // `f.call(o, a)` / `f.apply(o, args)` call f itself.
        if (v.k === "def" && (kind === "function" || kind === "method") && (name === "call" || name === "apply")) return [v];
        return this.classMember(v.fi, v.def, name, depth);
      }
    }
  }

  private pyMember(v: { fi: FileInfo | null; dir: string | null }, name: string, depth: number): Value[] {
    const own = v.fi ? this.lookup(v.fi, -1, name, depth + 1) : [];
    if (own.length > 0) return own;
    const sub = v.dir !== null ? pySubmodule(v.dir, name, this.index) : null;
    return sub ? [this.pyModule(sub)] : [];
  }

  /** A named export of a JS/TS module: ESM exports, CommonJS exports, re-exports. */
  jsExport(fi: FileInfo, name: string, depth: number): Value[] {
    const { exports, cjs, stars } = fi.facts;
    const out: Value[] = [];
    for (const r of exports.get(name) ?? []) out.push(...this.resolve(fi, -1, r, depth + 1));
    const cjsValues = (): Value[] => cjs.flatMap((r) => this.resolve(fi, -1, r, depth + 1));
    if (name === "default") {
      out.push(...cjsValues());
      // CommonJS seen through ESM: the default import is module.exports itself.
      if (out.length === 0) out.push({ k: "mod", fi, dir: null });
      return cap(out);
    }
    if (out.length === 0) {
      for (const c of cjsValues()) out.push(...(c.k === "mod" && c.fi === fi ? [] : this.member(c, name, depth + 1)));
    }
    if (out.length === 0) {
      for (const spec of stars) for (const m of this.module(fi, spec)) out.push(...this.member(m, name, depth + 1));
    }
    return cap(out);
  }

  private classMember(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    const { defs, members, bindings, attrs } = fi.facts;
    const qn = defs[def]!.qname;
    const idx = members.get(`${qn}.${name}`) ?? members.get(`${qn}.prototype.${name}`);
    if (idx !== undefined) return [{ k: "def", fi, def: idx }];
    const out: Value[] = [];
    for (const r of bindings.get(def)?.get(name) ?? []) out.push(...this.resolve(fi, def, r, depth + 1));
    for (const a of attrs.get(def)?.get(name) ?? []) out.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
    if (out.length > 0) return cap(out);
    for (const base of this.bases(fi, def, depth)) out.push(...this.member(base, name, depth + 1));
    return cap(out);
  }

  /** The base classes of class `cls` (resolved where the class is written). */
  private bases(fi: FileInfo, cls: number, depth: number): Value[] {
    if (cls < 0) return [];
    const d = fi.facts.defs[cls]!;
    return d.bases.flatMap((b) => this.resolve(fi, d.parent, b, depth + 1)).filter((v) => v.k === "def" || v.k === "ext");
  }

  /** Graph nodes that run when a value is called, and external values that get called. */
  callees(v: Value, depth = 0): { nodes: string[]; ext: Value[] } {
    const none = { nodes: [], ext: [] };
    if (depth > 4) return none;
    if (v.k === "ext") return { nodes: [], ext: [v] };
    if (v.k === "mod") {
      if (!v.fi || v.fi.facts.language === "python") return none;
      const out = { nodes: [] as string[], ext: [] as Value[] };
      for (const d of this.jsExport(v.fi, "default", depth)) {
        if (d.k === "mod") continue;
        const c = this.callees(d, depth + 1);
        out.nodes.push(...c.nodes);
        out.ext.push(...c.ext);
      }
      return out;
    }
    if (v.k === "inst") return none;
    const d = v.fi.facts.defs[v.def]!;
    if (d.kind === "function" || d.kind === "method") return { nodes: [v.fi.nodeIds[v.def]!], ext: [] };
    if (d.kind !== "class") return none;
    const python = v.fi.facts.language === "python";
    const ctor = this.member(v, python ? "__init__" : "constructor", depth + 1);
    const nodes = python ? [] : [v.fi.nodeIds[v.def]!];
    for (const c of ctor) {
      if (c.k !== "def") continue; // an external base class's constructor is not app code
      const cd = c.fi.facts.defs[c.def]!;
      if (cd.kind === "function" || cd.kind === "method") nodes.push(c.fi.nodeIds[c.def]!);
    }
    return { nodes, ext: [] };
  }
}

function cap(values: Value[]): Value[] {
  if (values.length <= 1) return values;
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const v of values) {
    const key = v.k === "ext" ? `e:${v.module}:${v.member.join(".")}` : v.k === "mod" ? `m:${v.fi?.facts.path}:${v.dir}` : `${v.k}:${v.fi.facts.path}:${v.def}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
    if (out.length >= MAX_VALUES) break;
  }
  return out;
}
