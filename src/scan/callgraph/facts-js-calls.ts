// JavaScript calls whose callee is named by something other than the call's own text: computed and
// looped member keys, stored callbacks, `this` handed to callbacks, iteration protocols.
import { constKey, literalKey, ternaryKeys } from "./refs-js-keys.ts";
import { anyItem, holding, MEMBERS, type Ref, stringLiteral } from "./ref-types.ts";
import { loadsModule, moduleSpecifiers } from "./refs-js-modules.ts";
import { mapEntry } from "./refs-js.ts";
import type { Node } from "web-tree-sitter";
import { addTo, clip } from "./fact-text.ts";
import { calleeNames } from "./queries.ts";
import { field } from "./fields.ts";
import { forInKey, forOfKeys } from "./facts-js.ts";
import { lineOf as line } from "./wasm-node.ts";
import { thisOwner } from "./scopes.ts";
import { type CallFact, ITERATOR, JS_STORING, THIS_GIVEN } from "./fact-types.ts";
import { addAttr, boundAround, callScope, type Ctx, visibleClass, visibleFunction } from "./fact-ctx.ts";
import { inherit } from "./facts-js-objects.ts";

/**
 * Iterating one of our iterables (`for...of`, `[...it]`) runs its `[Symbol.iterator]()`, then
 * `next()` on what that returned (our code only, like Python's `__iter__`/`__next__`; graph.ts
 * adds the `next()`).
 */
export function iterated(ctx: Ctx, node: Node | null, ref = node && ctx.ref(node), scope = node ? ctx.scope(node) : -1, method = ITERATOR, closes = false): void {
  if (!node || !ref) return;
  const call: CallFact = { scope, ref: { root: ref.root, path: [...ref.path, method] }, line: line(node), kind: "call", protocol: true };
  if (closes) call.closes = true;
  ctx.facts.calls.push(call);
}

/** Builtins that iterate their first argument (`new Set(it)`), and what may name an iterable of ours. */
export const ITERABLE_TAKERS = new Set(["Set", "Map", "WeakSet", "WeakMap", "Array.from", "Promise.all", "Promise.race", "Promise.any", "Object.fromEntries"]);
export const ITERABLE_TAKER_TYPES = new Set(["identifier", "new_expression", "member_expression"]);

/** Whether the JS function starting at `start` is a generator (`function* g() {}`, `function* () {}`). */
export function generatorAt(root: Node, start: number): boolean {
  for (let n: Node | null = root.descendantForIndex(start); n && n.startIndex === start; n = n.parent) {
    if (n.type === "generator_function_declaration" || n.type === "generator_function") return true;
  }
  return false;
}

/** Whether a JS return statement is in a generator's body (`function*`, a `*m() {}` method). */
export function inGenerator(at: Node): boolean {
  for (let n = at.parent; n; n = n.parent) {
    const type = n.type;
    if (type === "generator_function" || type === "generator_function_declaration") return true;
    if (type === "method_definition") return n.children.some((c) => c?.type === "*");
    if (type === "function_declaration" || type === "function_expression" || type === "arrow_function" || type === "function" || type === "class_static_block") return false;
  }
  return false;
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
  // (The set's names as a list, made once: iterating the Set made an iterator per member call.)
  if (names !== listedNames) {
    listedNames = names;
    nameList = [...names];
  }
  for (let i = 0; i < nameList.length; i++) if (text.endsWith(nameList[i]!)) return names.has(field(callee, "property")?.text ?? "");
  return false;
}
let listedNames: ReadonlySet<string> | null = null;
let nameList: string[] = [];

/**
 * Calls told by their callee, whose type and (for names and member chains) text the call handler
 * has read, as grammars/javascript/callees.scm's patterns say: `require(x)`/`import(x)` load a
 * module (an import when x is a literal, dynamic code otherwise), `eval(s)`/`Function(s)`/`new
 * Function(s)` are dynamic code, `util.inherits(C, B)` and Babel's `_inherits(C, B)` make B a base
 * of the constructor function C. Run by the engine, those patterns each made a match of every
 * call of a plain name (or of a member, with two arguments) for JavaScript to reject, and kept
 * query states open through the arguments.
 */
