// Resolver layer 3: what the root of a reference denotes (a name, a call's or `new`'s result, a
// parameter through its call sites, an item of a collection, `super`), and what calls return.
import { type FileFacts, isScript, SPREAD } from "./fact-types.ts";
import { MAP_ENTRY, NAME_KEY, type Ref, type Root } from "./ref-types.ts";
import { PY_BUILTINS } from "./builtins-py.ts";
import { bound, boundNames } from "./bound.ts";
import { enclosingClass, importedThisOwner, inStaticMethod, thisOwner } from "./scopes.ts";
import { ARGPARSE_NAMESPACE, type ArgSite, BUILTIN, defAt, type FileInfo, GLOBAL_THIS, KIND, LOST, MAX_DEPTH, MAX_VALUES, NO_SITES, NONE, type Value } from "./value-types.ts";
import { ITEM, RETURNS } from "./resolve-memo.ts";
import { methodReads, namesRead } from "./method-reads.ts";
import { allGetsWithDefault, allHoldKey, asDef, atSite, cap, type Coll, type DefValue, flatMappedItems, GETTER_VALUE_STEPS, isColl, isGetter, isRefList, isTypedRef, legacyDecoratorSite, made, mappedItems, namedItem, passesUndefined, pathJoin, pickArg, positioned, readRuns, returnedParam, starItems, wrappedParam, STR, superHome, typedClass, unsited, valueKey } from "./resolve-helpers.ts";
import { ImportResolver } from "./resolve-imports.ts";

export abstract class RootResolver extends ImportResolver {
  // Answered by the layers above (resolve-indexes.ts, resolve-classes.ts, resolve-members.ts, resolve-names.ts, resolve.ts).
  protected abstract subclasses(fi: FileInfo, def: number, _depth: number): { fi: FileInfo; def: number }[];
  protected abstract bases(fi: FileInfo, cls: number, depth: number): Value[];
  protected abstract providers(): Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>;
  abstract member(v: Value, name: string, depth: number): Value[];
  protected abstract enumInstance(v: Extract<Value, { k: "inst" }>, depth: number): boolean;
  abstract lookup(fi: FileInfo, scope: number, name: string, depth: number): Value[];
  protected abstract thisGiven(fi: FileInfo, scope: number, owner: number, depth: number): Value[];
  protected abstract madeBy(m: { fi: FileInfo; def: number }): DefValue[];
  protected abstract builtinSubclasses(v: Extract<Value, { k: "ext" }>): Value[];
  abstract jsExport(fi: FileInfo, name: string, depth: number): Value[];
  protected abstract typedDict(v: Extract<Value, { k: "def" }>, depth: number): boolean;
  abstract mro(fi: FileInfo, def: number, depth: number): Value[];
  abstract classMember(fi: FileInfo, def: number, name: string): Value[];
  protected abstract unusedClass(fi: FileInfo, def: number): boolean;
  protected abstract typedLast(fi: FileInfo, scope: number, refs: readonly Ref[], depth: number): Value[];
  protected abstract metaCall(v: DefValue, depth: number): { callees: { defs: DefValue[]; ext: Value[] } ; creates: boolean } | null;
  protected abstract metaReturns(v: DefValue, calls: DefValue[], depth: number): Value[] | null;


  protected root(fi: FileInfo, scope: number, root: Root, depth: number): Value[] {
    switch (root.t) {
      case "param":
        return this.param(fi, root, depth);
      case "items": {
        // Fields set one by one, not spread from objects made for it (two per literal read).
        const coll: Coll = { k: "coll", fi, scope, items: root.items };
        if (root.length !== undefined) coll.length = root.length;
        if (root.of) coll.of = root.of;
        return [coll];
      }
      case "str":
        return STR;
      case "subclasses":
        return this.subclassesRoot(fi, scope, root, depth);
      case "scoped":
        // (A value a function that never runs would store: `global h; h = b` in a setter nobody calls.)
        if (fi.facts.language === "python" && root.scope >= 0 && this.inDeadDef(fi, root.scope)) return NONE;
        return this.resolve(fi, root.scope, root.ref, depth + 1);
      case "provided": {
        const out: Value[] = [];
        // A React context's default value (facts-js-react.ts reactContext, "ctxd:") only when no provider gives one.
        const given = this.providers().get(root.token) ?? (root.token.startsWith("ctx:") ? this.providers().get(`ctxd:${root.token.slice(4)}`) : undefined);
        for (const p of given ?? []) out.push(...this.resolve(p.fi, p.scope, p.ref, depth + 1));
        return cap(out);
      }
      case "union":
        return this.unionRoot(fi, scope, root, depth);
      case "prior": {
        this.asked.add(root.name);
        // No binding yet: a Python builtin's name read before the module binds it (facts-py.ts unbound).
        if (root.count === 0 && fi.facts.language === "python" && PY_BUILTINS.has(root.name)) return [{ k: "ext", module: BUILTIN, member: [root.name] }];
        return this.prior(fi, root);
      }
      case "name":
        return this.lookup(fi, scope, root.name, depth);
      case "this":
        return this.thisRoot(fi, scope, root, depth);
      case "cls":
        return this.clsRoot(fi, scope, root, depth);
      case "super":
        return this.superRoot(fi, scope, root, depth);
      case "module":
        // (JS: a `require()`'s own condition, an import statement's its own, in a file doing both: Q6.)
        return fi.facts.language === "python" ? this.module(fi, root.spec) : this.module(fi, root.spec, root.req === true);
      case "def": {
        const def = defAt(fi, root.start);
        return def === undefined ? NONE : [{ k: "def", fi, def }];
      }
      case "call":
      case "new":
        return this.callRoot(fi, scope, root, depth);
    }
  }

  /** The classes naming one of these as a base, a list per file (`C.__subclasses__()`). */
  private subclassesRoot(fi: FileInfo, scope: number, root: Extract<Root, { t: "subclasses" }>, depth: number): Value[] {
    // A list per file of the classes that name one of these as a base (their own file's refs).
    const out: Value[] = [];
    for (const c of this.resolve(fi, scope, root.of, depth + 1)) {
      if (c.k !== "def" || c.fi.kinds[c.def] !== KIND.class || c.fi.facts.language !== "python") continue;
      const byFile = new Map<FileInfo, { key: string; ref: Ref }[]>();
      for (const sub of this.subclasses(c.fi, c.def, depth)) {
        if (!this.bases(sub.fi, sub.def, depth + 1).some((b) => b.k === "def" && b.fi === c.fi && b.def === c.def)) continue;
        let items = byFile.get(sub.fi);
        if (!items) byFile.set(sub.fi, (items = []));
        items.push({ key: "[*]", ref: { root: { t: "def", start: sub.fi.facts.defs[sub.def]!.start }, path: [] } });
      }
      for (const [f, items] of byFile) out.push({ k: "coll", fi: f, scope: -1, items: made(items), of: "list" });
    }
    return cap(out);
  }

  /** One of several values: a default, a merge, an `or` (refs-js.ts, refs-py.ts). */
  private unionRoot(fi: FileInfo, scope: number, root: Extract<Root, { t: "union" }>, depth: number): Value[] {
    // `u.model_copy()`, `User.model_validate(d)`: what our method of that name returns, else
    // the package base's copy / instance (refs-py.ts).
    if (root.own) {
      const call = root.refs[0]!;
      const ours = call.root.t === "call" && this.resolve(fi, scope, call.root.callee, depth + 1).some((v) => v.k === "def");
      return this.resolve(fi, scope, root.refs[ours ? 0 : 1]!, depth + 1);
    }
    // getattr(o, "m", d) with m a method of o's class: the default is never used.
    if (root.found) {
      const first = this.resolve(fi, scope, root.refs[0]!, depth + 1);
      if (first.length > 0 && first.every((v) => v.k === "def" && v.fi.kinds[v.def] === KIND.method)) return first;
    }
    // `const { a = d } = o`: d only when some value of o may lack a.
    // (A parameter's, `({ log = quiet } = {})`: quiet whenever some call leaves it out.)
    if (root.present && !(root.refs[0]!.root.t === "param" && this.omitted(fi, root.refs[0]!.root))) {
      const member = root.refs[0]!;
      const first = this.resolve(fi, scope, member, depth + 1);
      const holders = first.length > 0 ? this.resolve(fi, scope, { root: member.root, path: member.path.slice(0, -1) }, depth + 1) : NONE;
      let every = holders.length > 0;
      // (An inline literal read as items, `const { pick = other } = { pick: given }`, has its keys.)
      for (const h of holders) {
        const key = member.path.at(-1)!;
        if (h.k === "coll" && fi.facts.language !== "python" ? !h.items.some((i) => i.key === key) : h.k !== "def" || this.member(h, key, depth + 1).length === 0) every = false;
      }
      // (`{ hooks: { before = noop } = {} }`: every value on the way has its member too, as
      // `execute({})` has no hooks.)
      for (let i = 0; every && i < member.path.length - 1; i++) {
        const outer = this.resolve(fi, scope, { root: member.root, path: member.path.slice(0, i) }, depth + 1);
        for (const h of outer) if (h.k !== "def" || this.member(h, member.path[i]!, depth + 1).length === 0) every = false;
      }
      if (every) return first;
    }
    if (root.merge) {
      const merged = this.mergedDict(fi, scope, root.refs, depth);
      if (merged) return [merged];
      // `a | b` of values not all dicts of this file: the dicts' and sets' items, nothing else.
      // (`Perm.R | Perm.W` of a Flag enum's members: a member of that class, `classes/flag_enum_combined_member_method`.)
      if (root.merge === "or") return cap(this.resolveAll(fi, scope, root.refs, depth + 1).filter((v) => v.k === "coll" || (v.k === "inst" && this.enumInstance(v, depth))));
    }
    return cap(this.resolveAll(fi, scope, root.refs, depth + 1));
  }

