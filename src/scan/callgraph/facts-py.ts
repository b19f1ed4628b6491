// Python-specific facts that the shared extractor (facts.ts) hands over: call arguments,
// parameters, returns, decorators, loop and tuple bindings, `global`/`nonlocal`, and dynamic
// constructs. Everything stays plain data (Refs) for the project-wide resolver.
import type { Arg, CallFact, FactsDraft } from "./fact-types.ts";
import { ALL_OPEN } from "./fact-types.ts";
import { cap, type Caps, has } from "./captures.ts";
import type { Node } from "web-tree-sitter";
import { PY_BUILTINS } from "./builtins-py.ts";
import { anyItem, holding, type Ref, type Root, stringLiteral } from "./ref-types.ts";
import { addTo, addToList, clip, namesWord } from "./fact-text.ts";
import { endRowOf, lineOf as line } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { dictItemsCall, importModuleSpec, pyDunderImportNames, pyImportModuleNames, pyKey, pyLoopStrings, pyStaticString } from "./refs-py-strings.ts";
import { attrAssign, augmented, closureOf, setterValue, dictUpdate, HEAP_PUSH, itemAssign, nestedDictUpdate, paramItemStores, type ParamStore, PY_EMPTY, storedItem, storeItems, STORING } from "./facts-py-stores.ts";
import { addField, allNames, argumentList, boundName, type Kill, MAX_ARGS, pyCalleeNames, type PyCtx } from "./facts-py-ctx.ts";
import { getterRead } from "./fact-ctx.ts";
import { addKill, asOf, attrKills, branchKills, callKills, itemKills, killed, lastBefore, lastKill, nameCalls, outside, paramRead, priorOf, selfKills, valueKills } from "./facts-py-kills.ts";
import { beginPyFlow, pyStraight } from "./facts-py-flow.ts";
import { classKeywords, decorators, descriptorGetters, descriptors, dispatchRegisterCalls, enumMemberInits, metaInits, params, protocolCalls, subclassHooks } from "./facts-py-classes.ts";
import { matchCases } from "./facts-py-match.ts";

/**
 * This file's argument lists by their text: the same text gives equal arguments unless it holds
 * a lambda (a definition, known by its position) or a parse error, so those lists are made once
 * and the encoder meets their repeats by identity. Never changed once made (applyScopeStatements
 * replaces a list rather than edit it).
 */
let argsByText = new Map<string, Arg[]>();

/** A new file: its argument lists are its own. */
export function beginPyFile(): void {
  argsByText = new Map();
  beginPyFlow();
}

/** Positional and keyword arguments of a call; `*xs`/`**kw` are kept as unknown (null ref). */
export function pyArgs(call: Node, ref: (n: Node, type?: string) => Ref | null): Arg[] {
  const list = field(call, "arguments");
  if (!list || list.type !== "argument_list") return [];
  const text = list.text;
  const known = argsByText.get(text);
  if (known !== undefined) return known;
  const out = readArgs(list, ref);
  if (!text.includes("lambda") && !list.hasError) argsByText.set(text, out);
  return out;
}

function readArgs(list: Node, ref: (n: Node, type?: string) => Ref | null): Arg[] {
  const out: Arg[] = [];
  for (const a of list.namedChildren) {
    if (!a || out.length >= MAX_ARGS) break;
    const type = a.type;
    if (type === "comment") continue;
    if (type === "keyword_argument") {
      const name = field(a, "name")?.text ?? null;
      const value = field(a, "value");
      out.push({ name, ref: value ? ref(value) : null });
    } else if (type === "list_splat" || type === "dictionary_splat") {
      const inner = a.namedChild(0);
      out.push({ name: type === "list_splat" ? "*" : "**", ref: inner ? ref(inner) : null });
    } else out.push({ name: null, ref: ref(a, type) });
  }
  return out;
}

/** Names bound by an assignment target, with the item path that picks their part of the value. */
function targets(node: Node, path: string[], out: [string, string[]][], depth = 0, others?: [Node, string[]][]): void {
  if (depth > 8 || out.length > MAX_ARGS) return;
  const type = node.type;
  if (type === "identifier") out.push([node.text, path]);
  // `o.x, d["k"] = f, g`: parts for `attrAssign` / `itemAssign` (not at the top: those have patterns of their own).
  else if ((type === "attribute" || type === "subscript") && others && depth > 0 && others.length < MAX_ARGS) others.push([node, path]);
  // (`with m as (a, b)`: a tuple or list expression as the target.)
  else if (type === "pattern_list" || type === "tuple_pattern" || type === "list_pattern" || type === "tuple" || type === "list") {
    const children = node.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    let i = 0;
    let afterSplat = false;
    for (const c of children) {
      // `a, *rest, z = xs`: rest is the slice xs[1:-1], and the targets after it count from
      // the end (z is xs[-1]).
      if (c.type === "list_splat_pattern") {
        const inner = c.namedChild(0);
        const after = children.length - i - 1;
        if (inner?.type === "identifier") out.push([inner.text, [...path, `[${i}:${after > 0 ? -after : ""}]`]]);
        i++;
        afterSplat = true;
        continue;
      }
      targets(c, [...path, afterSplat ? `[${i - children.length}]` : `[${i}]`], out, depth + 1, others);
      i++;
    }
  }
}

/**
 * Calls told by their callee, which the call handler has read, as grammars/python/callees.scm's
 * patterns say: `eval`/`exec`/`compile` (dynamic code), an import function (a module loaded by
 * name: an import when the name is a literal, dynamic code otherwise), `getattr`/`setattr` with a
 * computed name (a dynamic attribute) and `d.update({"k": f})` (items of the dict named d). Run by
 * the engine, those patterns made a match of every call of a plain name (or attribute) for
 * JavaScript to reject.
 * `name`: the callee's text when it is a name; `type`: the callee's type.
 */
