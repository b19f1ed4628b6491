// Resolver layer 5: a member of a value (of a module, a class or an instance, an external
// package, a collection), JS exports, and class members through the MRO.
import { ASYNC_ITERATOR, GLOBAL_OBJECTS, ITERATOR } from "./fact-types.ts";
import { GEN_RETURN, ITER_ITEM, MEMBERS, NAME_KEY, type Ref } from "./ref-types.ts";
import { pySubmodule } from "./modules.ts";
import { SmallMap } from "./small-map.ts";
import { JS_NAMESPACES } from "./builtins-js.ts";
import { bound, boundNames, boundRefs } from "./bound.ts";
import { type ArgSite, BUILTIN, callable, isArgparseNamespace, EXT_DEPTH, type FileInfo, KIND, MAX_DEPTH, NONE, PY_TYPES, TYPE_NAMES, type Value } from "./value-types.ts";
import { EXPORT, MEMBER } from "./resolve-memo.ts";
import { cap, COLL_METHODS, isAbstractMethod, type DefValue, extAttrKey, fromEnd, holdsSame, isJsClass, isNamedTuple, isPyGetattr, JS_COLL_METHODS, jsClassSide, memberDef, namedItem, overridable, prefixOf, SameValues, sliceOf, STR } from "./resolve-helpers.ts";
import { NameResolver } from "./resolve-names.ts";

/** A JS object literal's key that is a plain name (no "[...]" item, iterator or spread). */
const PLAIN_KEY = /^[A-Za-z_$][\w$]*$/;

/** A dict's methods, and those of them Python's list, tuple or set also has. */
const PY_DICT_ONLY = new Set(["get", "items", "keys", "values", "setdefault", "popitem", "fromkeys", "update", "pop", "copy", "clear"]);
const PY_SEQ_METHODS: Partial<Record<string, Set<string>>> = {
  list: new Set(["pop", "copy", "clear"]),
  tuple: new Set<string>(),
  set: new Set(["pop", "copy", "clear", "update"]),
};

export abstract class MemberResolver extends NameResolver {
  // Answered by the layers above (resolve-classes.ts, resolve-memo.ts, resolve-indexes.ts).
  protected abstract ownMember(fi: FileInfo, def: number, name: string, depth: number, ordered?: boolean): Value[];
  protected abstract metaclasses(v: DefValue, depth: number): DefValue[];
  protected abstract metaNamespace(m: DefValue, name: string, depth: number): Value[];
  protected abstract anyGetattribute(): boolean;
  abstract moduleGetattr(v: Value, name: string): number | null;
  protected abstract instStores(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] | null;
  protected abstract siteAttr(v: Extract<Value, { k: "inst" }>, site: ArgSite, name: string, depth: number): Value[] | null;
  protected abstract fieldAtSites(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] | null;
  protected abstract descriptorGet(fi: FileInfo, v: Value): Value;


  /** `member`, keeping only the static side of a JS class read as a value when `classSide` (jsClassSide). */
  protected memberOf(v: Value, name: string, classSide: boolean, depth: number): Value[] {
    const own = this.member(v, name, depth);
    return classSide && isJsClass(v) ? jsClassSide(own) : own;
  }

  /**
   * Attribute `name` of argparse's Namespace (`args.func`): our functions and classes the project's
   * `set_defaults(name=v)` calls give (at most 32), from the calls' own files and scopes.
   */
  protected argparseDefault(name: string, depth: number): Value[] {
    if (this.argparseDefaults === null) {
      // (Facts only, no resolution: built at the first read, whenever that is.)
      const index = new Map<string, { fi: FileInfo; scope: number; ref: Ref; on: Ref }[]>();
      for (const fi of this.files.values()) {
        if (fi.facts.language !== "python") continue;
        for (const c of fi.facts.calls) {
          if (c.ref.path.at(-1) !== "set_defaults" || !c.args) continue;
          for (const a of c.args) {
            if (!a.name || !a.ref) continue;
            let list = index.get(a.name);
            if (!list) index.set(a.name, (list = []));
            if (list.length < 32) list.push({ fi, scope: c.scope, ref: a.ref, on: { root: c.ref.root, path: c.ref.path.slice(0, -1) } });
          }
        }
      }
      this.argparseDefaults = index;
    }
    const out: Value[] = [];
    for (const d of this.argparseDefaults.get(name) ?? []) {
      // (Not a `set_defaults` of our own: `settings.set_defaults(func=f)` on an instance of our class defining it.)
      const on = this.resolve(d.fi, d.scope, d.on, depth + 1);
      if (on.length > 0 && on.length <= 8 && on.every((o) => o.k !== "ext" && this.member(o, "set_defaults", depth + 1).some((m) => m.k === "def"))) continue;
      for (const x of this.resolve(d.fi, d.scope, d.ref, depth + 1)) if (x.k === "def") out.push(x);
    }
    return out.length === 0 ? NONE : cap(out);
  }

