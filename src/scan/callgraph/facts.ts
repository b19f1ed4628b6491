// Per-file facts: what one parsed file defines, calls, imports and exports, each fact tagged with
// the definition (scope) it occurs in. Syntax knowledge comes from the grammar query captures;
// this file only turns captures into plain data and assigns scopes.
import type { Node, Query, Tree } from "web-tree-sitter";
import { cap, capAll, has, patternsCapturing, type Caps } from "./captures.ts";
import { calledLiterals, eitherCallee, forInKey, forOfKeys, injectedField, JS_FUNCTION_LITERALS, JS_NO_FUNCTION, jsArgsTyped, type JsArgs, jsParams, jsPatternNames, jsUsedNames, returnedLiterals, tokenKey, typeValue, untyped } from "./facts-js.ts";
import { addTo, addToList, clip } from "./fact-text.ts";
import { branchRanges } from "./branch-groups.ts";
import { addKill, applyScopeStatements, beginPyFile, pyDeadCode, branchBind, type Branches, pyNarrowMatches, pyUsedNames, pyAncestors, pyArgs, pyAssignment, pyDynamicOrder, pyNamedCall, pyStraight, pythonExtraFacts, straightIn, type Kills, type PyCtx } from "./facts-py.ts";
import { addConstKey, addConstPair, anyItem, beginFile, contextToken, declaresName, REACT_CONTEXT_CALL, firstArgument, holding, constKey, jsName, jsRef, literalKey, loadsModule, mapEntry, MEMBERS, moduleSpecifier, moduleSpecifiers, SETTLED_REASON, GEN_RETURN, GEN_SENT, pyRef, setBlockNames, setLocalNames, staticKey, stringLiteral, ternaryKeys, type BlockName, type Ref, type Root } from "./refs.ts";
import { BODY_STARTS, enclosingClass, namespaceFinder, nestDefs, scopeFinder, thisOwner, type Def, type DefKind } from "./scopes.ts";
import type { DynamicKind, SourceLanguage } from "./types.ts";
import { field } from "./fields.ts";
import type { Bindings, DraftBindings } from "./bound.ts";
import { endRowOf, lineOf as line, queryMatches, rowOf } from "./wasm-node.ts";
import { Deferred } from "./deferred.ts";
import { calleeNames } from "./queries.ts";

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
export const FACTS_VERSION = 108;

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
  convert?: "string" | "number" | "json" | "then" | "instance";
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
   * `require()` and no CommonJS exports: its top-level names are global (resolve.ts globalName).
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
  /** Python `__all__` as a literal list of names: what `from m import *` takes from m. */
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
  /** JS/TS: the class-like name the file exports as its default (`export default A`, `module.exports = A`), or `from:./m` for `export { default } from "./m"`. */
  jsDefault?: string;
  /** JS: CommonJS `exports.default = v` (an ESM default import of the file is module.exports, whose `default` is v). */
  cjsDefault?: true;
  /** JS/TS: default imports bound to class-like names, as pairs: local name, specifier. */
  jsDefaultImports?: string[];
  /** TypeScript: the file's abstract classes (never made themselves). */
  jsAbstract?: string[];
  /** `obj.name = value` where obj is not self/this: attributes set on other objects. */
  /** `mutates`: an item stored into the attribute's collection (`cls.registry[k] = v`, `C.items.append(f)`), not a rebinding. */
  objAttrs?: { scope: number; obj: Ref; name: string; value: Ref; mutates?: true }[];
  /** JS/TS DI providers (`{ provide: TOKEN, useClass: C }`): what `@Inject(TOKEN)` is given (refs.ts "provided"). */
  provides?: { token: string; scope: number; ref: Ref }[];
}

/** Facts while extraction builds them: bindings in a form made to be added to (bound.ts packs it). */
export interface FactsDraft extends Omit<FileFacts, "bindings"> {
  bindings: DraftBindings;
}

const DEF_CAPTURES: [string, DefKind][] = [
  ["definition.function", "function"],
  ["definition.method", "method"],
  ["definition.class", "class"],
  ["definition.object", "object"],
  ["definition.main", "main"],
  ["definition.anonymous", "function"],
];
const isDefCapture = (name: string): boolean => DEF_CAPTURES.some(([c]) => c === name);

const ANON_KEPT = ["anon.exported"];

/** Extract the facts of one parsed file. The tree stays owned (and deleted) by the caller. */
export function extractFacts(path: string, language: SourceLanguage, tree: Tree, query: Query): FactsDraft {
  beginFile();
  beginPyFile();
  keyedBindings = null;
  iifeGlobals = null;
  iifeExports = null;
  const matches = queryMatches(query, tree.rootNode);
  if (language !== "python") setBlockNames(blockShadows(matches));
  const toRef = language === "python" ? pyRef : jsRef;
  const noDefs = new Set<number>();
  const defining = patternsCapturing(query, "definition", isDefCapture);
  const raw: Def[] = [];
  pendingFields = [];
  const defRef = (n: Node): Ref | null => toRef(n, noDefs);
  // JS calls' arguments, read once here (object literals passed to a call are definitions) and
  // kept by match index for the call handler.
  const calling = language === "python" ? null : patternsCapturing(query, "call", (name) => name === "reference.call" || name === "reference.new");
  const argsOf: JsArgs[] = [];
  const returning = language === "python" ? null : patternsCapturing(query, "return", (name) => name === "return.value");
  const declaring = language === "python" ? null : patternsCapturing(query, "declarator", (name) => name === "binding.declarator");
  const defaulting = language === "python" ? null : patternsCapturing(query, "default", (name) => name === "export.default");
  for (let i = 0; i < matches.length; i++) {
    const { patternIndex, captures } = matches[i]!;
    if (defining[patternIndex]) rawDef(captures, language, defRef, raw);
    if (declaring?.[patternIndex]) declaredDef(captures, language, defRef, raw);
    if (defaulting?.[patternIndex]) {
      // `export default { ... } satisfies T` (the plain literal is a tags.scm definition).
      const object = typedLiteral(cap(captures, "export.value")!);
      if (object.type === "object") rawDef([{ patternIndex, name: "definition.object", node: object }], language, defRef, raw);
    }
    if (returning?.[patternIndex]) {
      const object = returnedObject(captures);
      if (object) rawDef([{ patternIndex, name: "definition.object", node: object }], language, defRef, raw);
      else returnedClass(captures, language, defRef, raw);
    }
    if (!calling?.[patternIndex]) continue;
    const made = cap(captures, "reference.new");
    // `new (class { constructor() {} })()`: the class written in place.
    const madeClass = made ? field(made, "constructor") : null;
    const inPlace = madeClass?.type === "parenthesized_expression" ? madeClass.namedChild(0) : null;
    if (inPlace?.type === "class" && !field(inPlace, "name")) anonymousClassDef(inPlace, patternIndex, language, defRef, raw);
    const args = jsArgsTyped((cap(captures, "reference.call") ?? made)!);
    argsOf[i] = args;
    if (!made && args.nodes.length > 0) iifeGlobalArgs(cap(captures, "reference.call")!, cap(captures, "callee") ?? null, args.nodes);
    for (const node of args.objects) rawDef([{ patternIndex, name: "definition.object", node }], language, defRef, raw);
    for (let k = 0; k < args.types.length; k++) {
      if (args.types[k] !== "class") continue;
      // `register(class { init() {} })`: an anonymous class numbered as functions are.
      if (field(args.nodes[k]!, "name")) classExpressionDef(args.nodes[k]!, patternIndex, language, defRef, raw);
      else anonymousClassDef(args.nodes[k]!, patternIndex, language, defRef, raw);
    }
  }
  const defs = nestDefs(raw);
  const facts: FactsDraft = {
    path, language, defs, calls: [], imports: [], bindings: new Map(), attrs: new Map(),
    exports: new Map(), cjs: [], stars: [], members: new Map(), dynamic: [], returns: new Map(),
  };
  nameDefs(facts);
  const defIndex = new Map(defs.map((d, i) => [d.start, i]));
  const defStarts = new Set(defIndex.keys());
  const scopeOf = scopeFinder(defs);
  const nsOf = language === "python" ? null : namespaceFinder(defs);
  const ctx: Ctx = {
    facts, defIndex, ref: language === "python" ? (n, type, text) => pyRef(n, defStarts, 0, type, text)
      : nsOf ? (n, type, text) => inNamespace(jsRef(n, defStarts, true, type, text), nsOf(n.startIndex))
      : (n, type, text) => jsRef(n, defStarts, true, type, text),
    scope: (n) => scopeOf(n.startIndex), assigned: [], declared: new Set(),
    kills: new Map(), branches: { binds: [], stmts: new Map() }, anonymousUses: new Map(), later: new Deferred(),
  };
  if (nsOf) ctx.namespaceOf = nsOf;
  // (Python: calls in parameter defaults, which run where the function is defined: facts-py.ts params.)
  if (language === "python") ctx.decorators = new Map();
  const py: PyCtx = { ...ctx, globals: new Map(), items: [], rebinds: [], dynamicAt: [], statementKills: [] };
  if (language === "python") defKills(py);
  const anonymousUses = ctx.anonymousUses;
  // Each handler looks for its captures one by one: a match of a pattern that has none of them
  // skips the handler (the most common matches, calls, have no fact for most handlers).
  const referencing = patternsCapturing(query, "reference", (name) => name.startsWith("reference."));
  const pyOnly = patternsCapturing(query, "py", (name) => name.startsWith("py."));
  const jsOnly = patternsCapturing(query, "js", (name) => JS_FACT_CAPTURES.has(name));
  const anon = patternsCapturing(query, "anon", (name) => name.startsWith("anon."));
  // TypeScript: names written as types (jsUsedNames: no use), by name.
  const typing = language === "typescript" ? patternsCapturing(query, "tstype", (name) => name === "ts.type") : null;
  const typeNames = typing ? new Map<string, number>() : null;
  for (let i = 0; i < matches.length; i++) {
    const { patternIndex, captures: caps } = matches[i]!;
    ctx.later.before(caps);
    if (language === "python") {
      if (pyOnly[patternIndex] && pythonExtraFacts(caps, py)) continue;
      pythonFacts(caps, ctx, py);
    } else {
      if (jsOnly[patternIndex]) jsFacts(caps, ctx);
      // Kept for a later caller. Those called at once or passed to a call are found with the
      // call, those returned with the return (referenceFacts, jsFacts).
      if (typing?.[patternIndex]) {
        const t = cap(caps, "ts.type")!.text;
        typeNames!.set(t, (typeNames!.get(t) ?? 0) + 1);
        continue;
      }
      if (anon[patternIndex]) {
        for (const c of ANON_KEPT) for (const n of capAll(caps, c)) anonymousUses.set(n.startIndex, true);
        const dflt = cap(caps, "anon.default");
        if (dflt) literalDefault(ctx, dflt);
      }
    }
    if (referencing[patternIndex]) referenceFacts(caps, ctx, argsOf[i], py);
  }
  ctx.later.flush();
  if (language === "python") {
    pyDynamicOrder(py);
    pyNarrowMatches(facts);
    const text = tree.rootNode.text;
    py.script = /(?:^|[\\/])(?:__main__|main)\.py$/.test(path) || /__name__\s*==\s*["']__main__["']/.test(text);
    applyScopeStatements(py);
    pyUsedNames(facts, text);
  }
  else {
    if (language === "typescript") tripleSlashReferences(facts, tree.rootNode);
    jsUsedNames(facts, tree.rootNode.text, typeNames);
    fieldAttrs(ctx);
    diProviders(ctx, tree.rootNode);
    anonymousRefs(facts, anonymousUses);
    const reassigns = ctx.reassigns ?? [];
    // Each `f = wrap(f)` reads only its scope's calls: found by scope, not by a pass over every call.
    const withArgs = reassigns.some((r) => r.wrap) ? callsByScope(facts.calls) : new Map<number, CallFact[]>();
    for (const rb of reassigns) {
      if (!rb.wrap) continue;
      for (const call of withArgs.get(rb.scope) ?? []) {
        if (call.line < rb.from || call.line > rb.to || !call.args) continue;
        call.args = call.args.map((arg) => arg.ref?.root.t === "name" && arg.ref.root.name === rb.name
          ? { name: arg.name, ref: { root: { t: "prior", scope: rb.scope, name: rb.name, count: rb.index }, path: arg.ref.path } }
          : arg);
      }
    }
    if (ctx.branchReassigns) reassigns.push(...branchGroups(ctx.branchReassigns));
    // `p = f1; p = f2; p()` in straight-line code of one body: the call sees the last such
    // reassignment before it, when every later binding is such a reassignment after the call (a
    // call before the first reassignment is not kept: the name was not known reassigned there).
    const lastBinding = (scope: number, name: string, at: number): Ref | null => {
      const own = reassigns.filter((r) => r.scope === scope && r.name === name);
      let last: Reassign | null = null;
      for (const r of own) {
        // A read inside an if/else that reassigns the name: not ordered against its branches.
        if (r.group !== undefined && r.from <= at && at <= r.to) return null;
        if (r.straight && r.to < at && (!last || r.index > last.index)) last = r;
      }
      if (!last) return null;
      const total = facts.bindings.get(scope)?.get(name)?.length ?? 0;
      let later = 0;
      for (const r of own) if (r.index > last.index && r.straight && r.from > at) later += r.index - (r.group ?? r.index) + 1;
      return total === last.index + 1 + later ? { root: { t: "prior", scope, name, count: last.index + 1, from: last.group ?? last.index }, path: [] } : null;
    };
    for (const call of ctx.straightCalls ?? []) {
      const prior = lastBinding(call.scope, (call.ref.root as Extract<Root, { t: "name" }>).name, call.line);
      if (prior) call.ref = { root: prior.root, path: call.ref.path };
    }
    // `a = b` after `b = f2`, both straight-line in one body: a gets that last binding of b (so
    // `let a = f1; let b = a; b = f2; a = b; a()` calls f2 only).
    for (const ra of reassigns) {
      const list = ra.straight && ra.group === undefined ? facts.bindings.get(ra.scope)?.get(ra.name) : undefined;
      const value = list?.[ra.index];
      if (value?.root.t !== "name" || value.path.length > 0 || !ctx.reassigned?.has(`${ra.scope}\u0000${value.root.name}`)) continue;
      const prior = lastBinding(ra.scope, value.root.name, ra.from);
      if (prior) list![ra.index] = prior;
    }
    // (Before objectAttrs: a script's top-level `this` is the global object, globalParam.)
    if (facts.imports.length === 0 && facts.exports.size === 0 && facts.cjs.length === 0 && !moduleSyntax(tree.rootNode)) facts.script = true;
    const globals = new Set<string>(globalDefs);
    // A CommonJS module's top-level `this` is its `module.exports` (an ES module's is undefined).
    const cjsThis = !facts.script && (ctx.topThis !== undefined || ctx.objAssigns !== undefined) && !moduleSyntax(tree.rootNode);
    // `this.x = v` at the top level: a script's global x; a CommonJS module's export x (a script
    // too may be required by a module: its top-level `this` is then that module's exports).
    for (const t of ctx.topThis ?? []) {
      if (facts.script) {
        globals.add(t.name);
        if (!facts.bindings.get(-1)?.has(t.name)) addTo(facts.bindings, -1, t.name, t.ref);
      }
      if (facts.script || cjsThis) addExport(facts, t.name, t.ref);
    }
    if (instanceDefs.length > 0) (ctx.objAssigns ??= []).push(...instanceDefs);
    if (ctx.objAssigns) {
      let calls: Map<number, CallFact[]> | null = withArgs.size > 0 ? withArgs : null;
      objectAttrs(facts, ctx.objAssigns, defIndex, () => (calls ??= callsByScope(facts.calls)), globals, cjsThis);
    }
    if (facts.language !== "python" && facts.attrs.size > 0) literalHeirs(facts);
    globalObjectCalls(facts, globals);
    if (globals.size > 0) facts.globals = [...globals];
    // `const it = gen(); it.next(v)`: gen's `yield` expressions give v.
    const sentTo = new Set<number>();
    for (const t of ctx.sent ?? []) {
      for (const r of boundAround(facts, t.scope, t.name) ?? []) {
        const callee = r.root.t === "call" && r.path.length === 0 ? r.root.callee : null;
        if (callee?.root.t !== "name" || callee.path.length > 0) continue;
        const gen = visibleFunction(defs, t.scope, callee.root.name);
        if (gen < 0 || !generatorAt(tree.rootNode, defs[gen]!.start)) continue;
        addTo(facts.bindings, gen, GEN_SENT, t.scope === gen ? t.ref : { root: { t: "scoped", scope: t.scope, ref: t.ref }, path: [] });
        // (Its call is a generator object even when it yields nothing: `it.next(f)` is no call of f.)
        if (!sentTo.has(gen)) {
          sentTo.add(gen);
          addToList(facts.returns, gen, { root: { t: "items", items: [] }, path: [] });
        }
      }
    }
    // `exports.old = f` then `module.exports = { current }`: old is no export of the module.
    if (ctx.replacedExports && ctx.bareExports && !/\bexports\s*=\s*module\.exports\b/.test(tree.rootNode.text)) {
      for (const { name, ref } of ctx.bareExports) {
        const list = facts.exports.get(name);
        const at = list ? list.indexOf(ref) : -1;
        if (at >= 0) list!.splice(at, 1);
        if (list && list.length === 0) facts.exports.delete(name);
      }
    }
    for (const name of ctx.copiedExports ?? []) {
      const lit = defs.findIndex((d) => d.kind === "object" && d.parent === -1 && d.name === name);
      if (lit < 0) continue;
      const keys = new Set<string>(facts.attrs.get(lit)?.keys() ?? []);
      for (const d of defs) if (d.parent === lit && !d.name.includes(".")) keys.add(d.name);
      for (const k of keys) if (k !== SPREAD && !k.startsWith("[") && !facts.exports.has(k)) addExport(facts, k, { root: { t: "name", name }, path: [k] });
    }
    if (ctx.paramThis) paramThisBindings(ctx);
    for (const c of ctx.caught?.viaCalls ?? []) addTo(facts.bindings, c.scope, c.name, c.ref);
    const catchable = ctx.caught && ctx.caught.thrown.length > 0 ? catchableThrows(ctx.caught, facts) : null;
    for (const c of ctx.caught?.catches ?? []) {
      const takes = catchable?.get(c);
      for (const t of ctx.caught!.thrown) {
        if (takes && !takes.has(t)) continue;
        addTo(facts.bindings, c.scope, c.name, t.scope === c.scope ? t.ref : { root: { t: "scoped", scope: t.scope, ref: t.ref }, path: [] });
      }
    }
    for (const a of ctx.assigned) {
      let scope = a.scope;
      const has = (s: number): boolean => !!facts.bindings.get(s)?.has(a.name) || ctx.declared.has(`${s}\u0000${a.name}`);
      while (scope >= 0 && !has(scope)) scope = defs[scope]!.parent;
      // Declared nowhere we see (an implicit global, `handler = work` in a function of a sloppy
      // script): the module's, where reads at the top level and in every function find it.
      // (Python's own assignments never come here; a TypeScript namespace's `export import x =`
      // is its member.)
      if (scope < 0 && a.scope >= 0 && !has(-1) && (defs[a.scope]!.namespace || (defs[a.scope]!.kind !== "function" && defs[a.scope]!.kind !== "method"))) scope = a.scope;
      const value: Ref = scope === a.scope ? a.value : { root: { t: "scoped", scope: a.scope, ref: a.value }, path: [] };
      addTo(facts.bindings, scope, a.name, value);
    }
  }
  return facts;
}

const PROVIDE_TEXT = /\bprovide\s*:/;
const USE_TEXT = /\buse(?:Class|Value|Factory|Existing)\s*:/;
/** Most object literals looked at for providers in one file. */
const MAX_PROVIDER_OBJECTS = 20_000;

/**
 * DI provider literals (NestJS, also Angular): `{ provide: TOKEN, useClass: C }` gives an instance
 * of C, `useExisting: C` the same, `useValue: v` v, `useFactory: f` what f returns. Kept by token
 * for the parameters that ask for it (`@Inject(TOKEN)`, facts-js.ts). Only files whose text
 * has both keys are walked.
 */
function diProviders(ctx: Ctx, root: Node): void {
  const text = root.text;
  const literals = PROVIDE_TEXT.test(text) && USE_TEXT.test(text);
  const calls = REGISTER_TEXT.test(text);
  if (!literals && !calls) return;
  const stack: Node[] = [root];
  let seen = 0;
  const add = (token: string | null, value: Ref | null, at: Node): void => {
    if (token && value) (ctx.facts.provides ??= []).push({ token, scope: ctx.scope(at), ref: value });
  };
  while (stack.length > 0 && seen < MAX_PROVIDER_OBJECTS) {
    const n = stack.pop()!;
    for (const c of n.namedChildren) if (c && c.type !== "comment" && c.type !== "string" && c.type !== "template_string") stack.push(c);
    if (n.type === "object" && literals) {
      seen++;
      let token: string | null = null;
      let value: Ref | null = null;
      for (const pair of n.namedChildren) {
        if (pair?.type !== "pair") continue;
        const key = field(pair, "key");
        const k = key?.type === "property_identifier" ? key.text : key?.type === "string" ? stringLiteral(key) : null;
        const v = field(pair, "value");
        if (!k || !v) continue;
        if (k === "provide") token = tokenKey(v);
        else value = providerValue(ctx, k, v) ?? value;
      }
      add(token, value, n);
    } else if (n.type === "call_expression" && calls) {
      seen++;
      const fn = field(n, "function");
      const method = fn?.type === "member_expression" ? field(fn, "property")?.text : undefined;
      if (!method) continue;
      const args = field(n, "arguments")?.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment") ?? [];
      if (REGISTER_METHODS.has(method) && args.length >= 2) {
        // tsyringe: `container.register(TOKEN, { useClass: C })`, `registerSingleton(TOKEN, C)`, `registerInstance(TOKEN, v)`.
        const token = tokenKey(args[0]);
        const second = args[1]!;
        if (second.type === "object") {
          for (const pair of second.namedChildren) {
            const key = pair?.type === "pair" ? field(pair, "key") : null;
            const v = pair ? field(pair, "value") : null;
            if (key?.type === "property_identifier" && v) add(token, providerValue(ctx, key.text, v), n);
          }
        } else {
          const ref = ctx.ref(second);
          if (ref) add(token, method === "registerInstance" ? ref : { root: { t: "new", callee: ref }, path: [] }, n);
        }
      } else if (BIND_TO.has(method) && args.length === 1) {
        // InversifyJS: `container.bind<Mailer>(TYPES.Mailer).to(SmtpMailer)` (also toConstantValue / toDynamicValue).
        const bound = fn ? field(fn, "object") : null;
        const bindFn = bound?.type === "call_expression" ? field(bound, "function") : null;
        const bindName = bindFn?.type === "identifier" ? bindFn.text : bindFn?.type === "member_expression" ? field(bindFn, "property")?.text : undefined;
        if (bindName !== "bind") continue;
        const ref = ctx.ref(args[0]!);
        if (!ref) continue;
        const value: Ref = method === "to" ? { root: { t: "new", callee: ref }, path: [] } : method === "toConstantValue" ? ref : { root: { t: "call", callee: ref }, path: [] };
        add(tokenKey(firstArgument(field(bound!, "arguments"))), value, n);
      }
    }
  }
}

const REGISTER_TEXT = /\.register(?:Singleton|Instance|Type)?\s*\(|\bbind\s*(?:<[^>]*>\s*)?\(/;
const REGISTER_METHODS = new Set(["register", "registerSingleton", "registerInstance", "registerType"]);
const BIND_TO = new Set(["to", "toConstantValue", "toDynamicValue"]);

/** A provider's value by its key: an instance of a class, a value, or what a factory returns. */
function providerValue(ctx: Ctx, key: string, v: Node): Ref | null {
  if (key !== "useClass" && key !== "useExisting" && key !== "useFactory" && key !== "useValue" && key !== "useToken") return null;
  const ref = ctx.ref(v);
  if (!ref) return null;
  if (key === "useValue") return ref;
  if (key === "useFactory") return { root: { t: "call", callee: ref }, path: [] };
  // tsyringe's `useToken: OTHER` is another token's provider: read as that class when it names one.
  return { root: { t: "new", callee: ref }, path: [] };
}

/** What a declarator's value defines, by its type (a class: tags.scm's pattern, for its bases). */
const DECLARED_DEFS = new Map([
  ["function_expression", "definition.function"], ["arrow_function", "definition.function"],
  ["generator_function", "definition.function"], ["object", "definition.object"],
]);

/** `Object.create(null)`. */
function isBareDictionary(call: Node): boolean {
  const args = field(call, "arguments");
  return args?.namedChildCount === 1 && args.namedChild(0)?.type === "null" && field(call, "function")?.text === "Object.create";
}

/** Per file: how often each name is written as an assignment target (`x =`, `x +=`, `x++`, declarations included). */
const ASSIGNED = new WeakMap<object, Map<string, number>>();

/**
 * Whether the file writes the declared name only once (its declaration): no `KEY = ...`,
 * `KEY += ...` or `KEY++` anywhere, read from the file's text once per file.
 */
function assignedOnce(name: Node): boolean {
  const tree = name.tree as object;
  let counts = ASSIGNED.get(tree);
  if (!counts) {
    counts = new Map();
    const text = name.tree.rootNode.text;
    for (const m of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])|\+\+|--)/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
    for (const m of text.matchAll(/(?:\+\+|--)\s*([A-Za-z_$][\w$]*)/g)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
    ASSIGNED.set(tree, counts);
  }
  return (counts.get(name.text) ?? 0) <= 1;
}

/**
 * `const f = () => {}`, `const api = { run() {} }`: a name given a function or an object literal
 * defines it, told from the declarator's match (a pattern of its own kept a second query state
 * per declarator).
 */
function declaredDef(caps: Caps, language: SourceLanguage, toRef: (n: Node) => Ref | null, out: Def[]): void {
  const raw = cap(caps, "binding.value");
  if (raw?.type === "subscript_expression" && language !== "python") keyedBinding(cap(caps, "binding.name")!, raw);
  if (raw?.type === "string") {
    // `const KEY = "run"`: a computed key written as KEY names member run (refs.ts constKey).
    const name = cap(caps, "binding.name")!;
    const text = stringLiteral(raw);
    const keyword = cap(caps, "binding")!.parent?.firstChild?.type;
    // (`var KEY = "run"` / `let` too when the file never assigns the name again: assignedOnce.)
    if (text !== null && name.type === "identifier" && (keyword === "const" || ((keyword === "var" || keyword === "let") && language !== "python" && assignedOnce(name)))) addConstKey(name.text, text, name);
    return;
  }
  // `const m = on ? "start" : "stop"`: `svc[m]` is either member (refs.ts constPairs).
  if (raw?.type === "ternary_expression" && language !== "python") {
    const name = cap(caps, "binding.name")!;
    const keys = name.type === "identifier" && cap(caps, "binding")!.parent?.firstChild?.type === "const" ? ternaryKeys(raw) : null;
    if (keys) addConstPair(name.text, keys, name);
  }
  // `const RUN = Symbol("run")`: a computed key written as RUN names member `[RUN]`, as the
  // method `[RUN]() {}` is named, so `job[RUN]()` is that member, not any of job's.
  if (raw?.type === "call_expression" && language !== "python" && /^Symbol(?:\.for)?$/.test(field(raw, "function")?.text ?? "")) {
    const name = cap(caps, "binding.name")!;
    if (name.type === "identifier" && cap(caps, "binding")!.parent?.firstChild?.type === "const") addConstKey(name.text, `[${name.text}]`, name);
  }
  let value = raw && typedLiteral(raw);
  // `var App = App || {}` (an ES5 namespace a script may have made before): the literal is App.
  if (value?.type === "binary_expression" && language !== "python" && field(value, "operator")?.text === "||" && field(value, "right")?.type === "object" &&
    field(value, "left")?.text === cap(caps, "binding.name")?.text) value = field(value, "right") ?? undefined;
  // `const handlers = Object.create(null)`: a dictionary without a prototype, as `{}` is one.
  const capture = value && (DECLARED_DEFS.get(value.type) ?? (value.type === "call_expression" && language !== "python" && isBareDictionary(value) ? "definition.object" : undefined));
  if (!capture) return;
  const name = cap(caps, "binding.name")!;
  if (name.type !== "identifier") return;
  const patternIndex = caps[0]!.patternIndex;
  rawDef([{ patternIndex, name: "name", node: name }, { patternIndex, name: capture, node: value! }], language, toRef, out);
}

/**
 * JS `const h = o[k]` with a computed k (computedCall's rule): this file's such names, with the
 * block they are declared in (offsets) and the lookup's text, so that `h(x)` there is dynamic too.
 */
let keyedBindings: Map<string, { from: number; to: number; text: string; obj: Node | null }[]> | null = null;

function keyedBinding(name: Node, value: Node): void {
  const index = field(value, "index");
  if (name.type !== "identifier" || !index || stringLiteral(index) !== null || index.type === "number" || constKey(index) !== null) return;
  if (index.type === "ternary_expression" && ternaryKeys(index) !== null) return;
  const block = name.parent?.parent?.parent;
  if (!block) return;
  keyedBindings ??= new Map();
  const list = keyedBindings.get(name.text) ?? [];
  if (list.length < 16) list.push({ from: value.endIndex, to: block.endIndex, text: value.text, obj: field(value, "object") ?? null });
  keyedBindings.set(name.text, list);
}

/** `h(x)` of a name keyedBinding() saw declared before it in an enclosing block: a computed call `o[k](x)`. */
function keyedNameCall(ctx: Ctx, call: Node, name: string): void {
  const at = call.startIndex;
  const hit = keyedBindings?.get(name)?.find((b) => b.from <= at && at < b.to);
  if (!hit) return;
  const args = field(call, "arguments");
  const obj = hit.obj && ctx.ref(hit.obj);
  ctx.facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(`${hit.text}${args ? args.text : "()"}`), kind: "attribute", ...(obj ? { obj } : {}) });
}

/** TypeScript `{ ... } satisfies T` / `(() => x) as T`: the literal inside the casts; else the value. */
function typedLiteral(value: Node): Node {
  const type = value.type;
  return type === "satisfies_expression" || type === "as_expression" ? untyped(value) : value;
}

/**
 * An object literal returned (`return { run() {} }`, `() => ({ run() {} })`): a definition, its
 * methods named after the enclosing function. Found from the return patterns' matches: as patterns
 * of their own they kept query states through every returned expression and arrow body.
 */
function returnedObject(caps: Caps): Node | null {
  // (`return { ... } satisfies T`: the literal inside.)
  const value = typedLiteral(cap(caps, "return.value")!);
  const type = value.type;
  if (type === "object") return cap(caps, "return")!.type === "return_statement" ? value : null;
  // (`return ({ ... })` too: parentheses a return statement wraps the literal in.)
  if (type !== "parenthesized_expression") return null;
  // `(parenthesized_expression (object))`: the object among its named children (comments too).
  for (const child of value.namedChildren) if (child?.type === "object") return child;
  return null;
}

/** Nodes whose body is a function's scope (a block there is no block of its own). */
const JS_SCOPE_BODIES = new Set([
  "function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function",
  "generator_function_declaration", "class_static_block",
]);
/** Most block declarations renamed in a file. */
const MAX_BLOCK_NAMES = 64;

/**
 * JS block scoping, told before any Ref is made: a `let`/`const` declared in a block (not a
 * function's body), a `for (const x of ...)` and a `catch (e)` bind their name in that block only.
 * When the file declares the name elsewhere too (`function step` beside `for (const step of fs)`),
 * the block's identifiers of that name get a name of their own (refs.ts `jsName`), so that the
 * function's other binding is not among their values, nor theirs among its uses. A block that
 * also declares a function or class of the name, or a function in it taking a parameter of
 * the name, keeps the plain name there (those bindings are made from definitions).
 */
