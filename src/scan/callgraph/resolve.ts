// Name resolution across the project: turns a file's references (Ref) into values — definitions
// in some file, instances of classes, project modules, or members of external packages. Results
// are memoised per (file, scope, name); a cycle resolves to nothing instead of looping, and a
// depth limit bounds pathological alias chains.
//
// The Resolver is one object built in layers, each an abstract class in its own file, each
// extending the one before: resolve-memo.ts (memo, resolve()) → resolve-imports.ts →
// resolve-roots.ts → resolve-names.ts → resolve-members.ts → resolve-indexes.ts →
// resolve-classes.ts → this file (what calling a value runs). A layer declares what it asks of
// the layers above as abstract methods; all state lives in the first.
import { enclosingClass } from "./scopes.ts";
import { BUILTIN, callable, isPyLiteral, KIND, MAX_DEPTH, NONE, PY_TYPES, type Value } from "./value-types.ts";
import { cap, type DefValue, isGetter, MARKER_BASES, NO_CALLEE_DEFS, NO_CALLEES, nodeIdOf } from "./resolve-helpers.ts";
import { ClassResolver } from "./resolve-classes.ts";

export class Resolver extends ClassResolver {

  /** Graph nodes that run when a value is called, and external values that get called. */
  callees(v: Value): { nodes: readonly string[]; ext: readonly Value[] } {
    const { defs, ext } = this.calleeDefs(v);
    return defs.length === 0 && ext.length === 0 ? NO_CALLEES : { nodes: defs.map(nodeIdOf), ext };
  }

  /** JS: what the getters of ours among `values` return (`xs.forEach(fmt.row)` of a getter row hands that on); NONE without one. */
  getterReturns(values: Value[]): Value[] {
    if (!values.some(isGetter)) return NONE;
    const out: Value[] = [];
    for (const v of values) if (isGetter(v)) out.push(...this.returns(v.fi, v.def, 1));
    return cap(out);
  }

