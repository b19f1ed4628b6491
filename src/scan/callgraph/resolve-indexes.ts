// Resolver layer 6: the project-wide indexes built between flow rounds (subclasses, metaclasses,
// attributes set from outside a class, module `__getattr__`, classes nobody uses) and what they answer.
import { PY_SINGLEDISPATCH, THIS_GIVEN } from "./fact-types.ts";
import { type Ref, type Root } from "./ref-types.ts";
import { pySubmodule, resolveJs } from "./modules.ts";
import { SmallMap } from "./small-map.ts";
import { binds, bound, boundNames, boundRefs } from "./bound.ts";
import { enclosingClass } from "./scopes.ts";
import { type ArgSite, BUILTIN, type FileInfo, KIND, LOST, MAX_VALUES, NO_SITES, NONE, type Value } from "./value-types.ts";
import { FIELD } from "./resolve-memo.ts";
import { cap, CAP_WORD_NAME, type DefValue, derivedClasses, extAttrKey, generatedInitFields, isTypedRef, itemIsClass, NO_REFS, ownMeta, pickArg, PLAIN_CLASS_DECORATORS, PY_EXCEPTIONS, valueKey } from "./resolve-helpers.ts";
import { MemberResolver } from "./resolve-members.ts";

export abstract class IndexedResolver extends MemberResolver {

  protected providers(): Map<string, { fi: FileInfo; scope: number; ref: Ref }[]> {
    if (!this.providerIndex) {
      const index = new Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>();
      for (const fi of this.files.values()) {
        for (const p of fi.facts.provides ?? []) {
          const list = index.get(p.token);
          if (!list) index.set(p.token, [{ fi, scope: p.scope, ref: p.ref }]);
          else if (list.length < 24) list.push({ fi, scope: p.scope, ref: p.ref });
        }
      }
      this.providerIndex = index;
    }
    return this.providerIndex;
  }

  /** The Python classes whose `metaclass=` (or one facts-py.ts gave them from a base) is our class m. */
  protected madeBy(m: { fi: FileInfo; def: number }): DefValue[] {
    if (!this.metaIndex) {
      const index = new Map<string, DefValue[]>();
      this.metaIndex = index;
      for (const fi of this.files.values()) {
        if (fi.facts.language !== "python") continue;
        const defs = fi.facts.defs;
        for (let def = 0; def < defs.length; def++) {
          // (A subclass of `class Base(metaclass=M)`, also of another module, is made with M too.)
          if (defs[def]!.kind !== "class" || (!defs[def]!.meta && defs[def]!.bases.length === 0)) continue;
          const c: DefValue = { k: "def", fi, def };
          for (const meta of this.metaclasses(c, 1)) {
            const key = valueKey(meta);
            const list = index.get(key);
            if (!list) index.set(key, [c]);
            else if (list.length < 64) list.push(c);
          }
        }
      }
    }
    return this.metaIndex.get(valueKey({ k: "def", fi: m.fi, def: m.def })) ?? [];
  }

  /**
   * `super().__call__(...)` in our metaclass's `__call__` (scope): it makes the instance, running
   * the `__new__` and `__init__` of each class made with the metaclass (those of its own module
   * are facts-py-classes.ts metaInits' protocol calls).
   */
  metaSuperCtors(fi: FileInfo, scope: number): DefValue[] {
    const cls = enclosingClass(fi.facts.defs, scope, false);
    if (cls < 0) return [];
    const out: DefValue[] = [];
    for (const c of this.madeBy({ fi, def: cls })) {
      if (c.fi.facts.defs[c.def]!.metaInit) continue;
      for (const name of ["__new__", "__init__"]) {
        for (const m of this.member(c, name, 1)) if (m.k === "def" && m.fi.kinds[m.def] !== KIND.class) out.push(m);
      }
    }
    return out;
  }

