// The plain data one file's fact extraction produces (FileFacts and its parts), and the names of
// synthetic members shared by extraction and resolution (iterators, spreads, thrown values).
import type { Bindings, DraftBindings } from "./bound.ts";
import type { Def } from "./scopes.ts";
import type { DynamicKind, SourceLanguage } from "./types.ts";
import type { Ref } from "./ref-types.ts";

/** An argument of a call: keyword name (null when positional; "*"/"**" for splats) and value. */
export interface Arg {
  name: string | null;
  ref: Ref | null;
}
/**
 * Version of the FileFacts shape, of what extraction puts in it and of the entry encoding
 * (codec.ts) and of the cache's layout (cache.ts). Bump it with every change to the extractor modules or the grammar queries that
 * changes the facts of some file: the per-file facts cache (cache.ts) is keyed by it, and its
 * directory is named by it (other versions' directories are pruned), so stale facts never survive.
 */
export const FACTS_VERSION = 121;

/** `allNames`' mark of a part we cannot read (`__all__ += core.__all__`): the public names count too. */
export const ALL_OPEN = "*";

export interface CallFact {
  scope: number;
  ref: Ref;
  line: number;
  kind: "call" | "new" | "ref";
  /** Arguments, when the language binds them to parameters (Python). */
  args?: Arg[];
  /** A decorator applied to the definition in args[0]. */
  decorates?: true;
  /**
   * JS: a function created here whose caller we may not see (returned, exported, passed on):
   * a `ref` edge, which reach follows and the pycg form leaves out.
   */
  weak?: true;
  /** An implicit protocol call (`for` → __iter__/__next__, `with` → __enter__/__exit__): our code only. */
  protocol?: true;
  /** JS `for...of` whose body may leave the loop early (`break`, `return`): the iterator's `return()` runs too. */
  closes?: true;
  /** JS `o.x` read as a value: a call only if x is one of our getters. */
  getter?: true;
  /** JS `o.x = v`: a call only if x is one of our setters. */
  setter?: true;
  /**
   * JS: the value `ref` names converted to a primitive (a template, `String(x)`, an operand of
   * arithmetic or `+`, `JSON.stringify(x)`): a call of its `[Symbol.toPrimitive]`, else its
   * `toString` / `valueOf` (in the hint's order), `toJSON` for JSON; our methods only (graph.ts).
   */
  convert?: "string" | "number" | "json" | "then" | "instance" | "asyncDispose";
  /** JS `el.onclick = f`: the object the handler is put on; f is called only when that is none of ours. */
  handler?: Ref;
  /**
   * Python `raise Name` without a call: it instantiates our class (its __init__ runs), but a
   * builtin exception raised bare is no call in the pycg convention (`raise StopIteration`).
   */
  raised?: true;
  /** Python: the call is in straight-line code of its scope (no loop around it), see `kills`. */
  top?: true;
  /** JS: a decorator factory's call (`@UseGuards(JwtGuard)`), whose result decorates. */
  factory?: true;
  /** JS: in the default of parameter `dflt` of its function (`t = now()`): a call only when some call leaves it out. */
  dflt?: number;
}

/** A statement or call that loads a module (and so runs its top-level code). */
export interface ImportFact {
  scope: number;
  spec: string;
  line: number;
  /** Python `from spec import a, b`: names that may be submodules. */
  names: string[];
}

export interface BindingFact {
  scope: number;
  name: string;
  value: Ref;
}

/** A reference and the scope it must be resolved in. */
export interface ScopedRef {
  scope: number;
  ref: Ref;
  /**
   * A JS object literal's `...spread`: the keys written after it, which replace what it gives
   * (`{ ...a, run }`); a key before it is replaced by the spread's (`{ run, ...a }`: a's run when a
   * has one), and so is what an earlier spread gave. Absent on mixins and `__proto__`, whose
   * members never replace the object's own.
   */
  later?: string[];
  /** With `later`: an `Object.assign(target, patch)` that may not have run where the member is read (resolve-classes.ts laterSpread: the own member stays beside). */
  maybe?: true;
  /** JS `registry[fn.name] = fn`: stored under the name of the function it is (read by name: that function only). */
  byName?: true;
}