function blockShadows(matches: ReturnType<typeof queryMatches>): Map<string, BlockName[]> | null {
  const counts = new Map<string, number>();
  const defNames: Node[] = [];
  let candidates: { name: string; block: Node }[] | null = null;
  const count = (name: string): void => void counts.set(name, (counts.get(name) ?? 0) + 1);
  let local: Set<string> | null = null;
  // Declarators and catches whose block is looked up once their name proves declared twice
  // (each step up the tree crosses into WASM).
  const pending: { name: string; node: Node; catch: boolean }[] = [];
  for (const { captures } of matches) {
    for (const c of captures) {
      const capName = c.name;
      if (capName === "binding.declarator") {
        const nameNode = captures.find((x) => x.name === "binding.name")?.node;
        if (nameNode?.type !== "identifier") continue;
        const name = nameNode.text;
        count(name);
        (local ??= new Set()).add(name);
        pending.push({ name, node: c.node, catch: false });
      } else if (capName === "binding.loop") {
        const left = field(c.node, "left");
        if (left?.type !== "identifier") continue;
        const name = left.text;
        count(name);
        const kind = field(c.node, "kind")?.type;
        if (kind === "const" || kind === "let") (candidates ??= []).push({ name, block: c.node });
      } else if (capName === "catch.name") {
        const name = c.node.text;
        count(name);
        pending.push({ name, node: c.node, catch: true });
      } else if (capName === "name" || capName === "import.default" || capName === "import.namespace" || capName === "import.alias" || capName === "import.name") {
        if (c.node.type !== "identifier") continue;
        const text = c.node.text;
        count(text);
        if (capName === "name") {
          defNames.push(c.node);
          (local ??= new Set()).add(text);
        }
      }
    }
  }
  setLocalNames(local);
  for (const p of pending) {
    if ((counts.get(p.name) ?? 0) < 2) {
      // `if (cb) { let cb = fallback; cb(); }`: a block's let/const hiding a parameter of the
      // function around it (parameters are not counted above).
      if (p.catch || !shadowsParameter(p.node, p.name)) continue;
      count(p.name);
    }
    if (p.catch) {
      (candidates ??= []).push({ name: p.name, block: p.node.parent! });
      continue;
    }
    const decl = p.node.parent;
    if (decl?.type !== "lexical_declaration") continue;
    const block = lexicalBlock(decl.parent);
    if (block) (candidates ??= []).push({ name: p.name, block });
  }
  if (candidates === null) return null;
  // Each block's range, by name: refs.ts jsName() finds an identifier's innermost one when it
  // reads it (walking each block's identifiers here took a fifth of all JS extraction).
  let out: Map<string, BlockName[]> | null = null;
  let renamed = 0;
  candidates.sort((a, b) => a.block.startIndex - b.block.startIndex);
  for (const { name, block } of candidates) {
    if ((counts.get(name) ?? 0) < 2 || renamed >= MAX_BLOCK_NAMES) continue;
    const start = block.startIndex;
    const end = block.endIndex;
    if (defNames.some((d) => d.startIndex >= start && d.endIndex <= end && d.text === name)) continue;
    out ??= new Map();
    const list = out.get(name);
    const entry = { start, end, own: `${name}\u0001${start}` };
    if (list) list.push(entry);
    else out.set(name, [entry]);
    renamed++;
  }
  return out;
}

/** A block's `let`/`const` declarator whose name is a parameter of the function the block is in. */
function shadowsParameter(declarator: Node, name: string): boolean {
  const decl = declarator.parent;
  if (decl?.type !== "lexical_declaration" || !lexicalBlock(decl.parent)) return false;
  for (let n = decl.parent?.parent ?? null, depth = 0; n && depth < 24; n = n.parent, depth++) {
    if (!JS_SCOPE_BODIES.has(n.type)) continue;
    const params = field(n, "parameters") ?? field(n, "parameter");
    if (!params) return false;
    // Plain, defaulted and destructured parameter names (the text is enough to tell the word).
    return new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, "\\$")}([^\\w$:]|$)`).test(params.text);
  }
  return false;
}

/** The block a `let`/`const` declaration in `container` is scoped to; null for a function's or module's. */
function lexicalBlock(container: Node | null): Node | null {
  const type = container?.type;
  if (type === "statement_block") return JS_SCOPE_BODIES.has(container!.parent?.type ?? "") ? null : container!;
  if (type === "for_statement") return container!;
  if (type === "switch_case" || type === "switch_default") return container!.parent;
  return null;
}

/**
 * A named class expression returned (`return class Logged extends Base {}`, a mixin factory): a
 * definition, named after the enclosing function (`make.Logged`), with its base.
 */
function returnedClass(caps: Caps, language: SourceLanguage, toRef: (n: Node) => Ref | null, out: Def[]): void {
  const value = cap(caps, "return.value")!;
  if (value.type !== "class") return;
  if (field(value, "name")) return classExpressionDef(value, caps[0]!.patternIndex, language, toRef, out);
  anonymousClassDef(value, caps[0]!.patternIndex, language, toRef, out);
}

/**
 * A mixin's `return class extends Base { run() {} }`, `new (class { ... })()`: an anonymous class
 * (`main.mixin.<anonymous1>.run`), numbered as anonymous functions are.
 */
function anonymousClassDef(value: Node, patternIndex: number, language: SourceLanguage, toRef: (n: Node) => Ref | null, out: Def[]): void {
  const own: Caps[number][] = [{ patternIndex, name: "definition.anonymous", node: value }, { patternIndex, name: "definition.class", node: value }];
  for (const c of value.namedChildren) {
    const base = c?.type === "class_heritage" ? c.namedChild(0) : null;
    if (base) own.push({ patternIndex, name: "definition.base", node: base });
  }
  rawDef(own, language, toRef, out);
}

/** A named class expression returned or passed to a call (`instantiate(class Worker {})`). */
function classExpressionDef(value: Node, patternIndex: number, language: SourceLanguage, toRef: (n: Node) => Ref | null, out: Def[]): void {
  const name = field(value, "name");
  if (!name) return;
  const own: Caps[number][] = [{ patternIndex, name: "name", node: name }, { patternIndex, name: "definition.class", node: value }];
  for (const c of value.namedChildren) {
    const base = c?.type === "class_heritage" ? c.namedChild(0) : null;
    if (base) own.push({ patternIndex, name: "definition.base", node: base });
  }
  rawDef(own, language, toRef, out);
}

const JS_ANONYMOUS = new Set(["<arrow>", "<anonymous>"]);

/** Python defs whose statement is one of a module's or function's body (rawDef; defKills). */
const PY_STATEMENT_DEFS = new WeakSet<Def>();
/** Python defs that are statements of a class body; those of them with no decorator (pyRedefined). */
const PY_CLASS_BODY_DEFS = new WeakSet<Def>();
const PY_PLAIN_DEFS = new WeakSet<Def>();

/**
 * A function literal a destructured parameter's member defaults to (`{ format = (m) => m } = {}`):
 * the name's value, called where the name is (not where it is written). A declaration's
 * (`const { a = () => {} } = o`) is bound by the declarator; a plain parameter's (`cb = () => {}`)
 * stays called where written, its function being the one to call it.
 */
function literalDefault(ctx: Ctx, literal: Node): void {
  const pattern = literal.parent;
  if (pattern?.type !== "object_assignment_pattern") return;
  const left = field(pattern, "left");
  if (left?.type !== "shorthand_property_identifier_pattern" && left?.type !== "identifier") return;
  for (let n = pattern.parent, depth = 0; n && depth < 8; n = n.parent, depth++) {
    if (n.type !== "formal_parameters") continue;
    const fn = n.parent;
    const scope = fn ? ctx.facts.defs.findIndex((d) => d.start === fn.startIndex) : -1;
    if (scope < 0) return;
    ctx.anonymousUses.set(literal.startIndex, true);
    addTo(ctx.facts.bindings, scope, left.text, { root: { t: "def", start: literal.startIndex }, path: [] });
    return;
  }
}

/**
 * A JS anonymous function that is neither passed to a call, returned, nor called at once (a JSX
 * handler, an array element, a default value) counts as called where it is written. One that is
 * (and the methods of an object literal returned or passed on) is weakly referenced there: its
 * caller may be code we do not see, so reach follows it while the pycg form does not.
 */
function anonymousRefs(facts: FactsDraft, used: Map<number, boolean>): void {
  facts.defs.forEach((d, i) => {
    const inLiteral = d.parent >= 0 && facts.defs[d.parent]!.kind === "object" && facts.defs[d.parent]!.name === "";
    if (!d.anonymous && !(inLiteral && (d.kind === "function" || d.kind === "method"))) return;
    // (A returned anonymous class, returnedClass(), is made by what its caller does with it.)
    if (d.kind === "class") return;
    let scope = d.parent;
    while (scope >= 0 && facts.defs[scope]!.kind === "object") scope = facts.defs[scope]!.parent;
    const ref: Ref = { root: { t: "def", start: d.start }, path: [] };
    const use = used.get(d.start);
    if (d.anonymous && use === undefined) facts.calls.push({ scope, ref, line: d.line, kind: "ref" });
    else if (use !== false && scope !== i) facts.calls.push({ scope, ref, line: d.line, kind: "ref", weak: true });
  });
}

/**
 * `group`: an if/else statement of the body whose every branch that goes on reassigns the name:
 * like one reassignment (lines from..to) holding any of bindings group..index (`branchGroups`).
 */
interface Reassign { scope: number; name: string; index: number; from: number; to: number; wrap: boolean; straight: boolean; group?: number }

interface Ctx {
  facts: FactsDraft;
  /** JS destructuring assignments, bound to their names' declaring scopes at the end. */
  assigned: { scope: number; name: string; value: Ref }[];
  /** JS names declared with no value yet ("scope\0name"): where such assignments bind. */
  declared: Set<string>;
  /**
   * JS `f = v` of a name its scope binds already, as binding `index` (lines `from`..`to`); `wrap`:
   * v is a call (`f = wrap(f)`: the f among its arguments is the f from before); `straight`: a
   * statement of its function's body (or the module's), not in a block or loop.
   */
  reassigns?: Reassign[];
  /** JS `f = v` directly in a branch of an if/else statement of its body (`jsBranch`). */
  branchReassigns?: ({ scope: number; name: string; index: number } & JsBranch)[];
  /** "scope\0name" of the straight reassignments. */
  reassigned?: Set<string>;
  /** JS calls `f()` of a reassigned name, in straight-line code: they see the last binding before. */
  straightCalls?: CallFact[];
  /**
   * JS `o.x = v` on objects other than `this`: the object as a name and members (objectAttrs);
   * `from`/`to`: the value's lines, for a call value (`o.m = wrap(o.m)`: objectAttrs).
   */
  objAssigns?: { scope: number; object: string[]; name: string; value: Ref; from: number; to: number; proto?: true }[];
  /** JS `it.next(v)` on a name: the generator object's name, the call's scope and v. */
  sent?: { scope: number; name: string; ref: Ref }[];
  /** JS `this.x = v` at the top level: a CommonJS module's export x (a classic script's global x). */
  topThis?: { name: string; ref: Ref }[];
  /**
   * CommonJS: exports set as `exports.x = v` (bare `exports`), and whether a top-level
   * `module.exports = v` replaces the object they were set on (then they are not the module's).
   */
  bareExports?: { name: string; ref: Ref }[];
  /** CommonJS: object literals whose every member is copied onto `exports` (`exports[k] = impl[k]`). */
  copiedExports?: string[];
  replacedExports?: boolean;
  /** JS `catch (e)` parameters and thrown values (`throw v`): each e may hold any v of the file. */
  /** `fn.call(obj)` / `fn.bind(obj)` on a parameter fn of function `def` (at `index`): thisArgument. */
  paramThis?: { def: number; index: number; scope: number; obj: Ref }[];
  caught?: { catches: CatchParam[]; thrown: { scope: number; ref: Ref; at?: number }[]; viaCalls?: { scope: number; name: string; ref: Ref }[] };
  defIndex: Map<number, number>;
  /** `type`, `text`: the node's type and text when already read (each read crosses into WASM). */
  ref: (n: Node, type?: string, text?: string) => Ref | null;
  scope: (n: Node) => number;
  /** TypeScript: the namespace whose body holds a position, or -1 (only when the file has one). */
  namespaceOf?: (pos: number) => number;
  /** Python `name = value` statements that always run in their scope (facts-py.ts). */
  kills: Kills;
  /** Python `name = value` in branches of an if/else or a loop's else (facts-py.ts branchBind). */
  branches: Branches;
  /** JS anonymous functions by start: false when called or passed on, true when kept for a later caller. */
  anonymousUses: Map<number, boolean>;
  /** Facts told before the place where the query used to report them (deferred.ts). */
  later: Deferred;
  /** JS identifiers whose conversion has a fact (`convert`): scope → name → CONVERT_BITS of the hints. */
  converted?: Map<number, Map<string, number>>;
  /**
   * JS `@factory(...)` decorator calls by start: the scope the class is defined in; Python calls
   * in parameter defaults: the scope the function is defined in.
   */
  decorators?: Map<number, number>;
  /**
   * `new Promise((resolve) => ...)`: the executors' first parameter names and ranges, so that
   * `resolve(f)` in one is no call of f (the promise holds f: refs.ts).
   */
  executors?: { name: string; reject?: string; start: number; end: number }[];
  /** JS names the top level binds to module.exports (exportsAliases). */
  exportsAliases?: Set<string>;
}

function rawDef(caps: Caps, language: SourceLanguage, toRef: (n: Node) => Ref | null, out: Def[]): void {
  for (const [capture, captured] of DEF_CAPTURES) {
    const node = cap(caps, capture);
    if (!node) continue;
    // Each Node accessor crosses into WASM: every type and text is read once.
    const type = node.type;
    const anonymousCapture = has(caps, "definition.anonymous");
    const nameCap = anonymousCapture ? undefined : (cap(caps, "name") ?? fieldName(cap(caps, "name.of")));
    const nameCapText = nameCap?.text;
    // `module.exports = function () {}` is an anonymous function too (the module is callable).
    // `{ [k]: function () {} }` with k no constant of the file: an anonymous function, as before
    // the key pattern (a method `[k]() {}` keeps its text).
    const computedKey = nameCap?.type === "computed_property_name" ? staticKey(nameCap.namedChild(0)!) : null;
    // `{ [k]: { ... } }` with k no constant of the file: no definition (the object stays a value).
    if (captured === "object" && nameCap?.type === "computed_property_name" && computedKey === null) return;
    const subscriptName = nameCap?.type === "subscript_expression" ? subscriptDefName(nameCap) : null;
    const anonymous = anonymousCapture || (nameCapText === "module.exports" && JS_FUNCTION_LITERALS.has(type)) ||
      (nameCap?.type === "computed_property_name" && computedKey === null && type !== "method_definition") ||
      (nameCap?.type === "subscript_expression" && subscriptName === null);
    const nameNode = anonymous ? undefined : nameCap;
    const nameType = nameNode?.type;
    let name = captured === "main" ? "__main__" : type === "lambda" ? "<lambda>" : (nameNode ? nameCapText! : "default");
    // An object literal returned or passed on has no name: its members are named after its scope.
    if (captured === "object" && !nameNode) name = "";
    // A named function expression (`setTimeout(function tick() {})`) keeps its own name.
    if (anonymous) name = field(node, "name")?.text ?? (type === "arrow_function" ? "<arrow>" : "<anonymous>");
    if (nameType === "string") name = stringLiteral(nameNode!) ?? name;
    else if (nameType === "computed_property_name") name = computedKey ?? name;
    else if (nameType === "subscript_expression") name = subscriptName ?? name;
    // `const api = exports; api.run = function () {}`: the export run, named as `exports.run` is.
    else if (nameType === "member_expression" && language !== "python" && /^[\w$]+\.[\w$]+$/.test(name)) {
      const dot = name.indexOf(".");
      if (topExportsAliases(nameNode!).has(name.slice(0, dot))) name = `exports${name.slice(dot)}`;
    }
    // `const b = function funcB() {}` / `b = function funcB() {}` is the function funcB: the
    // variable only holds it (bound by the declaration); funcB is bound inside itself. So is a
    // named class expression (`const x = class Apple {}` is the class Apple).
    // `module.exports = class Queue {}` too: the class Queue, the module's value.
    const own = language !== "python" && (captured === "function" || type === "class") &&
      (nameType === "identifier" || (type === "class" && nameCapText === "module.exports")) &&
      type !== "function_declaration" && type !== "generator_function_declaration"
      ? field(node, "name")?.text : undefined;
    if (own) name = own;
    // Members of object/class literals; kept only if their literal is a definition (nestDefs).
    const member = language !== "python" && (type === "method_definition" || MEMBER_NAMES.has(nameType ?? "") || nameType === "computed_property_name");
    const kind: DefKind = captured === "function" && member ? "method" : captured;
    const bases: Ref[] = [];
    for (const b of capAll(caps, "definition.base")) {
      const baseType = b.type;
      const expr = baseType === "extends_clause" ? field(b, "value") : baseType === "implements_clause" ? null : b;
      const ref = expr ? toRef(expr) : null;
      if (ref) bases.push(ref);
    }
    const memberStarts = language !== "python" && (kind === "class" || kind === "object") ? literalMembers(node) : [];
    const def: Def = { kind, name, start: node.startIndex, end: node.endIndex, line: line(node), member, memberStarts, bases, parent: -1, qname: name };
    if (anonymous) def.anonymous = true;
    if (type === "call" && kind === "class") def.callMade = true;
    if (type === "internal_module" || type === "module") def.namespace = true;
    if (type === "function_definition") {
      const body = field(node, "body");
      if (body) BODY_STARTS.set(def, body.startIndex);
    }
    // A JS function declaration: the body (or block) it is a statement of (redeclaredFunction).
    if (language !== "python" && (type === "function_declaration" || type === "generator_function_declaration")) DECLARED_IN.set(def, node.parent?.startIndex ?? -1);
    if (language === "python" && (type === "function_definition" || type === "class_definition")) {
      // A statement of a module's or function's body (decorated or not): defKills.
      const up = pyAncestors(node);
      let i = up.length - 1;
      if (up[i]?.type === "decorated_definition") i--;
      if (up[i]?.type === "module" || (up[i]?.type === "block" && up[i - 1]?.type === "function_definition")) PY_STATEMENT_DEFS.add(def);
      if (up[i]?.type === "block" && up[i - 1]?.type === "class_definition") PY_CLASS_BODY_DEFS.add(def);
      if (up[i]?.type === "block" && up[i - 1]?.type === "class_definition" && (up[up.length - 1]?.type !== "decorated_definition" || (node.parent !== null && markersOnly(node.parent)))) PY_PLAIN_DEFS.add(def);
    }
    if (own) def.ownName = true;
    if (type === "method_definition") {
      let getter = false;
      let setter = false;
      let isStatic = false;
      for (const c of node.children) {
        const t = c?.type;
        if (t === "get") getter = true;
        else if (t === "set") setter = true;
        else if (t === "static") isStatic = true;
      }
      if (getter) def.getter = true;
      if (setter) def.setter = true;
      if (isStatic) def.static = true;
    }
    if (language !== "python" && (kind === "function" || kind === "method")) {
      const fn = type === "method_definition" || JS_FUNCTION_LITERALS.has(type) || type.endsWith("function_declaration")
        ? node : null;
      if (fn) {
        if (type !== "arrow_function") def.arguments = true;
        const params = jsParams(fn, toRef);
        if (params.length > 0) def.params = params;
        if (language === "typescript") {
          const returnsTyped = typeValue(field(fn, "return_type"));
          if (returnsTyped) def.returnsTyped = returnsTyped;
        }
      }
    }
    if (def.namespace && nameType === "nested_identifier") return dottedNamespace(def, nameNode!, out);
    out.push(def);
    return;
  }
}

/**
 * JS `o["run"] = function () {}` / `this[KEY] = f` with KEY a `const` of the file holding "run":
 * the def's name as the member form `o.run` / `this.run` has it; null for any other key (a number,
 * a name we cannot read), whose function literal stays anonymous.
 */
function subscriptDefName(node: Node): string | null {
  const object = field(node, "object");
  const index = field(node, "index");
  if (!object || !index || !/^(?:this|[\w$]+)(?:\.[\w$]+)*$/.test(object.text)) return null;
  const key = staticKey(index);
  return key !== null && /^[A-Za-z_$][\w$]*$/.test(key) ? `${object.text}.${key}` : null;
}

/** JS function declarations and the start of the body or block each is a statement of. */
const DECLARED_IN = new WeakMap<Def, number>();

/**
 * JS `function f() {}` declared again later in the same body or block: the name holds the last
 * declaration from the start (hoisting), so an earlier one of that body is never called by name.
 */
function redeclaredFunction(facts: FactsDraft, defs: Def[], d: Def): void {
  const list = facts.bindings.get(d.parent)?.get(d.name);
  if (!list) return;
  const block = DECLARED_IN.get(d);
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i]!;
    if (r.root.t !== "def" || r.path.length > 0) continue;
    const start = r.root.start;
    const earlier = defs.find((e) => e.start === start && e.parent === d.parent);
    if (earlier && DECLARED_IN.get(earlier) === block) list.splice(i, 1);
  }
}

/**
 * `namespace App.Util {}` is `namespace App { export namespace Util {} }`: an outer namespace per
 * leading name, each starting at its name (defs are told apart by start), the body the last's.
 */
function dottedNamespace(def: Def, nameNode: Node, out: Def[]): void {
  const parts = nameNode.text.split(".").map((p) => p.trim());
  if (parts.length > 8 || parts.some((p) => !/^[\w$]+$/.test(p))) return;
  let at = 0;
  const starts = parts.map((p) => {
    at = nameNode.text.indexOf(p, at);
    const start = nameNode.startIndex + at;
    at += p.length;
    return start;
  });
  for (let i = 0; i < parts.length - 1; i++) {
    const start = i === 0 ? def.start : starts[i]!;
    out.push({ ...def, name: parts[i]!, qname: parts[i]!, start, memberStarts: [starts[i + 1]!], bases: [] });
  }
  out.push({ ...def, name: parts.at(-1)!, qname: parts.at(-1)!, start: starts.at(-1)! });
}

/** A class field's name: JavaScript's field_definition has it as `property`, TypeScript's public_field_definition as `name`. */
function fieldName(node: Node | undefined): Node | undefined {
  return (node && field(node, node.type === "field_definition" ? "property" : "name")) ?? undefined;
}

const MEMBER_NAMES = new Set(["property_identifier", "private_property_identifier", "string", "number"]);

/**
 * Start offsets of the functions directly inside an object/class literal. Computed downwards
 * from the literal: tree-sitter has no parent pointers, so `node.parent` costs a walk from the
 * root, which is quadratic on deeply nested code.
 */
function literalMembers(node: Node): number[] {
  const out: number[] = [];
  const isClass = node.type !== "object";
  const body = isClass ? field(node, "body") : node;
  for (const child of body?.namedChildren ?? []) {
    if (!child) continue;
    const type = child.type;
    if (type === "method_definition") out.push(child.startIndex);
    else {
      const value = field(child, "value");
      if (!value) {
        if (isClass && type === "public_field_definition" && pendingFields.length < 256) {
          const injected = injectedField(child);
          const name = injected ? fieldName(child) : undefined;
          if (injected && name?.type === "property_identifier") pendingFields.push({ cls: node.startIndex, name: name.text, ref: injected });
        }
        continue;
      }
      out.push(value.startIndex);
      // (`{ run: (() => {}) }`: the function inside the parentheses is the member, tags.scm.)
      if (value.type === "parenthesized_expression" && type === "pair") {
        const inner = value.namedChildren.find((c) => c !== null && JS_FUNCTION_LITERALS.has(c.type));
        if (inner) out.push(inner.startIndex);
      }
      if (isClass && (type === "field_definition" || type === "public_field_definition")) instanceField(node, child, value);
    }
  }
  return out;
}

/**
 * Fields of this file's classes holding values other than function literals (`handler = onSave`,
 * `#h = make()`, `static handler = onSave`): attributes of the class, as `this.handler = onSave`
 * in its constructor makes them (read once the file's definitions are known: fieldAttrs).
 */
let pendingFields: ({ cls: number; name: string; value: Node; ref?: undefined } | { cls: number; name: string; value?: undefined; ref: Ref })[] = [];

function instanceField(cls: Node, child: Node, value: Node): void {
  const vt = value.type;
  if (vt === "arrow_function" || vt === "function_expression" || vt === "class" || pendingFields.length >= 256) return;
  const name = fieldName(child);
  if (name?.type !== "property_identifier" && name?.type !== "private_property_identifier") return;
  // (A static field, `static handler = onSave`, is kept the same way: `Form.handler()` reads it.)
  pendingFields.push({ cls: cls.startIndex, name: name.text, value });
}

function fieldAttrs(ctx: Ctx): void {
  for (const f of pendingFields) {
    const cls = ctx.defIndex.get(f.cls);
    const ref = cls === undefined ? null : f.ref ?? ctx.ref(f.value!);
    if (ref) addAttr(ctx.facts, cls!, f.name, { scope: cls!, ref });
  }
  pendingFields = [];
}

function addAttr(facts: FactsDraft, def: number, name: string, value: ScopedRef): void {
  let inner = facts.attrs.get(def);
  if (!inner) facts.attrs.set(def, (inner = new Map()));
  const list = inner.get(name);
  if (list) list.push(value);
  else inner.set(name, [value]);
}

function addExport(facts: FactsDraft, name: string, ref: Ref | null): void {
  if (!ref) return;
  const list = facts.exports.get(name);
  if (list) list.push(ref);
  else facts.exports.set(name, [ref]);
}

/** Longest qualified name kept; deeper nesting is named by line so names stay small. */
const MAX_QNAME = 200;

function qualify(parent: string, name: string, line: number): string {
  return parent.length + name.length < MAX_QNAME ? `${parent}.${name}` : `${name}@${line}`;
}

/** Object literals, functions and classes named by a declaration in a function, as "parent\0name" (made once per file). */
let objectsOf: { defs: Def[]; names: Set<string> } | null = null;

function localObjects(defs: Def[]): Set<string> {
  if (objectsOf?.defs === defs) return objectsOf.names;
  const names = new Set<string>();
  for (const d of defs) {
    // Also a function or class the function declares (an ES5 constructor in an IIFE module:
    // `function Person() {}` then `Person.prototype.greet = function () {}` in the same body).
    const named = d.kind === "object" || ((d.kind === "function" || d.kind === "class") && !d.anonymous);
    if (named && d.parent >= 0 && d.name !== "" && !d.name.includes(".")) names.add(`${d.parent}\u0000${d.name}`);
  }
  objectsOf = { defs, names };
  return names;
}

/** Names nameDefs made global functions (`global.helper = function () {}`), read by globalObjectCalls. */
let globalDefs: string[] = [];
/** JS `p.m = function () {}` definitions, for objectAttrs: attributes of the instance p names (only made ones). */
let instanceDefs: (NonNullable<Ctx["objAssigns"]>[number] & { made?: true })[] = [];

/**
 * Per function written in place and called at once, the indices of its parameters given the
 * global object (`(function (g) { ... })(globalThis)`, a script's top-level `this`): nameDefs
 * names `g.Lib = { ... }` in it a global, as `window.Lib = { ... }`. Read from the call's
 * syntax because nameDefs runs before calls are facts (globalParam does the same later for
 * `g.x = f`, whose value is a reference, not a definition).
 */
let iifeGlobals: Map<number, number[]> | null = null;
/** As iifeGlobals, the parameters given a CommonJS module's top-level `this` (its exports). */
let iifeExports: Map<number, number[]> | null = null;

/** `callee`: the call's captured callee (its `function` field; a JSX element's name, never a function). */
function iifeGlobalArgs(call: Node, callee: Node | null, args: Node[]): void {
  // (The captured callee, not `field(call, "function")`: a crossing into WASM per call with arguments.)
  let fn = callee;
  if (fn?.type === "parenthesized_expression" && fn.namedChildCount === 1) fn = fn.namedChild(0);
  if (fn?.type !== "function_expression" && fn?.type !== "arrow_function") return;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const global = globalNode(a, call);
    // (A CommonJS module's top-level `this` is its exports: `g.Lib = { ... }` is its export Lib.)
    if (!global && a.type === "this" && topLevel(call) && commonJsText(call)) {
      const list = (iifeExports ??= new Map()).get(fn.startIndex);
      if (list) list.push(k);
      else iifeExports.set(fn.startIndex, [k]);
    }
    if (!global) continue;
    const list = (iifeGlobals ??= new Map()).get(fn.startIndex);
    if (list) list.push(k);
    else iifeGlobals.set(fn.startIndex, [k]);
  }
}

/**
 * Whether an IIFE's argument is the global object: `window`, `globalThis`, a classic script's
 * top-level `this`, or a choice of those (`typeof window !== "undefined" ? window : globalThis`,
 * `self || this`).
 */
function globalNode(a: Node, call: Node, depth = 0): boolean {
  const type = a.type;
  if (type === "identifier") return GLOBAL_OBJECTS.has(a.text);
  if (type === "this") return topLevel(call) && scriptText(call);
  if (depth > 2) return false;
  if (type === "parenthesized_expression" && a.namedChildCount === 1) return globalNode(a.namedChild(0)!, call, depth + 1);
  const operands = type === "ternary_expression" ? [field(a, "consequence"), field(a, "alternative")]
    : type === "binary_expression" && (field(a, "operator")?.type === "||" || field(a, "operator")?.type === "??") ? [field(a, "left"), field(a, "right")] : null;
  return operands !== null && operands.every((o) => o !== null && globalNode(o, call, depth + 1));
}

/** Whether `name`, seen from scope, is a parameter iifeGlobalArgs found given the global object. */
function iifeGlobal(facts: FactsDraft, iife: Map<number, number[]>, scope: number, name: string): boolean {
  const refs = boundAround(facts, scope, name);
  if (refs?.length !== 1) return false;
  const root = refs[0]!.root;
  return root.t === "param" && !root.star && refs[0]!.path.length === 0 && iife.get(root.def)?.includes(root.index) === true;
}

/** Whether a node is outside every function (and class), where `this` is the file's own. */
function topLevel(n: Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (JS_FUNCTION_LITERALS.has(p.type) || p.type === "function_declaration" || p.type === "method_definition" || p.type === "class_body") return false;
  return true;
}

/**
 * Whether a file reads as a classic script (its top-level `this` the global object): no module
 * syntax or CommonJS name in its text. Conservative: a word in a comment makes it a module.
 */
function scriptText(n: Node): boolean {
  let root = n;
  while (root.parent) root = root.parent;
  return !/\b(?:require|module|exports|import|export)\b/.test(root.text);
}

/** Whether a file reads as a CommonJS module: a CommonJS name in its text and no module syntax word. */
function commonJsText(n: Node): boolean {
  let root = n;
  while (root.parent) root = root.parent;
  const text = root.text;
  return /\b(?:require|module|exports)\b/.test(text) && !/\b(?:import|export)\b/.test(text);
}

