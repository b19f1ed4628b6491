// JavaScript/TypeScript-only parts of fact extraction: parameter names (for parameter flow),
// call arguments, and what happens to anonymous functions (passed on, returned, called at once).
import type { Node } from "web-tree-sitter";
import { firstArgument, holding, stringLiteral, type Ref } from "./ref-types.ts";
import { field } from "./fields.ts";
import { charBetween } from "./next-char.ts";

/** A name a parameter binds: the argument at `index` (-1: none), the member `path` of it, a default. */
export interface JsParam {
  name: string;
  index: number;
  path: string[];
  dflt: Ref | null;
  /** TypeScript: a value of the annotated type (`x: Service` → an instance of Service). */
  typed?: Ref;
  /** TypeScript parameter property (`constructor(private svc: Service)`): also `this.svc`. */
  property?: true;
  /** `...rest`: the arguments from `index` on, as an array. */
  star?: "*";
  /** `{ a = d }`: d, for an argument that lacks the member (bound beside the member). */
  memberDefault?: Ref;
}

/** Most names taken from one parameter list (generated code can have thousands). */
const MAX_PARAM_NAMES = 64;

/**
 * The names a function's parameters bind: `x`, `x = d`, `{ a, b: c }` (members of the argument),
 * `[a, b]` and `...rest` (bound, so they shadow outer names, but receiving nothing we track).
 */
export function jsParams(fn: Node, toRef: (n: Node) => Ref | null): JsParam[] {
  const out: JsParam[] = [];
  const single = field(fn, "parameter");
  if (single) {
    if (single.type === "identifier") out.push({ name: single.text, index: 0, path: [], dflt: null });
    return out;
  }
  const list = field(fn, "parameters");
  let index = 0;
  for (const p of list?.namedChildren ?? []) {
    if (!p || p.type === "comment") continue;
    let n: Node | null = p;
    // TypeScript wraps parameters (`x: T`, `x?: T`, `public x`); defaults are `x = v`.
    if (n.type === "required_parameter" || n.type === "optional_parameter") {
      // (A default follows a `=`, a type annotation starts with `:`: with none in the parameter,
      // that field is not read.)
      const value = charBetween(n, "=", n.startIndex, n.endIndex) ? field(n, "value") : null;
      // (A decorator starts with `@`: with none in the parameter, no list of its children is read.)
      const token = charBetween(n, "@", n.startIndex, n.endIndex) ? injectToken(n) : null;
      const annotated = typeValue(charBetween(n, ":", n.startIndex, n.endIndex) ? field(n, "type") : null);
      // `@Inject(TOKEN) x: Iface`: what the providers of TOKEN give, beside the annotated class.
      const provided: Ref | undefined = token ? { root: { t: "provided", token }, path: [] } : undefined;
      const typed = provided && annotated ? { root: { t: "union", refs: [annotated, provided] }, path: [] } as Ref : provided ?? annotated;
      // (Modifiers stand before the pattern: with the pattern at the parameter's start there are
      // none, and no list of its children is read.)
      const pat = field(n, "pattern");
      const property = (pat === null || pat.startIndex !== n.startIndex) && (n.namedChildren.some((c) => c?.type === "accessibility_modifier" || c?.type === "override_modifier") ||
        n.children.some((c) => c?.type === "readonly"));
      n = pat;
      // `this: T` types `this`: no argument goes to it.
      if (n?.type === "this") continue;
      const before = out.length;
      if (n) pattern(n, index, [], value ? toRef(value) : null, out, toRef, true);
      const own = out.length === before + 1 && n?.type === "identifier" ? out[before]! : null;
      if (own && typed) own.typed = typed;
      if (own && property) own.property = true;
    } else pattern(n, index, [], null, out, toRef, true);
    index++;
  }
  return out;
}

/** A DI token as a key: `MAILER` / `Tokens.MAILER` → "n:MAILER", `"MAILER"` → "s:MAILER"; null for anything else. */
export function tokenKey(n: Node | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "identifier") return `n:${n.text}`;
  if (n.type === "member_expression") {
    const p = field(n, "property");
    return p?.type === "property_identifier" ? `n:${p.text}` : null;
  }
  if (n.type === "string") {
    const s = stringLiteral(n);
    return s ? `s:${s}` : null;
  }
  return null;
}

/** The token of a parameter's `@Inject(TOKEN)` decorator (NestJS, also `@inject(TOKEN)` of InversifyJS/tsyringe). */
function injectToken(param: Node): string | null {
  const d = injectDecorator(param);
  return d ? tokenKey(firstArgument(field(d, "arguments"))) : null;
}

/** The `Inject(…)` / `inject(…)` call decorating a parameter or field, if any. */
function injectDecorator(node: Node): Node | null {
  for (const d of node.namedChildren) {
    if (d?.type !== "decorator") continue;
    const call = d.namedChild(0);
    if (call?.type !== "call_expression") continue;
    const fn = field(call, "function");
    const name = fn?.type === "identifier" ? fn.text : fn?.type === "member_expression" ? field(fn, "property")?.text : undefined;
    if (name === "Inject" || name === "inject") return call;
  }
  return null;
}

/**
 * A class field injected by a decorator, with no initialiser (`@Inject(MAILER) private readonly
 * mailer: Mailer;`, `@Inject() svc: Service;`): what the container sets it to, the token's
 * providers or an instance of the annotated class.
 */
export function injectedField(fieldNode: Node): Ref | null {
  const call = injectDecorator(fieldNode);
  if (!call) return null;
  const arg = firstArgument(field(call, "arguments"));
  const token = arg ? tokenKey(arg) : null;
  if (token) return { root: { t: "provided", token }, path: [] };
  return arg ? null : typeValue(field(fieldNode, "type")) ?? null;
}

/**
 * `: Service`, `: ns.Service`, `: Service<T>` → an instance of that class (if it is one of ours);
 * `: Service | null` → that too, `: Job[]` → an array of them.
 */
export function typeValue(annotation: Node | null): Ref | undefined {
  const t = annotation?.type === "type_annotation" ? annotation.namedChild(0) : null;
  return t ? typeRef(t, 0) : undefined;
}

