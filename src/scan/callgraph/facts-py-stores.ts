// Python containers filled by statements: `d[k] = f`, `xs.append(f)`, `d.update(...)`, `heappush`,
// pairs stored in loops, parameters' items stored by calls.
import type { Arg, FactsDraft, ScopedRef } from "./fact-types.ts";
import { anyItem, holding, NAME_KEY, type Ref, stringLiteral } from "./ref-types.ts";
import type { Node } from "web-tree-sitter";
import { addTo } from "./fact-text.ts";
import { enclosingClass } from "./scopes.ts";
import { field } from "./fields.ts";
import { lineOf as line } from "./wasm-node.ts";
import { pyKey } from "./refs-py-strings.ts";
import { addField, allNames, argumentList, pyCalleeNames, type PyCtx } from "./facts-py-ctx.ts";
import { pyStraight } from "./facts-py-flow.ts";

/** Literals a `setdefault` default is left out as when empty (`d.setdefault("k", []).append(f)` stores f). */
export const PY_EMPTY = new Set(["list", "dictionary", "set", "tuple"]);

/** heapq's functions that push their second argument onto the heap (a list) given first. */
export const HEAP_PUSH = new Set(["heappush", "heappushpop", "heapreplace"]);

/**
 * List and set methods that store their (last) argument as an item; `extend` stores a list's items;
 * a queue's `put` / `put_nowait` (queue.Queue, asyncio.Queue: `q.get()` gives one back).
 */
export const STORING = new Set(["append", "add", "insert", "extend", "appendleft", "put", "put_nowait"]);

/** `xs.append(f)` / `self.jobs.append(f)`: f becomes an item of the list named xs / of self.jobs. */
export function storedItem(call: Node, callee: Ref, ctx: PyCtx): void {
  const args = argumentList(call);
  const method = callee.path.at(-1)!;
  const n = args?.namedChildCount ?? 0;
  if (n !== (method === "insert" ? 2 : 1)) return;
  const arg = args!.namedChild(n - 1)!;
  if (arg.type === "keyword_argument" || arg.type === "list_splat") return;
  const ref = ctx.ref(arg);
  // (Strings are most of what is appended, and have nothing of ours to call.)
  if (!ref || ref.root.t === "str") return;
  const scope = ctx.scope(call);
  const item: Ref = method === "extend" ? anyItem(ref) : ref;
  // `d.setdefault("k", []).append(f)`: f is an item of d["k"].
  if (callee.root.t === "call" && callee.path.length === 1) {
    const made = field(field(call, "function")!, "object");
    const inner = made?.type === "call" ? field(made, "function") : null;
    const key = inner?.type === "attribute" && field(inner, "attribute")?.text === "setdefault" ? argumentList(made!)?.namedChild(0) : null;
    const dict = key ? field(inner!, "object") : null;
    const k = key ? pyKey(key) : null;
    // (A key not literal, `subs.setdefault(event, []).append(fn)`: an item under a key not known;
    // `self.subs.setdefault(...)`: an item of that attribute, as `self.subs.append(...)` stores one.)
    if (dict?.type === "identifier") {
      const value: Ref = holding(item);
      ctx.items.push({ scope, name: dict.text, key: `[${k ?? "*"}]`, ref: value, line: line(call), always: false });
    } else if (dict?.type === "attribute") {
      const d = ctx.ref(dict);
      if (d && d.path.length === 1) storeItems(ctx, scope, { root: d.root, path: [...d.path, "setdefault"] }, holding(item), line(call));
    }
    return;
  }
  // `d["k"].append(f)` (a dict of lists, a `defaultdict(list)`): f is an item of d["k"], as above.
  const key = callee.path[0]!;
  if (callee.root.t === "name" && callee.path.length === 2 && key.startsWith("[") && !key.includes(":")) {
    ctx.items.push({ scope, name: callee.root.name, key, ref: holding(item), line: line(call), always: false });
    return;
  }
  storeItems(ctx, scope, callee, item, line(call));
}