/** Qualified names, members and scope bindings of definitions (parents come before children). */
function nameDefs(facts: FactsDraft): void {
  const { defs } = facts;
  globalDefs = [];
  const iife = iifeGlobals;
  iifeGlobals = null;
  const iifeExported = iifeExports;
  iifeExports = null;
  instanceDefs = [];
  const lambdas = new Map<number, number>();
  // Per enclosing definition, by name (`<arrow>`, `<anonymous>`): no key string per function.
  const counters = new Map<string, Map<number, number>>();
  for (const name of JS_ANONYMOUS) counters.set(name, new Map());
  defs.forEach((d, i) => {
    const p = d.parent >= 0 ? defs[d.parent]! : null;
    // A React class component (`extends React.Component`): `this.props` is what its elements pass
    // (`<Item onRemove={remove} />`, flow.ts: the class's sites when it has no constructor).
    if (d.kind === "class" && facts.language !== "python" && d.bases.some(componentBase)) {
      addAttr(facts, i, "props", { scope: i, ref: { root: { t: "param", def: d.start, index: 0, name: "props" }, path: [] } });
      // `static defaultProps = { onClose: noop }`: props an element leaves out (flow-insensitive: any).
      if (pendingFields.some((f) => f.cls === d.start && f.name === "defaultProps") || defs.some((m) => m.parent === i && m.name === "defaultProps")) {
        addAttr(facts, i, "props", { scope: i, ref: { root: { t: "def", start: d.start }, path: ["defaultProps"] } });
      }
    }
    // JS parameters: bound in the function's scope, valued by its call sites' arguments (flow.ts).
    for (const q of d.params ?? []) {
      // Optional keys set after the others, in this order (the key order is the encoding's).
      const root: Extract<Root, { t: "param" }> = { t: "param", def: d.start, index: q.index, name: q.name };
      if (q.dflt) root.default = q.dflt;
      if (q.star) root.star = q.star;
      const value: Ref = { root, path: q.path };
      addTo(facts.bindings, i, q.name, value);
      // `({ log = quiet })`: quiet only when some argument may lack log (as a declaration's `{ a = d }`).
      if (q.memberDefault) addTo(facts.bindings, i, q.name, q.path.length === 1 ? { root: { t: "union", refs: [value, q.memberDefault], present: true }, path: [] } : q.memberDefault);
      // TypeScript: the annotated type stands for the values we do not see arrive.
      if (q.typed) addTo(facts.bindings, i, q.name, q.typed);
      if (q.property && p?.kind === "class") {
        addAttr(facts, d.parent, q.name, { scope: i, ref: value });
        if (q.typed) addAttr(facts, d.parent, q.name, { scope: i, ref: q.typed });
      }
    }
    // A non-arrow JS function's `arguments` holds its arguments as an array (`arguments[0]()`).
    if (facts.language !== "python" && (d.kind === "function" || d.kind === "method") && d.arguments) {
      addTo(facts.bindings, i, "arguments", { root: { t: "param", def: d.start, index: 0, name: "arguments", star: "*" }, path: [] });
    }
    if (d.kind === "object" && d.name === "") {
      d.qname = p ? p.qname : "";
      return;
    }
    // A legacy decorator's `descriptor.value = function () {}` (facts.ts descriptorValue): an
    // anonymous function of the decorator, not a member of some module-level `descriptor`.
    // (`descriptor.get = function () {}` of an accessor decorator too.)
    const described = d.kind === "function" && p ? (d.name.endsWith(".value") ? ".value" : d.name.endsWith(".get") ? ".get" : null) : null;
    if (described !== null && p!.params?.some((q) => q.index === 2 && q.path.length === 0 && q.name + described === d.name)) {
      d.anonymous = true;
      d.name = d.arguments ? "<anonymous>" : "<arrow>";
    }
    if (d.anonymous && !JS_ANONYMOUS.has(d.name)) {
      // Its name is bound only inside itself (recursion), not where it is written.
      d.qname = p ? qualify(p.qname, d.name, d.line) : d.name;
      addTo(facts.bindings, i, d.name, { root: { t: "def", start: d.start }, path: [] });
      return;
    }
    if (d.anonymous && JS_ANONYMOUS.has(d.name)) {
      // `<arrow1>`, `<anonymous2>`: numbered per enclosing definition in source order.
      const counter = counters.get(d.name)!;
      const n = (counter.get(d.parent) ?? 0) + 1;
      counter.set(d.parent, n);
      d.name = `${d.name.slice(0, -1)}${n}>`;
      d.qname = p ? qualify(p.qname, d.name, d.line) : d.name;
      return;
    }
    if (d.name === "<lambda>") {
      // Anonymous functions are numbered per enclosing scope in source order (pycg convention).
      const n = (lambdas.get(d.parent) ?? 0) + 1;
      lambdas.set(d.parent, n);
      d.name = `<lambda${n}>`;
    }
    const self: Ref = { root: { t: "def", start: d.start }, path: [] };
    if (d.kind === "main") return;
    // (A computed member name such as `[Symbol.iterator]` is a member like any other.)
    // JS `global.helper = function () {}` at the top level (globalThis, window, self): a global
    // function named helper, which the file reads as a top-level name (`helper()`, `global.helper()`).
    // So is a class or object literal put there (`window.App = { start() {} }`: `App.start`).
    // In a function too (a browser library's IIFE: `(function () { window.Util = { fmt } })()`),
    // unless the function binds the object's name (`(function (global) { global.x = ... })(this)`).
    if (facts.language !== "python" && (d.kind === "function" || d.kind === "class" || d.kind === "object") && d.name.includes(".")) {
      const dot = d.name.indexOf(".");
      const rest = d.name.slice(dot + 1);
      const object = d.name.slice(0, dot);
      if (PLAIN_NAME.test(rest) && !facts.bindings.get(-1)?.has(rest) && (GLOBAL_OBJECTS.has(object) && !boundAround(facts, d.parent, object) || (p !== null && iife !== null && iifeGlobal(facts, iife, d.parent, object)))) {
        d.name = rest;
        d.qname = p ? qualify(p.qname, rest, d.line) : rest;
        addTo(facts.bindings, -1, rest, self);
        globalDefs.push(rest);
        return;
      }
      // `(function (root) { root.Lib = { ... }; })(this)` in a CommonJS module: its export Lib.
      if (PLAIN_NAME.test(rest) && p !== null && iifeExported !== null && iifeGlobal(facts, iifeExported, d.parent, object)) {
        d.name = rest;
        d.qname = qualify(p.qname, rest, d.line);
        addExport(facts, rest, self);
        return;
      }
    }
    if (d.name.includes(".") && d.name.charCodeAt(0) !== 91) {
      // `exports.f = function`, `Foo.prototype.bar = ...`, `this.handle = ...`
      const cls = d.name.startsWith("this.") ? (facts.language === "python" ? enclosingClass(defs, d.parent, true) : thisOwner(defs, d.parent)) : -1;
      // JS `o.cb = function () {}` in a function on its own `const o = {}`: a member of that
      // literal (`main.setup.o.cb`), not a module-level `o.cb`.
      const local = cls < 0 && p && p.kind !== "main" && facts.language !== "python" && localObjects(defs).has(`${d.parent}\u0000${d.name.slice(0, d.name.indexOf("."))}`);
      // JS `ns.format = function () {}` on a parameter of its function (`(function (ns) { ... })(App)`):
      // a member of whatever the caller gives, named in the function as the IIFE global's are (`main.<anonymous1>.format`).
      const onParam = cls < 0 && !local && p !== null && p.kind === "function" && facts.language !== "python" && d.name.indexOf(".") === d.name.lastIndexOf(".") &&
        !NOT_IMPORTS.has(d.name.slice(0, d.name.indexOf("."))) && p.params?.some((q) => q.path.length === 0 && q.name === d.name.slice(0, d.name.indexOf("."))) === true;
      d.qname = cls >= 0 ? qualify(defs[cls]!.qname, d.name.slice(5), d.line) : local ? qualify(p!.qname, d.name, d.line)
        : onParam ? qualify(p!.qname, d.name.slice(d.name.indexOf(".") + 1), d.line) : d.name.slice(0, MAX_QNAME);
      if (!facts.members.has(d.qname)) facts.members.set(d.qname, i);
      if (p === null && cls < 0 && facts.language !== "python") patchedImport(facts, d, self);
      // JS `p.play = function () {}` on a name the file binds to `new Player()`: an attribute of
      // that instance, as `p.play = custom` is (objectAttrs, once the bindings are known).
      if (cls < 0 && !local && facts.language !== "python" && d.kind === "function") {
        const parts = d.name.split(".");
        if (parts.length === 2 && PLAIN_NAME.test(parts[0]!) && PLAIN_NAME.test(parts[1]!) && !NOT_IMPORTS.has(parts[0]!) && !GLOBAL_OBJECTS.has(parts[0]!)) {
          instanceDefs.push({ scope: d.parent, object: [parts[0]!], name: parts[1]!, value: self, from: -1, to: -1, made: true });
        }
      }
    } else if (p && (p.kind === "class" || p.kind === "object")) {
      d.qname = p.qname === "" ? d.name : qualify(p.qname, d.name, d.line);
      if (d.kind === "function") d.kind = "method";
      // (A getter and a setter of one name: the member is the getter, as reads are; a write finds
      // the setter beside it, graph.ts accessors.)
      const had = facts.members.get(d.qname);
      if (had === undefined || (d.getter && defs[had]!.setter && defs[had]!.parent === d.parent) || pyRedefined(defs[had]!, d)) facts.members.set(d.qname, i);
      // Python `if FAST: def run(self): ... else: def run(self): ...` in a class body: either def
      // (both bound in the class, as a decorated method is), not the first one only.
      else if (facts.language === "python" && p.kind === "class" && pyEitherDef(defs[had]!, d)) {
        if (!facts.bindings.get(d.parent)?.has(d.name)) addTo(facts.bindings, d.parent, d.name, { root: { t: "def", start: defs[had]!.start }, path: [] });
        addTo(facts.bindings, d.parent, d.name, self);
      }
      // A namespace's members also see each other by their bare names.
      if (p.namespace) addTo(facts.bindings, d.parent, d.name, self);
    } else {
      d.qname = p ? qualify(p.qname, d.name, d.line) : d.name;
      if (d.ownName) addTo(facts.bindings, i, d.name, self);
      else if (d.name !== "default" || facts.language === "python") {
        if (DECLARED_IN.has(d)) redeclaredFunction(facts, defs, d);
        addTo(facts.bindings, d.parent, d.name, self);
      }
    }
  });
  mergedNamespaces(facts);
  objectsOf = null;
}

/**
 * Python: a method a class body defines again, both as statements of the body (not under `if` or
 * `try`), is the later def (`@overload` stubs, then the implementation:
 * `decorators/typing_overload_methods_in_class`; `flow/method_redefined_in_class_body`), when
 * that later def is undecorated or only `@staticmethod` / `@classmethod` (a property's `@x.setter` keeps the getter as the member; a later
 * decorated def rebinds the name in the class body, facts-py.ts decorators).
 */
/** A decorated definition whose decorators are all `@staticmethod` / `@classmethod` / `@abstractmethod`. */
function markersOnly(node: Node): boolean {
  return node.namedChildren.every((c) => c === null || c.type !== "decorator" || PLAIN_MARKERS.has(c.namedChild(0)?.text ?? ""));
}
const PLAIN_MARKERS = new Set(["staticmethod", "classmethod", "abstractmethod", "abc.abstractmethod"]);

/** Two undecorated defs of one name in a class, not both statements of its body (under `if`/`try`). */
function pyEitherDef(had: Def, d: Def): boolean {
  return had.parent === d.parent && had.kind === "method" && d.kind === "method" && !had.decorators?.length && !d.decorators?.length && !(PY_CLASS_BODY_DEFS.has(had) && PY_CLASS_BODY_DEFS.has(d));
}

function pyRedefined(had: Def, d: Def): boolean {
  return had.parent === d.parent && PY_CLASS_BODY_DEFS.has(had) && PY_PLAIN_DEFS.has(d);
}

/**
 * JS `Request.prototype.json = function () {}` (or `Request.json = ...`) at the top level on a name
 * the file imports (`const Request = require("./request")`), not one it defines: a member the
 * imported function or class gets from outside (resolve.ts setFromOutside, as Python's `C.m = f`).
 */
function patchedImport(facts: FactsDraft, d: Def, self: Ref): void {
  const parts = d.name.split(".");
  if (parts.length !== 2 && (parts.length !== 3 || parts[1] !== "prototype")) return;
  const owner = parts[0]!;
  const name = parts[parts.length - 1]!;
  if (!PLAIN_NAME.test(owner) || !PLAIN_NAME.test(name) || NOT_IMPORTS.has(owner) || GLOBAL_OBJECTS.has(owner)) return;
  // (Variables are bound after the definitions are named: a top-level definition of the name is ours.)
  if (facts.bindings.get(-1)?.get(owner)?.some((r) => r.root.t === "def") || facts.defs.some((o) => o.parent < 0 && o.name === owner)) return;
  (facts.objAttrs ??= []).push({ scope: -1, obj: { root: { t: "name", name: owner }, path: [] }, name, value: self });
}

/** Names a top-level `x.m = function` assigns on that are no import of a function or class. */
const NOT_IMPORTS = new Set(["exports", "module", "this", "Object", "Array", "String", "Number", "Function", "Promise", "JSON", "Math", "console", "process"]);

/** `Component` / `PureComponent`, bare or as a member (`React.Component`). */
function componentBase(base: Ref): boolean {
  const last = base.path.length > 0 ? base.path[base.path.length - 1] : base.root.t === "name" ? base.root.name : "";
  return last === "Component" || last === "PureComponent";
}

/**
 * TypeScript namespaces declared in several blocks (`namespace N {}` twice in one scope) merge:
 * a block sees the other blocks' members by their bare names too (`area()` in the second block).
 */
function mergedNamespaces(facts: FactsDraft): void {
  const defs = facts.defs;
  let groups: Map<string, number[]> | undefined;
  defs.forEach((d, i) => {
    if (!d.namespace) return;
    groups ??= new Map();
    const key = `${d.parent}\u0000${d.qname}`;
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  });
  if (!groups) return;
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    defs.forEach((m, j) => {
      if (!list.includes(m.parent) || m.anonymous) return;
      const self: Ref = { root: { t: "def", start: m.start }, path: [] };
      for (const block of list) {
        if (block !== m.parent && !facts.bindings.get(block)?.has(m.name)) addTo(facts.bindings, block, m.name, self);
      }
    });
  }
}

const text = (n: Node | undefined): string | null => (n ? n.text : null);

/** A React class component's lifecycle methods, called by React when its element mounts, updates, unmounts. */
const LIFECYCLE = ["componentDidMount", "componentDidUpdate", "componentWillUnmount", "shouldComponentUpdate", "getSnapshotBeforeUpdate", "componentDidCatch"];
/** A React class component's static lifecycle methods, called on the class. */
const STATIC_LIFECYCLE = ["getDerivedStateFromProps", "getDerivedStateFromError"];

/**
 * `/// <reference path="./utils.ts" />` comments leading a TypeScript file: the referenced
 * file's top-level declarations are global names here (scripts sharing a namespace, resolve.ts lookup).
 */
function tripleSlashReferences(facts: FactsDraft, root: Node): void {
  for (let i = 0; i < root.childCount && i < 32; i++) {
    const c = root.child(i);
    if (c?.type !== "comment") break;
    const m = /^\/\/\/\s*<reference\s+path\s*=\s*["']([^"']+)["']/.exec(c.text);
    if (m) (facts.references ??= []).push(m[1]!.startsWith(".") ? m[1]! : `./${m[1]!}`);
  }
}

/**
 * A bare name read in a TypeScript namespace's body (`namespace Boot { init(); }`, run where the
 * namespace is defined, so charged to the scope around it): looked up in the namespace, whose
 * members it may name.
 */
function inNamespace(ref: Ref | null, ns: number): Ref | null {
  if (ns < 0 || !ref || ref.root.t !== "name") return ref;
  return { root: { t: "scoped", scope: ns, ref: { root: ref.root, path: [] } }, path: ref.path };
}

/**
 * Iterating one of our iterables (`for...of`, `[...it]`) runs its `[Symbol.iterator]()`, then
 * `next()` on what that returned (our code only, like Python's `__iter__`/`__next__`; graph.ts
 * adds the `next()`).
 */
function iterated(ctx: Ctx, node: Node | null, ref = node && ctx.ref(node), scope = node ? ctx.scope(node) : -1, method = ITERATOR, closes = false): void {
  if (!node || !ref) return;
  const call: CallFact = { scope, ref: { root: ref.root, path: [...ref.path, method] }, line: line(node), kind: "call", protocol: true };
  if (closes) call.closes = true;
  ctx.facts.calls.push(call);
}

/**
 * Whether what `node` throws is caught on the way up to `stop` (exclusive; null: the enclosing
 * function): `node` is in the block of a try statement that has a catch clause.
 */
function caughtWithin(node: Node, stop: Node | null): boolean {
  let child = node;
  for (let p = node.parent; p !== null; child = p, p = p.parent) {
    if (stop !== null ? p.id === stop.id : NESTED_CODE.has(p.type)) return false;
    if (p.type === "try_statement" && child.type === "statement_block" && field(p, "body")?.id === child.id && !!field(p, "handler")) return true;
  }
  return false;
}

/** Builtins that iterate their first argument (`new Set(it)`), and what may name an iterable of ours. */
const ITERABLE_TAKERS = new Set(["Set", "Map", "WeakSet", "WeakMap", "Array.from", "Promise.all", "Promise.race", "Promise.any", "Object.fromEntries"]);
const ITERABLE_TAKER_TYPES = new Set(["identifier", "new_expression", "member_expression"]);

const LOOPS = new Set(["for_statement", "for_in_statement", "while_statement", "do_statement", "switch_statement"]);
const NESTED_CODE = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "generator_function", "class_declaration", "class"]);

/** Whether a `for...of` body leaves the loop early: a `return`, a labelled `break`, or a `break` of this loop (not of a loop or switch inside it). */
function leavesEarly(body: Node | null): boolean {
  if (!body) return false;
  const text = body.text;
  if (!text.includes("break") && !text.includes("return")) return false;
  const stack: [Node, boolean][] = [[body, false]];
  let n = 0;
  while (stack.length > 0 && n++ < 2000) {
    const [node, inner] = stack.pop()!;
    const t = node.type;
    if (t === "return_statement") return true;
    if (t === "break_statement") {
      if (!inner || node.namedChildCount > 0) return true;
      continue;
    }
    if (NESTED_CODE.has(t)) continue;
    const deeper = inner || LOOPS.has(t);
    for (const c of node.namedChildren) if (c) stack.push([c, deeper]);
  }
  return false;
}

const STRAIGHT_STATEMENTS = new Set(["expression_statement", "return_statement", "lexical_declaration", "variable_declaration"]);

/** Bodies whose statements run once, in order, each time their code runs. */
const JS_BODIES = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "generator_function"]);

/**
 * Whether an expression (an assignment, a call) is a statement of its module or function body:
 * it runs once each time that code runs, after the statements before it (not in a block, a loop,
 * a condition). Asked only for reassigned names: `parent` walks down from the root.
 */
function jsStraight(expr: Node): boolean {
  let statement = expr.parent;
  // `return p()`, `const r = p()` run in order as `p();` does.
  if (statement?.type === "variable_declarator") statement = statement.parent;
  if (!statement || !STRAIGHT_STATEMENTS.has(statement.type)) return false;
  const body = statement.parent;
  if (body?.type === "program") return true;
  return body?.type === "statement_block" && JS_BODIES.has(body.parent?.type ?? "");
}

const JS_EXITS = new Set(["return_statement", "throw_statement", "continue_statement", "break_statement"]);

/**
 * Where an assignment statement sits directly in a branch of an if/else chain that is itself a
 * statement of its module or function body: the chain (start, lines), the branch (its start), and
 * the branches that go on past the chain (`need`: null without a final else).
 */
interface JsBranch { stmt: number; first: number; last: number; branch: number; need: number[] | null }

function jsBranch(expr: Node): JsBranch | null {
  const statement = expr.parent;
  if (statement?.type !== "expression_statement") return null;
  let branch: Node = statement;
  const holder = statement.parent;
  if (holder?.type === "switch_case" || holder?.type === "switch_default") {
    const sw = holder.parent?.parent;
    if (sw?.type !== "switch_statement") return null;
    const body = sw.parent;
    const straight = body?.type === "program" || (body?.type === "statement_block" && JS_BODIES.has(body.parent?.type ?? ""));
    return straight ? { stmt: sw.startIndex, first: line(sw), last: endRowOf(sw) + 1, branch: holder.startIndex, need: switchBranches(sw) } : null;
  }
  if (holder?.type === "statement_block") branch = holder;
  let up = branch.parent;
  if (up?.type === "else_clause") up = up.parent;
  if (up?.type !== "if_statement") return null;
  while (up.parent?.type === "else_clause" && up.parent.parent?.type === "if_statement") up = up.parent.parent;
  const body = up.parent;
  const straight = body?.type === "program" || (body?.type === "statement_block" && JS_BODIES.has(body.parent?.type ?? ""));
  return straight ? { stmt: up.startIndex, first: line(up), last: endRowOf(up) + 1, branch: branch.startIndex, need: jsBranches(up) } : null;
}

function jsBranches(stmt: Node): number[] | null {
  const need: number[] = [];
  const goesOn = (n: Node): boolean => {
    const last = n.type === "statement_block" ? n.namedChildren.filter((c) => c?.type !== "comment").at(-1) : n;
    return !last || !JS_EXITS.has(last.type);
  };
  let at: Node | null = stmt;
  for (let depth = 0; at && depth < 64; depth++) {
    const consequence: Node | null = at.childForFieldName("consequence");
    if (!consequence) return null;
    if (goesOn(consequence)) need.push(consequence.startIndex);
    const otherwise: Node | null = at.childForFieldName("alternative")?.namedChildren.find((c) => c?.type !== "comment") ?? null;
    if (!otherwise) return null;
    if (otherwise.type === "if_statement") at = otherwise;
    else {
      if (goesOn(otherwise)) need.push(otherwise.startIndex);
      return need;
    }
  }
  return null;
}

/**
 * The cases of a switch with a `default` that go on past it (their starts): each that has
 * statements and does not end in return/throw/continue (`break` leaves the switch and goes on). A
 * case with no statements falls into the next. Null without a default.
 */
function switchBranches(sw: Node): number[] | null {
  const cases = sw.childForFieldName("body")?.namedChildren ?? [];
  if (!cases.some((c) => c?.type === "switch_default")) return null;
  const need: number[] = [];
  for (const c of cases) {
    if (c?.type !== "switch_case" && c?.type !== "switch_default") continue;
    const body = c.childrenForFieldName("body").filter((n) => n && n.type !== "comment");
    const last = body.at(-1);
    if (last && last.type !== "return_statement" && last.type !== "throw_statement" && last.type !== "continue_statement") need.push(c.startIndex);
  }
  return need;
}

/**
 * `let f = a; if (c) { f = b; } else { f = g; } f()`: an if/else chain whose every branch that goes
 * on reassigns f is one reassignment holding any of those values (when they are all the bindings
 * of f in between).
 */
function branchGroups(list: NonNullable<Ctx["branchReassigns"]>): Reassign[] {
  return branchRanges(list, (b) => b.need).map(({ first, from, to }) => (
    { scope: first.scope, name: first.name, index: to, from: first.first, to: first.last, wrap: false, straight: true, group: from }
  ));
}

/**
 * The props a JSX element hands its component: `name={expr}` attributes as the items of one
 * object (a component reads them as `props.name` or `{ name }`), and a single `{expr}` child as
 * `children`, and the members of `{...spread}` objects; string and bare attributes hold no function.
 */
function jsxProps(ctx: Ctx, element: Node): Ref | null {
  let items: { key: string; ref: Ref }[] | null = null;
  let spread: Ref[] | null = null;
  for (const a of element.namedChildren) {
    // `{...props}`: that object's members are props too.
    if (a?.type === "jsx_expression" && a.namedChild(0)?.type === "spread_element") {
      const inner = a.namedChild(0)!.namedChild(0);
      const ref = inner ? ctx.ref(inner) : null;
      if (ref && (spread ??= []).length < 4) spread.push(ref);
      continue;
    }
    if (a?.type !== "jsx_attribute" || a.namedChildCount !== 2) continue;
    const name = a.namedChild(0);
    const value = a.namedChild(1);
    if (name?.type !== "property_identifier" || value?.type !== "jsx_expression") continue;
    const expr = value.namedChild(0);
    const ref = expr && expr.type !== "comment" ? ctx.ref(expr) : null;
    if (ref && (items ??= []).length < 32) items.push({ key: name.text, ref });
  }
  // `<Loader>{(data) => ...}</Loader>`: one expression child is `children` (a render prop).
  if (element.type === "jsx_opening_element") {
    let child: Ref | null = null;
    let count = 0;
    for (let c = element.nextNamedSibling; c && c.type !== "jsx_closing_element" && count < 2; c = c.nextNamedSibling) {
      if (c.type !== "jsx_expression") continue;
      const expr = c.namedChild(0);
      if (!expr || expr.type === "comment") continue;
      count++;
      child = ctx.ref(expr);
    }
    if (count === 1 && child) (items ??= []).push({ key: "children", ref: child });
  }
  const own: Ref | null = items ? { root: { t: "items", items }, path: [] } : null;
  if (!spread) return own;
  if (own) spread.push(own);
  return spread.length === 1 ? spread[0]! : { root: { t: "union", refs: spread }, path: [] };
}

/**
 * React context providers (refs.ts contextToken): `const C = createContext(d)` gives d (true: its
 * argument is no callback), `<C.Provider value={v}>` gives v (false: the element is read on).
 */
function reactContext(ctx: Ctx, call: Node, callee: Node, text: string, args: Node[]): boolean {
  if (call.type.startsWith("jsx_")) {
    // `<C.Consumer>{(value) => ...}</C.Consumer>`: React calls the child with the context's value.
    if (text.endsWith(".Consumer") && call.type === "jsx_opening_element") {
      const token = contextToken(field(callee, "object") ?? callee);
      for (let c = call.nextNamedSibling; c && c.type !== "jsx_closing_element"; c = c.nextNamedSibling) {
        const fn = c.type === "jsx_expression" ? c.namedChild(0) : null;
        if (!token || (fn?.type !== "arrow_function" && fn?.type !== "function_expression")) continue;
        const first = field(fn, "parameter") ?? field(fn, "parameters")?.namedChild(0);
        const name = first?.type === "identifier" ? first : first ? field(first, "pattern") : null;
        const def = ctx.defIndex.get(fn.startIndex);
        if (name?.type === "identifier" && def !== undefined) addTo(ctx.facts.bindings, def, name.text, { root: { t: "provided", token }, path: [] });
      }
      return false;
    }
    if (!text.endsWith(".Provider")) return false;
    const token = contextToken(field(callee, "object") ?? callee);
    for (const a of call.namedChildren) {
      if (a?.type !== "jsx_attribute" || a.namedChildCount !== 2 || a.namedChild(0)!.text !== "value") continue;
      const expr = a.namedChild(1)!.type === "jsx_expression" ? a.namedChild(1)!.namedChild(0) : null;
      const ref = expr && expr.type !== "comment" ? ctx.ref(expr) : null;
      if (token && ref) (ctx.facts.provides ??= []).push({ token, scope: ctx.scope(call), ref });
    }
    return false;
  }
  if (!REACT_CONTEXT_CALL.test(text) || !text.endsWith("createContext") || declaresName(text)) return false;
  const holder = call.parent?.type === "variable_declarator" ? field(call.parent, "name") : null;
  const token = holder ? contextToken(holder)?.replace("ctx:", "ctxd:") : null;
  const ref = args.length > 0 ? ctx.ref(args[0]!) : null;
  if (token && ref) (ctx.facts.provides ??= []).push({ token, scope: ctx.scope(call), ref });
  return true;
}

/**
 * A JS `catch (e)` parameter (or a `.catch((e) => {})` handler's). For a try statement's: the
 * try block's range and the names its code calls, constructs or hands on (`names`), or
 * `names` undefined when the block awaits or yields a value no call there makes (a promise
 * made before the try may reject with anything the file throws).
 */
interface CatchParam { scope: number; name: string; body?: { start: number; end: number }; names?: Set<string>; members?: Set<string> }

/** The names a try block calls (`f()`, `o.f()`: f), constructs (`new C()`) or passes (`xs.map(f)`). */
function tryReach(entry: CatchParam, body: Node): void {
  const names = new Set<string>();
  entry.body = { start: body.startIndex, end: body.endIndex };
  for (const node of body.descendantsOfType(["call_expression", "new_expression", "await_expression", "yield_expression"])) {
    if (!node) continue;
    const type = node.type;
    if (type === "await_expression" || type === "yield_expression") {
      const arg = node.namedChild(0);
      if (arg && arg.type !== "call_expression" && arg.type !== "new_expression") return;
      continue;
    }
    const callee = field(node, type === "new_expression" ? "constructor" : "function");
    const named = callee?.type === "member_expression" ? field(callee, "property") : callee;
    if (named?.type === "identifier" || named?.type === "property_identifier") names.add(named.text);
    else return;
    if (named.type === "property_identifier") (entry.members ??= new Set()).add(named.text);
    for (const arg of field(node, "arguments")?.namedChildren ?? []) if (arg?.type === "identifier") names.add(arg.text);
    if (names.size > 64) return;
  }
  entry.names = names;
}

/**
 * Which thrown values each try statement's catch may take: those thrown in its try block, and
 * those thrown in the file's functions its code reaches by name (the names it calls, those
 * functions' calls in turn, `o.m()` any function or method named m), not what the file throws
 * anywhere (`find()` in one try, `check()` in another: each catch takes its own callee's error).
 * A catch not in the map (a `.catch` handler, a block awaiting a promise made before) takes all.
 */
function catchableThrows(caught: NonNullable<Ctx["caught"]>, facts: FactsDraft): Map<CatchParam, Set<unknown>> | null {
  const catches = caught.catches.filter((c) => c.names !== undefined);
  if (catches.length === 0) return null;
  const { defs, calls } = facts;
  const byName = new Map<string, number[]>();
  for (let d = 0; d < defs.length; d++) {
    const name = defs[d]!.name;
    const last = name.slice(name.lastIndexOf(".") + 1);
    if (last) (byName.get(last) ?? byName.set(last, []).get(last)!).push(d);
  }
  const children = new Map<number, number[]>();
  for (let d = 0; d < defs.length; d++) (children.get(defs[d]!.parent) ?? children.set(defs[d]!.parent, []).get(defs[d]!.parent)!).push(d);
  const callsOf = new Map<number, string[]>();
  // Functions of the file handed to a call (`emitter.on("x", handler)`, `xs.map((x) => ...)`):
  // a method we do not define (`emitter.emit("x")`) may run them.
  const handed: number[] = [];
  const starts = new Map<number, number>();
  for (let d = 0; d < defs.length; d++) starts.set(defs[d]!.start, d);
  for (const c of calls) {
    for (const a of c.args ?? []) {
      const root = a.ref?.root;
      if (root?.t === "name" && a.ref!.path.length === 0) handed.push(...(byName.get(root.name) ?? []));
      else if (root?.t === "def" && a.ref!.path.length === 0 && starts.has(root.start)) handed.push(starts.get(root.start)!);
    }
  }
  for (const c of calls) {
    const names = callsOf.get(c.scope) ?? callsOf.set(c.scope, []).get(c.scope)!;
    const ref = c.ref;
    const name = ref.path.length > 0 ? ref.path.at(-1) : ref.root.t === "name" ? ref.root.name : undefined;
    if (name !== undefined) names.push(name);
    for (const a of c.args ?? []) if (a.ref?.root.t === "name" && a.ref.path.length === 0) names.push(a.ref.root.name);
  }
  const out = new Map<CatchParam, Set<unknown>>();
  for (const c of catches) {
    const reached = new Set<number>();
    const work: number[] = [];
    const reach = (name: string): void => {
      for (const d of byName.get(name) ?? []) if (!reached.has(d)) { reached.add(d); work.push(d); }
    };
    for (const name of c.names!) reach(name);
    if ([...c.members ?? []].some((m) => !byName.has(m))) for (const d of handed) if (!reached.has(d)) { reached.add(d); work.push(d); }
    while (work.length > 0) {
      const d = work.pop()!;
      for (const name of callsOf.get(d) ?? []) reach(name);
      for (const k of children.get(d) ?? []) if (!reached.has(k)) { reached.add(k); work.push(k); }
    }
    const takes = new Set<unknown>();
    for (const t of caught.thrown) {
      let yes = t.at === undefined || (t.at >= c.body!.start && t.at < c.body!.end);
      for (let s = t.scope; !yes && s >= 0; s = defs[s]!.parent) yes = reached.has(s);
      if (yes) takes.add(t);
    }
    out.set(c, takes);
  }
  return out;
}

/** Most thrown values of a file a `catch (e)` parameter is bound to. */
const MAX_THROWN = 16;

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
} as const;
export const CONVERTER_NAMES: ReadonlySet<string> = new Set(["[Symbol.toPrimitive]", "toString", "valueOf", "toJSON", "then", "[Symbol.hasInstance]"]);
/** The member a `for...of` loop calls first (then `next()` on what it returns: graph.ts). */
export const ITERATOR = "[Symbol.iterator]";
/** The member a `for await...of` loop calls first. */
export const ASYNC_ITERATOR = "[Symbol.asyncIterator]";

/** The captures jsFacts tells its cases by: a match with none of them has no fact for it. */
const JS_FACT_CAPTURES = new Set([
  "typed", "return.value", "yield.value", "catch.name", "throw.value", "import", "assign.member", "assign.logical", "export.cjs", "export.star", "export.default",
  "export", "binding.each", "binding", "property",
]);