export function pyNamedCall(call: Node, type: string, name: string | undefined, callee: Ref | null, ctx: PyCtx): void {
  const { facts } = ctx;
  // `super().__call__(...)` in a `__call__` (a metaclass's: it creates the instance, resolve.ts `calleeDefs`).
  if (callee?.root.t === "super" && callee.path.length === 1 && callee.path[0] === "__call__") {
    const scope = ctx.scope(call);
    const d = facts.defs[scope];
    if (d?.name === "__call__") {
      d.superCall = true;
      (ctx.superCalls ??= []).push({ def: scope, line: line(call) });
    }
  }
  // `methodcaller("run")(obj)`: obj.run(), charged to the caller (before the call's own fact,
  // which facts.ts gives its arguments next).
  if (type === "call" && callee !== null && call.type === "call") methodcallerCalled(call, ctx);
  const names = pyCalleeNames();
  if (name !== undefined && names.eval.has(name)) {
    // Reported where the callee is, which starts the call.
    if (call.type === "call") dynamicSite(ctx, call, call.startIndex, "eval");
    return;
  }
  if (name !== undefined && names.attr.has(name)) {
    // `(argument_list . (_) . (_))`: the first two named children, whatever they are.
    const args = call.type === "call" ? argumentList(call) : null;
    const attr = args?.namedChild(1);
    const literal = attr ? stringLiteral(attr) : null;
    // (`for name in ("save", "load"): setattr(cls, name, wrap(getattr(cls, name)))`: each name.)
    const looped = attr && literal === null && (name === "getattr" || (name === "setattr" && args!.namedChildCount === 3)) ? pyLoopStrings(attr) : null;
    if (attr && literal === null && !looped) {
      const object = name === "getattr" ? args!.namedChild(0) : null;
      dynamicSite(ctx, call, attr.startIndex, "attribute", object && object.type !== "keyword_argument" ? ctx.ref(object) : null);
    }
    // `setattr(o, "name", v)` is `o.name = v`.
    else if (name === "setattr" && (literal !== null || looped) && args!.namedChildCount === 3) {
      const obj = ctx.ref(args!.namedChild(0)!);
      const value = ctx.ref(args!.namedChild(2)!);
      // (`for name, fn in [("a", on_a), ("b", on_b)]: setattr(h, name, fn)`: each name its own pair's value.)
      const paired = looped ? loopPairValues(attr!, args!.namedChild(2)!, looped.length, ctx) : null;
      for (let i = 0; i < (looped ?? [literal!]).length; i++) {
        const n = (looped ?? [literal!])[i]!;
        const v = paired ? paired[i]! : value;
        if (obj && v && /^[A-Za-z_]\w*$/.test(n)) {
          (facts.objAttrs ??= []).push({ scope: ctx.scope(call), obj, name: n, value: v });
          // (Our setter of that name, if any, gets v: `setterStores`.)
          if (setterValue(v)) (ctx.setterStores ??= []).push({ scope: ctx.scope(call), obj, attr: n, value: v, line: line(call) });
          // (A literal name on a plain name replaces the attribute as `o.name = v` does: attrKills,
          // `dynamic/q7_setattr_literal_name_replaces_method`.)
          const objNode = args!.namedChild(0)!;
          if (!looped && objNode.type === "identifier" && objNode.text !== "self") {
            const scope = ctx.scope(call);
            (ctx.attrWrites ??= []).push({ scope, name: objNode.text, attr: n, ref: v, line: line(call), always: pyStraight(call, facts, scope, true) });
          }
        }
      }
    }
    return;
  }
  // `d["k"].update({...})`: items of d["k"] (a literal key, d a name).
  if (type === "attribute" && callee?.root.t === "name" && callee.path.length === 2 && callee.path[1] === "update" && callee.path[0]!.startsWith("[") &&
    callee.path[0] !== "[*]" && !callee.path[0]!.includes(":") && call.type === "call") {
    nestedDictUpdate(call, callee.root.name, callee.path[0]!, ctx);
    return;
  }
  if (type === "attribute" && callee && callee.path.length === 1 && names.update.has(callee.path[0]!)) {
    // The callee's object is a name (`self` and `cls` are refs of their own): `d.update(...)`.
    const root = callee.root;
    const target = root.t === "name" ? root.name : root.t === "this" ? "self" : root.t === "cls" ? "cls" : null;
    if (target !== null && call.type === "call") dictUpdate(call, target, ctx);
    return;
  }
  if (type === "attribute" && callee && call.type === "call" && STORING.has(callee.path.at(-1)!)) {
    // `__all__.extend(["b"])` / `__all__.append("b")`: more names `from m import *` takes.
    const method = callee.path[0];
    if (callee.root.t === "name" && callee.path.length === 1 && names.all.has(callee.root.name) && (method === "extend" || method === "append")) {
      const arg = argumentList(call)?.namedChild(0);
      if (arg && method === "extend") allNames(ctx, arg);
      else if (arg) ctx.facts.allNames = [...(ctx.facts.allNames ?? []), stringLiteral(arg) ?? ALL_OPEN];
    } else storedItem(call, callee, ctx);
  }
  // `heapq.heappush(h, x)` (`heappush` imported too): x becomes an item of the list h, as `h.append(x)`.
  if (call.type === "call" && callee?.root.t === "name" && (callee.root.name === "heapq" ? callee.path.length === 1 && HEAP_PUSH.has(callee.path[0]!) : callee.path.length === 0 && HEAP_PUSH.has(callee.root.name))) {
    const args = argumentList(call);
    const h = args?.namedChildCount === 2 && args.namedChild(0)!.type !== "keyword_argument" ? ctx.ref(args.namedChild(0)!) : null;
    const x = h && args!.namedChild(1)!.type !== "keyword_argument" && args!.namedChild(1)!.type !== "list_splat" ? ctx.ref(args!.namedChild(1)!) : null;
    if (h && x && x.root.t !== "str") storeItems(ctx, ctx.scope(call), { root: h.root, path: [...h.path, "append"] }, x, line(call));
  }
  // `d.setdefault("k", f)`: f is one of d["k"]'s values (the one a missing key gets).
  if (type === "attribute" && callee?.root.t === "name" && callee.path.length === 1 && callee.path[0] === "setdefault" && call.type === "call") {
    const args = argumentList(call);
    const v = args?.namedChildCount === 2 ? args.namedChild(1)! : null;
    const value = v && v.type !== "keyword_argument" && !(PY_EMPTY.has(v.type) && v.namedChildCount === 0) ? ctx.ref(v) : null;
    const k = value && value.root.t !== "str" ? pyKey(args!.namedChild(0)!) : undefined;
    if (value && k !== undefined) ctx.items.push({ scope: ctx.scope(call), name: callee.root.name, key: `[${k ?? "*"}]`, ref: value, line: line(call), always: false });
  }
  if (type === "attribute" && callee?.root.t === "name" && callee.path.length === 1 && callee.path[0] === "send" && call.type === "call") {
    const args = argumentList(call);
    const value = args?.namedChildCount === 1 && args.namedChild(0)!.type !== "keyword_argument" ? ctx.ref(args.namedChild(0)!) : null;
    if (value) (ctx.sends ??= []).push({ scope: ctx.scope(call), name: callee.root.name, value, line: line(call) });
  }
  // `map(methodcaller("m"), xs)`, `sorted(xs, key=methodcaller("m"))`: m of each of xs's items.
  if ((name === "map" || name === "filter" || name === "sorted" || name === "min" || name === "max") && call.type === "call") methodcallerOver(call, name, ctx);
  // `module.function(x)`: any @load.module with any @load.function, which is exact while
  // callees.scm has one such pattern.
  const importing = name !== undefined
    ? names.load.has(name)
    : callee?.root.t === "name" && names.loadModule.has(callee.root.name) && callee.path.length === 1 && names.loadFunction.has(callee.path[0]!);
  // `runpy.run_module("tool")` / `runpy.run_path("tools/build.py")` without `run_name="__main__"`:
  // the module runs as one a file imports does, its `if __name__ == "__main__":` block not (pycg.ts).
  if (!importing && call.type === "call" && callee?.root.t === "name" && callee.root.name === "runpy" && callee.path.length === 1 &&
    (callee.path[0] === "run_module" || callee.path[0] === "run_path")) return runpyImport(call, callee.path[0], ctx);
  if (!importing || call.type !== "call") return;
  // The first argument as `(argument_list . (_))` takes it: the first named child, whatever it is.
  const args = argumentList(call);
  const first = args?.namedChild(0);
  if (!first) return;
  // import_module's relative names are relative to its package argument, not to this file.
  const literal = pyStaticString(first);
  const spec = literal !== null && literal.startsWith(".") && name !== "__import__" ? importModuleSpec(args!) : literal;
  if (spec !== null) facts.imports.push({ scope: ctx.scope(call), spec, line: line(call), names: [] });
  else {
    // `for name in ("plugins.a", "plugins.b"): import_module(name)`: both are imported.
    // `def load(name): return import_module(name)` called with literals: those modules, and the
    // site stays dynamic (a caller the file does not hold may pass another name).
    // (`import_module(f"exporters.{name}")` / `"exporters." + name` likewise: the wrapped names.)
    const named = name !== "__import__" ? pyImportModuleNames(args!) : pyDunderImportNames(args!);
    for (const m of named?.names ?? []) facts.imports.push({ scope: ctx.scope(call), spec: m, line: line(call), names: [] });
    if (!named || named.param) dynamicSite(ctx, call, first.startIndex);
  }
}

/**
 * `runpy.run_module(name)` / `runpy.run_path("a/b.py")` with a literal and no `run_name="__main__"`
 * (keyword, or third positional): an import of that module (`a.b`), whose main block then does not
 * run. With that run_name it runs as a script, as every file no one imports already does. (Not a
 * package's `__main__`, which run_module runs of one: from facts we cannot tell a package from a
 * module, and an import of `tool.__main__` for a module tool.py would name a package of PyPI's.)
 */
function runpyImport(call: Node, fn: string, ctx: PyCtx): void {
  const args = argumentList(call);
  const first = args?.namedChild(0);
  const literal = first && first.type !== "keyword_argument" ? pyStaticString(first) : null;
  if (literal === null) return;
  const third = args!.namedChild(2);
  if (third && third.type !== "keyword_argument" && stringLiteral(third) === "__main__") return;
  for (const a of args!.namedChildren) {
    const value = a?.type === "keyword_argument" && field(a, "name")?.text === "run_name" ? field(a, "value") : null;
    if (value && stringLiteral(value) === "__main__") return;
  }
  const path = fn === "run_path" ? /^(?:\.\/)?([A-Za-z_]\w*(?:\/[A-Za-z_]\w*){0,15})\.py$/.exec(literal) : null;
  const spec = fn === "run_module" ? (/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){0,15}$/.test(literal) ? literal : null) : path ? path[1]!.replace(/\//g, ".") : null;
  if (spec === null) return;
  const scope = ctx.scope(call);
  const at = line(call);
  ctx.facts.imports.push({ scope, spec, line: at, names: [] });
}

/**
 * A dynamic site of pyNamedCall's call, reported at `at`. A function of its own, not an arrow in
 * pyNamedCall: JavaScriptCore made an environment for pyNamedCall's variables at every call.
 */
function dynamicSite(ctx: PyCtx, call: Node, at: number, kind?: "eval" | "attribute", obj?: Ref | null): void {
  ctx.facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(call.text), ...(kind ? { kind } : {}), ...(obj ? { obj } : {}) });
  ctx.dynamicAt.push(at);
}