  /** Index attributes set from outside (`a.f = func`) by the class (of the instance) `a` is. */
  protected indexObjAttrs(): void {
    const index = new Map<FileInfo, Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>>();
    const inst = new Map<FileInfo, Map<string, { fi: FileInfo; scope: number; ref: Ref; made: object }[]>>();
    const ext = new Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>();
    const unstable = this.unstable;
    const touches = this.touches;
    for (const other of this.files.values()) {
      for (const a of other.facts.objAttrs ?? []) {
        const owners = this.resolve(other, a.scope, a.obj, 1);
        // Python `c.cb = a` with c only instances made at known calls of a module's top-level code
        // (`c = C()`) of classes with no subclass: kept per instance (instStores()), not on the class.
        if (other.facts.language === "python" && !a.mutates && !a.dispatch && owners.length > 0 && owners.length <= 8 &&
          owners.every((v) => v.k === "inst" && v.site !== undefined && !v.self && v.site.made !== undefined && v.site.scope === -1 && v.fi.facts.language === "python" && this.subclasses(v.fi, v.def, 1).length === 0)) {
          for (const v of owners as Extract<Value, { k: "inst" }>[]) {
            let byKey = inst.get(v.fi);
            if (!byKey) inst.set(v.fi, (byKey = new Map()));
            const key = `${v.def}\u0000${a.name}`;
            const list = byKey.get(key);
            const entry = { fi: other, scope: a.scope, ref: a.value, made: v.site!.made! };
            if (list) list.push(entry);
            else byKey.set(key, [entry]);
          }
          continue;
        }
        // JS `Request.prototype.json = f` on a required module: what its module.exports is.
        const jsMod = other.facts.language !== "python" && owners.some((v) => v.k === "mod" && v.fi !== null);
        for (const v of jsMod ? owners.flatMap((m) => (m.k === "mod" && m.fi ? this.jsExport(m.fi, "default", 1) : [m])) : owners) {
          // Python `_local.conn = Conn()` on an object a package made (`_local = threading.local()`):
          // what reading that attribute of it gives (resolve-members.ts), bounded per attribute.
          if (v.k === "ext" && (v.returned || v.derived) && v.module !== BUILTIN && other.facts.language === "python" && !a.mutates && !a.dispatch) {
            const key = extAttrKey(v, a.name);
            const held = ext.get(key);
            if (!held) ext.set(key, [{ fi: other, scope: a.scope, ref: a.value }]);
            else if (held.length < 32) held.push({ fi: other, scope: a.scope, ref: a.value });
            continue;
          }
          // (`mod.hook = f` on a Python module of ours: its global hook, keyed as scope -1.)
          const pyMod = v.k === "mod" && v.fi?.facts.language === "python";
          if (v.k !== "inst" && v.k !== "def" && !pyMod) continue;
          // (`from . import store` then `store.put(x)`: an item stored into a package's submodule,
          // which the package does not bind itself, is no item of a collection of the package's:
          // reading pkg.store stays the submodule, `imports/p32_from_dot_import_module_used_in_method`.)
          if (pyMod && (a.mutates || a.value.root.t === "items") && v.dir !== null && !binds(v.fi!.facts.bindings, -1, a.name) && pySubmodule(v.dir, a.name, this.index)) continue;
          // (A `@render.register(T)` implementation counts on a module's own singledispatch render only.)
          if (a.dispatch && !(pyMod && v.fi!.facts.defs.some((d) => d.parent === -1 && d.name === a.name && d.decorators?.some((t) => PY_SINGLEDISPATCH.has(t))))) continue;
          // (JS: on a function or class only, fact-defs.ts patchedImport.)
          if (v.k !== "def" && other.facts.language !== "python") continue;
          const fi = v.fi!;
          let byKey = index.get(fi);
          if (!byKey) index.set(fi, (byKey = new Map()));
          if (pyMod) (this.patchedModules ??= new Set()).add(fi);
          const key = `${pyMod ? -1 : (v as { def: number }).def}\u0000${a.name}`;
          // (`cls.registry[k] = cls`: the item is the class v itself, not any class cls may be:
          // a subclass with its own registry keeps its own, `classes/q3_subclass_own_registry_not_base`.)
          const item: Ref = a.mutates && v.k === "def" && a.obj.root.t === "cls" && fi === other ? itemIsClass(a.value, fi.facts.defs[v.def]!.start) : a.value;
          const list = byKey.get(key);
          if (list) list.push({ fi: other, scope: a.scope, ref: item });
          else byKey.set(key, [{ fi: other, scope: a.scope, ref: item }]);
          // An item stored into a class attribute the class inherits (`cls.registry[key] = cls` in
          // `__init_subclass__`, cls a subclass): the collection is the base's, which defines it in
          // its body, so `Handler.registry["json"]` holds it too (`stdlib/p24_init_subclass_registry_other_module_lookup`).
          if (a.mutates && v.k === "def" && other.facts.language === "python" && fi.kinds[v.def] === KIND.class && !boundRefs(fi.facts.bindings, v.def, a.name)) {
            for (const c of this.mro(fi, v.def, 1)) {
              if (c.k !== "def" || c.fi.kinds[c.def] !== KIND.class || !boundRefs(c.fi.facts.bindings, c.def, a.name)) continue;
              let baseKeys = index.get(c.fi);
              if (!baseKeys) index.set(c.fi, (baseKeys = new Map()));
              const baseKey = `${c.def}\u0000${a.name}`;
              const held = baseKeys.get(baseKey);
              if (held) held.push({ fi: other, scope: a.scope, ref: item });
              else baseKeys.set(baseKey, [{ fi: other, scope: a.scope, ref: item }]);
              break;
            }
          }
        }
      }
    }
    this.objAttrIndex = index;
    this.instAttrIndex = inst.size > 0 ? inst : null;
    this.extAttrIndex = ext.size > 0 ? ext : null;
    this.objAttrsFixed = this.unstable === unstable && this.touches === touches;
  }