function jsFacts(caps: Caps, ctx: Ctx): void {
  const { facts } = ctx;
  const typed = cap(caps, "typed");
  if (typed) {
    // A field named other than by a plain name (`#x`, `"x"`, `[k]`) gives no attribute.
    const attr = fieldName(typed);
    if (attr?.type !== "property_identifier") return;
    const value = typeValue(cap(caps, "typed.type")!);
    if (!value) return;
    const scope = ctx.scope(typed);
    const cls = enclosingClass(facts.defs, scope, false);
    if (cls >= 0) addAttr(facts, cls, attr.text, { scope, ref: value });
    return;
  }
  let returned = cap(caps, "return.value");
  if (returned) {
    const at = cap(caps, "return")!;
    const statement = at.type === "return_statement";
    let type = returned.type;
    // `(c ? f : g)` (an arrow's concise body must be parenthesized to hold an object; style puts
    // parentheses around the others too): the expression inside, for its operands.
    if (type === "parenthesized_expression" && returned.namedChildCount === 1) {
      const inner = returned.namedChild(0)!;
      if (inner.type === "ternary_expression" || inner.type === "binary_expression") { returned = inner; type = inner.type; }
    }
    // `return o.x`, `() => o.x`: a getter read.
    if (type === "member_expression") accessorFact(ctx, returned, true);
    for (const start of returnedLiterals(returned, type, !statement)) ctx.anonymousUses.set(start, true);
    const scope = statement ? ctx.scope(at) : (ctx.defIndex.get(at.startIndex) ?? -1);
    if (scope < 0) return;
    // `return c ? f : g`, `return cb || fallback`: either operand.
    const operands = type === "ternary_expression" || type === "binary_expression" ? eitherOperands(returned, type) : null;
    // A generator's `return f` is what the last `it.next()` gives as `value`: an item of what
    // calling it returns, under its own key (GEN_RETURN: a for-of loop does not see it).
    // (Asked only for a value kept: each step up is a descent from the root in WASM.)
    let generator: boolean | undefined;
    for (const operand of operands ?? [returned]) {
      const ref = operand === returned ? ctx.ref(returned, type) : ctx.ref(operand);
      if (ref) addToList(facts.returns, scope, (generator ??= statement && inGenerator(at)) ? { root: { t: "items", items: [{ key: GEN_RETURN, ref }] }, path: [] } : ref);
    }
    return;
  }
  const importNode = cap(caps, "import");
  if (importNode) return jsImport(caps, importNode, ctx);
  const member = cap(caps, "assign.member");
  if (member) return memberAssignment(ctx, member, cap(caps, "assign.value")!);
  const cjs = cap(caps, "export.cjs");
  if (cjs) {
    const ref = ctx.ref(cap(caps, "export.value")!);
    if (ref) facts.cjs.push(ref);
    return;
  }
  if (has(caps, "export.star")) {
    const spec = stringLiteral(cap(caps, "export.source")!);
    if (spec !== null) facts.stars.push(spec);
    return;
  }
  if (has(caps, "export.default")) return addExport(facts, "default", ctx.ref(cap(caps, "export.value")!));
  const exportNode = cap(caps, "export");
  if (exportNode) return jsExport(caps, exportNode, ctx);
  const each = cap(caps, "binding.each");
  if (each) {
    // `for (const f of xs)`: f is any item of xs (`for (k in o)` binds keys).
    const loop = cap(caps, "binding.loop")!;
    if (field(loop, "operator")?.type !== "of") return;
    const ref = ctx.ref(each);
    if (!ref) return;
    const scope = ctx.scope(each);
    const target = cap(caps, "binding.name")!;
    if (target.type === "identifier") addTo(facts.bindings, scope, jsName(target), anyItem(ref));
    // `for (const [k, v] of Object.entries(o))`: each name takes its part of an item.
    else for (const { name, path } of jsPatternNames(target)) addTo(facts.bindings, scope, name, { root: ref.root, path: [...ref.path, "[*]", ...path] });
    iterated(ctx, each, ref, scope, ITERATOR, leavesEarly(field(loop, "body")));
    // `for await`: an async iterable's `[Symbol.asyncIterator]()` (or, lacking one, its iterator).
    if (loop.children.some((c) => c?.type === "await")) iterated(ctx, each, ref, scope, ASYNC_ITERATOR);
    return;
  }
  if (has(caps, "binding.declarator")) return declaratorFacts(caps, ctx);
  if (has(caps, "binding")) return bindingFact(caps, ctx);
  const object = cap(caps, "property");
  if (object) return propertyFact(caps, object, ctx);
  // Rare matches last: every match above would look for their captures first.
  const logical = cap(caps, "assign.logical");
  if (logical) return logicalAssignment(ctx, logical, cap(caps, "assign.value")!);
  const caught = cap(caps, "catch.name") ?? cap(caps, "throw.value");
  if (caught) {
    const lists = (ctx.caught ??= { catches: [], thrown: [] });
    const isCatch = caps[0]!.name === "catch.name";
    // (`throw () => {}`: the throw's scope, not the literal's own; the literal is kept for whoever
    // catches it, not called where it is written.)
    const scope = ctx.scope(isCatch ? caught : caught.parent ?? caught);
    if (isCatch) {
      const entry: CatchParam = { scope, name: jsName(caught) };
      lists.catches.push(entry);
      // What the functions called in the try block throw (`validate(x)` of another module whose
      // validate throws `new ValidationError()`): their thrown values, one call deep.
      const body = caught.parent?.parent?.type === "try_statement" ? field(caught.parent.parent, "body") : null;
      if (body) {
        let n = 0;
        tryReach(entry, body);
        for (const call of body.descendantsOfType("call_expression")) {
          const callee = call && field(call, "function");
          const type = callee?.type;
          if (type !== "identifier" && type !== "member_expression") continue;
          // (Not a call inside an inner try whose own catch takes what it throws.)
          if (caughtWithin(call, body)) continue;
          const ref = ctx.ref(callee!);
          if (ref) (lists.viaCalls ??= []).push({ scope, name: jsName(caught), ref: { root: { t: "call", callee: ref }, path: [THROWN] } });
          if (++n >= 16) break;
        }
      }
    } else {
      if (JS_FUNCTION_LITERALS.has(caught.type)) ctx.anonymousUses.set(caught.startIndex, true);
      const ref = lists.thrown.length < MAX_THROWN ? ctx.ref(caught) : null;
      if (ref) {
        lists.thrown.push({ scope, ref, at: caught.startIndex });
        // Kept with what the function returns, under a key no code names (the catches above).
        // (Not one thrown in a try block of the function whose catch takes it: it never leaves.)
        if (scope >= 0 && !inGenerator(caught) && !caughtWithin(caught, null)) addToList(ctx.facts.returns, scope, { root: { t: "items", items: [{ key: THROWN, ref }] }, path: [] });
      }
    }
    return;
  }
  const yielded = cap(caps, "yield.value");
  if (yielded) {
    // `yield f`: f is an item of what calling the generator returns; `yield* xs`: xs's items are.
    // Only names and function literals: what calls yield (`yield* walk(child)`, recursion) made
    // chains of items each question walked again (twice the assembly time of playwright-core).
    // A function literal yielded (`yield () => {}`, `yield* [() => {}]`) is kept for whoever takes
    // the item (`it.next().value()`, a for-of loop), not called where it is written.
    for (const start of returnedLiterals(yielded, yielded.type, false)) ctx.anonymousUses.set(start, true);
    const ref = ctx.ref(yielded);
    // (The yield's scope: a function literal yielded starts its own.)
    const scope = ctx.scope(yielded.parent ?? yielded);
    if (!ref || scope < 0) return;
    const delegated = yielded.previousSibling?.type === "*";
    // `yield* child` of one of our iterables runs its `[Symbol.iterator]()`, as `for...of` does
    // (a tree's recursive walk: `for (const c of this.children) yield* c`).
    if (delegated) iterated(ctx, yielded, ref, scope);
    // `yield make(x)` (not `yield*`) of a function named by a bare name: what make returns.
    // `yield* inner()` of another generator named so: its items (not the generator's own name:
    // recursion, `yield* walk(child)`, is what made those chains).
    // (So does `yield* this.left()` of another method.)
    const callee = ref.root.t === "call" && ref.path.length === 0 ? ref.root.callee : null;
    const made = callee !== null && ((callee.root.t === "name" && callee.path.length === 0) || (delegated && callee.root.t === "this" && callee.path.length === 1))
      && (!delegated || (callee.root.t === "name" ? callee.root.name : callee.path[0]) !== facts.defs[scope]!.name);
    // `yield* this.steps`: a field's items; `yield this.parse`: the method (or field).
    const ownField = ref.root.t === "this" && ref.path.length === 1;
    // `yield* [a, b]`: the array literal's items; `yield this` (a tree's walk): the instance.
    // (`yield ["a", f]`, a pair: the array literal itself.)
    const literal = (ref.root.t === "items" && ref.path.length === 0) || (!delegated && ref.root.t === "this" && ref.path.length === 0);
    // `yield j.run.bind(j)` / `yield f.bind(null, a)`: the function bound (resolve.ts reads bind as f).
    const bound = !delegated && callee !== null && callee.path.at(-1) === "bind" && (callee.root.t === "name" || (callee.root.t === "this" && callee.path.length >= 2));
    // `yield new Page()`: an instance of a class named by a name.
    const instance = !delegated && ref.root.t === "new" && ref.path.length === 0 && ref.root.callee.root.t === "name";
    // `yield* table.values()` of a Map or array named by a name: its items.
    const values = delegated && callee !== null && callee.root.t === "name" && callee.path.length === 1 && callee.path[0] === "values";
    if (ref.root.t !== "name" && ref.root.t !== "def" && !made && !ownField && !literal && !bound && !instance && !values) return;
    const item: Ref = delegated ? anyItem(ref) : ref;
    addToList(facts.returns, scope, holding(item));
    return;
  }
}

/** Whether the JS function starting at `start` is a generator (`function* g() {}`, `function* () {}`). */
function generatorAt(root: Node, start: number): boolean {
  for (let n: Node | null = root.descendantForIndex(start); n && n.startIndex === start; n = n.parent) {
    if (n.type === "generator_function_declaration" || n.type === "generator_function") return true;
  }
  return false;
}

/** Whether a JS return statement is in a generator's body (`function*`, a `*m() {}` method). */
function inGenerator(at: Node): boolean {
  for (let n = at.parent; n; n = n.parent) {
    const type = n.type;
    if (type === "generator_function" || type === "generator_function_declaration") return true;
    if (type === "method_definition") return n.children.some((c) => c?.type === "*");
    if (type === "function_declaration" || type === "function_expression" || type === "arrow_function" || type === "function" || type === "class_static_block") return false;
  }
  return false;
}

/**
 * An assignment to a member, as imports.scm matches them all: `module.exports = v` (the module's
 * value; a function literal there is kept for the module's callers), `exports.x = v` and
 * `module.exports.x = v` (named exports), `this.x = v` (an attribute of the class or constructor
 * function `this` is in; Python's `self.x = v` is facts-py.ts's). The member's text rules out
 * most others before its parts are read.
 */
function memberAssignment(ctx: Ctx, member: Node, valueNode: Node): void {
  const memberText = member.text;
  // `this.hooks = [function () {}]`, `module.exports = [...]`: held as items, as by a declarator.
  if (valueNode.type === "array") keepArrayItems(ctx, valueNode, false);
  // `o[k] = function () {}`: the function is held by the member, not run where written; in
  // `["get", "post"].forEach((verb) => { Api.prototype[verb] = function () {} })` (or a for...of
  // over such a list) it is Api's get and post, as `Api.prototype.get = f` makes it.
  // `Object.keys(impl).forEach((k) => { exports[k] = impl[k]; })` (or `for (k in impl)`): every
  // member of impl, an object literal of the file, is an export.
  if (member.type === "subscript_expression" && valueNode.type === "subscript_expression" && (memberText.startsWith("exports[") || memberText.startsWith("module.exports["))) {
    const source = field(valueNode, "object");
    if (source?.type === "identifier" && field(member, "index")?.text === field(valueNode, "index")?.text && forInKey(valueNode)) {
      (ctx.copiedExports ??= []).push(source.text);
      return;
    }
  }
  if (member.type === "subscript_expression" && JS_FUNCTION_LITERALS.has(valueNode.type)) {
    const keys = forOfKeys(member);
    const object = field(member, "object");
    const owner = keys && object?.type === "member_expression" && field(object, "property")?.text === "prototype" ? field(object, "object") : null;
    if (owner?.type === "identifier") {
      const scope = ctx.scope(member);
      const def = visibleFunction(ctx.facts.defs, scope, owner.text);
      const ref = def >= 0 ? ctx.ref(valueNode) : null;
      if (ref) {
        for (const k of keys!) addAttr(ctx.facts, def, k, { scope, ref });
        ctx.anonymousUses.set(valueNode.startIndex, true);
        return;
      }
    }
  }
  if (!memberText.startsWith("this") && !memberText.startsWith("module") && !memberText.startsWith("exports")) {
    if (memberText.endsWith(".value") || memberText.endsWith(".get")) descriptorValue(ctx, member, valueNode);
    // `Child.prototype = new Parent()`: Parent is a base of the constructor function Child.
    if (memberText.endsWith(".prototype") && valueNode.type === "new_expression" && isMember(member, null, "prototype")) {
      const base = field(valueNode, "constructor");
      if (base?.type === "identifier") inherit(ctx, field(member, "object")!, base);
    }
    // (`Api.prototype.get = trace(function () {})` too: what the call returns; not a method wrapped
    // in place, `C.prototype.m = wrap(C.prototype.m)`, read below.)
    if (valueNode.type === "identifier" || ((valueNode.type === "member_expression" || (valueNode.type === "call_expression" && !valueNode.text.includes(memberText))) && memberText.includes(".prototype."))) staticMember(ctx, member, valueNode);
    // `const api = module.exports = {}` (or `= module.exports`, `= exports`) at the top level,
    // then `api.run = run`: a named export, as `exports.run = run` is.
    if (member.type === "member_expression") {
      const object = field(member, "object");
      const property = field(member, "property");
      if (object?.type === "identifier" && property?.type === "property_identifier" && exportsAliases(ctx, member).has(object.text)) {
        return addExport(ctx.facts, property.text, ctx.ref(valueNode));
      }
      // `api.high = function () { this.low(); }` (`ns.run = ...` of a function ns): called as
      // `api.high()`, `this` in the function literal is api, kept as its binding of `this` (as
      // `f.call(api)` does). (`C.prototype.m = function` is thisOwner's: an instance of C.)
      if (valueNode.type === "function_expression" && property?.type === "property_identifier" && (object?.type === "identifier" || (object?.type === "member_expression" && !memberText.includes(".prototype")))) {
        const def = ctx.defIndex.get(valueNode.startIndex);
        const obj = def !== undefined ? ctx.ref(object) : null;
        if (obj) addTo(ctx.facts.bindings, def!, "this", { root: { t: "scoped", scope: ctx.scope(member), ref: obj }, path: [] });
      }
    }
    return objectAssignment(ctx, member, valueNode);
  }
  if (member.type === "subscript_expression") {
    // `exports["run"] = f` / `module.exports[KEY] = f` (KEY a constant of the file): the export
    // run, as `exports.run = f` is.
    const target = field(member, "object");
    const index = field(member, "index");
    const key = index && (target?.text === "exports" || target?.text === "module.exports") ? staticKey(index) : null;
    if (key !== null && /^[A-Za-z_$][\w$]*$/.test(key)) return addExport(ctx.facts, key, inScope(ctx, member, ctx.ref(valueNode)));
    return thisItem(ctx, member, valueNode);
  }
  const property = field(member, "property");
  const propertyType = property?.type;
  if (!property || (propertyType !== "property_identifier" && propertyType !== "private_property_identifier")) return;
  const object = field(member, "object")!;
  const objectType = object.type;
  const { facts } = ctx;
  // (`this.#fn = fn` sets a private field: an attribute as any other, read as `this.#fn`.)
  if (propertyType === "private_property_identifier" && objectType !== "this") return;
  if (objectType === "this") {
    // `this.cb = typeof a === "function" ? a : b!`, `this.h = opts.h || fallback`: either operand,
    // as an object literal's property value is (propertyFact).
    const valueType = valueNode.type;
    const ref = valueType === "ternary_expression" || (valueType === "binary_expression" && EITHER_MEMBER.test(valueNode.text))
      ? eitherCallee(valueNode, (n) => ctx.ref(n)) ?? ctx.ref(valueNode) : ctx.ref(valueNode);
    if (!ref) return;
    const scope = ctx.scope(member);
    const cls = thisOwner(facts.defs, scope);
    if (cls >= 0) addAttr(facts, cls, property.text, { scope, ref });
    else if (propertyType === "property_identifier" && facts.language !== "python") {
      const value = inScope(ctx, member, ref);
      if (value) (ctx.topThis ??= []).push({ name: property.text, ref: value });
    }
    // `this.m = wrap(this.m)` in the constructor: read as `o.m = wrap(o.m)` is (objectAttrs).
    if (cls >= 0 && ref.root.t === "call" && ref.path.length === 0 && facts.defs[scope]?.name === "constructor" && facts.defs[scope]!.parent === cls) {
      (ctx.objAssigns ??= []).push({ scope, object: ["this"], name: property.text, value: ref, from: line(valueNode), to: endRowOf(valueNode) + 1 });
    }
    return;
  }
  const objectName = objectType === "identifier" ? object.text : null;
  if (objectName === "module" && property.text === "exports") {
    const valueType = valueNode.type;
    if (valueType === "function_expression" || valueType === "arrow_function") ctx.anonymousUses.set(valueNode.startIndex, true);
    const ref = inScope(ctx, member, ctx.ref(valueNode, valueType));
    if (ref) facts.cjs.push(ref);
    // `module.exports = { ... }` as a top-level statement (not `exports = module.exports = ...`
    // nor `module.exports = exports = ...`): `exports.x = v` set the object it replaced.
    const statement = member.parent?.parent;
    if (statement?.type === "expression_statement" && statement.parent?.type === "program" && !(valueType === "assignment_expression" && field(valueNode, "left")?.text === "exports")) ctx.replacedExports = true;
  } else if (objectName === "exports" || (objectType === "member_expression" && isMember(object, "module", "exports"))) {
    const ref = inScope(ctx, member, ctx.ref(valueNode));
    addExport(facts, property.text, ref);
    if (ref && property.text === "default") facts.cjsDefault = true;
    if (ref && objectName === "exports") (ctx.bareExports ??= []).push({ name: property.text, ref });
    // `exports.run = function () { this.helper(); }`: called as `exports.run()` or through a
    // require, `this` is the exports object (as `api.run = function` in objectAssignment).
    if (valueNode.type === "function_expression") {
      const def = ctx.defIndex.get(valueNode.startIndex);
      const obj = def !== undefined ? ctx.ref(object) : null;
      if (obj) addTo(facts.bindings, def!, "this", { root: { t: "scoped", scope: ctx.scope(member), ref: obj }, path: [] });
    }
  }
}

/**
 * A module's value or export set inside a function (a UMD wrapper's `module.exports = factory()`,
 * `factory` its parameter): read in that function's scope, as the module's other exports are at
 * the top level.
 */
function inScope(ctx: Ctx, node: Node, ref: Ref | null): Ref | null {
  if (!ref || ref.root.t === "def") return ref;
  const scope = ctx.scope(node);
  return scope < 0 || ctx.facts.defs[scope]?.kind === "main" ? ref : { root: { t: "scoped", scope, ref }, path: [] };
}

/**
 * Names the module's top level binds to its exports object (`const api = module.exports = {}`,
 * `var self = module.exports`, `const out = exports`): read once per file, from the top level's
 * declarations only.
 */
function exportsAliases(ctx: Ctx, node: Node): Set<string> {
  return ctx.exportsAliases ??= topExportsAliases(node);
}

/** exportsAliases() of the file `node` is in, by its tree (rawDef reads it before any Ctx). */
const EXPORTS_ALIASES = new WeakMap<object, Set<string>>();
function topExportsAliases(node: Node): Set<string> {
  const known = EXPORTS_ALIASES.get(node.tree);
  if (known) return known;
  const out = new Set<string>();
  EXPORTS_ALIASES.set(node.tree, out);
  let root: Node | null = node;
  while (root.parent) root = root.parent;
  for (const statement of root.namedChildren) {
    if (!statement || (statement.type !== "lexical_declaration" && statement.type !== "variable_declaration")) continue;
    for (const d of statement.namedChildren) {
      if (d?.type !== "variable_declarator") continue;
      const name = field(d, "name");
      if (name?.type === "identifier" && holdsExports(field(d, "value"))) out.add(name.text);
    }
  }
  return out;
}

/** `module.exports`, `exports`, or an assignment chain through either (`exports = module.exports = {}`). */
function holdsExports(value: Node | null | undefined): boolean {
  for (let v = value; v; ) {
    const type = v.type;
    if (type === "parenthesized_expression") v = v.namedChildren[0];
    else if (type === "identifier") return v.text === "exports";
    else if (type === "member_expression") return isMember(v, "module", "exports");
    else if (type === "assignment_expression") {
      const left = field(v, "left");
      if (left && (left.type === "identifier" ? left.text === "exports" : left.type === "member_expression" && isMember(left, "module", "exports"))) return true;
      v = field(v, "right");
    } else return false;
  }
  return false;
}

/**
 * `this.handlers[name] = fn` (a registry: an emitter's handlers by name): what attribute handlers
 * of the class holds has fn as an item (as member k for a literal key k), so `this.handlers[name]()`
 * calls it. When the class's `this.handlers = {}` makes an object literal, the item is that
 * literal's (a member the class defines hides its attributes). As for `fns[i] = f`, only a
 * function of the file or a parameter of the function assigning (items of items made cycles).
 */
function thisItem(ctx: Ctx, member: Node, valueNode: Node): void {
  const object = field(member, "object");
  // `this[key] = value` with a key we cannot read (a store: `add(key, value)`): a member of the
  // instance under any name, which `this[key]` (any key) reads back.
  if (object?.type === "this" && valueNode.type === "identifier") {
    const index = field(member, "index");
    const scope = ctx.scope(member);
    if (!index || staticKey(index) !== null || !isParam(ctx.facts.defs, scope, valueNode.text)) return;
    const { defs } = ctx.facts;
    let cls = thisOwner(defs, scope);
    // (In `F.prototype.add = function` the instances are F's.)
    const at = cls >= 0 && defs[cls]!.kind === "function" ? defs[cls]!.name.indexOf(".prototype.") : -1;
    if (at > 0) {
      const owner = visibleFunction(defs, defs[cls]!.parent, defs[cls]!.name.slice(0, at));
      if (owner >= 0) cls = owner;
    }
    const ref = cls >= 0 ? ctx.ref(valueNode, "identifier") : null;
    if (ref) addAttr(ctx.facts, cls, "[*]", { scope, ref });
    return;
  }
  if (valueNode.type !== "identifier" || object?.type !== "member_expression" || field(object, "object")?.type !== "this") return;
  const property = field(object, "property");
  const index = field(member, "index");
  if (property?.type !== "property_identifier" || !index) return;
  const { facts } = ctx;
  const scope = ctx.scope(member);
  const valueText = valueNode.text;
  if (visibleFunction(facts.defs, scope, valueText) < 0 && !isParam(facts.defs, scope, valueText)) return;
  const cls = thisOwner(facts.defs, scope);
  const ref = cls >= 0 ? ctx.ref(valueNode, "identifier") : null;
  if (!ref) return;
  const name = property.text;
  const key = staticKey(index) ?? "[*]";
  const qname = `${facts.defs[cls]!.qname}.${name}`;
  const literal = facts.defs.findIndex((d) => d.kind === "object" && d.qname === qname);
  if (literal >= 0) addAttr(facts, literal, key, { scope, ref });
  else addAttr(facts, cls, name, { scope, ref: { root: { t: "items", items: [{ key: key === "[*]" ? key : `[${key}]`, ref }] }, path: [] } });
}

/** Whether `name` is a (whole, not destructured) parameter of the function `scope`. */
function isParam(defs: Def[], scope: number, name: string): boolean {
  return scope >= 0 && (defs[scope]!.params?.some((p) => p.name === name && p.path.length === 0) ?? false);
}

/**
 * `Card.Header = Header` on a function of ours (a compound component, a static helper): Header
 * becomes a member of Card, as `this.x = v` makes one of a constructor function.
 */
function staticMember(ctx: Ctx, member: Node, value: Node): void {
  let object = field(member, "object");
  const property = field(member, "property");
  // `Bag.prototype.each = List.prototype.each` / `= eachFn`: a member of Bag's instances, which
  // read Bag's members.
  const proto = object?.type === "member_expression" && field(object, "property")?.text === "prototype";
  if (proto) object = field(object!, "object");
  else if (value.type !== "identifier") return;
  if (object?.type !== "identifier" || property?.type !== "property_identifier") return;
  const { defs } = ctx.facts;
  let names = functionNames.get(defs);
  if (!names) functionNames.set(defs, (names = new Set(defs.filter((d) => d.kind === "function").map((d) => d.name))));
  if (!names.has(object.text)) {
    // `Client.prototype.send = logged` on a class of the file: the instances' send is logged,
    // in place of the method the class body wrote (resolve.ts ownMember).
    const scope = proto ? ctx.scope(member) : -1;
    const cls = proto && scope === -1 ? visibleClass(defs, scope, object.text) : -1;
    const ref = cls >= 0 ? ctx.ref(value) : null;
    if (ref) addAttr(ctx.facts, cls, PROTOTYPE_SET + property.text, { scope, ref });
    return;
  }
  const scope = ctx.scope(member);
  const def = visibleFunction(defs, scope, object.text);
  const ref = def >= 0 ? ctx.ref(value) : null;
  if (ref) addAttr(ctx.facts, def, property.text, { scope, ref });
}

/**
 * `descriptor.value = wrapper` on a function's third parameter (a TypeScript legacy method
 * decorator's `(target, key, descriptor)`): the method becomes the wrapper, so the decorator's
 * result is the wrapper, as a standard decorator returns it (`descriptor.get = wrapper` of an
 * accessor decorator: the getter becomes it).
 */
function descriptorValue(ctx: Ctx, member: Node, value: Node): void {
  const object = field(member, "object");
  if (object?.type !== "identifier") return;
  const scope = ctx.scope(member);
  const d = scope >= 0 ? ctx.facts.defs[scope]! : null;
  if (!d?.params?.some((p) => p.name === object.text && p.index === 2 && p.path.length === 0)) return;
  const ref = ctx.ref(value);
  if (!ref) return;
  // A function written here is kept for the method's callers (not called where written).
  if (JS_FUNCTION_LITERALS.has(value.type)) ctx.anonymousUses.set(value.startIndex, true);
  addToList(ctx.facts.returns, scope, ref);
}

/** Names of a file's functions (built once per file, on its first `a.b = c`). */
const functionNames = new WeakMap<Def[], Set<string>>();

/**
 * `store.handler = save`, `app.clock.tick = tick`: an attribute set on another object, kept for
 * `objectAttrs` (which object a dotted name is is known once every binding is read). A function
 * literal there is a member definition already (tags.scm).
 */
function objectAssignment(ctx: Ctx, member: Node, valueNode: Node): void {
  // `a.x = b.y = f`: f.
  let valueType = valueNode.type;
  for (let right = valueType === "assignment_expression" ? field(valueNode, "right") : null; right; right = valueType === "assignment_expression" ? field(valueNode, "right") : null) {
    valueNode = right;
    valueType = right.type;
  }
  const subscript = member.type === "subscript_expression";
  // `out.write = c ? json : text` (`o.h = a || b`): either operand (their function literals are held, not run here).
  const either = !subscript && (valueType === "ternary_expression" || (valueType === "binary_expression" && EITHER_MEMBER.test(valueNode.text)))
    ? eitherCallee(valueNode, (n) => ctx.ref(n)) : null;
  if (either) keptOperands(ctx, valueNode, valueType);
  // (`o.x = new C()` too: `Cache.instance = new Cache()`, a singleton.)
  // (`o.list = [function () {}]` too: the items are held (memberAssignment) and run where
  // `o.list[0]()` / `o.list.forEach((f) => f())` call them.)
  else if (valueType !== "identifier" && valueType !== "member_expression" && valueType !== "call_expression" && ((valueType !== "new_expression" && valueType !== "array") || subscript)) return;
  const property = field(member, subscript ? "index" : "property");
  if (!property) return;
  // `o["k"] = f`, `o[KEY] = f` name member k; `xs[0] = f`, `xs[i] = f` store an item of xs.
  // (`Cache.#instance = new Cache()` in the class's own code sets a private static field.)
  let name = !subscript ? (property.type === "property_identifier" || property.type === "private_property_identifier" ? property.text : null) : staticKey(property);
  // `child.__proto__ = base`: child has base's members it lacks (as `{ __proto__: base }`).
  if (name === "__proto__") name = SPREAD;
  const object = field(member, "object")!;
  const objectType = object.type;
  // `Child.prototype.__proto__ = Base.prototype`: Child's instances have Base's members (as
  // `Object.setPrototypeOf(Child.prototype, Base.prototype)`).
  if (name === SPREAD && !subscript && objectType === "member_expression" && field(object, "property")?.text === "prototype") {
    const fnNode = field(object, "object");
    if (fnNode?.type === "identifier") {
      const scope = ctx.scope(member);
      const { defs } = ctx.facts;
      let owner = visibleFunction(defs, scope, fnNode.text);
      if (owner < 0) owner = visibleClass(defs, scope, fnNode.text);
      const ref = owner >= 0 ? ctx.ref(valueNode, valueType) : null;
      if (ref) return addAttr(ctx.facts, owner, SPREAD, { scope, ref });
    }
  }
  // `ops[Op.Add] = add` of a numeric enum member (staticKey gives its number): item 0 of an
  // array, as `ops[0] = add` (and member "0" of an object literal, below).
  if (name !== null && subscript && objectType === "identifier" && valueType === "identifier" && property.type === "member_expression" && /^\d+$/.test(name)) {
    const scope = ctx.scope(member);
    const valueText = valueNode.text;
    const value = visibleFunction(ctx.facts.defs, scope, valueText) >= 0 || isParam(ctx.facts.defs, scope, valueText) ? ctx.ref(valueNode, valueType) : null;
    if (value) ctx.assigned.push({ scope, name: object.text, value: { root: { t: "items", items: [{ key: `[${name}]`, ref: value }] }, path: [] } });
  }
  if (name === null && subscript && objectType === "identifier") {
    // Only a function of the file's (`fns[0] = first`): items of items (`a[i] = a[j]`, `grid[i] =
    // row`) made cycles that questions walked exponentially.
    if (valueType !== "identifier") return;
    const scope = ctx.scope(member);
    // (Or a parameter of the function the assignment is in: a registry's `routes[path] = fn`.)
    const valueText = valueNode.text;
    if (visibleFunction(ctx.facts.defs, scope, valueText) < 0 && !isParam(ctx.facts.defs, scope, valueText)) return;
    const value = ctx.ref(valueNode, valueType);
    const key = property.type === "number" ? `[${property.text}]` : "[*]";
    if (!value) return;
    ctx.assigned.push({ scope, name: object.text, value: { root: { t: "items", items: [{ key, ref: value }] }, path: [] } });
    // `handlers[event] = fn` on an object literal of the file (a registry): any member it lacks
    // may be fn (`handlers.click()`, `handlers["click"]()`: resolve.ts ownMember).
    if (key === "[*]") (ctx.objAssigns ??= []).push({ scope, object: [object.text], name: "[*]", value, from: line(valueNode), to: endRowOf(valueNode) + 1 });
    return;
  }
  if (name === null || (objectType !== "identifier" && objectType !== "member_expression")) return;
  const obj = ctx.ref(object, objectType);
  if (obj?.root.t !== "name" || obj.path.length > 4) return;
  const value = either ?? ctx.ref(valueNode, valueType);
  if (value) (ctx.objAssigns ??= []).push({ scope: ctx.scope(member), object: [obj.root.name, ...obj.path], name, value, from: line(valueNode), to: endRowOf(valueNode) + 1 });
  // `button.onclick = handle` on an object not of ours (a DOM element): the platform calls the
  // handler, so it counts as called here, as one handed to addEventListener does (graph.ts).
  if (value && /^on[a-z]+$/.test(name)) ctx.facts.calls.push({ scope: ctx.scope(member), ref: value, line: line(valueNode), kind: "call", handler: obj });
  if (value && name === SPREAD && obj.path.length === 0) literalProto(ctx, obj.root.name, ctx.scope(member), value);
}

/**
 * `o.__proto__ = base` / `Object.setPrototypeOf(o, base)` of an object literal the file binds to
 * o: `super.m()` in its methods reads base's (as `{ __proto__: base }` does: a base of the literal).
 */
/**
 * An object literal of the file that another one takes its members from (`{ __proto__: base }`,
 * `Object.setPrototypeOf(q, base)`, `{ ...base }`, `Object.assign(q, base)`): a method of base
 * called through q has q as `this` (`this.area()` in base's describe() reaches q's area), kept as
 * base's binding of `this` (resolve.ts), with base itself. Names bound in the file only.
 */
function literalHeirs(facts: FactsDraft): void {
  const { defs, bindings } = facts;
  for (const [heir, attrs] of facts.attrs) {
    const from = attrs.get(SPREAD);
    if (!from || defs[heir]?.kind !== "object") continue;
    for (const { scope, ref } of from) {
      if (ref.root.t !== "name" || ref.path.length > 0) continue;
      const name = ref.root.name;
      let s = scope;
      while (s >= 0 && !bindings.get(s)?.has(name)) s = defs[s]!.parent;
      for (const r of bindings.get(s)?.get(name) ?? []) {
        if (r.root.t !== "def" || r.path.length > 0) continue;
        const start = r.root.start;
        const base = defs.findIndex((d) => d.start === start && d.kind === "object");
        if (base < 0 || base === heir || !inheritsUsed(facts, heir)) continue;
        if (!bindings.get(base)?.has("this")) addTo(bindings, base, "this", { root: { t: "def", start }, path: [] });
        if (bindings.get(base)!.get("this")!.length < 8) addTo(bindings, base, "this", { root: { t: "def", start: defs[heir]!.start }, path: [] });
      }
    }
  }
}

/**
 * Whether the heir literal of literalHeirs may run a member it takes from its base with itself as
 * `this`: the file calls `heir.m()` (or `this.m()` in the heir's own methods) for an m the heir
 * lacks, or the heir is handed on (an argument, an export, a return, another name's value, an
 * item). Not when it is only called through its own members (`fancy.step()`): then its base's
 * methods never run with it as `this` (`base.run()` reaches base's step only).
 */