  /** JS `this`, Python `self` (when it is a method's first parameter). */
  private thisRoot(fi: FileInfo, scope: number, root: Extract<Root, { t: "this" }>, depth: number): Value[] {
    const defs = fi.facts.defs;
    const cls = fi.facts.language === "python" ? enclosingClass(defs, scope, false) : thisOwner(defs, scope);
    // Python `self` outside a class is an ordinary name.
    if (cls < 0 && fi.facts.language === "python") return this.lookup(fi, scope, "self", depth);
    // A classic script's top-level `this` is the global object (`(function (root) { ...
    // root.Shapes.area(s) })(this)`), as `globalThis` is.
    if (cls < 0) {
      // `Function.prototype.twice = function () { this(); }`: the functions `ping.twice()` calls it on
      // (facts-js-calls.ts functionPrototypeCalls).
      let own = scope;
      while (own >= 0 && defs[own]!.name.startsWith("<arrow")) own = defs[own]!.parent;
      if (own >= 0 && defs[own]!.parent === -1 && defs[own]!.name.startsWith("Function.prototype.") && this.objAttrIndex?.has(fi)) return this.thisGiven(fi, scope, own, depth);
      const imported = this.importedThis(fi, scope, depth);
      if (imported.length > 0 || importedThisOwner(defs, scope) !== null) return imported;
      // A CommonJS module's is its `module.exports` (facts.ts: `this.x = v` there is an export).
      return isScript(fi.facts) ? GLOBAL_THIS : [{ k: "mod", fi, dir: null }];
    }
    // An object literal's `this` is the object; a constructor function's is its instance.
    // (A property descriptor's, `Object.defineProperty(o, "k", { get() {} })`: o, facts-js-accessors.ts descriptorAccessors.)
    // (`const f = obj.m; f.call(other)`, `C.prototype.m.call(o)`: `this` given from outside, facts-js-calls.ts thisGivenOutside.)
    const outside = fi.facts.language !== "python" && this.objAttrIndex?.has(fi) ? this.thisGiven(fi, scope, cls, depth) : NONE;
    if (defs[cls]!.kind === "object") {
      const given = fi.facts.language !== "python" ? bound(fi.facts.bindings, cls, "this") : undefined;
      const own: Value[] = given ? this.resolveAll(fi, cls, given, depth + 1) : [{ k: "def", fi, def: cls }];
      return outside.length > 0 ? cap([...own, ...outside]) : given ? cap(own) : own;
    }
    // A static method's is the class (or a subclass it is called through), as Python's `cls`.
    // A JS function given its `this` (`f.call(obj)`, `f.bind(obj)`): obj too.
    if (defs[cls]!.kind === "function" && fi.facts.language !== "python") {
      const given = bound(fi.facts.bindings, cls, "this");
      if (given) return cap([{ k: "inst", fi, def: cls, self: true }, ...this.resolveAll(fi, cls, given, depth + 1)]);
      // A prototype method given its `this` (`Greeter.prototype.greet.apply(target)`).
      for (let s = scope; s >= 0 && s !== cls; s = defs[s]!.parent) {
        const own = bound(fi.facts.bindings, s, "this");
        if (own) return cap([{ k: "inst", fi, def: cls, self: true }, ...this.resolveAll(fi, s, own, depth + 1)]);
      }
    }
    // (Only classes named somewhere besides their definitions and base lists, as Python's `cls`:
    // `User.create()` of Model's `static create() { return new this() }` makes a User, not a Model.)
    if (fi.facts.language !== "python" && defs[cls]!.kind === "class" && inStaticMethod(defs, scope)) return this.selfClasses(fi, cls, depth);
    if (outside.length > 0) return cap([{ k: "inst", fi, def: cls, self: true }, ...outside]);
    if (fi.facts.language === "python" && defs[cls]!.kind === "class") {
      const sited = this.sitedSelf(fi, scope, cls, depth);
      if (sited) return sited;
    }
    return [{ k: "inst", fi, def: cls, self: true }];
  }

  /** `scope` is (inside) a Python function no code can call (deadDefs()). */
  protected inDeadDef(fi: FileInfo, scope: number): boolean {
    const dead = (this.deadDefsIndex ??= this.deadDefs()).get(fi);
    if (!dead) return false;
    const defs = fi.facts.defs;
    for (let s = scope, n = 0; s >= 0 && n < 64; s = defs[s]!.parent, n++) if (dead.has(s)) return true;
    return false;
  }

  /**
   * Python functions no code can call: in a script (a file no import of the project names, not a
   * package's `__init__.py`, with no computed attribute, `getattr(m, name)`, nor `eval`), a function
   * of its top level, or a method of its top-level class with no base but `object` or `Generic`,
   * no metaclass nor decorator, neither decorated nor a dunder, whose name no code reads (as a
   * name, a member, an imported name, in `__all__`). What it would store (`global h; h = b`,
   * `self.cb = b`) is never stored.
   */
  private deadDefs(): Map<FileInfo, Set<number>> {
    const out = new Map<FileInfo, Set<number>>();
    const imported = new Set<string>();
    for (const f of this.files.values()) if (f.facts.language === "python") importedNames(f.facts, imported);
    const candidates = new Map<FileInfo, number[]>();
    const names = new Set<string>();
    for (const f of this.files.values()) {
      if (f.facts.language !== "python") continue;
      const base = f.facts.path.slice(f.facts.path.lastIndexOf("/") + 1);
      if (!base.endsWith(".py") || base === "__init__.py" || imported.has(base.slice(0, -3))) continue;
      if (computedSites(f.facts) > 0) continue;
      const defs = f.facts.defs;
      const list: number[] = [];
      for (let i = 0; i < defs.length; i++) {
        const d = defs[i]!;
        if (d.anonymous || d.decorators?.length || d.name.startsWith("__") || !/^[A-Za-z_]\w*$/.test(d.name)) continue;
        if (f.kinds[i] === KIND.function ? d.parent !== -1 : f.kinds[i] !== KIND.method) continue;
        if (f.kinds[i] === KIND.method) {
          const c = defs[d.parent]!;
          if (c.kind !== "class" || c.parent !== -1 || !plainBases(c.bases) || c.meta || c.decorators?.length) continue;
        }
        list.push(i);
        names.add(d.name);
      }
      if (list.length > 0) candidates.set(f, list);
    }
    if (candidates.size === 0) return out;
    const read = namesRead(this.files, names);
    if (read === null) return out;
    for (const [f, list] of candidates) {
      const dead = list.filter((i) => !read.has(f.facts.defs[i]!.name));
      if (dead.length > 0) out.set(f, new Set(dead));
    }
    return out;
  }

  /**
   * Whether an edit of a Python file changes what the project-wide read indexes were built from
   * (sitedSelf's method reads, deadDefs' names no code reads and its scripts): a read of an indexed
   * name added, removed or moved to another receiver, an import naming a script, a computed
   * attribute or eval added to or removed from a script. Those indexes are built once and kept, and a kept
   * resolver's answers read them, so such an edit is assembled in full (graph.ts reassemble).
   */
  readsIndexedChanged(before: FileFacts, now: FileFacts): boolean {
    const names = new Set<string>();
    if (this.methodReadIndex) for (const name of this.methodReadIndex.keys()) names.add(name);
    const importedBefore = importedNames(before, new Set());
    const importedNow = importedNames(now, new Set());
    for (const [fi, dead] of this.deadDefsIndex ?? []) {
      for (const d of dead) names.add(fi.facts.defs[d]!.name);
      // (deadDefs reads only scripts: a file no import names, with no computed attribute or eval.)
      const base = fi.facts.path.slice(fi.facts.path.lastIndexOf("/") + 1, -3);
      if (!importedBefore.has(base) && importedNow.has(base)) return true;
      if (fi.facts.path === before.path && computedSites(before) !== computedSites(now)) return true;
    }
    if (names.size === 0) return false;
    // What namesRead() reads of each file: names read as such, members (with their receivers),
    // imported names and `__all__`; one walk of each file's refs.
    const rootsBefore = new Set<string>();
    const rootsNow = new Set<string>();
    const readsBefore = methodReads([{ facts: before } as FileInfo], names, rootsBefore);
    const readsNow = methodReads([{ facts: now } as FileInfo], names, rootsNow);
    if (readsBefore === null || readsNow === null) return true;
    const allBefore = new Set(before.allNames ?? []);
    const allNow = new Set(now.allNames ?? []);
    for (const name of names) {
      if (rootsBefore.has(name) !== rootsNow.has(name) || importedBefore.has(name) !== importedNow.has(name) || allBefore.has(name) !== allNow.has(name)) return true;
      const a = readsBefore.get(name);
      const b = readsNow.get(name);
      if (a === undefined && b === undefined) continue;
      if (!a || !b || a.length !== b.length || a.some((r, i) => r.scope !== b[i]!.scope || JSON.stringify(r.recv) !== JSON.stringify(b[i]!.recv))) return true;
    }
    return false;
  }