/** `+=` of a list literal: its items join the list named by the target (`xs`, `self.xs`, `C.xs`, `d["k"]`). */
export function augmented(ctx: PyCtx, node: Node, target: Node, valueNode: Node): void {
  // `__all__ += ["b"]`: more names `from m import *` takes.
  if (target.type === "identifier" && pyCalleeNames().all.has(target.text)) return allNames(ctx, valueNode);
  if (valueNode.type === "dictionary") {
    const scope = ctx.scope(node);
    if (target.type === "identifier") dictItems(valueNode, target.text, scope, line(node), pyStraight(node, ctx.facts, scope, true), ctx);
    return;
  }
  const to = ctx.ref(target);
  const value = ctx.ref(valueNode);
  if (!to || !value || value.root.t === "str") return;
  // `d["k"] += [f]` (a dict of lists): f is an item of d["k"], as `d["k"].append(f)` makes it.
  const key = to.path[0];
  if (to.root.t === "name" && to.path.length === 1 && key!.startsWith("[") && key !== "[*]" && !key!.includes(":")) {
    ctx.items.push({ scope: ctx.scope(node), name: to.root.name, key: key!, ref: holding(anyItem(value)), line: line(node), always: false });
    return;
  }
  if (target.type === "subscript") return;
  storeItems(ctx, ctx.scope(node), { root: to.root, path: [...to.path, "+="] }, anyItem(value), line(node));
}

/** `callee` is the storing method of a list (its last path step): `item` becomes one of its items. */
/**
 * `from .core import REGISTRY` then `REGISTRY.append(f)` / `REGISTRY["k"] = f`: an item of core's
 * global too (as `core.REGISTRY.append(f)` stores one), for its readers in other modules.
 */
function importedStore(ctx: PyCtx, scope: number, name: string, value: Ref): void {
  const { facts } = ctx;
  const imported = scope === -1 || !facts.bindings.get(scope)?.has(name) ? facts.bindings.get(-1)?.get(name) : undefined;
  const from = imported?.length === 1 ? imported[0]! : null;
  if (from?.root.t === "module" && from.path.length === 1) {
    (facts.objAttrs ??= []).push({ scope, obj: { root: from.root, path: [] }, name: from.path[0]!, value });
  }
}

export function storeItems(ctx: PyCtx, scope: number, callee: Ref, item: Ref, at: number): void {
  const { facts } = ctx;
  if (callee.root.t === "name" && callee.path.length === 1) {
    ctx.items.push({ scope, name: callee.root.name, key: "[*]", ref: item, line: at, always: false });
    importedStore(ctx, scope, callee.root.name, holding(item));
  } else if (callee.root.t === "this" && callee.path.length === 2) {
    const cls = enclosingClass(facts.defs, scope, true);
    if (cls >= 0) addTo<number, ScopedRef>(facts.attrs, cls, callee.path[0]!, { scope, ref: holding(item) });
  } else if (callee.path.length === 2 && (callee.root.t === "name" || callee.root.t === "cls")) {
    // `Registry.items.append(f)`, `cls.registry.append(f)`: an attribute of that object.
    (facts.objAttrs ??= []).push({ scope, obj: { root: callee.root, path: [] }, name: callee.path[0]!, value: holding(item), mutates: true });
  }
}

/** `d.update({"k": f})` with a dict literal as its only argument: those items join the dict named d. */
export function dictUpdate(call: Node, name: string, ctx: PyCtx): void {
  const args = argumentList(call);
  const n = args?.namedChildCount ?? 0;
  if (n === 0) return;
  const items = args!.namedChild(0)!;
  // `d.update({...})`, `d.update(k=f)`, `d.update({...}, k=f)`: keyword arguments are keys too.
  const kws = args!.namedChildren.filter((a) => a?.type === "keyword_argument") as Node[];
  if (kws.length !== n - (items.type === "dictionary" ? 1 : 0)) return;
  const scope = ctx.scope(call);
  const at = line(call);
  const always = pyStraight(call, ctx.facts, scope, true);
  if (items.type === "dictionary") dictItems(items, name, scope, at, always, ctx);
  for (const kw of kws) {
    const k = field(kw, "name");
    const v = field(kw, "value");
    const ref = k && v ? ctx.ref(v) : null;
    if (ref) ctx.items.push({ scope, name, key: `[${k!.text}]`, ref, line: at, always });
  }
}