function inheritsUsed(facts: FactsDraft, heir: number): boolean {
  const { defs } = facts;
  const name = defs[heir]!.name;
  if (!name || name.includes(".")) return true;
  const own = new Set<string>(facts.attrs.get(heir)?.keys() ?? []);
  for (const d of defs) if (d.parent === heir) own.add(d.name);
  const mentions = (r: Ref | null | undefined, depth: number): boolean => {
    if (!r || depth > 4) return false;
    const root = r.root;
    if (root.t === "name") return root.name === name;
    if (root.t === "scoped") return mentions(root.ref, depth + 1);
    if (root.t === "union") return root.refs.some((x) => mentions(x, depth + 1));
    if (root.t === "items") return root.items.some((i) => mentions(i.ref, depth + 1));
    if (root.t === "call") return mentions(root.callee, depth + 1);
    return false;
  };
  for (const c of facts.calls) {
    const ref = c.ref;
    const root = ref.root;
    if (root.t === "name" && root.name === name && (ref.path.length === 0 || !own.has(ref.path[0]!))) return true;
    if (root.t === "this" && ref.path.length > 0 && !own.has(ref.path[0]!) && c.scope >= 0 && defs[c.scope]!.parent === heir) return true;
    for (const a of c.args ?? []) if (mentions(a.ref, 0)) return true;
  }
  for (const refs of facts.exports.values()) for (const r of refs) if (mentions(r, 0)) return true;
  for (const r of facts.cjs) if (mentions(r, 0)) return true;
  for (const refs of facts.returns.values()) for (const r of refs) if (mentions(r, 0)) return true;
  for (const names of facts.bindings.values()) {
    for (const [n, refs] of names) if (n !== name) for (const r of refs) if (mentions(r, 0)) return true;
  }
  return false;
}

function literalProto(ctx: Ctx, name: string, scope: number, base: Ref): void {
  const { defs } = ctx.facts;
  for (let s = scope; ; s = defs[s]!.parent) {
    const lit = defs.findIndex((d) => d.kind === "object" && d.parent === s && d.name === name);
    if (lit >= 0) {
      defs[lit]!.bases = [...defs[lit]!.bases, base];
      return;
    }
    if (s < 0) return;
  }
}

/**
 * `o.x = v` (objectAssignment) where o is a name the file binds to one of its object literals
 * (`const o = {}`; `o.inner.x = v` to one nested in it) or to an instance of one of its classes
 * (`const s = new Svc()`): x becomes an attribute of that literal or class, as `this.x = v` makes
 * one, valued where the assignment is. Told from the facts (no resolving across files or
 * through parameters): the resolver's answers need not wait for such attributes to be found.
 */
function objectAttrs(facts: FactsDraft, assigns: NonNullable<Ctx["objAssigns"]>, defIndex: Map<number, number>, calls: () => Map<number, CallFact[]>, globals: Set<string>, cjsThis = false): void {
  const { defs } = facts;
  for (const a of assigns) {
    if (a.object.length === 1 && a.object[0] === "this") {
      selfWrap(facts, defs[a.scope]!.parent, a, calls);
      continue;
    }
    const refs = boundAround(facts, a.scope, a.object[0]!);
    // `globalThis.x = v` (window, global, self too), at the top level or in a function: a global
    // name, which the file's own code reads as a top-level one (globalObjectCalls).
    if (a.object.length === 1 && (refs ? globalParam(facts, refs, defIndex, calls) : GLOBAL_OBJECTS.has(a.object[0]!))) {
      globals.add(a.name);
      const value: Ref = a.scope === -1 ? a.value : { root: { t: "scoped", scope: a.scope, ref: a.value }, path: [] };
      if (!facts.bindings.get(-1)?.has(a.name)) addTo(facts.bindings, -1, a.name, value);
      continue;
    }
    // `(function (root) { root.Shapes = {...}; })(this)` in a CommonJS module: root is its exports.
    if (cjsThis && a.object.length === 1 && refs && globalParam(facts, refs, defIndex, calls, true)) {
      addExport(facts, a.name, a.scope === -1 ? a.value : { root: { t: "scoped", scope: a.scope, ref: a.value }, path: [] });
      continue;
    }
    let applied = false;
    const given = iifeArgument(facts, refs, defIndex, calls);
    for (const ref of given ?? refs ?? []) {
      if (ref.path.length > 0) continue;
      const root = ref.root;
      let def = -1;
      let made = false;
      if (root.t === "def") def = defIndex.get(root.start) ?? -1;
      else if (root.t === "new" && root.callee.root.t === "name" && root.callee.path.length === 0) {
        // `const t = new Temp()` of a class, or of an ES5 constructor function (`t.x = f` then an attribute of its instances).
        const cls = root.callee.root.name;
        def = defs.findIndex((d) => d.kind === "class" && d.name === cls && d.parent === -1);
        if (def < 0) def = defs.findIndex((d) => d.kind === "function" && d.name === cls && d.parent === -1);
        made = def >= 0;
      }
      for (const step of a.object.slice(1)) {
        if (def < 0) break;
        // `Events.table.created = f` in a static block: the object literal a class field holds
        // (`static table = {}`), not the class itself.
        if (defs[def]!.kind === "class" && step !== "prototype" && !made) {
          const field = facts.members.get(`${defs[def]!.qname}.${step}`);
          if (field === undefined || defs[field]!.kind !== "object") def = -1;
          else def = field;
          continue;
        }
        if (defs[def]!.kind !== "object") break;
        def = facts.members.get(`${defs[def]!.qname}.${step}`) ?? -1;
      }
      const kind = def >= 0 ? defs[def]!.kind : null;
      // (`F.prototype.m = wrap(F.prototype.m)` of an ES5 constructor function F wraps its method too.)
      if (kind === "function" && !made && a.object.length === 2 && a.object[1] === "prototype" && a.scope === defs[def]!.parent) {
        selfWrap(facts, def, a, calls);
        continue;
      }
      // (`Object.assign(api, { get() {} })` on a function of ours: its members too.)
      if (kind !== "object" && kind !== "class" && !(kind === "function" && (made || (a.name === SPREAD && !a.proto)) && a.object.length === 1)) continue;
      // (A definition `p.m = function () {}`: only on an instance; an object literal's is its member already.)
      // (But `api.fetch = function () {}` after `const api = { fetch() {} }`: a new value of the
      // member the literal wrote, resolve.ts ownMember.)
      if ((a as { made?: true }).made && !made && !(given && kind === "object")) {
        const own = kind === "object" ? facts.members.get(`${defs[def]!.qname}.${a.name}`) : undefined;
        if (own === undefined || a.value.root.t !== "def" || defs[own]!.start === a.value.root.start) continue;
      }
      // (`C.prototype.m = wrap(C.prototype.m)` wraps a method of class C so.)
      const wraps = kind === "object" || (a.object.length === 2 && a.object[1] === "prototype");
      if (wraps && a.scope === defs[def]!.parent && selfWrap(facts, def, a, calls)) continue;
      addAttr(facts, def, a.name, { scope: a.scope, ref: a.value });
      applied = true;
    }
    // `Object.setPrototypeOf(b, proto)` of a name bound to no literal of ours (`Object.create(x)`,
    // a parameter): b also reads as proto (flow-insensitively, its members are proto's too).
    if (!applied && a.proto && refs && a.object.length === 1) {
      let scope = a.scope;
      while (scope >= 0 && !facts.bindings.get(scope)?.has(a.object[0]!)) scope = defs[scope]!.parent;
      addTo(facts.bindings, scope, a.object[0]!, scope === a.scope ? a.value : { root: { t: "scoped", scope: a.scope, ref: a.value }, path: [] });
    }
  }
}

/**
 * A parameter of an IIFE given a name of the scope around it: what that name is bound to there,
 * so `(function (ns) { ns.format = function () {} })(App)` adds format to the object literal
 * `var App = {}` (or `App || {}`) holds; undefined for anything else.
 */
function iifeArgument(facts: FactsDraft, refs: Ref[] | undefined, defIndex: Map<number, number>, calls: () => Map<number, CallFact[]>): Ref[] | undefined {
  if (!refs || refs.length !== 1 || refs[0]!.root.t !== "param" || refs[0]!.path.length > 0) return undefined;
  const { def: start, index, star } = refs[0]!.root;
  if (star) return undefined;
  const fn = defIndex.get(start);
  if (fn === undefined) return undefined;
  const parent = facts.defs[fn]!.parent;
  let out: Ref[] | undefined;
  for (const call of calls().get(parent) ?? []) {
    if (call.ref.root.t !== "def" || call.ref.root.start !== start || call.ref.path.length > 0) continue;
    const arg = call.args?.[index]?.ref;
    if (!arg || arg.root.t !== "name" || arg.path.length > 0) return undefined;
    const bound = boundAround(facts, parent, arg.root.name);
    if (!bound) return undefined;
    for (const b of bound) if (b.root.t === "def") (out ??= []).push(b);
  }
  return out;
}

/**
 * `o.m = wrap(o.m)` where o's object literal defines m (or `C.prototype.m = wrap(C.prototype.m)`,
 * C's class does; or `this.m = wrap(this.m)` in C's constructor), in the scope that defines o: the member
 * becomes what wrap returns (bound as `@m`, as a decorator's replacement is: resolve.ts ownMember),
 * and the `o.m` wrap is given is the literal's own method (as `f = wrap(f)` gives wrap the earlier
 * f). Read as an attribute, it was hidden by the method the literal defines: o.m() called the
 * method alone, and the wrapper nothing called. False when the assignment is no such call.
 */
function selfWrap(facts: FactsDraft, def: number, a: NonNullable<Ctx["objAssigns"]>[number], calls: () => Map<number, CallFact[]>): boolean {
  if (a.value.root.t !== "call" || a.value.path.length > 0) return false;
  const qname = facts.defs[def]!.qname;
  const own = facts.members.get(`${qname}.${a.name}`) ?? (facts.defs[def]!.kind === "function" ? facts.members.get(`${qname}.prototype.${a.name}`) : undefined);
  if (own === undefined) return false;
  const path = [...a.object.slice(1), a.name];
  const self = a.object[0] === "this";
  const isSelf = (ref: Ref | null): boolean =>
    ref !== null && (self ? ref.root.t === "this" : ref.root.t === "name" && ref.root.name === a.object[0]) &&
    ref.path.length === path.length && ref.path.every((p, i) => p === path[i]);
  let wrapped = false;
  for (const call of calls().get(a.scope) ?? []) {
    if (call.line < a.from || call.line > a.to || !call.args?.some((arg) => isSelf(arg.ref))) continue;
    call.args = call.args.map((arg) => (isSelf(arg.ref) ? { name: arg.name, ref: { root: { t: "def", start: facts.defs[own]!.start }, path: [] } } : arg));
    wrapped = true;
  }
  if (wrapped) addTo(facts.bindings, def, `@${a.name}`, a.value);
  return wrapped;
}

/** The global object's names (`globalThis.helper()`): the top-level names of a script are its members. */
export const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(["globalThis", "window", "global", "self"]);

/**
 * `globalThis.helper()` (window, global, self), when no scope binds the global object's name: a
 * call of helper when the file put helper on the global object (`globalThis.helper = helper`),
 * or when it is a classic script (no import, export or CommonJS module) whose top level binds
 * helper, since a script's top-level names are the global object's. In a module, its own
 * top-level names are not (`new globalThis.RegExp(s)` in a module exporting a RegExp function is
 * the builtin). Per file: a name another file puts on the global object stays the builtin's member.
 */
function globalObjectCalls(facts: FactsDraft, globals: Set<string>): void {
  const top = facts.bindings.get(-1);
  if (!top) return;
  const script = isScript(facts);
  if (!script && globals.size === 0) return;
  for (const call of facts.calls) {
    const { root, path } = call.ref;
    if (root.t !== "name" || path.length === 0 || !GLOBAL_OBJECTS.has(root.name)) continue;
    if (!globals.has(path[0]!) && !(script && top.has(path[0]!))) continue;
    if (!boundAround(facts, call.scope, root.name)) call.ref = { root: { t: "name", name: path[0]! }, path: path.slice(1) };
  }
}

/**
 * Whether a name bound only to a parameter is the global object: an IIFE's parameter given
 * `globalThis` (window, global, self) or a script's top-level `this`, as UMD wrappers do
 * (`(function (g) { g.setup = setup; })(globalThis)`).
 */
function globalParam(facts: FactsDraft, refs: Ref[], defIndex: Map<number, number>, calls: () => Map<number, CallFact[]>, moduleThis = false): boolean {
  if (refs.length !== 1 || refs[0]!.root.t !== "param" || refs[0]!.path.length > 0) return false;
  const { def: start, index, star } = refs[0]!.root;
  if (star) return false;
  const fn = defIndex.get(start);
  if (fn === undefined) return false;
  const parent = facts.defs[fn]!.parent;
  let given = false;
  for (const call of calls().get(parent) ?? []) {
    if (call.ref.root.t !== "def" || call.ref.root.start !== start || call.ref.path.length > 0) continue;
    const arg = call.args?.[index]?.ref;
    if (!arg || arg.path.length > 0) return false;
    // (`typeof self !== "undefined" ? self : this`: each operand.)
    const isGlobal = (r: Ref): boolean => r.path.length === 0 && ((r.root.t === "name" && GLOBAL_OBJECTS.has(r.root.name) && !boundAround(facts, parent, r.root.name)) ||
      (r.root.t === "this" && parent === -1 && isScript(facts)));
    const global = moduleThis ? arg.root.t === "this" && parent === -1 : arg.root.t === "union" ? arg.root.refs.length > 0 && arg.root.refs.every(isGlobal) : isGlobal(arg);
    if (!global) return false;
    given = true;
  }
  return given;
}

/** A classic script: no import, export or CommonJS module, so its top-level names are global. */
export function isScript(f: Pick<FileFacts, "script">): boolean {
  return f.script === true;
}

/**
 * Whether a JS/TS program has an import or export statement, type-only ones included (TypeScript
 * makes a file with `export interface` a module): such a file is an ES module even when neither
 * gives a fact (`import { a } from "./a"` is only a binding).
 */
function moduleSyntax(program: Node): boolean {
  for (let i = 0, n = program.childCount; i < n; i++) {
    const type = program.child(i)!.type;
    if (type === "import_statement" || type === "export_statement") return true;
  }
  return false;
}

/** What `name` is bound to in `scope` or the nearest scope around it that binds it (the top level last). */
function boundAround(facts: FactsDraft, scope: number, name: string): Ref[] | undefined {
  let refs = facts.bindings.get(scope)?.get(name);
  while (!refs && scope >= 0) {
    scope = facts.defs[scope]!.parent;
    refs = facts.bindings.get(scope)?.get(name);
  }
  return refs;
}

/** A file's calls that pass arguments, by scope. */
function callsByScope(calls: CallFact[]): Map<number, CallFact[]> {
  const out = new Map<number, CallFact[]>();
  for (const call of calls) {
    if (!call.args) continue;
    const list = out.get(call.scope);
    if (list) list.push(call);
    else out.set(call.scope, [call]);
  }
  return out;
}

/** `a ||= f` (`&&=`, `??=`: imports.scm): a binding of a name, or an assignment to a member, like `=`. */
function logicalAssignment(ctx: Ctx, left: Node, valueNode: Node): void {
  const assignment = left.parent!;
  if (left.type === "member_expression") return memberAssignment(ctx, left, valueNode);
  const patternIndex = 0;
  bindingFact([
    { patternIndex, name: "binding.name", node: left }, { patternIndex, name: "binding.value", node: valueNode },
    { patternIndex, name: "binding", node: assignment },
  ], ctx);
}

/**
 * The index of the parameter of function `def` in whose default `call` is written (`function
 * stamp(t = now())`), or -1. Walks up only in functions with a default.
 */
function defaultOf(def: Def | undefined, call: Node): number {
  if (!def?.params?.some((q) => q.dflt || q.memberDefault)) return -1;
  let child: Node = call;
  for (let n = call.parent; n && n.startIndex >= def.start; child = n, n = n.parent) {
    if (n.type !== "formal_parameters") continue;
    let index = 0;
    for (const p of n.namedChildren) {
      if (!p || p.type === "comment" || (p.type === "required_parameter" && field(p, "pattern")?.type === "this")) continue;
      if (p.startIndex === child.startIndex) return index;
      index++;
    }
    return -1;
  }
  return -1;
}

/** `child` (a constructor function's name) inherits from `base`. */
function inherit(ctx: Ctx, child: Node, base: Node): void {
  const { defs } = ctx.facts;
  // The base joins the constructor function's bases (module-level functions only).
  const ref = ctx.ref(base);
  const def = visibleFunction(defs, ctx.scope(child), child.text);
  if (ref && def >= 0 && defs[def]!.bases.length < 8) defs[def]!.bases.push(ref);
}

/**
 * `Child.prototype = Object.create(Base.prototype)`, told with the getter read of `Base.prototype`
 * (the call's first argument, `(arguments . (member_expression))`) at its property, where a
 * pattern of its own for the whole statement matched, so bases keep their order. Only reads of a
 * `prototype` get here; `parent` walks down from the root, so the cheap checks come first.
 */
function createdPrototype(ctx: Ctx, read: Node): void {
  if (field(read, "property")?.text !== "prototype") return;
  const args = read.parent;
  if (args?.type !== "arguments" || args.namedChild(0)?.id !== read.id) return;
  const call = args.parent;
  const create = call?.type === "call_expression" ? field(call, "function") : null;
  if (create?.type !== "member_expression" || !isMember(create, "Object", "create")) return;
  const assignment = call!.parent;
  if (assignment?.type !== "assignment_expression" || field(assignment, "right")?.id !== call!.id) return;
  const left = field(assignment, "left");
  if (left?.type !== "member_expression" || !isMember(left, null, "prototype")) return;
  inherit(ctx, field(left, "object")!, field(read, "object")!);
}

/** `object.property` with an identifier object (named `object` unless null) and a property_identifier. */
function isMember(node: Node, object: string | null, property: string): boolean {
  const o = field(node, "object");
  const p = field(node, "property");
  return o?.type === "identifier" && (object === null || o.text === object) && p?.type === "property_identifier" && p.text === property;
}

/** grammars/javascript/callees.scm's names (TypeScript and TSX share them), read once. */
let jsCallees: { evalCall: ReadonlySet<string>; evalNew: ReadonlySet<string>; inheritsMethod: ReadonlySet<string>; inheritsCall: ReadonlySet<string> } | null = null;

function jsCalleeNames(): NonNullable<typeof jsCallees> {
  return (jsCallees ??= {
    evalCall: calleeNames("javascript", "eval.call"), evalNew: calleeNames("javascript", "eval.new"),
    inheritsMethod: calleeNames("javascript", "inherits.method"), inheritsCall: calleeNames("javascript", "inherits.call"),
  });
}

/**
 * Whether a member callee's property (`util.inherits` → inherits) is one of `names`; the callee's
 * text is checked first, which spares reading the property of nearly every member call.
 */
function memberNamed(callee: Node, text: string, names: ReadonlySet<string>): boolean {
  for (const n of names) if (text.endsWith(n)) return names.has(field(callee, "property")?.text ?? "");
  return false;
}

/**
 * Calls told by their callee, whose type and (for names and member chains) text the call handler
 * has read, as grammars/javascript/callees.scm's patterns say: `require(x)`/`import(x)` load a
 * module (an import when x is a literal, dynamic code otherwise), `eval(s)`/`Function(s)`/`new
 * Function(s)` are dynamic code, `util.inherits(C, B)` and Babel's `_inherits(C, B)` make B a base
 * of the constructor function C. Run by the engine, those patterns each made a match of every
 * call of a plain name (or of a member, with two arguments) for JavaScript to reject, and kept
 * query states open through the arguments.
 */
function jsNamedCall(ctx: Ctx, call: Node, callee: Node, type: string, text: string | undefined, isNew: boolean): void {
  const { facts } = ctx;
  const names = jsCalleeNames();
  const name = type === "identifier" ? text : undefined;
  const evaluates = name !== undefined && (isNew ? names.evalNew : names.evalCall).has(name);
  const loads = !isNew && loadsModule(type, name);
  const inherits = !isNew && ((name !== undefined && names.inheritsCall.has(name)) ||
    (type === "member_expression" && memberNamed(callee, text!, names.inheritsMethod)));
  // JSX elements are calls of their component too (`<Function />`): only a call or `new` is one of these.
  if (!evaluates && !loads && !inherits) return;
  if (call.type !== (isNew ? "new_expression" : "call_expression")) return;
  if (evaluates) {
    facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(call.text), kind: "eval" });
    return;
  }
  const args = field(call, "arguments");
  if (args?.type !== "arguments") return;
  if (loads) {
    // The argument as `(arguments . (_))` takes it: the first named child, whatever it is.
    const first = args.namedChild(0);
    if (!first) return;
    const specs = moduleSpecifiers(first);
    if (specs !== null) for (const spec of specs) facts.imports.push({ scope: ctx.scope(call), spec, line: line(call), names: [] });
    // AMD `require([deps], callback)`: its modules are imports (amdDefine, with the arguments).
    else if (first.type !== "array" || first.namedChildren.some((el) => el !== null && el.type !== "string" && el.type !== "comment")) {
      facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(call.text) });
    }
    return;
  }
  // `(arguments . (identifier) . [(identifier) (member_expression)])`: the first two named children.
  const child = args.namedChild(0);
  const base = args.namedChild(1);
  if (child?.type !== "identifier" || !base) return;
  const baseType = base.type;
  if (baseType !== "identifier" && baseType !== "member_expression") return;
  inherit(ctx, child, base);
  // Node's `util.inherits(Child, Base)` also sets `Child.super_ = Base` (`Child.super_.call(this)`).
  if (type === "member_expression" && text!.endsWith(".inherits")) {
    const def = visibleFunction(ctx.facts.defs, ctx.scope(child), child.text);
    const ref = def >= 0 ? ctx.ref(base) : null;
    if (ref) addAttr(ctx.facts, def, "super_", { scope: ctx.scope(call), ref });
  }
}

/** Every member of what `ref` names (`Object.values(o)` reads them so too: refs.ts). */
function membersOf(ref: Ref | null): Ref | null {
  return ref && { root: ref.root, path: [...ref.path, MEMBERS] };
}

/** Members `keys` of what `ref` names: either of them. */
function keysOf(ref: Ref | null, keys: string[]): Ref | null {
  return ref && { root: { t: "union", refs: keys.map((k) => ({ root: ref.root, path: [...ref.path, k] })) }, path: [] };
}

/**
 * An argument `o[k]` or `o[k].bind(x)` in `for (const k of ["a", "b"])`: o.a or o.b (bound), as
 * the callee `o[k]()` reads (forOfKeys); null for anything else.
 */
function loopKeyed(ctx: Ctx, node: Node, type: string): Ref | null {
  let subscript = node;
  const bound = type === "call_expression";
  if (bound) {
    const callee = field(node, "function");
    if (callee?.type !== "member_expression" || field(callee, "property")?.text !== "bind") return null;
    subscript = field(callee, "object")!;
  } else if (type !== "subscript_expression") return null;
  if (subscript?.type !== "subscript_expression" || field(subscript, "index")?.type !== "identifier") return null;
  const keys = forOfKeys(subscript);
  const ref = keys ? keysOf(ctx.ref(field(subscript, "object")!), keys) : null;
  return ref && bound ? { root: { t: "call", callee: { root: ref.root, path: ["bind"] } }, path: [] } : ref;
}

/** `o[k].run` of a `for (k in o)` (forInKey): run of every member of o; null for any other callee. */
function eachMemberCall(ctx: Ctx, callee: Node): Ref | null {
  const object = field(callee, "object");
  const property = field(callee, "property");
  if (object?.type !== "subscript_expression" || property?.type !== "property_identifier" || !forInKey(object)) return null;
  const members = membersOf(ctx.ref(field(object, "object")!));
  return members && { root: members.root, path: [...members.path, property.text] };
}

/**
 * `obj[k]()`: a call of a member named by a computed k (a string or number literal names its member,
 * which the callee's ref says) is dynamic code. Told where a pattern of its own matched: at k.
 */
function computedCall(ctx: Ctx, call: Node, callee: Node): void {
  const index = field(callee, "index");
  if (!index || stringLiteral(index) !== null || index.type === "number" || constKey(index) !== null) return;
  if (index.type === "ternary_expression" && ternaryKeys(index) !== null) return;
  ctx.later.add(index.startIndex, () => {
    const object = field(callee, "object");
    const obj = object && ctx.ref(object);
    ctx.facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(call.text), kind: "attribute", ...(obj ? { obj } : {}) });
  });
}

/** The attribute name under which objects keep what was spread or mixed into them (resolve.ts). */
export const SPREAD = "...";
/** The key under which a JS function's returns keep what it throws (read by `catch (e)` around its calls). */
export const THROWN = "<thrown>";
/** A class's attribute key for `C.prototype.m = v` at the top level: prefixed to m. */
export const PROTOTYPE_SET = "prototype ";

/** The keys an object literal writes after its member `node` (a spread): names, literal or constant keys. */
function keysAfter(node: Node): string[] {
  const keys: string[] = [];
  for (let n = node.nextNamedSibling; n && keys.length < 64; n = n.nextNamedSibling) {
    const type = n.type;
    const key = type === "pair" ? field(n, "key") : type === "method_definition" ? field(n, "name") : type === "shorthand_property_identifier" ? n : null;
    if (!key) continue;
    const name = stringLiteral(key) ?? (key.type === "computed_property_name" ? staticKey(key.namedChild(0)!) : key.text);
    if (name !== null) keys.push(name);
  }
  return keys;
}

/** A binary operand that may be either operand (the operator is checked again by eitherCallee). */
const EITHER_MEMBER = /\|\||\?\?/;

/** A property of an object literal that is a definition (`module.exports = { run }`). */
function propertyFact(caps: Caps, object: Node, ctx: Ctx): void {
  const def = ctx.defIndex.get(object.startIndex);
  if (def === undefined) return;
  const spread = cap(caps, "property.spread");
  if (spread) {
    const ref = ctx.ref(spread);
    if (ref) addAttr(ctx.facts, def, SPREAD, { scope: ctx.scope(object), ref, later: keysAfter(spread.parent!) });
    return;
  }
  const nameNode = cap(caps, "property.name")!;
  const name = stringLiteral(nameNode) ?? (nameNode.type === "computed_property_name" ? staticKey(nameNode.namedChild(0)!) : nameNode.text);
  if (name === null) return;
  const valueNode = cap(caps, "property.value") ?? nameNode;
  // `{ value: done ? undefined : items[i] }`, `{ h: opts.h || fallback }`: either operand.
  const valueType = valueNode.type;
  const ref = valueType === "ternary_expression" || (valueType === "binary_expression" && EITHER_MEMBER.test(valueNode.text))
    ? eitherCallee(valueNode, (n) => ctx.ref(n)) ?? ctx.ref(valueNode) : ctx.ref(valueNode);
  // `{ __proto__: base }`: the object inherits base's members (those it lacks, as a spread gives them).
  const proto = name === "__proto__" && nameNode.type !== "computed_property_name" && valueNode !== nameNode;
  if (ref) addAttr(ctx.facts, def, proto ? SPREAD : name, { scope: ctx.scope(object), ref });
  // ...and `super.m()` in its methods reads base's (resolve.ts: bases of the object literal).
  if (ref && proto) ctx.facts.defs[def]!.bases = [...ctx.facts.defs[def]!.bases, ref];
}

function jsImport(caps: Caps, node: Node, ctx: Ctx): void {
  const spec = stringLiteral(cap(caps, "import.source")!);
  if (spec === null || node.child(1)?.type === "type") return; // `import type` has no run-time effect
  const scope = ctx.scope(node);
  const module = (path: string[]): Ref => ({ root: { t: "module", spec }, path });
  const def = text(cap(caps, "import.default"));
  const ns = text(cap(caps, "import.namespace"));
  const name = cap(caps, "import.name");
  if (def !== null) addTo(ctx.facts.bindings, scope, def, module(["default"]));
  else if (ns !== null) addTo(ctx.facts.bindings, scope, ns, module([]));
  else if (name) {
    const imported = stringLiteral(name) ?? name.text;
    addTo(ctx.facts.bindings, scope, text(cap(caps, "import.alias")) ?? imported, module([imported]));
  } else ctx.facts.imports.push({ scope, spec, line: line(node), names: [] });
}

function jsExport(caps: Caps, node: Node, ctx: Ctx): void {
  const { facts } = ctx;
  // `export` in a TypeScript namespace's body makes a member of the namespace, not of the file
  // (a script declaring a global namespace stays a script: resolve.ts globalName).
  if (ctx.namespaceOf && ctx.namespaceOf(node.startIndex) >= 0) return;
  const decl = cap(caps, "export.declaration");
  const isDefault = node.children.some((c) => c?.type === "default");
  if (decl) {
    const name = field(decl, "name")?.text;
    if (name) addExport(facts, isDefault ? "default" : name, { root: { t: "name", name }, path: [] });
    return;
  }
  const sourceNode = cap(caps, "export.source");
  const spec = sourceNode ? stringLiteral(sourceNode) : null;
  const local = cap(caps, "export.local");
  const nameNode = cap(caps, "export.name");
  const value = cap(caps, "export.value");
  if (local) {
    const localName = stringLiteral(local) ?? local.text;
    const exported = nameNode ? (stringLiteral(nameNode) ?? nameNode.text) : localName;
    const ref: Ref = spec !== null
      ? { root: { t: "module", spec }, path: localName === "default" ? ["default"] : [localName] }
      : { root: { t: "name", name: localName }, path: [] };
    addExport(facts, exported, ref);
  } else if (nameNode && spec !== null) {
    addExport(facts, nameNode.text, { root: { t: "module", spec }, path: [] });
  } else if (nameNode && value) {
    addExport(facts, nameNode.text, ctx.ref(value));
  } else if (nameNode) {
    addExport(facts, nameNode.text, { root: { t: "name", name: nameNode.text }, path: [] });
  }
}

/**
 * A declarator, told by its name's and value's types. With no value, a name is declared (where a
 * later assignment binds). A value that is a member is a getter read (accessorFact); functions in
 * an array value are kept for whoever calls its items. The name is bound: a name (and to what its
 * value may be, as `eitherValue` says), an array pattern (walked by jsPatternNames) or an object
 * pattern, whose shorthand names, then shorthand names with defaults, then `key: name` pairs are
 * bound in that order, as the patterns of each kind (in that order) matched them.
 */
/**
 * The function literals an array literal holds as items (or as members of its object items: a table
 * `[{ path, handler: () => {} }]`) are kept, not run where written: they run where items are called.
 * `spread`: `const xs = [...it]` iterates it, as `for...of` does.
 */
function keepArrayItems(ctx: Ctx, array: Node, spread: boolean): void {
  for (const item of array.namedChildren) {
    const itemType = item?.type;
    if (itemType === "function_expression" || itemType === "arrow_function") ctx.anonymousUses.set(item!.startIndex, true);
    else if (itemType === "object") {
      for (const pair of item!.namedChildren) {
        const value = pair?.type === "pair" ? field(pair, "value") : null;
        const valueType = value?.type;
        if (valueType === "function_expression" || valueType === "arrow_function") ctx.anonymousUses.set(value!.startIndex, true);
      }
    } else if (spread && itemType === "spread_element") iterated(ctx, item!.namedChild(0));
  }
}

