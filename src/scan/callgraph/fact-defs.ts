// Definitions: reading a function/class/method definition's captures into a Def and naming it the
// way the pycg format does (qualified names, namespaces, IIFE globals, instance fields).
import { BODY_STARTS, type Def, type DefKind, DISCARDED_LITERALS, enclosingClass, STATIC_BLOCK_DECLS, thisOwner } from "./scopes.ts";
import { cap, capAll, type Caps, has } from "./captures.ts";
import { injectedField, JS_FUNCTION_LITERALS, jsParams, typeValue } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { type Ref, type Root, stringLiteral } from "./ref-types.ts";
import { blockNames, staticKey } from "./refs-js-keys.ts";
import type { SourceLanguage } from "./types.ts";
import { addTo } from "./fact-text.ts";
import { field } from "./fields.ts";
import { lineOf as line } from "./wasm-node.ts";
import { charBetween } from "./next-char.ts";
import { pyAncestors } from "./facts-py-flow.ts";
import { addAttr, addExport, boundAround, type Ctx, fieldName, MEMBER_NAMES, PLAIN_NAME, topExportsAliases } from "./fact-ctx.ts";
import { type FactsDraft, GLOBAL_OBJECTS } from "./fact-types.ts";

const DEF_CAPTURES: [string, DefKind][] = [
  ["definition.function", "function"],
  ["definition.method", "method"],
  ["definition.class", "class"],
  ["definition.object", "object"],
  ["definition.main", "main"],
  ["definition.anonymous", "function"],
];
export const isDefCapture = (name: string): boolean => DEF_CAPTURES.some(([c]) => c === name);

const JS_ANONYMOUS = new Set(["<arrow>", "<anonymous>"]);
/** `(globalThis as any).name` (also `window`, `global`, `self`), a TypeScript cast of the global object. */
const CAST_GLOBAL = /^\((globalThis|window|global|self) as [\w$]+\)\.([\w$]+)$/;

/** Python defs whose statement is one of a module's or function's body (rawDef; defKills). */
export const PY_STATEMENT_DEFS = new WeakSet<Def>();
/** Python defs that are statements of a class body; those of them with no decorator (pyRedefined). */
const PY_CLASS_BODY_DEFS = new WeakSet<Def>();
const PY_PLAIN_DEFS = new WeakSet<Def>();