function typeRef(node: Node, depth: number): Ref | undefined {
  let t: Node | null = node;
  const type = t.type;
  if (type === "union_type" && depth < 4) {
    const refs: Ref[] = [];
    for (const c of t.namedChildren) {
      const r = c ? typeRef(c, depth + 1) : undefined;
      if (r) refs.push(r);
    }
    return refs.length === 0 ? undefined : refs.length === 1 ? refs[0] : { root: { t: "union", refs }, path: [] };
  }
  if (type === "array_type" && depth < 4) {
    const item = t.namedChild(0);
    const r = item ? typeRef(item, depth + 1) : undefined;
    return r ? holding(r) : undefined;
  }
  if (type === "generic_type") t = field(t, "name");
  if (!t) return undefined;
  const parts = t.type === "type_identifier" ? [t.text] : t.type === "nested_type_identifier" ? t.text.split(".") : null;
  if (!parts || parts.length > 8 || parts.some((p) => !/^[\w$]+$/.test(p))) return undefined;
  const callee: Ref = { root: { t: "name", name: parts[0]! }, path: parts.slice(1) };
  return { root: { t: "new", callee, typed: true }, path: [] };
}

function pattern(n: Node, index: number, path: string[], dflt: Ref | null, out: JsParam[], toRef: (n: Node) => Ref | null, param = false): void {
  if (out.length >= MAX_PARAM_NAMES || path.length > 4) return;
  // A parameter's `dflt` is the whole parameter's default (`({ cb } = { cb: f })`), read at the
  // names' paths as an argument is: every name of the pattern keeps it. A declaration's is the
  // name's own.
  const inner = param ? dflt : null;
  switch (n.type) {
    case "identifier":
      out.push({ name: n.text, index, path, dflt });
      return;
    case "rest_pattern": {
      // `...rest` as a parameter: the remaining arguments; inside a pattern: bound, no flow.
      const id = n.namedChild(0);
      if (path.length === 0 && index >= 0 && id?.type === "identifier") out.push({ name: id.text, index, path, dflt: null, star: "*" });
      else if (path.length === 0 && index >= 0 && id?.type === "array_pattern" && param) {
        // `f(a, ...[b, ...more])`: the pattern takes the remaining arguments' array apart.
        const from = out.length;
        pattern(id, index, path, null, out, toRef, param);
        for (let i = from; i < out.length; i++) if (out[i]!.index >= 0) out[i]!.star = "*";
      } else shadow(n, out);
      return;
    }
    case "assignment_pattern": {
      const left = field(n, "left");
      const right = field(n, "right");
      if (param && path.length > 0) {
        // `([first = f] = [])`: the item's default stands for the item, bound beside it (as `{ a = d }`).
        const memberDefault = right && index >= 0 ? toRef(right) : null;
        if (left?.type === "identifier") out.push({ name: left.text, index, path, dflt, ...(memberDefault ? { memberDefault } : {}) });
        else if (left) pattern(left, index, path, dflt, out, toRef, param);
        return;
      }
      if (left) pattern(left, index, path, right ? toRef(right) : null, out, toRef, param);
      return;
    }
    case "object_pattern":
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === "shorthand_property_identifier_pattern") out.push({ name: c.text, index, path: [...path, c.text], dflt: inner });
        else if (c.type === "object_assignment_pattern") {
          // `{ a = d }`: the default stands for the member itself, which a param path cannot say:
          // it is bound beside it (an argument may lack the member).
          const left = field(c, "left");
          const right = field(c, "right");
          const memberDefault = right && index >= 0 ? toRef(right) : null;
          if (left) out.push({ name: left.text, index, path: [...path, left.text], dflt: inner, ...(memberDefault ? { memberDefault } : {}) });
        } else if (c.type === "pair_pattern") {
          const key = field(c, "key");
          const value = field(c, "value");
          // `{ a: b = d }`: as `{ a = d }`, bound to b.
          const left = value?.type === "assignment_pattern" ? field(value, "left") : null;
          if (key && left?.type === "identifier") {
            const right = field(value!, "right");
            const memberDefault = right && index >= 0 ? toRef(right) : null;
            out.push({ name: left.text, index, path: [...path, key.text], dflt: inner, ...(memberDefault ? { memberDefault } : {}) });
          } else if (key && value) pattern(value, index, [...path, key.text], inner, out, toRef, param);
        } else if (c.type === "rest_pattern") {
          // `{ a, ...rest }`: rest holds the other members (the whole value, flow-insensitively).
          const id = c.namedChild(0);
          if (id?.type === "identifier" && index >= 0) out.push({ name: id.text, index, path, dflt: inner });
          else shadow(c, out);
        }
      }
      return;
    case "array_pattern": {
      // `[a, , b]`: items by position (holes count), as array literals name them ("[0]", "[2]").
      let i = 0;
      for (const c of n.children) {
        if (!c) continue;
        if (c.type === ",") i++;
        else if (c.type === "rest_pattern") {
          // `[a, ...rest]`: rest holds the items from this position on (`xs[1:]`, renumbered).
          const id = c.namedChild(0);
          if (id?.type === "identifier") out.push({ name: id.text, index, path: [...path, `[${i}:]`], dflt: inner });
          else shadow(c, out);
        }
        else if (c.isNamed && c.type !== "comment") pattern(c, index, [...path, `[${i}]`], inner, out, toRef, param);
      }
      return;
    }
    default:
      shadow(n, out); // `...rest`: bound, no flow
  }
}

/**
 * The names a destructuring pattern binds with the member path each takes from the value:
 * `[a, , b]` → a: ["[0]"], b: ["[2]"]; `{ x, y: [z] }` → x: ["x"], z: ["y", "[0]"].
 */
export function jsPatternNames(n: Node, toRef: (n: Node) => Ref | null = () => null): { name: string; path: string[]; dflt: Ref | null; memberDefault?: Ref }[] {
  const out: JsParam[] = [];
  pattern(n, 0, [], null, out, toRef);
  return out.map((p) => (p.memberDefault && p.index >= 0 ? { name: p.name, path: p.path, dflt: p.dflt, memberDefault: p.memberDefault } : { name: p.name, path: p.index < 0 ? ["[*]"] : p.path, dflt: p.dflt }));
}

function shadow(n: Node, out: JsParam[]): void {
  for (const id of n.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"])) {
    if (id && out.length < MAX_PARAM_NAMES) out.push({ name: id.text, index: -1, path: [], dflt: null });
  }
}

/** The argument expressions of a call or `new` (spread arguments end the positional list). */
export function jsArgs(call: Node): Node[] {
  return jsArgsTyped(call).nodes;
}

/** A call's arguments as jsArgsTyped reads them. */
export interface JsArgs {
  nodes: Node[];
  types: string[];
  /** Starts of the function literals written as arguments. */
  literals: number[];
  /** Object literals written as arguments. */
  objects: Node[];
  /** Members written as arguments (`f(o.x)`: a getter of ours runs if x is one). */
  members: Node[];
  /** `f(a, ...xs)`: xs, whose items fill the parameters from its position on (resolve.ts `pickArg`). */
  spread?: Node;
  /** `f(...xs, b)`: the arguments after the spread, whose places xs's length decides. */
  after?: Node[];
}