function declaratorFacts(caps: Caps, ctx: Ctx): void {
  const nameNode = cap(caps, "binding.name")!;
  const type = nameNode.type;
  if (type === "identifier" && ctx.facts.language === "typescript") typedName(ctx, cap(caps, "binding")!, nameNode);
  const valueNode = cap(caps, "binding.value");
  if (!valueNode) {
    if (type === "identifier") ctx.declared.add(`${ctx.scope(nameNode)}\u0000${jsName(nameNode)}`);
    return;
  }
  const valueType = valueNode.type;
  if (valueType === "member_expression") accessorFact(ctx, valueNode, true);
  else if (valueType === "array") keepArrayItems(ctx, valueNode, true);
  if (type === "identifier") {
    bindingFact(caps, ctx);
    eitherValue(caps, ctx);
    return;
  }
  const value = { patternIndex: caps[0]!.patternIndex, name: "binding.value", node: valueNode };
  const binding = { patternIndex: value.patternIndex, name: "binding", node: cap(caps, "binding")! };
  const bind = (name: Node, key?: Node): void => {
    const named = { patternIndex: value.patternIndex, name: "binding.name", node: name };
    bindingFact(key ? [named, { ...named, name: "binding.key", node: key }, value, binding] : [named, value, binding], ctx);
  };
  if (type === "array_pattern") {
    // `const [a, b] = pair`: destructuring by position iterates pair, as `for...of` does.
    if (valueType === "identifier" || valueType === "new_expression" || valueType === "member_expression") iterated(ctx, valueNode);
    return bindingFact([{ ...value, name: "binding.pattern", node: nameNode }, value, binding], ctx);
  }
  if (type !== "object_pattern") return;
  const properties = nameNode.namedChildren.filter((c): c is Node => c !== null);
  const types = properties.map((c) => c.type);
  let ref: Ref | null | undefined;
  // `const { area } = new Shape()` (`= shape`, `= this`): reading each member named runs its getter
  // (as `shape.area` does: accessorFact); up to 8 names.
  if ((valueType === "new_expression" || valueType === "identifier" || valueType === "this") && (ref ??= ctx.ref(valueNode, valueType)) !== null) {
    const read = ref;
    const scope = ctx.scope(binding.node);
    const line = rowOf(nameNode) + 1;
    let n = 0;
    properties.forEach((c, i) => {
      const key = types[i] === "shorthand_property_identifier_pattern" ? c : types[i] === "pair_pattern" ? field(c, "key") : null;
      if (key === null || n++ >= 8 || (key.type !== "shorthand_property_identifier_pattern" && key.type !== "property_identifier")) return;
      ctx.facts.calls.push({ scope, ref: { root: read.root, path: [...read.path, key.text] }, line, kind: "call", getter: true });
    });
  }
  properties.forEach((c, i) => {
    if (types[i] === "shorthand_property_identifier_pattern") bind(c);
  });
  properties.forEach((c, i) => {
    if (types[i] !== "object_assignment_pattern") return;
    const left = field(c, "left");
    if (left?.type !== "shorthand_property_identifier_pattern") return;
    bind(left);
    // `const { a = d } = o`: d too, when o may lack a.
    const right = field(c, "right");
    const dflt = right && ctx.ref(right);
    if (dflt) addTo(ctx.facts.bindings, ctx.scope(c), left.text, unlessPresent(ref ??= ctx.ref(valueNode, valueType), valueType, left.text, dflt));
  });
  // `const { a, ...rest } = o`: rest holds o's other members (the whole value, flow-insensitively, as a parameter's).
  const rest = types.at(-1) === "rest_pattern" ? properties.at(-1)!.namedChild(0) : null;
  if (rest?.type === "identifier" && (ref ??= ctx.ref(valueNode, valueType)) !== null) addTo(ctx.facts.bindings, ctx.scope(binding.node), rest.text, ref);
  properties.forEach((c, i) => {
    if (types[i] !== "pair_pattern") return;
    const key = field(c, "key");
    const name = field(c, "value");
    const nameType = name?.type;
    const keyType = key?.type;
    if (nameType === "identifier" && (keyType === "computed_property_name" || keyType === "string")) {
      // `const { [KEY]: f } = o` (a file constant's string), `const { "a-b": f } = o`: that member.
      const k = keyType === "string" ? stringLiteral(key!) : staticKey(key!.namedChild(0)!);
      if (k !== null && (ref ??= ctx.ref(valueNode, valueType)) !== null) addTo(ctx.facts.bindings, ctx.scope(binding.node), name!.text, { root: ref.root, path: [...ref.path, k] });
    } else if (key?.isNamed && nameType === "identifier") bind(name!, key);
    else if (key?.isNamed && nameType === "assignment_pattern") {
      // `const { a: b = d } = o`: as `{ a = d }`, bound to b.
      const left = field(name!, "left");
      if (left?.type === "object_pattern" || left?.type === "array_pattern") {
        // `const { hooks: { done } = {} } = o`: as `{ hooks: { done } }`, and the default's members.
        const k = key!.type === "property_identifier" ? key!.text : key!.type === "string" ? stringLiteral(key!) : null;
        if (k === null || (ref ??= ctx.ref(valueNode, valueType)) === null) return;
        const scope = ctx.scope(binding.node);
        const right = field(name!, "right");
        const whole = right ? ctx.ref(right) : null;
        for (const { name: inner, path, memberDefault } of jsPatternNames(left, ctx.ref)) {
          addTo(ctx.facts.bindings, scope, inner, { root: ref.root, path: [...ref.path, k, ...path] });
          if (whole) addTo(ctx.facts.bindings, scope, inner, { root: whole.root, path: [...whole.path, ...path] });
          if (memberDefault) addTo(ctx.facts.bindings, scope, inner, memberDefault);
        }
        return;
      }
      if (left?.type !== "identifier") return;
      bind(left, key);
      const right = field(name!, "right");
      const dflt = right && ctx.ref(right);
      const k = key!.type === "property_identifier" ? key!.text : null;
      if (dflt) addTo(ctx.facts.bindings, ctx.scope(c), left.text, k === null ? dflt : unlessPresent(ref ??= ctx.ref(valueNode, valueType), valueType, k, dflt));
    } else if (nameType === "object_pattern" || nameType === "array_pattern") {
      // `const { a: { b }, c: [d] } = o`: the inner names take their members by path (a.b, c[0]).
      const keyType = key?.type;
      const k = keyType === "property_identifier" ? key!.text : keyType === "string" ? stringLiteral(key!) : null;
      if (k === null || (ref ??= ctx.ref(valueNode, valueType)) === null) return;
      const scope = ctx.scope(binding.node);
      for (const { name: inner, path, memberDefault } of jsPatternNames(name!, ctx.ref)) {
        const member: Ref = { root: ref.root, path: [...ref.path, k, ...path] };
        addTo(ctx.facts.bindings, scope, inner, member);
        // `const { out: { warn = dflt } } = o`: dflt too, when o.out may lack warn.
        if (memberDefault) addTo(ctx.facts.bindings, scope, inner, PRESENT_CHECKED.has(valueType) ? { root: { t: "union", refs: [member, memberDefault], present: true }, path: [] } : memberDefault);
      }
    }
  });
}

const PRESENT_CHECKED = new Set(["identifier", "member_expression", "call_expression", "new_expression", "object", "this", "await_expression"]);

/**
 * A destructured member's default `dflt`, used only when some value of `value` may lack member
 * `key`: a value written as a name, member, call or literal (`opts || {}` may be a literal we do
 * not see: there the default always counts).
 */
function unlessPresent(value: Ref | null, valueType: string, key: string, dflt: Ref): Ref {
  return value && PRESENT_CHECKED.has(valueType) ? { root: { t: "union", refs: [{ root: value.root, path: [...value.path, key] }, dflt], present: true }, path: [] } : dflt;
}

/**
 * TypeScript `const s: Service = container.get()`, `let repo: Repo;`: the annotated type stands
 * for values we may not see (bound before the value, where a pattern of its own matched it).
 */
function typedName(ctx: Ctx, declarator: Node, name: Node): void {
  const annotation = field(declarator, "type");
  if (annotation?.type !== "type_annotation") return;
  // `const app: Base = new App()`: the instance made is the value, not any Base.
  if (field(declarator, "value")?.type === "new_expression") return;
  const value = typeValue(annotation);
  if (value) addTo(ctx.facts.bindings, ctx.scope(declarator), name.text, value);
}

/** Operators whose value is one of their operands. */
const EITHER = new Set(["||", "??", "&&"]);
const EITHER_TEXT = /\|\||\?\?|&&/;

/**
 * `const f = x ? g : h`, `const f = cb || fallback` (`??`, `&&`): f may hold either operand too.
 * As four patterns of their own (the operator an alternation of tokens) they made a tenth of the
 * time compiling the query took; each operand is bound where its pattern matched (at the operand,
 * or at the operator after the left one), after what the condition or left operand binds.
 */
function eitherValue(caps: Caps, ctx: Ctx): void {
  let value = cap(caps, "binding.value")!;
  let type = value.type;
  // `const h = (c ? f : g)`: the expression inside.
  if (type === "parenthesized_expression" && value.namedChildCount === 1) {
    value = value.namedChild(0)!;
    type = value.type;
  }
  let operands: (Node | null)[];
  let at: number[];
  if (type === "ternary_expression") {
    // (`a ? f : b ? g : h`: each operand of the chain.)
    operands = eitherOperands(value, type) ?? [];
    at = operands.map((o) => o?.startIndex ?? 0);
  } else if (type === "binary_expression") {
    const operator = field(value, "operator");
    if (!operator || !EITHER.has(operator.type)) return;
    operands = [field(value, "left"), field(value, "right")];
    at = [operator.startIndex, operands[1]?.startIndex ?? 0];
  } else return;
  const scope = ctx.scope(cap(caps, "binding")!);
  const name = cap(caps, "binding.name")!.text;
  operands.forEach((operand, i) => {
    const ref = operand && ctx.ref(operand);
    if (ref) ctx.later.add(at[i]!, () => addTo(ctx.facts.bindings, scope, name, ref));
  });
}

/** A JS `new C(...)`'s arguments by position; null when a spread hides positions. */
function newArgs(node: Node, ctx: Ctx): Arg[] | null {
  const list = field(node, "arguments");
  if (!list || list.type !== "arguments") return null;
  const out: Arg[] = [];
  for (const a of list.namedChildren) {
    if (!a) continue;
    const type = a.type;
    if (type === "comment") continue;
    if (type === "spread_element" || out.length >= 32) return null;
    out.push({ name: null, ref: ctx.ref(a, type) });
  }
  return out;
}

/**
 * Marks the function literals that are a bound value's operands (`c ? f : g`, `a || (g)`) kept,
 * as the binding holds them. (Deeper ones, `a || (c ? f : g)`, the binding does not read: they
 * still count as run where written.)
 */
function keptOperands(ctx: Ctx, value: Node, type: string): void {
  if (type === "parenthesized_expression" && value.namedChildCount === 1) {
    value = value.namedChild(0)!;
    type = value.type;
  }
  for (let o of eitherOperands(value, type) ?? []) {
    if (o.type === "parenthesized_expression" && o.namedChildCount === 1) o = o.namedChild(0)!;
    if (JS_FUNCTION_LITERALS.has(o.type)) ctx.anonymousUses.set(o.startIndex, true);
  }
}

/** The operands a `c ? a : b` / `a || b` (`??`, `&&`) value may be; null for other operators. */
function eitherOperands(value: Node, type: string): Node[] | null {
  // The operator is part of the expression's text: a binary expression whose text holds none of
  // EITHER's has none of them, and its operator field is not read from WASM (most are `a + b`).
  if (type === "binary_expression" && !EITHER_TEXT.test(value.text)) return null;
  const operands = type === "ternary_expression"
    ? [field(value, "consequence"), field(value, "alternative")]
    : EITHER.has(field(value, "operator")?.type ?? "") ? [field(value, "left"), field(value, "right")] : null;
  if (!operands) return null;
  // A chain `a ? f : b ? g : h` (and `c ? f : g || h`): each operand of the nested ones too.
  const out: Node[] = [];
  for (const n of operands) {
    if (n === null) continue;
    const nested = n.type === "ternary_expression" && out.length < 8 ? eitherOperands(n, n.type) : null;
    if (nested) out.push(...nested);
    else out.push(n);
  }
  return out;
}

/**
 * `({ a: o.x } = v)`: v's member a is assigned to o.x, as `o.x = v.a` (objectAssignment) is;
 * `({ a: this.x } = v)` sets an attribute, as `this.x = v.a` does.
 */
function memberTargets(ctx: Ctx, pattern: Node, ref: Ref, scope: number): void {
  for (const c of pattern.namedChildren) {
    if (c?.type !== "pair_pattern") continue;
    const key = field(c, "key");
    const target = field(c, "value");
    if (key?.type !== "property_identifier" || target?.type !== "member_expression") continue;
    const object = field(target, "object");
    const property = field(target, "property");
    const objectType = object?.type;
    if ((objectType !== "identifier" && objectType !== "this") || property?.type !== "property_identifier") continue;
    const value: Ref = { root: ref.root, path: [...ref.path, key.text] };
    if (objectType === "this") {
      const cls = thisOwner(ctx.facts.defs, scope);
      if (cls >= 0) addAttr(ctx.facts, cls, property.text, { scope, ref: value });
    } else (ctx.objAssigns ??= []).push({ scope, object: [object!.text], name: property.text, value, from: line(target), to: endRowOf(target) + 1 });
  }
}

/**
 * A name (or attribute) given a value. `knownType`, `knownName`: the value's type and the name,
 * already read for a Python `name = value` (the one Python binding pattern: an assignment to an
 * identifier, so neither node's type is read again).
 */
/** Value types of a JS assignment that may be either of two operands (eitherCallee reads which). */
const EITHER_ASSIGNED = new Set(["ternary_expression", "binary_expression", "parenthesized_expression"]);

function bindingFact(caps: Caps, ctx: Ctx, knownType?: string, knownName?: string): void {
  const valueNode = cap(caps, "binding.value")!;
  // `let a = null`: a is declared holding no function yet (where a later assignment binds).
  const declarator = has(caps, "binding.declarator");
  const valueType = knownType ?? (declarator ? valueNode.type : undefined);
  if (declarator && JS_NO_FUNCTION.has(valueType!)) {
    const name = cap(caps, "binding.name")!;
    ctx.declared.add(`${ctx.scope(name)}\u0000${jsName(name)}`);
  }
  // `const pick = flag ? function () {} : function () {}`, `var h = (this && this.h) || (function () {})`:
  // the literals are kept in the name, not run where they are written. (Not yet for `h = a || function () {}`,
  // whose either-binding is not read.)
  if (declarator && (valueType === "ternary_expression" || valueType === "binary_expression" || valueType === "parenthesized_expression")) keptOperands(ctx, valueNode, valueType);
  // JS `h = c ? f : g` (`h = a || b`, parenthesized too), an assignment: either operand (a
  // declarator's operands are bound one by one, eitherValue).
  const either = !declarator && knownType === undefined && ctx.facts.language !== "python" && EITHER_ASSIGNED.has(valueNode.type) ? eitherCallee(valueNode, (n) => ctx.ref(n)) : null;
  if (either) keptOperands(ctx, valueNode, valueNode.type);
  const ref = either ?? ctx.ref(valueNode, valueType);
  if (!ref) {
    // `({ onOpen = fallback } = {})`, `const { a = f } = {}`: a value naming nothing, so the
    // pattern's defaults are what its names hold.
    const patternNode = ctx.facts.language !== "python" ? cap(caps, "binding.pattern") : undefined;
    if (patternNode) {
      const assigned = cap(caps, "binding")!.type === "assignment_expression";
      const scope = ctx.scope(cap(caps, "binding")!);
      for (const { name, dflt, memberDefault } of jsPatternNames(patternNode, ctx.ref)) {
        const d = dflt ?? memberDefault;
        if (!d) continue;
        if (assigned) ctx.assigned.push({ scope, name, value: d });
        else addTo(ctx.facts.bindings, scope, name, d);
      }
    }
    return;
  }
  // TypeScript 5.2 `using r = make()` (our grammar reads an assignment led by `using`): r's
  // `[Symbol.dispose]()` runs when the block ends; `await using`, `[Symbol.asyncDispose]()`.
  const using = !declarator && knownName === undefined ? cap(caps, "binding")! : null;
  if (using?.type === "assignment_expression" && using.child(0)?.type === "using") {
    const method = using.parent?.type === "await_expression" ? "[Symbol.asyncDispose]" : "[Symbol.dispose]";
    ctx.facts.calls.push({ scope: ctx.scope(using), ref: { root: ref.root, path: [...ref.path, method] }, line: line(using), kind: "call", protocol: true });
  }
  // A declaration of a namespace's body (`export let current = fast`, `export import start =
  // Core.boot`) binds in the namespace: a member (`Ops.current`) and a bare name of its functions.
  const ns = ctx.namespaceOf && (declarator || cap(caps, "binding")!.type === "import_alias") ? ctx.namespaceOf(cap(caps, "binding")!.startIndex) : -1;
  const scope = ns >= 0 ? ns : ctx.scope(cap(caps, "binding")!);
  const patternNode = cap(caps, "binding.pattern");
  if (patternNode) {
    const assigned = cap(caps, "binding")!.type === "assignment_expression";
    for (const { name, path, dflt, memberDefault } of jsPatternNames(patternNode, ctx.ref)) {
      const value: Ref = { root: ref.root, path: [...ref.path, ...path] };
      // `[v] = xs` declares nothing: v is bound where it was declared (known once all are read).
      // `[v = d] = xs`: d too, when xs lacks the item; `({ v = d } = o)`, when o lacks the member.
      const d = dflt ?? memberDefault;
      for (const v of d ? [value, d] : [value]) {
        if (assigned) ctx.assigned.push({ scope, name, value: v });
        else addTo(ctx.facts.bindings, scope, name, v);
      }
    }
    if (assigned && patternNode.type === "object_pattern") memberTargets(ctx, patternNode, ref, scope);
    return;
  }
  const nameNode = cap(caps, "binding.name")!;
  // Each type and text read crosses into WASM: read once.
  const keyNode = cap(caps, "binding.key");
  const nameType = keyNode || knownName !== undefined ? undefined : nameNode.type;
  const nameText = knownName ?? jsName(nameNode);
  const key = keyNode ? keyNode.text : nameType === "shorthand_property_identifier_pattern" ? nameText : null;
  let value: Ref = key === null ? ref : { root: ref.root, path: [...ref.path, key] };
  const bindingNode = cap(caps, "binding")!;
  // `x = C(a)`: the allocation site's arguments (instance attributes set from __init__'s parameters).
  if (ctx.facts.language === "python" && key === null && valueType === "call" && value.root.t === "call" && value.path.length === 0) {
    // (None too: `x = C()` made there holds __init__'s defaults, not what other calls pass.)
    // (Arguments pyRef already gave keep their meaning: `h = d.get("k", f)` names key k.)
    if (!value.root.args) value = { root: { ...value.root, args: pyArgs(valueNode, ctx.ref) }, path: [] };
  }
  // JS `const x = new C(a)` likewise (constructor parameters stored as fields: `this.run = run`).
  if (declarator && key === null && valueType === "new_expression" && value.root.t === "new" && value.path.length === 0) {
    const args = newArgs(valueNode, ctx);
    if (args) value = { root: { ...value.root, args }, path: [] };
  }
  // JS `f = g` declares nothing: f is bound where it is declared (an outer function's, for a
  // closure assigning a variable it shares), known once all are read; at once when this scope has it.
  if (key === null && !declarator && knownName === undefined && ctx.facts.language !== "python") {
    const count = ctx.facts.bindings.get(scope)?.get(nameText)?.length ?? 0;
    if (scope >= 0 && count === 0 && !ctx.declared.has(`${scope}\u0000${nameText}`)) {
      ctx.assigned.push({ scope, name: nameText, value });
      return;
    }
    // `p = f2` after `p = f1` (and `f = wrap(f)`, whose argument f is the one bound before):
    // applied to the call facts at the end.
    if (count > 0) {
      // `h ||= f` (`&&=`, `??=`) may keep the value from before: no reassignment that hides it.
      const logical = bindingNode.type === "augmented_assignment_expression";
      const straight = !logical && jsStraight(bindingNode);
      const wrap = value.root.t === "call" && value.path.length === 0;
      (ctx.reassigns ??= []).push({ scope, name: nameText, index: count, from: line(valueNode), to: endRowOf(valueNode) + 1, wrap, straight });
      const branch = straight || wrap || logical ? null : jsBranch(bindingNode);
      if (branch) (ctx.branchReassigns ??= []).push({ scope, name: nameText, index: count, ...branch });
      if (straight || branch) (ctx.reassigned ??= new Set()).add(`${scope}\u0000${nameText}`);
    }
  }
  const up = knownName !== undefined ? pyAncestors(bindingNode) : [];
  const parent = up.length - 1;
  if (up[parent]?.type === "expression_statement") {
    const index = ctx.facts.bindings.get(scope)?.get(nameText)?.length ?? 0;
    // `f = g` whose value does not name f: it replaces a def or import of f too (lastBefore).
    const fresh = !namesWord(valueNode.text, nameText);
    if (straightIn(up, parent - 1, ctx.facts, scope, true)) {
      addKill(ctx.kills, scope, nameText, fresh ? { index, line: line(bindingNode), fresh } : { index, line: line(bindingNode) });
    } else {
      branchBind(ctx.branches, ctx.facts, bindingNode, up, parent, scope, nameText, index);
      // Directly in a block of an if, try, with... with no loop around: for reads in that block.
      if (up[parent - 1]?.type === "block" && straightIn(up, parent - 1, ctx.facts, scope, false, false, true)) {
        const block = bindingNode.parent?.parent;
        // (`loop`: its value is read again on the next round, after later assignments: facts-py.ts valueKills.)
        const loop = !straightIn(up, parent - 1, ctx.facts, scope, false);
        if (block?.type === "block") addKill(ctx.kills, scope, nameText, { index, line: line(bindingNode), block: endRowOf(block) + 1, ...(fresh ? { fresh } : {}), ...(loop ? { loop } : {}) });
        // A try body's assignment is also what its `else:` block reads (it runs only when the body
        // finished), not its handlers (between them): `flow/p22_try_body_rebinds_before_call_in_else`.
        const tryStmt = block?.type === "block" ? block.parent : null;
        if (tryStmt?.type === "try_statement" && tryStmt.childForFieldName("body")?.startIndex === block!.startIndex) {
          const otherwise = tryStmt.namedChildren.find((c) => c?.type === "else_clause");
          if (otherwise) addKill(ctx.kills, scope, nameText, { index, line: line(otherwise), block: endRowOf(otherwise) + 1, ...(fresh ? { fresh } : {}), ...(loop ? { loop } : {}) });
        }
      }
    }
  }
  addTo(ctx.facts.bindings, scope, nameText, value);
}

/** `text` holds `word` as a whole identifier. */
function namesWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const before = i > 0 ? text.charCodeAt(i - 1) : 32;
    const after = i + word.length < text.length ? text.charCodeAt(i + word.length) : 32;
    if (!isWordChar(before) && !isWordChar(after)) return true;
  }
  return false;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;
}

/** An import statement of a scope's body binds its name unconditionally, as `name = value` does (`kills`). */
function importKill(py: PyCtx, node: Node, scope: number, name: string): void {
  if (pyStraight(node, py.facts, scope, true)) py.statementKills.push({ scope, name, index: py.facts.bindings.get(scope)?.get(name)?.length ?? 0, line: line(node) });
}

/**
 * Python `def f` / `class C` statements of a scope's body (not under `if`, `try`, a loop...) bind
 * their names unconditionally, as `name = value` does: kills (facts-py.ts), so `from os.path
 * import join` then `def join` leaves `join()` below them calling the def only.
 */
function defKills(py: PyCtx): void {
  const { facts } = py;
  for (const d of facts.defs) {
    if (!PY_STATEMENT_DEFS.has(d)) continue;
    const list = facts.bindings.get(d.parent)?.get(d.name);
    const index = list ? list.findIndex((r) => r.root.t === "def" && r.root.start === d.start) : -1;
    if (index >= 0) py.statementKills.push({ scope: d.parent, name: d.name, index, line: d.line });
  }
}

/**
 * An import in the body of `if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`) never runs: it binds
 * its name for annotations, but loads no module (no import edge, its top-level calls not made).
 */
function typeChecking(node: Node, rebound?: string): boolean {
  for (let at: Node = node, up = node.parent, n = 0; up && n < 6; at = up, up = up.parent, n++) {
    if (up.type === "if_statement") {
      const cond = up.childForFieldName("condition")?.text;
      const yes = (cond === "TYPE_CHECKING" || cond === "typing.TYPE_CHECKING") && up.childForFieldName("consequence")?.id === at.id;
      // (`rebound`: and its `else:` binds that name too, which is what runs.)
      if (!yes || rebound === undefined) return yes;
      const other = up.namedChildren.find((c) => c?.type === "else_clause");
      return other !== undefined && other !== null && namesWord(other.text, rebound);
    }
    if (up.type !== "block" && up.type !== "import_statement" && up.type !== "import_from_statement" && up.type !== "aliased_import" && up.type !== "dotted_name") return false;
  }
  return false;
}

function pythonFacts(caps: Caps, ctx: Ctx, py: PyCtx): void {
  const { facts } = ctx;
  const importNode = cap(caps, "import");
  if (importNode) {
    const scope = ctx.scope(importNode);
    const at = line(importNode);
    const alias = text(cap(caps, "import.alias"));
    const dotted = text(cap(caps, "import.module"));
    if (dotted !== null) {
      // `import a.b` binds `a` (and runs a, a.b); `import a.b as c` binds c to a.b.
      const bound = alias ?? dotted.split(".")[0]!;
      // An import under `if TYPE_CHECKING:` whose `else:` binds the name again is not what runs:
      // the else's (`imports/type_checking_else_runtime_import`).
      if (typeChecking(importNode, bound)) return;
      importKill(py, importNode, scope, bound);
      addTo(facts.bindings, scope, bound, { root: { t: "module", spec: alias ? dotted : bound }, path: [] });
      if (!typeChecking(importNode)) facts.imports.push({ scope, spec: dotted, line: at, names: [] });
      return;
    }
    const from = cap(caps, "import.from")!.text.replace(/\s+/g, "");
    if (has(caps, "import.wildcard")) {
      if (scope === -1) facts.stars.push(from);
      facts.imports.push({ scope, spec: from, line: at, names: [] });
      return;
    }
    const name = text(cap(caps, "import.name"));
    if (name === null || typeChecking(importNode, alias ?? name)) return;
    importKill(py, importNode, scope, alias ?? name);
    addTo(facts.bindings, scope, alias ?? name, { root: { t: "module", spec: from }, path: name.split(".") });
    if (!typeChecking(importNode)) facts.imports.push({ scope, spec: from, line: at, names: [name] });
    return;
  }
  const binding = cap(caps, "binding");
  if (binding) {
    // `name = value` (the one Python binding pattern): its name and value's type are read once.
    const valueNode = cap(caps, "binding.value")!;
    const valueType = valueNode.type;
    const name = cap(caps, "binding.name")!.text;
    pyAssignment(py, binding, name, valueNode, valueType);
    bindingFact(caps, ctx, valueType, name);
  }
}

/**
 * The scope a call is made in. A call that starts with a function literal (`function () {}()`,
 * `function () {}.call(x)`) starts where that function does, but is made around it, not in it.
 */
function callScope(ctx: Ctx, call: Node): number {
  const decorated = ctx.decorators?.get(call.startIndex);
  if (decorated !== undefined) return decorated;
  let scope = ctx.scope(call);
  const defs = ctx.facts.defs;
  // `[key()]() {}`: a method's computed name is run where the class (object) is made.
  if (scope >= 0 && defs[scope]!.kind === "method" && ctx.facts.language !== "python" && inMethodKey(call)) {
    scope = defs[scope]!.parent;
    while (scope >= 0 && defs[scope]!.kind === "object") scope = defs[scope]!.parent;
  }
  // JS code of a class body that runs where the class is defined (a decorator, a static block or
  // field) belongs to the scope around the class; instance fields stay with the class.
  while (scope >= 0 && defs[scope]!.kind === "class" && ctx.facts.language !== "python" && definitionTime(call)) {
    scope = defs[scope]!.parent;
    while (scope >= 0 && defs[scope]!.kind === "object") scope = defs[scope]!.parent;
  }
  // An instance field's initialiser runs in the constructor (`count = init()`), when the class has one.
  if (scope >= 0 && defs[scope]!.kind === "class" && ctx.facts.language !== "python") {
    const ctor = ctx.facts.members.get(`${defs[scope]!.qname}.constructor`);
    if (ctor !== undefined && defs[ctor]!.parent === scope) return ctor;
  }
  while (scope >= 0 && defs[scope]!.start === call.startIndex && call.endIndex > defs[scope]!.end) {
    scope = defs[scope]!.parent;
    while (scope >= 0 && defs[scope]!.kind === "object") scope = defs[scope]!.parent;
  }
  return scope;
}

/** Whether `n` is in the computed name of a method (`[key()]() {}`), not in its body. */
function inMethodKey(n: Node): boolean {
  for (let p = n.parent, depth = 0; p && depth < 12; p = p.parent, depth++) {
    if (p.type === "computed_property_name") return p.parent?.type === "method_definition";
    if (JS_FUNCTION_LITERALS.has(p.type) || p.type === "method_definition" || p.type === "statement_block") return false;
  }
  return false;
}

/**
 * Whether code in a JS class body (not in a method) or its heritage runs at class definition:
 * decorators, statics, `extends mixin(Base)`.
 */
function definitionTime(n: Node): boolean {
  for (let child = n, p = n.parent; p; child = p, p = p.parent) {
    if (p.type === "decorator" || p.type === "class_heritage") return true;
    if (p.type === "computed_property_name" && p.parent?.type === "method_definition") return true;
    if (p.type !== "class_body") continue;
    if (child.type === "class_static_block") return true;
    return (child.type === "field_definition" || child.type === "public_field_definition") && child.children.some((c) => c?.type === "static");
  }
  return false;
}

/** Whether code in a JS class body runs with `this` the class: a static block or static field. */
function staticTime(n: Node): boolean {
  for (let child = n, p = n.parent; p; child = p, p = p.parent) {
    if (p.type === "decorator" || p.type === "class_heritage") return false;
    if (JS_FUNCTION_LITERALS.has(p.type) && p.type !== "arrow_function") return false;
    if (p.type !== "class_body") continue;
    if (child.type === "class_static_block") return true;
    return (child.type === "field_definition" || child.type === "public_field_definition") && child.children.some((c) => c?.type === "static");
  }
  return false;
}

/**
 * The method a JS/TS decorator decorates (a def of a class), or -1: the method's node holds the
 * decorator in the JavaScript grammar; in TypeScript's the method follows its decorators.
 */
function decoratedMethod(ctx: Ctx, decorator: Node, host: string | undefined, scope: number, getter = false): number {
  const { defs } = ctx.facts;
  let def = -1;
  if (host === "method_definition") def = scope;
  else if (host === "class_body") {
    let next = decorator.nextNamedSibling;
    while (next?.type === "decorator") next = next.nextNamedSibling;
    if (next?.type === "method_definition") def = ctx.defIndex.get(next.startIndex) ?? -1;
  }
  const d = def >= 0 ? defs[def]! : null;
  return d && d.kind === "method" && (getter ? d.getter === true : !d.getter && !d.setter) && defs[d.parent]?.kind === "class" ? def : -1;
}

/** Whether a JS/TS decorator decorates a class field (`@trimmed name = "x"`, also `accessor`-less). */
function decoratedField(decorator: Node, host: string | undefined): boolean {
  if (host === "public_field_definition" || host === "field_definition") return true;
  if (host !== "class_body") return false;
  let next = decorator.nextNamedSibling;
  while (next?.type === "decorator") next = next.nextNamedSibling;
  return next?.type === "public_field_definition" || next?.type === "field_definition";
}

/** The class a JS/TS class decorator decorates (a def), or -1. */
function decoratedClass(ctx: Ctx, decorator: Node, host: string | undefined): number {
  const node = host === "export_statement" ? field(decorator.parent!, "declaration") : host === "class_declaration" || host === "class" ? decorator.parent : null;
  if (!node || (node.type !== "class_declaration" && node.type !== "class")) return -1;
  const def = ctx.defIndex.get(node.startIndex) ?? -1;
  return def >= 0 && ctx.facts.defs[def]!.kind === "class" ? def : -1;
}

/**
 * What a method decorator is given: the method, or under a stack the result of the decorator
 * below it (the method when that result is unknown).
 */
function stackedBelow(ctx: Ctx, decorator: Node, self: Ref): Ref {
  const next = decorator.nextNamedSibling;
  const callee = next?.type === "decorator" ? next.namedChild(0) : null;
  const ref = callee ? ctx.ref(callee) : null;
  return ref ? { root: { t: "call", callee: ref, or: stackedBelow(ctx, next!, self) }, path: [] } : self;
}

/** Methods that store what they are given, by the argument stored (-1: all): arrays, `Set`, `Map`. */
export const JS_STORING = new Map([["push", -1], ["unshift", -1], ["add", 0], ["set", 1]]);

/**
 * `list.push(f)` / `this.jobs.push(f)` (`set.add(f)`, `map.set(k, f)`): f becomes an item of what
 * the receiver names, so `list.forEach((g) => g())`, `this.jobs[0]()` or `map.get(k)()` finds it.
 */