  /**
   * Allocation-site sensitivity: `a = C(f1); b = C(f2); b.fn()` calls only f2 when C's own
   * __init__ is the only place that sets fn, as `self.fn = param`. Null: ask the class as usual.
   */
  protected siteAttr(v: Extract<Value, { k: "inst" }>, site: ArgSite, name: string, depth: number): Value[] | null {
    this.asked.add(name);
    const { defs, members, bindings, attrs } = v.fi.facts;
    const qn = defs[v.def]!.qname;
    const python = v.fi.facts.language === "python";
    const init = members.get(python ? `${qn}.__init__` : `${qn}.constructor`);
    if (init === undefined && python) return this.fieldAtSite(v, site, name, depth);
    if (init === undefined || members.has(`${qn}.${name}`) || binds(bindings, v.def, name)) return null;
    const all = attrs.get(v.def)?.get(name);
    // (Beside a TypeScript parameter property's annotation, which stands for unseen values only.)
    const sets = all?.length === 2 && isTypedRef(all[1]!.ref) ? all.slice(0, 1) : all;
    if (!sets || sets.length !== 1 || this.setFromOutside(v.fi, v.def, name, depth + 1).length > 0) return null;
    const { scope, ref } = sets[0]!;
    if (scope !== init || ref.path.length > 0) return null;
    let param: Root | null = ref.root;
    // (A TypeScript parameter property, `constructor(private run: Fn)`, is the parameter itself.)
    if (param.t === "name") {
      this.asked.add(param.name);
      const refs = bound(bindings, init, param.name);
      param = refs?.length === 1 && refs[0]!.path.length === 0 ? refs[0]!.root : null;
    }
    if (param?.t !== "param" || param.star) return null;
    const arg = pickArg(site, param.index, param.name);
    // (The argument a memoised question, item(): it is often the same field of a node made at
    // another site, `expr = ArrayRef(expr, sub, expr.coord)` in pycparser's parse loop, a cycle
    // plain recursion went round to the depth bound at every branch.)
    if (arg?.ref) return this.item(site.fi, site.scope, arg.ref, depth + 1);
    // What a splat passes is not known position by position: any site's argument may be it.
    if (site.args.some((a) => a.name === "*" || a.name === "**")) return null;
    // A literal (`Hook(None)`) holds no function; a parameter left out holds its default, which
    // Python evaluates where the function is defined, JS inside it.
    if (arg || !param.default) return NONE;
    return this.resolve(v.fi, python ? defs[init]!.parent : init, param.default, depth + 1);
  }

  /**
   * A field of a dataclass, attrs class, NamedTuple or pydantic model (no `__init__` of ours: the
   * generated one stores each parameter in the field of its name, in the order the body annotates
   * them): what the site passes for it. Null: ask the class as usual (its default, a method).
   */
  private fieldAtSite(v: Extract<Value, { k: "inst" }>, site: ArgSite, name: string, depth: number): Value[] | null {
    const index = this.initFieldsOf(v.fi, v.def, depth)?.indexOf(name) ?? -1;
    if (index < 0) return null;
    const arg = pickArg(site, index + 1, name);
    if (arg?.ref) return this.item(site.fi, site.scope, arg.ref, depth + 1);
    if (site.args.some((a) => a.name === "*" || a.name === "**")) return null;
    // A literal passed holds no function; a field left out holds its default (the class's).
    return arg ? NONE : null;
  }

