// JavaScript/TypeScript capture handling: turns one query match's captures (imports, exports,
// declarations, member assignments, throws) into facts.
import { cap, type Caps, has } from "./captures.ts";
import { anyItem, GEN_RETURN, holding, type Ref, stringLiteral } from "./ref-types.ts";
import { jsName } from "./refs-js-keys.ts";
import { JS_FUNCTION_LITERALS, jsPatternNames, returnedLiterals, typeValue } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { addTo, addToList } from "./fact-text.ts";
import { enclosingClass } from "./scopes.ts";
import { field } from "./fields.ts";
import { charBetween } from "./next-char.ts";
import { lineOf as line } from "./wasm-node.ts";
import { ASYNC_ITERATOR, ITERATOR, THROWN } from "./fact-types.ts";
import { addAttr, addExport, type CatchParam, type Ctx, fieldName, text } from "./fact-ctx.ts";
import { caughtWithin, MAX_THROWN, tryReach } from "./facts-js-throws.ts";
import { accessorFact } from "./facts-js-accessors.ts";
import { bindingFact, declaratorFacts } from "./fact-bindings.ts";
import { eitherOperands, keptOperands } from "./fact-either.ts";
import { inGenerator, iterated } from "./facts-js-calls.ts";
import { leavesEarly } from "./facts-js-branches.ts";
import { logicalAssignment, memberAssignment, propertyFact } from "./facts-js-members.ts";

/** The captures jsFacts tells its cases by: a match with none of them has no fact for it. */
export const JS_FACT_CAPTURES = new Set([
  "typed", "return.value", "yield.value", "catch.name", "throw.value", "import", "assign.member", "assign.logical", "export.cjs", "export.star", "export.default",
  "export", "binding.each", "binding", "property",
]);

/**
 * Whether the function a return statement is in may be a generator (inGenerator walks up, a
 * descent from the root per level): a generator's `*` stands between the start of the function
 * the return is in and the return, and the nearest function def holding the return is that
 * function or one around it (every JS function def is a node inGenerator's walk stops at).
 */
function mayBeGenerator(ctx: Ctx, scope: number, at: Node): boolean {
  const defs = ctx.facts.defs;
  let f = scope;
  while (f >= 0 && defs[f]!.kind !== "function" && defs[f]!.kind !== "method") f = defs[f]!.parent;
  return f < 0 || charBetween(at, "*", defs[f]!.start, at.startIndex);
}