/**
 * jsArgs with each argument's type (read once: a type read crosses into WASM), the starts of the
 * function literals written as arguments (their caller is the callee: see `anonymousRefs` in
 * facts.ts), the object literals (definitions, named after the scope) and the members (getter
 * reads). One pass over the arguments finds all, so no query pattern keeps states open through
 * every argument list (callback bodies included) to find them.
 */
export function jsArgsTyped(call: Node): JsArgs {
  const args = field(call, "arguments");
  if (args?.type === "template_string") return taggedArgs(args);
  if (!args || args.type !== "arguments") return NO_ARGS;
  const nodes: Node[] = [];
  const types: string[] = [];
  // Most calls pass no literal or member: those lists are made on their first item.
  let literals: number[] = NONE;
  let objects: Node[] = NONE;
  let members: Node[] = NONE;
  let spread: Node | undefined;
  let after: Node[] | undefined;
  // Whether later arguments still have known positions.
  let positional = true;
  for (const a of args.namedChildren) {
    if (!a) continue;
    const type = a.type;
    if (PASSED_LITERALS.has(type)) (literals === NONE ? (literals = []) : literals).push(a.startIndex);
    else if (type === "object") (objects === NONE ? (objects = []) : objects).push(a);
    else if (type === "member_expression") (members === NONE ? (members = []) : members).push(a);
    else if (type === "array") {
      // A table handed over that names its functions, `server.route([{ path, handler: h.summary }])`:
      // its objects too. Function literals in an item are callbacks already (and compiled class
      // descriptors, `_createClass(C, [{ key, value: function () {} }])`, are read as such).
      for (const el of a.namedChildren) {
        if (el?.type === "object" && !el.namedChildren.some(isFunctionPair)) (objects === NONE ? (objects = []) : objects).push(el);
      }
    } else if (TYPED.has(type)) {
      // `f({ ... } as T)`, `f((() => x) as T)`: the literal inside.
      const inner = untyped(a);
      const innerType = inner.type;
      if (PASSED_LITERALS.has(innerType)) (literals === NONE ? (literals = []) : literals).push(inner.startIndex);
      else if (innerType === "object") (objects === NONE ? (objects = []) : objects).push(inner);
    }
    if (!positional || type === "comment") {
      if (spread && type !== "comment" && type !== "spread_element" && (after ??= []).length < 8) after.push(a);
      continue;
    }
    if (nodes.length >= 32) {
      positional = false;
      continue;
    }
    if (type === "spread_element") {
      // `f(...[a, b])` passes a and b by position; any other spread hides where later ones go.
      const list = a.namedChild(0);
      if (list?.type !== "array") {
        if (list) spread = list;
        positional = false;
        continue;
      }
      for (const el of list.namedChildren) {
        if (!el) continue;
        const elType = el.type;
        if (elType === "comment") continue;
        if (elType === "spread_element" || nodes.length >= 32) {
          positional = false;
          break;
        }
        nodes.push(el);
        types.push(elType);
      }
      continue;
    }
    nodes.push(a);
    types.push(type);
  }
  return spread ? (after ? { nodes, types, literals, objects, members, spread, after } : { nodes, types, literals, objects, members, spread }) : { nodes, types, literals, objects, members };
}

/**
 * A tagged template, tag`a${x}b${y}`: the tag gets the strings, then each substitution's value
 * (x, y) by position.
 */
function taggedArgs(template: Node): JsArgs {
  const nodes: Node[] = [template];
  const types: string[] = ["template_string"];
  let literals: number[] = NONE;
  for (const c of template.namedChildren) {
    if (c?.type !== "template_substitution" || nodes.length >= 32) continue;
    const value = c.namedChild(0);
    if (!value) continue;
    const type = value.type;
    if (PASSED_LITERALS.has(type)) (literals === NONE ? (literals = []) : literals).push(value.startIndex);
    nodes.push(value);
    types.push(type);
  }
  return nodes.length === 1 ? NO_ARGS : { nodes, types, literals, objects: NONE, members: NONE };
}

/** `key: () => {}`, `key: function () {}`, `key() {}` in an object literal. */
function isFunctionPair(member: Node | null): boolean {
  if (member?.type === "method_definition") return true;
  const value = member?.type === "pair" ? field(member, "value") : null;
  return value !== null && PASSED_LITERALS.has(value.type);
}

/** The shared empty list of what readers of these lists never add to. */
const NONE: never[] = [];
Object.freeze(NONE);
const NO_ARGS: JsArgs = Object.freeze({ nodes: NONE, types: NONE, literals: NONE, objects: NONE, members: NONE });

/** TypeScript casts (and the parentheses they need) around a value. */
const TYPED = new Set(["as_expression", "satisfies_expression", "parenthesized_expression"]);

/** The value inside TypeScript casts and parentheses: `(() => x) as T` → the arrow. */
export function untyped(n: Node): Node {
  for (let i = 0; i < 4 && TYPED.has(n.type); i++) {
    const inner = n.namedChild(0);
    if (!inner || inner.type === "comment") break;
    n = inner;
  }
  return n;
}

/** Function literals handed to a call, or returned from a function (`return function () {}`). */
const PASSED_LITERALS = new Set(["function_expression", "arrow_function", "generator_function"]);
/** Function literals called at once (`(function () {})()`) or returned as an arrow's body. */
const INLINE_LITERALS = new Set(["function_expression", "arrow_function"]);

/** Values a declaration gives a name that hold no function yet (`let a = null`). */
export const JS_NO_FUNCTION = new Set(["null", "undefined"]);

/**
 * Starts of the function literals a returned value (of type `type`; `arrowBody`: an arrow's body)
 * is or holds as items of an array literal: kept for whoever calls the maker.
 */
export function returnedLiterals(value: Node, type: string, arrowBody: boolean): readonly number[] {
  if (TYPED.has(type) && !arrowBody) {
    // `return (() => x) as T`: the literal inside.
    value = untyped(value);
    type = value.type;
  }
  if ((arrowBody ? INLINE_LITERALS : PASSED_LITERALS).has(type)) return [value.startIndex];
  if (type !== "array") return NONE;
  const out: number[] = [];
  for (const el of value.namedChildren) if (el && PASSED_LITERALS.has(el.type)) out.push(el.startIndex);
  return out;
}

/** Starts of the function literals a call's callee (of type `type`) is: `(function () {})()`, `(() => {})()`. */
export function calledLiterals(callee: Node, type: string): readonly number[] {
  if (INLINE_LITERALS.has(type)) return [callee.startIndex];
  if (type !== "parenthesized_expression") return NONE;
  const out: number[] = [];
  for (const c of callee.namedChildren) if (c && INLINE_LITERALS.has(c.type)) out.push(c.startIndex);
  return out;
}