export function rawDef(caps: Caps, language: SourceLanguage, toRef: (n: Node) => Ref | null, out: Def[]): void {
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
    // A well-known symbol's key (`[Symbol.dispose] = () => {}`, `[Symbol.iterator]: function* () {}`)
    // is named by its text, as a method `[Symbol.dispose]() {}` is.
    const symbolKey = computedKey === null && nameCap?.type === "computed_property_name" && WELL_KNOWN_SYMBOL_KEY.test(nameCapText!);
    const anonymous = anonymousCapture || (nameCapText === "module.exports" && JS_FUNCTION_LITERALS.has(type)) ||
      (nameCap?.type === "computed_property_name" && computedKey === null && type !== "method_definition" && !symbolKey) ||
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
    // `(globalThis as any).log = function () {}`, `(window as any).app = {}` (TypeScript casts of a
    // global object): named as `globalThis.log` is.
    else if (nameType === "member_expression" && language !== "python" && name.startsWith("(") && CAST_GLOBAL.test(name)) name = name.replace(CAST_GLOBAL, "$1.$2");
    // `const api = exports; api.run = function () {}`: the export run, named as `exports.run` is.
    else if (nameType === "member_expression" && language !== "python" && /^[\w$]+\.[\w$]+$/.test(name)) {
      const dot = name.indexOf(".");
      if (topExportsAliases(nameNode!).has(name.slice(0, dot))) name = `exports${name.slice(dot)}`;
    }
    // `var that = this; that.run = function () {}` in a function: named and kept as `this.run = ...` is.
    if (nameType === "member_expression" && language !== "python" && JS_FUNCTION_LITERALS.has(type)) name = thisAliasMember(nameNode!) ?? name;
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
    // JS `p = { go: f }` (a function literal, a class) in a function: a value assigned to a name,
    // declared there or in a scope around (fact-bindings.ts binds it where it is declared).
    if (language !== "python" && !own && nameType === "identifier" && node.parent?.type === "assignment_expression") ASSIGNED_DEFS.add(def);
    // `(function () { ... });` and `!function () { ... }` (no call after it): the value is dropped
    // (or turned into a boolean) where it is written, so the function is never called.
    if (anonymous && language !== "python" && JS_FUNCTION_LITERALS.has(type)) {
      let up = node.parent;
      for (let i = 0; i < 8 && up?.type === "parenthesized_expression"; i++) up = up.parent;
      if (up?.type === "expression_statement" || up?.type === "unary_expression") DISCARDED_LITERALS.add(def);
    }
    if (type === "call" && kind === "class") def.callMade = true;
    if (type === "internal_module" || type === "module") def.namespace = true;
    if (type === "function_definition") {
      const body = field(node, "body");
      if (body) BODY_STARTS.set(def, body.startIndex);
    }
    // A JS function declaration: the body (or block) it is a statement of (redeclaredFunction).
    if (language !== "python" && (type === "function_declaration" || type === "generator_function_declaration")) {
      const block = node.parent;
      DECLARED_IN.set(def, block?.startIndex ?? -1);
      if (block?.type === "statement_block" && block.parent?.type === "class_static_block") STATIC_BLOCK_DECLS.add(def);
    } else if (language !== "python" && (type === "class_declaration" || type === "abstract_class_declaration")) {
      const block = node.parent;
      if (block?.type === "statement_block" && block.parent?.type === "class_static_block") STATIC_BLOCK_DECLS.add(def);
    }
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
    } else if (language !== "python" && (kind === "function" || kind === "method")) {
      // `static handler = () => {}` / `static run = function () {}`: a static member as a static
      // method is (the class value has it; an instance field's function is its instances').
      // (Its `static` is written before it: no "static" before it in the file, no parent to read,
      // a descent from the root for every function literal.)
      const holder = charBetween(node, "static", 0, node.startIndex) ? node.parent : null;
      if (holder && (holder.type === "public_field_definition" || holder.type === "field_definition")) {
        for (const c of holder.children) if (c?.type === "static") def.static = true;
      }
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

const WELL_KNOWN_SYMBOL_KEY = /^\[Symbol\.(?:asyncDispose|asyncIterator|dispose|hasInstance|iterator|toPrimitive)\]$/;

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

/** JS definitions written as the value of an assignment to a plain name (`p = { go: f }`). */
const ASSIGNED_DEFS = new WeakSet<Def>();

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

export function fieldAttrs(ctx: Ctx): void {
  for (const f of pendingFields) {
    const cls = ctx.defIndex.get(f.cls);
    const ref = cls === undefined ? null : f.ref ?? ctx.ref(f.value!);
    if (ref) addAttr(ctx.facts, cls!, f.name, { scope: cls!, ref });
  }
  pendingFields = [];
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
export let globalDefs: string[] = [];
/** Of those, the ones written in a function on `self.x` (or another global object's name): localGlobalObjects. */
let globalObjectDefs: { def: number; object: string; name: string }[] = [];
/** JS `p.m = function () {}` definitions, for objectAttrs: attributes of the instance p names (only made ones). */
export let instanceDefs: (NonNullable<Ctx["objAssigns"]>[number] & { made?: true })[] = [];

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

/** Forgets the previous file's instance fields and IIFE parameters (extractFacts, once per file). */
export function beginDefs(): void {
  pendingFields = [];
  iifeGlobals = null;
  iifeExports = null;
}

/** `callee`: the call's captured callee (its `function` field; a JSX element's name, never a function). */
export function iifeGlobalArgs(call: Node, callee: Node | null, args: Node[]): void {
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

/** `<arrow3>`, `<anonymous2>`, by base name and number: one string per name per worker (hashed once where it is a key). */
const ANONYMOUS_NAMES = new Map<string, string[]>();

function anonymousName(base: string, n: number): string {
  if (n >= 1024) return `${base.slice(0, -1)}${n}>`;
  let names = ANONYMOUS_NAMES.get(base);
  if (!names) ANONYMOUS_NAMES.set(base, (names = []));
  return (names[n] ??= `${base.slice(0, -1)}${n}>`);
}

/** Qualified names, members and scope bindings of definitions (parents come before children). */
export function nameDefs(facts: FactsDraft): void {
  const { defs } = facts;
  globalDefs = [];
  globalObjectDefs = [];
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
    // A legacy decorator's `descriptor.value = function () {}` (facts-js-accessors.ts descriptorValue): an
    // anonymous function of the decorator, not a member of some module-level `descriptor`.
    // (`descriptor.get = function () {}` and `descriptor.set = ...` of an accessor decorator too.)
    const described = d.kind === "function" && p ? (d.name.endsWith(".value") ? ".value" : d.name.endsWith(".get") ? ".get" : d.name.endsWith(".set") ? ".set" : null) : null;
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
      d.name = anonymousName(d.name, n);
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
        if (p !== null && GLOBAL_OBJECTS.has(object)) globalObjectDefs.push({ def: i, object, name: rest });
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
        // (In a function, the assignment's own binding places it: a closure's `p = {...}` is the
        // outer p's value, not a local of the function.)
        if (!(ASSIGNED_DEFS.has(d) && p && (p.kind === "function" || p.kind === "method")) && !(facts.language !== "python" && inRenamedBlock(d))) addTo(facts.bindings, d.parent, d.name, self);
      }
    }
  });
  mergedNamespaces(facts);
  objectsOf = null;
}