  member(v: Value, name: string, depth: number): Value[] {
    if (depth > this.deepest) this.deepest = depth;
    if (depth > MAX_DEPTH) {
      this.unstable++;
      return NONE;
    }
    // Python `self.__setup` written in class Base (refs-js.ts: `__setup@Base`) is `_Base__setup`:
    // Base's own, not a subclass's `__setup`; failing that, read as `__setup`.
    const mangled = name.charCodeAt(0) === 95 && name.charCodeAt(1) === 95 ? name.indexOf("@") : -1;
    if (mangled > 0) {
      const plain = name.slice(0, mangled);
      if ((v.k === "inst" || v.k === "def") && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class) {
        const owner = name.slice(mangled + 1);
        for (const m of this.mro(v.fi, v.def, depth + 1)) {
          if (m.k !== "def" || m.fi.facts.defs[m.def]!.name !== owner) continue;
          const own = this.ownMember(m.fi, m.def, plain, depth + 1);
          if (own.length > 0) return own;
        }
      }
      name = plain;
    }
    // `Array.from(o)`'s items (ITER_ITEM): none of a JS object literal of ours with no iterator and
    // no length (Array.from gives []; a literal with named keys only, or one handed as an argument);
    // any item of anything else.
    if (name === ITER_ITEM) {
      if (v.k === "coll" && v.of === undefined && v.length === undefined && v.items.length > 0 && v.fi.facts.language !== "python" && v.items.every((i) => PLAIN_KEY.test(i.key))) return NONE;
      if (v.k === "def" && v.fi.kinds[v.def] === KIND.object && v.fi.facts.language !== "python" &&
        this.member(v, ITERATOR, depth + 1).length === 0 && this.member(v, "length", depth + 1).length === 0) return NONE;
      name = "[*]";
    }
    // A name built from a literal prefix (Python `visit_*`, JS `[on_*]`): the members named so.
    const prefix = prefixOf(name);
    if (prefix !== null) return this.prefixed(v, prefix, depth);
    switch (v.k) {
      case "super":
        this.asked.add(name);
        for (const c of v.rest) {
          // A package's base class answers by its import path; a builtin base (Exception, dict) is no edge.
        if (c.k === "ext") return c.module === BUILTIN ? NONE : [{ k: "ext", module: c.module, member: [...c.member, name] }];
          if (c.k !== "def") continue;
          const own = this.ownMember(c.fi, c.def, name, depth);
          if (own.length > 0) return own;
        }
        return NONE;
      case "cmeth":
        return NONE;
      case "coll": {
        // A literal's own iterator (what `for...of` asks our values for) is a builtin's: not an item;
        // calling it (`return this.steps[Symbol.iterator]()`) gives its items, as `values()` does.
        if (name === ITERATOR || name === ASYNC_ITERATOR) return v.fi.facts.language === "python" ? NONE : [{ k: "cmeth", coll: v, name: "values" }];
        // A Python list, tuple or set has none of a dict's own methods (`.get` of the pairs that
        // `dict(pairs)` copies, refs-py.ts: the dict's `<**PyDict**>.get` only).
        if (v.of !== undefined && v.of !== "dict" && PY_DICT_ONLY.has(name) && !PY_SEQ_METHODS[v.of]?.has(name)) return NONE;
        // (JS: an item written under that name wins, a legacy accessor decorator's descriptor `{ get }`.)
        // (Python `g.send(x)` of a generator's items, no literal: the next item it yields, any of them.)
        if ((COLL_METHODS.has(name) || (v.fi.facts.language !== "python" ? JS_COLL_METHODS.has(name) : name === "popitem" || (name === "send" && !v.of))) &&
          (v.fi.facts.language === "python" || !v.items.some((i) => i.key === name))) return [{ k: "cmeth", coll: v, name }];
        // `fns[Op.Sub]` of a numeric enum member (refs-js-keys.ts enumKey gives its number as a name): item 1.
        if (v.fi.facts.language !== "python" && name.charCodeAt(0) <= 57 && /^\d+$/.test(name)) name = `[${name}]`;
        // Other methods of a literal (`d.update`, `xs.append`) are builtins, named by its type.
        if (!name.startsWith("[")) {
          if (v.of) return this.builtinMember(PY_TYPES[v.of], name);
          // A JS object made here with named items (a decorator's descriptor `{ value }`).
          // (The bare `exports` object, resolve-names.ts: its names are asked as exports' are, incremental.ts.)
          if (v.items === v.fi.facts.jsBareExports) this.asked.add(name);
          const out: Value[] = [];
          for (const i of v.items) if (i.key === name) out.push(...this.item(v.fi, v.scope, i.ref, depth + 1));
          return cap(out);
        }
        const sliced = sliceOf(v, name);
        if (sliced) return [sliced];
        name = fromEnd(v, name);
        const out: Value[] = [];
        for (const i of v.items) {
          if (i.key === NAME_KEY && name !== "[*]") {
            for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) if (namedItem(r, name)) out.push(r);
          // (A JS generator's return value is no item a loop or spread sees: only `it.next().value`
          // (collMethodResult) and `yield* gen()`'s own value read it.)
          } else if (i.key === name || (name === "[*]" && i.key !== GEN_RETURN) || (i.key === "[*]" && name !== GEN_RETURN)) for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) out.push(r);
        }
        // `d[Event.START]` (refs-py-strings.ts pyKey) of a dict that has no such key (its keys are the
        // constants' values): any item.
        if (out.length === 0 && name.includes(".") && !v.items.some((i) => i.key === name) && v.fi.facts.language === "python") {
          for (const i of v.items) if (!i.key.includes(".")) for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) out.push(r);
        }
        return cap(out);
      }
      case "ext": {
        if (name === "default" && v.member.length === 0) return [v];
        // (`args.func` of argparse's Namespace: what `set_defaults(func=f)` gave, nothing of the package's.)
        if (isArgparseNamespace(v)) return name.startsWith("[") || name.charCodeAt(0) === 60 ? NONE : this.argparseDefault(name, depth);
        // Python: an attribute our code set on an object a package made (`_local.conn = Conn()` of
        // `_local = threading.local()`, resolve-indexes.ts indexObjAttrs): what was set, not a name of the package's.
        if ((v.returned || v.derived) && this.extAttrIndex !== null) {
          if (!this.objAttrsFixed) this.unstable++;
          const key = extAttrKey(v, name);
          const hits = this.extAttrIndex.get(key);
          if (hits) {
            const out = this.extAttr(key, hits, name);
            if (out.length > 0) return out;
          }
        }
        // `window.Util` read in a file that did not put it there: the global another file made.
        if (v.module === BUILTIN && v.member.length === 1 && !v.returned && GLOBAL_OBJECTS.has(v.member[0]!)) {
          const provided = this.providedGlobal(name, null, depth);
          if (provided.length > 0) return provided;
        }
        // Items and members of builtin values (`len(x).bit_length`, `xs[0]`) are not tracked,
        // but members of JS namespace objects are builtins themselves (`console.log`, `JSON.parse`).
        // So are the methods of Python literals (`" ".join` → `<**PyStr**>.join`).
        if (v.module === BUILTIN && v.member.length === 1 && !v.returned && (JS_NAMESPACES.has(v.member[0]!) || TYPE_NAMES.has(v.member[0]!)) && !name.startsWith("[")) {
          return this.builtinMember(v.member[0]!, name);
        }
        // JS `Math.max.apply(null, xs)`, `JSON.stringify.call(null, o)`: a call of the builtin itself.
        if (v.module === BUILTIN && (name === "call" || name === "apply") && v.member.length >= 2 && !v.returned && JS_NAMESPACES.has(v.member[0]!)) return [v];
        // (Nor our hidden keys, `<thrown>` of fact-types.ts THROWN, GEN_SENT's: no package has them.)
        if (name.startsWith("[") || name.charCodeAt(0) === 60 || name.charCodeAt(0) < 32 || v.module === BUILTIN) return NONE;
        // A namedtuple class or instance (`Route = namedtuple("Route", ["view"])`, `Route(...)`):
        // its public names are its fields, data, not functions of the package's.
        if (v.returned && v.member.length === 1 && isNamedTuple(v) && !name.startsWith("_") && name !== "count" && name !== "index") return NONE;
        // A package value's name grows by the attributes read from it. Grown past the depth of an
        // import path, by an attribute it already has (`x = x.parent` in a loop, a parameter fed
        // its own attribute), or past EXT_DEPTH attributes, it is the analysis going round a
        // cycle, not a name the package has (k-limited access paths): no value.
        if (v.member.length >= EXT_DEPTH || (v.member.length >= 3 && v.member.includes(name))) return NONE;
        const ext: Extract<Value, { k: "ext" }> = { k: "ext", module: v.module, member: [...v.member, name] };
        if (v.returned || v.derived) ext.derived = true;
        return [ext];
      }
      case "mod": {
        if (v.fi?.facts.language === "python" || v.fi === null) return this.pyMember(v, name, depth);
        // `require("./b").default` of a CommonJS module whose module.exports has a `default` member
        // of its own (`module.exports = { default: fn, __esModule: true }`, Babel's and tsc's
        // interop output): that member, not module.exports (a default import still reads the latter).
        if (name === "default" && v.fi.facts.cjs.length > 0) {
          const own: Value[] = [];
          for (const r of v.fi.facts.cjs) for (const c of this.resolve(v.fi, -1, r, depth + 1)) if (c.k !== "mod") own.push(...this.member(c, "default", depth + 1));
          if (own.length > 0) return cap(own);
        }
        const exported = this.jsExport(v.fi, name, depth);
        // `module.exports` (the module's own, no export of that name): the module.
        return exported.length === 0 && name === "exports" ? [v] : exported;
      }
      case "def":
        if (v.k === "def" && (name === "call" || name === "apply") && v.fi.facts.language !== "python") {
          // JS `f.call(o, a)` / `f.apply(o, args)` call f itself.
          if (callable(v.fi, v.def)) return [v];
        }
        // JS `Base.prototype` (`Base.prototype.hello.call(this)`, `= List.prototype.each`): reads
        // members as Base's instances do.
        if (name === "prototype" && v.fi.facts.language !== "python" && (v.fi.kinds[v.def] === KIND.function || v.fi.kinds[v.def] === KIND.class)) {
          const own = this.classMember(v.fi, v.def, name);
          const proto: Value = { k: "inst", fi: v.fi, def: v.def };
          // `B.prototype = Object.create(A.prototype)`: B's instances read A's members where B
          // has none of its own, so `B.prototype.run` is B's run, not also A's.
          const kept = own.filter((o) => o.k !== "inst" || o.fi === v.fi && o.def === v.def);
          return kept.length === 0 ? [proto] : cap([...kept, proto]);
        }
        {
          const own = this.classMember(v.fi, v.def, name);
          // `Box[int]` of a Python class (a generic alias, `__class_getitem__`) is the class
          // itself: `Box[int](1)` makes a Box (an Enum's `Level["LOW"]` is its member: classMember).
          if (name.startsWith("[") && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class && !own.some((o) => o.k !== "ext")) {
            // Our `__class_getitem__` gives what it returns (`Box[int]` is `IntBox`; no call, as `obj[k]`).
            const hooks = this.classMember(v.fi, v.def, "__class_getitem__").filter((m) => m.k === "def" && m.fi.kinds[m.def] === KIND.method);
            const got = hooks.flatMap((m) => (m.k === "def" ? this.returns(m.fi, m.def, depth + 1) : []));
            if (got.length > 0) return cap(got);
            // Our metaclass's `__getitem__` (`Api["GET"]` with `def __getitem__(cls, key)` in M):
            // what that returns (no edge, as `obj[k]`).
            if (hooks.length === 0) {
              const meta: Value[] = [];
              for (const m of this.metaclasses(v, depth)) {
                // (`for s in Pipeline`: the items of what the metaclass's `__iter__` returns.)
                const iter = name === "[*]" ? this.classMember(m.fi, m.def, "__iter__") : NONE;
                for (const g of iter.length > 0 ? iter : this.classMember(m.fi, m.def, "__getitem__")) {
                  if (g.k !== "def" || g.fi.kinds[g.def] !== KIND.method) continue;
                  for (const r of this.returns(g.fi, g.def, depth + 1)) {
                    if (iter.length === 0) meta.push(r);
                    else if (r.k === "coll") meta.push(...this.member(r, "[*]", depth + 1));
                    else if (r.k === "inst") for (const n of this.classMember(r.fi, r.def, "__next__")) if (n.k === "def") meta.push(...this.returns(n.fi, n.def, depth + 1));
                  }
                }
              }
              if (meta.length > 0) return cap(meta);
            }
            return [v];
          }
          // `for s in Pipeline` with our metaclass's `__iter__` (`__aiter__`): the protocol asks the
          // class, whose metaclass answers.
          if (own.length === 0 && (name === "__iter__" || name === "__aiter__") && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class) {
            const out: Value[] = [];
            for (const m of this.metaclasses(v, depth)) out.push(...this.classMember(m.fi, m.def, name).filter((g) => g.k === "def" && g.fi.kinds[g.def] === KIND.method));
            if (out.length > 0) return cap(out);
          }
          // `Banner.style` read on the class itself: its class attribute, never what a method
          // sets on an instance (`self.style = style`, which ownMember adds for instance reads).
          if (own.length > 0 && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class && !name.startsWith("[")) {
            const kept = this.classAttribute(v, name, depth);
            if (kept !== null) return kept;
          }
          // A Python class is an instance of its metaclass: `Model.describe()` with `def
          // describe(cls)` in our metaclass (not its dunders: `C()` runs no `M.__init__`).
          // JS `ping.twice()` of a function of ours with no own twice: the file's `Function.prototype.twice = function`
          // (its `this`: facts-js-calls.ts functionPrototypeCalls).
          if (own.length === 0 && v.fi.facts.language !== "python" && v.fi.kinds[v.def] === KIND.function && !name.startsWith("[")) {
            const m = v.fi.facts.members.get(`Function.prototype.${name}`);
            if (m !== undefined && v.fi.facts.defs[m]!.parent === -1) return [{ k: "def", fi: v.fi, def: m }];
          }
          if (own.length > 0 || name.startsWith("_") || name.startsWith("[") || v.fi.facts.language !== "python" || v.fi.kinds[v.def] !== KIND.class) return own;
          const out: Value[] = [];
          for (const m of this.metaclasses(v, depth)) {
            out.push(...this.member({ k: "inst", fi: m.fi, def: m.def }, name, depth + 1));
            out.push(...this.metaNamespace(m, name, depth));
          }
          // `cls` in our metaclass's `__new__` (`cls = super().__new__(mcs, ...)`; `cls.setup()`)
          // reads as the metaclass: the classes made with it have the attribute.
          for (const c of this.madeBy(v)) out.push(...this.classMember(c.fi, c.def, name));
          return out.length > 0 ? cap(out) : own;
        }
      case "inst": {
        if (name === "__class__" && v.fi.facts.language === "python") {
          if (!v.self) return [{ k: "def", fi: v.fi, def: v.def }];
          // `self.__class__` / `type(self)` in a method: the class or a subclass, as `cls` is.
          return this.selfClasses(v.fi, v.def, depth);
        }
        // JS `this.constructor` is the class (or constructor function) itself: `this.constructor.create()`.
        // In a method (`this`), the class or a made subclass, as Python's `type(self)` is: `(this.constructor as typeof Shape).label()`.
        if (name === "constructor" && v.fi.facts.language !== "python") return v.self && v.fi.kinds[v.def] === KIND.class ? this.selfClasses(v.fi, v.def, depth) : [{ k: "def", fi: v.fi, def: v.def }];
        if (name.startsWith("[") && v.fi.facts.language === "python") return this.instItems(v, name, depth);
        // JS: what `for...of` takes from our iterable, what its generator `[Symbol.iterator]` yields.
        if (name === "[*]") {
          const items = this.instItems(v, name, depth);
          if (items.length > 0) return items;
        }
        // Python: our `__getattribute__` runs for every attribute read on an instance (graph.ts
        // calls it as it calls `__getattr__`), beside what the read finds (`object.__getattribute__`).
        if (!v.self && v.fi.facts.language === "python" && !name.startsWith("__") && !name.startsWith("[") && this.anyGetattribute()) {
          const hooks = this.classMember(v.fi, v.def, "__getattribute__").filter(isPyGetattr);
          if (hooks.length > 0) return cap([...hooks, ...this.member({ k: "inst", fi: v.fi, def: v.def, self: true }, name, depth + 1).filter((m) => !holdsSame(hooks, m))]);
        }
        const made = v.site ? this.siteAttr(v, v.site, name, depth) : v.fi.facts.language === "python" ? this.fieldAtSites(v, name, depth) : null;
        // (`c.cb = a` on instances made at known calls: this one's, instStores().)
        const stored = this.instAttrIndex?.has(v.fi) ? this.instStores(v, name, depth) : null;
        if (made) return stored ? cap([...made, ...stored]) : made;
        const own = stored ? cap([...this.classMember(v.fi, v.def, name), ...stored]) : this.classMember(v.fi, v.def, name);
        // An instance of our metaclass is a class made with it (`cls = super().__new__(mcs, ...)`
        // then `cls.setup()` in its __new__): that attribute of each such class.
        if (own.length === 0 && v.fi.facts.language === "python" && !name.startsWith("_") && !name.startsWith("[")) {
          const out: Value[] = [];
          for (const c of this.madeBy(v)) out.push(...this.classMember(c.fi, c.def, name));
          if (out.length > 0) return cap(out);
        }
        if (own.length === 0 && v.fi.facts.language === "python" && !name.startsWith("_") && !name.startsWith("[") && (v.fi.facts.defs[v.def]!.meta || v.fi.facts.defs[v.def]!.bases.length > 0)) {
          const out: Value[] = [];
          for (const m of this.metaclasses({ k: "def", fi: v.fi, def: v.def }, depth)) out.push(...this.metaNamespace(m, name, depth));
          if (out.length > 0) return cap(out);
        }
        // Python: an attribute the class does not have is what its __getattr__ returns (graph.ts
        // calls __getattr__, then what it returns when that is called); dunders bypass it.
        if (own.length === 0 && !v.self && v.fi.facts.language === "python" && !name.startsWith("__") && !name.startsWith("[")) {
          const getattrs = this.classMember(v.fi, v.def, "__getattr__").filter(isPyGetattr);
          // A proxy's `return getattr(self._target, name)`: also that attribute of the target.
          let out: Value[] | null = null;
          for (const g of getattrs) {
            const x = g.k === "def" ? g.fi.facts.defs[g.def]!.delegates : undefined;
            if (!x || g.k !== "def") continue;
            out ??= [...getattrs];
            for (const t of this.resolve(g.fi, g.def, x, depth + 1)) if (t.k !== "inst" || t.fi !== v.fi || t.def !== v.def) out.push(...this.member(t, name, depth + 1));
          }
          return out ? cap(out) : getattrs;
        }
        // (Only methods, class attributes holding our functions or classes (`formatter = plain`,
        // `reader_class = Reader`, which a subclass may set anew), are looked up in the subclasses:
        // other attributes rarely differ, and asking is not free.)
        // Python dicts and lists too (`ACTIONS = {"go": go}` replaced in a subclass).
        // (JS too: a field holding a function, `protected sink = toConsole`, a subclass's field replaces.)
        // (Python: a method the class has only from a package's base, `self.build()` in a `luigi.Task` subclass
        // that leaves `build` to its own subclasses, is looked up in the subclasses too: the package's is an ancestor's.)
        const packageOnly = v.self === true && v.fi.facts.language === "python" && own.length > 0 && !name.startsWith("_") && !name.startsWith("[") && own.every((m) => m.k === "ext" && m.member.length >= 2 && m.member[m.member.length - 1] === name);
        if (!v.self || (own.length > 0 && !packageOnly && !own.some(overridable) && !own.some((m) => m.k === "def" || (m.k === "coll" && v.fi.facts.language === "python")))) return own;
        // `self.hook()` written in a base class: self may be an instance of a subclass, whose hook
        // (an override, or the only one) runs; the base's own counts unless @abstractmethod.
        // Classes named nowhere but in their definition and base lists are never instantiated
        // (unusedClass): self is none of them, unless that leaves nothing.
        const subs = this.subclasses(v.fi, v.def, depth);
        for (const skip of [true, false]) {
          const out: Value[] = skip && this.unusedClass(v.fi, v.def) ? [] : own.filter((m) => !isAbstractMethod(m));
          // (Seen values compared field by field, as cap() does: a Set of valueKey() strings built
          // for each such read was a tenth of Python assembly's CPU. At most 24 subclasses of 24 members.)
          // (Past 16 values, the seen ones indexed: SameValues.)
          let seen: SameValues | null = null;
          for (const c of subs) {
            if (skip && this.unusedClass(c.fi, c.def)) continue;
            for (const m of this.classMember(c.fi, c.def, name)) {
              if (isAbstractMethod(m)) continue;
              if (seen === null && out.length > 16) seen = new SameValues(out);
              if (seen !== null ? seen.has(m) : holdsSame(out, m)) continue;
              out.push(m);
              seen?.add(m);
            }
          }
          if (out.length > 0) return cap(out);
        }
        return own;
      }
    }
  }

  /**
   * Items of an instance of our class: `obj[k]` is what its __getitem__ returns; what a `for`
   * loop takes (`[*]`) is what __next__ returns on what __iter__ returned.
   */
  private instItems(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] {
    const returnsOf = (fns: Value[]): Value[] =>
      fns.flatMap((f) => (f.k === "def" && f.fi.facts.defs[f.def]!.kind !== "class" ? this.returns(f.fi, f.def, depth + 1) : []));
    const getitem = (): Value[] => returnsOf(this.classMember(v.fi, v.def, "__getitem__"));
    // (A dict subclass's `__missing__` gives what a key it lacks reads: `dunders/p23_missing_on_dict_subclass_returns_function`.)
    if (name !== "[*]") {
      const got = getitem();
      if (v.fi.facts.language !== "python") return cap(got);
      const missing = returnsOf(this.classMember(v.fi, v.def, "__missing__"));
      return missing.length > 0 ? cap([...got, ...missing]) : cap(got);
    }
    // Iteration uses __getitem__ only when the class has no __iter__ (JS: `[Symbol.iterator]`,
    // or for `for await` `[Symbol.asyncIterator]`, a generator method whose items are what it yields).
    // (Python `async for`: __aiter__, then __anext__.)
    const py = v.fi.facts.language === "python";
    let iter = this.classMember(v.fi, v.def, py ? "__iter__" : ITERATOR);
    let next = "__next__";
    if (iter.length === 0) {
      iter = this.classMember(v.fi, v.def, py ? "__aiter__" : ASYNC_ITERATOR);
      if (py) next = "__anext__";
    }
    if (iter.length === 0) return cap(getitem());
    // (__iter__ may return an iterator over a collection: `iter(self.items)`, a generator's items.)
    if (py) return cap(returnsOf(iter).flatMap((it) => (it.k === "inst" ? returnsOf(this.classMember(it.fi, it.def, next)) : it.k === "coll" ? this.member(it, "[*]", depth + 1) : [])));
    const out: Value[] = [];
    for (const f of iter) if (f.k === "def" && f.fi.facts.defs[f.def]!.kind !== "class") out.push(...this.iteratorItems(this.returns(f.fi, f.def, depth + 1), depth));
    return cap(out);
  }

  /**
   * JS: what iterators give (what `[Symbol.iterator]()` returned): a generator's items, or the
   * `value` of what the iterator's `next()` returns (`{ done, value }`), the iterator an instance
   * (`this`, another class's) or an object literal with a next method.
   */
  protected iteratorItems(its: Value[], depth: number): Value[] {
    const out: Value[] = [];
    for (const it of its) {
      if (it.k === "coll") out.push(...this.member(it, "[*]", depth + 1));
      else if (it.k === "inst" || (it.k === "def" && it.fi.kinds[it.def] === KIND.object)) {
        for (const n of this.member(it, "next", depth + 1)) {
          if (n.k !== "def" || n.fi.facts.defs[n.def]!.kind === "class") continue;
          for (const r of this.returns(n.fi, n.def, depth + 1)) if (r.k === "def" && r.fi.kinds[r.def] === KIND.object) out.push(...this.member(r, "value", depth + 1));
        }
      }
    }
    return cap(out);
  }

  private pyMember(v: { fi: FileInfo | null; dir: string | null }, name: string, depth: number): Value[] {
    const own = v.fi ? this.lookup(v.fi, -1, name, depth + 1) : NONE;
    if (own.length > 0) return own;
    const sub = v.dir !== null ? pySubmodule(v.dir, name, this.index) : null;
    if (sub) return [this.pyModule(sub)];
    // PEP 562: a name the module does not bind is what its own `__getattr__` returns
    // (`from lazy import thing`, `lazy.thing`; graph.ts charges the call to the reader).
    const at = v.fi && !name.startsWith("[") ? this.moduleGetattr({ k: "mod", fi: v.fi, dir: v.dir }, name) : null;
    return at !== null ? this.returns(v.fi!, at, depth + 1) : NONE;
  }

  /** A named export of a JS/TS module: ESM exports, CommonJS exports, re-exports. */
  jsExport(fi: FileInfo, name: string, depth: number): Value[] {
    // Memoised like lookup(): every importer of a module asks for the same few names.
    // Exports can be values that flow through parameters: tracked like lookup() (flow.ts rounds).
    const memo = this.memoOf(fi).exports;
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, EXPORT, fi, 0, name);
  }

  protected jsExportUncached(fi: FileInfo, name: string, depth: number): Value[] {
    const { exports, cjs, stars } = fi.facts;
    const out: Value[] = [];
    for (const r of exports.get(name) ?? []) out.push(...this.resolve(fi, -1, r, depth + 1));
    const cjsValues = (): Value[] => cjs.flatMap((r) => this.resolve(fi, -1, r, depth + 1));
    // Every export (`Object.values(ns)`, `for (k in ns) ns[k]()` of a namespace import).
    if (name === MEMBERS) {
      for (const refs of exports.values()) for (const r of refs) out.push(...this.resolve(fi, -1, r, depth + 1));
      for (const c of cjsValues()) if (c.k !== "mod" || c.fi !== fi) out.push(...this.member(c, MEMBERS, depth + 1));
      for (const spec of stars) for (const m of this.module(fi, spec)) if (m.k !== "mod" || m.fi !== fi) out.push(...this.member(m, MEMBERS, depth + 1));
      return cap(out);
    }
    if (name === "default") {
      out.push(...cjsValues());
      // CommonJS seen through ESM: the default import is module.exports itself (also beside an
      // `exports.default = f`, read as Babel's interop does: `import b from "./b.cjs"`, `b.default()`).
      if (out.length === 0 || fi.facts.cjsDefault) out.push({ k: "mod", fi, dir: null });
      return cap(out);
    }
    if (out.length === 0) {
      for (const c of cjsValues()) out.push(...(c.k === "mod" && c.fi === fi ? [] : this.member(c, name, depth + 1)));
    }
    if (out.length === 0) {
      // Two `export *` giving the name from different definitions: an ambiguous name, which the
      // module does not export (ES modules' ResolveExport); the same definition through both is one.
      let first: Value[] | null = null;
      let ambiguous = false;
      for (const spec of stars) {
        for (const m of this.module(fi, spec)) {
          const got = this.member(m, name, depth + 1);
          out.push(...got);
          if (stars.length < 2 || ambiguous) continue;
          const defs = got.filter((v) => v.k === "def");
          if (defs.length === 0) continue;
          if (first === null) first = defs;
          else if (!defs.some((v) => first!.some((d) => d.k === "def" && v.k === "def" && d.fi === v.fi && d.def === v.def))) ambiguous = true;
        }
      }
      if (ambiguous) return NONE;
    }
    return cap(out);
  }

  /**
   * A member of a class or object literal, its bases' included. A memoised question like lookup():
   * the members of `this` are asked through a new reference object in every method, and each
   * asking resolved the attributes afresh (an object per literal, most of the flow pass's garbage
   * in JS); and attributes that read each other (`this.a = f(this.b)`, `this.b = g(this.a)`) are a
   * cycle, which only a memoised question resolves once: recomputed at every asking, a chain of
   * them asked each other exponentially often (elysia's compiled build never finished).
   */
  classMember(fi: FileInfo, def: number, name: string): Value[] {
    const byDef = this.memoOf(fi).members;
    let memo = byDef[def];
    if (!memo) byDef[def] = memo = new SmallMap();
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, MEMBER, fi, def, name);
  }

  protected classMemberUncached(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    if (fi.facts.language === "python" && fi.facts.defs[def]!.kind === "class") {
      // Python looks members up along the class's MRO (C3); the first class that has it wins.
      const mro = this.mro(fi, def, depth);
      // An Enum's members (constant-case names, `cls.SAFE` of `SAFE = "safe"` too) and `Level["LOW"]`
      // are instances of the class, whatever value the body gave them.
      if ((name.startsWith("[") || /^[A-Z][A-Z0-9_]*$/.test(name)) && mro.some((c) => c.k === "ext" && c.module === "enum")) return [{ k: "inst", fi, def }];
      // `Stage.__members__`: a mapping of the members' names to them (`.items()` pairs whose [1] is
      // a member: `stdlib/p24_enum_members_dunder_items_loop`).
      if (name === "__members__" && mro.some((c) => c.k === "ext" && c.module === "enum")) {
        return [{ k: "coll", fi, scope: -1, items: [{ key: "[*]", ref: { root: { t: "def", start: fi.facts.defs[def]!.start }, path: ["[*]"] } }], of: "dict" }];
      }
      // A member's `.value` is what the body gave some member (`ADD = partial(add)`): ours only (no
      // string's methods), unless a class of ours defines `value`.
      // A member's `.name` is a str (`self.name.lower()`), unless a class of ours defines `name`.
      if (name === "name" && mro.some((c) => c.k === "ext" && c.module === "enum") &&
        !mro.some((c) => c.k === "def" && this.ownMember(c.fi, c.def, "name", depth).length > 0)) return STR;
      if (name === "value" && mro.some((c) => c.k === "ext" && c.module === "enum")) {
        const values = this.enumValues(fi, def, mro, depth);
        if (values.length > 0) return values;
      }
      // One of ours that has it holding no known value (`count = 0`, `text: str`, `self.n = 0`)
      // wins too: a package base is not asked for it (a NamedTuple's field is no `typing.NamedTuple.text`).
      let held = false;
      const appended: Value[] = [];
      for (const c of mro) {
        // A package's base class answers by its import path; a builtin base (Exception, dict) is no edge.
        if (c.k === "ext") {
          // (Items added to the attribute by a class of ours below stay ours: no package's name.)
          if (appended.length > 0) return cap(appended);
          // (An Enum's constant-case member was answered above.)
          if (c.module === BUILTIN || held) return NONE;
          const alts = this.alternativeBases(mro, c, depth);
          return alts.length > 1 ? alts.map((a) => ({ k: "ext", module: a.module, member: [...a.member, name] })) : [{ k: "ext", module: c.module, member: [...c.member, name] }];
        }
        if (c.k !== "def" || held) continue;
        const own = this.ownMember(c.fi, c.def, name, depth);
        // `self.steps.append(b)` in a subclass whose base sets `self.steps = [a]`: only items added
        // to the attribute, no binding of it; the next classes' (the base's list) count too (p33).
        if (own.length > 0 && appended.length < 32 && onlyAppended(c.fi, c.def, name)) {
          appended.push(...own);
          continue;
        }
        if (own.length > 0) return appended.length > 0 ? cap([...appended, ...own]) : own;
        // (So does one a method of ours assigns, `self.color = color` of a parameter nobody passes a
        // known value: no `typing.Generic.color`, `classes/a1_self_attr_unknown_value_not_package_base`.)
        held = c.fi.facts.defs[c.def]!.fields?.includes(name) === true || c.fi.facts.attrs.get(c.def)?.has(name) === true;
      }
      return appended.length > 0 ? cap(appended) : NONE;
    }
    const own = this.ownMember(fi, def, name, depth);
    if (own.length > 0) return own;
    // JS: an attribute our class sets itself (`this.cwd = cwd`, holding nothing we know) is no
    // member of a package's base class (tar's `class Unpack extends Parser`, Minipass at the root).
    // (A base of ours may hold a package's value in its own attribute, `this.path = scurry.cwd`:
    // kept; what a package class further up answers for the name, `events.EventEmitter.cwd`, is not.)
    const held = fi.facts.language !== "python" && this.setsAttr(fi, def, name, depth);
    const out: Value[] = [];
    for (const base of this.bases(fi, def, depth)) {
      if (held && base.k === "ext") continue;
      for (const m of this.member(base, name, depth + 1)) if (!held || m.k !== "ext" || m.returned || m.derived || m.member.at(-1) !== name) out.push(m);
    }
    return cap(out);
  }

  /** A JS class of ours, or one of its bases of ours (8 levels up), that sets attribute `name` (`this.name = v`). */
  private setsAttr(fi: FileInfo, def: number, name: string, depth: number): boolean {
    let level: { fi: FileInfo; def: number }[] = [{ fi, def }];
    for (let i = 0; i < 8 && level.length > 0; i++) {
      const next: { fi: FileInfo; def: number }[] = [];
      for (const c of level) {
        if ((c.fi.facts.attrs.get(c.def)?.get(name)?.length ?? 0) > 0 || c.fi.facts.defs[c.def]!.fields?.includes(name)) return true;
        for (const b of this.bases(c.fi, c.def, depth + 1)) if (b.k === "def" && next.length < 8) next.push(b);
      }
      level = next;
    }
    return false;
  }

  /**
   * The package classes one base of a class of ours may be, `ext` among them: `class Loader(Base)`
   * with `try: from yaml import CSafeLoader as Base` / `except ImportError: from yaml import
   * SafeLoader as Base` is a subclass of either (`imports/try_import_class_fallback_subclassed`).
   * Only a class written with that one base: two package bases are two classes, the first wins.
   */
  private alternativeBases(mro: Value[], ext: Value, depth: number): Extract<Value, { k: "ext" }>[] {
    for (const o of mro) {
      if (o.k !== "def" || o.fi.facts.language !== "python" || o.fi.facts.defs[o.def]!.bases.length !== 1) continue;
      const bases = this.bases(o.fi, o.def, depth + 1);
      if (bases.length < 2 || !bases.includes(ext)) continue;
      const out: Extract<Value, { k: "ext" }>[] = [];
      for (const b of bases) if (b.k === "ext" && b.module !== BUILTIN) out.push(b);
      return out.length === bases.length ? out : [];
    }
    return [];
  }

  /**
   * A Python class attribute read on the class (`Banner.style`) whose class also sets it on
   * instances in a method (`self.style = s`): the class body's value only. Null when no class of
   * the MRO is so (ownMember's answer stands).
   */
  private classAttribute(v: DefValue, name: string, depth: number): Value[] | null {
    for (const c of this.mro(v.fi, v.def, depth + 1)) {
      if (c.k !== "def") return null;
      const named = boundRefs(c.fi.facts.bindings, c.def, name);
      if (!named) {
        if (this.ownMember(c.fi, c.def, name, depth + 1).length > 0) return null;
        continue;
      }
      const sets = c.fi.facts.attrs.get(c.def)?.get(name);
      if (!sets || sets.length === 0) return null;
      const values = this.resolveRefs(c.fi, c.def, named, depth + 1);
      // (A descriptor's getter runs as ownMember reads it.)
      return cap(c.fi.facts.pyDescriptorAttrs?.includes(name) ? values.map((x) => this.descriptorGet(c.fi, x)) : values);
    }
    return null;
  }

  /** An instance of a class of ours whose MRO holds a package's enum class (an Enum member). */
  protected enumInstance(v: Extract<Value, { k: "inst" }>, depth: number): boolean {
    return v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class && this.mro(v.fi, v.def, depth + 1).some((c) => c.k === "ext" && c.module === "enum");
  }

  /** enum member values of our kinds (functions, classes, instances) of the Enum class `def`. */
  private enumValues(fi: FileInfo, def: number, mro: Value[], depth: number): Value[] {
    for (const c of mro) if (c.k === "def" && this.ownMember(c.fi, c.def, "value", depth).length > 0) return NONE;
    const out: Value[] = [];
    for (const n of boundNames(fi.facts.bindings, def)) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(n)) continue;
      for (const r of bound(fi.facts.bindings, def, n) ?? []) for (const v of this.resolve(fi, def, r, depth + 1)) if (v.k === "def" || v.k === "inst") out.push(v);
    }
    return cap(out);
  }
}

/**
 * Python: whether class `def` only adds items to attribute `name` (`self.steps.append(f)`, stored as
 * one unknown-key item) and never binds it (no class-body name, no method of that name).
 */
function onlyAppended(fi: FileInfo, def: number, name: string): boolean {
  if (fi.facts.language !== "python" || name.charCodeAt(0) === 91 || boundRefs(fi.facts.bindings, def, name)) return false;
  const sets = fi.facts.attrs.get(def)?.get(name);
  if (!sets || sets.length === 0) return false;
  for (const a of sets) {
    const r = a.ref;
    if (r.path.length !== 0 || r.root.t !== "items" || r.root.items.length !== 1 || r.root.items[0]!.key !== "[*]") return false;
  }
  return memberDef(fi.facts, def, name) < 0;
}