export interface FileFacts {
  path: string;
  language: SourceLanguage;
  error?: string;
  defs: Def[];
  calls: CallFact[];
  imports: ImportFact[];
  /** Names given values, by scope (-1 = module), read through bound.ts. Definitions are bindings too. */
  bindings: Bindings;
  /** `this.x = v` / `self.x = v` and object literal properties, by class/object def index. */
  attrs: Map<number, Map<string, ScopedRef[]>>;
  /** JS named exports (ESM and `exports.x =`). Python modules export their module bindings. */
  exports: Map<string, Ref[]>;
  /** `module.exports = v` / `export = v`. */
  cjs: Ref[];
  /** `export * from "x"` / `from x import *`. */
  stars: string[];
  /** Python: the line of each of `stars` that is a statement of the module's own (no part of an `if` or `try`), else 0. */
  starLines?: number[];
  /** TypeScript `/// <reference path="x" />` at a file's top: x's top-level names are visible (global scripts). */
  references?: string[];
  /**
   * JS: the names a module puts on the global object at its top level (`global.helper = helper`,
   * `globalThis.x = function () {}`), which every other file's free `helper` reads (resolve.ts
   * globalName). A classic script's top-level names are all global, so it lists none.
   */
  globals?: string[];
  /**
   * JS/TS: a classic script, with no import or export statement (type-only ones included), no
   * `require()` and no CommonJS exports: its top-level names are global (resolve-names.ts globalName).
   */
  script?: true;
  /** Member definitions by qualified name ("Service.start", "module.exports.run"). */
  members: Map<string, number>;
  /**
   * `obj` of a computed attribute (`getattr(obj, name)`, `obj[k]()`, `const h = obj[k]; h()`): the
   * object whose member is called, so that one of ours bounds what the call can reach.
   */
  dynamic: { scope: number; line: number; text: string; kind?: DynamicKind; obj?: Ref }[];
  /** Values a function returns, by def index (Python `return x`, a lambda's body). */
  returns: Map<number, Ref[]>;
  /** Python `__all__` as a literal list of names: what `from m import *` takes from m (ALL_OPEN among them: the public names too). */
  allNames?: string[];
  /**
   * Python: CapWords names the file's text holds besides where it defines a class of that name
   * or names it as a base (resolve.ts: a class named nowhere else is never instantiated).
   */
  pyUsed?: string[];
  /**
   * Python: names a class body binds to an instance of a class of another module (`data =
   * Field()`, `Field` imported): a read of one may run that class's `__get__` (resolve.ts
   * ownMember), so graph.ts counts them among the getter names.
   */
  pyDescriptorAttrs?: string[];
  /**
   * JS/TS: class-like names the file's code and strings hold besides where it defines a class of
   * that name, names it as a base, imports, requires or exports it by name (facts-js.ts jsUsedNames).
   */
  jsUsed?: string[];
  /** JS/TS: the names the file exports by name (what an entry file exports counts as used). */
  jsExported?: string[];
  /** JS/TS: specifiers of modules the file imports whole (`import * as ns`, `const m = require()`): what they export counts as used. */
  jsWhole?: string[];
  /**
   * JS/TS: specifiers the file loads with `require("x")` (not `import`/`import()`): a package.json
   * "exports" map's "require" condition answers them, its "import" one the others (modules.ts resolveJs).
   */
  jsRequired?: string[];
  /** JS/TS: the class-like name the file exports as its default (`export default A`, `module.exports = A`), or `from:./m` for `export { default } from "./m"`. */
  jsDefault?: string;
  /**
   * JS: `exports.x = v` of a module that then replaced module.exports (`module.exports = setup(exports)`,
   * debug's): the first exports object, which the name `exports` still is, by member name.
   */
  jsBareExports?: { key: string; ref: Ref }[];
  /** JS: CommonJS `exports.default = v` (an ESM default import of the file is module.exports, whose `default` is v). */
  cjsDefault?: true;
  /** JS/TS: default imports bound to class-like names, as pairs: local name, specifier. */
  jsDefaultImports?: string[];
  /** TypeScript: the file's abstract classes (never made themselves). */
  jsAbstract?: string[];
  /** `obj.name = value` where obj is not self/this: attributes set on other objects. */
  /** `mutates`: an item stored into the attribute's collection (`cls.registry[k] = v`, `C.items.append(f)`), not a rebinding. */
  /** `dispatch`: an implementation registered on a singledispatch function of another module (`@render.register(float)`), kept only when the attribute is one there. */
  objAttrs?: { scope: number; obj: Ref; name: string; value: Ref; mutates?: true; dispatch?: true }[];
  /** JS/TS DI providers (`{ provide: TOKEN, useClass: C }`): what `@Inject(TOKEN)` is given (refs-js.ts "provided"). */
  provides?: { token: string; scope: number; ref: Ref }[];
}