/**
 * `match op, fn:`'s parts as the items of a tuple, by position. (A function of its own: an arrow in
 * pythonExtraFacts over its `ctx` made JavaScriptCore allocate that function's environment at every match.)
 */
function subjectItems(parts: Node[], ref: (n: Node) => Ref | null): { key: string; ref: Ref }[] {
  const items: { key: string; ref: Ref }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const r = ref(parts[i]!);
    if (r) items.push({ key: `[${i}]`, ref: r });
  }
  return items;
}

/** `operator.methodcaller("m")(obj)` written inline: a call of obj.m (`builtins/methodcaller_called_inline`). */
function methodcallerCalled(call: Node, ctx: PyCtx): void {
  const fn = field(call, "function")!;
  const maker = field(fn, "function")?.text;
  if (maker !== "methodcaller" && maker !== "operator.methodcaller") return;
  const first = argumentList(fn)?.namedChild(0);
  const method = first ? stringLiteral(first) : null;
  const obj = argumentList(call)?.namedChild(0);
  if (method === null || !/^[A-Za-z_]\w*$/.test(method) || !obj || obj.type === "keyword_argument" || obj.type === "list_splat" || obj.type === "dictionary_splat") return;
  const ref = ctx.ref(obj);
  const calls = ctx.facts.calls;
  if (ref) calls.splice(calls.length - 1, 0, { scope: ctx.scope(call), ref: { root: ref.root, path: [...ref.path, method] }, line: line(call), kind: "call", args: [] });
}

/**
 * `map(methodcaller("m"), xs)` / `filter(...)` and `sorted(xs, key=methodcaller("m"))` / min /
 * max (the methodcaller written there, or a name this scope binds to one): the call of m on an
 * item of xs, charged to the caller, as a function handed to a builtin is.
 */
function methodcallerOver(call: Node, name: string, ctx: PyCtx): void {
  const args = argumentList(call);
  if (!args || args.namedChildCount < 1 || args.namedChildCount > 3) return;
  const mapping = name === "map" || name === "filter";
  let fn: Node | null = null;
  let xs: Node | null = null;
  for (const a of args.namedChildren) {
    if (!a) continue;
    if (a.type === "keyword_argument") {
      if (!mapping && field(a, "name")?.text === "key") fn = field(a, "value");
    } else if (mapping && !fn) fn = a;
    else if (!xs) xs = a;
  }
  if (!fn || !xs || xs.type === "list_splat") return;
  const scope = ctx.scope(call);
  let method: string | null = null;
  if (fn.type === "call") {
    const maker = field(fn, "function")?.text;
    const first = maker === "methodcaller" || maker === "operator.methodcaller" ? argumentList(fn)?.namedChild(0) : null;
    method = first ? stringLiteral(first) : null;
  } else if (fn.type === "identifier") {
    const mc = ctx.methodCallers?.find((m) => m.scope === scope && m.name === fn!.text);
    method = mc && ctx.facts.bindings.get(scope)?.get(mc.name)?.length === 1 ? mc.method : null;
  }
  if (method === null || !/^[A-Za-z_]\w*$/.test(method)) return;
  const items = ctx.ref(xs);
  if (!items) return;
  const r = anyItem(items);
  ctx.facts.calls.push({ scope, ref: { root: r.root, path: [...r.path, method] }, line: line(call), kind: "call", args: [] });
}

/**
 * Dynamic facts in the order the query reported them: by where each was reported (the handler
 * finds some before facts found inside their call, `getattr(eval(s), n)`); a stable sort keeps
 * facts reported at one node in the order they were found, an outer call's first.
 */
export function pyDynamicOrder(ctx: PyCtx): void {
  const at = ctx.dynamicAt;
  let sorted = true;
  for (let i = 1; i < at.length && sorted; i++) sorted = at[i - 1]! <= at[i]!;
  if (sorted) return;
  const order = at.map((_, i) => i).sort((a, b) => at[a]! - at[b]! || a - b);
  const facts = ctx.facts.dynamic;
  const copy = [...facts];
  order.forEach((from, to) => (facts[to] = copy[from]!));
}

/**
 * What a Python `name = value` does besides binding the name (facts.ts binds it next), told by the
 * name and the value's type the binding code reads anyway: patterns of their own kept more query
 * states per assignment. `f = wrap(f)`: the f inside the right-hand side is the f from before
 * (counted before this binding is added). `__all__ = [...]`: what `from m import *` takes.
 */
export function pyAssignment(ctx: PyCtx, assignment: Node, name: string, value: Node, valueType: string): void {
  const { facts } = ctx;
  if (valueType === "identifier" || valueType === "call") classOuterRead(ctx, assignment, name, value, valueType);
  if (valueType === "call") {
    const scope = ctx.scope(assignment);
    const count = facts.bindings.get(scope)?.get(name)?.length ?? 0;
    const fn = field(value, "function");
    const maker = fn?.text;
    if (maker === "methodcaller" || maker === "operator.methodcaller") {
      const first = argumentList(value)?.namedChild(0);
      const method = first ? stringLiteral(first) : null;
      if (method !== null && /^[A-Za-z_]\w*$/.test(method)) (ctx.methodCallers ??= []).push({ scope, name, method });
    }
    if (count > 0) ctx.rebinds.push({ scope, name, from: line(value), to: endRowOf(value) + 1, count });
    // `name = Field()` in a class body: creating the class calls the value's `__set_name__` (ours only).
    if (facts.defs[scope]?.kind === "class") {
      if (fn?.type === "identifier") (ctx.classAttrs ??= []).push({ scope, name, index: count, cls: maker! });
      // `name = property(getter, ...)`: a read of name runs that method of the class, as with @property.
      // (`property(fget=getter)` too.)
      let first = fn?.type === "identifier" && maker === "property" ? argumentList(value)?.namedChild(0) : null;
      if (first?.type === "keyword_argument") {
        const fget = argumentList(value)!.namedChildren.find((a) => a?.type === "keyword_argument" && field(a, "name")?.text === "fget");
        first = fget ? field(fget, "value") : null;
      }
      if (first?.type === "identifier") {
        // (Or a function of the module's top taking self: `logger = property(get_logger, set_logger)`.)
        let getter = facts.defs.findIndex((d) => d.parent === scope && d.kind === "method" && d.name === first.text);
        if (getter < 0) getter = facts.defs.findIndex((d) => d.parent === -1 && d.kind === "function" && d.name === first.text);
        if (getter >= 0) Object.assign(facts.defs[getter]!, { getter: true, prop: name });
      }
      // `task = property(get_task, set_task)` (or `fset=set_task`): `o.task = f` gives f to that
      // method of the class, as to a `@task.setter` (flow.ts pySetterValues).
      const args = fn?.type === "identifier" && maker === "property" ? argumentList(value) : null;
      let second = args?.namedChild(1) ?? null;
      if (args && (second === null || second.type === "keyword_argument" || args.namedChild(0)?.type === "keyword_argument")) {
        const fset = args.namedChildren.find((a) => a?.type === "keyword_argument" && field(a, "name")?.text === "fset");
        second = fset ? field(fset, "value") : null;
      }
      if (second?.type === "identifier") {
        const setter = facts.defs.findIndex((d) => d.parent === scope && d.kind === "method" && d.name === second.text);
        if (setter >= 0 && !facts.defs[setter]!.getter && !facts.defs[setter]!.setter) Object.assign(facts.defs[setter]!, { setter: true, prop: name });
      }
      if (first?.type === "lambda") {
        // `helper = property(lambda self: Helper())`: the lambda is the getter.
        const start = first.startIndex;
        const getter = facts.defs.findIndex((d) => d.start === start);
        if (getter >= 0) Object.assign(facts.defs[getter]!, { getter: true, prop: name });
      }
      const made = ctx.ref(value, valueType);
      // (`__set_name__(self, owner, name)`: owner is the class being made: `owner.register(name)`.)
      const owner: Arg = { name: null, ref: { root: { t: "def", start: facts.defs[scope]!.start }, path: [] } };
      if (made) protocolCalls(facts, scope, line(assignment), made, "__set_name__", null, [owner, { name: null, ref: null }]);
    }
  } else if (valueType === "yield") {
    // `x = yield ...` in a generator: x is what callers send (`sentValues`), a parameter of the
    // generator's that no call fills by position.
    const scope = ctx.scope(assignment);
    const d = facts.defs[scope];
    if (d && d.kind !== "class") addTo(facts.bindings, scope, name, { root: { t: "param", def: d.start, index: -1, name: SENT }, path: [] });
  } else if (pyCalleeNames().all.has(name)) allNames(ctx, value);
}