/**
 * `d["k"].update({"x": f})` (keywords too): d["k"] gains a dict holding those items, beside what it
 * held, as `d["k"]["x"] = f` (itemAssign) does.
 */
export function nestedDictUpdate(call: Node, name: string, key: string, ctx: PyCtx): void {
  const args = argumentList(call);
  const n = args?.namedChildCount ?? 0;
  if (n === 0 || n > 64) return;
  const first = args!.namedChild(0)!;
  const kws = args!.namedChildren.filter((a) => a?.type === "keyword_argument") as Node[];
  if (kws.length !== n - (first.type === "dictionary" ? 1 : 0)) return;
  const items: { key: string; ref: Ref }[] = [];
  if (first.type === "dictionary") {
    for (const pair of first.namedChildren) {
      if (pair?.type !== "pair" || items.length >= 64) continue;
      const k = field(pair, "key");
      const v = field(pair, "value");
      const ref = v ? ctx.ref(v) : null;
      if (ref) items.push({ key: `[${(k && pyKey(k)) ?? "*"}]`, ref });
    }
  }
  for (const kw of kws) {
    const k = field(kw, "name");
    const v = field(kw, "value");
    const ref = k && v ? ctx.ref(v) : null;
    if (ref) items.push({ key: `[${k!.text}]`, ref });
  }
  if (items.length === 0) return;
  ctx.items.push({ scope: ctx.scope(call), name, key, ref: { root: { t: "items", items, of: "dict" }, path: [] }, line: line(call), always: false });
}

/** The pairs of a dict literal become items of the dict named `name` (`d.update({...})`, `d |= {...}`). */
function dictItems(items: Node, name: string, scope: number, at: number, always: boolean, ctx: PyCtx): void {
  for (const pair of items.namedChildren) {
    if (pair?.type !== "pair") continue;
    const k = field(pair, "key");
    const v = field(pair, "value");
    const ref = v ? ctx.ref(v) : null;
    if (ref) ctx.items.push({ scope, name, key: `[${(k && pyKey(k)) ?? "*"}]`, ref, line: at, always });
  }
}

/**
 * `obj.attr = value` (also a part of a tuple assignment, `box.x, box.y = f, g`): `self.attr = v`
 * is an attribute of the enclosing class's instances; on anything else it is found through what
 * obj is (resolve.ts).
 */
export function attrAssign(ctx: PyCtx, stmt: Node, objNode: Node, attrName: string, value: Ref | null): void {
  const { facts } = ctx;
  // (A property setter of ours named attrName, if any, gets the value: `setterStores`.)
  if (value && setterValue(value)) (ctx.setterStores ??= []).push({ scope: ctx.scope(stmt), obj: objNode, attr: attrName, value, line: line(stmt) });
  // The object's type and name are read once (each read crosses into WASM) and passed on.
  const objType = objNode.type;
  const objName = objType === "identifier" ? objNode.text : undefined;
  if (objName === "self") {
    // `self.x = v`: an attribute of the enclosing class's instances.
    const scope = ctx.scope(stmt);
    const cls = enclosingClass(facts.defs, scope, true);
    if (cls < 0) return;
    // `self.count = 0`: an attribute the instances have, holding no function.
    if (!value) addField(facts.defs[cls]!, attrName);
    else {
      addTo<number, ScopedRef>(facts.attrs, cls, attrName, { scope, ref: value });
      (ctx.selfWrites ??= []).push({ scope, name: "self", attr: attrName, ref: value, line: line(stmt), always: pyStraight(stmt, facts, scope, true) });
    }
    return;
  }
  const obj = ctx.ref(objNode, objType, objName);
  if (obj && value) (facts.objAttrs ??= []).push({ scope: ctx.scope(stmt), obj, name: attrName, value });
  if (objName !== undefined && value) {
    const scope = ctx.scope(stmt);
    (ctx.attrWrites ??= []).push({ scope, name: objName, attr: attrName, ref: value, line: line(stmt), always: pyStraight(stmt, facts, scope, true) });
  }
}

