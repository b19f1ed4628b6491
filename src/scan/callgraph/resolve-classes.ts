// Resolver layer 7: classes: their MRO, own members (in definition order when asked), bases and
// what generators yield.
import { ASYNC_ITERATOR, ITERATOR, PROTOTYPE_SET, type ScopedRef, SPREAD } from "./fact-types.ts";
import { MEMBERS } from "./ref-types.ts";
import { binds, boundRefs } from "./bound.ts";
import { defAt, type FileInfo, KIND, MAX_DEPTH, NONE, type Value } from "./value-types.ts";
import { type MroMemo } from "./resolve-memo.ts";
import { c3, cap, isOurs, isTypedRef, memberDef, NO_REFS } from "./resolve-helpers.ts";
import { IndexedResolver } from "./resolve-indexes.ts";

export abstract class ClassResolver extends IndexedResolver {

  mro(fi: FileInfo, def: number, depth: number): Value[] {
    const memo = this.memoOf(fi).mros;
    const hit = memo.get(def);
    if (hit) {
      if (hit.volatile || !hit.done) this.unstable++;
      return hit.values;
    }
    const self: Value = { k: "def", fi, def };
    const entry: MroMemo = { values: [self], volatile: false, done: false }; // a cyclic hierarchy ends here
    memo.set(def, entry);
    const unstable = this.unstable;
    if (depth > this.deepest) this.deepest = depth;
    if (depth > MAX_DEPTH) this.unstable++;
    const bases = depth > MAX_DEPTH ? [] : this.bases(fi, def, depth);
    const lists = bases.map((b) => (b.k === "def" && b.fi.facts.defs[b.def]!.kind === "class" ? this.mro(b.fi, b.def, depth + 1) : [b]));
    entry.values = [self, ...c3(lists.concat([bases]))];
    entry.volatile = this.unstable !== unstable;
    entry.done = true;
    if (entry.volatile && this.rounds) this.volatileMros.push({ map: memo, key: def });
    return entry.values;
  }

  /**
   * What generator `def` yields: the items of the lists its calls return. (Apart from ownMember,
   * whose every call would otherwise allocate the scope this reading's closure needs.)
   */
  private yielded(fi: FileInfo, def: number, depth: number): Value[] {
    return this.iteratorItems(this.returns(fi, def, depth), depth);
  }

  /** An instance of another file's class whose own `__get__` is a getter: that getter; else v. */
  protected descriptorGet(fi: FileInfo, v: Value): Value {
    if (v.k !== "inst" || v.fi === fi || v.self) return v;
    const get = memberDef(v.fi.facts, v.def, "__get__");
    return get >= 0 && v.fi.facts.defs[get]!.getter ? { k: "def", fi: v.fi, def: get } : v;
  }