export const JS_FUNCTION_LITERALS = new Set(["function_expression", "arrow_function", "generator_function", "function"]);

/**
 * `(cb || fallback)()`, `(opts?.h ?? fallback)()`, `(c ? f : g)()`: a parenthesized callee that is
 * either of its operands calls each (`ref` reads one operand; nested ones two levels deep). Only
 * callees: a declarator's such value is bound per operand (fact-bindings.ts `eitherValue`).
 */
export function eitherCallee(callee: Node, ref: (n: Node) => Ref | null, depth = 0): Ref | null {
  let node: Node | null = callee;
  while (node?.type === "parenthesized_expression") node = node.namedChild(node.namedChildCount - 1);
  if (!node) return null;
  let operands: (Node | null)[];
  if (node.type === "ternary_expression") operands = [field(node, "consequence"), field(node, "alternative")];
  else if (node.type === "binary_expression") {
    const op = field(node, "operator")?.type;
    // `(enabled && handler)(x)`: a function is truthy, so only the right operand can be one called.
    if (op === "&&") operands = [field(node, "right")];
    else if (op !== "||" && op !== "??") return null;
    else operands = [field(node, "left"), field(node, "right")];
  } else return depth === 0 ? null : ref(node);
  const refs: Ref[] = [];
  for (const operand of operands) {
    const r = operand && (depth < 2 ? eitherCallee(operand, ref, depth + 1) : ref(operand));
    if (r) refs.push(r);
  }
  return refs.length === 0 ? null : refs.length === 1 ? refs[0]! : { root: { t: "union", refs }, path: [] };
}

const FUNCTION_BOUNDARIES = new Set(["function_declaration", "function_expression", "arrow_function", "generator_function", "generator_function_declaration", "method_definition", "program"]);

/**
 * `for (const k in o) o[k]()`, `Object.keys(o).forEach((k) => o[k]())`: whether callee `o[k]` (a
 * subscript) takes its key from a `for...in` over the same `o` around it in its function, or is in
 * a callback whose first parameter is k, handed to an iteration of `Object.keys(o)`: then it calls
 * each member of o, not an unknown one.
 */
export function forInKey(callee: Node): boolean {
  const index = field(callee, "index");
  if (index?.type !== "identifier") return false;
  const key = index.text;
  const objectText = (): string => field(callee, "object")?.text ?? "";
  const { loop, fn } = keyLoop(callee, key, "in");
  if (loop) return field(loop, "right")?.text === objectText();
  if (objectKeysLoop(callee, key, objectText())) return true;
  if (fn?.type !== "arrow_function" && fn?.type !== "function_expression") return false;
  const params = field(fn, "parameters") ?? field(fn, "parameter");
  const first = params?.type === "identifier" ? params : params?.namedChild(0);
  if (first?.text !== key || fn.parent?.type !== "arguments") return false;
  const iteration = field(fn.parent.parent!, "function");
  const keys = iteration?.type === "member_expression" ? field(iteration, "object") : null;
  if (keys?.type !== "call_expression" || field(keys, "function")?.text !== "Object.keys") return false;
  return firstArgument(field(keys, "arguments"))?.text === objectText();
}

/**
 * `for (const k of Object.keys(o)) o[k]()`, also from a closure made in the loop (`bound[k] = () =>
 * o[k]()`): whether the innermost `for (k of ...)` around `node` (through functions not binding k)
 * iterates `Object.keys(o)` of the same `o`.
 */
function objectKeysLoop(node: Node, key: string, objectText: string): boolean {
  for (let n = node.parent; n && n.type !== "program"; n = n.parent) {
    const type = n.type;
    if (type === "for_in_statement") {
      const left = field(n, "left");
      if (left?.type !== "identifier" || left.text !== key) continue;
      // (`Object.keys(o) as (keyof typeof o)[]` too.)
      const written = field(n, "right");
      const right = written && untyped(written);
      if (field(n, "operator")?.text !== "of" || right?.type !== "call_expression" || field(right, "function")?.text !== "Object.keys") return false;
      return firstArgument(field(right, "arguments"))?.text === objectText;
    }
    if (FUNCTION_BOUNDARIES.has(type)) {
      const params = field(n, "parameters") ?? field(n, "parameter");
      if (params && (params.type === "identifier" ? params.text === key : params.namedChildren.some((p) => p?.text === key))) return false;
    }
  }
  return false;
}

/**
 * The innermost `for (key in ...)` / `for (key of ...)` around `node` in its function, or null;
 * `fn`: the function (or program) the walk stopped at when there is none.
 */
function keyLoop(node: Node, key: string, operator: "in" | "of"): { loop: Node | null; fn: Node | null } {
  let n = node.parent;
  for (; n && !FUNCTION_BOUNDARIES.has(n.type); n = n.parent) {
    if (n.type !== "for_in_statement" || field(n, "operator")?.text !== operator) continue;
    const left = field(n, "left");
    if (left?.type === "identifier" && left.text === key) return { loop: n, fn: null };
  }
  return { loop: null, fn: n };
}

/**
 * `for (const k of ["a", "b"]) o[k]()`: the keys callee `o[k]` (a subscript) takes from a `for...of`
 * over an array literal of strings around it in its function, from an item callback over one
 * (`["a", "b"].forEach((k) => o[k]())`), or from a TypeScript parameter typed as string literals
 * (`name: "list" | "get"`); null for any other index.
 */
export function forOfKeys(callee: Node): string[] | null {
  const index = field(callee, "index");
  return index?.type === "identifier" ? loopStrings(index) : null;
}

/**
 * The strings a name `k` may hold as forOfKeys reads them: of a `for (const k of ["a", "b"])`
 * around it (also over a `const` of the function or file holding such an array literal, `const
 * order: Step[] = ["a", "b"]; for (const k of order)`), an item callback over one, or a parameter
 * typed as string literals; null otherwise. (`await import(path)` in such a loop: either module.)
 */
export function loopStrings(index: Node): string[] | null {
  const { loop, fn } = keyLoop(index, index.text, "of");
  if (!loop && fn) {
    const typed = literalTypedParam(fn, index.text) ?? literalArguments(fn, index.text, thisKeyed(index));
    if (typed) return typed;
    // `const op = name; o[op]()`: a const alias of such a parameter, declared in the function's body.
    const alias = constAliasOf(fn, index.text);
    // (`const name = cmd; this[name]()` in a method too: `dynamic/q7_this_computed_method_param_alias`.)
    const aliased = alias !== null ? literalTypedParam(fn, alias) ?? literalArguments(fn, alias, thisKeyed(index)) : null;
    if (aliased) return aliased;
  }
  let list = loop ? field(loop, "right") : fn ? iteratedList(fn, index.text) : null;
  while (list && ARRAY_WRAPPERS.has(list.type)) list = list.namedChild(0);
  const keys: string[] = [];
  if (list?.type === "identifier") list = constArray(list, keys);
  if (list?.type !== "array") return null;
  for (const el of list.namedChildren) {
    if (!el || el.type === "comment") continue;
    const k = stringLiteral(el);
    if (k === null || keys.length >= 16) return null;
    keys.push(k);
  }
  return keys.length > 0 ? keys : null;
}

