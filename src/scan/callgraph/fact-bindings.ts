// Bindings (`x = v`, `const x = v`, `x ||= v`): what a name is bound to, including values either of
// two operands may hold and the targets of destructuring.
import { cap, type Caps, has } from "./captures.ts";
import { eitherCallee, JS_NO_FUNCTION, jsPatternNames, typeValue } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { jsName, staticKey } from "./refs-js-keys.ts";
import { type Ref, stringLiteral } from "./ref-types.ts";
import { addKill, branchBind } from "./facts-py-kills.ts";
import { pyAncestors, straightIn } from "./facts-py-flow.ts";
import { pyArgs } from "./facts-py.ts";
import { addTo, namesWord } from "./fact-text.ts";
import { endRowOf, lineOf as line, rowOf } from "./wasm-node.ts";
import { field } from "./fields.ts";
import { charBetween } from "./next-char.ts";
import { type Def, thisOwner } from "./scopes.ts";
import type { Arg } from "./fact-types.ts";
import { addAttr, type Ctx } from "./fact-ctx.ts";
import { EITHER, eitherOperands, keptOperands } from "./fact-either.ts";
import { accessorFact } from "./facts-js-accessors.ts";
import { iterated } from "./facts-js-calls.ts";
import { jsBranch, jsStraight } from "./facts-js-branches.ts";

/**
 * A declarator, told by its name's and value's types. With no value, a name is declared (where a
 * later assignment binds). A value that is a member is a getter read (accessorFact); functions in
 * an array value are kept for whoever calls its items. The name is bound: a name (and to what its
 * value may be, as `eitherValue` says), an array pattern (walked by jsPatternNames) or an object
 * pattern, whose shorthand names, then shorthand names with defaults, then `key: name` pairs are
 * bound in that order, as the patterns of each kind (in that order) matched them.
 */
/**
 * The function literals an array literal holds as items (or as members of its object items: a table
 * `[{ path, handler: () => {} }]`) are kept, not run where written: they run where items are called.
 * `spread`: `const xs = [...it]` iterates it, as `for...of` does.
 */
export function keepArrayItems(ctx: Ctx, array: Node, spread: boolean): void {
  for (const item of array.namedChildren) {
    const itemType = item?.type;
    if (itemType === "function_expression" || itemType === "arrow_function") ctx.anonymousUses.set(item!.startIndex, true);
    else if (itemType === "object") {
      for (const pair of item!.namedChildren) {
        const value = pair?.type === "pair" ? field(pair, "value") : null;
        const valueType = value?.type;
        if (valueType === "function_expression" || valueType === "arrow_function") ctx.anonymousUses.set(value!.startIndex, true);
      }
    } else if (spread && itemType === "spread_element") iterated(ctx, item!.namedChild(0));
  }
}