  protected ownMember(fi: FileInfo, def: number, name: string, depth: number, ordered = false): Value[] {
    const { bindings, attrs, language } = fi.facts;
    // JS `o[1]` of an object literal is its member "1" (`{ 1: f }`, `{ "1": f }`): keys are strings.
    if (language !== "python" && name.charCodeAt(0) === 91 && /^\[\d+\]$/.test(name) && fi.facts.defs[def]!.kind === "object") name = name.slice(1, -1);
    // JS `Object.values(o)`: every member of an object literal.
    if (name === MEMBERS && language !== "python" && fi.facts.defs[def]!.kind === "object") return this.allMembers(fi, def, depth);
    // What `for...of` takes from an object literal with a generator `[Symbol.iterator]` (or
    // `[Symbol.asyncIterator]`): what it yields.
    if (name === "[*]" && language !== "python" && fi.facts.defs[def]!.kind === "object") {
      const sync = memberDef(fi.facts, def, ITERATOR);
      const iter = sync >= 0 ? sync : memberDef(fi.facts, def, ASYNC_ITERATOR);
      if (iter >= 0) return this.yielded(fi, iter, depth + 1);
      // `handlers[type]()` with a key we cannot read (a parameter, a value from outside): any
      // member of the literal, as a Python dict's `d[key]` is any item.
      const all = this.allMembers(fi, def, depth + 1);
      // And any value stored under such a key (`topics[t] = fn`, `topics[t].push(fn)`'s list:
      // facts-js-objects.ts objectAssignment, facts-js-calls.ts storedItems).
      const stored = attrs.get(def)?.get("[*]");
      if (!stored) return all;
      const out = [...all];
      for (const a of stored) for (const r of this.resolve(fi, a.scope, a.ref, depth + 1)) out.push(r);
      return cap(out);
    }
    // A decorated Python method is bound to what its decorators return, not to the bare def.
    const named = boundRefs(bindings, def, name);
    if (named && language === "python") {
      let values = this.resolveRefs(fi, def, named, depth + 1);
      // An instance of another module's class with a `__get__` (`data = Field()`, Field imported):
      // reading the attribute runs that getter (facts-py-classes.ts descriptorGetters; a class of this
      // module's top was bound to its `__get__` at facts time).
      if (fi.facts.pyDescriptorAttrs?.includes(name)) values = values.map((v) => this.descriptorGet(fi, v));
      // `self.key = key` in a method beside the class attribute `key = default_key`: the
      // instance's attribute hides the class's once set (flow-insensitive: either;
      // `classes/callable_attr_default_lambda_replaced`).
      const sets = attrs.get(def)?.get(name);
      if (sets && sets.length > 0) {
        const all = [...values];
        for (const a of sets) all.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
        return cap(all);
      }
      // A class-level list or dict (`registry = []`) may get items from outside (`C.registry.append(f)`),
      // and `C.fmt = staticmethod(f)` elsewhere adds f to a class attribute (as `C.m = f` to a
      // method: flow-insensitive, both; `flow/p22_class_attr_rebound_on_class_before_instance_call`).
      const patched = this.setFromOutside(fi, def, name, depth + 1);
      return patched.length > 0 ? cap([...values, ...patched]) : cap(values);
    }
    // `{ run, ...a }`, `{ ...a, ...b }`: a spread written after the key (or a later spread) gives it.
    const spreads = language !== "python" ? attrs.get(def)?.get(SPREAD) : undefined;
    if (!ordered && spreads && spreads.length > 0 && spreads[spreads.length - 1]!.later) {
      const spreadValues = this.laterSpread(fi, def, spreads, name, depth);
      if (spreadValues) return spreadValues;
    }
    // JS `C.prototype.m = f` at the top level replaces the class's own m (facts-js-members.ts staticMember).
    if (language !== "python" && fi.kinds[def] === KIND.class) {
      const replaced = attrs.get(def)?.get(PROTOTYPE_SET + name);
      if (replaced) return cap(this.attrValues(fi, replaced, depth + 1));
    }
    const idx = memberDef(fi.facts, def, name);
    // A decorated JS method likewise (facts.ts binds it in its class as `@name`).
    const decorated = idx >= 0 && language !== "python" && bindings[def + 1] ? boundRefs(bindings, def, `@${name}`) : undefined;
    if (decorated) return cap(this.resolveRefs(fi, def, decorated, depth + 1));
    // A JS class with a static and an instance method of one name (`static parse(s)` beside
    // `parse(s)`, one member name): both; a read of the class keeps the static one (jsClassSide).
    if (idx >= 0 && language !== "python" && fi.kinds[def] === KIND.class && fi.facts.defs[idx]!.static) {
      const twin = instanceTwin(fi, def, idx);
      if (twin >= 0) return [{ k: "def", fi, def: idx }, { k: "def", fi, def: twin }];
    }
    if (idx >= 0) {
      // Python `C.m = f` elsewhere replaces the method: f too (flow-insensitive: both); so does
      // `Hooks.onReady = f` on a TypeScript namespace's exported variable (`export let onReady = () => {}`),
      // and `p.play = function () {}` on an instance of an ES5 constructor whose prototype has play.
      // JS `api.fetch = function () {}` at the top level on an object literal with a method fetch
      // replaces it (set in a function, it may or may not have run: both).
      if (language !== "python" && fi.kinds[def] === KIND.object) {
        const sets = attrs.get(def)?.get(name);
        if (sets && sets.some((a) => a.ref.root.t === "def" && a.ref.root.start !== fi.facts.defs[idx]!.start)) {
          const values = this.attrValues(fi, sets, depth + 1);
          return sets.every((a) => a.scope === -1) ? cap(values) : cap([{ k: "def", fi, def: idx }, ...values]);
        }
      }
      // Python `self.render = custom` in a method of the class with a method render: the
      // instance's attribute hides the method once set (flow-insensitive: both;
      // `classes/p23_instance_attribute_shadows_method`).
      const shadowing = language === "python" && fi.kinds[def] === KIND.class ? attrs.get(def)?.get(name) : undefined;
      const patched = language === "python" ? (shadowing?.length ? [...this.attrValues(fi, shadowing, depth + 1), ...this.setFromOutside(fi, def, name, depth + 1)] : this.setFromOutside(fi, def, name, depth + 1))
        : (fi.facts.defs[def]!.namespace || fi.kinds[def] === KIND.function) && attrs.get(def)?.has(name) ? this.attrValues(fi, attrs.get(def)!.get(name)!, depth + 1) : NONE;
      return patched.length === 0 ? [{ k: "def", fi, def: idx }] : cap([{ k: "def", fi, def: idx }, ...patched]);
    }
    // A Python function's `__call__` is the function (`greet.__call__()`).
    if (name === "__call__" && language === "python" && fi.kinds[def] === KIND.function) return [{ k: "def", fi, def }];
    const out: Value[] = [];
    if (named) for (const v of this.resolveRefs(fi, def, named, depth + 1)) out.push(v);
    const own = attrs.get(def);
    const sets = own?.get(name) ?? NO_REFS;
    // A TypeScript parameter property's annotation (`private repo: Repo`): only when what the
    // constructor is given says nothing of ours (typedLast).
    let typed = 0;
    for (const a of sets) {
      if (language === "typescript" && isTypedRef(a.ref)) typed++;
      // (`self.cb = b` in a method no code can call stores nothing: deadDefs.)
      else if (language !== "python" || a.scope < 0 || !this.inDeadDef(fi, a.scope)) out.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
    }
    if (typed > 0 && !out.some(isOurs)) for (const a of sets) if (isTypedRef(a.ref)) out.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
    // `{ ...mixin }`, `Object.assign(C.prototype, mixin)`: members the mixin has.
    if (out.length === 0 && name !== SPREAD && own) {
      for (const a of own.get(SPREAD) ?? NO_REFS) {
        for (const m of this.resolve(fi, a.scope, a.ref, depth + 1)) out.push(...this.member(m, name, depth + 1));
      }
      // A JS registry's `handlers[event] = fn` (facts-js-objects.ts objectAssignment): any member it lacks.
      if (out.length === 0 && language !== "python" && !name.startsWith("[")) {
        for (const a of own.get("[*]") ?? NO_REFS) {
          // (`registry[fn.name] = fn`: the functions of that name only.)
          for (const v of this.resolve(fi, a.scope, a.ref, depth + 1)) if (!a.byName || v.k !== "def" || v.fi.facts.defs[v.def]!.name === name) out.push(v);
        }
      }
    }
    // `obj.attr = f` elsewhere (another function, another module) adds to what the class sets;
    // JS: `C.prototype.m = f` in a module importing C (fact-defs.ts patchedImport).
    if (language === "python" || (out.length === 0 && this.objAttrIndex?.has(fi))) out.push(...this.setFromOutside(fi, def, name, depth + 1));
    // `p.func` of `p = functools.partial(f, ...)` (read as f, refs-py.ts) is f, when nothing sets a
    // `func` of f's; so is `f.__wrapped__` of a function a package's decorator kept (`@lru_cache
    // def f`), when no `@functools.wraps(fn)` of ours set it (facts-py.ts).
    if (out.length === 0 && (name === "func" || name === "__wrapped__") && language === "python" && fi.kinds[def] === KIND.function) return [{ k: "def", fi, def }];
    // `send.delay(1)` of `@shared_task def send`, `cli.command()` of `@click.group() def cli`,
    // `fib.cache_clear()` of `@lru_cache def fib`: an attribute of ours that the outermost
    // decorator, a package's, made of the function: that package value's member
    // (`celery.shared_task.delay`, `click.group.command`); of a method too (`Repo.items.cache_clear()`
    // of `@lru_cache def items(self)`, `@size.expression` of `@hybrid_property def size(self)`).
    if (out.length === 0 && language === "python" && fi.kinds[def]! <= KIND.method && fi.facts.defs[def]!.decorators?.length && !name.startsWith("__") && !name.startsWith("[")) {
      const made = this.packageDecoratedMember(fi, def, name, depth + 1);
      if (made.length > 0) return made;
    }
    // A TypeScript script's top-level namespace merges with the one of that name in the files its
    // `/// <reference path>` comments name (`Validation.isEmail` declared in validation.ts).
    if (out.length === 0 && fi.facts.references && fi.facts.defs[def]!.namespace && fi.facts.defs[def]!.parent === -1) {
      const ns = fi.facts.defs[def]!.name;
      for (const spec of fi.facts.references) {
        for (const m of this.module(fi, spec)) {
          if (m.k !== "mod" || !m.fi || m.fi === fi || !binds(m.fi.facts.bindings, -1, ns)) continue;
          for (const v of this.lookup(m.fi, -1, ns, depth + 1)) if (v.k === "def" && v.fi !== fi) out.push(...this.member(v, name, depth + 1));
        }
      }
    }
    return cap(out);
  }