/** `const op = name` among a function body's first 64 statements: name (an identifier), else null. */
function constAliasOf(fn: Node, text: string): string | null {
  const body = field(fn, "body");
  if (body?.type !== "statement_block") return null;
  let seen = 0;
  for (const st of body.namedChildren) {
    if (++seen > 64) break;
    if (st?.type !== "lexical_declaration" || st.child(0)?.type !== "const") continue;
    for (const d of st.namedChildren) {
      if (d?.type !== "variable_declarator" || field(d, "name")?.text !== text) continue;
      const value = field(d, "value");
      return value?.type === "identifier" ? value.text : null;
    }
  }
  return null;
}

/**
 * The array literal a `const name = [...]` (typed, `as const` or not) declares in a block around
 * `name` (its function's body, or the file's top level), read at most 64 statements a level.
 */
function constArray(name: Node, pushed: string[]): Node | null {
  const text = name.text;
  for (let n = name.parent; n; n = n.parent) {
    const type = n.type;
    if (type !== "statement_block" && type !== "program") continue;
    let seen = 0;
    let found: Node | null = null;
    for (const st of n.namedChildren) {
      if (++seen > 64) break;
      // `names.push("c")` in the same block: c is a key too (a push of anything else: no keys).
      if (st?.type === "expression_statement") {
        const call = st.namedChild(0);
        const callee = call?.type === "call_expression" ? field(call, "function") : null;
        if (callee?.type === "member_expression" && field(callee, "object")?.text === text) {
          const method = field(callee, "property")?.text;
          if (method === "push" || method === "unshift") {
            for (const arg of field(call!, "arguments")?.namedChildren ?? []) {
              const k = arg && stringLiteral(arg);
              if (k === null) return null;
              pushed.push(k);
            }
          } else if (method === "splice" || method === "fill" || method === "copyWithin") return null;
        }
        continue;
      }
      if (found || st?.type !== "lexical_declaration" || st.child(0)?.type !== "const") continue;
      for (const d of st.namedChildren) {
        if (d?.type !== "variable_declarator" || field(d, "name")?.text !== text) continue;
        let value = field(d, "value");
        while (value && ARRAY_WRAPPERS.has(value.type)) value = value.namedChild(0);
        if (value?.type !== "array") return null;
        found = value;
        break;
      }
    }
    if (found) return found;
    if (type === "program") break;
  }
  return null;
}

/** Array methods whose callback gets each item first. */
const ITEM_CALLBACKS = new Set(["forEach", "map", "flatMap", "filter", "some", "every", "find", "findIndex", "findLast", "findLastIndex"]);
const ARRAY_WRAPPERS = new Set(["parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression"]);

/**
 * `["init", "start"].forEach((m) => app[m]())` (also `(["a", "b"] as const).forEach(...)`): the
 * array literal a callback `fn` whose first parameter is `key` iterates (as a `for...of` over it
 * would), else null.
 */
function iteratedList(fn: Node, key: string): Node | null {
  if ((fn.type !== "arrow_function" && fn.type !== "function_expression") || fn.parent?.type !== "arguments" || fn.previousNamedSibling) return null;
  const first = field(fn, "parameter") ?? field(fn, "parameters")?.namedChild(0);
  const param = first?.type === "identifier" ? first : first ? field(first, "pattern") : null;
  if (param?.type !== "identifier" || param.text !== key) return null;
  const method = field(fn.parent.parent!, "function");
  const property = method?.type === "member_expression" ? field(method, "property") : null;
  if (!property || !ITEM_CALLBACKS.has(property.text)) return null;
  let list = field(method!, "object");
  while (list && ARRAY_WRAPPERS.has(list.type)) list = list.namedChild(0);
  return list;
}

/** Per file: its calls of plain names, by name, and how often each word is written (literalArguments). */
const callsByTree = new WeakMap<Node["tree"], { calls: Map<string, Node[]>; mentions: Map<string, number> }>();
const exportingTrees = new WeakMap<Node["tree"], boolean>();

/** Whether a file exports anything (ESM `export`, CommonJS `exports`/`module.exports`), read once. */
function exportsAnything(tree: Node["tree"]): boolean {
  let out = exportingTrees.get(tree);
  if (out === undefined) exportingTrees.set(tree, (out = /(?<![\w$])(?:export|exports)(?![\w$])/.test(tree.rootNode.text)));
  return out;
}

/** Whether a key name is (part of) the index of `this[...]`: itself ("bare"), or a substitution of a template there. */
function thisKeyed(index: Node): boolean | "bare" {
  let n: Node | null = index.parent;
  const bare = n?.type === "subscript_expression";
  if (n?.type === "template_substitution") n = n.parent?.parent ?? null;
  else if (n?.type === "binary_expression") n = n.parent;
  return n?.type === "subscript_expression" && field(n, "object")?.type === "this" ? (bare ? "bare" : true) : false;
}

/**
 * `function fire(type) { handlers[type]() }` called only as `fire("click")`, `fire("hover")` in its
 * file: the strings those calls pass for the parameter (a function of the file that no other code
 * mentions: not exported nor handed on; at most 16 calls, each passing a string literal there).
 */