/**
 * `d[key] = value` (also a part of a tuple assignment, `d["a"], d["b"] = f, g`): an item of the
 * dict named d, or of the attribute `self.d` / `cls.d`.
 */
export function itemAssign(ctx: PyCtx, stmt: Node, target: Node, keyNode: Node, value: Ref | null): void {
  const { facts } = ctx;
  const key = pyKey(keyNode);
  const scope = ctx.scope(stmt);
  if (target.type === "attribute") {
    // `self.handlers[k] = f`: an item of that attribute of the class's instances.
    const cls = field(target, "object")?.text === "self" ? enclosingClass(facts.defs, scope, true) : -1;
    const attr = field(target, "attribute");
    if (value && cls >= 0 && attr) {
      const item: Ref = { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
      addTo<number, ScopedRef>(facts.attrs, cls, attr.text, { scope, ref: item });
    }
    // `cls.registry[k] = f` in a classmethod: an item of the class's attribute (as `C.registry.append(f)`).
    const objNode = field(target, "object");
    if (value && attr && objNode?.text === "cls") {
      const item: Ref = { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
      (facts.objAttrs ??= []).push({ scope, obj: { root: { t: "cls" }, path: [] }, name: attr.text, value: item, mutates: true });
    } else if (value && attr && objNode?.type === "identifier" && /^_?[A-Z]\w*[a-z]\w*$/.test(objNode.text) && keyNode.type !== "slice") {
      // `Job.registry[k] = cls` (in __init_subclass__, a decorator): an item of that attribute of
      // the class named (a CapWords name; not `copy._spans[:] = …`, which copies items).
      const obj = ctx.ref(objNode, "identifier");
      const item: Ref = { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
      if (obj) (facts.objAttrs ??= []).push({ scope, obj, name: attr.text, value: item, mutates: true });
    }
    return;
  }
  if (target.type === "subscript") {
    // `d["a"]["b"] = f`: d["a"] gains a dict holding f under "b", beside what it held (the inner
    // dict is changed in place; which of its values a later read sees is not told apart).
    let inner: Ref | null = value && { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
    let node: Node = target;
    for (let depth = 0; inner && node.type === "subscript" && depth < 4; depth++) {
      const keyOf = field(node, "subscript");
      const obj = field(node, "value");
      if (!keyOf || !obj) return;
      const outer = `[${pyKey(keyOf) ?? "*"}]`;
      if (obj.type === "identifier") {
        ctx.items.push({ scope, name: obj.text, key: outer, ref: inner, line: line(stmt), always: false });
        return;
      }
      inner = { root: { t: "items", items: [{ key: outer, ref: inner }] }, path: [] };
      node = obj;
    }
    return;
  }
  // `for key, fn in [("a", alpha), ("b", beta)]: table[key] = fn`: each pair's value under its key.
  const pairs = value && key === null && target.type === "identifier" ? loopPairs(keyNode, value, ctx) : null;
  if (pairs) {
    for (const [k, ref] of pairs) ctx.items.push({ scope, name: target.text, key: `[${k}]`, ref, line: line(stmt), always: false });
    return;
  }
  if (value) {
    // `HANDLERS[fn.__name__] = fn`: stored under the name of the function or class fn holds.
    // (A class decorator's `REGISTRY[cls.__name__] = cls`: `cls` reads as a name outside classes.)
    const named = key === null && keyNode.type === "attribute" && field(keyNode, "attribute")?.text === "__name__" &&
      value.path.length === 0 && field(keyNode, "object")?.text === (value.root.t === "name" ? value.root.name : value.root.t === "cls" ? "cls" : null);
    ctx.items.push({ scope, name: target.text, key: named ? NAME_KEY : `[${key ?? "*"}]`, ref: value, line: line(stmt),
      always: !named && pyStraight(stmt, facts, scope, true) });
    if (target.type === "identifier") importedStore(ctx, scope, target.text, { root: { t: "items", items: [{ key: named ? NAME_KEY : `[${key ?? "*"}]`, ref: value }], of: "dict" }, path: [] });
  }
}

/**
 * `d[key] = fn` in `for key, fn in [("a", alpha), ("b", beta)]` (a literal list or tuple of
 * literal pairs, the loop's own names): the pairs' string keys with what their value part names.
 */
function loopPairs(keyNode: Node, value: Ref, ctx: PyCtx): [string, Ref][] | null {
  if (keyNode.type !== "identifier" || value.path.length > 0 || value.root.t !== "name") return null;
  const valueName = value.root.name;
  for (let up = keyNode.parent; up && up.type !== "function_definition" && up.type !== "class_definition"; up = up.parent) {
    if (up.type !== "for_statement") continue;
    const left = field(up, "left");
    if (left?.type !== "pattern_list" && left?.type !== "tuple_pattern") return null;
    const names = left.namedChildren.filter((c) => c !== null && c.type !== "comment").map((c) => (c!.type === "identifier" ? c!.text : ""));
    const ki = names.indexOf(keyNode.text);
    const vi = names.indexOf(valueName);
    if (ki < 0 || vi < 0) return null;
    const right = field(up, "right");
    if (right?.type !== "list" && right?.type !== "tuple") return null;
    const out: [string, Ref][] = [];
    for (const item of right.namedChildren) {
      if (!item || item.type === "comment") continue;
      if (item.type !== "tuple" && item.type !== "list") return null;
      const parts = item.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
      if (parts.length !== names.length || out.length >= 16) return null;
      const k = stringLiteral(parts[ki]!);
      const ref = ctx.ref(parts[vi]!);
      if (k === null || !ref) return null;
      out.push([k, ref]);
    }
    return out.length > 0 ? out : null;
  }
  return null;
}

/** An item stored into a parameter's dict (`table["x"] = fx` in `def register(table)`). */
export type ParamStore = { def: number; index: number; name: string; held: Ref; default?: Ref };

/** Whether `scope` is `fn` or a function nested in it through functions only (no class between), at most 8 levels. */
export function closureOf(facts: FactsDraft, scope: number, fn: number): boolean {
  for (let s = scope, n = 0; s >= 0 && n <= 8; s = facts.defs[s]!.parent, n++) {
    if (s === fn) return true;
    if (facts.defs[s]!.kind !== "function") return false;
  }
  return false;
}

/**
 * `register(TABLE)` of a function of this file that stores items into that parameter: TABLE (a
 * bare name bound in the caller's scope or above) holds those items too, as if stored where
 * TABLE is bound (flow-insensitive; `dicts/p22_function_fills_dict_param`). Calls by the
 * function's own name only, in the scope that defines it or below, its name bound once there.
 */
export function paramItemStores(facts: FactsDraft, stores: readonly ParamStore[]): void {
  const byName = new Map<string, ParamStore[]>();
  for (const st of stores) {
    const d = facts.defs[st.def]!;
    const bound = facts.bindings.get(d.parent)?.get(d.name);
    // (A function in a class body, `def register(name, table=table)` used there as `@register("hi")`,
    // is no binding of the body's: called by its name in that body only, below.)
    const inClass = d.parent >= 0 && facts.defs[d.parent]!.kind === "class" && bound === undefined;
    if (!inClass && (bound?.length !== 1 || bound[0]!.root.t !== "def" || bound[0]!.root.start !== d.start)) continue;
    const list = byName.get(d.name);
    if (list && facts.defs[list[0]!.def]!.parent !== d.parent) continue;
    if (list) list.push(st);
    else byName.set(d.name, [st]);
  }
  if (byName.size === 0) return;
  let added = 0;
  const defaults = new Set<ParamStore>();
  for (const call of facts.calls) {
    if (call.ref.root.t !== "name" || call.ref.path.length > 0 || !call.args || call.kind !== "call") continue;
    const list = byName.get(call.ref.root.name);
    if (!list) continue;
    const owner = facts.defs[list[0]!.def]!.parent;
    // The callee name is the def's: no scope between the call's and the def's binds it.
    let s = call.scope;
    while (s !== owner && s >= 0 && !facts.bindings.get(s)?.has(call.ref.root.name)) s = facts.defs[s]!.parent;
    if (s !== owner || (owner >= 0 && facts.defs[owner]!.kind === "class" && call.scope !== owner)) continue;
    for (const st of list) {
      let position = 0;
      let arg: Arg | undefined;
      for (const a of call.args) {
        if (a.name === null ? position++ === st.index : a.name === st.name) {
          arg = a;
          break;
        }
      }
      // A call that passes nothing there stores into the parameter's default, `def register(name,
      // table=REGISTRY)` called `@register("hi")`: REGISTRY, as the def's own scope reads it (a class
      // body's names too, `table=table` in one), once per parameter.
      const dflt = !arg && st.default?.root.t === "name" && st.default.path.length === 0 ? st.default.root.name : undefined;
      if (dflt !== undefined) {
        if (defaults.has(st)) continue;
        defaults.add(st);
        let at = facts.defs[st.def]!.parent;
        if (at >= 0 && facts.defs[at]!.kind === "class" && !facts.bindings.get(at)?.has(dflt)) at = facts.defs[at]!.parent;
        while (at >= 0 && !facts.bindings.get(at)?.has(dflt)) {
          at = facts.defs[at]!.parent;
          while (at >= 0 && facts.defs[at]!.kind === "class") at = facts.defs[at]!.parent;
        }
        if (!facts.bindings.get(at)?.has(dflt)) continue;
        addTo(facts.bindings, at, dflt, { root: { t: "scoped", scope: st.def, ref: st.held }, path: [] });
        if (++added >= 64) return;
        continue;
      }
      const root = arg?.ref?.root;
      if (!arg || root?.t !== "name" || arg.ref!.path.length > 0 || root.name === st.name) continue;
      let at = call.scope;
      while (at >= 0 && !facts.bindings.get(at)?.has(root.name)) {
        at = facts.defs[at]!.parent;
        while (at >= 0 && facts.defs[at]!.kind === "class") at = facts.defs[at]!.parent;
      }
      if (!facts.bindings.get(at)?.has(root.name)) continue;
      addTo(facts.bindings, at, root.name, { root: { t: "scoped", scope: st.def, ref: st.held }, path: [] });
      if (++added >= 64) return;
    }
  }
}

/**
 * A value a setter may be given (`setterStores`): a function, method, class or instance of ours
 * is written as a name, an attribute, a lambda or a class called (`o.fmt = Json()`). What other
 * calls, items and operators give is mostly data (`t.plain = t.plain.replace(...)`, `t.spans =
 * sorted(spans)`), left out.
 */
export function setterValue(value: Ref): boolean {
  const root = value.root;
  if (root.t === "call" || root.t === "new") {
    const callee = root.callee;
    const last = callee.path.at(-1) ?? (callee.root.t === "name" ? callee.root.name : "");
    return value.path.length === 0 && /^_?[A-Z]\w*[a-z]\w*$/.test(last);
  }
  // (`o.a, o.b = f, g`: the tuple's item in its place.)
  if (root.t === "items" && value.path.length === 1) {
    const item = root.items.find((i) => i.key === value.path[0]);
    return item !== undefined && item.ref.root.t !== "items" && setterValue(item.ref);
  }
  return (root.t === "name" || root.t === "this" || root.t === "cls" || root.t === "def" || root.t === "param") && !value.path.some((p) => p.startsWith("["));
}

/**
 * `o.handler = f` where handler may be a property with our `@handler.setter`: a call fact of
 * `o.handler` marked `setter`, given f, so that the setter's parameter is f (flow.ts; the
 * assignment is no edge, graph.ts). Pushed after every pass over the file's calls has run.
 */
export function setterStores(ctx: PyCtx): void {
  for (const s of ctx.setterStores ?? []) {
    const obj = "root" in s.obj ? s.obj : ctx.ref(s.obj);
    if (!obj) continue;
    ctx.facts.calls.push({ scope: s.scope, ref: { root: obj.root, path: [...obj.path, s.attr] }, line: s.line, kind: "call", setter: true, args: [{ name: null, ref: s.value }] });
  }
}