/**
 * `parse = staticmethod(parse)`, `build = classmethod(build)`, `render = render` in a class body
 * that binds the name nowhere before: the class namespace has no such name yet when the right-hand
 * side runs, so the name there is the enclosing scope's (the module's function), not the class
 * attribute being bound (`classes/x9_class_attr_staticmethod_of_same_named_function`); after a
 * `def f` of the class (`f = staticmethod(f)`), the class's earlier f. Only a bare name or a
 * direct argument of the call naming it; rewritten when the file is done (`classOuterReads`).
 */
function classOuterRead(ctx: PyCtx, assignment: Node, name: string, value: Node, valueType: string): void {
  if (valueType === "identifier" ? value.text !== name : !argumentList(value)?.namedChildren.some((a) => a?.type === "identifier" && a.text === name)) return;
  const scope = ctx.scope(assignment);
  if (ctx.facts.defs[scope]?.kind !== "class") return;
  // (A method of that name above it, `def f(x): ...` then `f = staticmethod(f)`: that method.)
  const at = assignment.startIndex;
  let def = -1;
  for (const d of ctx.facts.defs) if (d.parent === scope && d.name === name && d.start < at && d.start > def) def = d.start;
  (ctx.classOuter ??= []).push({ scope, name, count: ctx.facts.bindings.get(scope)?.get(name)?.length ?? 0, def });
}

/**
 * The binding each `classOuter` assignment adds reads the name in the nearest enclosing scope that
 * is no class (none before it in the class), or the class's bindings before it.
 */
function classOuterReads(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const { scope, name, count, def } of ctx.classOuter ?? []) {
    const list = facts.bindings.get(scope)?.get(name);
    if (!list || list.length <= count) continue;
    let outer = facts.defs[scope]!.parent;
    while (outer >= 0 && facts.defs[outer]!.kind === "class") outer = facts.defs[outer]!.parent;
    const read: Ref = def >= 0 ? { root: { t: "def", start: def }, path: [] } : count > 0 ? { root: { t: "prior", scope, name, count }, path: [] } : { root: { t: "scoped", scope: outer, ref: { root: { t: "name", name }, path: [] } }, path: [] };
    const swap = (r: Ref, depth: number): Ref => {
      const root = r.root;
      if (root.t === "name" && root.name === name) return r.path.length === 0 ? read : { root: read.root, path: r.path };
      if (depth >= 3) return r;
      if (root.t === "call" && root.args) {
        const args = root.args.map((a) => (a.ref ? { name: a.name, ref: swap(a.ref, depth + 1) } : a));
        return { root: { ...root, callee: swap(root.callee, depth + 1), args }, path: r.path };
      }
      if (root.t === "call") return { root: { ...root, callee: swap(root.callee, depth + 1) }, path: r.path };
      if (root.t === "union") return { root: { ...root, refs: root.refs.map((x) => swap(x, depth + 1)) }, path: r.path };
      return r;
    };
    (list as Ref[])[count] = swap(list[count]!, 0);
  }
}

/** Literal constants: what `return None` and the like give (no instance of ours). */
const PY_CONSTANTS = new Set(["none", "true", "false", "integer", "float", "string", "concatenated_string"]);

