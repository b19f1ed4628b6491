// JavaScript member assignments (`a.b = v`, `this.x = v`, `exports.f = v`) and property reads.
import { cap, type Caps } from "./captures.ts";
import { eitherCallee, forInKey, forOfKeys, JS_FUNCTION_LITERALS } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { addTo } from "./fact-text.ts";
import { endRowOf, lineOf as line } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { staticKey } from "./refs-js-keys.ts";
import { type Ref, stringLiteral } from "./ref-types.ts";
import { type Def, thisOwner } from "./scopes.ts";
import { addAttr, addExport, type Ctx, exportsAliases, inScope, isMember, isParam, visibleClass, visibleFunction } from "./fact-ctx.ts";
import { EITHER_MEMBER, keptOperands } from "./fact-either.ts";
import { PROTOTYPE_SET, SPREAD, THIS_GIVEN } from "./fact-types.ts";
import { bindingFact, keepArrayItems } from "./fact-bindings.ts";
import { descriptorValue } from "./facts-js-accessors.ts";
import { functionNames, inherit, loopOverParam, objectAssignment } from "./facts-js-objects.ts";

/**
 * An assignment to a member, as imports.scm matches them all: `module.exports = v` (the module's
 * value; a function literal there is kept for the module's callers), `exports.x = v` and
 * `module.exports.x = v` (named exports), `this.x = v` (an attribute of the class or constructor
 * function `this` is in; Python's `self.x = v` is facts-py.ts's). The member's text rules out
 * most others before its parts are read.
 */