export function declaratorFacts(caps: Caps, ctx: Ctx): void {
  const nameNode = cap(caps, "binding.name")!;
  const type = nameNode.type;
  if (type === "identifier" && ctx.facts.language === "typescript") typedName(ctx, cap(caps, "binding")!, nameNode);
  const valueNode = cap(caps, "binding.value");
  if (!valueNode) {
    if (type === "identifier") ctx.declared.add(`${ctx.scope(nameNode)}\u0000${jsName(nameNode)}`);
    return;
  }
  const valueType = valueNode.type;
  if (valueType === "member_expression") accessorFact(ctx, valueNode, true);
  else if (valueType === "array") keepArrayItems(ctx, valueNode, true);
  if (type === "identifier") {
    bindingFact(caps, ctx);
    eitherValue(caps, ctx);
    return;
  }
  const value = { patternIndex: caps[0]!.patternIndex, name: "binding.value", node: valueNode };
  const binding = { patternIndex: value.patternIndex, name: "binding", node: cap(caps, "binding")! };
  const bind = (name: Node, key?: Node): void => {
    const named = { patternIndex: value.patternIndex, name: "binding.name", node: name };
    bindingFact(key ? [named, { ...named, name: "binding.key", node: key }, value, binding] : [named, value, binding], ctx);
  };
  if (type === "array_pattern") {
    // `const [a, b] = pair`: destructuring by position iterates pair, as `for...of` does.
    if (valueType === "identifier" || valueType === "new_expression" || valueType === "member_expression") iterated(ctx, valueNode);
    return bindingFact([{ ...value, name: "binding.pattern", node: nameNode }, value, binding], ctx);
  }
  if (type !== "object_pattern") return;
  const properties = nameNode.namedChildren.filter((c): c is Node => c !== null);
  const types = properties.map((c) => c.type);
  let ref: Ref | null | undefined;
  // `const { area } = new Shape()` (`= shape`, `= this`): reading each member named runs its getter
  // (as `shape.area` does: accessorFact); up to 8 names.
  if ((valueType === "new_expression" || valueType === "identifier" || valueType === "this") && (ref ??= ctx.ref(valueNode, valueType)) !== null) {
    const read = ref;
    const scope = ctx.scope(binding.node);
    const line = rowOf(nameNode) + 1;
    let n = 0;
    properties.forEach((c, i) => {
      const key = types[i] === "shorthand_property_identifier_pattern" ? c : types[i] === "pair_pattern" ? field(c, "key") : null;
      if (key === null || n++ >= 8 || (key.type !== "shorthand_property_identifier_pattern" && key.type !== "property_identifier")) return;
      ctx.facts.calls.push({ scope, ref: { root: read.root, path: [...read.path, key.text] }, line, kind: "call", getter: true });
    });
  }
  properties.forEach((c, i) => {
    if (types[i] === "shorthand_property_identifier_pattern") bind(c);
  });
  properties.forEach((c, i) => {
    if (types[i] !== "object_assignment_pattern") return;
    const left = field(c, "left");
    if (left?.type !== "shorthand_property_identifier_pattern") return;
    bind(left);
    // `const { a = d } = o`: d too, when o may lack a.
    const right = field(c, "right");
    const dflt = right && ctx.ref(right);
    if (dflt) addTo(ctx.facts.bindings, ctx.scope(c), left.text, unlessPresent(ref ??= ctx.ref(valueNode, valueType), valueType, left.text, dflt));
  });
  // `const { a, ...rest } = o`: rest holds o's other members (the whole value, flow-insensitively, as a parameter's).
  const rest = types.at(-1) === "rest_pattern" ? properties.at(-1)!.namedChild(0) : null;
  if (rest?.type === "identifier" && (ref ??= ctx.ref(valueNode, valueType)) !== null) addTo(ctx.facts.bindings, ctx.scope(binding.node), rest.text, ref);
  properties.forEach((c, i) => {
    if (types[i] !== "pair_pattern") return;
    const key = field(c, "key");
    const name = field(c, "value");
    const nameType = name?.type;
    const keyType = key?.type;
    if (nameType === "identifier" && (keyType === "computed_property_name" || keyType === "string")) {
      // `const { [KEY]: f } = o` (a file constant's string), `const { "a-b": f } = o`: that member.
      const k = keyType === "string" ? stringLiteral(key!) : staticKey(key!.namedChild(0)!);
      if (k !== null && (ref ??= ctx.ref(valueNode, valueType)) !== null) addTo(ctx.facts.bindings, ctx.scope(binding.node), name!.text, { root: ref.root, path: [...ref.path, k] });
    } else if (key?.isNamed && nameType === "identifier") bind(name!, key);
    else if (key?.isNamed && nameType === "assignment_pattern") {
      // `const { a: b = d } = o`: as `{ a = d }`, bound to b.
      const left = field(name!, "left");
      if (left?.type === "object_pattern" || left?.type === "array_pattern") {
        // `const { hooks: { done } = {} } = o`: as `{ hooks: { done } }`, and the default's members.
        const k = key!.type === "property_identifier" ? key!.text : key!.type === "string" ? stringLiteral(key!) : null;
        if (k === null || (ref ??= ctx.ref(valueNode, valueType)) === null) return;
        const scope = ctx.scope(binding.node);
        const right = field(name!, "right");
        const whole = right ? ctx.ref(right) : null;
        for (const { name: inner, path, memberDefault } of jsPatternNames(left, ctx.ref)) {
          addTo(ctx.facts.bindings, scope, inner, { root: ref.root, path: [...ref.path, k, ...path] });
          if (whole) addTo(ctx.facts.bindings, scope, inner, { root: whole.root, path: [...whole.path, ...path] });
          if (memberDefault) addTo(ctx.facts.bindings, scope, inner, memberDefault);
        }
        return;
      }
      if (left?.type !== "identifier") return;
      bind(left, key);
      const right = field(name!, "right");
      const dflt = right && ctx.ref(right);
      const k = key!.type === "property_identifier" ? key!.text : null;
      if (dflt) addTo(ctx.facts.bindings, ctx.scope(c), left.text, k === null ? dflt : unlessPresent(ref ??= ctx.ref(valueNode, valueType), valueType, k, dflt));
    } else if (nameType === "object_pattern" || nameType === "array_pattern") {
      // `const { a: { b }, c: [d] } = o`: the inner names take their members by path (a.b, c[0]).
      const keyType = key?.type;
      const k = keyType === "property_identifier" ? key!.text : keyType === "string" ? stringLiteral(key!) : null;
      if (k === null || (ref ??= ctx.ref(valueNode, valueType)) === null) return;
      const scope = ctx.scope(binding.node);
      for (const { name: inner, path, memberDefault } of jsPatternNames(name!, ctx.ref)) {
        const member: Ref = { root: ref.root, path: [...ref.path, k, ...path] };
        addTo(ctx.facts.bindings, scope, inner, member);
        // `const { out: { warn = dflt } } = o`: dflt too, when o.out may lack warn.
        if (memberDefault) addTo(ctx.facts.bindings, scope, inner, PRESENT_CHECKED.has(valueType) ? { root: { t: "union", refs: [member, memberDefault], present: true }, path: [] } : memberDefault);
      }
    }
  });
}