  /**
   * Python `self` of a plain method (no decorator, no dunder) of a class with no base, metaclass,
   * decorator or subclass, whose every read in the project (`a.run()`, `key=a.run`, `h = a.run`)
   * is on instances made at known calls (`a = Box(f)`): those instances, so `self.fn` is what each
   * one's construction stored (siteAttr) and `a.run()` beside `b = Box(g)` does not reach g. A
   * read on anything else that may be such an instance (`self.run()` in a method whose own `self`
   * is not read so, `Box.run(x)`, a receiver we cannot resolve, a computed attribute of one):
   * null, `self` as usual (any instance). Bounded: MAX_METHOD_READS reads per name, MAX_VALUES instances.
   */
  private sitedSelf(fi: FileInfo, scope: number, cls: number, depth: number): Value[] | null {
    const defs = fi.facts.defs;
    const c = defs[cls]!;
    if (!plainBases(c.bases) || c.meta || c.decorators?.length) return null;
    let m = scope;
    while (m >= 0 && defs[m]!.parent !== cls) m = defs[m]!.parent;
    if (m < 0 || fi.kinds[m] !== KIND.method) return null;
    const method = defs[m]!;
    if (method.decorators?.length || method.name.startsWith("__")) return null;
    if (this.methodReadIndex === null) {
      const names = new Set<string>();
      for (const f of this.files.values()) {
        if (f.facts.language !== "python") continue;
        const fdefs = f.facts.defs;
        for (let i = 0; i < fdefs.length; i++) {
          const d = fdefs[i]!;
          if (f.kinds[i] !== KIND.method || d.decorators?.length || d.name.startsWith("__") || d.parent < 0) continue;
          const p = fdefs[d.parent]!;
          if (p.kind === "class" && plainBases(p.bases) && !p.meta && !p.decorators?.length) names.add(d.name);
        }
      }
      this.methodReadIndex = methodReads(this.files.values(), names) ?? false;
    }
    const reads = this.methodReadIndex === false ? undefined : this.methodReadIndex.get(method.name);
    if (!reads) return null;
    const key = fi.nodeIds[m]!;
    if (this.sitedSelfBusy.has(key)) {
      this.unstable++;
      return null;
    }
    if (this.subclasses(fi, cls, depth).length > 0) return null;
    // (`object`, `Generic[T]`: no method of theirs calls ours.)
    for (const b of c.bases.length > 0 ? this.bases(fi, cls, depth) : NONE) {
      if (b.k !== "ext" || b.member.length !== 1 || !(b.module === BUILTIN ? b.member[0] === "object" : b.module === "typing" && b.member[0] === "Generic")) return null;
    }
    this.sitedSelfBusy.add(key);
    try {
      const ours = (v: Value): boolean => (v.k === "inst" || v.k === "def") && v.fi === fi && v.def === cls;
      const out: Value[] = [];
      for (const r of reads) {
        const recv = this.resolve(r.fi, r.scope, r.recv, depth + 1);
        if (recv.length === 0) return null;
        for (const v of recv) {
          if (!ours(v)) continue;
          if (v.k !== "inst" || v.self || !v.site) return null;
          if (!out.some((o) => o.k === "inst" && o.site!.made === v.site!.made)) out.push(v);
        }
      }
      if (out.length === 0 || out.length > MAX_VALUES) return null;
      // A computed attribute (`getattr(o, name)`, `o[k]`) of such an instance may read the method too.
      let n = 0;
      for (const f of this.files.values()) {
        if (f.facts.language !== "python") continue;
        for (const d of f.facts.dynamic) {
          if (d.kind === "import") continue;
          if (!d.obj || ++n > 64) return null;
          if (this.resolve(f, d.scope, d.obj, depth + 1).some(ours)) return null;
        }
      }
      return out;
    } finally {
      this.sitedSelfBusy.delete(key);
    }
  }

  /** Python `cls` in a classmethod, `__init_subclass__` or a metaclass's method. */
  private clsRoot(fi: FileInfo, scope: number, root: Extract<Root, { t: "cls" }>, depth: number): Value[] {
    const defs = fi.facts.defs;
    const cls = enclosingClass(defs, scope, false);
    // Outside a class, `cls` is an ordinary name (a class may even be called cls).
    if (cls < 0) return this.lookup(fi, scope, "cls", depth);
    // `__init_subclass__` gets the subclass being defined, never the class itself.
    let m = scope;
    while (m >= 0 && defs[m]!.parent !== cls) m = defs[m]!.parent;
    if (m >= 0 && defs[m]!.name === "__init_subclass__") {
      const subs = this.subclasses(fi, cls, depth);
      if (subs.length > 0) return cap(subs.map(asDef));
    }
    // A method of our metaclass (no classmethod, no `__new__`) gets a class made with it:
    // `def create(cls): return cls()` called as `Shape.create()` makes a Shape.
    if (m >= 0 && defs[m]!.name !== "__new__" && !defs[m]!.decorators?.includes("classmethod")) {
      const made = this.madeBy({ fi, def: cls });
      if (made.length > 0) return cap(made);
    }
    // A classmethod called through a subclass gets the subclass (`Child.make()`): any of them.
    return this.selfClasses(fi, cls, depth);
  }

  /** `super` (JS) / `super()` (Python): the bases after the enclosing class. */
  private superRoot(fi: FileInfo, scope: number, root: Extract<Root, { t: "super" }>, depth: number): Value[] {
    const defs = fi.facts.defs;
    // JS: `super` in a method of an object literal is its `__proto__` (facts.ts: its bases).
    const cls = fi.facts.language !== "python" ? superHome(defs, scope) : enclosingClass(defs, scope, false);
    // (`super(B, obj)` in a function outside classes: after B in the MRO of B or a subclass.)
    if (fi.facts.language === "python" && cls < 0 && root.cls !== undefined) {
      const out: Value[] = [];
      for (const b of this.lookup(fi, scope, root.cls, depth + 1)) if (b.k === "def" && b.fi.kinds[b.def] === KIND.class && b.fi.facts.language === "python") out.push(...this.pySuper(b.fi, b.def, depth));
      return cap(out);
    }
    if (fi.facts.language !== "python" || cls < 0) return this.bases(fi, cls, depth);
    // Zero-argument `super()` in a function taking no positional parameter (a nested helper
    // `def flush():`, a `@staticmethod def reset():`) has no instance to bind: RuntimeError, no call
    // (`classes/x9_zero_arg_super_in_function_without_parameters`).
    if (root.cls === undefined && scope >= 0 && defs[scope]!.kind !== "class" && !this.firstPositional(fi, scope)) return NONE;
    return this.pySuper(fi, cls, depth, root.cls === undefined || root.cls === defs[cls]!.name ? null : this.lookup(fi, scope, root.cls, depth + 1));
  }

  /** Python def `scope` binds a first positional parameter (not `*args`). */
  private firstPositional(fi: FileInfo, scope: number): boolean {
    const start = fi.facts.defs[scope]!.start;
    for (const name of boundNames(fi.facts.bindings, scope)) {
      for (const r of bound(fi.facts.bindings, scope, name) ?? []) {
        if (r.root.t === "param" && r.root.def === start && r.root.index === 0 && r.root.star === undefined) return true;
      }
    }
    return false;
  }

  /** A `prior` root's answer (resolve-memo.ts prior()): the name's bindings made so far in its scope. */
  protected priorUncached(fi: FileInfo, root: Extract<Root, { t: "prior" }>): Value[] {
    const refs = bound(fi.facts.bindings, root.scope, root.name)?.slice(root.from ?? 0, root.count) ?? [];
    // (A Python parameter's annotation among them: only for values no caller is seen passing.)
    if (refs.length > 1 && fi.facts.language === "python" && refs.some(isTypedRef)) return cap(this.typedLast(fi, root.scope, refs, 1));
    return cap(this.resolveAll(fi, root.scope, refs, 1));
  }