export function jsFacts(caps: Caps, ctx: Ctx): void {
  const { facts } = ctx;
  const typed = cap(caps, "typed");
  if (typed) {
    // A field named other than by a plain name (`#x`, `"x"`, `[k]`) gives no attribute.
    const attr = fieldName(typed);
    if (attr?.type !== "property_identifier") return;
    const value = typeValue(cap(caps, "typed.type")!);
    if (!value) return;
    const scope = ctx.scope(typed);
    const cls = enclosingClass(facts.defs, scope, false);
    if (cls >= 0) addAttr(facts, cls, attr.text, { scope, ref: value });
    return;
  }
  let returned = cap(caps, "return.value");
  if (returned) {
    const at = cap(caps, "return")!;
    const statement = at.type === "return_statement";
    let type = returned.type;
    // `(c ? f : g)` (an arrow's concise body must be parenthesized to hold an object; style puts
    // parentheses around the others too): the expression inside, for its operands.
    // (`return (c ? new A() : new B()) as any`, `... satisfies T`, `(...)!`: through the cast.)
    if ((type === "as_expression" || type === "satisfies_expression" || type === "non_null_expression") && returned.namedChild(0)?.type === "parenthesized_expression") {
      const inner = returned.namedChild(0)!.namedChild(0);
      if (returned.namedChild(0)!.namedChildCount === 1 && (inner?.type === "ternary_expression" || inner?.type === "binary_expression")) { returned = returned.namedChild(0)!; type = returned.type; }
    }
    if (type === "parenthesized_expression" && returned.namedChildCount === 1) {
      const inner = returned.namedChild(0)!;
      if (inner.type === "ternary_expression" || inner.type === "binary_expression") { returned = inner; type = inner.type; }
    }
    // `return o.x`, `() => o.x`: a getter read.
    if (type === "member_expression") accessorFact(ctx, returned, true);
    for (const start of returnedLiterals(returned, type, !statement)) ctx.anonymousUses.set(start, true);
    const scope = statement ? ctx.scope(at) : (ctx.defIndex.get(at.startIndex) ?? -1);
    if (scope < 0) return;
    // `return c ? f : g`, `return cb || fallback`: either operand.
    const operands = type === "ternary_expression" || type === "binary_expression" ? eitherOperands(returned, type) : null;
    // (Their function literals are returned, not run here: `return n ? () => f(n - 1) : done`.)
    if (operands) keptOperands(ctx, returned, type);
    // A generator's `return f` is what the last `it.next()` gives as `value`: an item of what
    // calling it returns, under its own key (GEN_RETURN: a for-of loop does not see it).
    // (Asked only for a value kept: each step up is a descent from the root in WASM.)
    let generator: boolean | undefined;
    for (const operand of operands ?? [returned]) {
      const ref = operand === returned ? ctx.ref(returned, type) : ctx.ref(operand);
      if (ref) addToList(facts.returns, scope, (generator ??= statement && mayBeGenerator(ctx, scope, at) && inGenerator(at)) ? { root: { t: "items", items: [{ key: GEN_RETURN, ref }] }, path: [] } : ref);
    }
    return;
  }
  const importNode = cap(caps, "import");
  if (importNode) return jsImport(caps, importNode, ctx);
  const member = cap(caps, "assign.member");
  if (member) return memberAssignment(ctx, member, cap(caps, "assign.value")!);
  const cjs = cap(caps, "export.cjs");
  if (cjs) {
    const value = cap(caps, "export.value")!;
    // `export = function () {}`: the module's value, called by whoever imports it, not where written.
    if (JS_FUNCTION_LITERALS.has(value.type)) ctx.anonymousUses.set(value.startIndex, true);
    const ref = ctx.ref(value);
    if (ref) facts.cjs.push(ref);
    return;
  }
  if (has(caps, "export.star")) {
    const spec = stringLiteral(cap(caps, "export.source")!);
    if (spec !== null) facts.stars.push(spec);
    return;
  }
  if (has(caps, "export.default")) return addExport(facts, "default", ctx.ref(cap(caps, "export.value")!));
  const exportNode = cap(caps, "export");
  if (exportNode) return jsExport(caps, exportNode, ctx);
  const each = cap(caps, "binding.each");
  if (each) {
    // `for (const f of xs)`: f is any item of xs (`for (k in o)` binds keys).
    const loop = cap(caps, "binding.loop")!;
    if (field(loop, "operator")?.type !== "of") return;
    const ref = ctx.ref(each);
    if (!ref) return;
    const scope = ctx.scope(each);
    const target = cap(caps, "binding.name")!;
    if (target.type === "identifier") {
      const item = anyItem(ref);
      addTo(facts.bindings, scope, jsName(target), item);
      // `for (using r of xs)` (parser.ts reads its `using` as `const`): each item's
      // `[Symbol.dispose]()` runs at the end of its iteration.
      if (field(loop, "kind")?.text === "using") facts.calls.push({ scope, ref: { root: item.root, path: [...item.path, "[Symbol.dispose]"] }, line: line(loop), kind: "call", protocol: true });
    }
    // `for (const [k, v] of Object.entries(o))`: each name takes its part of an item.
    else for (const { name, path } of jsPatternNames(target)) addTo(facts.bindings, scope, name, { root: ref.root, path: [...ref.path, "[*]", ...path] });
    iterated(ctx, each, ref, scope, ITERATOR, leavesEarly(field(loop, "body")));
    // `for await`: an async iterable's `[Symbol.asyncIterator]()` (or, lacking one, its iterator).
    // (Its `await` stands before the loop's target: the children are read only when one is written there.)
    if (charBetween(loop, "await", loop.startIndex, target.startIndex) && loop.children.some((c) => c?.type === "await")) iterated(ctx, each, ref, scope, ASYNC_ITERATOR);
    return;
  }
  if (has(caps, "binding.declarator")) return declaratorFacts(caps, ctx);
  if (has(caps, "binding")) return bindingFact(caps, ctx);
  const object = cap(caps, "property");
  if (object) return propertyFact(caps, object, ctx);
  // Rare matches last: every match above would look for their captures first.
  const logical = cap(caps, "assign.logical");
  if (logical) return logicalAssignment(ctx, logical, cap(caps, "assign.value")!);
  const caught = cap(caps, "catch.name") ?? cap(caps, "throw.value");
  if (caught) {
    const lists = (ctx.caught ??= { catches: [], thrown: [] });
    const isCatch = caps[0]!.name === "catch.name";
    // (`throw () => {}`: the throw's scope, not the literal's own; the literal is kept for whoever
    // catches it, not called where it is written.)
    const scope = ctx.scope(isCatch ? caught : caught.parent ?? caught);
    if (isCatch) {
      const entry: CatchParam = { scope, name: jsName(caught) };
      lists.catches.push(entry);
      // What the functions called in the try block throw (`validate(x)` of another module whose
      // validate throws `new ValidationError()`): their thrown values, one call deep.
      const body = caught.parent?.parent?.type === "try_statement" ? field(caught.parent.parent, "body") : null;
      if (body) {
        let n = 0;
        tryReach(entry, body);
        for (const call of body.descendantsOfType("call_expression")) {
          const callee = call && field(call, "function");
          const type = callee?.type;
          if (type !== "identifier" && type !== "member_expression") continue;
          // (Not a call inside an inner try whose own catch takes what it throws.)
          if (caughtWithin(call, body)) continue;
          const ref = ctx.ref(callee!);
          if (ref) (lists.viaCalls ??= []).push({ scope, name: jsName(caught), ref: { root: { t: "call", callee: ref }, path: [THROWN] } });
          if (++n >= 16) break;
        }
      }
    } else {
      if (JS_FUNCTION_LITERALS.has(caught.type)) ctx.anonymousUses.set(caught.startIndex, true);
      const ref = lists.thrown.length < MAX_THROWN ? ctx.ref(caught) : null;
      if (ref) {
        lists.thrown.push({ scope, ref, at: caught.startIndex });
        // Kept with what the function returns, under a key no code names (the catches above).
        // (Not one thrown in a try block of the function whose catch takes it: it never leaves.)
        if (scope >= 0 && !inGenerator(caught) && !caughtWithin(caught, null)) addToList(ctx.facts.returns, scope, { root: { t: "items", items: [{ key: THROWN, ref }] }, path: [] });
      }
    }
    return;
  }
  const yielded = cap(caps, "yield.value");
  if (yielded) {
    // `yield f`: f is an item of what calling the generator returns; `yield* xs`: xs's items are.
    // Only names and function literals: what calls yield (`yield* walk(child)`, recursion) made
    // chains of items each question walked again (twice the assembly time of playwright-core).
    // A function literal yielded (`yield () => {}`, `yield* [() => {}]`) is kept for whoever takes
    // the item (`it.next().value()`, a for-of loop), not called where it is written.
    for (const start of returnedLiterals(yielded, yielded.type, false)) ctx.anonymousUses.set(start, true);
    const ref = ctx.ref(yielded);
    // (The yield's scope: a function literal yielded starts its own.)
    const scope = ctx.scope(yielded.parent ?? yielded);
    if (!ref || scope < 0) return;
    const delegated = yielded.previousSibling?.type === "*";
    // `yield* child` of one of our iterables runs its `[Symbol.iterator]()`, as `for...of` does
    // (a tree's recursive walk: `for (const c of this.children) yield* c`).
    if (delegated) iterated(ctx, yielded, ref, scope);
    // `yield make(x)` (not `yield*`) of a function named by a bare name: what make returns.
    // `yield* inner()` of another generator named so: its items (not the generator's own name:
    // recursion, `yield* walk(child)`, is what made those chains).
    // (So does `yield* this.left()` of another method.)
    const callee = ref.root.t === "call" && ref.path.length === 0 ? ref.root.callee : null;
    const made = callee !== null && ((callee.root.t === "name" && callee.path.length === 0) || (delegated && callee.root.t === "this" && callee.path.length === 1))
      && (!delegated || (callee.root.t === "name" ? callee.root.name : callee.path[0]) !== facts.defs[scope]!.name);
    // `yield* this.steps`: a field's items; `yield this.parse`: the method (or field).
    const ownField = ref.root.t === "this" && ref.path.length === 1;
    // `yield* [a, b]`: the array literal's items; `yield this` (a tree's walk): the instance.
    // (`yield ["a", f]`, a pair: the array literal itself.)
    const literal = (ref.root.t === "items" && ref.path.length === 0) || (!delegated && ref.root.t === "this" && ref.path.length === 0);
    // `yield j.run.bind(j)` / `yield f.bind(null, a)`: the function bound (resolve.ts reads bind as f).
    const bound = !delegated && callee !== null && callee.path.at(-1) === "bind" && (callee.root.t === "name" || (callee.root.t === "this" && callee.path.length >= 2));
    // `yield new Page()`: an instance of a class named by a name.
    const instance = !delegated && ref.root.t === "new" && ref.path.length === 0 && ref.root.callee.root.t === "name";
    // `yield* table.values()` of a Map or array named by a name: its items.
    const values = delegated && callee !== null && callee.root.t === "name" && callee.path.length === 1 && callee.path[0] === "values";
    if (ref.root.t !== "name" && ref.root.t !== "def" && !made && !ownField && !literal && !bound && !instance && !values) return;
    const item: Ref = delegated ? anyItem(ref) : ref;
    addToList(facts.returns, scope, holding(item));
    return;
  }
}

