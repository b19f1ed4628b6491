// Per-file facts: what one parsed file defines, calls, imports and exports, each fact tagged with
// the definition (scope) it occurs in. Syntax knowledge comes from the grammar query captures;
// this file only turns captures into plain data and assigns scopes.
import { cap, capAll, type Caps, has, patternsCapturing } from "./captures.ts";
import { type Def, DISCARDED_LITERALS, namespaceFinder, nestDefs, scopeFinder } from "./scopes.ts";
import { Deferred } from "./deferred.ts";
import { beginJsKeys, addConstKey, addConstPair, constKey, declaresName, setBlockNames, ternaryKeys } from "./refs-js-keys.ts";
import { anyItem, GEN_SENT, type Ref, type Root, stringLiteral } from "./ref-types.ts";
import { beginFile } from "./ref-chains.ts";
import { awaitedCallee, jsRef } from "./refs-js.ts";
import { pyRef } from "./refs-py.ts";
import { calledLiterals, eitherCallee, forInKey, forOfKeys, JS_FUNCTION_LITERALS, type JsArgs, jsArgsTyped, jsUsedNames, untyped } from "./facts-js.ts";
import type { Node, Query, Tree } from "web-tree-sitter";
import { applyScopeStatements, beginPyFile, pyArgs, pyDynamicOrder, pyNamedCall, pythonExtraFacts } from "./facts-py.ts";
import { pyAncestors, pyDeadCode, pyNarrowMatches, pyStraight, straightIn } from "./facts-py-flow.ts";
import type { PyCtx } from "./facts-py-ctx.ts";
import { pyUsedNames } from "./facts-py-names.ts";
import { setterStores } from "./facts-py-stores.ts";
import type { SourceLanguage } from "./types.ts";
import { addTo, addToList, clip } from "./fact-text.ts";
import { endRowOf, lineOf as line, queryMatches, rowOf } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { type Arg, ARRAY_THIS_ARG, type CallFact, type FactsDraft, SPREAD, THIS_GIVEN } from "./fact-types.ts";
import { addExport, boundAround, callScope, type Ctx, type Reassign, visibleFunction } from "./fact-ctx.ts";
import { computedCall, eachMemberCall, generatorAt, ITERABLE_TAKER_TYPES, ITERABLE_TAKERS, iterated, iterationThis, jsNamedCall, keysOf, loopKeyed, membersOf, functionPrototypeCalls, paramThisBindings, REACT_DEPS_HOOK, storedItems, THIS_ARG, thisArgument, thisGivenOutside } from "./facts-js-calls.ts";
import { JS_FACT_CAPTURES, jsFacts } from "./facts-js-captures.ts";
import { jsxProps, LIFECYCLE, reactContext, STATIC_LIFECYCLE } from "./facts-js-react.ts";
import { catchableThrows, MAX_THROWN } from "./facts-js-throws.ts";
import { binaryConversions, binaryOperator, conversionFact, laterConversion, NUMBER_OPERATORS } from "./facts-js-conversions.ts";
import { accessorFact, definedAccessor, executorResolve, promiseExecutor, reflectAccess, rejectionHandler } from "./facts-js-accessors.ts";
import { amdDefine, babelClass, defaultOf, exportStarHelper, globalObjectCalls, literalHeirs, mixins, objectAttrs } from "./facts-js-objects.ts";
import { blockShadows } from "./facts-js-blocks.ts";
import { branchGroups, jsStraight } from "./facts-js-branches.ts";
import { defKills, pythonFacts } from "./facts-py-captures.ts";
import { diProviders } from "./facts-js-di.ts";
import { beginDefs, fieldAttrs, globalDefs, iifeGlobalArgs, instanceDefs, isDefCapture, localGlobalObjects, nameDefs, rawDef } from "./fact-defs.ts";
import { spawnedModule, viewEngine } from "./facts-js-spawn.ts";
import { newArgs } from "./fact-bindings.ts";
import { addJsExit, beginJsDead, jsDeadAt } from "./facts-js-dead.ts";

const ANON_KEPT = ["anon.exported"];