function storedItems(ctx: Ctx, call: Node, ref: Ref | null, refs: (Ref | null)[], args: Node[]): void {
  const which = ref && ref.path.length > 0 ? JS_STORING.get(ref.path[ref.path.length - 1]!) : undefined;
  if (which === undefined || !ref) return;
  // `Reflect.set(o, "k", v)` stores nothing in Reflect (reflectAccess: o's setter).
  if (ref.root.t === "name" && ref.root.name === "Reflect") return;
  // `m.get(k).push(f)` / `this.m.get(k).push(f)`: f is an item of an item of m (a Map of lists).
  if (ref.root.t === "call" && ref.path.length === 1 && ref.root.callee.path.at(-1) === "get") {
    const m = ref.root.callee;
    ref = { root: m.root, path: [...m.path.slice(0, -1), "[*]", ref.path[0]!] };
  }
  const stored: { key: string; ref: Ref }[] = [];
  // `m.set("a", f)`: f is the item of key "a" (`m.get("a")` tells it apart); any other key: "[*]".
  const key = which === 1 ? (literalKey(args[0] ?? null) ?? "[*]") : "[*]";
  refs.forEach((r, i) => {
    if (r !== null && (which < 0 || i === which)) stored.push({ key, ref: r });
  });
  if (which === 1 && stored.length === 1) stored.push(mapEntry(stored[0]!.ref, key === "[*]" ? refs[0] ?? null : null));
  // `m.set(handler, { once: true })`: the key alone, for `m.keys()` and `m.forEach((v, k) => k())`.
  else if (which === 1 && stored.length === 0 && key === "[*]" && refs[0]) stored.push(mapEntry(null, refs[0]));
  if (stored.length === 0) return;
  const value: Ref = { root: { t: "items", items: stored }, path: [] };
  const scope = callScope(ctx, call);
  if (ref.root.t === "name" && ref.path.length === 1) ctx.assigned.push({ scope, name: ref.root.name, value });
  else if (ref.root.t === "name" && ref.path.length === 2 && ref.path[0] === "[*]") {
    ctx.assigned.push({ scope, name: ref.root.name, value: holding(value) });
  }
  else if (ref.root.t === "name" && ref.path.length === 2 && !ref.path[0]!.startsWith("[")) {
    // `Registry.handlers.set(k, f)` on a class of the file: its static field's items.
    const cls = visibleClass(ctx.facts.defs, scope, ref.root.name);
    if (cls >= 0) addAttr(ctx.facts, cls, ref.path[0]!, { scope, ref: value });
  }
  else if (ref.root.t === "this" && ref.path.length >= 2 && ref.path.length <= 4) {
    // `this.jobs.push(f)`; `this.handlers[name].push(f)`: an item of an item of this.handlers.
    let nested = value;
    for (let i = ref.path.length - 2; i >= 1; i--) {
      const key = ref.path[i]!;
      if (!key.startsWith("[")) return;
      nested = holding(nested);
    }
    const owner = thisOwner(ctx.facts.defs, scope);
    if (owner < 0) return;
    // `this.handlers = {}` is an object literal of the class: `this.handlers[k]` reads its items.
    const defs = ctx.facts.defs;
    const qname = `${defs[owner]!.qname}.${ref.path[0]!}`;
    const literal = ref.path.length === 3 ? defs.findIndex((d) => d.kind === "object" && d.qname === qname) : -1;
    if (literal >= 0) addAttr(ctx.facts, literal, "[*]", { scope, ref: value });
    else addAttr(ctx.facts, owner, ref.path[0]!, { scope, ref: nested });
  }
}

/**
 * The function named `name` that code in `scope` sees among the definitions: one declared in
 * `scope` or a scope around it (compiled classes declare their constructor in an IIFE).
 */
function visibleFunction(defs: Def[], scope: number, name: string): number {
  const around = new Set<number>([-1]);
  for (let s = scope; s >= 0; s = defs[s]!.parent) around.add(s);
  return defs.findIndex((d) => d.kind === "function" && !d.member && !d.anonymous && d.name === name && around.has(d.parent));
}

/** The class declared as `name` that code in `scope` sees (as visibleFunction). */
function visibleClass(defs: Def[], scope: number, name: string): number {
  const around = new Set<number>([-1]);
  for (let s = scope; s >= 0; s = defs[s]!.parent) around.add(s);
  return defs.findIndex((d) => d.kind === "class" && !d.anonymous && d.name === name && around.has(d.parent));
}

/** `f.call(obj)`, `f.apply(obj, args)`, `f.bind(obj)` of a plain name or of `C.prototype.m`. */
const THIS_ARG = /^[\w$]+(?:\.prototype\.[\w$]+)?\.(?:call|apply|bind)$/;
/** React hooks whose last argument is a dependency list (`useEffect(f, [a, b])`), not callbacks. */
const REACT_DEPS_HOOK = /^(?:React\.)?use(?:Effect|LayoutEffect|InsertionEffect|Callback|Memo|ImperativeHandle)$/;

/**
 * `f.call(obj, ...)` / `f.apply(obj, ...)` / `f.bind(obj)` of a function f of the file: `this` in f
 * may be obj, kept as f's binding of the name `this` (no identifier has it), read where `this` is
 * resolved in f (resolve.ts).
 */
function thisArgument(ctx: Ctx, call: Node, calleeText: string, obj: Ref | null | undefined): void {
  if (!obj) return;
  const scope = callScope(ctx, call);
  const name = calleeText.slice(0, calleeText.lastIndexOf("."));
  // `Greeter.prototype.greet.apply(target)`: the function assigned there.
  const fn = name.includes(".") ? ctx.facts.defs.findIndex((d) => d.name === name && (d.kind === "function" || d.kind === "method")) : visibleFunction(ctx.facts.defs, scope, name);
  if (fn >= 0) addTo(ctx.facts.bindings, fn, "this", { root: { t: "scoped", scope, ref: obj }, path: [] });
  // `function invoke(fn, ctx) { fn.call(ctx, 1) }`: what the file's calls of invoke pass as fn
  // (functions of the file by name) get what they pass as ctx (paramThis, below).
  else if (!name.includes(".") && (calleeText.endsWith(".call") || calleeText.endsWith(".bind"))) {
    const { defs } = ctx.facts;
    for (let s = scope; s >= 0; s = defs[s]!.parent) {
      const param = defs[s]!.params?.find((p) => p.name === name && p.path.length === 0 && !p.star);
      if (param) {
        if ((ctx.paramThis ??= []).length < 32) ctx.paramThis.push({ def: s, index: param.index, scope, obj });
        break;
      }
      if (defs[s]!.kind !== "function" && defs[s]!.kind !== "method") break;
    }
  }
}

/**
 * paramThis: for each call `invoke(greet, speaker)` of the file (by the function's name, visible
 * there) whose argument at fn's place is a function of the file, `this` in that function may be
 * what `fn.call(obj)` passes: the call's argument at obj's place when obj is a parameter of invoke,
 * else obj as read in invoke.
 */
function paramThisBindings(ctx: Ctx): void {
  const { defs, calls, bindings } = ctx.facts;
  for (const p of ctx.paramThis ?? []) {
    const fnName = defs[p.def]!.name;
    const objParam = p.obj.root.t === "name" && p.obj.path.length === 0 ? defs[p.def]!.params?.find((q) => q.name === (p.obj.root as { name: string }).name && q.path.length === 0 && !q.star) : undefined;
    for (const c of calls) {
      if (c.ref.root.t !== "name" || c.ref.root.name !== fnName || c.ref.path.length > 0 || !c.args) continue;
      if (c.args.some((a) => a.name !== null)) continue;
      const arg = c.args[p.index];
      if (arg?.ref?.root.t !== "name" || arg.ref.path.length > 0) continue;
      if (visibleFunction(defs, c.scope, fnName) !== p.def) continue;
      const g = visibleFunction(defs, c.scope, arg.ref.root.name);
      if (g < 0) continue;
      const given = objParam ? c.args[objParam.index]?.ref : null;
      const value: Ref | null = objParam ? (given ? { root: { t: "scoped", scope: c.scope, ref: given }, path: [] } : null) : { root: { t: "scoped", scope: p.scope, ref: p.obj }, path: [] };
      if (value) addTo(bindings, g, "this", value);
    }
  }
}

/** Array methods whose second argument is `this` in their callback (`xs.forEach(function () {}, this)`). */
export const ARRAY_THIS_ARG = /\.(?:forEach|map|filter|some|every|find|findIndex|findLast|findLastIndex|flatMap)$/;

/** `xs.forEach(function (x) { this.m(x); }, obj)`: `this` in the function literal is obj. */
function iterationThis(ctx: Ctx, call: Node, fn: Ref | null | undefined, obj: Ref | null | undefined): void {
  if (!obj || fn?.root.t !== "def" || fn.path.length > 0) return;
  const def = ctx.defIndex.get(fn.root.start);
  if (def !== undefined) addTo(ctx.facts.bindings, def, "this", { root: { t: "scoped", scope: callScope(ctx, call), ref: obj }, path: [] });
}

/** AMD dependency names that are the loader's own objects, not modules. */
const AMD_SPECIAL = new Set(["require", "exports", "module"]);

/**
 * AMD `define(factory)`, `define([deps], factory)`, `define("id", [deps], factory)` at a file's top
 * level: the loader runs the factory with the modules the list names (bound to its parameters), and
 * the module's value is what the factory returns, as `module.exports = factory(...deps)` (an object
 * given instead of a factory is the value). `require([deps], callback)` (`define` false), anywhere:
 * the modules are loaded and the callback runs with them.
 */
function amdDefine(ctx: Ctx, call: Node, args: Node[], types: string[], refs: (Ref | null)[], define: boolean): void {
  const last = define ? args.length - 1 : 1;
  if (last < 0 || last > 2) return;
  const factory = refs[last];
  const literal = JS_FUNCTION_LITERALS.has(types[last]!);
  const scope = callScope(ctx, call);
  if (define && (scope !== -1 || !factory || (!literal && types[last] !== "object"))) return;
  const { facts } = ctx;
  const at = line(call);
  const deps: Arg[] = [];
  if (last > 0 && types[last - 1] === "array") {
    for (const el of args[last - 1]!.namedChildren) {
      if (!el || el.type === "comment") continue;
      // 'require', 'exports' and 'module' are the loader's own; 'text!./x' a loader plugin's.
      const text = stringLiteral(el);
      const spec = text === null || AMD_SPECIAL.has(text) || text.includes("!") ? null : text;
      if (spec !== null) facts.imports.push({ scope, spec, line: at, names: [] });
      deps.push({ name: null, ref: spec !== null ? { root: { t: "module", spec }, path: [] } : null });
    }
  }
  if (!factory) return;
  if (define && !literal) {
    facts.cjs.push(factory);
    return;
  }
  facts.calls.push({ scope, ref: factory, line: at, kind: "call", args: deps });
  if (define) facts.cjs.push({ root: { t: "call", callee: factory }, path: [] });
}

/**
 * Babel's compiled classes: `_createClass(C, [{ key: "m", value: function m() {} }, { key: "x",
 * get: function get() {} }], [static descriptors])` installs methods, getters and setters on C's
 * prototype (and on C). Each function becomes a member of the constructor function C, `this` in
 * it is a C instance, and it is not called where it is written (a later caller runs it).
 */
function babelClass(ctx: Ctx, call: Node, args: Node[], types: string[]): boolean {
  if (args.length < 2 || args.length > 3 || types[0] !== "identifier" || types[1] !== "array") return false;
  const { defs } = ctx.facts;
  const scope = callScope(ctx, call);
  const found: { def: number; key: string; kind: string }[] = [];
  for (let i = 1; i < args.length; i++) {
    const list = args[i]!;
    if (types[i] !== "array") return false;
    for (const el of list.namedChildren) {
      if (!el || el.type === "comment") continue;
      if (el.type !== "object") return false;
      let key: string | null = null;
      const fns: { def: number; kind: string }[] = [];
      for (const pair of el.namedChildren) {
        if (pair?.type !== "pair") continue;
        const k = field(pair, "key")?.text;
        const v = field(pair, "value");
        if (!k || !v) continue;
        if (k === "key") key = stringLiteral(v);
        else if (k === "value" || k === "get" || k === "set") {
          const def = ctx.defIndex.get(v.startIndex);
          if (def !== undefined && defs[def]!.kind === "function") fns.push({ def, kind: k });
        }
      }
      if (key === null) return false;
      found.push(...fns.map((f) => ({ ...f, key: key! })));
    }
  }
  const ctor = visibleFunction(defs, scope, args[0]!.text);
  if (ctor < 0 || found.length === 0) return false;
  for (const f of found) {
    const d = defs[f.def]!;
    d.owner = ctor;
    d.prop = f.key;
    if (f.kind === "get") d.getter = true;
    if (f.kind === "set") d.setter = true;
    addAttr(ctx.facts, ctor, f.key, { scope, ref: { root: { t: "def", start: d.start }, path: [] } });
    ctx.anonymousUses.set(d.start, true);
  }
  return true;
}

/**
 * `Object.defineProperty(exports, "run", { enumerable: true, get: function () { return impl_1.run; } })`
 * at the top level (TypeScript's and Babel's CommonJS re-exports) or `{ value: run }`: a named
 * export of what the getter returns (one `return` or an arrow's expression) or of the value.
 */
function exportsDescriptor(ctx: Ctx, args: Node[], key: string): boolean {
  const target = args[0]!.text;
  if (target !== "exports" && target !== "module.exports") return false;
  for (const el of args[2]!.namedChildren) {
    const kind = el?.type === "method_definition" ? field(el, "name")?.text : el?.type === "pair" ? field(el, "key")?.text : undefined;
    if (kind !== "get" && kind !== "value") continue;
    let value: Node | null | undefined = el!.type === "method_definition" ? el! : field(el!, "value");
    if (kind === "get") {
      const fnType = value?.type;
      if (fnType !== "method_definition" && fnType !== "function_expression" && fnType !== "arrow_function") return false;
      const body = field(value!, "body");
      if (body?.type === "statement_block") {
        const statements = body.namedChildren.filter((n) => n?.type !== "comment");
        value = statements.length === 1 && statements[0]!.type === "return_statement" ? statements[0]!.namedChild(0) : null;
      } else value = body;
    }
    if (value) addExport(ctx.facts, key, ctx.ref(value));
    return true;
  }
  return false;
}

/**
 * `Reflect.get(o, "k")` reads o.k and `Reflect.set(o, "k", v)` writes it: o's getter or setter of
 * k runs (as accessorFact records for `o.k`), the setter given v.
 */
function reflectAccess(ctx: Ctx, call: Node, calleeRef: Ref | null, args: Node[], refs: (Ref | null)[]): void {
  if (calleeRef?.root.t !== "name" || calleeRef.root.name !== "Reflect" || calleeRef.path.length !== 1) return;
  const set = calleeRef.path[0] === "set";
  if ((!set && calleeRef.path[0] !== "get") || args.length < 2 || !refs[0]) return;
  const key = stringLiteral(args[1]!);
  if (key === null || !PLAIN_NAME.test(key)) return;
  const ref: Ref = { root: refs[0].root, path: [...refs[0].path, key] };
  const scope = callScope(ctx, call);
  if (!set) ctx.facts.calls.push({ scope, ref, line: line(call), kind: "call", getter: true });
  else ctx.facts.calls.push({ scope, ref, line: line(call), kind: "call", setter: true, args: refs[2] ? [{ name: null, ref: refs[2] }] : undefined });
}

/**
 * `Object.defineProperty(o, "x", { get() {} })` (`get: function () {}`, `set`, `value`) on a name
 * the file binds to an object literal or `new C()`: the functions become o's accessors of x, as a
 * getter written in the literal (reading `o.x` calls it). So does a function of the file named
 * there (`{ get: computeSize }`), which is then our getter wherever it is read.
 */
function definedAccessor(ctx: Ctx, call: Node, calleeRef: Ref | null, args: Node[], types: string[]): boolean {
  if (calleeRef?.root.t !== "name" || calleeRef.root.name !== "Object" || calleeRef.path.length !== 1) return false;
  const method = calleeRef.path[0];
  // `Object.create(proto, { label: { get() {} } })`: the descriptors' get/set functions are getters
  // and setters of that key (refs.ts reads them, with the values, as members of what it makes).
  if (method === "create" && args.length === 2 && types[1] === "object") {
    for (const pair of args[1]!.namedChildren) {
      const desc = pair?.type === "pair" ? field(pair, "value") : null;
      if (desc?.type !== "object") continue;
      const k = field(pair!, "key");
      const name = k?.type === "property_identifier" ? k.text : null;
      for (const el of name === null ? [] : desc.namedChildren) {
        const kind = el?.type === "method_definition" ? field(el, "name")?.text : el?.type === "pair" ? field(el, "key")?.text : undefined;
        if (kind !== "get" && kind !== "set") continue;
        const value = el!.type === "method_definition" ? el! : field(el!, "value");
        const def = value ? ctx.defIndex.get(value.startIndex) : undefined;
        const d = def === undefined ? undefined : ctx.facts.defs[def]!;
        if (d === undefined || (d.kind !== "function" && d.kind !== "method")) continue;
        d.prop = name!;
        if (kind === "get") d.getter = true;
        else d.setter = true;
      }
    }
    return false;
  }
  // `Object.defineProperties(o, { a: { get() {} }, b: { get: fb } })`: each key's descriptor.
  const many = method === "defineProperties" && args.length === 2 && types[1] === "object";
  if ((!many && (method !== "defineProperty" || args.length !== 3 || types[2] !== "object")) || (types[0] !== "identifier" && types[0] !== "member_expression" && types[0] !== "this")) return false;
  const key = many ? "" : stringLiteral(args[1]!);
  if (key === null || (!many && !PLAIN_NAME.test(key))) return false;
  const { defs } = ctx.facts;
  const scope = callScope(ctx, call);
  if (!many && scope === -1 && exportsDescriptor(ctx, args, key)) return true;
  // `Object.defineProperty(Temp.prototype, "f", { get })`: an accessor of Temp's instances;
  // on `this` in a constructor, of its class's (function's) instances.
  let owner = -1;
  if (types[0] === "this") {
    owner = thisOwner(defs, scope);
    if (owner < 0) return false;
  } else if (types[0] === "member_expression") {
    const obj = field(args[0]!, "property")?.text === "prototype" ? field(args[0]!, "object") : null;
    if (obj?.type !== "identifier") return false;
    owner = visibleFunction(defs, scope, obj.text);
    if (owner < 0) owner = defs.findIndex((d) => d.kind === "class" && d.name === obj.text);
    if (owner < 0) return false;
  }
  if (!many) return descriptorAccessors(ctx, scope, owner, args[0]!, key, args[2]!);
  let found = false;
  for (const pair of args[1]!.namedChildren) {
    if (pair?.type !== "pair") continue;
    const k = field(pair, "key");
    const name = k?.type === "property_identifier" ? k.text : k ? stringLiteral(k) : null;
    const desc = field(pair, "value");
    // `{ f: descr }` of a descriptor named elsewhere (`const descr = { value: fn }`): f is its value.
    if (name !== null && PLAIN_NAME.test(name) && desc?.type === "identifier" && owner < 0 && types[0] === "identifier") {
      (ctx.objAssigns ??= []).push({ scope, object: [args[0]!.text], name, value: { root: { t: "name", name: desc.text }, path: ["value"] }, from: -1, to: -1 });
      found = true;
      continue;
    }
    if (name === null || !PLAIN_NAME.test(name) || desc?.type !== "object") continue;
    if (descriptorAccessors(ctx, scope, owner, args[0]!, name, desc)) found = true;
  }
  return found;
}

/** The `get`/`set`/`value` functions of a property descriptor literal: accessors of `key` on owner (or the named object). */
function descriptorAccessors(ctx: Ctx, scope: number, owner: number, target: Node, key: string, desc: Node): boolean {
  const { defs } = ctx.facts;
  const objectText = target.text;
  let found = false;
  // `this` in a getter / setter / value function defined on a named object (not a prototype's nor `this`'s: an
  // instance there, thisOwner) is that object: `{ get: size }` of a function of the file, or a
  // `get() {}` of the descriptor literal, kept as the literal's binding of `this` (resolve.ts).
  let self: Ref | null | undefined;
  for (const el of desc.namedChildren) {
    const kind = el?.type === "method_definition" ? field(el, "name")?.text : el?.type === "pair" ? field(el, "key")?.text : undefined;
    if (kind !== "get" && kind !== "set" && kind !== "value") continue;
    const value = el!.type === "method_definition" ? el! : field(el!, "value");
    let def = value ? ctx.defIndex.get(value.startIndex) : undefined;
    // `{ get: computeSize }`: a function of the file by name (declared where the call can see it).
    if (def === undefined && value?.type === "identifier") {
      const named = visibleFunction(defs, scope, value.text);
      if (named >= 0) def = named;
    }
    if (def === undefined || (defs[def]!.kind !== "function" && defs[def]!.kind !== "method")) continue;
    const d = defs[def]!;
    d.prop = key;
    if (kind === "get") d.getter = true;
    if (kind === "set") d.setter = true;
    if (owner >= 0) addAttr(ctx.facts, owner, key, { scope, ref: { root: { t: "def", start: d.start }, path: [] } });
    else {
      (ctx.objAssigns ??= []).push({ scope, object: [objectText], name: key, value: { root: { t: "def", start: d.start }, path: [] }, from: -1, to: -1 });
      if (target.type === "identifier" && (self ??= ctx.ref(target))) {
        const home = d.kind === "function" ? def : d.parent >= 0 && defs[d.parent]!.kind === "object" && defs[d.parent]!.start === desc.startIndex ? d.parent : -1;
        if (home >= 0) addTo(ctx.facts.bindings, home, "this", { root: { t: "scoped", scope, ref: self }, path: [] });
      }
    }
    found = true;
  }
  return found;
}

/**
 * `Object.assign(C.prototype, mixin)` / `Object.assign(this, mixin)`: C's instances (this) have
 * the mixin's members, kept as the SPREAD attribute of the constructor (class).
 */
function mixins(ctx: Ctx, call: Node, callee: Node, calleeRef: Ref | null, args: Node[]): void {
  if (args.length < 2) return;
  // The text is read only when the ref does not rule it out (`Object.assign` is that name and path).
  if (calleeRef && (calleeRef.root.t !== "name" || calleeRef.root.name !== "Object" || calleeRef.path.length !== 1)) return;
  const calleeText = callee.text;
  if (calleeText !== "Object.assign" && calleeText !== "Object.setPrototypeOf") return;
  const target = args[0]!;
  const scope = callScope(ctx, call);
  const setProto = calleeText === "Object.setPrototypeOf";
  // `Object.setPrototypeOf(job, base)`: job has base's members it lacks (as `{ __proto__: base }`).
  if (setProto && target.type === "identifier") {
    const value = ctx.ref(args[1]!);
    if (value) (ctx.objAssigns ??= []).push({ scope, object: [target.text], name: SPREAD, value, from: line(args[1]!), to: endRowOf(args[1]!) + 1, proto: true });
    if (value) literalProto(ctx, target.text, scope, value);
    return;
  }
  const { defs } = ctx.facts;
  // `Object.assign(module.exports, { run, stop() {} })` at the top level: named exports.
  const targetType = target.type;
  if (scope === -1 && (targetType === "identifier" || targetType === "member_expression")) {
    const text = target.text;
    if (text === "module.exports" || text === "exports") {
      for (const a of args.slice(1, 9)) {
        if (a.type === "object") literalExports(ctx, a);
        else if (a.type === "call_expression") {
          // `Object.assign(module.exports, require("./a"))`: a's exports re-exported, as `export *`.
          const ref = ctx.ref(a);
          if (ref?.root.t === "module" && ref.path.length === 0 && ref.root.spec.startsWith(".")) ctx.facts.stars.push(ref.root.spec);
        }
      }
      return;
    }
  }
  // `Object.assign(handlers, { start, stop })`: handlers has the sources' members (read as for
  // `o.x = f`, on a name the file binds to an object literal or `new C()`).
  if (targetType === "identifier" && !setProto) {
    for (const a of args.slice(1, 9)) {
      const value = a.type === "spread_element" ? null : ctx.ref(a);
      if (value) (ctx.objAssigns ??= []).push({ scope, object: [target.text], name: SPREAD, value, from: line(a), to: endRowOf(a) + 1 });
      // Object.assign sets each key on the target: a setter of ours of that name runs
      // (`Object.assign(form, { value: 3 })`), as for `form.value = 3`.
      const holder = a.type === "object" ? ctx.ref(target) : null;
      if (holder) {
        for (const pair of a.namedChildren) {
          const key = pair?.type === "pair" ? field(pair, "key") : pair?.type === "shorthand_property_identifier" ? pair : null;
          const name = key?.type === "property_identifier" || key?.type === "shorthand_property_identifier" ? key.text : null;
          if (name !== null) ctx.facts.calls.push({ scope, ref: { root: holder.root, path: [...holder.path, name] }, line: line(pair!), kind: "call", setter: true });
        }
      }
    }
    return;
  }
  let owner = -1;
  // `Object.assign({}, base, fast)`: the literal gets each source's members, a later one's first (as `{ ...base, ...fast }`).
  const literal = targetType === "object" && !setProto ? ctx.defIndex.get(target.startIndex) : undefined;
  if (literal !== undefined && defs[literal]!.kind === "object") {
    for (const a of args.slice(1, 9)) {
      const ref = a.type === "spread_element" ? null : ctx.ref(a);
      if (ref) addAttr(ctx.facts, literal, SPREAD, { scope, ref, later: [] });
    }
    return;
  }
  if (target.type === "this") owner = thisOwner(defs, scope);
  else if (target.type === "member_expression" && field(target, "property")?.text === "prototype") {
    const obj = field(target, "object");
    if (obj?.type === "identifier") owner = visibleFunction(defs, scope, obj.text);
    if (owner < 0 && obj?.type === "identifier") owner = defs.findIndex((d) => d.kind === "class" && d.name === obj.text);
  }
  if (owner < 0) return;
  for (const a of args.slice(1, setProto ? 2 : 9)) {
    const ref = ctx.ref(a);
    if (ref) addAttr(ctx.facts, owner, SPREAD, { scope, ref });
  }
}

/**
 * `p.catch((e) => e.retry())`, `p.then(ok, (e) => ...)`: the handler's first parameter is a
 * rejection's reason, read as a `catch (e)` parameter (any value the file throws: an async
 * function's `throw` rejects its promise; so does `Promise.reject(v)`).
 */
function rejectionHandler(ctx: Ctx, call: Node, callee: Node, calleeText: string | undefined, args: Node[], types: string[], refs: (Ref | null)[]): void {
  // `Promise.reject(new AuthError())`: a rejection's reason, as a thrown value.
  const text = calleeText ?? callee.text;
  if (text === "Promise.reject") {
    const lists = (ctx.caught ??= { catches: [], thrown: [] });
    if (refs[0] && lists.thrown.length < MAX_THROWN) lists.thrown.push({ scope: callScope(ctx, call), ref: refs[0] });
    return;
  }
  // `Promise.allSettled(ps)`: its outcomes' `reason` (refs.ts SETTLED_REASON) is any reason, as a module-level catch's.
  if (text === "Promise.allSettled") {
    const lists = (ctx.caught ??= { catches: [], thrown: [] });
    if (!lists.catches.some((c) => c.scope === -1 && c.name === SETTLED_REASON)) lists.catches.push({ scope: -1, name: SETTLED_REASON });
    return;
  }
  // The property ends the callee's text: a text ending in neither name is neither (no crossing
  // into WASM for the field of every member call).
  const method = text.endsWith("catch") || text.endsWith("then") ? field(callee, "property")?.text : undefined;
  const k = method === "catch" ? 0 : method === "then" ? 1 : -1;
  if (k < 0 || k >= args.length || (types[k] !== "arrow_function" && types[k] !== "function_expression")) return;
  const fn = args[k]!;
  const def = ctx.defIndex.get(fn.startIndex);
  if (def === undefined) return;
  let param = field(fn, "parameter") ?? field(fn, "parameters")?.namedChild(0) ?? null;
  if (param?.type === "required_parameter") param = field(param, "pattern");
  if (param?.type !== "identifier") return;
  (ctx.caught ??= { catches: [], thrown: [] }).catches.push({ scope: def, name: param.text });
}

/** The members of an object literal as the file's named exports (`Object.assign(exports, {...})`). */
function literalExports(ctx: Ctx, object: Node): void {
  for (const c of object.namedChildren) {
    const type = c?.type;
    if (type === "shorthand_property_identifier") addExport(ctx.facts, c!.text, ctx.ref(c!));
    else if (type === "pair" || type === "method_definition") {
      const key = field(c!, type === "pair" ? "key" : "name");
      const keyType = key?.type;
      const name = keyType === "property_identifier" ? key!.text : keyType === "string" ? stringLiteral(key!) : null;
      if (name === null) continue;
      if (type === "pair") addExport(ctx.facts, name, ctx.ref(field(c!, "value")!));
      else if (ctx.defIndex.has(c!.startIndex)) addExport(ctx.facts, name, { root: { t: "def", start: c!.startIndex }, path: [] });
    }
  }
}

/**
 * Express `app.set("view engine", "ejs")`: on the first `res.render` Express does
 * `require("ejs").__express` and calls it for every render (ejs's __express is renderFile, which
 * compiles the template). The setting is where the app chooses that code, so it stands for a call
 * of `<engine>.__express` here; `app.engine("ejs", require("ejs").__express)` says so already.
 */
function viewEngine(ctx: Ctx, call: Node, callee: Node, calleeRef: Ref | null, args: Node[]): void {
  // A member callee's ref ends with its property's name.
  if (args.length !== 2 || (calleeRef && calleeRef.path.at(-1) !== "set") || callee.type !== "member_expression" || field(callee, "property")?.text !== "set") return;
  if (stringLiteral(args[0]!) !== "view engine") return;
  const engine = stringLiteral(args[1]!)?.replace(/^\./, "");
  // Express requires the engine by the extension's name: a package name, never a path.
  if (!engine || !/^(@[\w.-]+\/)?[\w.-]+$/.test(engine)) return;
  ctx.facts.calls.push({ scope: callScope(ctx, call), ref: { root: { t: "module", spec: engine }, path: ["__express"] }, line: line(call), kind: "call" });
}

/**
 * A file of ours started as a worker thread or a child process (or an Electron window's preload
 * script), where the spawning code runs:
 * `new Worker(new URL("./w.js", import.meta.url))`, `new Worker(path.join(__dirname, "w.js"))`,
 * `fork(require.resolve("./job"))`, `child_process.fork(`${__dirname}/job.js`)`. Its top-level
 * code runs (in another thread or process), so the call loads it like an import. A bare relative
 * string (`new Worker("./w.js")`) is read relative to the file, as bundlers do (Node reads it
 * from the working directory: when no such file is beside it, the import finds nothing).
 */
function spawnedModule(ctx: Ctx, call: Node, callee: Node, calleeText: string | undefined, isNew: boolean, args: Node[]): void {
  const calleeType = callee.type;
  // A member's property ends its text: one whose text ends in none of the names below is none
  // of them (undefined reads as such a name), and its field is not read from WASM.
  const name = calleeType === "identifier" ? calleeText ?? callee.text
    : calleeType === "member_expression" && endsInSpawnName(calleeText ?? callee.text) ? field(callee, "property")?.text : undefined;
  // (The first argument's path only for the calls that use it: spawnedPath reads nodes from WASM.)
  const spawns = isNew ? name === "Worker" || name === "SharedWorker" : name === "fork";
  const first = spawns ? spawnedPath(args[0]!) : null;
  if (isNew && name === "Worker" && first === null && args.length >= 2) {
    // bullmq's sandboxed processor: `new Worker("queue", path.join(__dirname, "processors/x.js"), opts)`
    // (worker_threads' `new Worker(file, { workerData })` names the file first).
    processorFile(ctx, call, args[1]!);
    return;
  }
  // Bull's `queue.process([name,] [concurrency,] path.join(__dirname, "processor.js"))`.
  if (!isNew && name === "process" && calleeType === "member_expression" && args.length >= 1) {
    processorFile(ctx, call, args[args.length - 1]!);
    return;
  }
  // Worker pools: Piscina's and Tinypool's `new Piscina({ filename: path.resolve(__dirname, "workers/x.js") })`
  // load the file in each worker thread and call its export (`module.exports = async (task) => …`,
  // or the default export) for every `pool.run(task)`, as a sandboxed job processor.
  if (isNew && POOL_CLASSES.has(name ?? "") && args.length >= 1 && args[0]!.type === "object") {
    const file = objectValue(args[0]!, "filename");
    if (file) processorFile(ctx, call, file);
    return;
  }
  // workerpool's `workerpool.pool(__dirname + "/worker.js")`: each worker runs the file, whose
  // `workerpool.worker({ fn })` hands its functions to the package.
  if (!isNew && name === "pool" && calleeType === "member_expression" && (calleeText ?? callee.text).startsWith("workerpool.") && args.length >= 1) {
    const spec = spawnedPath(args[0]!);
    if (spec !== null) ctx.facts.imports.push({ scope: ctx.scope(call), spec, line: line(call), names: [] });
    return;
  }
  if (isNew && ELECTRON_WINDOWS.has(name ?? "") && args[0]!.type === "object") {
    // Electron: `new BrowserWindow({ webPreferences: { preload: path.join(__dirname, "preload.js") } })`
    // runs the preload script in each window it opens.
    const prefs = objectValue(args[0]!, "webPreferences");
    const preload = prefs?.type === "object" ? objectValue(prefs, "preload") : null;
    const spec = preload ? spawnedPath(preload) : null;
    if (spec !== null) ctx.facts.imports.push({ scope: ctx.scope(call), spec, line: line(preload!), names: [] });
    return;
  }
  if (!spawns) return;
  if (first !== null) ctx.facts.imports.push({ scope: ctx.scope(call), spec: first, line: line(call), names: [] });
}