function literalArguments(fn: Node, key: string, onThis: boolean | "bare" = false): string[] | null {
  const type = fn.type;
  // A method's parameter naming a method of its own class (`this[cmd]()`, `` this[`on${evt}`]() ``),
  // in a file that exports nothing: its calls are `x.name(...)` by the member name
  // (`dynamic/j31_method_param_key_two_call_sites`). (Not keys of other members, `this.h[name]`:
  // emitters store under keys no literal names.) The whole key (`this[cmd]()`, "bare") in a file that
  // exports the class too: other modules' calls may pass more, which such a key gives nothing for
  // either way (a prefixed key gives every member of the prefix), and the file's own are real
  // (`dynamic/q7_this_computed_method_in_exporting_file`).
  const method = onThis && type === "method_definition" && fn.parent?.type === "class_body" && (onThis === "bare" || !exportsAnything(fn.tree));
  const holder = method ? fn : type === "function_declaration" ? fn : (type === "arrow_function" || type === "function_expression") && fn.parent?.type === "variable_declarator" ? fn.parent : null;
  const nameNode = holder ? field(holder, "name") : null;
  if (nameNode?.type !== (method ? "property_identifier" : "identifier")) return null;
  // (An exported function's other callers pass what we do not see.)
  if (holder!.parent?.type === "export_statement" || holder!.parent?.parent?.type === "export_statement") return null;
  const params = field(fn, "parameters");
  if (!params) return null;
  let index = -1;
  let i = 0;
  for (const p of params.namedChildren) {
    if (!p || p.type === "comment") continue;
    const id = p.type === "identifier" ? p : p.type === "required_parameter" || p.type === "optional_parameter" ? field(p, "pattern") : null;
    if (id?.type === "identifier" && id.text === key) { index = i; break; }
    if (p.type === "rest_pattern") return null;
    i++;
  }
  if (index < 0) return null;
  // (A parameter the body assigns holds more than what the calls pass.)
  const body = field(fn, "body");
  if (body && new RegExp(`(?<![\\w$.])${key.replace(/\$/g, "\\$")}\\s*(?:[-+*/%&|^]|\\?\\?|&&|\\|\\|)?=(?!=)`).test(body.text)) return null;
  const name = nameNode.text;
  const tree = fn.tree;
  let file = callsByTree.get(tree);
  if (!file) {
    const calls = new Map<string, Node[]>();
    for (const c of tree.rootNode.descendantsOfType("call_expression")) {
      const callee = c ? field(c, "function") : null;
      // (A member call `x.run(...)` kept under ".run".)
      const prop = callee?.type === "member_expression" ? field(callee, "property") : null;
      const calleeName = callee?.type === "identifier" ? callee.text : prop?.type === "property_identifier" ? `.${prop.text}` : null;
      if (calleeName === null) continue;
      const list = calls.get(calleeName);
      if (list) list.push(c!);
      else calls.set(calleeName, [c!]);
    }
    callsByTree.set(tree, (file = { calls, mentions: new Map() }));
  }
  const counted = method ? `.${name}` : name;
  const sites = file.calls.get(counted);
  if (!sites || sites.length > 16) return null;
  let mentions = file.mentions.get(counted);
  if (mentions === undefined) {
    mentions = 0;
    // (A method's name counted after a dot too: `x.name(...)` are its calls.)
    const word = new RegExp(`(?<![\\w$${method ? "" : "."}])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
    for (const _ of tree.rootNode.text.matchAll(word)) mentions++;
    file.mentions.set(counted, mentions);
  }
  // Only its declaration and these calls name it (in code, strings or comments alike).
  if (mentions !== sites.length + 1) return null;
  const keys: string[] = [];
  for (const site of sites) {
    const args = field(site, "arguments");
    let at = 0;
    let arg: Node | null = null;
    for (const a of args?.namedChildren ?? []) {
      if (!a || a.type === "comment") continue;
      if (a.type === "spread_element") return null;
      if (at++ === index) { arg = a; break; }
    }
    const k = arg ? stringLiteral(arg) : null;
    if (k === null) return null;
    if (!keys.includes(k)) keys.push(k);
  }
  return keys.length > 0 ? keys : null;
}

/**
 * `function invoke(api: Api, name: "list" | "get") { api[name]() }`: the string literals a
 * TypeScript parameter's type allows (a literal or a union of literals), or null.
 */
function literalTypedParam(fn: Node, name: string): string[] | null {
  const params = field(fn, "parameters");
  if (!params) return null;
  for (const p of params.namedChildren) {
    if ((p?.type !== "required_parameter" && p?.type !== "optional_parameter") || field(p, "pattern")?.text !== name) continue;
    const type = field(p, "type")?.namedChild(0);
    const keys: string[] = [];
    const stack = type ? [type] : [];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (t.type === "union_type" || t.type === "parenthesized_type") {
        for (const c of t.namedChildren) if (c) stack.push(c);
        continue;
      }
      const k = t.type === "literal_type" && t.namedChild(0) ? stringLiteral(t.namedChild(0)!) : null;
      if (k === null || keys.length >= 16) return null;
      keys.push(k);
    }
    return keys.length > 0 ? keys : null;
  }
  return null;
}

/** JS/TS comments (strings skipped whole, so a `//` in one starts none): jsUsedNames leaves them out. */
const JS_COMMENT_OR_STRING = /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
/** A JS class name as jsUsedNames counts it: a capital, then some lower-case letter; or a lone capital (digits allowed). */
const JS_CAP_WORD = /(?<![\w$])(?:[A-Z][A-Za-z0-9_$]*[a-z][A-Za-z0-9_$]*|[A-Z][0-9]*)(?![\w$])/g;
/** `import { A, B as C } from` / `import D, { A } from` / `import type { T } from`: the braces. */
const JS_IMPORT_LIST = /\bimport\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\b/g;
/** `export { A, B as C }` and `export { A } from "./a"`: the braces (`from` after them or not). */
const JS_EXPORT_LIST = /\bexport\s+(?:type\s+)?\{([^}]*)\}/g;
/** `const { A, B } = require("./m")`: the braces. */
const JS_REQUIRE_LIST = /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\s*\(/g;
/** `module.exports = { A, B }` (shorthand names, `A: A`): the braces. */
const JS_CJS_OBJECT = /\bmodule\.exports\s*=\s*\{([^}]*)\}/g;
/** `exports.A = A;` / `module.exports.A = A;`. Sticky: nextCjsNamed tries it where a match can start. */
const JS_CJS_NAMED = /\b(?:module\.)?exports\.([A-Z][\w$]*)\s*=\s*([A-Z][\w$]*)\s*[;\n]/y;
/** `export class A` / `export abstract class A` / `export const A = ...`. */
const JS_EXPORT_DECL = /\bexport\s+(?:declare\s+)?(?:abstract\s+)?(?:class|const|let|var|function)\s+([A-Z][\w$]*)/g;
/** `export default class A` (`abstract` too): A is the default export. */
const JS_DEFAULT_CLASS = /\bexport\s+default\s+(?:abstract\s+)?class\s+([A-Z][\w$]*)/g;
/** `export default A;`, `module.exports = A;`, `export = A;`: A is the default export (the name written once more). */
const JS_DEFAULT_NAME = /\b(?:export\s+default\s+|module\.exports\s*=\s*|export\s*=\s*)([A-Z][\w$]*)\s*(?:;|\n|$)/g;
/** `export { default } from "./m"`: the file's default export is m's. */
const JS_DEFAULT_REEXPORT = /\bexport\s*\{\s*default\s*(?:,[^}]*)?\}\s*from\s*["']([^"']+)["']/;
/** A default import bound to a class-like name: `import A from "m"` (`import A, { b } from`), `import A = require("m")`, `const A = require("m")`. */
const JS_DEFAULT_IMPORT = /\bimport\s+([A-Z][\w$]*)\s*(?:,\s*\{[^}]*\}\s*)?from\s*["']([^"']+)["']|\b(?:import|const|let|var)\s+([A-Z][\w$]*)\s*=\s*require\s*\(\s*["']([^"']+)["']\s*\)/g;
/** A class declaration with its modifiers (`export default abstract class A`): the name. Sticky: nextClassDecl tries it where a match can start. */
const JS_CLASS_DECL = /(?<![\w$.])((?:(?:export|default|declare|abstract)\s+)*)class\s+([A-Z][\w$]*)/y;
const CLASS_MODIFIERS = ["export", "default", "declare", "abstract"];

