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
  | { k: "ext"; module: string; member: string[]; returned?: boolean };

const MAX_DEPTH = 24;
const MAX_VALUES = 24;

export class Resolver {
  private memo = new Map<FileInfo, Map<string, Value[]>>();
  private modules = new Map<FileInfo, Map<string, Value[]>>();
  private exportMemo = new Map<FileInfo, Map<string, Value[]>>();

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

  /** The module a specifier names, seen from `fi` (memoised: files import the same few). */
  module(fi: FileInfo, spec: string): Value[] {
    let memo = this.modules.get(fi);
    if (!memo) this.modules.set(fi, (memo = new Map()));
    let hit = memo.get(spec);
    if (!hit) memo.set(spec, (hit = this.moduleUncached(fi, spec)));
    return hit;
  }

  private moduleUncached(fi: FileInfo, spec: string): Value[] {
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
      case "call":
      case "new":
        return cap(this.resolve(fi, scope, root.callee, depth + 1).flatMap((v) => this.result(v, root.t, fi, depth)));
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
    const refs = bindings.get(scope)?.get(name);
    if (refs) return refs.flatMap((r) => this.resolve(fi, scope, r, depth + 1));
    if (scope !== -1) {
      let next = defs[scope]!.parent;
      // Python: a class body's names are not visible inside its methods.
      while (language === "python" && next >= 0 && defs[next]!.kind === "class") next = defs[next]!.parent;
      // Through lookup(), so a name bound in an outer scope is resolved once, not once per inner scope.
      return this.lookup(fi, next, name, depth);
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
        return [{ k: "ext", module: v.module, member: [...v.member, name] }];
      case "mod":
        return v.fi?.facts.language === "python" || v.fi === null ? this.pyMember(v, name, depth) : this.jsExport(v.fi, name, depth);
      case "def":
      case "inst":
        return this.classMember(v.fi, v.def, name, depth);
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
    // Memoised like lookup(): every importer of a module asks for the same few names.
    let memo = this.exportMemo.get(fi);
    if (!memo) this.exportMemo.set(fi, (memo = new Map()));
    const hit = memo.get(name);
    if (hit) return hit;
    memo.set(name, []); // an export cycle resolves to nothing
    const result = this.jsExportUncached(fi, name, depth);
    memo.set(name, result);
    return result;
  }

  private jsExportUncached(fi: FileInfo, name: string, depth: number): Value[] {
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