/** Handle one query match of the Python-only captures. Returns false when it was none of them. */
export function pythonExtraFacts(caps: Caps, ctx: PyCtx): boolean {
  const { facts } = ctx;
  const typeOf = cap(caps, "py.typeOf");
  if (typeOf) {
    typeNamespace(typeOf, cap(caps, "py.typeNs")!, ctx);
    return true;
  }
  const baseOf = cap(caps, "py.baseOf");
  if (baseOf) {
    const def = ctx.defIndex.get(baseOf.startIndex);
    const baseNode = cap(caps, "py.base")!;
    if (baseNode.type === "keyword_argument") {
      const value = field(baseNode, "value");
      const meta = field(baseNode, "name")?.text === "metaclass" && value ? ctx.ref(value) : null;
      if (def !== undefined && meta) {
        facts.defs[def]!.meta = meta;
        // Defining the class runs the metaclass's __prepare__, __new__ and __init__ (ours only:
        // protocol calls), given the class statement's other keywords (`class S(metaclass=M, hook=register)`).
        const keywords = classKeywords(baseNode, ctx);
        protocolCalls(facts, facts.defs[def]!.parent, line(baseOf), meta, "__new__", "__init__", keywords);
        protocolCalls(facts, facts.defs[def]!.parent, line(baseOf), meta, "__prepare__", null, keywords);
      }
      return true;
    }
    // `class R(Repository[User])`: a subscripted (generic) base is the class subscripted.
    const plain = baseNode.type === "subscript" ? field(baseNode, "value") ?? baseNode : baseNode;
    const base = ctx.ref(plain);
    if (def !== undefined && base) {
      facts.defs[def]!.bases.push(base);
      // Defining a subclass runs the base's __init_subclass__ (ours only: a protocol call; `subclassHooks`).
      (ctx.subclassBases ??= []).push({ def, line: line(baseOf), base, args: classKeywords(baseNode, ctx) });
    }
    return true;
  }
  const fieldOf = cap(caps, "py.fieldOf");
  if (fieldOf) {
    const def = ctx.defIndex.get(fieldOf.startIndex);
    if (def === undefined) return true;
    const nameNode = cap(caps, "py.field")!;
    const name = nameNode.text;
    const d = facts.defs[def]!;
    addField(d, name);
    // `x: T` / `x: T = v`: in a dataclass or NamedTuple, a parameter of the generated __init__, in
    // order (after its bases' fields: resolve-indexes.ts initFieldsOf()).
    const assignment = nameNode.parent;
    if (d.kind === "class" && assignment && field(assignment, "type") && !(d.initFields ??= []).includes(name) && d.initFields.length < 1024) d.initFields.push(name);
    return true;
  }
  const paramsOf = cap(caps, "py.paramsOf");
  if (paramsOf) {
    params(paramsOf, cap(caps, "py.params")!, ctx);
    return true;
  }
  const yielded = cap(caps, "py.yield");
  const returnsOf = cap(caps, "py.returnsOf") ?? cap(caps, "py.return") ?? yielded;
  if (returnsOf) {
    const valueNode = cap(caps, "py.returns")!;
    const owner = has(caps, "py.returnsOf") ? ctx.defIndex.get(returnsOf.startIndex) : ctx.scope(returnsOf);
    let value = ctx.ref(valueNode);
    // `return self.client` of our property runs its getter (a reference edge: fact-ctx.ts getterRead).
    if (valueNode.type === "attribute") getterRead(ctx, valueNode);
    // A generator's call gives an iterator: `yield f` makes f one of its items; `yield from xs`, xs's.
    const delegates = !!yielded && yielded.child(1)?.type === "from";
    if (value && yielded && !delegates) value = holding(value);
    // `yield from child` of one of our iterables runs its `__iter__` there, as a `for` loop does
    // (a tree's recursive walk: `for c in self.children: yield from c`).
    if (value && delegates) protocolCalls(facts, ctx.scope(yielded!), line(yielded!), value, "__iter__", null);
    // `return None` / `return False` in a class's `__new__`: no instance, so no `__init__` runs.
    const newDef = owner !== undefined && owner >= 0 && facts.defs[owner]!.name === "__new__" ? facts.defs[owner]! : null;
    if (newDef && newDef.newReturns !== "other") newDef.newReturns = !yielded && PY_CONSTANTS.has(valueNode.type) ? "literal" : "other";
    if (owner !== undefined && owner >= 0 && yielded) {
      (ctx.lazy ??= new Set()).add(owner);
      if (facts.defs[owner]?.kind === "function" || facts.defs[owner]?.kind === "method") facts.defs[owner]!.generator = true;
    }
    if (owner !== undefined && owner >= 0 && value) {
      // (What asOf can change: a name, or names inside a literal or an `a or b`.)
      const t = value.root.t;
      if ((t === "name" || t === "items" || t === "union") && !yielded && !has(caps, "py.returnsOf") && pyStraight(returnsOf, facts, owner, false)) {
        (ctx.returnReads ??= []).push({ def: owner, index: facts.returns.get(owner)?.length ?? 0, line: line(returnsOf) });
      }
      addToList(facts.returns, owner, value);
      // `def __getattr__(self, name): return getattr(self._target, name)`: a proxy to X.
      const d = facts.defs[owner]!;
      if (d.name === "__getattr__" && !yielded && valueNode.type === "call" && field(valueNode, "function")?.text === "getattr") {
        const args = field(valueNode, "arguments");
        const key = args?.namedChildCount === 2 ? args.namedChild(1)! : null;
        const refs = key?.type === "identifier" ? facts.bindings.get(owner)?.get(key.text) : undefined;
        const isParam1 = refs?.some((r) => r.root.t === "param" && r.root.index === 1);
        const x = isParam1 ? ctx.ref(args!.namedChild(0)!) : null;
        if (x) d.delegates = x;
      }
    }
    return true;
  }
  // `if o.prop:`, `1 + o.prop`, `quote(o.prop)`: the getter runs here (reach only, as `x = o.prop`).
  const read = cap(caps, "py.getterRead");
  if (read) {
    getterRead(ctx, read);
    return true;
  }
  const setattr = cap(caps, "py.setattr");
  if (setattr) {
    attrAssign(ctx, setattr, cap(caps, "py.object")!, cap(caps, "py.attr")!.text, ctx.ref(cap(caps, "py.value")!));
    return true;
  }
  const subassign = cap(caps, "py.subassign");
  if (subassign) {
    itemAssign(ctx, subassign, cap(caps, "py.target")!, cap(caps, "py.key")!, ctx.ref(cap(caps, "py.value")!));
    return true;
  }
  const withNode = cap(caps, "py.with");
  if (withNode) {
    const value = ctx.ref(cap(caps, "py.context")!);
    // `async with` runs __aenter__ and __aexit__ (with_item < with_clause < with_statement).
    const aw = withNode.parent?.parent?.child(0)?.type === "async";
    if (value) protocolCalls(facts, ctx.scope(withNode), line(withNode), value, aw ? "__aenter__" : "__enter__", aw ? "__aexit__" : "__exit__");
    return true;
  }
  const except = cap(caps, "py.except");
  if (except) {
    // `except E as e`: e is an instance of E (what E() would give) or of a subclass, not E itself.
    const valueNode = cap(caps, "py.value")!;
    // `except (A, B) as e`: e is an A or a B.
    const classes = valueNode.type === "tuple" ? valueNode.namedChildren : [valueNode];
    // `except* E as eg`: eg is an exception group whose `exceptions` are E instances
    // (`for e in eg.exceptions: e.retry()`: `exceptions/p21_except_star_handler_method`).
    const group = except.child(1)?.type === "*";
    for (const c of classes) {
      const cls = c ? ctx.ref(c) : null;
      if (!cls) continue;
      const made: Ref = { root: { t: "call", callee: cls, sub: true }, path: [] };
      addTo(facts.bindings, ctx.scope(except), cap(caps, "py.target")!.text, group
        ? { root: { t: "items", items: [{ key: "exceptions", ref: { root: { t: "items", items: [{ key: "[*]", ref: made }], of: "tuple" }, path: [] } }] }, path: [] }
        : made);
    }
    return true;
  }
  const loop = cap(caps, "py.for") ?? cap(caps, "py.assign");
  if (loop) {
    const iter = cap(caps, "py.iter");
    const valueNode = iter ?? cap(caps, "py.value")!;
    let value = ctx.ref(valueNode);
    if (!value) return true;
    // `with X() as x`: x is what X().__enter__() returns (X() itself when that is unknown or a package's).
    if (loop.type === "with_item") {
      const enter = loop.parent?.parent?.child(0)?.type === "async" ? "__aenter__" : "__enter__";
      value = { root: { t: "call", callee: { root: value.root, path: [...value.path, enter] }, or: value }, path: [] };
    }
    if (iter) {
      // Iterating runs __iter__, then __next__ on what __iter__ returned (`async for`: __aiter__, __anext__).
      const aio = loop.child(0)?.type === "async" ? "__a" : "__";
      const it: Ref = { root: { t: "call", callee: { root: value.root, path: [...value.path, `${aio}iter__`] } }, path: [] };
      protocolCalls(facts, ctx.scope(loop), line(iter), value, `${aio}iter__`, null);
      protocolCalls(facts, ctx.scope(loop), line(iter), it, `${aio}next__`, null);
    }
    const out: [string, string[]][] = [];
    const others: [Node, string[]][] | undefined = loop.type === "assignment" ? [] : undefined;
    targets(cap(caps, "py.target")!, iter ? ["[*]"] : [], out, 0, others);
    const scope = ctx.scope(loop);
    for (const [node, path] of others ?? []) {
      const part: Ref = { root: value.root, path: [...value.path, ...path] };
      const object = field(node, node.type === "attribute" ? "object" : "value");
      if (!object) continue;
      if (node.type === "attribute") {
        const attr = field(node, "attribute");
        if (attr?.type === "identifier") attrAssign(ctx, loop, object, attr.text, part);
      } else {
        const key = field(node, "subscript");
        const otype = object.type;
        if (key && (otype === "identifier" || otype === "attribute")) itemAssign(ctx, loop, object, key, part);
      }
    }
    if (loop.type === "for_in_clause" && loop.parent) {
      const lines = { from: line(loop.parent), to: endRowOf(loop.parent) + 1 };
      let names = (ctx.comprehended ??= new Map()).get(scope);
      if (!names) ctx.comprehended.set(scope, (names = new Map()));
      for (const [name] of out) addToList(names, name, { ...lines, index: facts.bindings.get(scope)?.get(name)?.length ?? 0 });
    }
    // `a, b = b, a` in straight-line code replaces a and b, like `a = v` (see `kills`).
    // So does `with X() as x` (`flow/with_as_rebinds_name`), a value not naming x.
    const always = !iter && (loop.type === "assignment" || loop.type === "with_item") && pyStraight(loop, facts, scope, true);
    // `for f in xs` outside loops: xs as of the loop's line (`flow/list_rebound_before_loop`).
    // A comprehension's first `for` reads its iterable where the comprehension is, as a `for`
    // statement does; so does a method called on the name (`for k, v in value.items()`, above a
    // rebinding of the parameter value: `flow/a1_comprehension_iter_above_param_rebind`).
    const named = value.root.t === "name" || (value.root.t === "call" && value.root.callee.root.t === "name");
    const first = loop.type === "for_in_clause" && loop.parent !== null && loop.parent.namedChild(1)?.id === loop.id;
    const iterRead = iter && named && (loop.type === "for_statement" || first) && pyStraight(first ? loop.parent! : loop, facts, scope, false);
    // `for h in (a, b): ...` in straight-line code, no `break` in it, h bound nowhere in the body:
    // after the loop h is the last item (`h()` there calls b only).
    const items = iter && loop.type === "for_statement" && out.length === 1 && out[0]![1].length === 1 && (valueNode.type === "tuple" || valueNode.type === "list") ? valueNode.namedChildren.filter((c) => c !== null && c.type !== "comment") as Node[] : null;
    const body = items ? field(loop, "body") : null;
    const lastItem = items && items.length > 0 && items.every((c) => c.type !== "list_splat") && body && !field(loop, "alternative") &&
      !/\bbreak\b/.test(body.text) && !new RegExp(`\\b${out[0]![0]}\\s*(?:=[^=]|:=)|\\b(?:nonlocal|global)\\b|\\bfor\\s+${out[0]![0]}\\b`).test(body.text) && pyStraight(loop, facts, scope, true) ? ctx.ref(items[items.length - 1]!) : null;
    for (const [name, path] of out) {
      const index = facts.bindings.get(scope)?.get(name)?.length ?? 0;
      if (lastItem) {
        addKill(ctx.kills, scope, name, { index, line: line(loop) });
        addTo(facts.bindings, scope, name, { root: value.root, path: [...value.path, ...path] });
        addKill(ctx.kills, scope, name, { index: index + 1, line: endRowOf(loop) + 1.5 });
        addTo(facts.bindings, scope, name, lastItem);
        continue;
      }
      if (always && loop.type === "with_item") {
        if (!valueNode.text.includes(name)) addKill(ctx.kills, scope, name, { index, line: line(loop), fresh: true });
      } else if (always) addKill(ctx.kills, scope, name, { index, line: line(loop) });
      if (iterRead) (ctx.iterReads ??= []).push({ scope, name, index, line: line(loop) });
      addTo(facts.bindings, scope, name, { root: value.root, path: [...value.path, ...path] });
    }
    return true;
  }
  const augment = cap(caps, "py.augment");
  if (augment) {
    augmented(ctx, augment, cap(caps, "py.target")!, cap(caps, "py.value")!);
    return true;
  }
  const walrus = cap(caps, "py.walrus");
  if (walrus) {
    const value = ctx.ref(cap(caps, "py.value")!);
    const scope = ctx.scope(walrus);
    const name = cap(caps, "py.target")!.text;
    // `if (f := b):` as an `if` statement's whole condition, the statement straight-line code: f is
    // b from there on, as after `f = b` (`assignments/p31_walrus_rebinds_then_calls`).
    const stmt = value ? walrusIfCondition(walrus) : null;
    if (stmt && pyStraight(stmt, facts, scope, true)) {
      const index = facts.bindings.get(scope)?.get(name)?.length ?? 0;
      addKill(ctx.kills, scope, name, namesWord(cap(caps, "py.value")!.text, name) ? { index, line: line(walrus) } : { index, line: line(walrus), fresh: true });
    }
    if (value) addTo(facts.bindings, scope, name, value);
    // tree-sitter reads `(k := a if c else b)` / `(k := a or b)` as `(k := a) if c else b`: Python
    // binds k to the whole expression, so the other branches are k's values too.
    for (let top: Node = walrus, up = walrus.parent, n = 0; up && n < 4; top = up, up = up.parent, n++) {
      const other = up.type === "conditional_expression" && up.namedChild(0)?.id === top.id ? up.namedChild(2)
        : up.type === "boolean_operator" && field(up, "left")?.id === top.id ? field(up, "right") : undefined;
      if (!other) break;
      const r = ctx.ref(other);
      if (r) addTo(facts.bindings, scope, name, r);
    }
    return true;
  }
  const match = cap(caps, "py.match");
  if (match) {
    // `match op, fn:` is the tuple `(op, fn)` (tree-sitter gives each part as a subject).
    const parts = match.childrenForFieldName("subject").filter((c): c is Node => c !== null);
    const subject = parts.length > 1 && parts.length <= MAX_ARGS
      ? { root: { t: "items" as const, items: subjectItems(parts, ctx.ref), length: parts.length, of: "tuple" as const }, path: [] }
      : ctx.ref(cap(caps, "py.subject")!);
    if (subject) matchCases(match, subject, ctx);
    return true;
  }
  const decorated = cap(caps, "py.decorated");
  if (decorated) {
    decorators(decorated, ctx);
    return true;
  }
  const global = cap(caps, "py.global") ?? cap(caps, "py.nonlocal");
  if (global) {
    const scope = ctx.scope(global);
    let inner = ctx.globals.get(scope);
    if (!inner) ctx.globals.set(scope, (inner = new Map()));
    inner.set(global.text, has(caps, "py.global") ? "global" : "nonlocal");
    return true;
  }
  return false;
}

