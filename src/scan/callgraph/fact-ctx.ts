// The state one file's fact extraction threads through its handlers (Ctx), and the small helpers
// every handler uses to record what it found.
import type { Branches, Kills } from "./facts-py-ctx.ts";
import type { Def } from "./scopes.ts";
import { Deferred } from "./deferred.ts";
import { JS_FUNCTION_LITERALS } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import type { Ref } from "./ref-types.ts";
import { field } from "./fields.ts";
import { charBetween } from "./next-char.ts";
import { rowOf } from "./wasm-node.ts";
import type { CallFact, FactsDraft, ScopedRef } from "./fact-types.ts";

/**
 * `group`: an if/else statement of the body whose every branch that goes on reassigns the name:
 * like one reassignment (lines from..to) holding any of bindings group..index (`branchGroups`).
 */
export interface Reassign { scope: number; name: string; index: number; from: number; to: number; wrap: boolean; straight: boolean; group?: number; loopFrom?: number }

export interface Ctx {
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
  /**
   * JS `const g = f` (a binding whose value is a plain name read): g's binding `index` of its scope,
   * the line of the read (facts.ts readsAboveReassign: a read above f's reassignments sees f's bindings before them).
   */
  valueReads?: { scope: number; name: string; index: number; line: number }[];
  /** JS `f = v` directly in a branch of an if/else statement of its body (`jsBranch`). */
  branchReassigns?: ({ scope: number; name: string; index: number } & JsBranch)[];
  /** "scope\0name" of the straight reassignments. */
  reassigned?: Set<string>;
  /** Python `x = o.attr` reads, weak getter calls added after the file's passes (getterRead below). */
  getterReads?: CallFact[];
  /** JS calls `f()` of a reassigned name, in straight-line code: they see the last binding before. */
  straightCalls?: CallFact[];
  /**
   * JS `o.x = v` on objects other than `this`: the object as a name and members (objectAttrs);
   * `from`/`to`: the value's lines, for a call value (`o.m = wrap(o.m)`: objectAttrs).
   */
  objAssigns?: { scope: number; object: string[]; name: string; value: Ref; from: number; to: number; proto?: true; assign?: true; surely?: true; byName?: true }[];
  /** `o.run = make()` / `this.run = make()` with make a function of the file: the function literals make returns get o as `this` (facts.ts factoryThis). */
  factoryMembers?: { factory: number; calls: number; scope: number; receiver: Ref }[];
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
  /** Functions of the file that link their parameters' prototypes, by name (facts-js-calls.ts inheritsHelper). */
  inheritsHelpers?: Map<string, [number, number] | null>;
  caught?: { catches: CatchParam[]; thrown: { scope: number; ref: Ref; at?: number }[]; viaCalls?: { scope: number; name: string; ref: Ref }[] };
  defIndex: Map<number, number>;
  /** `type`, `text`: the node's type and text when already read (each read crosses into WASM). */
  ref: (n: Node, type?: string, text?: string) => Ref | null;
  scope: (n: Node) => number;
  /** TypeScript: the namespace whose body holds a position, or -1 (only when the file has one). */
  namespaceOf?: (pos: number) => number;
  /** Python `name = value` statements that always run in their scope (facts-py.ts). */
  kills: Kills;
  /** Python `name = value` in branches of an if/else or a loop's else (facts-py-kills.ts branchBind). */
  branches: Branches;
  /** Python `x = C(a)` bindings numbered so far (the call root's `n`, fact-bindings.ts). */
  madeCalls?: number;
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
   * `resolve(f)` in one is no call of f (the promise holds f: refs-js.ts).
   */
  executors?: { name: string; reject?: string; start: number; end: number }[];
  /** JS names the top level binds to module.exports (exportsAliases). */
  exportsAliases?: Set<string>;
}

/** A class field's name: JavaScript's field_definition has it as `property`, TypeScript's public_field_definition as `name`. */
export function fieldName(node: Node | undefined): Node | undefined {
  return (node && field(node, node.type === "field_definition" ? "property" : "name")) ?? undefined;
}

export const MEMBER_NAMES = new Set(["property_identifier", "private_property_identifier", "string", "number"]);

export function addAttr(facts: FactsDraft, def: number, name: string, value: ScopedRef): void {
  let inner = facts.attrs.get(def);
  if (!inner) facts.attrs.set(def, (inner = new Map()));
  const list = inner.get(name);
  if (list) list.push(value);
  else inner.set(name, [value]);
}

export function addExport(facts: FactsDraft, name: string, ref: Ref | null): void {
  if (!ref) return;
  const list = facts.exports.get(name);
  if (list) list.push(ref);
  else facts.exports.set(name, [ref]);
}

export const text = (n: Node | undefined): string | null => (n ? n.text : null);

/**
 * Where an assignment statement sits directly in a branch of an if/else chain that is itself a
 * statement of its module or function body: the chain (start, lines), the branch (its start), and
 * the branches that go on past the chain (`need`: null without a final else).
 */
export interface JsBranch { stmt: number; first: number; last: number; branch: number; need: number[] | null }

/**
 * A JS `catch (e)` parameter (or a `.catch((e) => {})` handler's). For a try statement's: the
 * try block's range and the names its code calls, constructs or hands on (`names`), or
 * `names` undefined when the block awaits or yields a value no call there makes (a promise
 * made before the try may reject with anything the file throws).
 */