const PRESENT_CHECKED = new Set(["identifier", "member_expression", "call_expression", "new_expression", "object", "this", "await_expression"]);

/**
 * A destructured member's default `dflt`, used only when some value of `value` may lack member
 * `key`: a value written as a name, member, call or literal (`opts || {}` may be a literal we do
 * not see: there the default always counts).
 */
function unlessPresent(value: Ref | null, valueType: string, key: string, dflt: Ref): Ref {
  return value && PRESENT_CHECKED.has(valueType) ? { root: { t: "union", refs: [{ root: value.root, path: [...value.path, key] }, dflt], present: true }, path: [] } : dflt;
}

/**
 * TypeScript `const s: Service = container.get()`, `let repo: Repo;`: the annotated type stands
 * for values we may not see (bound before the value, where a pattern of its own matched it).
 */
function typedName(ctx: Ctx, declarator: Node, name: Node): void {
  // A type annotation starts with `:` after the name: with none there, its field is not read.
  if (!charBetween(declarator, ":", name.endIndex, declarator.endIndex)) return;
  const annotation = field(declarator, "type");
  if (annotation?.type !== "type_annotation") return;
  // `const app: Base = new App()`: the instance made is the value, not any Base.
  if (field(declarator, "value")?.type === "new_expression") return;
  const value = typeValue(annotation);
  if (value) addTo(ctx.facts.bindings, ctx.scope(declarator), name.text, value);
}

/**
 * `const f = x ? g : h`, `const f = cb || fallback` (`??`, `&&`): f may hold either operand too.
 * As four patterns of their own (the operator an alternation of tokens) they made a tenth of the
 * time compiling the query took; each operand is bound where its pattern matched (at the operand,
 * or at the operator after the left one), after what the condition or left operand binds.
 */
function eitherValue(caps: Caps, ctx: Ctx): void {
  let value = cap(caps, "binding.value")!;
  let type = value.type;
  // `const h = (c ? f : g)`: the expression inside.
  if (type === "parenthesized_expression" && value.namedChildCount === 1) {
    value = value.namedChild(0)!;
    type = value.type;
  }
  let operands: (Node | null)[];
  let at: number[];
  if (type === "ternary_expression") {
    // (`a ? f : b ? g : h`: each operand of the chain.)
    operands = eitherOperands(value, type) ?? [];
    at = operands.map((o) => o?.startIndex ?? 0);
  } else if (type === "binary_expression") {
    const operator = field(value, "operator");
    if (!operator || !EITHER.has(operator.type)) return;
    operands = [field(value, "left"), field(value, "right")];
    at = [operator.startIndex, operands[1]?.startIndex ?? 0];
  } else return;
  const scope = ctx.scope(cap(caps, "binding")!);
  const name = cap(caps, "binding.name")!.text;
  operands.forEach((operand, i) => {
    const ref = operand && ctx.ref(operand);
    if (ref) ctx.later.add(at[i]!, () => addTo(ctx.facts.bindings, scope, name, ref));
  });
}