  /**
   * A generated-__init__ field (fieldAtSite()) of an instance not known to be made at one call
   * (made in a list, passed on, `self`): what every call of the class passes for it (the flow
   * pass records them under the class: flow.ts Targets), and the class default when one leaves it out.
   */
  protected fieldAtSites(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] | null {
    const { fi, def } = v;
    if (!this.initFieldsOf(fi, def, depth)?.includes(name)) return null;
    // Memoised (per class and field, as classMember()): the arguments are often fields of other
    // instances of the class (`Segment(seg.text, style)`), a cycle the memo's fixpoint closes and
    // plain recursion went round down to the depth bound at every branch (pip: minutes).
    const byDef = this.memoOf(fi).fields;
    let memo = byDef[def];
    if (!memo) byDef[def] = memo = new SmallMap();
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, FIELD, fi, def, name);
  }

  protected fieldAtSitesUncached(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    const index = this.initFieldsOf(fi, def, depth)?.indexOf(name) ?? -1;
    if (index < 0) return NONE;
    this.touches++;
    this.unstable++;
    this.askedSites.add(fi.nodeIds[def]!);
    const sites = fi.sites?.[def] ?? NO_SITES;
    const out: Value[] = [];
    let defaulted = sites.length === 0;
    for (const site of sites) {
      const arg = pickArg(site, index + 1, name);
      if (!arg) defaulted = true;
      else if (arg.ref) for (const r of this.resolve(site.fi, site.scope, arg.ref, depth + 1)) out.push(r);
    }
    if (defaulted) for (const r of this.classMember(fi, def, name)) out.push(r);
    return cap(out);
  }

  /**
   * The parameters of the generated __init__ that makes a class's instances (dataclass, attrs,
   * NamedTuple, pydantic), in Python's order: the fields of its generating bases first, a field
   * a subclass declares again keeping its first place. Null when the __init__ that runs is not
   * generated: the first class of the MRO with a say defines its own (a decorated one's own
   * __init__ wins over the decorator's too). flow.ts asks it too. The answer follows from the MRO
   * and the facts, so it is kept per MRO (a recomputed MRO is a new array).
   */
  initFieldsOf(fi: FileInfo, def: number, depth = 0): readonly string[] | null {
    const mro = this.mro(fi, def, depth);
    let fields = this.initFieldsByMro.get(mro);
    if (fields === undefined) this.initFieldsByMro.set(mro, (fields = generatedInitFields(mro)));
    return fields;
  }

  /** The package's value (a member of it) the outermost decorator of function `def` made of it, when that decorator is a package's. */
  protected packageDecoratedMember(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    const d = fi.facts.defs[def]!;
    const out: Value[] = [];
    for (const r of bound(fi.facts.bindings, d.parent, d.name) ?? NO_REFS) {
      if (r.root.t !== "call" || !r.root.or || r.path.length > 0) continue;
      // (The decorated function itself at the bottom of the decorators' calls.)
      let inner: Ref = r.root.or;
      for (let i = 0; i < 8 && inner.root.t === "call" && inner.root.or; i++) inner = inner.root.or;
      if (inner.root.t !== "def" || inner.root.start !== d.start) continue;
      // (`@size.expression def size(cls)` after `@hybrid_property def size(self)`: the decorator reads
      // the name this def rebinds, whose members the first def's decorator answers.)
      if (r.root.callee.root.t === "name" && r.root.callee.root.name === d.name) continue;
      for (const c of this.resolve(fi, d.parent, r.root.callee, depth + 1)) {
        // (A singledispatch function's `register` is modelled: flow of the registered implementations.)
        if (c.k !== "ext" || c.module === BUILTIN || c.member.some((m) => m.startsWith("singledispatch"))) return NONE;
        out.push({ k: "ext", module: c.module, member: [...c.member, name] });
      }
    }
    return cap(out);
  }

  /**
   * JS: what `.call(obj)` / `.apply(obj)` / `.bind(obj)` written elsewhere give as `this` to the
   * function or method whose `this` is read at scope (owner: thisOwner's def; of a class or
   * object literal, the member of it the scope is in).
   */
  protected thisGiven(fi: FileInfo, scope: number, owner: number, depth: number): Value[] {
    const defs = fi.facts.defs;
    let m = scope;
    if (defs[owner]!.kind === "function") m = owner;
    else while (m >= 0 && defs[m]!.parent !== owner) m = defs[m]!.parent;
    if (m < 0 || (defs[m]!.kind !== "function" && defs[m]!.kind !== "method")) return NONE;
    // (A test's `loader.call(mockContext, src)` gives production code no `this`, as its arguments give no parameters.)
    return this.setFromOutside(fi, m, THIS_GIVEN, depth, !fi.nonProduction);
  }

  /**
   * What `c.cb = a` set from outside on the instance v (instAttrIndex): on one made at a known call,
   * the stores on instances made there; on `self` (any instance), every store. Null: none.
   */
  protected instStores(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] | null {
    if (!this.objAttrsFixed) this.unstable++;
    const hits = this.instAttrIndex?.get(v.fi)?.get(`${v.def}\u0000${name}`);
    if (!hits) return null;
    // Kept per store list (rebuilt with the index every round) and instance: member() asks it at
    // every read, and a store's value may read such attributes again (pip: minutes unkept). A
    // question met again while answered (a cycle) reads nothing.
    let byMade = this.instStoresMemo.get(hits);
    if (!byMade) this.instStoresMemo.set(hits, (byMade = new Map()));
    const own = v.site !== undefined && !v.self ? v.site.made! : hits;
    const kept = byMade.get(own);
    if (kept) return kept;
    byMade.set(own, NONE);
    const out: Value[] = [];
    for (const h of hits) if (own === hits || h.made === own) for (const r of this.resolve(h.fi, h.scope, h.ref, depth + 1)) out.push(r);
    const values = cap(out);
    byMade.set(own, values);
    return values;
  }

  /**
   * What code elsewhere set as attribute `name` of our class, function or module `def` (`C.m = f`,
   * `typ.type = tn` on our instances: objAttrIndex). Memoised (per file, def, name): the values set
   * are often such attributes themselves (pycparser's `typ.quals = decl.quals[:]` and
   * `typ.type = tn` while walking `typ = typ.type`, node fields its constructors were passed from
   * other nodes), a cycle that plain recursion went round to the depth bound at every branch.
   */
  protected setFromOutside(fi: FileInfo, def: number, name: string, _depth: number, productionOnly = false): Value[] {
    if (!this.objAttrsFixed) this.unstable++;
    const byKey = this.objAttrIndex?.get(fi);
    if (!byKey) return NONE;
    const key = `${def}\u0000${name}`;
    if (!byKey.has(key)) return NONE;
    return this.objAttr(fi, def, name, productionOnly);
  }

  protected setFromOutsideUncached(fi: FileInfo, def: number, name: string, productionOnly: boolean): Value[] {
    if (!this.objAttrsFixed) this.unstable++;
    const hits = this.objAttrIndex?.get(fi)?.get(`${def}\u0000${name}`);
    if (!hits) return NONE;
    const out: Value[] = [];
    for (const h of hits) {
      if (productionOnly && h.fi.nonProduction) continue;
      for (const v of this.resolve(h.fi, h.scope, h.ref, 1)) out.push(v);
    }
    return cap(out);
  }

  /** Index project classes by every class in their MRO. */
  protected indexSubclasses(): void {
    const unstable = this.unstable;
    const index = new Map<string, { fi: FileInfo; def: number }[]>();
    const derived = (this.derived ??= derivedClasses(this.files.values()));
    const { classes, mros, keys } = derived;
    for (let c = 0; c < classes.length; c++) {
      const cls = classes[c]!;
      const mro = this.mro(cls.fi, cls.def, 1);
      if (mro !== mros[c]) {
        mros[c] = mro;
        keys[c] = mro.slice(1).map(valueKey);
      }
      for (const key of keys[c]!) {
        const list = index.get(key);
        if (list) list.push(cls);
        else index.set(key, [cls]);
      }
    }
    this.subclassIndex = index;
    this.subclassesFixed = this.unstable === unstable;
  }

  /**
   * `ns["describe"] = describe` in our metaclass m's `__new__(mcs, name, bases, ns)`: the functions
   * stored under that name in the namespace, which every class made with m has (`metaclasses/meta_new_injects_method`).
   */
  protected metaNamespace(m: DefValue, name: string, depth: number): Value[] {
    const out: Value[] = [];
    for (const n of this.classMember(m.fi, m.def, "__new__")) {
      if (n.k !== "def" || n.fi.kinds[n.def] !== KIND.method) continue;
      const ns = boundNames(n.fi.facts.bindings, n.def).find((b) => bound(n.fi.facts.bindings, n.def, b)?.some((r) => r.root.t === "param" && r.root.index === 3));
      if (!ns) continue;
      const key = `${n.fi.moduleId}\0${n.def}\0${ns}\0${name}`;
      let ref = this.nsRefs.get(key);
      if (!ref) this.nsRefs.set(key, (ref = { root: { t: "name", name: ns }, path: [`[${name}]`] }));
      for (const x of this.resolve(n.fi, n.def, ref, depth + 1)) if (x.k === "def") out.push(x);
    }
    return out;
  }

  /**
   * Our module's `__getattr__` that a read of `name` on it runs (PEP 562): the module binds no such
   * top-level name (`pkg.heavy` with `def __getattr__(name)` in pkg/__init__.py); null otherwise.
   */
  moduleGetattr(v: Value, name: string): number | null {
    if (!this.anyModuleGetattr() || v.k !== "mod" || !v.fi || name.startsWith("__") || name.startsWith("[")) return null;
    const at = this.moduleGetattrs!.get(v.fi);
    return at === undefined || boundRefs(v.fi.facts.bindings, -1, name) !== undefined ? null : at;
  }

  /** Whether some module of ours defines a top-level `__getattr__` (moduleGetattr). */
  anyModuleGetattr(): boolean {
    if (this.moduleGetattrs === null) {
      this.moduleGetattrs = new Map();
      for (const fi of this.files.values()) {
        if (fi.facts.language !== "python") continue;
        const at = fi.facts.defs.findIndex((d) => d.parent === -1 && d.kind === "function" && d.name === "__getattr__");
        if (at >= 0) this.moduleGetattrs.set(fi, at);
      }
    }
    return this.moduleGetattrs.size > 0;
  }

  protected anyGetattribute(): boolean {
    if (this.getattributes === null) {
      this.getattributes = false;
      for (const fi of this.files.values()) {
        if (fi.facts.language === "python" && fi.facts.defs.some((d) => d.kind === "method" && d.name === "__getattribute__")) this.getattributes = true;
      }
    }
    return this.getattributes;
  }

  /**
   * A class whose CapWords name no text of the project holds besides where a class of that name
   * is defined or named as a base (facts.pyUsed; JS/TS: jsUsedNames) is never instantiated — unless it
   * is decorated (registration), has a metaclass, or one of its bases (or theirs) has
   * `__init_subclass__` (registries reach subclasses by reflection).
   */
  protected unusedClass(fi: FileInfo, def: number): boolean {
    return (this.unusedClasses ??= this.findUnusedClasses()).get(fi)?.has(def) === true;
  }

  protected findUnusedClasses(): Map<FileInfo, Set<number>> {
    const out = new Map<FileInfo, Set<number>>();
    const used = new Set<string>();
    for (const fi of this.files.values()) for (const name of fi.facts.pyUsed ?? []) used.add(name);
    for (const name of this.index.pyConfigNames ?? []) used.add(name);
    const js = this.jsUsedClassNames();
    this.pyClassNames = new Set();
    for (const fi of this.files.values()) {
      if (fi.facts.language !== "python") {
        if (js) this.jsUnusedClasses(fi, js, out);
        continue;
      }
      const defs = fi.facts.defs;
      for (let def = 0; def < defs.length; def++) {
        const d = defs[def]!;
        if (d.kind === "class") this.pyClassNames.add(d.name);
        if (d.kind !== "class" || used.has(d.name) || !CAP_WORD_NAME.test(d.name) || ownMeta(d.meta)) continue;
        if (d.decorators?.some((t) => !PLAIN_CLASS_DECORATORS.has(t.replace(/\(.*$/s, "")))) continue;
        // (A class's own __init_subclass__ runs for its subclasses only; a metaclass for it too.)
        const hooked = fi.facts.language === "python" && this.mro(fi, def, 1).some((m, i) => m.k === "def" && m.fi.kinds[m.def] === KIND.class &&
          (ownMeta(m.fi.facts.defs[m.def]!.meta) || (i > 0 && m.fi.facts.members.has(`${m.fi.facts.defs[m.def]!.qname}.__init_subclass__`))));
        if (hooked) continue;
        let set = out.get(fi);
        if (!set) out.set(fi, (set = new Set()));
        set.add(def);
      }
    }
    return out;
  }

  /**
   * The class-like names JS/TS files use (facts.jsUsed), with what entry files export (files no
   * other file of the project imports: a package's API, a program's main; also what their
   * `export *` reach), and the abstract classes; null when no JS file has a class.
   */
  private jsUsedClassNames(): { used: Set<string>; abstract: Set<string> } | null {
    const files = [...this.files.values()].filter((f) => f.facts.language !== "python");
    if (!files.some((f) => f.facts.defs.some((d) => d.kind === "class"))) return null;
    const fileOf = (from: FileInfo, spec: string): FileInfo | undefined => {
      const t = resolveJs(from.facts.path, spec, this.index);
      return "file" in t ? this.files.get(t.file) : undefined;
    };
    const used = new Set<string>();
    const abstract = new Set<string>();
    const imported = new Set<FileInfo>();
    const whole: FileInfo[] = [];
    for (const fi of files) {
      for (const spec of fi.facts.jsWhole ?? []) {
        const target = fileOf(fi, spec);
        if (target) whole.push(target);
      }
      for (const name of fi.facts.jsUsed ?? []) used.add(name);
      // A default export imported under another name (`import Pooch from "./dog"`): used by that name.
      const defaults = fi.facts.jsDefaultImports ?? [];
      for (let i = 0; i + 1 < defaults.length; i += 2) {
        let target = fileOf(fi, defaults[i + 1]!);
        let name = target?.facts.jsDefault;
        // Through `export { default } from "./m"` barrels (a few).
        for (let hop = 0; hop < 4 && target && name?.startsWith("from:"); hop++) {
          target = fileOf(target, name.slice(5));
          name = target?.facts.jsDefault;
        }
        if (name !== undefined && !name.startsWith("from:") && name !== defaults[i]) used.add(name);
      }
      for (const name of fi.facts.jsAbstract ?? []) abstract.add(name);
      for (const spec of [...fi.facts.imports.map((i) => i.spec), ...fi.facts.stars]) {
        const target = fileOf(fi, spec);
        if (target && target !== fi) imported.add(target);
      }
    }
    // An entry's exports, and those of the modules its `export *` reach (a package's index); a
    // module imported whole (`import * as ns`: `new ns[kind]()`) too.
    const api = [...files.filter((f) => !imported.has(f)), ...whole];
    const seen = new Set(api);
    for (let i = 0; i < api.length && i < 20_000; i++) {
      const fi = api[i]!;
      for (const name of fi.facts.jsExported ?? []) used.add(name);
      const dflt = fi.facts.jsDefault?.startsWith("from:") ? [fi.facts.jsDefault.slice(5)] : [];
      for (const spec of [...fi.facts.stars, ...dflt]) {
        const target = fileOf(fi, spec);
        if (target && !seen.has(target) && seen.size < 10_000) {
          seen.add(target);
          api.push(target);
        }
      }
    }
    return { used, abstract };
  }

  /**
   * JS/TS classes of `fi` never made (unusedClass): a CapWords name no file uses (jsUsedClassNames),
   * not decorated; a TypeScript abstract class. A class whose name another class of the project
   * shares counts by name, as in Python.
   */
  private jsUnusedClasses(fi: FileInfo, js: { used: Set<string>; abstract: Set<string> }, out: Map<FileInfo, Set<number>>): void {
    const defs = fi.facts.defs;
    for (let def = 0; def < defs.length; def++) {
      const d = defs[def]!;
      if (d.kind !== "class" || !CAP_WORD_NAME.test(d.name)) continue;
      this.pyClassNames.add(d.name);
      const never = fi.facts.language === "typescript" && js.abstract.has(d.name);
      if (!never && (js.used.has(d.name) || (d.decorators?.length ?? 0) > 0)) continue;
      let set = out.get(fi);
      if (!set) out.set(fi, (set = new Set()));
      set.add(def);
    }
  }

  /**
   * JS/TS: whether `scope` is the constructor of a class never made, nor any subclass of it (unusedClass):
   * code nothing runs, whose calls (`super(lower)` in an unmade subclass) hand nothing over (flow.ts).
   */
  unmadeConstructor(fi: FileInfo, scope: number): boolean {
    const d = scope >= 0 ? fi.facts.defs[scope] : undefined;
    if (!d || d.name !== "constructor" || fi.facts.language === "python" || d.parent < 0 || fi.kinds[d.parent] !== KIND.class) return false;
    if (!this.unusedClass(fi, d.parent)) return false;
    for (const c of this.subclasses(fi, d.parent, 0)) if (!this.unusedClass(c.fi, c.def)) return false;
    return true;
  }

  /** Project classes that have class `def` in their MRO (known once the flow pass has begun). */
  protected subclasses(fi: FileInfo, def: number, _depth: number): { fi: FileInfo; def: number }[] {
    if (!this.subclassesFixed) this.unstable++;
    const key = valueKey({ k: "def", fi, def });
    this.askedSubclasses.add(key);
    const subs = this.subclassIndex?.get(key);
    if (!subs) return [];
    if (subs.length <= MAX_VALUES) return subs;
    LOST.count++;
    return subs.slice(0, MAX_VALUES);
  }

  /**
   * Instances of the project's classes that have builtin class `v` in their MRO (`except
   * Exception as e`), of those named somewhere besides their definition and base lists (unusedClass).
   */
  protected builtinSubclasses(v: Extract<Value, { k: "ext" }>): Value[] {
    if (!this.subclassesFixed) this.unstable++;
    // `except Exception` / `except BaseException`: subclasses of every builtin exception class
    // (`class JobError(ValueError)` is an Exception too; the builtins' own bases are not indexed).
    const name = v.member[0]!;
    const bases = name === "Exception" || name === "BaseException" ? PY_EXCEPTIONS : [name];
    const out: Value[] = [];
    for (const base of bases) {
      const key = valueKey({ k: "ext", module: BUILTIN, member: [base] });
      this.askedSubclasses.add(key);
      for (const c of this.subclassIndex?.get(key) ?? []) {
        if (!this.unusedClass(c.fi, c.def) && !out.some((o) => o.k === "inst" && o.fi === c.fi && o.def === c.def)) out.push({ k: "inst", fi: c.fi, def: c.def });
        if (out.length >= MAX_VALUES) return out;
      }
    }
    return out;
  }

  /**
   * Index classes with bases that an edit added (incremental.ts) where indexSubclasses() would
   * have listed them, unless a question asked for the subclasses of a class in their MRO: then
   * false, and the index is left as it was.
   */
  addSubclasses(added: { fi: FileInfo; def: number }[]): boolean {
    const index = this.subclassIndex;
    if (!index) return false;
    const entries = added.map((c) => ({ c, keys: this.mro(c.fi, c.def, 1).slice(1).map(valueKey) }));
    if (entries.some((e) => e.keys.some((k) => this.askedSubclasses.has(k)))) return false;
    const order = new Map([...this.files.values()].map((f, i) => [f, i]));
    const after = (a: { fi: FileInfo; def: number }, b: { fi: FileInfo; def: number }): boolean =>
      (order.get(a.fi)! - order.get(b.fi)! || a.def - b.def) > 0;
    for (const { c, keys } of entries) {
      for (const key of keys) {
        const list = index.get(key);
        if (!list) {
          index.set(key, [c]);
          continue;
        }
        let at = list.length;
        while (at > 0 && after(list[at - 1]!, c)) at--;
        list.splice(at, 0, c);
      }
    }
    // The new classes' own standing (unusedClass) is found again at the next question.
    this.unusedClasses = null;
    return true;
  }

  /** C3 linearisation of a Python class: itself, then its bases in method resolution order. */
  /** A class of ours whose MRO has typing's TypedDict: calling it makes a plain dict. */
  protected typedDict(v: Extract<Value, { k: "def" }>, depth: number): boolean {
    const bases = v.fi.facts.defs[v.def]!.bases;
    if (bases.length === 0) return false;
    return this.mro(v.fi, v.def, depth + 1).some((c) => c.k === "ext" && c.member.length === 1 && c.member[0] === "TypedDict" && (c.module === "typing" || c.module === "typing_extensions"));
  }
}