/** Extract the facts of one parsed file. The tree stays owned (and deleted) by the caller. */
export function extractFacts(path: string, language: SourceLanguage, tree: Tree, query: Query): FactsDraft {
  beginFile();
  beginJsKeys();
  beginPyFile();
  keyedBindings = null;
  beginDefs();
  beginJsDead();
  const matches = queryMatches(query, tree.rootNode);
  if (language !== "python") setBlockNames(blockShadows(matches, query));
  const toRef = language === "python" ? pyRef : jsRef;
  const noDefs = new Set<number>();
  const defining = patternsCapturing(query, "definition", isDefCapture);
  const raw: Def[] = [];
  const defRef = (n: Node): Ref | null => toRef(n, noDefs);
  // JS calls' arguments, read once here (object literals passed to a call are definitions) and
  // kept by match index for the call handler.
  const calling = language === "python" ? null : patternsCapturing(query, "call", (name) => name === "reference.call" || name === "reference.new");
  const argsOf: JsArgs[] = [];
  const returning = language === "python" ? null : patternsCapturing(query, "return", (name) => name === "return.value");
  const declaring = language === "python" ? null : patternsCapturing(query, "declarator", (name) => name === "binding.declarator");
  const defaulting = language === "python" ? null : patternsCapturing(query, "default", (name) => name === "export.default");
  const throwing = language === "python" ? null : patternsCapturing(query, "throw", (name) => name === "throw.value");
  for (let i = 0; i < matches.length; i++) {
    const { patternIndex, captures } = matches[i]!;
    if (defining[patternIndex]) rawDef(captures, language, defRef, raw);
    if (declaring?.[patternIndex]) declaredDef(captures, language, defRef, raw);
    if (defaulting?.[patternIndex]) {
      // `export default { ... } satisfies T` (the plain literal is a tags.scm definition).
      const object = typedLiteral(cap(captures, "export.value")!);
      if (object.type === "object") rawDef([{ patternIndex, name: "definition.object", node: object }], language, defRef, raw);
    }
    // `return x; f();`: f() never runs (facts-js-dead.ts).
    if (throwing?.[patternIndex]) addJsExit(cap(captures, "throw.value")!.parent);
    if (returning?.[patternIndex]) {
      // The value's parent is the match's `@return` node (a return statement, or an arrow, which is
      // no exit): read from the match, not by `.parent`, a descent from the root per return.
      addJsExit(cap(captures, "return")!);
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
  // (Python: calls in parameter defaults, which run where the function is defined: facts-py-classes.ts params.)
  if (language === "python") {
    ctx.decorators = new Map();
    ctx.getterReads = [];
  }
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
    setterStores(py);
    for (const read of ctx.getterReads!) facts.calls.push(read);
  }
  else {
    if (language === "typescript") tripleSlashReferences(facts, tree.rootNode);
    jsUsedNames(facts, tree.rootNode.text, typeNames);
    fieldAttrs(ctx);
    diProviders(ctx, tree.rootNode);
    anonymousRefs(facts, anonymousUses);
    const reassigns = ctx.reassigns ?? [];
    // Names a closure assigns (`const swap = () => { f = b }`) or a destructuring does: bound only at
    // the end (ctx.assigned, below), so the binding counts the orders below read do not hold them
    // yet: no order is read for those names (`assignments/q7_closure_reassigns_then_call_above_straight_reassign`).
    const late = ctx.assigned.length > 0 ? new Set(ctx.assigned.map((a) => a.name)) : null;
    // Each `f = wrap(f)` reads only its scope's calls: found by scope, not by a pass over every call.
    const withArgs = reassigns.some((r) => r.wrap) ? callsByScope(facts.calls) : new Map<number, CallFact[]>();
    for (const rb of reassigns) {
      if (!rb.wrap || late?.has(rb.name)) continue;
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
      if (late?.has(name)) return null;
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
      const prior = call.ref.root.t === "name" ? lastBinding(call.scope, call.ref.root.name, call.line) : null;
      if (prior) call.ref = { root: prior.root, path: call.ref.path };
      if (call.args?.some((a) => a.ref?.root.t === "name" && a.ref.path.length === 0 && ctx.reassigned!.has(`${call.scope}\u0000${a.ref.root.name}`))) {
        call.args = call.args.map((a) => {
          const p = a.ref?.root.t === "name" && a.ref.path.length === 0 && ctx.reassigned!.has(`${call.scope}\u0000${a.ref.root.name}`) ? lastBinding(call.scope, a.ref.root.name, call.line) : null;
          return p ? { name: a.name, ref: p } : a;
        });
      }
    }
    readsAboveReassign(facts, late ? reassigns.filter((r) => !late.has(r.name)) : reassigns, ctx.valueReads);
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
    if (facts.language !== "python") localGlobalObjects(facts);
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
    if (ctx.factoryMembers) factoryThis(facts, ctx.factoryMembers, defIndex);
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
      // (`exports` itself is still that object: jsBareExports.)
      facts.jsBareExports = ctx.bareExports.map(({ name, ref }) => ({ key: name, ref }));
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
    functionPrototypeCalls(ctx);
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

/** What a declarator's value defines, by its type (a class: tags.scm's pattern, for its bases). */
const DECLARED_DEFS = new Map([
  ["function_expression", "definition.function"], ["arrow_function", "definition.function"],
  ["generator_function", "definition.function"], ["object", "definition.object"],
]);

/** `Object.create(null)`. */
function isBareDictionary(call: Node): boolean {
  if (!startsWithText(call, "Object.create")) return false;
  const args = field(call, "arguments");
  return args?.namedChildCount === 1 && args.namedChild(0)?.type === "null" && field(call, "function")?.text === "Object.create";
}

/**
 * `bus.on(...)` of a name bound here to our own object literal or class (`new Bus()`) that defines
 * that method itself: how it calls the listener is its code's, not an emitter's.
 */
function ownListenerMethod(ctx: Ctx, scope: number, callee: Ref): boolean {
  if (callee.root.t !== "name" || callee.path.length !== 1) return false;
  const method = callee.path[0]!;
  for (const b of boundAround(ctx.facts, scope, callee.root.name) ?? []) {
    if (b.path.length > 0) continue;
    const made = b.root.t === "new" && b.root.callee.root.t === "name" && b.root.callee.path.length === 0 ? boundAround(ctx.facts, scope, b.root.callee.root.name) ?? [] : [b];
    for (const m of made.slice(0, 4)) {
      if (m.root.t !== "def" || m.path.length > 0) continue;
      const d = ctx.facts.defs[ctx.defIndex.get(m.root.start) ?? -1];
      if (d && (d.kind === "object" || d.kind === "class") && (ctx.facts.members.has(`${d.qname}.${method}`) || ctx.facts.members.has(`${d.qname}.prototype.${method}`))) return true;
    }
  }
  return false;
}

/** Methods registering a listener whose `this` is the object registered on (facts: `emitter.on("x", f)`). */
const LISTENER_METHODS = new Set(["on", "once", "addListener", "prependListener", "prependOnceListener", "addEventListener"]);

/** `Object.create(base)` of a name (one argument): an object of its own whose prototype is base (mixins() links it). */
function isProtoObject(call: Node): boolean {
  if (!startsWithText(call, "Object.create")) return false;
  const args = field(call, "arguments");
  return args?.namedChildCount === 1 && args.namedChild(0)?.type === "identifier" && field(call, "function")?.text === "Object.create";
}

/**
 * Whether the source `node`'s tree was parsed from has `prefix` where `node` starts (true when the
 * source is unknown). A call starts with its callee: a call not written from `Object` has no
 * callee `Object.create` or `Object`, and the declarator checks above and below read none of its
 * fields (up to nine crossings into WASM for every `const x = f(...)`).
 */
function startsWithText(node: Node, prefix: string): boolean {
  const source = (node.tree as { source?: string }).source;
  return source === undefined || source.startsWith(prefix, node.startIndex);
}

/** `new Object()` / `Object()` with no argument: an empty object, as `{}` is (`o.run = f` makes its member run). */
function isEmptyObject(value: Node): boolean {
  const type = value.type;
  if (type !== "new_expression" && type !== "call_expression") return false;
  if (type === "call_expression" && !startsWithText(value, "Object")) return false;
  const callee = field(value, type === "new_expression" ? "constructor" : "function");
  if (callee?.type !== "identifier" || callee.text !== "Object") return false;
  const args = field(value, "arguments");
  return !args || args.namedChildCount === 0;
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
    // `[KEY] = ["stop"]`, `({ KEY } = o)`, `for (KEY of xs)`: assignments the text scan does not see.
    const bump = (id: Node): void => void counts!.set(id.text, (counts!.get(id.text) ?? 0) + 2);
    for (const n of name.tree.rootNode.descendantsOfType(["assignment_expression", "for_in_statement"])) {
      const left = n ? field(n, "left") : null;
      if (!left) continue;
      if (n!.type === "for_in_statement") { if (left.type === "identifier" && !field(n!, "kind")) bump(left); continue; }
      if (left.type !== "array_pattern" && left.type !== "object_pattern") continue;
      for (const id of left.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"])) if (id) bump(id);
    }
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
    // `const KEY = "run"`: a computed key written as KEY names member run (refs-js-keys.ts constKey).
    const name = cap(caps, "binding.name")!;
    const text = stringLiteral(raw);
    const keyword = cap(caps, "binding")!.parent?.firstChild?.type;
    // (`var KEY = "run"` / `let` too when the file never assigns the name again: assignedOnce.)
    if (text !== null && name.type === "identifier" && (keyword === "const" || ((keyword === "var" || keyword === "let") && language !== "python" && assignedOnce(name)))) addConstKey(name.text, text, name);
    return;
  }
  // `const m = on ? "start" : "stop"`: `svc[m]` is either member (refs-js-keys.ts constPairs).
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
  // (Also `window.App || {}`, `globalThis.App || {}`, `self.App || {}`: the same global.)
  let shared = false;
  if (value?.type === "binary_expression" && language !== "python" && field(value, "operator")?.text === "||" && field(value, "right")?.type === "object") {
    const left = field(value, "left")?.text;
    const own = cap(caps, "binding.name")?.text;
    if (own !== undefined && (left === own || left === `window.${own}` || left === `globalThis.${own}` || left === `self.${own}`)) {
      value = field(value, "right") ?? undefined;
      shared = cap(caps, "binding")!.parent?.parent?.type === "program";
    }
  }
  // `const handlers = Object.create(null)`: a dictionary without a prototype, as `{}` is one.
  const capture = value && (DECLARED_DEFS.get(value.type) ?? (language !== "python" && ((value.type === "call_expression" && (isBareDictionary(value) || isProtoObject(value))) || isEmptyObject(value)) ? "definition.object" : undefined));
  if (!capture) return;
  const name = cap(caps, "binding.name")!;
  if (name.type !== "identifier") return;
  const patternIndex = caps[0]!.patternIndex;
  const before = out.length;
  rawDef([{ patternIndex, name: "name", node: name }, { patternIndex, name: capture, node: value! }], language, toRef, out);
  if (shared && out.length === before + 1) out[before]!.shared = true;
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
    // (Also in an object nested in such a literal, a few levels: Babel's `return { visitor: { Identifier(path) {} } }`.)
    let top = d.parent;
    for (let k = 0; k < 4 && top >= 0 && facts.defs[top]!.kind === "object" && facts.defs[top]!.name !== "" && facts.defs[top]!.parent >= 0 && facts.defs[facts.defs[top]!.parent]!.kind === "object"; k++) top = facts.defs[top]!.parent;
    const inLiteral = top >= 0 && facts.defs[top]!.kind === "object" && facts.defs[top]!.name === "";
    if (!d.anonymous && !(inLiteral && (d.kind === "function" || d.kind === "method"))) return;
    // (A returned anonymous class, returnedClass(), is made by what its caller does with it.)
    if (d.kind === "class" || DISCARDED_LITERALS.has(d)) return;
    let scope = d.parent;
    while (scope >= 0 && facts.defs[scope]!.kind === "object") scope = facts.defs[scope]!.parent;
    const ref: Ref = { root: { t: "def", start: d.start }, path: [] };
    const use = used.get(d.start);
    if (d.anonymous && use === undefined) facts.calls.push({ scope, ref, line: d.line, kind: "ref" });
    else if (use !== false && scope !== i) facts.calls.push({ scope, ref, line: d.line, kind: "ref", weak: true });
  });
}

/**
 * `/// <reference path="./utils.ts" />` comments leading a TypeScript file: the referenced
 * file's top-level declarations are global names here (scripts sharing a namespace, resolve-names.ts lookup).
 */
function tripleSlashReferences(facts: FactsDraft, root: Node): void {
  for (let i = 0; i < root.childCount && i < 32; i++) {
    const c = root.child(i);
    if (c?.type !== "comment") break;
    const m = /^\/\/\/\s*<reference\s+path\s*=\s*["']([^"']+)["']/.exec(c.text);
    if (m) (facts.references ??= []).push(m[1]!.startsWith(".") ? m[1]! : `./${m[1]!}`);
  }
}

/** A JS call's positional arguments (at most 4, no spread), as refs; null otherwise. */
function calledArgs(ctx: Ctx, call: Node): Arg[] | null {
  const count = field(call, "arguments")?.namedChildCount ?? 0;
  return count === 0 || count > 4 ? null : newArgs(call, ctx);
}

/** `Function.prototype.apply.call` / `Function.prototype.call.call`: the method the first argument is called by. */
const FN_PROTO_VIA = /^Function\.prototype\.(apply|call)\.call$/;

/** The nearest function around scope that has its own `arguments` (not an arrow), at most 16 scopes up; -1 if none. */
function argumentsOwner(defs: FactsDraft["defs"], scope: number): number {
  for (let s = scope, n = 0; s >= 0 && n < 16; s = defs[s]!.parent, n++) {
    const d = defs[s]!;
    if ((d.kind === "function" || d.kind === "method") && d.arguments) return s;
  }
  return -1;
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

/**
 * A call above a name's first straight reassignment in its scope (`key.trim()` above
 * `key = parse(key)`, `cb()` above `cb = other`), and the name among its arguments: the bindings
 * before that reassignment only. No loop of the scope holds a straight reassignment, so none runs
 * it before such a call; bindings numbered after it must all be straight reassignments below the
 * call (a hoisted `function f` written further down is not: then every binding stays).
 */
function readsAboveReassign(facts: FactsDraft, reassigns: readonly Reassign[], valueReads: Ctx["valueReads"]): void {
  // Per scope and name: the first straight reassignment, and how many there are from it on with the
  // line of the highest one up (a call above that line is above them all). Then each call asks only
  // after its own names: O(1) per name, whatever the file holds.
  type First = { r: Reassign; count: number; from: number };
  const byScope = new Map<number, Map<string, First>>();
  // (A reassignment in a branch counts from its line, one in a loop from its outermost loop's
  // first line, where a read may already see it on a later round: `assignments/q7_param_called_then_reassigned_in_loop_after`.)
  for (const r of reassigns) {
    if (r.group !== undefined) continue;
    const from = r.straight ? r.from : Math.min(r.from, r.loopFrom ?? r.from);
    let names = byScope.get(r.scope);
    if (!names) byScope.set(r.scope, (names = new Map()));
    const f = names.get(r.name);
    if (!f) names.set(r.name, { r, count: 1, from });
    else {
      f.count++;
      if (r.index < f.r.index) f.r = r;
      if (from < f.from) f.from = from;
    }
  }
  if (byScope.size === 0) return;
  const above = (names: Map<string, First>, at: number, ref: Ref | null): First | null => {
    if (ref?.root.t !== "name") return null;
    const f = names.get(ref.root.name);
    // (Every binding from the first reassignment on is one of them: numbered in line order, none
    // bound later by a closure or a hoisted declaration.)
    return f && at < f.from && (facts.bindings.get(f.r.scope)?.get(f.r.name)?.length ?? 0) === f.r.index + f.count ? f : null;
  };
  const prior = (f: First, ref: Ref): Ref => ({ root: { t: "prior", scope: f.r.scope, name: f.r.name, count: f.r.index }, path: ref.path });
  for (const call of facts.calls) {
    const names = byScope.get(call.scope);
    if (!names) continue;
    const f = above(names, call.line, call.ref);
    if (f) call.ref = prior(f, call.ref);
    if (call.args?.some((a) => above(names, call.line, a.ref))) {
      call.args = call.args.map((a) => {
        const g = above(names, call.line, a.ref);
        return g ? { name: a.name, ref: prior(g, a.ref!) } : a;
      });
    }
  }
  // `const g = f` above `f = b`: g holds f's bindings before it (`assignments/q7_param_copied_above_straight_reassign`).
  for (const v of valueReads ?? []) {
    const names = byScope.get(v.scope);
    const list = names ? facts.bindings.get(v.scope)?.get(v.name) : undefined;
    const value = list?.[v.index];
    const f = value ? above(names!, v.line, value) : null;
    if (f && (v.name !== f.r.name || v.index < f.r.index)) list![v.index] = prior(f, value!);
  }
}

/** A JS call with a name among its arguments (at most 8) that its scope reassigns. */
function reassignedArgument(call: Node, scope: number, reassigned: Set<string>): boolean {
  const list = call.childForFieldName("arguments");
  if (list?.type !== "arguments" || list.namedChildCount > 8) return false;
  for (const a of list.namedChildren) if (a?.type === "identifier" && reassigned.has(`${scope}\u0000${a.text}`)) return true;
  return false;
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
function decoratedMethod(ctx: Ctx, decorator: Node, host: string | undefined, scope: number, getter: boolean | "setter" = false): number {
  const { defs } = ctx.facts;
  let def = -1;
  if (host === "method_definition") def = scope;
  else if (host === "class_body") {
    let next = decorator.nextNamedSibling;
    while (next?.type === "decorator") next = next.nextNamedSibling;
    if (next?.type === "method_definition") def = ctx.defIndex.get(next.startIndex) ?? -1;
  }
  const d = def >= 0 ? defs[def]! : null;
  return d && d.kind === "method" && (getter === "setter" ? d.setter === true : getter ? d.getter === true : !d.getter && !d.setter) && defs[d.parent]?.kind === "class" ? def : -1;
}

/** Whether a JS/TS decorator decorates a class field (`@trimmed name = "x"`, also `accessor`-less). */
function decoratedField(decorator: Node, host: string | undefined): boolean {
  if (host === "public_field_definition" || host === "field_definition") return true;
  if (host !== "class_body") return false;
  let next = decorator.nextNamedSibling;
  while (next?.type === "decorator") next = next.nextNamedSibling;
  return next?.type === "public_field_definition" || next?.type === "field_definition";
}

/** Whether a JS/TS field decorator's field is an auto-accessor (`@tracked accessor name = ""`). */
function accessorField(decorator: Node, host: string | undefined): boolean {
  let node: Node | null = host === "public_field_definition" || host === "field_definition" ? decorator.parent : decorator.nextNamedSibling;
  while (node?.type === "decorator") node = node.nextNamedSibling;
  return node !== null && node.children.some((c) => c?.type === "accessor");
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

/** React's element factory called directly (no JSX): `React.createElement(C, props)`. */
const REACT_CREATE_ELEMENT = /^(?:React\.)?createElement$/;

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
    // `@(debug ? traced : plain)`: either operand.
    const ref = callee.type === "parenthesized_expression" ? eitherCallee(callee, ctx.ref) ?? ctx.ref(callee) : ctx.ref(callee);
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
    } else if (ref && (getter = decoratedMethod(ctx, decorator, host, ctx.scope(decorator), "setter")) >= 0) {
      // A setter's likewise (`@validated set port(v)`): an assignment to the property runs what the
      // outermost one returns (bound as `@set name`); TypeScript's legacy descriptor `{ set: setter }`.
      const below = stackedBelow(ctx, decorator, { root: { t: "def", start: defs[getter]!.start }, path: [] });
      const descriptor: Ref = { root: { t: "items", items: [{ key: "set", ref: below }] }, path: [] };
      ctx.facts.calls.push({ scope, ref, line: line(decorator), kind: "call", args: [{ name: null, ref: below }, { name: null, ref: null }, { name: null, ref: descriptor }], decorates: true });
      if (decorator.previousNamedSibling?.type !== "decorator") {
        addTo(ctx.facts.bindings, defs[getter]!.parent, `@set ${defs[getter]!.name}`, { root: { t: "call", callee: ref, or: below }, path: [] });
      }
    } else if (ref && decoratedField(decorator, host)) {
      // A standard field decorator may return an initializer, called with the field's initial
      // value when an instance is made: a call of what the decorator returns, where it is applied.
      ctx.facts.calls.push({ scope, ref, line: line(decorator), kind: "call" });
      ctx.facts.calls.push({ scope, ref: { root: { t: "call", callee: ref }, path: [] }, line: line(decorator), kind: "call" });
      // An `accessor` field's decorator returns `{ get, set, init }`: its init is that initializer.
      if (accessorField(decorator, host)) ctx.facts.calls.push({ scope, ref: { root: { t: "call", callee: ref }, path: ["init"] }, line: line(decorator), kind: "call" });
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
    let callee = cap(caps, "callee")!;
    // Names (and JS member chains) are read as text anyway; one on a single line ends on the row
    // it starts on (a JS field of the node), which spares reading its end position from WASM.
    const python = ctx.facts.language === "python";
    // Python: a call after a `return`/`raise`/`continue`/`break` of its block never runs.
    if (python && pyDeadCode(call)) return;
    // JavaScript: a call after a `return x`/`throw x` of its block (not in a function written there).
    // Its function literal arguments are never made (no call of them from here either).
    if (!python && jsDeadAt(call.startIndex, ctx.facts.defs[ctx.scope(call)]?.start ?? -1)) {
      for (const a of field(call, "arguments")?.namedChildren ?? []) if (a && JS_FUNCTION_LITERALS.has(a.type)) ctx.anonymousUses.set(a.startIndex, false);
      return;
    }
    let calleeType = callee.type;
    // `await (0, f)(x)` (awaitedCallee): a call of f, and no call of a function named `await`.
    const awaited = !python && calleeType === "call_expression" ? awaitedCallee(call) : null;
    if (awaited) calleeType = (callee = awaited).type;
    const calleeText = calleeType === "identifier" || (!python && calleeType === "member_expression") ? callee.text : undefined;
    if (!python && calleeText === "await" && call.parent?.type === "call_expression" && awaitedCallee(call.parent) !== null) return;
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
    // `<header />`: a lowercase tag is a DOM element (a string to React), never a function of that name.
    const intrinsic = !python && calleeType === "identifier" && call.type.startsWith("jsx_") && /^[a-z]/.test(calleeText!);
    const calleeRef = resolving || intrinsic ? null : eachMember ? membersOf(ctx.ref(field(callee, "object")!)) : keyed ?? ctx.ref(callee, calleeType, calleeText) ??
      (!python && calleeType === "parenthesized_expression" ? eitherCallee(callee, ctx.ref) : null);
    const pushed = calleeRef !== null;
    if (calleeRef !== null) {
      let ref = calleeRef;
      const kind = has(caps, "reference.new") ? "new" : "call";
      const row = calleeText !== undefined && !calleeText.includes("\n") ? rowOf(callee) : endRowOf(callee);
      const scope = callScope(ctx, call);
      // `id(double)(1)` / Python `ident(negate)(2)`: the inner call's arguments, for a function of
      // ours that gives one back (resolve-roots.ts made(): this call's, not every call's; Q6).
      if ((calleeType === "call_expression" || calleeType === "call") && ref.root.t === "call" && !ref.root.args && ref.path.length === 0 && ref.root.callee.path.length === 0) {
        const args = python ? pyArgs(callee, ctx.ref) : calledArgs(ctx, callee);
        if (args) ref = { root: { ...ref.root, args }, path: [] };
      }
      // `arguments.callee(n - 1)` (sloppy mode): the nearest non-arrow function around the call calls itself.
      if (!python && calleeText === "arguments.callee" && ref.root.t === "name") {
        const self = argumentsOwner(ctx.facts.defs, scope);
        if (self >= 0) ref = { root: { t: "def", start: ctx.facts.defs[self]!.start }, path: [] };
      }
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
      // (`m.run()` after `m = require("./b")` likewise: the member of m's last binding.)
      const objectName = !python && calleeType === "member_expression" && ref.root.t === "name" && ref.path.length > 0 ? ref.root.name : undefined;
      // (`f(xs)` after `xs = Array.from(xs)` likewise: the argument reads xs's last binding.)
      if (ctx.reassigned && ((calleeType === "identifier" && ctx.reassigned.has(`${scope}\u0000${calleeText}`)) ||
        (objectName !== undefined && ctx.reassigned.has(`${scope}\u0000${objectName}`)) || reassignedArgument(call, scope, ctx.reassigned)) && jsStraight(call)) {
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
        // (Also for attribute writes in the function called: facts-py-kills.ts calledWrite.)
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
    // `useContext(C)` reads (refs-js.ts contextToken); the default is no callback of React's.
    if (calleeText !== undefined && !python && reactContext(ctx, call, callee, calleeText, args)) return;
    // `React.createElement(Button, { onPress: save })`: React calls Button with that props object,
    // as `<Button onPress={save} />` does (put before the call's own fact, read below as the last).
    if (pushed && calleeText !== undefined && args.length > 0 && REACT_CREATE_ELEMENT.test(calleeText) && !declaresName(calleeText)) {
      const comp = args[0]!;
      const ref = (comp.type === "identifier" || comp.type === "member_expression") && /^[A-Z]/.test(comp.text) ? ctx.ref(comp) : null;
      const props = ref && args.length > 1 ? ctx.ref(args[1]!) : null;
      if (ref) ctx.facts.calls.splice(ctx.facts.calls.length - 1, 0, { scope: callScope(ctx, call), ref, line: line(call), kind: "call", ...(props ? { args: [{ name: null, ref: props }] } : {}) });
    }
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
      // `list.push(...xs)` / `this.stack.push(...fns)`: xs's items become list's, as
      // `Array.prototype.push.apply(list, xs)` gives (`apps/j31_middleware_array_spread_into_use`).
      const method = calleeRef?.path.at(-1);
      if (splat && (method === "push" || method === "unshift")) storedItems(ctx, call, calleeRef, [anyItem(splat)], []);
      return;
    }
    const refs: (Ref | null)[] = [];
    // (`f(c ? a : b)`: either operand, as a callee's `(c ? a : b)()` is.)
    for (let i = 0; i < args.length; i++) refs.push(loopKeyed(ctx, args[i]!, types[i]!) ?? ctx.ref(args[i]!, types[i]) ?? (types[i] === "ternary_expression" ? eitherCallee(args[i]!, ctx.ref) : null));
    storedItems(ctx, call, calleeRef, refs, args);
    // (`list.push(first, ...rest)`: rest's items too, `arrays/q7_push_item_and_spread_then_each_called`.)
    const pushing = splat ? calleeRef?.path.at(-1) : undefined;
    if (splat && (pushing === "push" || pushing === "unshift")) storedItems(ctx, call, calleeRef, [anyItem(splat)], []);
    // `it.next(v)`: v is what the generator's pending `yield` gives (GEN_SENT, bound at the end).
    if (calleeRef?.root.t === "name" && calleeRef.path.length === 1 && calleeRef.path[0] === "next" && refs.length === 1 && refs[0] && !python) {
      (ctx.sent ??= []).push({ scope: callScope(ctx, call), name: calleeRef.root.name, ref: refs[0] });
    }
    reflectAccess(ctx, call, calleeRef, args, refs);
    if (definedAccessor(ctx, call, calleeRef, args, types)) return;
    if (babelClass(ctx, call, args, types)) return;
    mixins(ctx, call, callee, calleeRef, args);
    if (!python && calleeText !== undefined && (calleeText.endsWith("__exportStar") || calleeText.endsWith("__export"))) exportStarHelper(ctx, call, callee, args);
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
    // `Function.prototype.apply.call(f, obj, xs)` / `Function.prototype.call.call(f, obj, x)`: the
    // call `f.apply(obj, xs)` / `f.call(obj, x)` (an old library's guard against an own `apply`).
    const viaProto = pushed && calleeText !== undefined && refs[0] && list.length >= 2 && list[0]!.name === null ? FN_PROTO_VIA.exec(calleeText)?.[1] : undefined;
    if (viaProto !== undefined) {
      const fact = ctx.facts.calls.at(-1)!;
      fact.ref = { root: refs[0]!.root, path: [...refs[0]!.path, viaProto] };
      fact.args = list.slice(1);
    }
    // (After the call's own fact has its arguments: the factory's call is pushed after it.)
    if (calleeText === "define" || (calleeText === "require" && types[0] === "array")) amdDefine(ctx, call, args, types, refs, calleeText === "define");
    // `Reflect.apply(f, obj, xs)` gives f its `this` as `f.apply(obj, xs)` does.
    if (calleeText === "Reflect.apply") {
      const fn = args[0];
      if (fn?.type === "function_expression" && refs[1]) iterationThis(ctx, call, { root: { t: "def", start: fn.startIndex }, path: [] }, refs[1]);
      else if (fn && refs[0] && refs[1] && (!THIS_ARG.test(`${fn.text}.apply`) || !thisArgument(ctx, call, `${fn.text}.apply`, refs[1]))) {
        thisGivenOutside(ctx, call, { root: refs[0].root, path: [...refs[0].path, "apply"] }, refs[1]);
      }
    }
    else if (viaProto !== undefined) {
      const text = `${args[0]!.text}.${viaProto}`;
      if (args[0]!.type === "function_expression" && refs[1]) iterationThis(ctx, call, refs[0]!, refs[1]);
      else if (refs[1] && (!THIS_ARG.test(text) || !thisArgument(ctx, call, text, refs[1]))) thisGivenOutside(ctx, call, { root: refs[0]!.root, path: [...refs[0]!.path, viaProto] }, refs[1]);
    }
    else if (calleeText !== undefined && THIS_ARG.test(calleeText)) {
      if (!thisArgument(ctx, call, calleeText, refs[0]) && calleeRef) thisGivenOutside(ctx, call, calleeRef, refs[0]);
    }
    // `function () { this.a(); }.bind(obj)` (`.call(obj)`, `.apply(obj)`): `this` in the literal is obj.
    else if (calleeType === "member_expression" && refs[0] && /\.(?:bind|call|apply)$/.test(calleeText ?? "")) {
      let fn = field(callee, "object");
      while (fn?.type === "parenthesized_expression") fn = fn.namedChild(0);
      if (fn?.type === "function_expression") iterationThis(ctx, call, { root: { t: "def", start: fn.startIndex }, path: [] }, refs[0]);
      else if (calleeRef) thisGivenOutside(ctx, call, calleeRef, refs[0]);
    }
    // `emitter.on("x", onX)` (once, addListener, prepend*, addEventListener): `this` in a plain
    // function listener is the emitter (Node's EventEmitter and the DOM call it so).
    const listening = args.length >= 2 && calleeType === "member_expression" && calleeRef !== null && calleeRef.path.length >= 1 && refs[1] ? LISTENER_METHODS.has(calleeRef.path.at(-1)!) : false;
    if (listening && (types[1] === "identifier" || types[1] === "function_expression") && !ownListenerMethod(ctx, callScope(ctx, call), calleeRef!)) {
      const emitter: Ref = { root: calleeRef!.root, path: calleeRef!.path.slice(0, -1) };
      if (types[1] === "function_expression") iterationThis(ctx, call, refs[1]!, emitter);
      else if ((ctx.facts.objAttrs?.length ?? 0) < 256) (ctx.facts.objAttrs ??= []).push({ scope: callScope(ctx, call), obj: refs[1]!, name: THIS_GIVEN, value: emitter });
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
      if (right && (right.type === "identifier" || right.type === "member_expression")) laterConversion(ctx, right, "instance");
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

/** `o.run = make()`: `this` in each function literal make returns is o, as `o.run = function () {}` makes it (facts-js-members.ts factoryMember). */
function factoryThis(facts: FactsDraft, members: NonNullable<Ctx["factoryMembers"]>, defIndex: Map<number, number>): void {
  for (const { factory, calls, scope, receiver } of members) {
    let fns = [factory];
    for (let i = 0; i < calls && fns.length > 0; i++) fns = fns.flatMap((f) => returnedFunctions(facts, f, defIndex)).slice(0, 8);
    for (const literal of fns) addTo(facts.bindings, literal, "this", { root: { t: "scoped", scope, ref: receiver }, path: [] });
  }
}

/** The function literals (or functions declared in it) function `fn` returns by name or in place (at most 8). */
function returnedFunctions(facts: FactsDraft, fn: number, defIndex: Map<number, number>): number[] {
  const out: number[] = [];
  for (const r of facts.returns.get(fn) ?? []) {
    if (r.root.t !== "def" || r.path.length > 0 || out.length >= 8) continue;
    const literal = defIndex.get(r.root.start);
    if (literal !== undefined && literal !== fn && facts.defs[literal]!.kind === "function" && facts.defs[literal]!.parent === fn) out.push(literal);
  }
  return out;
}