/**
 * `Job = type("Job", (Base,), {"run": run})` (a class of tags.scm's, the call its node): the dict's
 * string keys are the class's attributes (`Job().run()` calls run, given the instance), and the
 * name assigned is that class, not what the builtin returns.
 */
const MAX_PRIOR = 1 << 20;

function typeNamespace(call: Node, ns: Node, ctx: PyCtx): void {
  const { facts } = ctx;
  const def = ctx.defIndex.get(call.startIndex);
  const d = def === undefined ? undefined : facts.defs[def];
  if (!d || d.kind !== "class") return;
  for (const pair of ns.namedChildren) {
    if (pair?.type !== "pair") continue;
    const key = field(pair, "key");
    const value = field(pair, "value");
    const name = key ? stringLiteral(key) : null;
    let ref = value ? ctx.ref(value) : null;
    // (The dict is written in the enclosing scope: `{"run": run}` is its run, not the class's own.)
    if (ref?.root.t === "name") ref = { root: { t: "prior", scope: d.parent, name: ref.root.name, count: MAX_PRIOR }, path: ref.path };
    if (name !== null && /^[A-Za-z_]\w*$/.test(name) && ref) addTo(facts.bindings, def!, name, ref);
  }
  const list = facts.bindings.get(d.parent)?.get(d.name);
  const self: Ref = { root: { t: "def", start: d.start }, path: [] };
  for (let i = 0; list && i < list.length; i++) {
    const r = list[i]!.root;
    if (r.t === "call" && list[i]!.path.length === 0 && r.callee.root.t === "name" && r.callee.root.name === "type") list[i] = self;
  }
}

/** The argument name a generator's `x = yield` reads: what `g.send(v)` passes (`sentValues`). */
const SENT = "<send>";

/**
 * `g = gen(...)` / `g = obj.gen(...)` then `g.send(v)` in one scope, g bound once there: v is a value of gen's `x =
 * yield` (a reference to gen passing v by the name SENT: a site, no call).
 */
function sentValues(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const s of ctx.sends ?? []) {
    const bound = facts.bindings.get(s.scope)?.get(s.name);
    const made = bound?.length === 1 ? bound[0]! : null;
    // (gen a function or a method: `s = Sink().receive()`, `g = self.loop()`.)
    if (made?.root.t !== "call" || made.path.length > 0 || (made.root.callee.root.t !== "name" && made.root.callee.path.length === 0)) continue;
    facts.calls.push({ scope: s.scope, ref: made.root.callee, line: s.line, kind: "ref", weak: true, args: [{ name: SENT, ref: s.value }] });
  }
}

/**
 * `run = operator.methodcaller("m")` then `run(x, a)` in the same scope, run bound only there:
 * that call is `x.m(a)` (a call of ours is added beside it; the package's call stays, without
 * arguments).
 */
function methodCalls(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const mc of ctx.methodCallers ?? []) {
    if (facts.bindings.get(mc.scope)?.get(mc.name)?.length !== 1) continue;
    const n = facts.calls.length;
    for (let i = 0; i < n; i++) {
      const call = facts.calls[i]!;
      const r = call.ref;
      const first = call.args?.[0];
      if (call.scope !== mc.scope || r.root.t !== "name" || r.root.name !== mc.name || r.path.length > 0 || !first?.ref || first.name !== null) continue;
      facts.calls.push({ scope: call.scope, ref: { root: first.ref.root, path: [...first.ref.path, mc.method] }, line: call.line, kind: "call", args: call.args!.slice(1) });
      // The arguments go to that method, not to the package's object (which would count a
      // function among them as called here).
      call.args = [];
    }
  }
}

/**
 * A parameter a function's body reassigns unconditionally (`cb = wrap(cb)`) holds the argument
 * only until then: its binding counts as made on the def's line, so a later `cb()` sees the
 * reassignment alone (`args/param_rebound_by_wrapper`), as `p = f1; p = f2; p()` does.
 */
function paramKills(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const [scope, names] of ctx.kills) {
    const d = facts.defs[scope];
    if (!d || (d.kind !== "function" && d.kind !== "method")) continue;
    for (const [name, kills] of names) {
      const refs = facts.bindings.get(scope)?.get(name);
      if (!refs || refs[0]?.root.t !== "param" || kills.some((k) => k.index === 0)) continue;
      // (Or from a value not naming the parameter, `cb = forced`: `flow/param_rebound_before_call`.)
      const fresh = (i: number): boolean => kills.some((k) => k.index === i && k.fresh === true && k.block === undefined);
      if (refs.length !== killed(kills) + 1 || !refs.every((r, i) => i === 0 || ownCall(facts, r) || fresh(i))) continue;
      kills.unshift({ index: 0, line: d.line });
    }
  }
}

/**
 * `wrap(x)` of a function `wrap` the file defines at its top and binds nothing else to: what it
 * returns is seen. (A package's `x = cast(x)`, an import's `x = rich_cast(x)`, may give x back
 * unseen: the parameter stays a candidate there, or pip's rich loses most of its graph.)
 */
function ownCall(facts: FactsDraft, r: Ref): boolean {
  if (r.root.t !== "call" || r.path.length > 0 || r.root.or) return false;
  const callee = r.root.callee;
  if (callee.root.t !== "name" || callee.path.length > 0) return false;
  const name = callee.root.name;
  if ((facts.bindings.get(-1)?.get(name)?.length ?? 1) !== 1) return false;
  return facts.defs.some((d) => d.parent === -1 && d.name === name && d.kind === "function");
}