/** The names of a file's functions (fact-bindings' `const g = id(double)`), once per file. */
function fileFunctionNames(defs: Def[]): Set<string> {
  let names = functionNamesOf.get(defs);
  if (!names) functionNamesOf.set(defs, (names = new Set(defs.filter((d) => d.kind === "function").map((d) => d.name))));
  return names;
}
const functionNamesOf = new WeakMap<Def[], Set<string>>();

/** `f(require("m"))`: the call's one argument is a require of a literal module name. */
function requireArgument(call: Node): boolean {
  const list = field(call, "arguments");
  if (!list || list.namedChildCount !== 1) return false;
  const a = list.namedChildren[0];
  if (a?.type !== "call_expression") return false;
  const callee = field(a, "function");
  const inner = field(a, "arguments");
  return callee?.type === "identifier" && callee.text === "require" && inner?.namedChildCount === 1 && inner.namedChildren[0]?.type === "string";
}

/** A JS call's or `new C(...)`'s arguments by position; null when a spread hides positions. */
export function newArgs(node: Node, ctx: Ctx): Arg[] | null {
  const list = field(node, "arguments");
  if (!list || list.type !== "arguments") return null;
  const out: Arg[] = [];
  for (const a of list.namedChildren) {
    if (!a) continue;
    const type = a.type;
    if (type === "comment") continue;
    if (type === "spread_element" || out.length >= 32) return null;
    out.push({ name: null, ref: ctx.ref(a, type) });
  }
  return out;
}

/**
 * `({ a: o.x } = v)`: v's member a is assigned to o.x, as `o.x = v.a` (objectAssignment) is;
 * `({ a: this.x } = v)` sets an attribute, as `this.x = v.a` does.
 */
function memberTargets(ctx: Ctx, pattern: Node, ref: Ref, scope: number): void {
  for (const c of pattern.namedChildren) {
    if (c?.type !== "pair_pattern") continue;
    const key = field(c, "key");
    const target = field(c, "value");
    if (key?.type !== "property_identifier" || target?.type !== "member_expression") continue;
    const object = field(target, "object");
    const property = field(target, "property");
    const objectType = object?.type;
    if ((objectType !== "identifier" && objectType !== "this") || property?.type !== "property_identifier") continue;
    const value: Ref = { root: ref.root, path: [...ref.path, key.text] };
    if (objectType === "this") {
      const cls = thisOwner(ctx.facts.defs, scope);
      if (cls >= 0) addAttr(ctx.facts, cls, property.text, { scope, ref: value });
    } else (ctx.objAssigns ??= []).push({ scope, object: [object!.text], name: property.text, value, from: line(target), to: endRowOf(target) + 1 });
  }
}

/**
 * A name (or attribute) given a value. `knownType`, `knownName`: the value's type and the name,
 * already read for a Python `name = value` (the one Python binding pattern: an assignment to an
 * identifier, so neither node's type is read again).
 */
/** A value we do not follow (a union of nothing): resolves to no value. */
const NO_VALUE: Ref = Object.freeze({ root: Object.freeze({ t: "union", refs: Object.freeze([]) as unknown as Ref[] }), path: Object.freeze([]) as unknown as string[] }) as Ref;

/** Value types of a JS assignment that may be either of two operands (eitherCallee reads which). */
const EITHER_ASSIGNED = new Set(["ternary_expression", "binary_expression", "parenthesized_expression"]);