  /** What the assignments `sets` give an attribute. */
  private attrValues(fi: FileInfo, sets: readonly ScopedRef[], depth: number): Value[] {
    const out: Value[] = [];
    for (const a of sets) if (fi.facts.language !== "python" || a.scope < 0 || !this.inDeadDef(fi, a.scope)) for (const v of this.resolve(fi, a.scope, a.ref, depth)) out.push(v);
    return out;
  }

  /**
   * Member `name` of an object literal as its spreads give it, written after the literal's own
   * key: from the last spread back, what each gives, until one whose every value has the member
   * (`{ ...defaults, ...opts }` with an `opts` that may lack it gives defaults' too) or the spread
   * the own key is written after (then the own key's too). Null when no spread gives it.
   */
  private laterSpread(fi: FileInfo, def: number, spreads: ScopedRef[], name: string, depth: number): Value[] | null {
    const out: Value[] = [];
    for (let i = spreads.length - 1; i >= 0; i--) {
      const s = spreads[i]!;
      if (!s.later || s.later.includes(name)) break;
      const values = this.resolve(fi, s.scope, s.ref, depth + 1);
      let every = values.length > 0 && !s.maybe;
      for (const v of values) {
        const m = v.k === "def" ? this.member(v, name, depth + 1) : NONE;
        if (m.length === 0) every = false;
        for (const x of m) out.push(x);
      }
      if (every) return cap(out);
    }
    if (out.length === 0) return null;
    for (const x of this.ownMember(fi, def, name, depth + 1, true)) out.push(x);
    return cap(out);
  }