export interface CatchParam { scope: number; name: string; body?: { start: number; end: number }; names?: Set<string>; members?: Set<string> }

/**
 * A module's value or export set inside a function (a UMD wrapper's `module.exports = factory()`,
 * `factory` its parameter): read in that function's scope, as the module's other exports are at
 * the top level.
 */
export function inScope(ctx: Ctx, node: Node, ref: Ref | null): Ref | null {
  if (!ref || ref.root.t === "def") return ref;
  const scope = ctx.scope(node);
  return scope < 0 || ctx.facts.defs[scope]?.kind === "main" ? ref : { root: { t: "scoped", scope, ref }, path: [] };
}

/**
 * Names the module's top level binds to its exports object (`const api = module.exports = {}`,
 * `var self = module.exports`, `const out = exports`): read once per file, from the top level's
 * declarations only.
 */
export function exportsAliases(ctx: Ctx, node: Node): Set<string> {
  return ctx.exportsAliases ??= topExportsAliases(node);
}

/** exportsAliases() of the file `node` is in, by its tree (rawDef reads it before any Ctx). */
const EXPORTS_ALIASES = new WeakMap<object, Set<string>>();
export function topExportsAliases(node: Node): Set<string> {
  const known = EXPORTS_ALIASES.get(node.tree);
  if (known) return known;
  const out = new Set<string>();
  EXPORTS_ALIASES.set(node.tree, out);
  // (The tree's root, the node's topmost ancestor: not walked up to, each `.parent` a descent from it.)
  const root = node.tree.rootNode;
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

/** Whether `name` is a (whole, not destructured) parameter of the function `scope`. */
export function isParam(defs: Def[], scope: number, name: string): boolean {
  return scope >= 0 && (defs[scope]!.params?.some((p) => p.name === name && p.path.length === 0) ?? false);
}

/** What `name` is bound to in `scope` or the nearest scope around it that binds it (the top level last). */
export function boundAround(facts: FactsDraft, scope: number, name: string): Ref[] | undefined {
  let refs = facts.bindings.get(scope)?.get(name);
  while (!refs && scope >= 0) {
    scope = facts.defs[scope]!.parent;
    refs = facts.bindings.get(scope)?.get(name);
  }
  return refs;
}

/** `object.property` with an identifier object (named `object` unless null) and a property_identifier. */
export function isMember(node: Node, object: string | null, property: string): boolean {
  const o = field(node, "object");
  const p = field(node, "property");
  return o?.type === "identifier" && (object === null || o.text === object) && p?.type === "property_identifier" && p.text === property;
}

/**
 * The scope a call is made in. A call that starts with a function literal (`function () {}()`,
 * `function () {}.call(x)`) starts where that function does, but is made around it, not in it.
 */
export function callScope(ctx: Ctx, call: Node): number {
  const decorated = ctx.decorators?.get(call.startIndex);
  if (decorated !== undefined) return decorated;
  let scope = ctx.scope(call);
  const defs = ctx.facts.defs;
  // `[key()]() {}`: a method's computed name is run where the class (object) is made. (Such a
  // name starts with `[`: with none from the method's start to the call, inMethodKey's walk up,
  // a descent from the root per level, is spared for nearly every call in a method.)
  if (scope >= 0 && defs[scope]!.kind === "method" && ctx.facts.language !== "python" && charBetween(call, "[", defs[scope]!.start, call.startIndex) && inMethodKey(call)) {
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

/**
 * The function named `name` that code in `scope` sees among the definitions: one declared in
 * `scope` or a scope around it (compiled classes declare their constructor in an IIFE).
 */
export function visibleFunction(defs: Def[], scope: number, name: string): number {
  // (The innermost: a function of an enclosing function hides the file's of the same name.)
  const around = new Map<number, number>();
  let n = 0;
  for (let s = scope; s >= 0; s = defs[s]!.parent) around.set(s, n++);
  around.set(-1, n);
  let best = -1;
  let depth = n + 1;
  for (let i = 0; i < defs.length; i++) {
    const d = defs[i]!;
    if (d.kind !== "function" || d.member || d.anonymous || d.name !== name) continue;
    const k = around.get(d.parent);
    if (k !== undefined && k < depth) {
      best = i;
      depth = k;
    }
  }
  return best;
}

/** The class declared as `name` that code in `scope` sees (as visibleFunction). */
export function visibleClass(defs: Def[], scope: number, name: string): number {
  const around = new Set<number>([-1]);
  for (let s = scope; s >= 0; s = defs[s]!.parent) around.add(s);
  return defs.findIndex((d) => d.kind === "class" && !d.anonymous && d.name === name && around.has(d.parent));
}

/** A property name as the text of a property_identifier (a private `#x` or anything else is not). */
export const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Python `x = o.attr` (also `return o.attr`): runs attr's getter when it is a property (or descriptor) of ours. A weak
 * call (a reference edge, graph.ts keeps it only for a getter's name): reachability follows it, the
 * pycg form, like PyCG, names no bare read. Kept apart until the file's passes over its calls are done.
 */
export function getterRead(ctx: Pick<Ctx, "ref" | "scope" | "getterReads">, node: Node): void {
  const ref = ctx.ref(node, "attribute");
  if (ref && ref.path.length > 0 && ctx.getterReads) ctx.getterReads.push({ scope: ctx.scope(node), ref, line: rowOf(node) + 1, kind: "call", getter: true, weak: true });
}