/**
 * JS `{ const format = () => ...; format(); }` beside another `format` of the file: the block's
 * identifiers read `format\u0001<block>` (facts-js-blocks.ts blockShadows), which the declarator
 * binds; the function is no binding of the plain name in the scope around the block
 * (`scoping/j29_block_scoped_function_shadows_outer`).
 */
function inRenamedBlock(d: Def): boolean {
  const blocks = blockNames?.get(d.name);
  return blocks !== undefined && blocks.some((b) => d.start >= b.start && d.start < b.end);
}

/**
 * Python: a method a class body defines again, both as statements of the body (not under `if` or
 * `try`), is the later def (`@overload` stubs, then the implementation:
 * `decorators/typing_overload_methods_in_class`; `flow/method_redefined_in_class_body`), when
 * that later def is undecorated or only `@staticmethod` / `@classmethod` (a property's `@x.setter` keeps the getter as the member; a later
 * decorated def rebinds the name in the class body, facts-py-classes.ts decorators).
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
 * imported function or class gets from outside (resolve-indexes.ts setFromOutside, as Python's `C.m = f`).
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

/**
 * `var self = this; self.run = function () {}` in a constructor or method: `self` is the function's
 * own name there, not the global object (nameDefs ran before the bindings were read, and took it
 * for one), so run is an attribute of what `this` is where self is bound, as `this.run = ...` makes
 * it, and no global (extractFacts, once the bindings are known).
 */
export function localGlobalObjects(facts: FactsDraft): void {
  const { defs, bindings } = facts;
  for (const { def, object, name } of globalObjectDefs) {
    const d = defs[def]!;
    let at = d.parent;
    while (at >= 0 && !bindings.get(at)?.has(object)) at = defs[at]!.parent;
    if (at < 0 || !bindings.get(at)!.get(object)!.some((r) => r.root.t === "this" && r.path.length === 0)) continue;
    const cls = thisOwner(defs, at);
    // (An IIFE's `this`, anonymous, is the global object or what `.call(this)` gives: still a global.)
    if (cls < 0 || defs[cls]!.kind === "object" || defs[cls]!.anonymous) continue;
    addAttr(facts, cls, name, { scope: d.parent, ref: { root: { t: "def", start: d.start }, path: [] } });
    const top = bindings.get(-1)?.get(name);
    if (top) {
      const rest = top.filter((r) => !(r.root.t === "def" && r.root.start === d.start));
      if (rest.length > 0) bindings.get(-1)!.set(name, rest);
      else bindings.get(-1)!.delete(name);
    }
    globalDefs = globalDefs.filter((n) => n !== name);
  }
  globalObjectDefs = [];
}

const FUNCTION_BODIES = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "generator_function"]);

/**
 * `that.run` in `that.run = function () {}` when the function the assignment is in (up to twelve
 * levels up) declares `var that = this` among its first 64 statements: `this.run`, else null.
 */
function thisAliasMember(member: Node): string | null {
  const object = field(member, "object");
  const property = field(member, "property");
  if (object?.type !== "identifier" || property?.type !== "property_identifier") return null;
  const alias = object.text;
  if (alias === "exports" || alias === "module") return null;
  let fn = member.parent;
  for (let i = 0; fn && i < 12 && !FUNCTION_BODIES.has(fn.type); i++) fn = fn.parent;
  // (Not in an arrow function, whose `this` is the one around it, nor in an IIFE, whose `this` is
  // the global object or what `.call(this)` gives: `self.helper = ...` there stays a global.)
  if (!fn || fn.type === "arrow_function" || calledAtOnce(fn)) return null;
  const body = FUNCTION_BODIES.has(fn.type) ? field(fn, "body") : null;
  if (body?.type !== "statement_block") return null;
  let seen = 0;
  for (const st of body.namedChildren) {
    if (++seen > 64) break;
    const t = st?.type;
    if (t !== "variable_declaration" && t !== "lexical_declaration") continue;
    for (const d of st!.namedChildren) {
      if (d?.type === "variable_declarator" && field(d, "value")?.type === "this" && field(d, "name")?.text === alias) return `this.${property.text}`;
    }
  }
  return null;
}

/** Whether a function expression is called where it is written: `(function () {})()`, `(function () {}).call(this)`. */
function calledAtOnce(fn: Node): boolean {
  if (fn.type !== "function_expression") return false;
  let up = fn.parent;
  for (let i = 0; i < 4 && up?.type === "parenthesized_expression"; i++) up = up.parent;
  if (up?.type === "call_expression") return true;
  if (up?.type === "member_expression") {
    const method = field(up, "property")?.text;
    return (method === "call" || method === "apply") && up.parent?.type === "call_expression";
  }
  return false;
}
