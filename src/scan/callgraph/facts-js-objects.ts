// JavaScript objects built outside class syntax: members assigned onto objects and prototypes,
// Object.create/setPrototypeOf heirs, mixins, Babel/TypeScript-compiled classes, IIFE wrappers, AMD.
import { type Def, thisOwner } from "./scopes.ts";
import { eitherCallee, JS_FUNCTION_LITERALS } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { MEMBERS, type Ref, stringLiteral } from "./ref-types.ts";
import { staticKey } from "./refs-js-keys.ts";
import { addTo } from "./fact-text.ts";
import { endRowOf, lineOf as line } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { type Arg, type CallFact, type FactsDraft, GLOBAL_OBJECTS, isScript, SPREAD, THIS_GIVEN } from "./fact-types.ts";
import { addAttr, addExport, boundAround, callScope, type Ctx, isMember, isParam, visibleClass, visibleFunction } from "./fact-ctx.ts";
import { EITHER_MEMBER, keptOperands } from "./fact-either.ts";
import { JS_BODIES, jsStraight } from "./facts-js-branches.ts";

/** Names of a file's functions (built once per file, on its first `a.b = c`). */
export const functionNames = new WeakMap<Def[], Set<string>>();

/**
 * `store.handler = save`, `app.clock.tick = tick`: an attribute set on another object, kept for
 * `objectAttrs` (which object a dotted name is is known once every binding is read). A function
 * literal there is a member definition already (tags.scm).
 */