export function bindingFact(caps: Caps, ctx: Ctx, knownType?: string, knownName?: string): void {
  const valueNode = cap(caps, "binding.value")!;
  // `let a = null`: a is declared holding no function yet (where a later assignment binds).
  const declarator = has(caps, "binding.declarator");
  const valueType = knownType ?? (declarator ? valueNode.type : undefined);
  if (declarator && JS_NO_FUNCTION.has(valueType!)) {
    const name = cap(caps, "binding.name")!;
    ctx.declared.add(`${ctx.scope(name)}\u0000${jsName(name)}`);
  }
  // `const pick = flag ? function () {} : function () {}`, `var h = (this && this.h) || (function () {})`:
  // the literals are kept in the name, not run where they are written. (Not yet for `h = a || function () {}`,
  // whose either-binding is not read.)
  if (declarator && (valueType === "ternary_expression" || valueType === "binary_expression" || valueType === "parenthesized_expression")) keptOperands(ctx, valueNode, valueType);
  // JS `h = c ? f : g` (`h = a || b`, parenthesized too), an assignment: either operand (a
  // declarator's operands are bound one by one, eitherValue).
  const either = !declarator && knownType === undefined && ctx.facts.language !== "python" && EITHER_ASSIGNED.has(valueNode.type) ? eitherCallee(valueNode, ctx.ref) : null;
  if (either) keptOperands(ctx, valueNode, valueNode.type);
  // Python `x = 0` (None, a number, a comparison...): x is bound here all the same, holding nothing
  // we follow, so a read of x in this scope no longer finds an outer x, and a later `x = 0`
  // replaces an earlier `x = f` as any rebinding does (facts-py-kills.ts).
  const ref = either ?? ctx.ref(valueNode, valueType) ?? (ctx.facts.language === "python" && !has(caps, "binding.key") ? NO_VALUE : null);
  if (!ref) {
    // `({ onOpen = fallback } = {})`, `const { a = f } = {}`: a value naming nothing, so the
    // pattern's defaults are what its names hold.
    const patternNode = ctx.facts.language !== "python" ? cap(caps, "binding.pattern") : undefined;
    if (patternNode) {
      const assigned = cap(caps, "binding")!.type === "assignment_expression";
      const scope = ctx.scope(cap(caps, "binding")!);
      for (const { name, dflt, memberDefault } of jsPatternNames(patternNode, ctx.ref)) {
        const d = dflt ?? memberDefault;
        if (!d) continue;
        if (assigned) ctx.assigned.push({ scope, name, value: d });
        else addTo(ctx.facts.bindings, scope, name, d);
      }
    }
    return;
  }
  // TypeScript 5.2 `using r = make()` (our grammar reads an assignment led by `using`): r's
  // `[Symbol.dispose]()` runs when the block ends; `await using`, `[Symbol.asyncDispose]()`, or
  // when r has none, its `[Symbol.dispose]()` (graph.ts: the first of ours, as conversions).
  const using = !declarator && knownName === undefined ? cap(caps, "binding")! : null;
  if (using?.type === "assignment_expression" && using.child(0)?.type === "using") {
    if (using.parent?.type === "await_expression") ctx.facts.calls.push({ scope: ctx.scope(using), ref, line: line(using), kind: "call", convert: "asyncDispose" });
    else ctx.facts.calls.push({ scope: ctx.scope(using), ref: { root: ref.root, path: [...ref.path, "[Symbol.dispose]"] }, line: line(using), kind: "call", protocol: true });
  }
  // A declaration of a namespace's body (`export let current = fast`, `export import start =
  // Core.boot`) binds in the namespace: a member (`Ops.current`) and a bare name of its functions.
  const ns = ctx.namespaceOf && (declarator || cap(caps, "binding")!.type === "import_alias") ? ctx.namespaceOf(cap(caps, "binding")!.startIndex) : -1;
  const scope = ns >= 0 ? ns : ctx.scope(cap(caps, "binding")!);
  const patternNode = cap(caps, "binding.pattern");
  if (patternNode) {
    const assigned = cap(caps, "binding")!.type === "assignment_expression";
    for (const { name, path, dflt, memberDefault } of jsPatternNames(patternNode, ctx.ref)) {
      const value: Ref = { root: ref.root, path: [...ref.path, ...path] };
      // `[v] = xs` declares nothing: v is bound where it was declared (known once all are read).
      // `[v = d] = xs`: d too, when xs lacks the item; `({ v = d } = o)`, when o lacks the member.
      const d = dflt ?? memberDefault;
      for (const v of d ? [value, d] : [value]) {
        if (assigned) ctx.assigned.push({ scope, name, value: v });
        else addTo(ctx.facts.bindings, scope, name, v);
      }
    }
    if (assigned && patternNode.type === "object_pattern") memberTargets(ctx, patternNode, ref, scope);
    return;
  }
  const nameNode = cap(caps, "binding.name")!;
  // Each type and text read crosses into WASM: read once.
  const keyNode = cap(caps, "binding.key");
  const nameType = keyNode || knownName !== undefined ? undefined : nameNode.type;
  const nameText = knownName ?? jsName(nameNode);
  const key = keyNode ? keyNode.text : nameType === "shorthand_property_identifier_pattern" ? nameText : null;
  let value: Ref = key === null ? ref : { root: ref.root, path: [...ref.path, key] };
  const bindingNode = cap(caps, "binding")!;
  // `x = C(a)`: the allocation site's arguments (instance attributes set from __init__'s parameters).
  if (ctx.facts.language === "python" && key === null && valueType === "call" && value.root.t === "call" && value.path.length === 0) {
    // (None too: `x = C()` made there holds __init__'s defaults, not what other calls pass.)
    // (Arguments pyRef already gave keep their meaning: `h = d.get("k", f)` names key k.)
    if (!value.root.args) value = { root: { ...value.root, args: pyArgs(valueNode, ctx.ref) }, path: [] };
    // (Which such call: two `Svc()` of one text make two instances, resolve-roots.ts callRoot.)
    if (value.root.t === "call") value = { root: { ...value.root, n: (ctx.madeCalls = (ctx.madeCalls ?? 0) + 1) }, path: [] };
  }
  // JS `const g = id(double)` (id a function of the file) with a function of the file by name among the arguments: the call's
  // arguments, for a function of ours that gives one back (resolve-roots.ts made(): this call's,
  // not every call's; Q6, `functions/q6_identity_helper_result_per_call_site`).
  if (declarator && key === null && valueType === "call_expression" && value.root.t === "call" && !value.root.args && value.path.length === 0 && value.root.callee.root.t === "name" && value.root.callee.path.length === 0 &&
    fileFunctionNames(ctx.facts.defs).has(value.root.callee.root.name)) {
    const list = field(valueNode, "arguments");
    if (list && list.namedChildCount <= 4 && list.namedChildren.some((a) => a?.type === "identifier" && fileFunctionNames(ctx.facts.defs).has(a.text))) {
      const args = newArgs(valueNode, ctx);
      if (args) value = { root: { ...value.root, args }, path: [] };
    }
  }
  // JS `const x_1 = __importDefault(require("m"))` (tsc's interop helpers, any helper of the file
  // by name): this call's module, not every module the helper wraps in the file.
  if (declarator && key === null && valueType === "call_expression" && value.root.t === "call" && !value.root.args && value.path.length === 0 && value.root.callee.root.t === "name" && value.root.callee.path.length === 0 &&
    value.root.callee.root.name !== "require" && requireArgument(valueNode)) {
    const args = newArgs(valueNode, ctx);
    if (args) value = { root: { ...value.root, args }, path: [] };
  }
  // JS `const x = new C(a)` likewise (constructor parameters stored as fields: `this.run = run`).
  if (declarator && key === null && valueType === "new_expression" && value.root.t === "new" && value.path.length === 0) {
    const args = newArgs(valueNode, ctx);
    if (args) value = { root: { ...value.root, args }, path: [] };
  }
  // JS `f = g` declares nothing: f is bound where it is declared (an outer function's, for a
  // closure assigning a variable it shares), known once all are read; at once when this scope has it.
  if (key === null && !declarator && knownName === undefined && ctx.facts.language !== "python") {
    const count = ctx.facts.bindings.get(scope)?.get(nameText)?.length ?? 0;
    if (scope >= 0 && count === 0 && !ctx.declared.has(`${scope}\u0000${nameText}`)) {
      ctx.assigned.push({ scope, name: nameText, value });
      return;
    }
    // `p = f2` after `p = f1` (and `f = wrap(f)`, whose argument f is the one bound before):
    // applied to the call facts at the end.
    if (count > 0) {
      // `h ||= f` (`&&=`, `??=`) may keep the value from before: no reassignment that hides it.
      const logical = bindingNode.type === "augmented_assignment_expression";
      const straight = !logical && jsStraight(bindingNode);
      const wrap = value.root.t === "call" && value.path.length === 0;
      const loopFrom = straight ? undefined : outerLoopLine(bindingNode);
      (ctx.reassigns ??= []).push(loopFrom === undefined ? { scope, name: nameText, index: count, from: line(valueNode), to: endRowOf(valueNode) + 1, wrap, straight } : { scope, name: nameText, index: count, from: line(valueNode), to: endRowOf(valueNode) + 1, wrap, straight, loopFrom });
      const branch = straight || wrap || logical ? null : jsBranch(bindingNode);
      if (branch) (ctx.branchReassigns ??= []).push({ scope, name: nameText, index: count, ...branch });
      if (straight || branch) (ctx.reassigned ??= new Set()).add(`${scope}\u0000${nameText}`);
    }
  }
  const up = knownName !== undefined ? pyAncestors(bindingNode) : [];
  const parent = up.length - 1;
  if (up[parent]?.type === "expression_statement") {
    const index = ctx.facts.bindings.get(scope)?.get(nameText)?.length ?? 0;
    // `f = g` whose value does not name f: it replaces a def or import of f too (lastBefore).
    const fresh = !namesWord(valueNode.text, nameText);
    if (straightIn(up, parent - 1, ctx.facts, scope, true)) {
      addKill(ctx.kills, scope, nameText, fresh ? { index, line: line(bindingNode), fresh } : { index, line: line(bindingNode) });
    } else {
      branchBind(ctx.branches, ctx.facts, bindingNode, up, parent, scope, nameText, index);
      // Directly in a block of an if, try, with... with no loop around: for reads in that block.
      if (up[parent - 1]?.type === "block" && straightIn(up, parent - 1, ctx.facts, scope, false, false, true)) {
        const block = bindingNode.parent?.parent;
        // (`loop`: its value is read again on the next round, after later assignments: facts-py-kills.ts valueKills.)
        const loop = !straightIn(up, parent - 1, ctx.facts, scope, false);
        // (An if's or elif's block: the statement's other branches after it never see it.)
        const owner = block?.type === "block" ? block.parent : null;
        const ifStmt = owner?.type === "if_statement" ? owner : owner?.type === "elif_clause" ? owner.parent : null;
        const sibling = ifStmt?.type === "if_statement" && owner!.childForFieldName("consequence")?.startIndex === block!.startIndex ? endRowOf(ifStmt) + 1 : undefined;
        if (block?.type === "block") addKill(ctx.kills, scope, nameText, { index, line: line(bindingNode), block: endRowOf(block) + 1, ...(fresh ? { fresh } : {}), ...(loop ? { loop } : {}), ...(sibling !== undefined && sibling > endRowOf(block) + 1 ? { sibling } : {}) });
        // A try body's assignment is also what its `else:` block reads (it runs only when the body
        // finished), not its handlers (between them): `flow/p22_try_body_rebinds_before_call_in_else`.
        const tryStmt = block?.type === "block" ? block.parent : null;
        if (tryStmt?.type === "try_statement" && tryStmt.childForFieldName("body")?.startIndex === block!.startIndex) {
          const otherwise = tryStmt.namedChildren.find((c) => c?.type === "else_clause");
          if (otherwise) addKill(ctx.kills, scope, nameText, { index, line: line(otherwise), block: endRowOf(otherwise) + 1, ...(fresh ? { fresh } : {}), ...(loop ? { loop } : {}) });
        }
      }
    }
  }
  // JS `const g = f`: g's value is f as read on this line (readsAboveReassign orders it).
  if (key === null && knownName === undefined && value.root.t === "name" && ctx.facts.language !== "python") {
    (ctx.valueReads ??= []).push({ scope, name: nameText, index: ctx.facts.bindings.get(scope)?.get(nameText)?.length ?? 0, line: line(valueNode) });
  }
  addTo(ctx.facts.bindings, scope, nameText, value);
}

const JS_LOOPS = new Set(["for_statement", "for_in_statement", "while_statement", "do_statement"]);
const JS_SCOPES = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "generator_function", "class_static_block", "program"]);

/**
 * The line of the outermost loop holding a JS statement within its function (its body may run
 * again after later code), or undefined when none does (a bounded walk up: 64 levels).
 */
function outerLoopLine(node: Node): number | undefined {
  let loop: Node | null = null;
  let up = node.parent;
  for (let n = 0; up && n < 64 && !JS_SCOPES.has(up.type); n++, up = up.parent) if (JS_LOOPS.has(up.type)) loop = up;
  // (Past the bound: read as a loop from the function's top, which orders nothing.)
  if (up && !JS_SCOPES.has(up.type)) return 0;
  return loop ? line(loop) : undefined;
}