  /** What a call or `new` gives: the callee's results, and what builtins and idioms make of them. */
  private callRoot(fi: FileInfo, scope: number, root: Extract<Root, { t: "call" | "new" }>, depth: number): Value[] {
    const defs = fi.facts.defs;
    const bound = root.callee.path.at(-1) === "bind" && fi.facts.language !== "python";
    if (root.t === "call" && bound) {
      // JS `f.bind(o)` is f (with `this` fixed), not what f returns.
      const target = { root: root.callee.root, path: root.callee.path.slice(0, -1) };
      const values = this.resolve(fi, scope, target, depth + 1);
      // (Unless it is our instance or object with a `bind` method of its own: `api.bind()` calls that.)
      if (!values.some((v) => (v.k === "inst" || (v.k === "def" && v.fi.kinds[v.def] === KIND.object)) && this.member(v, "bind", depth + 1).some((m) => m.k === "def"))) {
        return values.filter((v) => v.k === "def" || v.k === "ext");
      }
    }
    // `obj = super().__call__(*args)` in our metaclass's `__call__`: an instance of a class made with it.
    if (root.t === "call" && root.callee.root.t === "super" && root.callee.path.length === 1 && root.callee.path[0] === "__call__" && defs[scope]?.name === "__call__") {
      const cls = enclosingClass(defs, scope, false);
      const made = cls >= 0 ? this.madeBy({ fi, def: cls }) : [];
      if (made.length > 0) return cap(made.map((c): Value => ({ k: "inst", fi: c.fi, def: c.def })));
    }
    let callees = this.resolve(fi, scope, root.callee, depth + 1);
    // A type annotation names our classes' instances; a package's type says nothing we track.
    // Express's Request / Response types (`res: Response` in a controller Express or Nest
    // hands the response to) stand for express.request / express.response, as flow.ts gives
    // route handlers: their methods called are uses of the package.
    if (root.t === "new" && root.typed) callees = callees.flatMap(typedClass);
    // JS `new Registry.Impl()` with `static get Impl()`: the getter runs (graph.ts), what it returns is made.
    if (root.t === "new" && callees.some(isGetter) && fi.facts.language !== "python") callees = cap(callees.flatMap((v) => (isGetter(v) ? this.returns((v as DefValue).fi, (v as DefValue).def, depth + 1) : [v])));
    // `new shapes[kind]()` of a module (`import * as shapes`): any class it exports by name.
    if (root.t === "new" && callees.length === 0 && root.callee.path.at(-1) === "[*]") callees = this.exportedClasses(fi, scope, root.callee, depth);
    // `a + b` (refs-py.ts): our `__add__`'s result only, no package's or builtin's.
    // (pathlib's `Path(base) / "cfg.toml"`: another path, an object of the same package class.)
    if (root.t === "call" && root.op && callees.length > 0 && callees.every(pathJoin)) return cap(callees.map((v) => ({ ...(v as Extract<Value, { k: "ext" }>), member: (v as Extract<Value, { k: "ext" }>).member.slice(0, -1) })));
    if (root.t === "call" && root.op) callees = callees.filter((v) => v.k === "def" && v.fi.kinds[v.def]! <= KIND.method);
    let results: Value[];
    if (callees.length === 1) results = cap(this.made(callees[0]!, root, fi, scope, depth));
    else {
      results = [];
      for (const v of callees) for (const r of this.made(v, root, fi, scope, depth)) results.push(r);
      results = cap(results);
    }
    // Python `q.get()` of a queue our code put items in (`q = asyncio.Queue()`, `q.put(Order())`:
    // facts-py-stores.ts STORING), `dq.popleft()`: one of those items, not also an object of the
    // package's (`item.ship()` is Order.ship only). (The call of the package's method stays.) Also
    // where a package's value flows beside our dict or list (`self._info.get(k, "")`): the items.
    if (root.t === "call" && callees.length > 1 && !root.args?.length && fi.facts.language === "python") {
      const taken = callees.find((v) => v.k === "cmeth" && (v.name === "get" || v.name === "pop" || v.name === "popleft"));
      if (taken && callees.some((v) => v.k === "ext" && v.member.at(-1) === (taken as { name: string }).name)) {
        const kept: Value[] = [];
        for (const v of callees) if (v.k !== "ext") for (const r of this.made(v, root, fi, scope, depth)) kept.push(r);
        if (kept.length > 0) results = cap(kept);
      }
    }
    // `except E as e`: e may be an instance of a subclass, whose overrides its methods run.
    if (root.t === "call" && root.sub) {
      results = results.map((v) => (v.k === "inst" && !v.site ? { k: "inst", fi: v.fi, def: v.def, self: true } : v));
      // `except Exception as e`: an instance of any of our subclasses of that builtin (made somewhere).
      for (const c of callees) if (c.k === "ext" && c.module === BUILTIN && c.member.length === 1 && !c.returned) results = cap([...results, ...this.builtinSubclasses(c)]);
    }
    // `d.get(k, default)` / `d.pop(k, default)` / `d.setdefault(k, default)` (refs-py.ts): the item, or the default when k is not a key of d's literal.
    if (root.t === "call" && root.args?.length === 2 && root.args[1]!.ref && callees.length > 0 && allGetsWithDefault(callees, fi.facts.language === "python")) {
      const key = root.args[0]!.name;
      const hit = key !== null && allHoldKey(callees, key);
      // (The items of the dicts that hold k: `**kw` is a dict per call, not all of which pass k.)
      if (key !== null) results = this.itemsUnder(callees, key, false, depth);
      if (!hit) results = cap([...results, ...this.resolve(fi, scope, root.args[1]!.ref, depth + 1)]);
    }
    // JS `m.get("a")` (refs-js.ts): the items stored under key a, or under a key not known.
    // Python `d.get("k")` / `d.pop("k")` likewise.
    if (root.t === "call" && root.args?.length === 1 && root.args[0]!.ref === null && callees.length > 0 &&
      (fi.facts.language !== "python" ? callees.every((v) => v.k === "cmeth" && v.name === "get") : root.args[0]!.name?.startsWith("[") && callees.every((v) => v.k === "cmeth" && (v.name === "get" || v.name === "pop")))) {
      const key = root.args[0]!.name;
      results = this.itemsUnder(callees, key, true, depth);
    }
    // JS `xs.at(-1)` (refs-js.ts) of a literal whose items all have their positions: the item there.
    if (root.t === "call" && root.args?.length === 1 && root.args[0]!.ref === null && fi.facts.language !== "python" &&
      callees.length > 0 && callees.every((v) => v.k === "cmeth" && v.name === "at")) {
      results = this.itemAt(callees, Number(root.args[0]!.name!.slice(1, -1)), depth);
    }
    // JS `xs.map(f)` (refs-js.ts) on our array, or on one we do not see: an array of what f returns.
    // `p.then(f)`: a promise of what f returns, read as that value (as `await` reads ours).
    const mapped = root.t === "call" && root.args?.length === 1 && root.args[0]!.name === null && root.args[0]!.ref && fi.facts.language !== "python" ? root.callee.path.at(-1) : undefined;
    if (root.t === "call" && (mapped === "map" || mapped === "flatMap") && callees.every((v) => v.k === "cmeth" && v.name === mapped)) {
      // flatMap: the items of the arrays f returns (or what it returns, when no array).
      results = [{ k: "coll", fi, scope, items: mapped === "map" ? mappedItems(root.args!) : flatMappedItems(root.args!) }];
    } else if (root.t === "call" && root.callee.path.length > 0 && fi.facts.language !== "python" && root.args && (root.args.length === 1 || root.args.length === 2) &&
      root.args[0]!.name === null && root.args[0]!.ref && callees.length > 0 && callees.every((v) => v.k === "cmeth" && (v.name === "reduce" || v.name === "reduceRight"))) {
      // `fs.reduce((f, g) => ..., init)`: what the function returns, or the initial value (with
      // none, an array of one item would be that item: not read, composing reducers return functions).
      const out = this.resolve(fi, scope, mappedItems(root.args)[0]!.ref, depth + 1).slice();
      const init = root.args[1];
      if (init?.ref && init.name === null) out.push(...this.resolve(fi, scope, init.ref, depth + 1));
      results = cap(out);
    } else if (root.t === "call" && mapped === "then") {
      results = cap([...results, ...this.resolve(fi, scope, mappedItems(root.args!)[0]!.ref, depth + 1)]);
    } else if (root.t === "call" && root.args?.length && root.args.length <= 2 && fi.facts.language !== "python" && root.callee.path.length > 0 &&
      (root.args.length === 2 ? root.callee.path.at(-1) === "then" : root.callee.path.at(-1) === "catch") &&
      root.args.every((a) => a.name === null && a.ref) && !callees.some((v) => v.k === "def")) {
      // `p.then(f, g)`: a promise of what either returns; `p.catch(h)`: of what h returns, or
      // p's own value when p fulfils (a builtin's then/catch only, not a method of ours).
      const out = [...results];
      if (root.args.length === 2) for (const a of root.args) out.push(...this.resolve(fi, scope, mappedItems([a])[0]!.ref, depth + 1));
      else out.push(...this.resolve(fi, scope, { root: root.callee.root, path: root.callee.path.slice(0, -1) }, depth + 1), ...this.resolve(fi, scope, mappedItems(root.args)[0]!.ref, depth + 1));
      results = cap(out);
    } else if (root.t === "call" && (mapped === "resolve" || mapped === "get") && callees.length > 0 && callees.every((v) => v.k === "ext")) {
      // A package's container asked for one of our classes (`container.resolve(Mailer)`,
      // Nest's `app.get(UsersService)`): an instance of it, made by the container.
      const made: Value[] = [];
      for (const c of this.resolve(fi, scope, root.args![0]!.ref!, depth + 1)) {
        if (c.k === "def" && c.fi.kinds[c.def] === KIND.class) made.push({ k: "inst", fi: c.fi, def: c.def });
      }
      if (made.length > 0) results = cap(made);
    }
    // A JS legacy method decorator returning a descriptor (`return { ...desc, value: wrapper }`,
    // or `desc` itself): the member is the descriptor's value.
    if (root.t === "call" && root.or && fi.facts.language !== "python" && results.length > 0 &&
      results.every((v) => v.k === "coll" || (v.k === "def" && v.fi.kinds[v.def] === KIND.object))) {
      const values: Value[] = [];
      // (An accessor decorator's descriptor `{ get }`: its getter.)
      for (const v of results) for (const m of this.member(v, "value", depth + 1)) values.push(m);
      if (values.length === 0) for (const v of results) for (const m of this.member(v, "get", depth + 1)) values.push(m);
      if (values.length > 0) return cap(values);
    }
    // A decorated function: when the decorator is a package's or its result is unknown, the
    // name still denotes the function (functools.wraps, lru_cache, route registration).
    // (JS: also when it returns only such an object, a legacy decorator's descriptor.)
    if (root.t === "call" && root.or && (results.length === 0 || callees.every((v) => v.k === "ext") ||
      (fi.facts.language !== "python" && results.every((v) => v.k === "coll")))) {
      const or = this.resolve(fi, scope, root.or, depth + 1);
      // Python `with gen() as x` of a `@contextmanager` generator (no __enter__ of its own): x
      // is what it yields.
      if (fi.facts.language !== "python" || !or.some(isColl)) return or;
      return this.itemsOf(or, depth);
    }
    return results;
  }

  /**
   * The items of the literals behind `d.get(key)` (`cmeth` values): those stored under key, and with
   * `unknown` those stored under a key not known too. (Apart from root(), as yielded() is from ownMember.)
   */
  private itemsUnder(callees: Value[], key: string | null, unknown: boolean, depth: number): Value[] {
    const out: Value[] = [];
    for (const v of callees) {
      if (v.k !== "cmeth") continue;
      for (const i of v.coll.items) {
        if (i.key === NAME_KEY && key !== null) {
          for (const r of this.resolve(v.coll.fi, v.coll.scope, i.ref, depth + 1)) if (namedItem(r, key)) out.push(r);
        } else if (i.key === key || (unknown && i.key === "[*]")) for (const r of this.resolve(v.coll.fi, v.coll.scope, i.ref, depth + 1)) out.push(r);
      }
    }
    return cap(out);
  }