export function memberAssignment(ctx: Ctx, member: Node, valueNode: Node): void {
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
        // `this` in the function literal is an instance of the owner, as in `Api.prototype.get = function` (J29).
        const fn = ctx.defIndex.get(valueNode.startIndex);
        if (fn !== undefined) ownerInstanceThis(ctx, fn, owner.text, scope);
        return;
      }
    }
  }
  if (!memberText.startsWith("this") && !memberText.startsWith("module") && !memberText.startsWith("exports")) {
    if (memberText.endsWith(".value") || memberText.endsWith(".get") || memberText.endsWith(".set")) descriptorValue(ctx, member, valueNode);
    // `Child.prototype = new Parent()`: Parent is a base of the constructor function Child.
    if (memberText.endsWith(".prototype") && valueNode.type === "new_expression" && isMember(member, null, "prototype")) {
      const base = field(valueNode, "constructor");
      if (base?.type === "identifier") inherit(ctx, field(member, "object")!, base);
    }
    // (`Api.prototype.get = trace(function () {})` too: what the call returns; not a method wrapped
    // in place, `C.prototype.m = wrap(C.prototype.m)`, read below.)
    if (valueNode.type === "identifier" || ((valueNode.type === "member_expression" || (valueNode.type === "call_expression" && !valueNode.text.includes(memberText))) && memberText.includes(".prototype."))) staticMember(ctx, member, valueNode);
    // `B.prototype.g = c ? function () {} : function () {}` (`= a || b`): either operand is the
    // instances' g, as for `this.g = ...` below; the literals are kept, not run where written.
    else if ((valueNode.type === "ternary_expression" || (valueNode.type === "binary_expression" && EITHER_MEMBER.test(valueNode.text))) && memberText.includes(".prototype.")) {
      const either = eitherCallee(valueNode, (n) => ctx.ref(n));
      if (either) {
        keptOperands(ctx, valueNode, valueNode.type);
        staticMember(ctx, member, valueNode, either);
      }
    }
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
    if (member.type === "member_expression" && valueNode.type === "call_expression") {
      const object = field(member, "object");
      if (object) factoryMember(ctx, member, object, object.type, valueNode);
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
  if (facts.language !== "python") factoryMember(ctx, member, object, objectType, valueNode);
  if (objectType === "member_expression" && facts.language !== "python" && memberText.startsWith("this.")) thisLiteralMember(ctx, member, object, property.text, valueNode);
  if (objectType === "this") {
    // `this.cb = typeof a === "function" ? a : b!`, `this.h = opts.h || fallback`: either operand,
    // as an object literal's property value is (propertyFact).
    const valueType = valueNode.type;
    const ref = valueType === "ternary_expression" || (valueType === "binary_expression" && EITHER_MEMBER.test(valueNode.text))
      ? eitherCallee(valueNode, (n) => ctx.ref(n)) ?? ctx.ref(valueNode) : ctx.ref(valueNode);
    if (!ref) {
      // `this.prefix = "job"` in a class: an own attribute holding nothing we follow, no member of a
      // package's base class when read (resolve-members.ts setsAttr).
      const d = propertyType === "property_identifier" ? facts.defs[thisOwner(facts.defs, ctx.scope(member))] : undefined;
      if (d?.kind === "class" && !d.fields?.includes(property.text) && (d.fields?.length ?? 0) < 1024) (d.fields ??= []).push(property.text);
      return;
    }
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
    // `module.exports = c ? require("./a") : require("./b")`: either operand, as for `this.x = ...` above.
    const either = valueType === "ternary_expression" || (valueType === "binary_expression" && EITHER_MEMBER.test(valueNode.text)) ? eitherCallee(valueNode, (n) => ctx.ref(n)) : null;
    const ref = inScope(ctx, member, either ?? ctx.ref(valueNode, valueType));
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
  // (Or what a call makes: a memo, `this.instances[name] = this.factories[name](this)` then
  // `return this.instances[name]`, `this.cache[k] = new Entry(k)`.)
  const made = valueNode.type === "call_expression" || valueNode.type === "new_expression";
  if ((valueNode.type !== "identifier" && !made) || object?.type !== "member_expression" || field(object, "object")?.type !== "this") return;
  const property = field(object, "property");
  const index = field(member, "index");
  if (property?.type !== "property_identifier" || !index) return;
  const { facts } = ctx;
  const scope = ctx.scope(member);
  const valueText = valueNode.text;
  if (!made && visibleFunction(facts.defs, scope, valueText) < 0 && !isParam(facts.defs, scope, valueText) && !loopOverParam(ctx, member, valueText, null)) return;
  const cls = thisOwner(facts.defs, scope);
  const ref = cls >= 0 ? ctx.ref(valueNode, valueNode.type) : null;
  if (!ref) return;
  const name = property.text;
  const key = staticKey(index) ?? "[*]";
  const qname = `${facts.defs[cls]!.qname}.${name}`;
  const literal = facts.defs.findIndex((d) => d.kind === "object" && d.qname === qname);
  if (literal >= 0) addAttr(facts, literal, key, { scope, ref });
  else addAttr(facts, cls, name, { scope, ref: { root: { t: "items", items: [{ key: key === "[*]" ? key : `[${key}]`, ref }] }, path: [] } });
}

/**
 * `Card.Header = Header` on a function of ours (a compound component, a static helper): Header
 * becomes a member of Card, as `this.x = v` makes one of a constructor function.
 */
function staticMember(ctx: Ctx, member: Node, value: Node, either?: Ref): void {
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
    // in place of the method the class body wrote (resolve-classes.ts ownMember).
    const scope = proto ? ctx.scope(member) : -1;
    const cls = proto && scope === -1 ? visibleClass(defs, scope, object.text) : -1;
    const ref = cls >= 0 ? either ?? ctx.ref(value) : null;
    if (ref) {
      addAttr(ctx.facts, cls, PROTOTYPE_SET + property.text, { scope, ref });
      prototypeThis(ctx, value, object.text, scope);
    }
    return;
  }
  const scope = ctx.scope(member);
  const def = visibleFunction(defs, scope, object.text);
  const ref = def >= 0 ? either ?? ctx.ref(value) : null;
  if (ref) addAttr(ctx.facts, def, property.text, { scope, ref });
  // (The choice is also a member of the literal `F.prototype = { f() { this.g(); } }` wrote, which
  // is `this` in its methods; a function literal is one by its name, `F.prototype.g`.)
  if (ref && either && proto) {
    const literal = ctx.facts.members.get(`${defs[def]!.qname}.prototype`);
    if (literal !== undefined && defs[literal]!.kind === "object") addAttr(ctx.facts, literal, property.text, { scope, ref });
  }
  if (ref && proto) prototypeThis(ctx, value, object.text, scope);
}

/**
 * `Stack.prototype.push = pushItem` of a function declared in the file: `this` in pushItem is a
 * Stack too (as in `Stack.prototype.push = function`), so `s.push(1).peek()` reads Stack's peek.
 */
function prototypeThis(ctx: Ctx, value: Node, owner: string, scope: number): void {
  if (value.type !== "identifier") return;
  const fn = visibleFunction(ctx.facts.defs, scope, value.text);
  if (fn >= 0 && ctx.facts.defs[fn]!.kind === "function") ownerInstanceThis(ctx, fn, owner, scope);
  // (A function another module gives, `const { pushItem } = require("./helpers")`: `this` given from
  // outside, as `f.call(obj)` of a function the file cannot name (facts-js-calls.ts thisGivenOutside).)
  else if (fn < 0 && (ctx.facts.objAttrs?.length ?? 0) < 256) {
    const made: Ref = { root: { t: "new", callee: { root: { t: "name", name: owner }, path: [] } }, path: [] };
    (ctx.facts.objAttrs ??= []).push({ scope, obj: { root: { t: "name", name: value.text }, path: [] }, name: THIS_GIVEN, value: made });
  }
}

/** `this` in function `fn` is (also) an instance of `owner`, a constructor named where `scope` sees it. */
function ownerInstanceThis(ctx: Ctx, fn: number, owner: string, scope: number): void {
  const made: Ref = { root: { t: "new", callee: { root: { t: "name", name: owner }, path: [] } }, path: [] };
  addTo(ctx.facts.bindings, fn, "this", { root: { t: "scoped", scope, ref: made }, path: [] });
}

/** `a ||= f` (`&&=`, `??=`: imports.scm): a binding of a name, or an assignment to a member (`o.x`, or `o[k]`: `this.cache[k] ??= new Conn()`), like `=`. */
export function logicalAssignment(ctx: Ctx, left: Node, valueNode: Node): void {
  const assignment = left.parent!;
  if (left.type === "member_expression" || left.type === "subscript_expression") return memberAssignment(ctx, left, valueNode);
  const patternIndex = 0;
  bindingFact([
    { patternIndex, name: "binding.name", node: left }, { patternIndex, name: "binding.value", node: valueNode },
    { patternIndex, name: "binding", node: assignment },
  ], ctx);
}

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

/** A property of an object literal that is a definition (`module.exports = { run }`). */
export function propertyFact(caps: Caps, object: Node, ctx: Ctx): void {
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
  // `{ run: make() }`: `this` in the function literals make returns is the object, as for `o.run = make()`.
  if (ref && !proto && valueType === "call_expression" && ctx.facts.language !== "python") factoryMember(ctx, object, object, object.type, valueNode, { root: { t: "def", start: object.startIndex }, path: [] });
  // ...and `super.m()` in its methods reads base's (resolve-classes.ts: bases of the object literal).
  if (ref && proto) ctx.facts.defs[def]!.bases = [...ctx.facts.defs[def]!.bases, ref];
}

/**
 * `this.hooks.onStart = boot` where the class's code assigns `this.hooks = { ... }` (an object
 * literal, a definition of the file named `this.hooks`): a member of that literal, as
 * `hooks.onStart = boot` is of `const hooks = {}` (X8's suspicion). Also an object literal nested
 * in it (`this.routes = { home: {} }; this.routes.home.handler = f`), up to three names after `this`.
 */
function thisLiteralMember(ctx: Ctx, member: Node, object: Node, name: string, valueNode: Node): void {
  const path = THIS_PATH.exec(object.text);
  if (!path) return;
  const { defs } = ctx.facts;
  const scope = ctx.scope(member);
  const cls = thisOwner(defs, scope);
  if (cls < 0) return;
  let literals = thisLiterals.get(defs);
  if (!literals) {
    thisLiterals.set(defs, (literals = new Map()));
    for (let i = 0; i < defs.length; i++) {
      const d = defs[i]!;
      if (d.kind !== "object") continue;
      // (An object literal nested in another, by the outer's index and its own name.)
      if (d.parent >= 0 && defs[d.parent]!.kind === "object" && !literals.has(`${d.parent}/${d.name}`)) literals.set(`${d.parent}/${d.name}`, i);
      if (!d.name.startsWith("this.") || d.name.indexOf(".", 5) >= 0) continue;
      const owner = thisOwner(defs, d.parent);
      if (owner >= 0 && !literals.has(`${owner} ${d.name}`)) literals.set(`${owner} ${d.name}`, i);
    }
  }
  let literal = literals.get(`${cls} this.${path[1]}`);
  // (A literal nested in it: the member definition of that name whose parent it is.)
  for (const key of path[2] ? path[2].slice(1).split(".") : []) if (literal !== undefined) literal = literals.get(`${literal}/${key}`);
  const ref = literal !== undefined ? ctx.ref(valueNode) : null;
  if (ref) addAttr(ctx.facts, literal!, name, { scope, ref });
}

/** `this.a`, `this.a.b`, `this.a.b.c` (plain names): a, then the rest. */
const THIS_PATH = /^this\.([A-Za-z_$][\w$]*)((?:\.[A-Za-z_$][\w$]*){0,2})$/;

/** Per file: its `this.x = { ... }` object literals by owner class and name (thisLiteralMember). */
const thisLiterals = new WeakMap<Def[], Map<string, number>>();

/**
 * `o.run = make()` / `this.run = make()` (make a function of the file, called with no arguments
 * or some): the function literals make returns are called as `o.run()`, so `this` in them is o
 * (facts.ts factoryThis, once make's returns are known).
 */
function factoryMember(ctx: Ctx, member: Node, object: Node, objectType: string, valueNode: Node, literal?: Ref): void {
  if (valueNode.type !== "call_expression" || (!literal && objectType !== "this" && objectType !== "identifier")) return;
  // (`make()()`: what the function make returns returns; up to three calls deep.)
  let callee = field(valueNode, "function");
  let calls = 1;
  while (callee?.type === "call_expression" && calls < 3) {
    callee = field(callee, "function");
    calls++;
  }
  if (callee?.type !== "identifier") return;
  const scope = ctx.scope(member);
  const factory = visibleFunction(ctx.facts.defs, scope, callee.text);
  if (factory < 0) return;
  const receiver = literal ?? (objectType === "this" ? { root: { t: "this" as const }, path: [] } : ctx.ref(object, objectType));
  if (receiver && (ctx.factoryMembers?.length ?? 0) < 256) (ctx.factoryMembers ??= []).push({ factory, calls, scope, receiver });
}