  /**
   * callees() with each node as the def it is (its file's node id and index: graph.ts records
   * the index of each edge's end without looking its id up).
   */
  calleeDefs(v: Value, depth = 0): { defs: readonly DefValue[]; ext: readonly Value[] } {
    const none = NO_CALLEE_DEFS;
    if (depth > 4) return none;
    if (v.k === "ext") return isPyLiteral(v) ? none : { defs: [], ext: [v] };
    if (v.k === "mod") {
      if (!v.fi || v.fi.facts.language === "python") return none;
      const out = { defs: [] as DefValue[], ext: [] as Value[] };
      for (const d of this.jsExport(v.fi, "default", depth)) {
        if (d.k === "mod") continue;
        const c = this.calleeDefs(d, depth + 1);
        out.defs.push(...c.defs);
        out.ext.push(...c.ext);
      }
      return out;
    }
    // `d.items()` is tracked for what it gives, and is a builtin call `<**PyDict**>.items`.
    if (v.k === "cmeth") return v.coll.of ? { defs: [], ext: [{ k: "ext", module: BUILTIN, member: [PY_TYPES[v.coll.of], v.name] }] } : none;
    if (v.k === "coll" || v.k === "super") return none;
    if (v.k === "inst") {
      if (v.fi.facts.language !== "python") return none;
      // (`self(x)` written in a base class: a subclass's `__call__` too, as `self.m()` reads;
      // `dunders/x9_self_called_in_base_method_reaches_subclass_call`.)
      const calls = v.self ? this.member(v, "__call__", depth + 1) : this.classMember(v.fi, v.def, "__call__");
      // An instance of our metaclass is a class made with it: calling it makes one (its __init__).
      const made = calls.some((c) => c.k === "def") ? [] : this.madeBy(v);
      if (made.length === 0) return this.flatCallees(calls, depth);
      const out = { defs: [] as DefValue[], ext: [] as Value[] };
      for (const c of made) {
        const m = this.calleeDefs(c, depth + 1);
        out.defs.push(...m.defs);
        out.ext.push(...m.ext);
      }
      return out;
    }
    const kind = v.fi.kinds[v.def]!;
    if (kind <= KIND.method) return { defs: [v], ext: NO_CALLEE_DEFS.ext };
    if (kind !== KIND.class) return none;
    const python = v.fi.facts.language === "python";
    if (python) {
      // `class C(metaclass=M)` with our M.__call__: C() runs that, which makes the instance only
      // when it calls super().__call__ (charged to C()'s caller). A field read for other classes.
      const called = this.metaCall(v, depth);
      // (A class of another module, or a subclass, made with M: its constructors are calls of
      // M.__call__'s super().__call__, graph.ts metaSuperCtors.)
      if (called && (!called.creates || v.fi.facts.defs[v.def]!.metaInit || this.metaclasses(v, depth).some((m) => this.madeBy(m).some((c) => c.fi === v.fi && c.def === v.def)))) return called.callees;
      // X() runs X.__new__ and X.__init__ as the MRO finds them; a package's base class's
      // constructor is a use of that package (`ext.Base.__init__`).
      const news = this.member(v, "__new__", depth + 1).filter((c) => c.k === "def");
      // (Not when that `__new__` only returns constants, `return None`: no instance, no `__init__`;
      // `dunders/x9_new_returning_literal_skips_init`.)
      const noInit = news.length > 0 && news.every((c) => (c as DefValue).fi.facts.defs[(c as DefValue).def]!.newReturns === "literal");
      // (Nor when the class's own __new__ only returns instances of classes that are not it or a
      // subclass: Python runs __init__ on what __new__ gives only if that is one:
      // `classes/p29_new_returns_other_class_init_not_run`.)
      const others = noInit || this.newOnlyOthers(v, depth);
      const init = others ? [] : this.member(v, "__init__", depth + 1).filter((c) => c.k !== "ext" || !MARKER_BASES.has(`${c.module}.${c.member.join(".")}`));
      const ctor = [...news, ...init];
      // A dataclass's generated __init__ calls __post_init__ (one written by hand does not); an
      // attrs class's its __attrs_post_init__.
      if (!others && !init.some((c) => c.k === "def")) {
        ctor.push(...this.member(v, "__post_init__", depth + 1).filter((c) => c.k === "def"));
        ctor.push(...this.member(v, "__attrs_post_init__", depth + 1).filter((c) => c.k === "def"));
      }
      const made = this.flatCallees(ctor.filter((c) => c.k === "def" || c.k === "ext"), depth);
      return called ? { defs: [...called.callees.defs, ...made.defs], ext: made.ext } : made;
    }
    const ctor = this.member(v, "constructor", depth + 1);
    const defs: DefValue[] = [v];
    for (const c of ctor) {
      // An external base class's constructor is not app code.
      if (c.k === "def" && callable(c.fi, c.def)) defs.push(c);
    }
    // `class Model extends Base {}` of a constructor function Base: the implicit `super()` calls
    // Base (the first base up the chain that is no class without a constructor of its own).
    if (defs.length === 1 && v.fi.facts.defs[v.def]!.bases.length > 0) {
      for (const b of this.mro(v.fi, v.def, depth + 1)) {
        if (b.k !== "def" || (b.fi === v.fi && b.def === v.def)) { if (b.k !== "def") break; continue; }
        const bk = b.fi.kinds[b.def]!;
        if (bk === KIND.class) continue;
        if (bk === KIND.function) defs.push(b);
        break;
      }
    }
    return { defs, ext: [] };
  }