  /**
   * `{**a, "k": f, **b}` (refs-py.ts pyItems: its parts in source order): one dict whose item under a
   * literal key is the last part's that has it, when every part is one dict of this file; else
   * null (the parts' items all count).
   */
  private mergedDict(fi: FileInfo, scope: number, refs: Ref[], depth: number): Coll | null {
    const items: { key: string; ref: Ref }[] = [];
    for (const r of refs) {
      const part = this.resolve(fi, scope, r, depth + 1);
      // A parameter (`**kw`) holds what each call passes, some none: no key of it is sure to replace
      // an earlier one, but a literal key after it replaces its items (`{**kw, "on_ok": f}`).
      if (r.root.t === "name" && r.path.length === 0 && bound(fi.facts.bindings, scope, r.root.name)?.some((b) => b.root.t === "param")) {
        if (part.length === 0 || part.length > 8) return null;
        for (const c of part) {
          if (c.k !== "coll" || c.fi !== fi || c.length !== undefined || (c.of !== undefined && c.of !== "dict")) return null;
          for (const i of c.items) items.push(c.scope === scope ? i : { key: i.key, ref: { root: { t: "scoped", scope: c.scope, ref: i.ref }, path: [] } });
        }
        continue;
      }
      const c = part.length === 1 ? part[0]! : null;
      if (c?.k !== "coll" || c.fi !== fi || c.length !== undefined || (c.of !== undefined && c.of !== "dict")) return null;
      for (const i of c.items) {
        if (i.key !== "[*]") for (let j = items.length - 1; j >= 0; j--) if (items[j]!.key === i.key) items.splice(j, 1);
        items.push(c.scope === scope ? i : { key: i.key, ref: { root: { t: "scoped", scope: c.scope, ref: i.ref }, path: [] } });
      }
    }
    return { k: "coll", fi, scope, items: made(items), of: "dict" };
  }