function jsImport(caps: Caps, node: Node, ctx: Ctx): void {
  const spec = stringLiteral(cap(caps, "import.source")!);
  if (spec === null || node.child(1)?.type === "type") return; // `import type` has no run-time effect
  const scope = ctx.scope(node);
  const module = (path: string[]): Ref => ({ root: { t: "module", spec }, path });
  const def = text(cap(caps, "import.default"));
  const ns = text(cap(caps, "import.namespace"));
  const name = cap(caps, "import.name");
  if (def !== null) addTo(ctx.facts.bindings, scope, def, module(["default"]));
  else if (ns !== null) addTo(ctx.facts.bindings, scope, ns, module([]));
  else if (name) {
    const imported = stringLiteral(name) ?? name.text;
    addTo(ctx.facts.bindings, scope, text(cap(caps, "import.alias")) ?? imported, module([imported]));
  } else ctx.facts.imports.push({ scope, spec, line: line(node), names: [] });
}

function jsExport(caps: Caps, node: Node, ctx: Ctx): void {
  const { facts } = ctx;
  // `export` in a TypeScript namespace's body makes a member of the namespace, not of the file
  // (a script declaring a global namespace stays a script: resolve-names.ts globalName).
  if (ctx.namespaceOf && ctx.namespaceOf(node.startIndex) >= 0) return;
  const decl = cap(caps, "export.declaration");
  const isDefault = node.children.some((c) => c?.type === "default");
  if (decl) {
    const name = field(decl, "name")?.text;
    if (name) addExport(facts, isDefault ? "default" : name, { root: { t: "name", name }, path: [] });
    return;
  }
  const sourceNode = cap(caps, "export.source");
  const spec = sourceNode ? stringLiteral(sourceNode) : null;
  const local = cap(caps, "export.local");
  const nameNode = cap(caps, "export.name");
  const value = cap(caps, "export.value");
  if (local) {
    const localName = stringLiteral(local) ?? local.text;
    const exported = nameNode ? (stringLiteral(nameNode) ?? nameNode.text) : localName;
    const ref: Ref = spec !== null
      ? { root: { t: "module", spec }, path: localName === "default" ? ["default"] : [localName] }
      : { root: { t: "name", name: localName }, path: [] };
    addExport(facts, exported, ref);
  } else if (nameNode && spec !== null) {
    addExport(facts, nameNode.text, { root: { t: "module", spec }, path: [] });
  } else if (nameNode && value) {
    addExport(facts, nameNode.text, ctx.ref(value));
  } else if (nameNode) {
    addExport(facts, nameNode.text, { root: { t: "name", name: nameNode.text }, path: [] });
  }
}