  /**
   * Whether class v's own `__new__` (written in its body) returns only instances of other classes,
   * none of them v or a subclass of v (`return Real()`, `return object.__new__(Impl)`): then
   * `v()` never runs an `__init__`.
   */
  private newOnlyOthers(v: DefValue, depth: number): boolean {
    const defs = v.fi.facts.defs;
    const own = defs.findIndex((d, i) => d.parent === v.def && d.name === "__new__" && v.fi.kinds[i] === KIND.method);
    if (own < 0 || depth >= MAX_DEPTH - 2) return false;
    const rets = this.returns(v.fi, own, depth + 1);
    if (rets.length === 0 || rets.length > 8) return false;
    for (const r of rets) {
      if (r.k !== "inst" || r.self) return false;
      if (this.mro(r.fi, r.def, depth + 1).some((b) => b.k === "def" && b.fi === v.fi && b.def === v.def)) return false;
    }
    return true;
  }

  /**
   * What `C()` gives when our metaclass's `__call__` (calls) makes the instance with
   * super().__call__ but returns something else besides: its return values, an instance of a class
   * made with the metaclass being one of C. Null when it returns only such instances (or nothing
   * we read): C() is then an instance of C.
   */
  protected metaReturns(v: DefValue, calls: DefValue[], depth: number): Value[] | null {
    const out: Value[] = [];
    let other = false;
    let own = false;
    for (const c of calls) {
      const cls = enclosingClass(c.fi.facts.defs, c.def, false);
      const made = cls >= 0 ? this.madeBy({ fi: c.fi, def: cls }) : [];
      for (const r of this.returns(c.fi, c.def, depth + 1)) {
        if (r.k === "inst" && made.some((m) => m.fi === r.fi && m.def === r.def)) own = true;
        else if (r.k === "def" || r.k === "inst") {
          other = true;
          out.push(r);
        }
      }
    }
    if (!other) return null;
    if (own) out.push({ k: "inst", fi: v.fi, def: v.def });
    return cap(out);
  }

  /** Our `__call__` of a class's metaclass (null when there is none), and whether it calls super().__call__. */
  protected metaCall(v: DefValue, depth: number): { callees: { defs: DefValue[]; ext: Value[] } ; creates: boolean } | null {
    const calls: Value[] = [];
    for (const m of this.metaclasses(v, depth)) calls.push(...this.member(m, "__call__", depth + 1).filter((c) => c.k === "def"));
    if (calls.length === 0) return null;
    const callees = this.flatCallees(calls, depth);
    return { callees, creates: callees.defs.some((c) => c.fi.facts.defs[c.def]!.superCall === true) };
  }

  /**
   * Our metaclasses of a Python class: its own `metaclass=M`, else the first one along its MRO
   * (a subclass of `class Base(metaclass=M)` has M too, also from another module).
   */
  protected metaclasses(v: DefValue, depth: number): DefValue[] {
    const own = v.fi.facts.defs[v.def]!;
    let at: DefValue | null = own.meta ? v : null;
    if (!at && own.bases.length > 0) {
      for (const c of this.mro(v.fi, v.def, depth + 1)) {
        if (c.k === "def" && c.fi.facts.defs[c.def]!.meta) {
          at = c;
          break;
        }
      }
    }
    if (!at) return [];
    const out: DefValue[] = [];
    for (const m of this.resolve(at.fi, at.fi.facts.defs[at.def]!.parent, at.fi.facts.defs[at.def]!.meta!, depth + 1)) {
      if (m.k === "def" && m.fi.kinds[m.def] === KIND.class) out.push(m);
    }
    return out;
  }

  private flatCallees(values: Value[], depth: number): { defs: DefValue[]; ext: Value[] } {
    const out = { defs: [] as DefValue[], ext: [] as Value[] };
    for (const c of values) {
      if (c.k === "ext") {
        if (c.module !== BUILTIN) out.ext.push(c);
        continue;
      }
      if (c.k !== "def") continue;
      const kind = c.fi.kinds[c.def]!;
      if (kind <= KIND.method) out.defs.push(c);
      else if (kind === KIND.class) {
        const inner = this.calleeDefs(c, depth + 1);
        out.defs.push(...inner.defs);
        out.ext.push(...inner.ext);
      }
    }
    return out;
  }
}