  /** The items of the lists among `values` (what a `@contextmanager` generator yields), the others as they are. */
  private itemsOf(values: Value[], depth: number): Value[] {
    const out: Value[] = [];
    for (const v of values) {
      if (v.k !== "coll") out.push(v);
      else for (const i of v.items) for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) out.push(r);
    }
    return cap(out);
  }

  /**
   * What a call gives back that returns its argument `arg` (made()), memoised by the call, scope
   * and parameter: stacked decorators (`@ident` 200 times) nest such calls, and each level was
   * resolved again by every level above it, exponentially. A cycle answers nothing.
   */
  private passedBack(root: object, arg: Ref, index: number, fi: FileInfo, scope: number, depth: number): Value[] {
    let byKey = this.passedBackMemo.get(root);
    if (!byKey) this.passedBackMemo.set(root, (byKey = new Map()));
    const key = `${scope}:${index}`;
    const hit = byKey.get(key);
    if (hit) return hit;
    byKey.set(key, NONE);
    const out = this.resolve(fi, scope, arg, depth + 1);
    byKey.set(key, out);
    return out;
  }

  /** The classes the JS modules `ns` of `ns[k]` names export by name (out of root(): see pySuper()). */
  private exportedClasses(fi: FileInfo, scope: number, callee: Ref, depth: number): Value[] {
    const out: Value[] = [];
    for (const m of this.resolve(fi, scope, { root: callee.root, path: callee.path.slice(0, -1) }, depth + 1)) {
      if (m.k !== "mod" || !m.fi || m.fi.facts.language === "python") continue;
      for (const key of m.fi.facts.exports.keys()) {
        for (const v of this.jsExport(m.fi, key, depth + 1)) if (v.k === "def" && v.fi.kinds[v.def] === KIND.class) out.push(v);
      }
    }
    return cap(out);
  }

  /**
   * What calling `v` gives at call `root`. A class called (Python) or constructed (JS `new`) with
   * its arguments recorded makes instances that learn this call's site (siteAttr()); what a
   * function returns was made elsewhere, and this call's arguments are not its constructor's
   * (`merge(Hook(parse=f), b)` returning its `a`).
   */
  private made(v: Value, root: Extract<Root, { t: "call" | "new" }>, fi: FileInfo, scope: number, depth: number): Value[] {
    // A function that only ever returns one of its parameters (Python `def task(fn): ...; return
    // fn`, a registering decorator; JS `freeze(o) { return Object.freeze(o) }` handed a literal,
    // refs-js.ts literalArguments) gives back what this call passes there, not what every call does
    // (a decorator's call, facts-py-classes.ts decorators(), has the decorated value as `or`, no args).
    // (Python's only as a plain name: a method's parameters count its `self`.)
    if (root.t === "call" && (root.args || root.or) && v.k === "def" && (root.callee.path.length === 0 || v.fi.facts.language !== "python") && v.fi.kinds[v.def] === KIND.function) {
      const p = returnedParam(v.fi.facts, v.def);
      const arg = !p ? null : root.args ? pickArg({ fi, scope, args: root.args, offset: 0 }, p.index, p.name)?.ref : p.index === 0 ? root.or : null;
      // Nothing (a cycle, or nesting past the depth bound): what every call passes, as before.
      const back = arg ? this.passedBack(root, arg, p!.index, fi, scope, depth) : NONE;
      if (back.length > 0) return back;
    }
    // JS `x_1 = __importDefault(require("m"))`: a helper that gives back its parameter, bare or
    // wrapped in an object literal (`{ default: mod }`), gives this call's argument so, not what
    // every call of it passes (tsc's emit wraps every module of a file with one helper).
    if (root.t === "call" && root.args && v.k === "def" && v.fi.facts.language !== "python" && v.fi.kinds[v.def] === KIND.function) {
      const w = wrappedParam(v.fi.facts, v.def);
      const arg = w ? pickArg({ fi, scope, args: root.args, offset: 0 }, w.index, w.name)?.ref : null;
      if (w && arg) {
        const out: Value[] = w.bare ? [...this.passedBack(root, arg, w.index, fi, scope, depth)] : [];
        for (const keys of w.wraps) out.push({ k: "coll", fi, scope, items: made(keys.map((key) => ({ key, ref: arg }))) });
        return out;
      }
    }
    // Python: calling our instance whose class's `__call__` only ever returns one of its own
    // parameters (a decorator factory's `Timer()`: `def __call__(self, func): return func`) gives
    // back what this call passes there, as for a function above (`@timer("x") def f` is f).
    if (root.t === "call" && (root.args || root.or) && v.k === "inst" && v.fi.facts.language === "python") {
      const calls = this.classMember(v.fi, v.def, "__call__");
      const m = calls.length === 1 && calls[0]!.k === "def" && calls[0]!.fi.kinds[calls[0]!.def] === KIND.method ? calls[0]! as DefValue : null;
      const p = m && !m.fi.facts.defs[m.def]!.decorators?.includes("staticmethod") ? returnedParam(m.fi.facts, m.def) : null;
      if (p && p.index >= 1) {
        const arg = root.args ? pickArg({ fi, scope, args: root.args, offset: 0 }, p.index - 1, p.name)?.ref : p.index === 1 ? root.or : null;
        const back = arg ? this.passedBack(root, arg, p.index, fi, scope, depth) : NONE;
        if (back.length > 0) return back;
      }
    }
    // `Reflect.construct(C, args)`: an instance of C, as `new C(...args)`.
    if (root.t === "call" && v.k === "ext" && v.module === BUILTIN && v.member.length === 2 && v.member[0] === "Reflect" && v.member[1] === "construct" && root.args?.[0]?.ref) {
      const out: Value[] = [];
      for (const c of this.resolve(fi, scope, root.args[0].ref, depth + 1)) if (c.k === "def") for (const r of this.result(c, "new", fi, depth + 1)) out.push(r);
      return out;
    }
    // `Hooks(before=f)` of a TypedDict class of ours: a dict, item before holding f.
    if (root.t === "call" && root.args && v.k === "def" && v.fi.kinds[v.def] === KIND.class && v.fi.facts.language === "python" && this.typedDict(v, depth)) {
      const items: { key: string; ref: Ref }[] = [];
      for (const a of root.args) if (a.ref && a.name !== null && /^[A-Za-z_]\w*$/.test(a.name)) items.push({ key: `[${a.name}]`, ref: a.ref });
      return [{ k: "coll", fi, scope, items, of: "dict" }];
    }
    const results = this.result(v, root.t, fi, depth);
    if (!root.args || v.k !== "def" || v.fi.kinds[v.def] !== KIND.class || !results.some(unsited)) return results;
    return atSite(results, { fi, scope, args: root.args, offset: root.t === "call" ? 1 : 0, made: root });
  }

  /**
   * A member named by a literal prefix and a part we cannot read: Python `getattr(self, "visit_"
   * + kind)` (refs-js.ts `visit_*`), JS `this["on_" + state]` (`[on_*]`). Every name with that prefix
   * along each class's MRO, looked up from the class as a plain name would be (an override hides
   * its base's); of `self`/`this`, for each subclass it may be too (selfClassList). An object
   * literal's, a function's or a Python module's own names likewise.
   */
  protected prefixed(v: Value, prefix: string, depth: number): Value[] {
    if (v.k === "mod") return v.fi ? this.prefixedGlobals(v, prefix, depth) : NONE;
    if (v.k !== "inst" && v.k !== "def") return NONE;
    const classes = v.k === "inst" && v.self ? this.selfClassList(v.fi, v.def, depth + 1) : [{ fi: v.fi, def: v.def }];
    const out: Value[] = [];
    for (const c of classes) {
      const names = new Set<string>();
      for (const k of this.mro(c.fi, c.def, depth + 1)) if (k.k === "def") this.prefixNames(k.fi, k.def, prefix, names);
      for (const n of names) for (const m of this.classMember(c.fi, c.def, n)) if (m.k === "def") out.push(m);
    }
    return cap(out);
  }

  /** The names def's members, attributes and class-body bindings have that start with `prefix`. */
  protected prefixNames(fi: FileInfo, def: number, prefix: string, into: Set<string>): void {
    const { members, attrs, bindings, defs } = fi.facts;
    const qn = defs[def]!.qname;
    // Methods are keyed `Class.name` (an unnamed literal's bare), ES5 prototype methods `F.prototype.name`.
    for (const head of qn === "" ? [""] : [`${qn}.`, `${qn}.prototype.`]) {
      for (const key of members.keys()) {
        if (!key.startsWith(head) || !key.startsWith(prefix, head.length)) continue;
        const name = key.slice(head.length);
        // (Bare keys are every top-level def's too: an unnamed literal's own are its children.)
        if (name.length > prefix.length && !name.includes(".") && (head !== "" || defs[members.get(key)!]!.parent === def)) into.add(name);
      }
    }
    for (const key of attrs.get(def)?.keys() ?? []) if (key !== SPREAD && key.length > prefix.length && key.startsWith(prefix)) into.add(key);
    for (const name of boundNames(bindings, def)) if (name.length > prefix.length && name.startsWith(prefix)) into.add(name);
    // `o.on_save = f` written outside (setFromOutside).
    const head = `${def}\u0000`;
    for (const key of this.objAttrIndex?.get(fi)?.keys() ?? []) {
      if (key.length > head.length + prefix.length && key.startsWith(head) && key.startsWith(prefix, head.length)) into.add(key.slice(head.length));
    }
  }

  /** `getattr(commands, "cmd_" + name)` of a Python module of ours: its globals with that prefix. */
  private prefixedGlobals(v: Extract<Value, { k: "mod" }>, prefix: string, depth: number): Value[] {
    const fi = v.fi!;
    if (fi.facts.language !== "python") return NONE;
    const out: Value[] = [];
    for (const name of boundNames(fi.facts.bindings, -1)) {
      if (name.length > prefix.length && name.startsWith(prefix)) for (const m of this.member(v, name, depth + 1)) if (m.k === "def") out.push(m);
    }
    return cap(out);
  }

  /**
   * What `cls` in a classmethod of class `cls`, or `type(self)` in a method, may be: the class or
   * any subclass, only those named somewhere besides their definition and base lists (unusedClass)
   * unless that leaves none.
   */
  protected selfClasses(fi: FileInfo, cls: number, depth: number): Value[] {
    return cap(this.selfClassList(fi, cls, depth).map(asDef));
  }

  /** selfClasses() as a list of classes (pySuper() walks their MROs). */
  private selfClassList(fi: FileInfo, cls: number, depth: number): { fi: FileInfo; def: number }[] {
    const all = [{ fi, def: cls }, ...this.subclasses(fi, cls, depth)];
    if (all.length === 1) return all;
    const named: { fi: FileInfo; def: number }[] = [];
    for (const c of all) if (!this.unusedClass(c.fi, c.def)) named.push(c);
    return named.length > 0 ? named : all;
  }

  /**
   * Python super() continues along the MRO of type(self) after the class it is written in; self
   * may be an instance of the class or of any subclass (diamonds reorder the MRO). Out of root(),
   * as the other closures of the hot methods (root, result, lookupUncached, member) are out of
   * them or loops: a method whose variables a closure captures makes an environment object at
   * every call, closure made or not (2.8M per assembly at 500k JS lines, 9% of its CPU).
   */
  private pySuper(fi: FileInfo, cls: number, depth: number, from: Value[] | null = null): Value[] {
    // super(B, self) in a subclass of B continues after B (from: what B names); else after cls.
    const after = from?.length === 1 && from[0]!.k === "def" && from[0]!.fi.kinds[from[0]!.def] === KIND.class ? from[0]! : null;
    const self = valueKey(after ?? { k: "def", fi, def: cls });
    const own = after ? valueKey({ k: "def", fi, def: cls }) : self;
    // type(self) is a class named somewhere besides its definition and base lists (unusedClass).
    const out: Value[] = [];
    for (const s of this.selfClassList(fi, cls, depth)) {
      const chain = this.mro(s.fi, s.def, depth + 1);
      let at = chain.findIndex((v) => valueKey(v) === self);
      if (at < 0 && own !== self) at = chain.findIndex((v) => valueKey(v) === own);
      const rest = chain.slice(at + 1);
      if (rest.length > 0) out.push({ k: "super", fi, rest });
    }
    return cap(out);
  }

  /** `xs.at(n)` of `cmeth` values: the item at n (from the end when negative), or any item when positions are not known. */
  private itemAt(callees: Value[], n: number, depth: number): Value[] {
    const out: Value[] = [];
    for (const v of callees) {
      if (v.k !== "cmeth") continue;
      const coll = v.coll;
      const key = positioned(coll) ? `[${n < 0 ? coll.length! + n : n}]` : null;
      for (const i of coll.items) if (key === null || i.key === key) out.push(...this.item(coll.fi, coll.scope, i.ref, depth + 1));
    }
    return cap(out);
  }

  /** `d.values()`, `d.items()`, `d.get(k)`, `d.copy()`: what they give, built from the items. */
  private collMethodResult(v: Extract<Value, { k: "cmeth" }>, depth: number): Value[] {
    const { coll, name } = v;
    const any = (ref: Ref): { key: string; ref: Ref } => ({ key: "[*]", ref });
    switch (name) {
      case "values":
        return [{ ...coll, items: made(coll.items.map((i) => any(i.ref))) }];
      case "items":
        return [{ ...coll, items: made(coll.items.map((i) => any({ root: { t: "items", items: made([{ key: "[1]", ref: i.ref }]) }, path: [] }))) }];
      case "popitem": // Python `k, v = d.popitem()`: one (key, value) pair.
        return coll.fi.facts.language !== "python" ? NONE : cap(coll.items.slice(0, 24).map((i) => ({ ...coll, length: 2, of: "tuple", items: made([{ key: "[1]", ref: i.ref }]) })));
      case "map": // `xs.map(f)`, `xs.flatMap(f)`, `xs.reduce(f, init)` with f known are read where they are called (resolve "call").
      case "flatMap":
      case "reduce":
      case "reduceRight":
        return NONE;
      case "entries": { // a Map's [key, value] pairs (refs-js.ts mapEntry), or an array's [index, item]
        const pairs = coll.items.filter((i) => i.key === MAP_ENTRY);
        return [{ ...coll, items: made(pairs.length > 0 ? pairs.map((i) => any(i.ref)) : coll.items.map((i) => any({ root: { t: "items", items: made([{ key: "[1]", ref: i.ref }]) }, path: [] }))) }];
      }
      case "keys": { // a Map's keys (refs-js.ts mapEntry's "[0]"); an array's are its indices: none
        const keys = coll.items.filter((i) => i.key === MAP_ENTRY && i.ref.root.t === "items" && i.ref.root.items[0]?.key === "[0]");
        return keys.length === 0 ? NONE : [{ ...coll, items: made(keys.map((i) => any({ root: i.ref.root, path: ["[0]"] }))) }];
      }
      case "next": // a generator's: `{ value }`, any item it yields.
        return [{ ...coll, items: made(coll.items.map((i) => ({ key: "value", ref: i.ref }))) }];
      case "reverse":
      case "toReversed": {
        // Items that all have their positions change places; others stay any item.
        if (!positioned(coll) || coll.fi.facts.language === "python") return [coll];
        return [{ ...coll, items: made(coll.items.map((i) => ({ key: `[${coll.length! - 1 - Number(i.key.slice(1, -1))}]`, ref: i.ref }))) }];
      }
      case "flat": // `[[a], [b]].flat()`: the items' items (and items that are no arrays).
        return [{ ...coll, length: undefined, items: made(coll.items.flatMap((i) => [any(i.ref), any({ root: i.ref.root, path: [...i.ref.path, "[*]"] })])) }];
      case "splice": // `xs.splice(0)`: the items taken out, positions unknown (the start is not read)
      case "toSpliced":
        return [{ ...coll, length: undefined, items: made(coll.items.map((i) => any(i.ref))) }];
      case "copy":
      case "filter":
      case "slice":
      case "sort":
      case "toSorted":
        return [coll];
      default: { // get, pop, setdefault: any item
        // JS `[a, b].pop()` / `.shift()` of a literal whose items all have their positions: the last / first.
        const at = (name === "pop" || name === "shift") && coll.length && coll.fi.facts.language !== "python" && coll.items.every((i) => i.key !== "[*]")
          ? `[${name === "pop" ? coll.length - 1 : 0}]` : null;
        const items = at === null ? coll.items : coll.items.filter((i) => i.key === at);
        return cap(items.flatMap((i) => this.item(coll.fi, coll.scope, i.ref, depth + 1)));
      }
    }
  }

  /**
   * What an item of a literal holds: a memoised question like a member's, since items may hold
   * the literal itself (`self.result["a"] = self.result.get("b")`), a cycle that only a memoised
   * question resolves once. Resolved afresh at every asking, each item asked every other one again
   * down to the depth limit: python3-apt's distro.py (a dict of 7 such items) took 36 s, and 120 s
   * was not enough before members were memoised. A bare name is lookup()'s question already.
   */
  protected item(fi: FileInfo, scope: number, ref: Ref, depth: number): Value[] {
    const root = ref.root;
    if (ref.path.length === 0 && (root.t === "name" || root.t === "def" || root.t === "items")) return this.resolve(fi, scope, ref, depth);
    const byScope = this.memoOf(fi).items;
    let memo = byScope[scope + 1];
    if (!memo) byScope[scope + 1] = memo = new Map();
    const hit = memo.get(ref);
    if (hit) return this.hit(hit);
    return this.memoised(memo, ref, ITEM, fi, scope, "");
  }

  /**
   * Values with each of our getters replaced by what it returns (`runs`: which methods a read runs;
   * Python's readRuns adds `__getattr__`).
   */
  protected throughGetters(values: Value[], depth: number, runs: (v: Value) => v is DefValue = isGetter): Value[] {
    const out: Value[] = [];
    for (const v of values) {
      if (runs(v)) out.push(...this.returns(v.fi, v.def, depth + 1));
      else out.push(v);
    }
    return cap(out);
  }

  /** What a function returns, memoised per function (recursion resolves to nothing). */
  protected returns(fi: FileInfo, def: number, depth: number): Value[] {
    const own = this.returnsOwn(fi, def, depth);
    // TypeScript `(): Service`: when nothing of ours is seen returned, an instance of that class.
    const typed = fi.facts.defs[def]!.returnsTyped;
    if (!typed || own.some((v) => v.k !== "ext")) return own;
    return cap([...own, ...this.resolve(fi, fi.facts.defs[def]!.parent, typed, depth + 1)]);
  }

  private returnsOwn(fi: FileInfo, def: number, depth: number): Value[] {
    const memo = this.memoOf(fi).results;
    const hit = memo.get(def);
    if (hit) return this.hit(hit);
    if (!fi.facts.returns.has(def)) return NONE;
    return this.memoised(memo, def, RETURNS, fi, def, "");
  }

  /** Whether some call of the function (or a caller we do not see) leaves parameter `root` out. */
  private omitted(fi: FileInfo, root: Extract<Root, { t: "param" }>): boolean {
    const def = defAt(fi, root.def);
    return def === undefined || this.leftOut(fi, def, root.index, root.name);
  }

  /** Whether some call of function `def` (or a caller we do not see) leaves parameter `index` out. */
  leftOut(fi: FileInfo, def: number, index: number, name = ""): boolean {
    const sites = fi.sites?.[def] ?? NO_SITES;
    if (sites.length === 0) return true;
    for (const site of sites) {
      if (site.fi.nonProduction && !fi.nonProduction) continue;
      const arg = pickArg(site, index, name);
      if (!arg || passesUndefined(arg)) return true;
    }
    return false;
  }

  /**
   * Python `f(**kw)` filling parameter `name` (pickArg's `kw[name]`) when kw may hold a class or
   * function of ours: the item of kw's other values only (`**Signer` raises; a name read
   * flow-insensitively, `kwargs = fallback` beside `fallback, kwargs = fallback`, may hold one:
   * `kwargs/a1_double_star_of_class_fills_no_parameter`). Null when the argument is no such item.
   */
  private kwItem(site: ArgSite, ref: Ref, name: string, depth: number): Value[] | null {
    const key = ref.path.at(-1);
    if (!name || key !== `[${name}]`) return null;
    let kw: Ref | null = null;
    for (const a of site.args) if (a.name === "**") { kw = a.ref; break; }
    if (!kw || kw.root !== ref.root || kw.path.length + 1 !== ref.path.length) return null;
    const dicts = this.resolve(site.fi, site.scope, kw, depth + 1);
    const callable = (v: Value): boolean => v.k === "def" && (v.fi.kinds[v.def] === KIND.class || v.fi.kinds[v.def] === KIND.function);
    if (!dicts.some(callable)) return null;
    const out: Value[] = [];
    for (const d of dicts) if (!callable(d)) out.push(...this.member(d, key, depth + 1));
    return cap(out);
  }

  /** A parameter: the arguments its function's call sites pass, and its default. */
  private param(fi: FileInfo, root: Extract<Root, { t: "param" }>, depth: number): Value[] {
    const def = defAt(fi, root.def);
    if (def === undefined) return NONE;
    this.touches++;
    this.unstable++;
    const out: Value[] = [];
    const node = fi.nodeIds[def]!;
    this.askedSites.add(node);
    const sites = fi.sites?.[def] ?? NO_SITES;
    if (root.star) {
      // *args / **kw: a tuple / dict of what each call passes there.
      let empty = false;
      for (const site of sites) {
        const items = starItems(site, root.index, root.star);
        if (items.length > 0) {
          const py = fi.facts.language === "python";
          // Python `*args` of positional arguments only: a tuple of that length (`args[-1]` is the last).
          const length = py && root.star === "*" && items.every((i) => i.key !== "[*]") ? items.length : undefined;
          out.push({ k: "coll", fi: site.fi, scope: site.scope, items: made(items), ...(py ? { of: root.star === "*" ? "tuple" as const : "dict" as const } : {}), ...(length !== undefined ? { length } : {}) });
        }
        // Python: a call passing no keyword there gives an empty dict (once), so `kw.get("k", d)` is also d.
        else if (root.star === "**" && !empty && fi.facts.language === "python" && !site.args.some((a) => a.name === "**")) {
          empty = true;
          out.push({ k: "coll", fi: site.fi, scope: site.scope, items: made([]), of: "dict" });
        }
        // `g(**kw)` forwarded into g's own **kw: the dicts kw holds, keys and all.
        if (root.star === "**") {
          for (const a of site.args) {
            if (a.name !== "**" || !a.ref) continue;
            for (const d of this.resolve(site.fi, site.scope, a.ref, depth + 1)) if (d.k === "coll") out.push(d);
          }
        }
      }
      return cap(out);
    }
    // The default counts when some call (or a caller we do not see) leaves the parameter out.
    let defaulted = sites.length === 0;
    for (const site of sites) {
      // A TypeScript legacy method decorator's first parameter is the prototype, not the method.
      // (Its `target[key]` is the decorated member, though: an object holding the method under
      // any key it is read by, `commands[name] = target[key]`.)
      if (root.index === 0 && legacyDecoratorSite(site, fi.facts.defs[def]!)) {
        const desc = site.args[2]!.ref!.root;
        if (desc.t === "items" && desc.items[0]!.key === "value") out.push(...this.resolve(site.fi, site.scope, { root: { t: "items", items: [{ key: "[*]", ref: desc.items[0]!.ref }] }, path: [] }, depth + 1));
        continue;
      }
      // Python: a function bound as a method (flow.ts decoratedMethod: `wrapper(self, ...)` of a
      // decorated method called as `obj.m()`) gets the receiver as its first parameter.
      if (root.index === 0 && site.offset === 1 && site.call !== undefined && !site.items && fi.kinds[def] === KIND.function && fi.facts.language === "python") {
        const c = site.fi.facts.calls[site.call];
        if (c && c.ref.path.length > 0) out.push(...this.resolve(site.fi, site.scope, { root: c.ref.root, path: c.ref.path.slice(0, -1) }, depth + 1));
        continue;
      }
      // A test's (or an example's) call of production code: its mocks and fixtures are not what
      // the production callers pass, so they do not make production code call or use them.
      if (site.fi.nonProduction && !fi.nonProduction) continue;
      const arg = pickArg(site, root.index, root.name);
      // (JS `f(undefined)` leaves it out too.)
      if (!arg || (passesUndefined(arg) && fi.facts.language !== "python")) defaulted = true;
      else if (arg.ref) {
        const given = (fi.facts.language === "python" ? this.kwItem(site, arg.ref, root.name, depth) : null) ?? this.resolve(site.fi, site.scope, arg.ref, depth + 1);
        // JS `onClick(form.submit)` of our getter `submit`: what the getter returns (read where
        // the argument is written), not the getter. (A getter handed on as a value, not read:
        // `desc.get` given to an accessor decorator, stays the getter.)
        if (arg.ref.path.length > 0 && fi.facts.language !== "python" && given.some(isGetter) && !GETTER_VALUE_STEPS.has(arg.ref.path.at(-1)!)) out.push(...this.throughGetters(given, depth));
        // Python `quote(request.uri)` of our property uri (or an attribute our `__getattr__` gives):
        // what the read returns, not the method, which the callee would otherwise seem to call.
        else if (arg.ref.path.length > 0 && fi.facts.language === "python" && given.some(readRuns)) out.push(...this.throughGetters(given, depth, readRuns));
        else out.push(...given);
      }
      if (out.length >= MAX_VALUES && site !== sites[sites.length - 1]) {
        LOST.count++;
        break;
      }
    }
    // Python: the default always counts, as in PyCG's ground truth (a flow-insensitive reading: the
    // default object exists and is bound whenever a call leaves the parameter out, and which calls do
    // is not tracked through *args/**kw forwarding). For reachability this errs towards a path.
    if (fi.facts.language === "python") defaulted = true;
    // A JS default is evaluated inside the function (it may name an earlier parameter: `(a, b = a)`),
    // a Python one where the function is defined.
    const at = fi.facts.language === "python" ? fi.facts.defs[def]!.parent : def;
    if (root.default && defaulted) out.push(...this.resolve(fi, at, root.default, depth + 1));
    return cap(out);
  }

  /**
   * What a JS class's constructor returns that is a function or an object literal of ours: its
   * own, else (a derived constructor's `this` is what `super()` gives) a base's, up to 3 levels.
   * With an instance too when it may return something else (`return this`, another value).
   */
  private jsCtorReturns(fi: FileInfo, cls: number, depth: number): Value[] {
    const made: Value = { k: "inst", fi, def: cls };
    for (let level = 0; level < 3; level++) {
      for (const m of this.classMember(fi, cls, "constructor")) {
        if (m.k !== "def" || m.fi.kinds[m.def] !== KIND.method) continue;
        const all = this.returns(m.fi, m.def, depth + 1);
        const out = all.filter((r) => r.k === "def" && (r.fi.kinds[r.def] === KIND.function || r.fi.kinds[r.def] === KIND.object));
        if (out.length > 0) return out.length === all.length ? out : cap([made, ...out]);
      }
      let next: Value | undefined;
      for (const b of this.bases(fi, cls, depth + 1)) if (b.k === "def" && b.fi.kinds[b.def] === KIND.class) { next = b; break; }
      if (next?.k !== "def") return NONE;
      fi = next.fi;
      cls = next.def;
    }
    return NONE;
  }

  /** resolveAll() of a name's values as bound.ts keeps them (one bare). */
  protected resolveRefs(fi: FileInfo, scope: number, refs: Ref | readonly Ref[], depth: number): Value[] {
    return isRefList(refs) ? this.resolveAll(fi, scope, refs, depth) : this.resolve(fi, scope, refs, depth);
  }

  /**
   * `this` in `Request.prototype.json = function () {}` of a module importing Request (scopes.ts
   * importedThisOwner): an instance of the function or class the name holds.
   */
  private importedThis(fi: FileInfo, scope: number, depth: number): Value[] {
    const owner = importedThisOwner(fi.facts.defs, scope);
    if (owner === null) return NONE;
    const out: Value[] = [];
    for (const v of this.lookup(fi, -1, owner, depth + 1)) {
      const made = v.k === "mod" && v.fi && v.fi.facts.language !== "python" ? this.jsExport(v.fi, "default", depth + 1) : [v];
      for (const c of made) if (c.k === "def" && (c.fi.kinds[c.def] === KIND.function || c.fi.kinds[c.def] === KIND.class)) out.push({ k: "inst", fi: c.fi, def: c.def, self: true });
    }
    return cap(out);
  }

  /**
   * The values of several refs, in order. One ref (the usual case) returns its answer as it is,
   * with no intermediate array; answers are never changed by their readers.
   */
  protected resolveAll(fi: FileInfo, scope: number, refs: readonly Ref[], depth: number): Value[] {
    if (refs.length === 1) return this.resolve(fi, scope, refs[0]!, depth);
    const out: Value[] = [];
    for (const r of refs) for (const v of this.resolve(fi, scope, r, depth)) out.push(v);
    return out;
  }

  /** What calling (or `new`-ing) a value gives back, as far as we track: instances and packages. */
  private result(v: Value, how: "call" | "new", at: FileInfo, depth: number): Value[] {
    if (v.k === "mod" && v.fi && v.fi.facts.language !== "python") {
      // `new (require("./store"))()`: what the module exports as a whole is what gets called.
      const out: Value[] = [];
      for (const d of this.jsExport(v.fi, "default", depth + 1)) {
        if (d.k !== "mod") for (const r of this.result(d, how, at, depth + 1)) out.push(r);
      }
      return out;
    }
    if (v.k === "def") {
      const kind = v.fi.kinds[v.def]!;
      if (kind === KIND.class) {
        // `class C(metaclass=M)` with our M.__call__ that never calls super().__call__: C() is
        // what that returns (`return Proxy(cls)`: `metaclasses/meta_call_returns_other_class_instance`).
        const called = v.fi.facts.language === "python" && (v.fi.facts.defs[v.def]!.meta || v.fi.facts.defs[v.def]!.bases.length > 0) ? this.metaCall(v, depth) : null;
        if (called && !called.creates && called.callees.defs.length > 0) return cap(called.callees.defs.flatMap((c) => this.returns(c.fi, c.def, depth)));
        // One that calls super().__call__ and returns something else too (`return Proxy(inst)`):
        // that, with the instance it made (of a class made with M) read as one of C.
        if (called?.creates && depth < MAX_DEPTH) {
          const wrapped = this.metaReturns(v, called.callees.defs, depth);
          if (wrapped) return wrapped;
        }
        if (v.fi.facts.language === "python" && depth < MAX_DEPTH) {
          const other = this.newReturnsOther(v, depth);
          if (other) return other;
        }
        // JS: a constructor (its own or, through `super()`, a base's) returning a function or an
        // object literal makes `new C()` that value, not the instance (jsCtorReturns: when it
        // returns nothing else).
        if (how === "new" && depth < MAX_DEPTH && v.fi.facts.language !== "python") {
          const other = this.jsCtorReturns(v.fi, v.def, depth);
          if (other.length > 0) return other;
        }
        return [{ k: "inst", fi: v.fi, def: v.def }];
      }
      if (how === "new" && kind === KIND.function) {
        // A constructor function that returns an object (`return { start: boot }`) or a function
        // (`const fn = function baz() {}; return fn`): `new F()` is that value (as well as the
        // instance, flow-insensitively).
        const inst: Value = { k: "inst", fi: v.fi, def: v.def };
        if (v.fi.facts.language === "python") return [inst];
        const objects = this.returns(v.fi, v.def, depth).filter((r) => (r.k === "def" && (r.fi.kinds[r.def] === KIND.object || r.fi.kinds[r.def] === KIND.function)) || r.k === "inst");
        return objects.length === 0 ? [inst] : cap([inst, ...objects]);
      }
      if (kind <= KIND.method) return this.returns(v.fi, v.def, depth);
      return NONE;
    }
    if (v.k === "inst" && v.fi.facts.language === "python") {
      // Calling an instance runs its class's __call__; what that returns is what we get.
      const out: Value[] = [];
      const calls = this.classMember(v.fi, v.def, "__call__");
      for (const c of calls) for (const r of this.result(c, "call", at, depth + 1)) out.push(r);
      // `cls()` in a method of our metaclass (`def create(cls): return cls()`): cls is a class made with it.
      if (!calls.some((c) => c.k === "def")) for (const c of this.madeBy(v)) for (const r of this.result(c, "call", at, depth + 1)) out.push(r);
      return cap(out);
    }
    if (v.k === "ext" && v.module === BUILTIN) return NONE;
    // `importlib.import_module(name)` of a name not known (refs-js.ts reads the literal ones): some
    // module, no package's value (`mod.connect()` is no `importlib.import_module.connect`).
    if (v.k === "ext" && v.module === "importlib" && v.member.length === 1 && v.member[0] === "import_module") return NONE;
    // argparse's `parser.parse_args()`: a Namespace of the program's own values (`set_defaults(func=f)`
    // hands f over as a callback), no package's (`args.func(args)` is no `...parse_args.func`).
    if (v.k === "ext" && v.module === "argparse" && (v.member.at(-1) === "parse_args" || v.member.at(-1) === "parse_intermixed_args")) return [ARGPARSE_NAMESPACE];
    if (v.k === "cmeth") return this.collMethodResult(v, depth);
    // `weakref.ref(x)()` (refs-py.ts): x.
    if (v.k === "coll" && how === "call" && v.items.length === 1 && v.items[0]!.key === "[()]") return this.resolve(v.fi, v.scope, v.items[0]!.ref, depth + 1);
    if (v.k === "ext") {
      // JS: `_(x).map()`, `express().use()` read as members of the package itself; `new X()`
      // and Python calls keep the path, so methods read as "pkg.Class.method".
      if (how === "call" && at.facts.language !== "python") return [{ k: "ext", module: v.module, member: [], returned: true }];
      const returned: Extract<Value, { k: "ext" }> = { k: "ext", module: v.module, member: v.member, returned: true };
      if (v.derived) returned.derived = true;
      return [returned];
    }
    return NONE;
  }

  /**
   * A class whose own `__new__` (written in its body) only ever returns instances of other classes
   * (`def __new__(cls, kind): return Circle()`, `super().__new__(Circle)`): `Shape("c")` is those instances.
   * Null otherwise (`super().__new__(cls)`, a singleton's cached instance: an instance of cls).
   */
  private newReturnsOther(v: DefValue, depth: number): Value[] | null {
    // (The class's own `__new__` only: asking every class made for its MRO's changed what pyparsing's graph gave.)
    const defs = v.fi.facts.defs;
    const own = defs.findIndex((d, i) => d.parent === v.def && d.name === "__new__" && v.fi.kinds[i] === KIND.method);
    // Only `return Circle(...)` statements (a class named, called): not a parameter handed back or
    // `object.__new__(cls)`, whose reading in the middle of a class call changed pyparsing's graph.
    const refs = own < 0 ? undefined : v.fi.facts.returns.get(own);
    // (Or a classmethod constructor of another class named so, `return Sqlite.connect()`:
    // `classes/p29_new_returns_instance_of_other_class_via_classmethod`.)
    if (!refs || refs.length === 0 || !refs.every((r) => r.path.length === 0 && r.root.t === "call" && (r.root.callee.path.length === 0 ||
      (r.root.callee.path.length === 1 && r.root.callee.root.t === "name" && /^[A-Z]/.test(r.root.callee.root.name))) &&
      (r.root.callee.root.t === "name" || r.root.callee.root.t === "prior" || r.root.callee.root.t === "cls"))) return null;
    // Some `return super().__new__(cls)` beside `return super().__new__(Circle)`: an instance of
    // the class itself, or of the classes the other returns name (not every subclass cls may be).
    const named = new Set<string>();
    for (const r of refs) if (r.root.t === "call" && (r.root.callee.root.t === "name" || r.root.callee.root.t === "prior") && r.root.callee.root.name !== "cls") named.add(r.root.callee.root.name);
    const mixed = named.size > 0 && named.size < refs.length;
    if (named.size === 0) return null;
    const out: Value[] = mixed ? [{ k: "inst", fi: v.fi, def: v.def }] : [];
    for (const r of this.returns(v.fi, own, depth + 1)) {
      // (Also a subclass's: `return super().__new__(Circle)` in Shape makes a Circle.)
      if (mixed && r.k === "inst" && (r.fi === v.fi && r.def === v.def || !named.has(r.fi.facts.defs[r.def]!.name))) continue;
      if (r.k !== "inst" || (r.fi === v.fi && r.def === v.def)) return null;
      out.push(r);
    }
    return out.length > (mixed ? 1 : 0) ? cap(out) : null;
  }
}

/** Adds the names a Python file's imports name (every part of a module path, every imported name). */
function importedNames(facts: FileFacts, into: Set<string>): Set<string> {
  for (const m of facts.imports) {
    for (const part of m.spec.split(".")) into.add(part);
    for (const n of m.names) into.add(n);
  }
  return into;
}

/** A file's computed attributes, `getattr(o, name)` and `eval` (its dynamic sites but imports). */
function computedSites(facts: FileFacts): number {
  let n = 0;
  for (const d of facts.dynamic) if (d.kind !== "import") n++;
  return n;
}

/** Bases written `object` or `Generic[...]` (or none): sitedSelf()'s classes (their values checked there). */
function plainBases(bases: readonly Ref[]): boolean {
  for (const b of bases) {
    const name = b.root.t === "name" ? b.root.name : b.root.t === "module" ? b.path[0] : undefined;
    if (name !== "object" && name !== "Generic") return false;
  }
  return true;
}
