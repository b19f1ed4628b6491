// JavaScript members defined through descriptors and reflection: Object.defineProperty and its kin,
// getters/setters on exports, Reflect.get/apply, promise executors and rejection handlers.
import { JS_FUNCTION_LITERALS } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { firstArgument, type Ref, SETTLED_REASON, stringLiteral } from "./ref-types.ts";
import { addTo, addToList } from "./fact-text.ts";
import { endRowOf, lineOf as line, rowOf } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { thisOwner } from "./scopes.ts";
import { addAttr, addExport, callScope, type Ctx, PLAIN_NAME, visibleFunction } from "./fact-ctx.ts";
import { MAX_THROWN } from "./facts-js-throws.ts";
import { createdPrototype } from "./facts-js-objects.ts";

/**
 * `descriptor.value = wrapper` on a function's third parameter (a TypeScript legacy method
 * decorator's `(target, key, descriptor)`): the method becomes the wrapper, so the decorator's
 * result is the wrapper, as a standard decorator returns it (`descriptor.get = wrapper` of an
 * accessor decorator: the getter becomes it).
 */
export function descriptorValue(ctx: Ctx, member: Node, value: Node): void {
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
export function reflectAccess(ctx: Ctx, call: Node, calleeRef: Ref | null, args: Node[], refs: (Ref | null)[]): void {
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
export function definedAccessor(ctx: Ctx, call: Node, calleeRef: Ref | null, args: Node[], types: string[]): boolean {
  if (calleeRef?.root.t !== "name" || calleeRef.root.name !== "Object" || calleeRef.path.length !== 1) return false;
  const method = calleeRef.path[0];
  // `Object.create(proto, { label: { get() {} } })`: the descriptors' get/set functions are getters
  // and setters of that key (refs-js.ts reads them, with the values, as members of what it makes).
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
 * `p.catch((e) => e.retry())`, `p.then(ok, (e) => ...)`: the handler's first parameter is a
 * rejection's reason, read as a `catch (e)` parameter (any value the file throws: an async
 * function's `throw` rejects its promise; so does `Promise.reject(v)`).
 */
export function rejectionHandler(ctx: Ctx, call: Node, callee: Node, calleeText: string | undefined, args: Node[], types: string[], refs: (Ref | null)[]): void {
  // `Promise.reject(new AuthError())`: a rejection's reason, as a thrown value.
  const text = calleeText ?? callee.text;
  if (text === "Promise.reject") {
    const lists = (ctx.caught ??= { catches: [], thrown: [] });
    if (refs[0] && lists.thrown.length < MAX_THROWN) lists.thrown.push({ scope: callScope(ctx, call), ref: refs[0] });
    return;
  }
  // `Promise.allSettled(ps)`: its outcomes' `reason` (ref-types.ts SETTLED_REASON) is any reason, as a module-level catch's.
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

/**
 * `o.x` read as a value (`isRead`) or written: a call if x is one of our getters (setters). The
 * patterns match a member (tags.scm); that its property is a plain name is told here, from the
 * member's text when it ends in one. The fact waits for the property (deferred.ts), where the
 * patterns that checked the property matched: calls in `o` come first, as they did.
 */
export function accessorFact(ctx: Ctx, read: Node, isRead: boolean): void {
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
export function promiseExecutor(ctx: Ctx, node: Node): void {
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
export function executorResolve(executors: { name: string; reject?: string; start: number; end: number }[], name: string, at: number): 0 | 1 | 2 {
  for (const e of executors) {
    if (at < e.start || at >= e.end) continue;
    if (e.name === name) return 1;
    if (e.reject === name) return 2;
  }
  return 0;
}
