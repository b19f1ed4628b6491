// Resolver layer 4: a name in a scope (bindings, imports, globals provided by other files,
// `from x import *`), memoised per file, scope and name.
import { type Ref } from "./ref-types.ts";
import { SmallMap } from "./small-map.ts";
import { JS_GLOBALS } from "./builtins-js.ts";
import { PY_BUILTINS } from "./builtins-py.ts";
import { binds, boundRefs } from "./bound.ts";
import { BUILTIN, type FileInfo, NONE, type Value } from "./value-types.ts";
import { ALL_OPEN, isScript } from "./fact-types.ts";
import { LOOKUP } from "./resolve-memo.ts";
import { cap, globalProviders, isRefList, isTypedRef, memberDef } from "./resolve-helpers.ts";
import { RootResolver } from "./resolve-roots.ts";

export abstract class NameResolver extends RootResolver {
  // Answered by the layers above (resolve-indexes.ts).
  protected abstract setFromOutside(fi: FileInfo, def: number, name: string, depth: number): Value[];


  lookup(fi: FileInfo, scope: number, name: string, depth: number): Value[] {
    // Asked where the name is bound (or of the module): a scope that does not bind it answers as
    // its outer scope does, and kept no answer of its own (57% of computed lookups at 557k JS).
    const { defs, bindings, language } = fi.facts;
    // Python: in a class body, a method defined above is a name (`start = run`).
    if (language === "python" && scope >= 0 && defs[scope]!.kind === "class" && !binds(bindings, scope, name)) {
      const m = memberDef(fi.facts, scope, name);
      if (m >= 0) return [{ k: "def", fi, def: m }];
    }
    while (scope !== -1 && !binds(bindings, scope, name)) {
      scope = defs[scope]!.parent;
      // Python: a class body's names are not visible inside its methods.
      while (language === "python" && scope >= 0 && defs[scope]!.kind === "class") scope = defs[scope]!.parent;
    }
    const byScope = this.memoOf(fi).names;
    let memo = byScope[scope + 1];
    if (!memo) byScope[scope + 1] = memo = new SmallMap();
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, LOOKUP, fi, scope, name);
  }

  /** lookup() where `scope` binds `name` or is the module's. */
  protected lookupUncached(fi: FileInfo, scope: number, name: string, depth: number): Value[] {
    const { bindings, language } = fi.facts;
    const refs = boundRefs(bindings, scope, name);
    if (refs && isRefList(refs) && refs.length > 1 && (language === "typescript" || (language === "python" && refs.some(isTypedRef)))) return this.typedLast(fi, scope, refs, depth + 1);
    // A Python module's global another module sets (`hooks.on_save = my_save`): that value too.
    // (Also a global bound to a value of no interest, `handler = None`.)
    if (scope === -1 && this.patchedModules?.has(fi)) {
      const patched = this.setFromOutside(fi, -1, name, depth + 1);
      if (patched.length > 0) return cap(refs ? [...this.resolveRefs(fi, scope, refs, depth + 1), ...patched] : patched);
    }
    // Python: `def process` then, below it, `from ops import *` as a statement of the module's own:
    // the star import's process when ops gives one (`imports/p30_later_star_import_shadows_earlier_def`).
    if (refs && scope === -1 && language === "python" && fi.facts.starLines?.some((l) => l > 0)) {
      let last = 0;
      for (const r of isRefList(refs) ? refs : [refs]) {
        const root = r.root;
        const d = root.t === "def" && r.path.length === 0 ? fi.facts.defs.find((x) => x.start === root.start) : undefined;
        if (!d || d.parent !== -1) {
          last = 0;
          break;
        }
        if (d.line > last) last = d.line;
      }
      if (last > 0 && fi.facts.starLines.some((l) => l > last)) {
        const star = this.starNames(fi, name, depth, last);
        if (star.length > 0) return star;
      }
    }
    if (refs) {
      const values = this.resolveRefs(fi, scope, refs, depth + 1);
      // A classic script's `var App = App || {}` (scopes.ts Def.shared): the other scripts' App is
      // the same global object, so their members are this one's too (and the reverse).
      if (scope === -1 && isScript(fi.facts) && values.some((v) => v.k === "def" && v.fi === fi && fi.facts.defs[v.def]!.shared)) {
        const others = this.providedGlobal(name, fi, depth);
        if (others.length > 0) return cap([...values, ...others]);
      }
      return values;
    }
    if (language === "python") {
      const star = this.starNames(fi, name, depth);
      if (star.length > 0 || !PY_BUILTINS.has(name)) return star;
      return [{ k: "ext", module: BUILTIN, member: [name] }];
    }
    // CommonJS `exports` is the module itself (`exports.helper()` inside the module).
    // (`module` likewise, whose `exports` is the module: `module.exports.helper()`.)
    // (Once module.exports is replaced, `exports` is the first object still: what `exports.x = v`
    // put there, debug's `module.exports = require("./common")(exports)`.)
    if (name === "exports" && fi.facts.jsBareExports) return [{ k: "coll", fi, scope: -1, items: fi.facts.jsBareExports }];
    if (name === "exports" || name === "module") return [{ k: "mod", fi, dir: null }];
    // A TypeScript script's `/// <reference path="./utils.ts" />`: the top-level names of that file.
    if (scope === -1 && fi.facts.references) {
      const out: Value[] = [];
      for (const spec of fi.facts.references) {
        for (const m of this.module(fi, spec)) {
          if (m.k === "mod" && m.fi && m.fi !== fi && binds(m.fi.facts.bindings, -1, name)) out.push(...this.lookup(m.fi, -1, name, depth + 1));
        }
      }
      if (out.length > 0) return cap(out);
    }
    // JS runtime globals no scope binds: `setTimeout`, `console` (its members are named too).
    if (JS_GLOBALS.has(name)) return [{ k: "ext", module: BUILTIN, member: [name] }];
    return scope === -1 ? this.globalName(fi, name, depth) : NONE;
  }

  /** A free name of JS or TypeScript no file binds for itself: another file's global of that name. */
  private globalName(fi: FileInfo, name: string, depth: number): Value[] {
    if (fi.facts.path.includes("node_modules/")) return NONE;
    return this.providedGlobal(name, fi, depth);
  }

  /** What the files that make `name` global (globalProviders) bind it to, but file `except`'s. */
  protected providedGlobal(name: string, except: FileInfo | null, depth: number): Value[] {
    const providers = (this.globalProviders ??= globalProviders(this.files.values())).get(name);
    if (!providers) return NONE;
    const out: Value[] = [];
    for (const p of providers) if (p !== except) for (const v of this.lookup(p, -1, name, depth + 1)) out.push(v);
    return cap(out);
  }

  /**
   * A TypeScript or Python annotation (`a: Cat | Dog`, `s: Service`) stands for the values we do not see
   * arrive: when the name's other bindings (a parameter's arguments, an initialiser) give any of
   * our values, the annotation adds nothing (`speak(new Cat())` is no call of Dog's methods).
   */
  protected typedLast(fi: FileInfo, scope: number, refs: readonly Ref[], depth: number): Value[] {
    let typed = 0;
    for (const r of refs) if (isTypedRef(r)) typed++;
    if (typed === 0 || typed === refs.length) return this.resolveAll(fi, scope, refs, depth);
    const out: Value[] = [];
    let ours = false;
    for (const r of refs) {
      if (isTypedRef(r)) continue;
      for (const v of this.resolve(fi, scope, r, depth)) {
        out.push(v);
        if (v.k === "def" || v.k === "inst") ours = true;
      }
    }
    if (ours) return out;
    const typedValues: Value[] = [];
    for (const r of refs) if (isTypedRef(r)) for (const v of this.resolve(fi, scope, r, depth)) typedValues.push(v);
    // Python: what a package gave (`restore(pickle.loads(data))`) is, the annotation says, our
    // class's instance, not an object of the package's (no `pickle.loads.render`).
    if (fi.facts.language === "python" && typedValues.length > 0) return typedValues;
    for (const v of typedValues) out.push(v);
    return out;
  }

  /**
   * What `name` is through the file's `from m import *`: the names in __all__, or else the public
   * ones. When every star import is a statement of the module's own (facts starLines), the last one
   * giving the name gives it, as Python binds them in order (`imports/p30_two_stars_without_all_later_wins`);
   * `after`: only those such below that line. (Of our modules only: a package's module answers any
   * name, so it replaces nothing.)
   */
  private starNames(fi: FileInfo, name: string, depth: number, after = 0): Value[] {
    const { stars, starLines } = fi.facts;
    const ordered = starLines !== undefined && starLines.length === stars.length && starLines.every((l) => l > 0);
    const out: Value[] = [];
    for (let k = 0; k < stars.length; k++) {
      const i = ordered ? stars.length - 1 - k : k;
      if (after > 0 && !(starLines && starLines[i]! > after)) continue;
      let ours = false;
      for (const m of this.module(fi, stars[i]!)) {
        const all = m.k === "mod" ? m.fi?.facts.allNames : undefined;
        // (`__all__ += core.__all__`, names we cannot list: ALL_OPEN, the public ones too.)
        if (all ? !all.includes(name) && (name.startsWith("_") || !all.includes(ALL_OPEN)) : name.startsWith("_")) continue;
        const ourModule = m.k === "mod" && m.fi !== null;
        if (after > 0 && !ourModule) continue;
        const given = out.length;
        for (const v of this.member(m, name, depth + 1)) out.push(v);
        if (ourModule && out.length > given) ours = true;
      }
      if (ordered && ours) break;
    }
    return out;
  }
}