/** Apply `global`/`nonlocal`: bindings made in such a scope belong to the module / enclosing function. */
export function applyScopeStatements(ctx: PyCtx): void {
  const { facts } = ctx;
  branchKills(ctx);
  for (const k of ctx.statementKills) {
    // (Also a module's def of a builtin's name: a call above it is the builtin, `unbound`.)
    if ((facts.bindings.get(k.scope)?.get(k.name)?.length ?? 0) > 1 || (k.scope === -1 && PY_BUILTINS.has(k.name))) addKill(ctx.kills, k.scope, k.name, { index: k.index, line: k.line, stmt: true });
  }
  paramKills(ctx);
  metaInits(ctx);
  dispatchRegisterCalls(facts);
  subclassHooks(ctx);
  enumMemberInits(ctx);
  sentValues(ctx);
  descriptors(ctx);
  descriptorGetters(ctx.facts);
  methodCalls(ctx);
  // Each rebinding reads only its scope's calls: found by scope, not by a pass over every call.
  const withArgs = new Map<number, CallFact[]>();
  if (ctx.rebinds.length > 0) {
    for (const call of facts.calls) {
      if (!call.args) continue;
      const list = withArgs.get(call.scope);
      if (list) list.push(call);
      else withArgs.set(call.scope, [call]);
    }
  }
  if (ctx.classOuter) classOuterReads(ctx);
  for (const rb of ctx.rebinds) {
    for (const call of withArgs.get(rb.scope) ?? []) {
      if (call.line < rb.from || call.line > rb.to || !call.args) continue;
      // A new list: lists are shared by calls with the same argument text (pyArgs).
      let args = call.args;
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg.ref?.root.t === "name" && arg.ref.root.name === rb.name) {
          if (args === call.args) args = [...args];
          args[i] = { name: arg.name, ref: { root: { t: "prior", scope: rb.scope, name: rb.name, count: rb.count }, path: arg.ref.path } };
        }
      }
      call.args = args;
    }
  }
  let paramStores: ParamStore[] | undefined;
  for (const item of ctx.items) {
    // The dict is whatever `name` is bound to in the nearest scope that binds it (not a class body).
    let s = item.scope;
    while (s >= 0 && !facts.bindings.get(s)?.has(item.name)) {
      s = facts.defs[s]!.parent;
      while (s >= 0 && facts.defs[s]!.kind === "class") s = facts.defs[s]!.parent;
    }
    const value: Ref = { root: { t: "items", items: [{ key: item.key, ref: item.ref }] }, path: [] };
    const held: Ref = s === item.scope ? value : { root: { t: "scoped", scope: item.scope, ref: value }, path: [] };
    addTo(facts.bindings, s, item.name, held);
    // `t = d; t["k"] = f`: d is that dict too (`flow/dict_alias_item_update`).
    const names = facts.bindings.get(s);
    const aliases = names?.get(item.name)?.filter((r) => r.root.t === "name" && r.path.length === 0 && r.root.name !== item.name && names.has(r.root.name));
    for (const r of aliases ?? []) addTo(facts.bindings, s, (r.root as Extract<Root, { t: "name" }>).name, held);
    // `def register(table): table["x"] = fx`: what the function's callers pass there gains the item
    // (also a store in a closure of that function, `def deco(fn): table[name] = fn`, p33).
    if (s >= 0 && (facts.defs[s]!.kind === "function" || (facts.defs[s]!.kind === "method" && s !== item.scope)) && closureOf(facts, item.scope, s)) {
      const param = names?.get(item.name)?.find((r) => r.root.t === "param" && r.root.index >= 0 && !r.root.star && r.path.length === 0);
      const p = param?.root as Extract<Root, { t: "param" }> | undefined;
      if (p) (paramStores ??= []).push({ def: s, index: p.index, name: item.name, held, default: p.default });
    }
  }
  if (paramStores) paramItemStores(facts, paramStores);
  const readAt = itemKills(ctx);
  attrKills(ctx, readAt);
  selfKills(ctx);
  for (const [scope, names] of ctx.globals) {
    const own = facts.bindings.get(scope);
    if (!own) continue;
    for (const [name, how] of names) {
      const refs = own.get(name);
      if (!refs) continue;
      own.delete(name);
      let target = -1;
      if (how === "nonlocal") {
        target = facts.defs[scope]?.parent ?? -1;
        while (target >= 0 && !facts.bindings.get(target)?.has(name)) target = facts.defs[target]!.parent;
      }
      callKills(ctx, scope, target, name, refs);
      // Values are still resolved where they were written: wrap them so their scope is kept.
      for (const r of refs) addTo(facts.bindings, target, name, { root: { t: "scoped", scope, ref: r }, path: [] });
    }
  }
  valueKills(ctx);
  for (const r of ctx.defaultReads ?? []) {
    if (!r.root.default || (r.through !== undefined && classBinds(facts, r.through, r.root.default))) continue;
    r.root.default = asOf(ctx, r.scope, r.root.default, r.line, 0);
  }
  for (const r of ctx.iterReads ?? []) {
    const list = facts.bindings.get(r.scope)?.get(r.name);
    const ref = list?.[r.index];
    if (ref?.root.t !== "name" && (ref?.root.t !== "call" || ref.root.callee.root.t !== "name")) continue;
    const now = asOf(ctx, r.scope, { root: ref.root, path: [] }, r.line, 0);
    if (now.root !== ref.root) list![r.index] = { root: now.root, path: ref.path };
  }
  for (const r of ctx.returnReads ?? []) {
    const list = facts.returns.get(r.def);
    const ref = list?.[r.index];
    if (ref) list![r.index] = asOf(ctx, r.def, ref, r.line, 0);
  }
  // Straight-line reassignment: a call in straight-line code whose callee name is bound only by
  // unconditional `name = value` statements of its scope sees the last one before it
  // (`p = f1; p = f2; p()` calls f2). Names bound any other way keep every binding.
  for (const call of facts.calls) {
    // In a loop's body: only a block's assignment in that loop before the call (`loopAt`).
    const loop = call.top ? -1 : ctx.loopAt?.get(call);
    // (`A().b()` after a second `class A`: the A called is the last one, as for `A()`.)
    const made = call.ref.root.t === "call" && call.ref.root.callee.root.t === "name" && call.ref.root.callee.path.length === 0 && call.ref.path.length > 0 ? call.ref.root : null;
    if (loop === undefined || (call.ref.root.t !== "name" && !made)) continue;
    const name = made ? (made.callee.root as Extract<Root, { t: "name" }>).name : (call.ref.root as Extract<Root, { t: "name" }>).name;
    const kills = ctx.kills.get(call.scope)?.get(name);
    const refs = facts.bindings.get(call.scope)?.get(name);
    // A name bound by no unconditional statement (a parameter) and, after that, only by
    // comprehensions' `for`s the read is outside of: the earlier bindings (Python 3 gives a
    // comprehension its own scope: `[item for item in rows]` then `item.render()` reads the parameter).
    if (!kills && refs && !made && !ctx.globals.get(call.scope)?.has(name)) {
      const own = comprehensionTail(ctx, call.scope, name, readAt.get(call) ?? call.line, refs.length);
      if (own > 0) call.ref = { root: { t: "prior", scope: call.scope, name, count: own, from: 0 }, path: call.ref.path };
      continue;
    }
    if (!kills || !refs || ctx.globals.get(call.scope)?.has(name)) continue;
    const at = readAt.get(call) ?? call.line;
    if (loop === -1) {
      const seen = paramRead(ctx, call.scope, name, at);
      if (seen) {
        const root = priorOf(call.scope, name, seen);
        call.ref = made ? { root: { ...made, callee: { root, path: [] } }, path: call.ref.path } : { root, path: call.ref.path };
        continue;
      }
    }
    if (killed(kills) + outside(ctx, call.scope, name, at) !== refs.length) continue;
    const last = lastBefore(kills, at, loop);
    const read = (root: Root): Ref => (made ? { root: { ...made, callee: { root, path: [] } }, path: call.ref.path } : { root, path: call.ref.path });
    if (loop >= 0) {
      if (last) call.ref = read(priorOf(call.scope, name, last));
      continue;
    }
    if (!last && call.scope === -1 && PY_BUILTINS.has(name)) {
      const early = unbound(kills, at, name);
      if (early) call.ref = read(early);
      continue;
    }
    // (Every binding, through a block's assignment: the name as it was before blocks counted, which
    // reads a method taken from an instance as bound, as `prior` does not: flow.ts isBound.)
    if (last && last.from === 0 && last.to + 1 === refs.length && kills.some((k) => k.block !== undefined)) continue;
    if (last) call.ref = read(priorOf(call.scope, name, last));
  }
  callTimeReads(ctx);
}

/**
 * How many bindings of `name` in `scope` come before its comprehension variables when every binding
 * from there on is one of those and line `at` is outside them all; 0 otherwise.
 */
function comprehensionTail(ctx: PyCtx, scope: number, name: string, at: number, total: number): number {
  const list = ctx.comprehended?.get(scope)?.get(name);
  if (!list || list.length >= total) return 0;
  let first = total;
  for (const c of list) {
    if (at >= c.from && at <= c.to) return 0;
    if (c.index < first) first = c.index;
  }
  return list.length === total - first ? first : 0;
}

/** A class from `cls` out (to the first scope that is no class) binds the name `ref` reads. */
function classBinds(facts: FactsDraft, cls: number, ref: Ref): boolean {
  const name = ref.root.t === "name" ? ref.root.name : null;
  for (let s = cls; s >= 0 && facts.defs[s]!.kind === "class"; s = facts.defs[s]!.parent) {
    if (name === null || facts.bindings.get(s)?.has(name)) return true;
  }
  return false;
}

/**
 * A module's read at line `at` of a builtin's name that no unconditional statement binds before
 * it: the builtin (`prior` of no binding, resolve.ts), or that or the bindings of blocks before
 * it (`if c: input = safe_input` then `input()`); null when the kills are not so ordered.
 */