export function objectAssignment(ctx: Ctx, member: Node, valueNode: Node): void {
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
  else if (valueType !== "identifier" && valueType !== "member_expression" && valueType !== "call_expression" && ((valueType !== "new_expression" && valueType !== "array") || subscript)) {
    // `for (k in src) dest[k] = src[k]` (an extend/mixin helper): dest has src's members, as
    // `Object.assign(dest, src)` gives (dest or src a parameter: what the calls pass, objectAttrs).
    const dest = subscript && valueType === "subscript_expression" ? field(member, "object") : null;
    const key = dest?.type === "identifier" ? field(member, "index") : null;
    const src = key ? copiedFrom(member, dest!, key, valueNode) : null;
    const value = src ? ctx.ref(src, src.type) : null;
    if (value) (ctx.objAssigns ??= []).push({ scope: ctx.scope(member), object: [dest!.text], name: SPREAD, value, from: line(valueNode), to: endRowOf(valueNode) + 1 });
    // (`for (k in Base.prototype) Derived.prototype[k] = Base.prototype[k]`: Derived's instances
    // have the copied members, as with `Derived.prototype.__proto__ = Base.prototype` below.)
    else if (subscript && valueType === "subscript_expression") {
      const to = field(member, "object");
      const fnNode = to?.type === "member_expression" && field(to, "property")?.text === "prototype" ? field(to, "object") : null;
      const index = fnNode?.type === "identifier" ? field(member, "index") : null;
      const from = index ? copiedFrom(member, to!, index, valueNode) : null;
      const ref = from ? ctx.ref(from, from.type) : null;
      if (ref) {
        const scope = ctx.scope(member);
        let owner = visibleFunction(ctx.facts.defs, scope, fnNode!.text);
        if (owner < 0) owner = visibleClass(ctx.facts.defs, scope, fnNode!.text);
        if (owner >= 0) addAttr(ctx.facts, owner, SPREAD, { scope, ref });
      }
    }
    return;
  }
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
    // `for (const [key, v] of Object.entries(src)) dest[f(key)] = v` (tar's dealias): dest has
    // src's members by their names, as `Object.assign(dest, src)` gives; not each named read of dest
    // every value of src (a registry's any member, below).
    const src = entriesSource(member, valueText);
    if (src) {
      const value = ctx.ref(src, "identifier");
      if (value) (ctx.objAssigns ??= []).push({ scope, object: [object.text], name: SPREAD, value, from: line(valueNode), to: endRowOf(valueNode) + 1 });
      return;
    }
    // (`registry[fn.name] = fn`: under fn's own name, byName.)
    const byName = property.type === "member_expression" && field(property, "property")?.text === "name" && field(property, "object")?.text === valueText ? true : undefined;
    // (Or, by name, the variable of a `for (const fn of [a, b])` loop over an array literal around it.)
    if (visibleFunction(ctx.facts.defs, scope, valueText) < 0 && !isParam(ctx.facts.defs, scope, valueText) && !(byName && loopOverArray(member, valueText)) &&
      !loopOverParam(ctx, member, valueText, object.text)) return;
    const value = ctx.ref(valueNode, valueType);
    const key = property.type === "number" ? `[${property.text}]` : "[*]";
    if (!value) return;
    ctx.assigned.push({ scope, name: object.text, value: { root: { t: "items", items: [{ key, ref: value }] }, path: [] } });
    // `handlers[event] = fn` on an object literal of the file (a registry): any member it lacks
    // may be fn (`handlers.click()`, `handlers["click"]()`: resolve-classes.ts ownMember).
    if (key === "[*]") (ctx.objAssigns ??= []).push({ scope, object: [object.text], name: "[*]", value, from: line(valueNode), to: endRowOf(valueNode) + 1, byName });
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
export function literalHeirs(facts: FactsDraft): void {
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
        // (Base itself only when the file uses it otherwise than as a prototype: `base.m()`,
        // handed on; `apps/lead21_set_prototype_of_static_chain` runs base's greet with child only.)
        if (!bindings.get(base)?.has("this")) addTo(bindings, base, "this", baseUsed(facts, base) ? { root: { t: "def", start }, path: [] } : { root: { t: "def", start: defs[heir]!.start }, path: [] });
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

/** The calls that only link a prototype or copy members (their second argument on: literalHeirs' base). */
const PROTO_LINKS = new Set(["Object.setPrototypeOf", "Reflect.setPrototypeOf", "Object.assign"]);

/**
 * Whether a base literal of literalHeirs is used as itself: the file calls it or a member of it
 * (`base.greet()`), or hands it on (an argument but a prototype link's source, an export, a
 * return, another name's value, an item).
 */
function baseUsed(facts: FactsDraft, base: number): boolean {
  const name = facts.defs[base]!.name;
  if (!name || name.includes(".")) return true;
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
    if (ref.root.t === "name" && ref.root.name === name) return true;
    const link = ref.root.t === "name" && ref.path.length === 1 && PROTO_LINKS.has(`${ref.root.name}.${ref.path[0]}`);
    const args = c.args ?? [];
    for (let i = 0; i < args.length; i++) if ((!link || i === 0) && mentions(args[i]!.ref, 0)) return true;
  }
  for (const refs of facts.exports.values()) for (const r of refs) if (mentions(r, 0)) return true;
  for (const r of facts.cjs) if (mentions(r, 0)) return true;
  for (const refs of facts.returns.values()) for (const r of refs) if (mentions(r, 0)) return true;
  for (const names of facts.bindings.values()) {
    for (const [n, refs] of names) if (n !== name && n !== "this") for (const r of refs) if (mentions(r, 0)) return true;
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
export function objectAttrs(facts: FactsDraft, assigns: NonNullable<Ctx["objAssigns"]>, defIndex: Map<number, number>, calls: () => Map<number, CallFact[]>, globals: Set<string>, cjsThis = false): void {
  const { defs } = facts;
  let byName: Map<string, CallFact[]> | undefined;
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
    const given = iifeArgument(facts, refs, defIndex, calls) ?? calledArguments(facts, refs, defIndex, () => (byName ??= callsByName(calls())));
    for (const ref of given ?? refs ?? []) {
      if (ref.path.length > 0) continue;
      const root = ref.root;
      // `var self = this; self.run = function () {}` (in a constructor or method): an attribute of
      // what `this` is where self is bound, as `this.run = ...` there is.
      if (root.t === "this" && !given && a.object.length === 1 && a.name !== SPREAD && a.name !== "[*]") {
        let at = a.scope;
        while (at >= 0 && !facts.bindings.get(at)?.get(a.object[0]!)?.includes(ref)) at = defs[at]!.parent;
        const cls = at >= 0 ? thisOwner(defs, at) : -1;
        if (cls >= 0 && defs[cls]!.kind !== "object" && !defs[cls]!.anonymous) addAttr(facts, cls, a.name, { scope: a.scope, ref: a.value });
        continue;
      }
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
      // member the literal wrote, resolve-classes.ts ownMember.)
      if ((a as { made?: true }).made && !made && !(given && kind === "object")) {
        const own = kind === "object" ? facts.members.get(`${defs[def]!.qname}.${a.name}`) : undefined;
        if (own === undefined || a.value.root.t !== "def" || defs[own]!.start === a.value.root.start) continue;
      }
      // (`C.prototype.m = wrap(C.prototype.m)` wraps a method of class C so.)
      const wraps = kind === "object" || (a.object.length === 2 && a.object[1] === "prototype");
      if (wraps && a.scope === defs[def]!.parent && selfWrap(facts, def, a, calls)) continue;
      // (`Object.assign(target, patch)` at the top level on a literal: patch's members replace the
      // literal's own, as a spread written after its keys does; in a function it may not have run.)
      // Under a condition, in a function, or after a read of the target's members, it may not
      // have run where the member is read: patch's members then join the literal's own (maybe).
      addAttr(facts, def, a.name, a.assign && kind === "object" ? { scope: a.scope, ref: a.value, later: [], ...(a.scope === -1 && a.surely ? {} : { maybe: true as const }) } : a.byName ? { scope: a.scope, ref: a.value, byName: true } : { scope: a.scope, ref: a.value });
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
 * `dest[k] = src[k]` in the body of a `for (k in src)` (up to six levels up, within one function:
 * a block, an `if (src.hasOwnProperty(k))`), of a `for (const k of Object.keys(src))` or of the
 * callback of `Object.keys(src).forEach((k) => ...)`: the src name node, else null.
 */
function copiedFrom(member: Node, dest: Node, key: Node, value: Node): Node | null {
  const src = field(value, "object");
  // (src a name, or a dotted one: `for (var k in Emitter.prototype) obj[k] = Emitter.prototype[k]`, J29.)
  if (key.type !== "identifier" || (src?.type !== "identifier" && !(src?.type === "member_expression" && DOTTED_SOURCE.test(src.text))) || src.text === dest.text || field(value, "index")?.text !== key.text) return null;
  let up = member.parent;
  for (let i = 0; up && i < 6; i++, up = up.parent) {
    if (up.type === "for_in_statement") {
      const left = field(up, "left");
      const right = field(up, "right");
      // (`for (const k of Object.keys(src))` too.)
      const over = up.children.some((c) => c?.type === "in") ? right?.text : right ? ownKeysOf(right) : null;
      return left?.text === key.text && over === src.text ? src : null;
    }
    // `Object.keys(src).forEach((k) => { dest[k] = src[k]; })` (or a function literal).
    if (up.type === "arrow_function" || up.type === "function_expression") {
      const params = field(up, "parameters");
      const first = field(up, "parameter") ?? params?.namedChildren.find((c) => c?.type !== "comment") ?? null;
      const call = up.parent?.type === "arguments" && up.parent.namedChild(0)?.equals(up) ? up.parent.parent : null;
      const callee = call?.type === "call_expression" ? field(call, "function") : null;
      const keys = callee?.type === "member_expression" && field(callee, "property")?.text === "forEach" ? field(callee, "object") : null;
      return first?.type === "identifier" && first.text === key.text && keys && ownKeysOf(keys) === src.text ? src : null;
    }
    if (JS_BODIES.has(up.type)) return null;
  }
  return null;
}

/** A dotted name a copy loop may read from (`Emitter.prototype`, `this.defaults`): two to four plain names. */
const DOTTED_SOURCE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*){1,3}$/;

/** `Object.keys(src)` (`Object.getOwnPropertyNames(src)`) of a name: that name's text, else null. */
function ownKeysOf(node: Node): string | null {
  const callee = node.type === "call_expression" ? field(node, "function") : null;
  const arg = callee && /^Object\.(?:keys|getOwnPropertyNames)$/.test(callee.text) ? field(node, "arguments")?.namedChild(0) : null;
  return arg?.type === "identifier" && field(node, "arguments")!.namedChildCount === 1 ? arg.text : null;
}

/** The file's calls of a bare name (`setRun(box, g)`), by that name (at most 64 a name). */
function callsByName(byScope: Map<number, CallFact[]>): Map<string, CallFact[]> {
  const out = new Map<string, CallFact[]>();
  for (const list of byScope.values()) {
    for (const call of list) {
      const root = call.ref.root;
      if (call.kind !== "call" || root.t !== "name" || call.ref.path.length > 0 || !call.args) continue;
      let named = out.get(root.name);
      if (!named) out.set(root.name, (named = []));
      if (named.length < 64) named.push(call);
    }
  }
  return out;
}

/** A lone reference to a whole, non-rest parameter: its function (index in defs, and start) and its position; else undefined. */
function plainParam(refs: Ref[] | undefined, defIndex: Map<number, number>): { fn: number; start: number; index: number } | undefined {
  if (!refs || refs.length !== 1 || refs[0]!.root.t !== "param" || refs[0]!.path.length > 0) return undefined;
  const { def: start, index, star } = refs[0]!.root;
  if (star) return undefined;
  const fn = defIndex.get(start);
  return fn === undefined ? undefined : { fn, start, index };
}

/**
 * A parameter of a named function of the file that the file's calls of it give a name: what
 * those names are bound to (an object literal, `new C()`), so `function setRun(o, f) { o.run = f }`
 * with `setRun(box, g)` adds run to box's literal or to C's instances (as a Python attribute
 * stored through a parameter is); undefined for anything else (a call passing no such name adds nothing).
 */
function calledArguments(facts: FactsDraft, refs: Ref[] | undefined, defIndex: Map<number, number>, byName: () => Map<string, CallFact[]>): Ref[] | undefined {
  const param = plainParam(refs, defIndex);
  if (!param) return undefined;
  const { fn, start, index } = param;
  const name = facts.defs[fn]!.name;
  if (facts.defs[fn]!.kind !== "function" || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  let out: Ref[] | undefined;
  for (const call of byName().get(name) ?? []) {
    // (The name the call uses is this function: bound to its definition where the call is.)
    if (!boundAround(facts, call.scope, name)?.some((r) => r.root.t === "def" && r.root.start === start && r.path.length === 0)) continue;
    const arg = call.args?.[index]?.ref;
    // (An object literal written as the argument, `configure({ log })`: that literal.)
    if (arg?.root.t === "def" && arg.path.length === 0 && facts.defs[defIndex.get(arg.root.start) ?? -1]?.kind === "object") {
      if ((out?.length ?? 0) < 16) (out ??= []).push(arg);
      continue;
    }
    if (!arg || arg.root.t !== "name" || arg.path.length > 0) continue;
    for (const b of boundAround(facts, call.scope, arg.root.name) ?? []) {
      if (b.path.length === 0 && (b.root.t === "def" || b.root.t === "new") && (out?.length ?? 0) < 16) (out ??= []).push(b);
    }
  }
  return out;
}

/**
 * A parameter of an IIFE given a name of the scope around it: what that name is bound to there,
 * so `(function (ns) { ns.format = function () {} })(App)` adds format to the object literal
 * `var App = {}` (or `App || {}`) holds; undefined for anything else.
 */
function iifeArgument(facts: FactsDraft, refs: Ref[] | undefined, defIndex: Map<number, number>, calls: () => Map<number, CallFact[]>): Ref[] | undefined {
  const param = plainParam(refs, defIndex);
  if (!param) return undefined;
  const { fn, start, index } = param;
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
 * becomes what wrap returns (bound as `@m`, as a decorator's replacement is: resolve-classes.ts ownMember),
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

/**
 * `globalThis.helper()` (window, global, self), when no scope binds the global object's name: a
 * call of helper when the file put helper on the global object (`globalThis.helper = helper`),
 * or when it is a classic script (no import, export or CommonJS module) whose top level binds
 * helper, since a script's top-level names are the global object's. In a module, its own
 * top-level names are not (`new globalThis.RegExp(s)` in a module exporting a RegExp function is
 * the builtin). Per file: a name another file puts on the global object stays the builtin's member.
 */
export function globalObjectCalls(facts: FactsDraft, globals: Set<string>): void {
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

/**
 * The index of the parameter of function `def` in whose default `call` is written (`function
 * stamp(t = now())`), or -1. Walks up only in functions with a default.
 */
export function defaultOf(def: Def | undefined, call: Node): number {
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
export function inherit(ctx: Ctx, child: Node, base: Node): void {
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
export function createdPrototype(ctx: Ctx, read: Node): void {
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

/** AMD dependency names that are the loader's own objects, not modules. */
const AMD_SPECIAL = new Set(["require", "exports", "module"]);

/**
 * AMD `define(factory)`, `define([deps], factory)`, `define("id", [deps], factory)` at a file's top
 * level: the loader runs the factory with the modules the list names (bound to its parameters), and
 * the module's value is what the factory returns, as `module.exports = factory(...deps)` (an object
 * given instead of a factory is the value). `require([deps], callback)` (`define` false), anywhere:
 * the modules are loaded and the callback runs with them.
 */
export function amdDefine(ctx: Ctx, call: Node, args: Node[], types: string[], refs: (Ref | null)[], define: boolean): void {
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
export function babelClass(ctx: Ctx, call: Node, args: Node[], types: string[]): boolean {
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
 * tsc's CommonJS emit of `export * from "./a"` at the top level: `__exportStar(require("./a"), exports)`
 * (`tslib_1.__exportStar(...)` with importHelpers; `__export(require("./a"))` before TypeScript
 * 3.9): a's exports re-exported, as `export *`.
 */
export function exportStarHelper(ctx: Ctx, call: Node, callee: Node, args: Node[]): void {
  if (args.length < 1 || args.length > 2 || args[0]!.type !== "call_expression") return;
  const text = callee.text;
  const name = text.slice(text.lastIndexOf(".") + 1);
  if (name === "__exportStar" ? args[1]?.text !== "exports" : name !== "__export" || args.length !== 1) return;
  if (callScope(ctx, call) !== -1) return;
  const ref = ctx.ref(args[0]!);
  if (ref?.root.t === "module" && ref.path.length === 0 && ref.root.spec.startsWith(".")) ctx.facts.stars.push(ref.root.spec);
}

/**
 * `Object.assign(C.prototype, mixin)` / `Object.assign(this, mixin)`: C's instances (this) have
 * the mixin's members, kept as the SPREAD attribute of the constructor (class).
 */
export function mixins(ctx: Ctx, call: Node, callee: Node, calleeRef: Ref | null, args: Node[]): void {
  // `const heir = Object.create(base)` (an object of its own, facts.ts isProtoObject): heir has
  // base's members it lacks, as after `Object.setPrototypeOf(heir, base)`; `heir.m = f` is its own.
  // (The parent last: a descent from the root, which nearly every one-argument call was paying.)
  if (args.length === 1 && args[0]!.type === "identifier" && ctx.defIndex.has(call.startIndex) && callee.text === "Object.create" && call.parent?.type === "variable_declarator") {
    const name = field(call.parent, "name");
    const value = name?.type === "identifier" ? ctx.ref(args[0]!) : null;
    if (!value) return;
    const scope = callScope(ctx, call);
    (ctx.objAssigns ??= []).push({ scope, object: [name!.text], name: SPREAD, value, from: line(args[0]!), to: endRowOf(args[0]!) + 1, proto: true });
    literalProto(ctx, name!.text, scope, value);
    return;
  }
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
    // (Replacing the literal's members only when the call surely runs first: not `if (c) Object.assign(api, mock)`,
    // nor after a call of a member of api written earlier in the file, `function first() { return api.fetch(); }`.)
    const surely = jsStraight(call) && !((memberCallLines(ctx).get(target.text) ?? Infinity) < line(call));
    for (const a of args.slice(1, 9)) {
      const value = a.type === "spread_element" ? null : ctx.ref(a);
      if (value) (ctx.objAssigns ??= []).push({ scope, object: [target.text], name: SPREAD, value, from: line(a), to: endRowOf(a) + 1, assign: true, ...(surely ? { surely: true as const } : {}) });
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
  // `this` in the mixin's methods is then an instance of C too (`this.prefix()` in `log` of the
  // mixin calls C's prefix): given from outside, as by `log.call(c)` (resolve-indexes.ts thisGiven).
  const instance: Ref | null = target.type === "this" ? { root: { t: "this" }, path: [] } : defs[owner]!.kind === "class" || defs[owner]!.kind === "function" ? { root: { t: "new", callee: { root: { t: "name", name: defs[owner]!.name }, path: [] } }, path: [] } : null;
  for (const a of args.slice(1, setProto ? 2 : 9)) {
    const ref = ctx.ref(a);
    if (ref) addAttr(ctx.facts, owner, SPREAD, { scope, ref });
    if (ref && instance && a.type === "identifier" && (ctx.facts.objAttrs?.length ?? 0) < 256) {
      (ctx.facts.objAttrs ??= []).push({ scope, obj: { root: ref.root, path: [...ref.path, MEMBERS] }, name: THIS_GIVEN, value: instance });
    }
  }
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

/** Whether `name` is the variable of a `for (const name of [...])` over an array literal around node (a few levels up). */
function loopOverArray(node: Node, name: string): boolean {
  let n: Node | null = node.parent;
  for (let i = 0; n && i < 6; i++, n = n.parent) {
    if (n.type !== "for_in_statement") continue;
    const left = field(n, "left");
    return (left?.type === "identifier" && left.text === name) && field(n, "right")?.type === "array";
  }
  return false;
}

/**
 * The object `src` (a name) of a `for (const [k, name] of Object.entries(src))` around a node (six
 * levels up at most), whose second name is `name`; null otherwise.
 */
function entriesSource(node: Node, name: string): Node | null {
  let n: Node | null = node.parent;
  for (let i = 0; n && i < 6; i++, n = n.parent) {
    if (n.type !== "for_in_statement") continue;
    const right = field(n, "right");
    const left = field(n, "left");
    if (right?.type !== "call_expression" || field(right, "function")?.text !== "Object.entries" || left?.type !== "array_pattern") return null;
    const args = field(right, "arguments");
    const src = args?.namedChildCount === 1 ? args.namedChild(0) : null;
    const bound = left.namedChildren.filter((c) => c !== null);
    return src?.type === "identifier" && src.text !== name && bound.length === 2 && bound[1]!.type === "identifier" && bound[1]!.text === name ? src : null;
  }
  return null;
}

/**
 * Whether a name is bound by a `for...of` around a node (itself, or one name of its array or
 * object pattern: `for (const [k, f] of pairs)`, `for (const { name, run } of jobs)`) whose list is
 * a parameter of the enclosing function (not `avoid`, the object assigned into: no `xs[i] = x` of
 * xs's own items). A registry filled from a list it is given: `t[k] = f`
 * (`ts_classes/j31_index_signature_handlers_filled_in_ctor`).
 */
export function loopOverParam(ctx: Ctx, node: Node, name: string, avoid: string | null): boolean {
  let n: Node | null = node.parent;
  for (let i = 0; n && i < 6; i++, n = n.parent) {
    if (n.type !== "for_in_statement") continue;
    const right = field(n, "right");
    if (right?.type !== "identifier" || right.text === avoid || right.text === name || !isParam(ctx.facts.defs, ctx.scope(node), right.text)) return false;
    const left = field(n, "left");
    if (left?.type === "identifier") return left.text === name;
    if (left?.type !== "array_pattern" && left?.type !== "object_pattern") return false;
    for (const c of left.namedChildren) {
      const bound = c?.type === "pair_pattern" ? field(c, "value") : c;
      if (bound && (bound.type === "identifier" || bound.type === "shorthand_property_identifier_pattern") && bound.text === name) return true;
    }
    return false;
  }
  return false;
}

/** Per file: the calls read so far (in order) and the first line of a member call on each name (`api.fetch()`). */
const memberCallsSeen = new WeakMap<Ctx, { seen: number; first: Map<string, number> }>();

/** The first line of a call of a member of each name among the file's calls so far (each call read once). */
function memberCallLines(ctx: Ctx): Map<string, number> {
  let state = memberCallsSeen.get(ctx);
  if (!state) memberCallsSeen.set(ctx, (state = { seen: 0, first: new Map() }));
  const calls = ctx.facts.calls;
  for (; state.seen < calls.length; state.seen++) {
    const c = calls[state.seen]!;
    if (c.ref.root.t !== "name" || c.ref.path.length === 0) continue;
    const was = state.first.get(c.ref.root.name);
    if (was === undefined || c.line < was) state.first.set(c.ref.root.name, c.line);
  }
  return state.first;
}