  /**
   * Every member of a JS object literal: its functions and objects, what its properties hold, and
   * what is assigned to it after (`handlers.start = function () {}`, here or in another module).
   */
  private allMembers(fi: FileInfo, def: number, depth: number): Value[] {
    const out: Value[] = [];
    for (const start of fi.facts.defs[def]!.memberStarts) {
      const m = defAt(fi, start);
      if (m !== undefined) out.push({ k: "def", fi, def: m });
    }
    const assigned = new Set<string>();
    this.prefixNames(fi, def, "", assigned);
    for (const name of assigned) {
      if (name.charCodeAt(0) === 91) continue;
      const idx = memberDef(fi.facts, def, name);
      if (idx >= 0) out.push({ k: "def", fi, def: idx });
      for (const v of this.setFromOutside(fi, def, name, depth + 1)) out.push(v);
    }
    for (const [key, refs] of fi.facts.attrs.get(def) ?? []) {
      // `{ ...defaults(), extra }`: the members of an object literal spread in (`Object.values(o)`).
      if (key === SPREAD) {
        for (const a of refs) {
          for (const v of this.resolve(fi, a.scope, a.ref, depth + 1)) {
            if (v.k === "def" && v.fi.kinds[v.def] === KIND.object && !(v.fi === fi && v.def === def)) for (const m of this.member(v, MEMBERS, depth + 1)) out.push(m);
          }
        }
        continue;
      }
      for (const a of refs) for (const v of this.resolve(fi, a.scope, a.ref, depth + 1)) out.push(v);
    }
    return cap(out);
  }

  /** The base classes of class `cls` (resolved where the class is written). */
  protected bases(fi: FileInfo, cls: number, depth: number): Value[] {
    const d = cls < 0 ? undefined : fi.facts.defs[cls]!;
    // Most classes and every function and object literal have none: asked on each member miss.
    if (!d || d.bases.length === 0) return NONE;
    // Loops, not closures: a closure's captured variables cost an object at every call (root()).
    const out: Value[] = [];
    for (const b of d.bases) {
      // `class C(base_factory())`: the classes of ours the call returns (a package's call, six's
      // `with_metaclass(M, Base)` or `namedtuple(...)`, gives no base we can read).
      const made = b.root.t === "call" && b.path.length === 0 && fi.facts.language === "python";
      for (const v of this.resolve(fi, d.parent, b, depth + 1)) {
        if (made && v.k !== "def") continue;
        // JS `class C extends require("./base")`: the module's export is the base class.
        const bases = v.k === "mod" && v.fi && v.fi.facts.language !== "python" ? this.jsExport(v.fi, "default", depth + 1) : [v];
        for (const c of bases) if (c.k === "def" || c.k === "ext") out.push(c);
      }
    }
    return out;
  }
}

/** The instance method of class `def` named as its static method `idx` is, or -1 (a member list walked, capped). */
function instanceTwin(fi: FileInfo, def: number, idx: number): number {
  const defs = fi.facts.defs;
  const starts = defs[def]!.memberStarts;
  const name = defs[idx]!.name;
  for (let i = 0; i < starts.length && i < 512; i++) {
    const m = defAt(fi, starts[i]!);
    if (m !== undefined && m !== idx && defs[m]!.parent === def && defs[m]!.name === name && !defs[m]!.static && fi.kinds[m] === KIND.method) return m;
  }
  return -1;
}