/** Whether a text ends in a name spawnedModule reads (Worker and SharedWorker end alike). */
function endsInSpawnName(text: string): boolean {
  if (text.endsWith("Worker") || text.endsWith("process") || text.endsWith("fork") || text.endsWith("Piscina") || text.endsWith("Tinypool") || text.endsWith(".pool")) return true;
  for (const w of ELECTRON_WINDOWS) if (text.endsWith(w)) return true;
  return false;
}

/** Worker pools whose `filename` option names the module each worker loads and calls (Piscina, Tinypool). */
const POOL_CLASSES = new Set(["Piscina", "Tinypool"]);

/** Electron's window classes whose `webPreferences.preload` script runs in the window. */
const ELECTRON_WINDOWS = new Set(["BrowserWindow", "BrowserView", "WebContentsView"]);

/** The value of an object literal's `key: value` pair (a plain or quoted key), or null. */
function objectValue(obj: Node, key: string): Node | null {
  for (const c of obj.namedChildren) {
    if (c?.type !== "pair") continue;
    const k = field(c, "key");
    const name = k?.type === "property_identifier" ? k.text : k?.type === "string" ? stringLiteral(k) : null;
    if (name === key) return field(c, "value");
  }
  return null;
}

/**
 * A job processor file of ours handed to a queue library (bullmq, Bull): it loads the file in a
 * child process or thread and calls what it exports (`module.exports = async (job) => …`, or the
 * default export) for each job. Only paths built from `__dirname`/`import.meta.url` count, so a
 * queue name string is never read as a file.
 */
function processorFile(ctx: Ctx, call: Node, arg: Node): void {
  if (arg.type === "string") return;
  const spec = spawnedPath(arg);
  if (spec === null) return;
  const scope = ctx.scope(call);
  const at = line(call);
  ctx.facts.imports.push({ scope, spec, line: at, names: [] });
  ctx.facts.calls.push({ scope: callScope(ctx, call), ref: { root: { t: "module", spec }, path: [] }, line: at, kind: "call" });
  ctx.facts.calls.push({ scope: callScope(ctx, call), ref: { root: { t: "module", spec }, path: ["default"] }, line: at, kind: "call" });
}

/** The file a worker or child process is started from, as a specifier relative to this file; null if not told. */
function spawnedPath(arg: Node): string | null {
  const relative = (s: string | null): string | null =>
    s === null || s === "" || s.startsWith("/") || /^[a-z][\w+.-]*:/i.test(s) ? null : s.startsWith(".") ? s : `./${s}`;
  const type = arg.type;
  if (type === "string") {
    const s = stringLiteral(arg);
    return s !== null && s.startsWith(".") ? s : null;
  }
  if (type === "template_string") {
    // `${__dirname}/job.js`
    const m = /^`\$\{__dirname\}\/([^`$]+)`$/.exec(arg.text);
    return m ? relative(m[1]!) : null;
  }
  if (type === "binary_expression") {
    // __dirname + "/job.js"
    const left = field(arg, "left");
    const right = field(arg, "right");
    if (left?.text !== "__dirname" || !right) return null;
    const s = stringLiteral(right);
    return s !== null && s.startsWith("/") ? relative(s.slice(1)) : null;
  }
  if (type !== "new_expression" && type !== "call_expression") return null;
  const fn = field(arg, type === "new_expression" ? "constructor" : "function");
  const args = field(arg, "arguments")?.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment") ?? [];
  const fnText = fn?.text;
  // new URL("./w.js", import.meta.url)
  if (type === "new_expression") {
    if (fnText !== "URL" || args.length !== 2 || args[1]!.text !== "import.meta.url") return null;
    return relative(stringLiteral(args[0]!));
  }
  // require.resolve("./job")
  if (fnText === "require.resolve") return args.length === 1 ? relative(stringLiteral(args[0]!)) : null;
  // path.join(__dirname, "workers", "w.js") / resolve(__dirname, "w.js")
  const fnName = fn?.type === "identifier" ? fnText : fn?.type === "member_expression" ? field(fn, "property")?.text : undefined;
  const joins = fnName === "join" || fnName === "resolve";
  if (!joins || args.length < 2 || args[0]!.text !== "__dirname") return null;
  const parts: string[] = [];
  for (const a of args.slice(1)) {
    const s = stringLiteral(a);
    if (s === null) return null;
    parts.push(s.replace(/^\/+|\/+$/g, ""));
  }
  return relative(parts.filter((x) => x !== "" && x !== ".").join("/"));
}

/** A property name as the text of a property_identifier (a private `#x` or anything else is not). */
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * `o.x` read as a value (`isRead`) or written: a call if x is one of our getters (setters). The
 * patterns match a member (tags.scm); that its property is a plain name is told here, from the
 * member's text when it ends in one. The fact waits for the property (deferred.ts), where the
 * patterns that checked the property matched: calls in `o` come first, as they did.
 */
function accessorFact(ctx: Ctx, read: Node, isRead: boolean): void {
  const readText = read.text;
  const last = readText.slice(readText.lastIndexOf(".") + 1);
  let at: number;
  if (PLAIN_NAME.test(last)) at = read.endIndex - last.length;
  else {
    const property = field(read, "property");
    if (property?.type !== "property_identifier" && property?.type !== "private_property_identifier") return;
    at = property.startIndex;
  }
  ctx.later.add(at, () => {
    if (isRead && readText.endsWith("prototype")) createdPrototype(ctx, read);
    const ref = ctx.ref(read, "member_expression", readText);
    if (ref && ref.path.length > 0) {
      const row = !readText.includes("\n") ? rowOf(read) : endRowOf(read);
      const scope = ctx.scope(read);
      ctx.facts.calls.push(isRead ? { scope, ref, line: row + 1, kind: "call", getter: true } : { scope, ref, line: row + 1, kind: "call", setter: true });
      // `o.x = v`: a setter of ours gets v as its parameter (flow.ts).
      const parent = isRead ? null : read.parent;
      const value = parent?.type === "assignment_expression" && field(parent, "left")?.startIndex === read.startIndex ? field(parent, "right") : null;
      const valueRef = value ? ctx.ref(value) : null;
      if (valueRef) ctx.facts.calls.at(-1)!.args = [{ name: null, ref: valueRef }];
    }
  });
}

/** `new Promise((resolve) => ...)`: records the executor's first parameter (Ctx.executors). */
function promiseExecutor(ctx: Ctx, node: Node): void {
  const executor = firstArgument(field(node, "arguments"));
  if (executor?.type !== "arrow_function" && executor?.type !== "function_expression") return;
  const params = field(executor, "parameters") ?? field(executor, "parameter");
  const first = params?.type === "identifier" ? params : params?.namedChild(0);
  // (The second parameter, `reject`: what it is given is a rejection's reason, rejectionHandler.)
  const second = params?.type === "identifier" ? null : params?.namedChild(1);
  const reject = second?.type === "identifier" ? second.text : undefined;
  if (first?.type === "identifier" || reject) (ctx.executors ??= []).push({ name: first?.type === "identifier" ? first.text : "", reject, start: executor.startIndex, end: executor.endIndex });
}

/** 1: `resolve(...)` of a promise's executor, 2: its `reject(...)`, 0: neither. */
function executorResolve(executors: { name: string; reject?: string; start: number; end: number }[], name: string, at: number): 0 | 1 | 2 {
  for (const e of executors) {
    if (at < e.start || at >= e.end) continue;
    if (e.name === name) return 1;
    if (e.reject === name) return 2;
  }
  return 0;
}

/**
 * `jsArgs`: a JS call's arguments, read in the definition pass. No closure here reads its
 * variables: JavaScriptCore would then make an environment object at every call (every
 * reference match), closure made or not.
 */
const NUMBER_OPERATORS = new Set(["+", "-", "*", "/", "%", "**", "<", ">", "<=", ">="]);
const CONVERTIBLE = new Set(["identifier", "member_expression", "new_expression", "this"]);
const CONVERT_BITS: Record<NonNullable<CallFact["convert"]>, number> = { string: 1, number: 2, json: 4, then: 8, instance: 16 };

/**
 * An operand converted to a primitive: a call of its `[Symbol.toPrimitive]`/`toString`/`valueOf`
 * (`toJSON` for "json"), resolved once the project's converters are known (graph.ts). A name
 * converted again in the same scope (`y > 7`, `y - 5`, `${y}`) calls the same converters: its
 * first site stands for the rest.
 */
function conversionFact(ctx: Ctx, converted: Node, convert: NonNullable<CallFact["convert"]>): void {
  const scope = callScope(ctx, converted);
  const type = converted.type;
  let text: string | undefined;
  if (type === "identifier") {
    // By scope, then name, a bit per hint: a "scope\0hint\0name" key string per site (100k sites
    // per 222k generated JS lines) cost a concatenation and its hash each.
    let names = (ctx.converted ??= new Map()).get(scope);
    if (!names) ctx.converted.set(scope, (names = new Map()));
    text = converted.text;
    const seen = names.get(text) ?? 0;
    const bit = CONVERT_BITS[convert];
    if ((seen & bit) !== 0) return;
    names.set(text, seen | bit);
  }
  // (The type and text already read: ctx.ref reads the same node the same way.)
  const ref = text === undefined ? ctx.ref(converted, type) : ctx.ref(converted, type, text);
  if (ref) ctx.facts.calls.push({ scope, ref, line: endRowOf(converted) + 1, kind: "call", convert });
}

/** Operator tokens of binary_expression (an anonymous node's type is its text). */
const BINARY_OPERATORS = new Set([
  "&&", "||", "??", ">>", ">>>", "<<", "&", "^", "|", "+", "-", "*", "/", "%", "**",
  "<", "<=", "==", "===", "!=", "!==", ">=", ">", "instanceof", "in",
]);

/**
 * A binary expression's operator, as `field(binary, "operator")?.type` reads it: the source
 * between its two operands is the operator token and whitespace, unless a comment or an error
 * is there too (then it is no operator's text, and the field is read). One slice of the text
 * instead of a crossing into WASM and a node per binary expression (87k per 222k JS lines).
 */
function binaryOperator(binary: Node, left: Node | undefined, right: Node | undefined): string | undefined {
  if (left && right) {
    const start = binary.startIndex;
    const between = binary.text.slice(left.endIndex - start, right.startIndex - start).trim();
    if (BINARY_OPERATORS.has(between)) return between;
  }
  return field(binary, "operator")?.type;
}

/** Each convertible operand's fact, told where the matches reach it (as its own pattern did). */
function binaryConversions(ctx: Ctx, left: Node | undefined, right: Node | undefined): void {
  for (const side of [left, right]) {
    if (side && CONVERTIBLE.has(side.type)) ctx.later.add(side.startIndex, () => conversionFact(ctx, side, "number"));
  }
}

function referenceFacts(caps: Caps, ctx: Ctx, jsArgs: JsArgs | undefined, py: PyCtx): void {
  const decorator = cap(caps, "reference.decorator");
  if (decorator) {
    // Evaluated where the class statement runs, not inside the class.
    let scope = ctx.scope(decorator);
    // A method's decorator in the JavaScript grammar (inside the method's node) and a parameter's
    // (`constructor(@inject db: Db)`) run with the class's, not in the method.
    const host = decorator.parent?.type;
    const { defs } = ctx.facts;
    const method = decoratedMethod(ctx, decorator, host, scope);
    let getter = -1;
    if ((host === "method_definition" || host === "required_parameter" || host === "optional_parameter") && scope >= 0 && defs[scope]!.kind === "method") scope = defs[scope]!.parent;
    while (scope >= 0 && (defs[scope]!.kind === "class" || defs[scope]!.kind === "object")) scope = defs[scope]!.parent;
    const callee = cap(caps, "callee")!;
    const ref = ctx.ref(callee);
    if (ref && method >= 0) {
      // A method decorator is given the method, and the class's member becomes what it returns
      // (the method itself when that is unknown), as Python's `@a def f` is `f = a(f)`; stacked,
      // `@a @b m` is `a(b(m))`: each is given what the one below it returned.
      // Its arguments: the method (a standard decorator's `value`) and, third, TypeScript's legacy
      // descriptor `{ value: method }` (its `target` and `key` we do not track).
      const self: Ref = { root: { t: "def", start: defs[method]!.start }, path: [] };
      const below = stackedBelow(ctx, decorator, self);
      const descriptor: Ref = { root: { t: "items", items: [{ key: "value", ref: below }] }, path: [] };
      const args = [{ name: null, ref: below }, { name: null, ref: null }, { name: null, ref: descriptor }];
      ctx.facts.calls.push({ scope, ref, line: line(decorator), kind: "call", args, decorates: true });
      // Bound in the class under `@name`, which no lookup of a bare name in a method finds: the
      // outermost decorator's result only.
      if (decorator.previousNamedSibling?.type !== "decorator") {
        addTo(ctx.facts.bindings, defs[method]!.parent, `@${defs[method]!.name}`, { root: { t: "call", callee: ref, or: below }, path: [] });
      }
    } else if (ref && (getter = decoratedMethod(ctx, decorator, host, ctx.scope(decorator), true)) >= 0) {
      // A getter's decorator is given the getter; a read of the property runs what the outermost
      // one returns (bound as `@get name`, graph.ts), as a standard getter decorator's replacement.
      // (Third, TypeScript's legacy descriptor `{ get: getter }`: `desc.get = wrapper` replaces it.)
      const below = stackedBelow(ctx, decorator, { root: { t: "def", start: defs[getter]!.start }, path: [] });
      const descriptor: Ref = { root: { t: "items", items: [{ key: "get", ref: below }] }, path: [] };
      ctx.facts.calls.push({ scope, ref, line: line(decorator), kind: "call", args: [{ name: null, ref: below }, { name: null, ref: null }, { name: null, ref: descriptor }], decorates: true });
      if (decorator.previousNamedSibling?.type !== "decorator") {
        addTo(ctx.facts.bindings, defs[getter]!.parent, `@get ${defs[getter]!.name}`, { root: { t: "call", callee: ref, or: below }, path: [] });
      }
    } else if (ref && decoratedField(decorator, host)) {
      // A standard field decorator may return an initializer, called with the field's initial
      // value when an instance is made: a call of what the decorator returns, where it is applied.
      ctx.facts.calls.push({ scope, ref, line: line(decorator), kind: "call" });
      ctx.facts.calls.push({ scope, ref: { root: { t: "call", callee: ref }, path: [] }, line: line(decorator), kind: "call" });
    } else if (ref) {
      // A class decorator is given the class (a registry keeps it); what it returns does not
      // replace the class (README "Known limits").
      const cls = method < 0 ? decoratedClass(ctx, decorator, host) : -1;
      const below = cls >= 0 ? stackedBelow(ctx, decorator, { root: { t: "def", start: defs[cls]!.start }, path: [] }) : null;
      ctx.facts.calls.push(below ? { scope, ref, line: line(decorator), kind: "call", args: [{ name: null, ref: below }], decorates: true } : { scope, ref, line: line(decorator), kind: "call" });
      // The class's name is also what the outermost decorator returns (a replacement subclass).
      if (below && decorator.previousNamedSibling?.type !== "decorator") addTo(ctx.facts.bindings, defs[cls]!.parent, defs[cls]!.name, { root: { t: "call", callee: ref, or: below }, path: [] });
    }
    // `@factory(...)`: the factory is called here too (its call's match, which comes next, is
    // made in this scope: callScope), and then the decorator it returns.
    if (callee.type === "call_expression") (ctx.decorators ??= new Map()).set(callee.startIndex, scope);
    return;
  }
  const call = cap(caps, "reference.call") ?? cap(caps, "reference.new");
  if (call) {
    const callee = cap(caps, "callee")!;
    // Names (and JS member chains) are read as text anyway; one on a single line ends on the row
    // it starts on (a JS field of the node), which spares reading its end position from WASM.
    const python = ctx.facts.language === "python";
    // Python: a call after a `return`/`raise`/`continue`/`break` of its block never runs.
    if (python && pyDeadCode(call)) return;
    const calleeType = callee.type;
    const calleeText = calleeType === "identifier" || (!python && calleeType === "member_expression") ? callee.text : undefined;
    // `for (k in o) o[k]()` calls every member of o (a computed call otherwise: computedCall), and
    // `o[k].run()` the run of each.
    const eachMember = !python && calleeType === "subscript_expression" && forInKey(callee);
    // `for (k of ["a", "b"]) o[k]()`: o.a or o.b.
    const listed = !python && !eachMember && calleeType === "subscript_expression" ? forOfKeys(callee) : null;
    const keyed = listed ? keysOf(ctx.ref(field(callee, "object")!), listed) :
      !python && !eachMember && calleeType === "member_expression" && calleeText!.includes("[") ? eachMemberCall(ctx, callee) : null;
    if (!python && calleeText === "Promise" && call.type === "new_expression") promiseExecutor(ctx, call);
    // `resolve(f)` in a promise's executor: f is what the promise holds, handed over (no call here).
    // `reject(e)` there: e is a rejection's reason (a thrown value), no call either.
    const settling = ctx.executors !== undefined && calleeType === "identifier" ? executorResolve(ctx.executors, calleeText!, call.startIndex) : 0;
    const resolving = settling !== 0;
    const calleeRef = resolving ? null : eachMember ? membersOf(ctx.ref(field(callee, "object")!)) : keyed ?? ctx.ref(callee, calleeType, calleeText) ??
      (!python && calleeType === "parenthesized_expression" ? eitherCallee(callee, ctx.ref) : null);
    const pushed = calleeRef !== null;
    if (calleeRef !== null) {
      let ref = calleeRef;
      const kind = has(caps, "reference.new") ? "new" : "call";
      const row = calleeText !== undefined && !calleeText.includes("\n") ? rowOf(callee) : endRowOf(callee);
      const scope = callScope(ctx, call);
      // `this.register()` in a `static {}` block or static field: `this` is the class.
      // (`super.init()` there: the base class's static, read in the class's scope, as in a static method.)
      const inClass = !python && (ref.root.t === "this" || ref.root.t === "super") ? ctx.scope(call) : -1;
      if (inClass >= 0 && inClass !== scope && ctx.facts.defs[inClass]!.kind === "class" && staticTime(call)) {
        const cls = ctx.facts.defs[inClass]!;
        if (ref.root.t === "super") ref = { root: { t: "scoped", scope: inClass, ref: { root: ref.root, path: [] } }, path: ref.path };
        else if (!cls.anonymous && !cls.name.includes(".") && !cls.name.startsWith("<")) ref = { root: { t: "name", name: cls.name }, path: ref.path };
      }
      // `<Counter />` of a class component: React makes the instance and calls its render() (of
      // our code only: a package's component is no use of a `render` member). Pushed before the
      // element's own call, which the code below reads as the last one (its arguments).
      if (!python && calleeText !== undefined && call.type.startsWith("jsx_") && /^[A-Z]/.test(calleeText)) {
        const made: Ref = { root: { t: "new", callee: ref }, path: [] };
        ctx.facts.calls.push({ scope, ref: { root: made.root, path: ["render"] }, line: row + 1, kind: "call", protocol: true });
        // Its lifecycle methods too, which React calls around render.
        for (const m of LIFECYCLE) ctx.facts.calls.push({ scope, ref: { root: made.root, path: [m] }, line: row + 1, kind: "call", protocol: true });
        for (const m of STATIC_LIFECYCLE) ctx.facts.calls.push({ scope, ref: { root: ref.root, path: [...ref.path, m] }, line: row + 1, kind: "call", protocol: true });
      }
      ctx.facts.calls.push({ scope, ref, line: row + 1, kind, ...(!python && ctx.decorators?.has(call.startIndex) ? { factory: true as const } : {}) });
      const dflt = python ? -1 : defaultOf(ctx.facts.defs[scope], call);
      if (dflt >= 0) ctx.facts.calls.at(-1)!.dflt = dflt;
      // `f()` after `f = wrap(f)`: kept to read the last binding if both are straight-line code.
      if (ctx.reassigned && calleeType === "identifier" && ctx.reassigned.has(`${scope}\u0000${calleeText}`) && jsStraight(call)) {
        (ctx.straightCalls ??= []).push(ctx.facts.calls.at(-1)!);
      }
    }
    if (python) {
      pyNamedCall(call, calleeType, calleeText, calleeRef, py);
      const callType = pushed ? call.type : null;
      if (callType === "call") ctx.facts.calls.at(-1)!.args = pyArgs(call, ctx.ref);
      if (callType === "raise_statement") ctx.facts.calls.at(-1)!.raised = true;
      const callScope = callType === "call" ? ctx.scope(call) : -1;
      // (In the `if __name__ == "__main__":` block, a scope of its own: straight in the module's code.)
      if (callType === "call" && pyStraight(call, ctx.facts, ctx.facts.defs[callScope]?.kind === "main" ? ctx.facts.defs[callScope]!.parent : callScope, false)) {
        const fact = ctx.facts.calls.at(-1)!;
        fact.top = true;
        // (Also for attribute writes in the function called: facts-py.ts calledWrite.)
        if ((py.globals.size > 0 || py.attrWrites || py.selfWrites || py.items.length > 0) && (calleeType === "identifier" || calleeType === "attribute")) {
          const up = pyAncestors(call);
          const parent = up.length - 1;
          if (up[parent]?.type === "expression_statement" && straightIn(up, parent - 1, ctx.facts, ctx.scope(call), true)) (py.alwaysCalls ??= new Set()).add(fact);
        }
      } else if (callType === "call" && calleeType === "identifier" && py.kills.get(callScope)?.has(calleeText!)) {
        // In a loop's body (`for ...: f = g; f()`): the loop's line, for facts-py.ts's block kills.
        let loop: Node | null = call.parent;
        while (loop && loop.type !== "for_statement" && loop.type !== "while_statement" && loop.type !== "function_definition" && loop.type !== "lambda" && loop.type !== "class_definition") loop = loop.parent;
        const up = loop && (loop.type === "for_statement" || loop.type === "while_statement") ? pyAncestors(call) : null;
        if (up && straightIn(up, up.length - 1, ctx.facts, callScope, false, false, true)) (py.loopAt ??= new Map()).set(ctx.facts.calls.at(-1)!, line(loop!));
      }
      return;
    }
    const isNew = has(caps, "reference.new");
    jsNamedCall(ctx, call, callee, calleeType, calleeText, isNew);
    if (calleeType === "subscript_expression" && !isNew && !eachMember && !listed) computedCall(ctx, call, callee);
    else if (keyedBindings !== null && calleeType === "identifier" && !isNew) keyedNameCall(ctx, call, calleeText!);
    const { nodes: args, types, literals, members, spread } = jsArgs!;
    // `f(...it)` and `new Set(it)`, `Array.from(it)`, `Promise.all(it)`: the iterable's
    // `[Symbol.iterator]()` runs (of our code only), as `for...of` does.
    // (Put before the call's own fact, which the code below reads as the last one.)
    const taken = spread && ITERABLE_TAKER_TYPES.has(spread.type) ? spread :
      calleeText !== undefined && ITERABLE_TAKERS.has(calleeText) && args.length > 0 && ITERABLE_TAKER_TYPES.has(types[0]!) ? args[0]! : null;
    if (taken) {
      const before = ctx.facts.calls.length;
      iterated(ctx, taken);
      if (pushed && ctx.facts.calls.length > before) ctx.facts.calls.splice(before - 1, 0, ctx.facts.calls.pop()!);
    }
    for (const member of members) accessorFact(ctx, member, true);
    // Function literals passed to the call or called by it have their caller here (anonymousRefs).
    for (const start of literals) ctx.anonymousUses.set(start, false);
    if (!isNew) for (const start of calledLiterals(callee, calleeType)) ctx.anonymousUses.set(start, false);
    // `f(...fs)`: fs's items are the arguments from there on (a "*" argument, as Python's splat).
    let splat = spread && pushed ? ctx.ref(spread) : null;
    // `f(...xs, g)`: g fills one of the parameters from there on too (where, xs's length decides).
    if (splat && jsArgs!.after) {
      const items = [{ key: "[*]", ref: anyItem(splat) }];
      for (const a of jsArgs!.after) {
        const ref = ctx.ref(a);
        if (ref) items.push({ key: "[*]", ref });
      }
      splat = { root: { t: "items", items }, path: [] };
    }
    // React contexts: `const C = createContext(d)` and `<C.Provider value={v}>` provide what
    // `useContext(C)` reads (refs.ts contextToken); the default is no callback of React's.
    if (calleeText !== undefined && !python && reactContext(ctx, call, callee, calleeText, args)) return;
    // `<input {...handlers} />`: a DOM element's spread props are handed to React, which may call any of them.
    if (calleeText !== undefined && call.type.startsWith("jsx_") && /^[a-z]/.test(calleeText) && !calleeText.includes(".")) {
      for (const a of call.namedChildren) {
        const inner = a?.type === "jsx_expression" && a.namedChild(0)?.type === "spread_element" ? a.namedChild(0)!.namedChild(0) : null;
        const ref = inner ? membersOf(ctx.ref(inner)) : null;
        if (ref) ctx.facts.calls.push({ scope: callScope(ctx, call), ref, line: line(a!), kind: "ref" });
      }
    }
    // `<Layout side={Sidebar} />` calls Layout with one props object: `{ side: Sidebar }`.
    if (pushed && calleeText !== undefined && call.type.startsWith("jsx_") && /^[A-Z]/.test(calleeText)) {
      const props = jsxProps(ctx, call);
      if (props) ctx.facts.calls.at(-1)!.args = [{ name: null, ref: props }];
      return;
    }
    if (args.length === 0) {
      if (splat) ctx.facts.calls.at(-1)!.args = [{ name: "*", ref: splat }];
      return;
    }
    const refs: (Ref | null)[] = [];
    // (`f(c ? a : b)`: either operand, as a callee's `(c ? a : b)()` is.)
    for (let i = 0; i < args.length; i++) refs.push(loopKeyed(ctx, args[i]!, types[i]!) ?? ctx.ref(args[i]!, types[i]) ?? (types[i] === "ternary_expression" ? eitherCallee(args[i]!, (n) => ctx.ref(n)) : null));
    storedItems(ctx, call, calleeRef, refs, args);
    // `it.next(v)`: v is what the generator's pending `yield` gives (GEN_SENT, bound at the end).
    if (calleeRef?.root.t === "name" && calleeRef.path.length === 1 && calleeRef.path[0] === "next" && refs.length === 1 && refs[0] && !python) {
      (ctx.sent ??= []).push({ scope: callScope(ctx, call), name: calleeRef.root.name, ref: refs[0] });
    }
    reflectAccess(ctx, call, calleeRef, args, refs);
    if (definedAccessor(ctx, call, calleeRef, args, types)) return;
    if (babelClass(ctx, call, args, types)) return;
    mixins(ctx, call, callee, calleeRef, args);
    if (calleeType === "member_expression") rejectionHandler(ctx, call, callee, calleeText, args, types, refs);
    else if (settling === 2 && refs[0]) {
      const lists = (ctx.caught ??= { catches: [], thrown: [] });
      if (lists.thrown.length < MAX_THROWN) lists.thrown.push({ scope: callScope(ctx, call), ref: refs[0] });
    }
    viewEngine(ctx, call, callee, calleeRef, args);
    spawnedModule(ctx, call, callee, calleeText, isNew, args);
    const list: Arg[] = [];
    // (`f(undefined)` leaves the parameter out: its default counts, resolve.ts.)
    for (let i = 0; i < refs.length; i++) list.push({ name: null, ref: refs[i] ?? (types[i] === "undefined" ? { root: { t: "name", name: "undefined" }, path: [] } : null) });
    // The node of each argument in `list` (its line, for a call we cannot resolve).
    let nodes: Node[] = args;
    // Functions in an array literal (`app.post(path, [mw, handler])`, `router.use([a, b])`) are
    // handed over like separate arguments; the name "[]" binds them to no parameter.
    // (Not a React hook's dependency list, `useEffect(f, [load])`: React compares those, never calls them.)
    const deps = calleeText !== undefined && REACT_DEPS_HOOK.test(calleeText) ? args.length - 1 : -1;
    for (let i = 0; i < args.length; i++) {
      if (types[i] !== "array" || (i === deps && i > 0)) continue;
      for (const el of args[i]!.namedChildren) {
        if (!el || el.type === "comment" || el.type === "spread_element" || list.length >= 64) continue;
        const ref = ctx.ref(el);
        if (ref) {
          list.push({ name: "[]", ref });
          if (nodes === args) nodes = [...args];
          nodes.push(el);
        }
      }
    }
    if (splat) list.push({ name: "*", ref: splat });
    if (pushed) ctx.facts.calls.at(-1)!.args = list;
    else {
      // A call we cannot resolve (`obj[k](cb)`, `f()(cb)`) still hands its callbacks on.
      for (let i = 0; i < list.length; i++) {
        const ref = list[i]!.ref;
        // (`resolve(f)` in a promise's executor: f is held, not called; reach still follows it.)
        if (ref) ctx.facts.calls.push(resolving ? { scope: callScope(ctx, call), ref, line: endRowOf(nodes[i]!) + 1, kind: "ref", weak: true } : { scope: callScope(ctx, call), ref, line: endRowOf(nodes[i]!) + 1, kind: "ref" });
      }
    }
    // (After the call's own fact has its arguments: the factory's call is pushed after it.)
    if (calleeText === "define" || (calleeText === "require" && types[0] === "array")) amdDefine(ctx, call, args, types, refs, calleeText === "define");
    if (calleeText !== undefined && THIS_ARG.test(calleeText)) thisArgument(ctx, call, calleeText, refs[0]);
    // `function () { this.a(); }.bind(obj)` (`.call(obj)`, `.apply(obj)`): `this` in the literal is obj.
    else if (calleeType === "member_expression" && refs[0] && /\.(?:bind|call|apply)$/.test(calleeText ?? "")) {
      let fn = field(callee, "object");
      while (fn?.type === "parenthesized_expression") fn = fn.namedChild(0);
      if (fn?.type === "function_expression") iterationThis(ctx, call, { root: { t: "def", start: fn.startIndex }, path: [] }, refs[0]);
    }
    if (args.length === 2 && types[0] === "function_expression" && calleeText !== undefined && ARRAY_THIS_ARG.test(calleeText)) iterationThis(ctx, call, refs[0], refs[1]);
    // `Array.from(xs, function (x) { this.m(x); }, obj)` likewise.
    else if (args.length === 3 && types[1] === "function_expression" && calleeText === "Array.from") iterationThis(ctx, call, refs[1], refs[2]);
    return;
  }
  const binary = cap(caps, "reference.binary");
  if (binary) {
    // `a + b`, `a < b`: operands converted with the number hint. One pattern for every binary
    // expression, told apart here: the operator and operand alternatives written in the query
    // made a third of JS extraction.
    const op = binaryOperator(binary, cap(caps, "reference.left"), cap(caps, "reference.right"));
    if (op !== undefined && NUMBER_OPERATORS.has(op)) binaryConversions(ctx, cap(caps, "reference.left"), cap(caps, "reference.right"));
    // `code == 200`, `v != "x"`: loose equality with a number or string converts the object
    // (default hint: valueOf first); against null/undefined or another object nothing is converted.
    else if (op === "instanceof") {
      const right = cap(caps, "reference.right");
      if (right && (right.type === "identifier" || right.type === "member_expression")) ctx.later.add(right.startIndex, () => conversionFact(ctx, right, "instance"));
    } else if (op === "==" || op === "!=") {
      const left = cap(caps, "reference.left");
      const right = cap(caps, "reference.right");
      const literal = (n: Node | undefined): boolean => n !== undefined && (n.type === "number" || n.type === "string" || n.type === "template_string");
      if (literal(left) !== literal(right)) binaryConversions(ctx, literal(left) ? undefined : left, literal(right) ? undefined : right);
    }
    return;
  }
  const converted = cap(caps, "reference.string") ?? cap(caps, "reference.number") ?? cap(caps, "reference.json");
  if (converted) return conversionFact(ctx, converted, has(caps, "reference.string") ? "string" : has(caps, "reference.number") ? "number" : "json");
  const awaited = cap(caps, "reference.then");
  if (awaited) return conversionFact(ctx, awaited, "then");
  const read = cap(caps, "reference.read") ?? cap(caps, "reference.write");
  if (read) return accessorFact(ctx, read, has(caps, "reference.read"));
  const arg = cap(caps, "reference.argument");
  if (arg) {
    const ref = ctx.ref(arg);
    if (ref) ctx.facts.calls.push({ scope: callScope(ctx, arg), ref, line: endRowOf(arg) + 1, kind: "ref" });
    return;
  }
  const decorated = cap(caps, "reference.decorated");
  if (decorated) {
    const target = cap(caps, "reference.target")!;
    const ref = ctx.ref(target);
    if (ref) ctx.facts.calls.push({ scope: ctx.scope(decorated), ref, line: line(decorated), kind: "ref" });
  }
}