export function jsNamedCall(ctx: Ctx, call: Node, callee: Node, type: string, text: string | undefined, isNew: boolean): void {
  const { facts } = ctx;
  const names = jsCalleeNames();
  const name = type === "identifier" ? text : undefined;
  const evaluates = name !== undefined && (isNew ? names.evalNew : names.evalCall).has(name);
  const loads = !isNew && loadsModule(type, name);
  const inherits = !isNew && ((name !== undefined && names.inheritsCall.has(name)) ||
    (type === "member_expression" && memberNamed(callee, text!, names.inheritsMethod)));
  // A helper of the file written like util.inherits (`function inherits(C, P) { C.prototype =
  // Object.create(P.prototype); }`): its calls link prototypes as `_inherits(C, P)` does.
  const helper = !evaluates && !loads && !inherits && name !== undefined && !isNew ? inheritsHelper(ctx, call, name) : null;
  if (helper) {
    const args = field(call, "arguments");
    const child = args?.namedChild(helper[0]);
    const base = args?.namedChild(helper[1]);
    if (child?.type === "identifier" && (base?.type === "identifier" || base?.type === "member_expression")) inherit(ctx, child, base);
    return;
  }
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
    if (specs !== null) {
      for (const spec of specs) {
        facts.imports.push({ scope: ctx.scope(call), spec, line: line(call), names: [] });
        // (`require`, not `import()`: the "require" condition of the package's "exports" answers it.)
        if (type === "identifier" && !(facts.jsRequired ??= []).includes(spec) && facts.jsRequired.length < 200) facts.jsRequired.push(spec);
      }
    }
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

/**
 * `C.prototype = Object.create(P.prototype)`, `Object.setPrototypeOf(C.prototype, P.prototype)` or
 * `C.prototype.__proto__ = P.prototype` (`C.prototype = new P()` is not read) on two names.
 */
const PROTOTYPE_LINK = /([\w$]+)\.prototype\s*=\s*Object\.create\(\s*([\w$]+)\.prototype\s*[,)]|Object\.setPrototypeOf\(\s*([\w$]+)\.prototype\s*,\s*([\w$]+)\.prototype\s*\)|([\w$]+)\.prototype\.__proto__\s*=\s*([\w$]+)\.prototype\b/;
const NO_HELPER = new Map<string, [number, number] | null>();

/**
 * The parameter positions (child, parent) of a function of the file named `name`, visible at the
 * call, whose body links its parameters' prototypes (PROTOTYPE_LINK); null for anything else.
 * Read only in files that write such a link, once per name (bounded: the function's first 4,000
 * characters).
 */
function inheritsHelper(ctx: Ctx, call: Node, name: string): [number, number] | null {
  if (ctx.inheritsHelpers === undefined) {
    const root = call.tree.rootNode;
    ctx.inheritsHelpers = /Object\.create\(|setPrototypeOf\(|\.__proto__/.test(root.text) ? new Map() : NO_HELPER;
  }
  if (ctx.inheritsHelpers === NO_HELPER) return null;
  const known = ctx.inheritsHelpers.get(name);
  if (known !== undefined) return known;
  let found: [number, number] | null = null;
  const { defs } = ctx.facts;
  const def = visibleFunction(defs, ctx.scope(call), name);
  const d = def >= 0 ? defs[def]! : null;
  if (d && d.kind === "function" && d.params && d.params.length >= 2) {
    const node = call.tree.rootNode.descendantForIndex(d.start);
    let fn: Node | null = node;
    while (fn && fn.startIndex === d.start && fn.type !== "function_declaration" && fn.type !== "function_expression" && fn.type !== "arrow_function") fn = fn.parent;
    const text = fn && fn.startIndex === d.start ? fn.text.slice(0, 4000) : "";
    const m = PROTOTYPE_LINK.exec(text);
    const [c, b] = m ? (m[1] ? [m[1], m[2]] : m[3] ? [m[3], m[4]] : [m[5], m[6]]) : [];
    const child = c ? d.params.find((p) => p.name === c && p.path.length === 0) : undefined;
    const parent = b ? d.params.find((p) => p.name === b && p.path.length === 0) : undefined;
    if (child && parent) found = [child.index, parent.index];
  }
  if (ctx.inheritsHelpers.size < 64) ctx.inheritsHelpers.set(name, found);
  return found;
}

/** Every member of what `ref` names (`Object.values(o)` reads them so too: refs-js.ts). */
export function membersOf(ref: Ref | null): Ref | null {
  return ref && { root: ref.root, path: [...ref.path, MEMBERS] };
}

/** Members `keys` of what `ref` names: either of them. */
export function keysOf(ref: Ref | null, keys: string[]): Ref | null {
  return ref && { root: { t: "union", refs: keys.map((k) => ({ root: ref.root, path: [...ref.path, k] })) }, path: [] };
}

/**
 * An argument `o[k]` or `o[k].bind(x)` in `for (const k of ["a", "b"])`: o.a or o.b (bound), as
 * the callee `o[k]()` reads (forOfKeys); null for anything else.
 */
export function loopKeyed(ctx: Ctx, node: Node, type: string): Ref | null {
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
export function eachMemberCall(ctx: Ctx, callee: Node): Ref | null {
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
export function computedCall(ctx: Ctx, call: Node, callee: Node): void {
  const index = field(callee, "index");
  if (!index || stringLiteral(index) !== null || index.type === "number" || constKey(index) !== null) return;
  if (index.type === "ternary_expression" && ternaryKeys(index) !== null) return;
  ctx.later.add(index.startIndex, () => {
    const object = field(callee, "object");
    const obj = object && ctx.ref(object);
    ctx.facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(call.text), kind: "attribute", ...(obj ? { obj } : {}) });
  });
}

/**
 * `list.push(f)` / `this.jobs.push(f)` (`set.add(f)`, `map.set(k, f)`): f becomes an item of what
 * the receiver names, so `list.forEach((g) => g())`, `this.jobs[0]()` or `map.get(k)()` finds it.
 */
export function storedItems(ctx: Ctx, call: Node, ref: Ref | null, refs: (Ref | null)[], args: Node[]): void {
  // `Array.prototype.push.apply(list, more)` (`[].push.apply`): more's items pushed onto list, as `list.push(...more)` (J29).
  // (`list.push.apply(list, more)` of the list itself too; `Array.prototype.push.call(list, f)`:
  // f pushed onto list, as `list.push(f)`.)
  const via = ref && refs.length >= 2 && refs[0] && ref.path.length >= 2 && ref.path.at(-2) === "push" ? ref.path.at(-1) : undefined;
  if ((via === "apply" || via === "call") && (refs.length === 2 || via === "call") && (refs[1] || via === "call") &&
    ((ref!.root.t === "name" && ref!.root.name === "Array" && ref!.path.length === 3 && ref!.path[0] === "prototype") || (ref!.root.t === "items" && ref!.path.length === 2) ||
      (ref!.root.t === "name" && ref!.path.length === 2 && refs[0]!.root.t === "name" && refs[0]!.root.name === ref!.root.name && refs[0]!.path.length === 0))) {
    const onto: Ref = { root: refs[0]!.root, path: [...refs[0]!.path, "push"] };
    return storedItems(ctx, call, onto, via === "apply" ? [anyItem(refs[1]!)] : refs.slice(1), args.slice(1));
  }
  const which = ref && ref.path.length > 0 ? JS_STORING.get(ref.path[ref.path.length - 1]!) : undefined;
  if (which === undefined || !ref) return;
  // `topics[topic].push(fn)` where every call passes topic the same literal: `topics.login.push(fn)`
  // (a union of such keyed reads, refs-js.ts): each as written so.
  if (ref.root.t === "union" && ref.path.length === 1) {
    for (const r of ref.root.refs.slice(0, 8)) {
      if (r.root.t !== "union" && r.path.length === 1) storedItems(ctx, call, { root: r.root, path: [...r.path, ref.path[0]!] }, refs, args);
    }
    return;
  }
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
    if (r !== null && (which === -1 || i === which || (which === -3 && i >= 2))) stored.push({ key, ref: r });
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
    // `topics[topic].push(fn)` on `const topics = {}`: any member the literal lacks may be a list
    // holding fn, as for `topics[topic] = fn` (facts-js-objects.ts; `topics[t].forEach(f => f())`).
    if ((ctx.objAssigns?.length ?? 0) < 256) (ctx.objAssigns ??= []).push({ scope, object: [ref.root.name], name: "[*]", value, from: line(call), to: line(call) });
  }
  else if (ref.root.t === "name" && ref.path.length === 2 && !ref.path[0]!.startsWith("[")) {
    // `Registry.handlers.set(k, f)` on a class of the file: its static field's items.
    const cls = visibleClass(ctx.facts.defs, scope, ref.root.name);
    if (cls >= 0) addAttr(ctx.facts, cls, ref.path[0]!, { scope, ref: value });
    // `t.subs.push(f)` of `const t = new Temp()` (or an object literal): the items of the
    // attribute its class reads as `this.subs`, set from outside as `t.subs = [f]` would be.
    else if (ref.root.name !== "this" && (ctx.objAssigns?.length ?? 0) < 256) {
      (ctx.objAssigns ??= []).push({ scope, object: [ref.root.name], name: ref.path[0]!, value, from: line(call), to: line(call) });
    }
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

/** `f.call(obj)`, `f.apply(obj, args)`, `f.bind(obj)` of a plain name or of `C.prototype.m`. */
export const THIS_ARG = /^[\w$]+(?:\.prototype\.[\w$]+)?\.(?:call|apply|bind)$/;
/** React hooks whose last argument is a dependency list (`useEffect(f, [a, b])`), not callbacks. */
export const REACT_DEPS_HOOK = /^(?:React\.)?use(?:Effect|LayoutEffect|InsertionEffect|Callback|Memo|ImperativeHandle)$/;

/**
 * `f.call(obj, ...)` / `f.apply(obj, ...)` / `f.bind(obj)` of a function f of the file: `this` in f
 * may be obj, kept as f's binding of the name `this` (no identifier has it), read where `this` is
 * resolved in f (resolve.ts).
 */
export function thisArgument(ctx: Ctx, call: Node, calleeText: string, obj: Ref | null | undefined): boolean {
  if (!obj) return true;
  const scope = callScope(ctx, call);
  const name = calleeText.slice(0, calleeText.lastIndexOf("."));
  // `Greeter.prototype.greet.apply(target)`: the function assigned there.
  const fn = name.includes(".") ? ctx.facts.defs.findIndex((d) => d.name === name && (d.kind === "function" || d.kind === "method")) : visibleFunction(ctx.facts.defs, scope, name);
  if (fn >= 0) addTo(ctx.facts.bindings, fn, "this", { root: { t: "scoped", scope, ref: obj }, path: [] });
  // `function invoke(fn, ctx) { fn.call(ctx, 1) }`: what the file's calls of invoke pass as fn
  // (functions of the file by name) get what they pass as ctx (paramThis, below).
  // (`fn.apply(ctx, args)` and `Reflect.apply(fn, ctx, args)` likewise; what the callee resolves to
  // outside the file's calls keeps its answer from thisGivenOutside too.)
  else if (!name.includes(".") && (calleeText.endsWith(".call") || calleeText.endsWith(".bind") || calleeText.endsWith(".apply"))) {
    const { defs } = ctx.facts;
    for (let s = scope; s >= 0; s = defs[s]!.parent) {
      const param = defs[s]!.params?.find((p) => p.name === name && p.path.length === 0 && !p.star);
      if (param) {
        if ((ctx.paramThis ??= []).length < 32) ctx.paramThis.push({ def: s, index: param.index, scope, obj });
        return !calleeText.endsWith(".apply");
      }
      if (defs[s]!.kind !== "function" && defs[s]!.kind !== "method") break;
    }
    return false;
  }
  return fn >= 0;
}

/**
 * `f.call(obj)` / `f.apply(obj)` / `f.bind(obj)` of what the file cannot name as one of its
 * functions (`const f = counter.bump; f.call(other)`, `Shape.prototype.describe.call(rect)` of a
 * class method, `new Printer().print` bound to a Screen): `this` in the function (or method) f
 * resolves to may be obj, kept as an attribute set from outside under THIS_GIVEN on f's def
 * (resolve.ts reads it where `this` is resolved in that def). Bounded like every objAttrs fact.
 */
export function thisGivenOutside(ctx: Ctx, call: Node, calleeRef: Ref, obj: Ref | null | undefined): void {
  const last = calleeRef.path.at(-1);
  if (!obj || calleeRef.path.length === 0 || (last !== "call" && last !== "apply" && last !== "bind")) return;
  // (`a.who.bind(a).bind(b)`, `f.bind(a).call(b)`: a bound function keeps the `this` it was bound to.)
  if (calleeRef.path.length === 1 && calleeRef.root.t === "call" && calleeRef.root.callee.path.at(-1) === "bind") return;
  const facts = ctx.facts;
  if ((facts.objAttrs?.length ?? 0) >= 256) return;
  (facts.objAttrs ??= []).push({ scope: callScope(ctx, call), obj: { root: calleeRef.root, path: calleeRef.path.slice(0, -1) }, name: THIS_GIVEN, value: obj });
}

/**
 * paramThis: for each call `invoke(greet, speaker)` of the file (by the function's name, visible
 * there) whose argument at fn's place is a function of the file, `this` in that function may be
 * what `fn.call(obj)` passes: the call's argument at obj's place when obj is a parameter of invoke,
 * else obj as read in invoke.
 */
export function paramThisBindings(ctx: Ctx): void {
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

/** `xs.forEach(function (x) { this.m(x); }, obj)`: `this` in the function literal is obj. */
export function iterationThis(ctx: Ctx, call: Node, fn: Ref | null | undefined, obj: Ref | null | undefined): void {
  if (!obj || fn?.root.t !== "def" || fn.path.length > 0) return;
  const def = ctx.defIndex.get(fn.root.start);
  if (def !== undefined) addTo(ctx.facts.bindings, def, "this", { root: { t: "scoped", scope: callScope(ctx, call), ref: obj }, path: [] });
}

/**
 * `Function.prototype.twice = function () { this(); }` of the file, then `ping.twice()` with ping a
 * function of the file (a name bound to its definition where the call is): `this` in twice is ping
 * (resolve-members.ts reads twice as ping's member). Same-file only, at most 8 such methods and 64 calls.
 */
export function functionPrototypeCalls(ctx: Ctx): void {
  const { defs, calls } = ctx.facts;
  let methods: Map<string, number> | null = null;
  for (const d of defs) {
    if (d.parent !== -1 || d.kind !== "function" || !d.name.startsWith("Function.prototype.")) continue;
    const name = d.name.slice("Function.prototype.".length);
    if (!/^[\w$]+$/.test(name) || name === "call" || name === "apply" || name === "bind") continue;
    (methods ??= new Map()).set(name, d.start);
    if (methods.size >= 8) break;
  }
  if (!methods) return;
  let done = 0;
  for (const c of calls) {
    if (c.ref.root.t !== "name" || c.ref.path.length !== 1) continue;
    const start = methods.get(c.ref.path[0]!);
    if (start === undefined) continue;
    const fn = c.ref.root.name;
    const bound = boundAround(ctx.facts, c.scope, fn) ?? [];
    if (!bound.some((b) => b.root.t === "def" && b.path.length === 0 && defs[ctx.defIndex.get(b.root.start) ?? -1]?.kind === "function")) continue;
    if (++done > 64 || (ctx.facts.objAttrs?.length ?? 0) >= 256) return;
    (ctx.facts.objAttrs ??= []).push({ scope: c.scope, obj: { root: { t: "def", start }, path: [] }, name: THIS_GIVEN, value: { root: { t: "name", name: fn }, path: [] } });
  }
}