/**
 * The next match of JS_CJS_NAMED as a global regex would find it from its lastIndex, tried only
 * where one can start: at each `exports.` of the text and at a `module.` right before it,
 * leftmost first (the global search tried the pattern at every position: its `\b` and optional
 * group leave the engine no character to scan for).
 */
function nextCjsNamed(code: string): RegExpExecArray | null {
  const from = JS_CJS_NAMED.lastIndex;
  for (let e = code.indexOf("exports.", from); e >= 0; e = code.indexOf("exports.", e + 1)) {
    if (e - 7 >= from && code.startsWith("module.", e - 7)) {
      JS_CJS_NAMED.lastIndex = e - 7;
      const m = JS_CJS_NAMED.exec(code);
      if (m !== null) return m;
    }
    JS_CJS_NAMED.lastIndex = e;
    const m = JS_CJS_NAMED.exec(code);
    if (m !== null) return m;
  }
  JS_CJS_NAMED.lastIndex = 0;
  return null;
}

/**
 * The next match of JS_CLASS_DECL as a global regex would find it from its lastIndex, tried only
 * where one can start: at each `class` of the text, and at each modifier word written before it
 * (`export default class`), leftmost first. A global search tried the pattern at every position
 * of the file (its lookbehind and alternatives leave the engine no character to scan for).
 */
function nextClassDecl(code: string): RegExpExecArray | null {
  const from = JS_CLASS_DECL.lastIndex;
  for (let c = code.indexOf("class", from); c >= 0; c = code.indexOf("class", c + 1)) {
    // The modifier words before it, each followed by white space (none holds "class" or white space).
    const starts = [c];
    for (let q = c; ;) {
      let w = q;
      while (w > from && SPACE.test(code[w - 1]!)) w--;
      if (w === q) break;
      let word = -1;
      for (const m of CLASS_MODIFIERS) if (w - m.length >= from && code.startsWith(m, w - m.length)) word = w - m.length;
      if (word < 0) break;
      q = word;
      starts.push(q);
    }
    for (let i = starts.length - 1; i >= 0; i--) {
      JS_CLASS_DECL.lastIndex = starts[i]!;
      const m = JS_CLASS_DECL.exec(code);
      if (m !== null) return m;
    }
  }
  JS_CLASS_DECL.lastIndex = 0;
  return null;
}

/** Every match nextClassDecl finds in `code`, in order (test/callgraph/class-decl-search.test.ts). */
export function classDeclarations(code: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  JS_CLASS_DECL.lastIndex = 0;
  for (let m = nextClassDecl(code); m !== null; m = nextClassDecl(code)) out.push(m);
  return out;
}
/** Every match of JS_CJS_NAMED in the text, in order (nextCjsNamed; for tests). */
export function cjsNamedExports(code: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  JS_CJS_NAMED.lastIndex = 0;
  for (let m = nextCjsNamed(code); m !== null; m = nextCjsNamed(code)) out.push(m);
  return out;
}
/** Text ending in a decorator without arguments (`@Injectable`, `@core.Register`). */
const DECORATOR_END = /@[\w$.]+$/;
/** TypeScript `abstract class A`: never made itself (`new A()` does not compile). */
const TS_ABSTRACT_CLASS = /\babstract\s+class\s+([A-Z][\w$]*)/g;
/**
 * A module imported whole: `import * as ns from "m"`, `const m = require("m")`, TypeScript's
 * `import m = require("m")`, `import("m")` (its classes may be read by key: `new ns[kind]()`).
 */
const JS_WHOLE_IMPORT = /\bimport\s+\*\s+as\s+([\w$]+)\s+from\s*["']([^"']+)["']|(?:\b(?:const|let|var|import)\s+([\w$]+)\s*=\s*require\s*\(\s*["']([^"']+)["']\s*\))|\bimport\s*\(\s*["']([^"']+)["']|\brequire\s*\(\s*["']([^"']+)["']\s*\)\s*[.(\[)]/g;
/**
 * Whether a module binding `name` is read by key or handed on as a value in `code`: `ns[k]`,
 * `f(ns)`, `x = ns`, `{ k: ns }`, `[ns]`, `...ns`, `return ns` (not `ns.A`, `new ns()`, `extends ns`).
 */
function valueUse(code: string, name: string): boolean {
  // What `/(?<![\w$.])NAME\s*\[|(?:[(,=:[]|\breturn|\.\.\.)\s*NAME\s*(?:[),;\]}]|$)/m` finds,
  // tried only where the name stands (that regex, made per name and tried at every position of
  // the file, was ~4% of TypeScript extraction on generated code). A name is [\w$]+.
  for (let p = code.indexOf(name); p >= 0; p = code.indexOf(name, p + 1)) {
    const after = p + name.length;
    if (p === 0 || !MEMBER_OR_WORD.test(code[p - 1]!)) {
      INDEXED_AFTER.lastIndex = after;
      if (INDEXED_AFTER.test(code)) return true;
    }
    // (Only spaces between the name and what it follows: that is the first other character before it.)
    let q = p - 1;
    while (q >= 0 && SPACE.test(code[q]!)) q--;
    if (q < 0) continue;
    const c = code[q]!;
    if (c === "(" || c === "," || c === "=" || c === ":" || c === "[" || (c === "." && q >= 2 && code[q - 1] === "." && code[q - 2] === ".") ||
      (c === "n" && q >= 5 && code.startsWith("return", q - 5) && (q === 5 || !WORD_CHAR.test(code[q - 6]!)))) {
      VALUE_AFTER.lastIndex = after;
      if (VALUE_AFTER.test(code)) return true;
    }
  }
  return false;
}
const SPACE = /\s/;
const WORD_CHAR = /\w/;
const MEMBER_OR_WORD = /[\w$.]/;
const INDEXED_AFTER = /\s*\[/y;
const VALUE_AFTER = /\s*(?:[),;\]}]|$)/my;