function unbound(kills: readonly Kill[], at: number, name: string): Root | null {
  let upto = -1;
  for (const k of kills) {
    if (k.first !== undefined && at >= k.first && at <= k.line) return null;
    if (k.line < at) {
      if (k.block === undefined) return null;
      upto = Math.max(upto, k.index);
    }
  }
  for (const k of kills) if (k.line >= at && (k.from ?? k.index) <= upto) return null;
  const builtin: Root = { t: "prior", scope: -1, name, count: 0, from: 0 };
  if (upto < 0) return builtin;
  return { t: "union", refs: [{ root: builtin, path: [] }, { root: { t: "prior", scope: -1, name, count: upto + 1, from: 0 }, path: [] }] };
}

/** Most call sites (of a function and those running it) followed for `runLines`. */
const MAX_RUN_SITES = 16;

/**
 * A function's call of a name of an enclosing scope reads the name when the function runs: `h =
 * a; def run(): h()` then `h = b; run()` calls b only, and a closure called before its captured
 * name is rebound sees the value before. When every place the function runs is known (`runLines`:
 * it is only ever called, by name, in straight-line code of that scope or of functions themselves
 * known so) and the name is bound there only by unconditional statements, the call sees the value
 * the name has on each of those lines. A module-level name only in a script (main.py, or a file
 * with an `if __name__ == "__main__":`): a module others import may have them call the function
 * after its last rebinding.
 */
function callTimeReads(ctx: PyCtx): void {
  const { facts } = ctx;
  const runs = new Map<string, number[] | null>();
  for (const call of facts.calls) {
    const fn = call.scope;
    const root = call.ref.root;
    if (fn < 0 || root.t !== "name") continue;
    const name = root.name;
    if (facts.bindings.get(fn)?.has(name) || ctx.globals.get(fn)?.has(name) || facts.defs[fn]!.kind !== "function") continue;
    let target = facts.defs[fn]!.parent;
    while (target >= 0 && (facts.defs[target]!.kind === "class" || !facts.bindings.get(target)?.has(name))) target = facts.defs[target]!.parent;
    if (target < 0 && (!ctx.script || !facts.bindings.get(-1)?.has(name))) continue;
    const key = `${fn}\u0000${target}`;
    let lines = runs.get(key);
    if (lines === undefined) runs.set(key, (lines = runLines(ctx, fn, target, 0, [])));
    if (!lines || lines.length === 0) continue;
    const refs: Ref[] = [];
    for (const at of lines) {
      const last = lastKill(ctx, target, name, at);
      if (!last) break;
      const prior = priorOf(target, name, last);
      if (!refs.some((r) => r.root.t === "prior" && r.root.count === prior.count && r.root.from === prior.from)) refs.push({ root: prior, path: [] });
    }
    if (refs.length === 0 || lines.some((at) => !lastKill(ctx, target, name, at))) continue;
    call.ref = refs.length === 1 ? { root: refs[0]!.root, path: call.ref.path } : { root: { t: "union", refs }, path: call.ref.path };
  }
}

/**
 * The lines of scope `target` at which function `fn` may run: where it is called, when it is
 * bound once (its def) in its scope, is no generator, and the file names it only in calls, each
 * in straight-line code of `target` or of a function whose own run lines are known so; null when
 * not known.
 */
function runLines(ctx: PyCtx, fn: number, target: number, depth: number, path: number[]): number[] | null {
  const { facts } = ctx;
  const d = facts.defs[fn];
  if (!d || d.kind !== "function" || depth > 4 || path.includes(fn) || ctx.lazy?.has(fn)) return null;
  const parent = d.parent;
  if (parent >= 0 && facts.defs[parent]!.kind === "class") return null;
  const name = boundName(facts, fn);
  let calls = name === null ? null : nameCalls(ctx).get(name);
  const out: number[] = [];
  // A closure its function only returns (`return inner`, in straight-line code), besides calling
  // it by name: it runs after that return, so it reads its captured names as of the return's line
  // (`def inner(): fn()` then `fn = b` before `return inner`: b only).
  if (calls === null && name !== null && parent === target && target >= 0 && facts.defs[target]!.kind === "function") {
    const escapes = returnedOnly(ctx, name, target);
    if (escapes) {
      calls = escapes.calls;
      out.push(...escapes.lines);
    }
  }
  if (!calls || calls.length + out.length === 0 || calls.length > MAX_RUN_SITES) return null;
  for (const c of calls) {
    // (The `if __name__ == "__main__":` block is a scope of its own, run where it stands.)
    const scope = c.scope >= 0 && facts.defs[c.scope]!.kind === "main" ? facts.defs[c.scope]!.parent : c.scope;
    if (scope === target) {
      if (!c.top) return null;
      out.push(c.line);
      continue;
    }
    if (scope < 0) return null;
    const more = runLines(ctx, scope, target, depth + 1, [...path, fn]);
    if (!more || out.length + 2 * more.length > MAX_RUN_SITES) return null;
    // Run inside another function's call on line l: what that call's own rebinding (`callKills`,
    // made on line l) leaves may come before or after, so both the value before and after l.
    for (const l of more) out.push(l, Math.floor(l) + 0.5);
  }
  return out;
}

/**
 * When the file names `name` only in calls of it by name and in straight-line `return name`
 * statements of function `target`: those calls and the returns' lines; else null.
 */
function returnedOnly(ctx: PyCtx, name: string, target: number): { calls: CallFact[]; lines: number[] } | null {
  const { facts } = ctx;
  const lines: number[] = [];
  const returned = new Set<Ref>();
  for (const r of ctx.returnReads ?? []) {
    if (r.def !== target) continue;
    const ref = facts.returns.get(target)?.[r.index];
    const root = ref?.root;
    if (!ref || ref.path.length > 0 || !root || !((root.t === "name" || root.t === "prior") && root.name === name)) continue;
    returned.add(ref);
    lines.push(r.line);
  }
  if (lines.length === 0) return null;
  let seen = false;
  const other = (x: unknown, depth: number): void => {
    if (seen || typeof x !== "object" || x === null || depth > 32) return;
    const o = x as { t?: unknown; name?: unknown };
    if ((o.t === "name" || o.t === "prior") && o.name === name) seen = true;
    else for (const v of Object.values(x)) other(v, depth + 1);
  };
  const calls: CallFact[] = [];
  for (const call of facts.calls) {
    for (const a of call.args ?? []) other(a.ref, 0);
    const r = call.ref;
    if ((r.root.t === "name" || r.root.t === "prior") && r.root.name === name && r.path.length === 0) calls.push(call);
    else other(r, 0);
  }
  for (const byName of facts.bindings.values()) for (const list of byName.values()) other(list, 0);
  for (const list of facts.returns.values()) for (const r of list) if (!returned.has(r)) other(r, 0);
  return seen ? null : { calls, lines };
}

/**
 * `for name, fn in [("a", on_a), ("b", on_b)]: setattr(h, name, fn)`: the refs of each pair's
 * part that `value` names (in the order of the loop's items, `count` of them), when name and value
 * are two names of the loop's target; else null.
 */
function loopPairValues(name: Node, value: Node, count: number, ctx: PyCtx): (Ref | null)[] | null {
  if (value.type !== "identifier") return null;
  for (let up = name.parent, depth = 0; up && up.type !== "function_definition" && up.type !== "lambda" && depth < 64; up = up.parent, depth++) {
    if (up.type !== "for_statement") continue;
    const left = field(up, "left");
    if (left?.type !== "pattern_list" && left?.type !== "tuple_pattern" && left?.type !== "list_pattern") continue;
    const parts = left.namedChildren.filter((c) => c?.type !== "comment");
    const at = parts.findIndex((c) => c?.type === "identifier" && c.text === value.text);
    if (at < 0 || !parts.some((c) => c?.type === "identifier" && c.text === name.text)) continue;
    const given = field(up, "right");
    // (`for name, fn in {"a": on_a}.items()`: each pair's value.)
    const pairs = given ? dictItemsCall(given) : null;
    const right = pairs ?? given;
    if (!pairs && right?.type !== "tuple" && right?.type !== "list") return null;
    const out: (Ref | null)[] = [];
    for (const item of right!.namedChildren) {
      if (!item || item.type === "comment") continue;
      if (pairs ? item.type !== "pair" || at > 1 : item.type !== "tuple" && item.type !== "list") return null;
      const el = pairs ? field(item, at === 0 ? "key" : "value") : item.namedChildren.filter((c) => c?.type !== "comment")[at];
      out.push(el ? ctx.ref(el) : null);
    }
    return out.length === count ? out : null;
  }
  return null;
}

/** The `if` statement whose whole condition (within parentheses) a walrus is, if any. */
function walrusIfCondition(walrus: Node): Node | null {
  let top = walrus;
  let up = walrus.parent;
  for (let n = 0; up?.type === "parenthesized_expression" && n < 4; n++) {
    top = up;
    up = up.parent;
  }
  return up?.type === "if_statement" && field(up, "condition")?.id === top.id ? up : null;
}