/** Facts while extraction builds them: bindings in a form made to be added to (bound.ts packs it). */
export interface FactsDraft extends Omit<FileFacts, "bindings"> {
  bindings: DraftBindings;
}

/**
 * Methods a conversion to a primitive may run (CallFact.convert), by hint, in the order tried:
 * the first of ours found runs.
 */
export const CONVERTERS = {
  string: ["[Symbol.toPrimitive]", "toString", "valueOf"],
  number: ["[Symbol.toPrimitive]", "valueOf", "toString"],
  json: ["toJSON"],
  /** `await x` / `Promise.resolve(x)` of a thenable: its `then` runs. */
  then: ["then"],
  /** `v instanceof C`: C's static `[Symbol.hasInstance]` runs. */
  instance: ["[Symbol.hasInstance]"],
  /** `await using r = ...` at the block's end: r's `[Symbol.asyncDispose]`, else its `[Symbol.dispose]`. */
  asyncDispose: ["[Symbol.asyncDispose]", "[Symbol.dispose]"],
} as const;
export const CONVERTER_NAMES: ReadonlySet<string> = new Set(["[Symbol.toPrimitive]", "toString", "valueOf", "toJSON", "then", "[Symbol.hasInstance]", "[Symbol.asyncDispose]", "[Symbol.dispose]"]);
/** The member a `for...of` loop calls first (then `next()` on what it returns: graph.ts). */
export const ITERATOR = "[Symbol.iterator]";
/** The member a `for await...of` loop calls first. */
export const ASYNC_ITERATOR = "[Symbol.asyncIterator]";

/** The global object's names (`globalThis.helper()`): the top-level names of a script are its members. */
export const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(["globalThis", "window", "global", "self"]);

/** A classic script: no import, export or CommonJS module, so its top-level names are global. */
export function isScript(f: Pick<FileFacts, "script">): boolean {
  return f.script === true;
}

/** The attribute name under which objects keep what was spread or mixed into them (resolve.ts). */
export const SPREAD = "...";
/** objAttrs' name for a JS function's `this` given from outside by `.call/.apply/.bind` (facts-js-calls.ts thisGivenOutside; never a member's name). */
export const THIS_GIVEN = "\u0001this";
/** The key under which a JS function's returns keep what it throws (read by `catch (e)` around its calls). */
export const THROWN = "<thrown>";
/** A class's attribute key for `C.prototype.m = v` at the top level: prefixed to m. */
export const PROTOTYPE_SET = "prototype ";

/** Methods that store what they are given, by the argument stored (-1: all; -3: the third on, `splice(i, n, ...items)`): arrays, `Set`, `Map`. */
export const JS_STORING = new Map([["push", -1], ["unshift", -1], ["add", 0], ["set", 1], ["splice", -3]]);

/** Array methods whose second argument is `this` in their callback (`xs.forEach(function () {}, this)`). */
export const ARRAY_THIS_ARG = /\.(?:forEach|map|filter|some|every|find|findIndex|findLast|findLastIndex|flatMap)$/;

/** Python decorators that make a function singledispatch (`@f.register(T)` adds to what calling f runs). */
export const PY_SINGLEDISPATCH: ReadonlySet<string> = new Set(["singledispatch", "functools.singledispatch"]);