/** A plain name in an import/export list (`A`, `type A`, `A: A`): not renamed. */
const PLAIN_LIST_NAME = /^\s*(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s*:\s*([A-Za-z_$][\w$]*))?\s*$/;

/**
 * The class-like names (CapWords or a lone capital) a JS/TS file's code and strings hold (not
 * its comments) more often than it defines a class of that name, names one as a base, imports or
 * requires it by its own name, or exports it by name (`export { A }`, `export class A`,
 * `module.exports = { A }`): `facts.jsUsed`. Those exports are `facts.jsExported` (resolve.ts:
 * a file no other file imports is an entry, and what it exports counts as used). A class
 * exported as the default keeps its use (any local name imports it). TypeScript abstract
 * classes: `facts.jsAbstract`. Resolve.ts takes a class named nowhere else as never made.
 */
export function jsUsedNames(facts: { defs: readonly { kind: string; name: string; bases: readonly Ref[] }[]; jsUsed?: string[]; jsExported?: string[]; jsAbstract?: string[]; jsWhole?: string[]; jsDefault?: string; jsDefaultImports?: string[] }, text: string, typeNames: ReadonlyMap<string, number> | null): void {
  const code = text.replace(JS_COMMENT_OR_STRING, (m) => (m.startsWith("/") ? " " : m));
  const counts = new Map<string, number>();
  JS_CAP_WORD.lastIndex = 0;
  for (let m = JS_CAP_WORD.exec(code); m !== null; m = JS_CAP_WORD.exec(code)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  const less = (name: string | undefined, by = 1): void => {
    const n = name === undefined ? undefined : counts.get(name);
    if (n !== undefined) counts.set(name!, n - by);
  };
  const exported = new Set<string>();
  const lists = (re: RegExp, exports: boolean): void => {
    re.lastIndex = 0;
    for (let m = re.exec(code); m !== null; m = re.exec(code)) {
      for (const item of m[1]!.split(",")) {
        const p = PLAIN_LIST_NAME.exec(item);
        // (`A: A` names it twice; `A: B` renames: kept.)
        if (!p || (p[2] !== undefined && p[2] !== p[1])) continue;
        less(p[1], p[2] !== undefined ? 2 : 1);
        if (exports) exported.add(p[1]!);
      }
    }
  };
  lists(JS_IMPORT_LIST, false);
  lists(JS_REQUIRE_LIST, false);
  lists(JS_EXPORT_LIST, true);
  lists(JS_CJS_OBJECT, true);
  JS_CJS_NAMED.lastIndex = 0;
  for (let m = nextCjsNamed(code); m !== null; m = nextCjsNamed(code)) {
    if (m[1] !== m[2]) continue;
    less(m[1], 2);
    exported.add(m[1]!);
  }
  JS_EXPORT_DECL.lastIndex = 0;
  for (let m = JS_EXPORT_DECL.exec(code); m !== null; m = JS_EXPORT_DECL.exec(code)) exported.add(m[1]!);
  // TypeScript: a name written as a type is no use; a class's own name is one (`class A`), which the
  // definitions below discount (so it is counted back here).
  if (typeNames) for (const [name, n] of typeNames) less(name, n);
  for (const d of facts.defs) {
    if (d.kind !== "class") continue;
    less(d.name, typeNames?.has(d.name) ? 0 : 1);
    for (const b of d.bases) less(b.path.length > 0 ? b.path.at(-1) : b.root.t === "name" ? b.root.name : undefined);
  }
  // The default export: an importer that binds it to another name makes the class used (resolve.ts).
  let dflt: string | undefined;
  JS_DEFAULT_CLASS.lastIndex = 0;
  for (let m = JS_DEFAULT_CLASS.exec(code); m !== null; m = JS_DEFAULT_CLASS.exec(code)) dflt = m[1]!;
  JS_DEFAULT_NAME.lastIndex = 0;
  for (let m = JS_DEFAULT_NAME.exec(code); m !== null; m = JS_DEFAULT_NAME.exec(code)) {
    less(m[1]);
    dflt = m[1]!;
  }
  if (dflt !== undefined) {
    facts.jsDefault = dflt;
    exported.add(dflt);
  } else {
    // (`export { default } from "./m"`: "from:./m", followed by resolve.ts.)
    const from = JS_DEFAULT_REEXPORT.exec(code);
    if (from) facts.jsDefault = `from:${from[1]}`;
  }
  // Default imports bound to a class-like name: the name is the importer's, not a use (resolve.ts
  // counts the default export used when that name is another).
  const defaults: string[] = [];
  JS_DEFAULT_IMPORT.lastIndex = 0;
  for (let m = JS_DEFAULT_IMPORT.exec(code); m !== null; m = JS_DEFAULT_IMPORT.exec(code)) {
    const local = m[1] ?? m[3]!;
    less(local);
    defaults.push(local, m[2] ?? m[4]!);
  }
  if (defaults.length > 0) facts.jsDefaultImports = defaults;
  // A decorated class (`@Register class A`, `@Component({...}) export class A`) may be registered and made by reflection.
  JS_CLASS_DECL.lastIndex = 0;
  for (let m = nextClassDecl(code); m !== null; m = nextClassDecl(code)) {
    const before = code.slice(Math.max(0, m.index - 200), m.index).trimEnd();
    if (before.endsWith(")") || DECORATOR_END.test(before)) counts.set(m[2]!, (counts.get(m[2]!) ?? 0) + 1);
  }
  const used: string[] = [];
  for (const [name, n] of counts) if (n > 0) used.push(name);
  if (used.length > 0) facts.jsUsed = used;
  if (exported.size > 0) facts.jsExported = [...exported];
  JS_WHOLE_IMPORT.lastIndex = 0;
  const whole: string[] = [];
  for (let m = JS_WHOLE_IMPORT.exec(code); m !== null; m = JS_WHOLE_IMPORT.exec(code)) {
    // A namespace only read by member (`ns.Admin`, which names Admin) reads no class by key:
    // whole only when the binding is also used as a value (`ns[kind]`, `Object.values(ns)`, `f(ns)`).
    const local = m[1] ?? m[3];
    if (local !== undefined && !valueUse(code, local)) continue;
    whole.push(m[2] ?? m[4] ?? m[5] ?? m[6]!);
  }
  if (whole.length > 0) facts.jsWhole = whole;
  TS_ABSTRACT_CLASS.lastIndex = 0;
  const abstract: string[] = [];
  for (let m = TS_ABSTRACT_CLASS.exec(code); m !== null; m = TS_ABSTRACT_CLASS.exec(code)) abstract.push(m[1]!);
  if (abstract.length > 0) facts.jsAbstract = abstract;
}
