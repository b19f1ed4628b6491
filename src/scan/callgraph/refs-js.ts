// References: what an expression names, as plain data that the project-wide resolver can
// follow later (`_.template` → name "_" with path ["template"]). Conversion walks member/call
// chains with a loop, never recursion, so absurdly long chains cannot blow the stack.
import type { Node } from "web-tree-sitter";
import { field } from "./fields.ts";
import { loopStrings } from "./facts-js.ts";
import { byText, DOTTED, dottedChain } from "./ref-chains.ts";
import { eitherModule, EXPORTS_TARGET, requireSpecifier, viteGlob } from "./refs-js-modules.ts";
import { anyItem, bareName, firstArgument, fold, foldRef, GEN_RETURN, GEN_SENT, ITER_ITEM, MAP_ENTRY, MAX_ITEMS, MAX_STEPS, MEMBERS, type Ref, type Root, SETTLED_REASON, type Step, stringLiteral } from "./ref-types.ts";
import { attributeStrings, blockNames, constPairOf, inBlock, inLoop, jsName, literalKey, localFunctions, prefixKey, returnedStrings, staticKey, templateKeys, ternaryKeys } from "./refs-js-keys.ts";

/** React's `createContext`/`useContext` (also `React.`), read by contextToken. */
export const REACT_CONTEXT_CALL = /^(?:React\.)?(?:create|use)Context$/;

/**
 * The token of a React context named by an expression (`AuthContext`, `contexts.Auth`), its last
 * name: `useContext(C)` is what `createContext(d)` and every `<C.Provider value={v}>` of the
 * project give (refs "provided" roots, matched by name as DI tokens are).
 */
export function contextToken(node: Node): string | null {
  if (node.type !== "identifier" && node.type !== "member_expression" && node.type !== "nested_identifier") return null;
  const m = /([\w$]+)$/.exec(node.text);
  return m ? `ctx:${m[1]}` : null;
}

/** React's component wrappers, whose result renders the component they are given. */
const REACT_WRAPPERS = new Set(["memo", "React.memo", "forwardRef", "React.forwardRef"]);
/** React hooks returning the function they are given (`useCallback`) or what it returns (`useMemo`). */
const REACT_HOOKS = new Map([["useCallback", false], ["React.useCallback", false], ["useMemo", true], ["React.useMemo", true]]);

const JS_WRAPPERS = new Set([
  "parenthesized_expression", "await_expression", "as_expression", "satisfies_expression",
  "non_null_expression", "type_assertion",
]);
const JS_DEF_LITERALS = new Set([
  "function_expression", "arrow_function", "generator_function", "class", "object",
]);

/**
 * tree-sitter reads `await (0, f)(x)` (tsc's CommonJS emit of `await f(x)` for an imported f) in
 * an async function as a call of a function named `await`, whose result is called: the callee of
 * the outer call `call` is then f, the last of the inner call's arguments. Null otherwise.
 */
export function awaitedCallee(call: Node): Node | null {
  const inner = field(call, "function");
  if (inner?.type !== "call_expression") return null;
  const name = field(inner, "function");
  if (name?.type !== "identifier" || name.text !== "await") return null;
  const args = field(inner, "arguments");
  const count = args?.type === "arguments" ? args.namedChildCount : 0;
  const last = count > 0 && count <= 4 ? args!.namedChild(count - 1) : null;
  if (!last || last.type === "spread_element" || last.type === "comment") return null;
  // (Only where `await` is the keyword: in an async function, or at a module's top level.)
  for (let n: Node | null = call.parent, i = 0; n && i < 256; n = n.parent, i++) {
    if (!JS_FUNCTION_NODES.has(n.type)) continue;
    return n.child(0)?.type === "async" ? last : null;
  }
  return last;
}
const JS_FUNCTION_NODES = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function", "generator_function_declaration"]);

/**
 * JavaScript/TypeScript expression → Ref (null when nothing static can be said). `dotted`: read
 * plain dotted member chains from their text (false: walk every node, for tests to compare);
 * `type`, `text`: the expression's type and text when the caller has read them.
 */
export function jsRef(expr: Node, defStarts: Set<number>, dotted = true, type?: string, text?: string): Ref | null {
  // A bare name (the most common reference) makes no list of steps.
  type ??= expr.type;
  if (type === "identifier" || type === "shorthand_property_identifier") return bareName(byText, blockNames === null ? text ?? expr.text : jsName(expr, text));
  const steps: Step[] = [];
  let node: Node | null = expr;
  // The type and text of `node` when already read (a call's callee): each read crosses into WASM.
  let known: string | null = type ?? null;
  let knownText: string | null = text ?? null;
  while (node && steps.length <= MAX_STEPS) {
    const t: string = known ?? node.type;
    const text = knownText;
    known = knownText = null;
    if (t === "identifier" || t === "shorthand_property_identifier") {
      const name = blockNames === null ? text ?? node.text : jsName(node, text ?? undefined);
      return steps.length === 0 ? bareName(byText, name) : fold({ t: "name", name }, steps);
    } else if (t === "this") {
      return fold({ t: "this" }, steps);
    } else if (t === "super") {
      return fold({ t: "super" }, steps);
    } else if (t === "member_expression" || t === "nested_identifier") {
      // A chain written as plain dotted names (`a.b.c`, `this.x.y`) is read from its text: one
      // crossing into WASM instead of four per member (property, its text, object, its type).
      // (Not when its first name is a block's: `step.run` in the block, read node by node.)
      const chainText = dotted ? text ?? node.text : null;
      const chain = chainText !== null && (blockNames === null || !inBlock(/^[\w$]*/.exec(chainText)![0], node.startIndex)) ? dottedChain(node, steps, chainText) : null;
      if (chain) return chain;
      const prop = field(node, "property");
      if (!prop) return null;
      steps.push({ k: "member", name: prop.text });
      node = field(node, "object");
    } else if (t === "subscript_expression") {
      // `o["k"]` names member k; `a[0]` item 0; any other index may name every item of an array
      // literal (`[*]`), never a named member (those are dynamic sites).
      const index = field(node, "index");
      const key = index ? staticKey(index) : null;
      // `o[c ? "stop" : "start"]`: either member.
      const indexType = key === null && steps.length < MAX_STEPS - 8 ? index?.type : undefined;
      // `handlers[method]` with method a loop's string or a parameter every call gives a string (loopStrings).
      const either = indexType === "ternary_expression" ? ternaryKeys(index!)
        : indexType === "identifier" ? constPairOf(index!.text, index!.startIndex) ?? loopStrings(index!)
        : indexType === "template_string" ? templateKeys(index!)
        // `this["on" + verb]`: the prefix and each string verb holds (loopStrings; else prefixKey below).
        : indexType === "binary_expression" ? concatKeys(index!)
        : indexType === "call_expression" ? returnedStrings(index!)
        : indexType === "member_expression" ? attributeStrings(index!) : null;
      if (either) {
        const of = field(node, "object");
        const base = of ? jsRef(of, defStarts, dotted) : null;
        if (!base) return null;
        const refs = either.map((k): Ref => ({ root: base.root, path: [...base.path, k] }));
        return fold({ t: "union", refs }, steps);
      }
      // `xs[Symbol.iterator]`: the iterator method (of our iterable, or an array's own: not an item).
      const symbol = key === null && index?.type === "member_expression" ? index.text : null;
      const named = symbol === "Symbol.iterator" || symbol === "Symbol.asyncIterator" ? `[${symbol}]` : null;
      // `this["on_" + state]`: any member whose name starts with the literal prefix ("[on_*]").
      const prefix = key === null && named === null && index?.type === "binary_expression" ? prefixKey(index) : null;
      steps.push({ k: "member", name: key ?? named ?? prefix ?? (index?.type === "number" ? `[${index.text}]` : "[*]") });
      node = field(node, "object");
    } else if (t === "array") {
      return steps.length > MAX_STEPS - 8 ? null : fold(jsItems(node, defStarts), steps);
    } else if (t === "call_expression") {
      let callee = field(node, "function");
      // `await (0, f)(x)`: f's call awaited (awaitedCallee), not a call of what `await(0, f)` returns.
      if (callee?.type === "call_expression") callee = awaitedCallee(node) ?? callee;
      const calleeType = callee ? callee.type : null;
      // Read once: an identifier may be `require`, any callee `Object.create`/`Object.assign`.
      const calleeText = callee && calleeType !== "import" ? callee.text : null;
      const spec = callee ? requireSpecifier(node, callee, calleeType!, calleeText) : null;
      // (`require("x")`: req, the package's "exports" "require" condition answers it; `import("x")` the "import" one.)
      if (spec !== null) return fold(calleeType === "identifier" ? { t: "module", spec, req: true } : { t: "module", spec }, steps);
      const glob = calleeType === "member_expression" && steps.length < MAX_STEPS - 8 ? viteGlob(node, calleeText) : null;
      if (glob) return foldRef(glob, steps);
      const either = callee && steps.length < MAX_STEPS - 8 ? eitherModule(node, callee, calleeType!, calleeText) : null;
      if (either) return foldRef(either, steps);
      if (!callee || calleeType === "import") return null;
      // `Object.create(proto)` has proto's members; `Object.assign(target, mixin)` returns the
      // target, now holding the mixin's members too.
      // `Object.getPrototypeOf(a)` of a lower-case name (an instance, not a class or `C.prototype`,
      // whose prototype is its base's): what a's members come from, read as a itself (an instance's
      // prototype has its class's methods: `Object.create(Object.getPrototypeOf(a))` copies a's kind).
      // `while ((t = queue.shift())) t()`: in a loop, `xs.shift()` / `xs.pop()` gives any item, not
      // the first / last the literal wrote.
      if (calleeType === "member_expression" && (calleeText!.endsWith(".shift") || calleeText!.endsWith(".pop")) && steps.length < MAX_STEPS - 8 &&
        field(node, "arguments")?.namedChildCount === 0 && inLoop(node)) {
        const of = field(callee!, "object");
        if (of?.type === "identifier" || of?.type === "member_expression") {
          steps.push({ k: "member", name: "[*]" });
          node = of;
          continue;
        }
      }
      if ((calleeText === "Object.getPrototypeOf" || calleeText === "Reflect.getPrototypeOf") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        if (first?.type === "identifier" && /^[a-z_$]/.test(first.text)) {
          node = first;
          continue;
        }
      }
      if (calleeText === "Object.create" || calleeText === "Object.assign") {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        // (`const handlers = Object.create(null)`: a dictionary facts.ts made a def, as `{}`.)
        if (calleeText === "Object.create" && defStarts.has(node.startIndex)) return fold({ t: "def", start: node.startIndex }, steps);
        // `Object.create(proto, { run: { value: f } })`: proto's members and the descriptors' values.
        const second = calleeText === "Object.create" && first ? args!.namedChild(1) : null;
        if (second?.type === "object" && steps.length < MAX_STEPS - 8) {
          const items: { key: string; ref: Ref }[] = [];
          for (const pair of second.namedChildren) {
            if (pair?.type !== "pair" || items.length >= MAX_ITEMS) continue;
            const key = field(pair, "key");
            const name = key?.type === "property_identifier" ? key.text : key ? stringLiteral(key) : null;
            const desc = field(pair, "value");
            if (name === null || desc?.type !== "object") continue;
            for (const el of desc.namedChildren) {
              // (`{ get() {} }`, `{ get: function () {} }`: a getter or setter, facts-js-accessors.ts definedAccessor.)
              const elType = el?.type;
              const kind = elType === "pair" ? field(el!, "key")?.text : elType === "method_definition" ? field(el!, "name")?.text : undefined;
              if (kind !== "value" && kind !== "get" && kind !== "set") continue;
              const value = elType === "method_definition" ? null : field(el!, "value");
              const ref = value ? jsRef(value, defStarts, dotted) : defStarts.has(el!.startIndex) ? { root: { t: "def", start: el!.startIndex }, path: [] } as Ref : null;
              if (ref) items.push({ key: name, ref });
            }
          }
          const proto = first!.type === "null" ? null : jsRef(first!, defStarts, dotted);
          if (items.length > 0) {
            const own: Ref = { root: { t: "items", items }, path: [] };
            return proto ? fold({ t: "union", refs: [proto, own] }, steps) : foldRef(own, steps);
          }
        }
        if (calleeText === "Object.create" && first) {
          node = first;
          continue;
        }
        // (`Object.assign({}, a, b)`: the literal, which facts.ts gives a's and b's members.)
        if (calleeText === "Object.assign" && first?.type === "object" && defStarts.has(first.startIndex)) {
          node = first;
          continue;
        }
        if (calleeText === "Object.assign" && first && steps.length < MAX_STEPS - 8) {
          const refs: Ref[] = [];
          for (const a of args!.namedChildren) {
            if (!a || a.type === "comment" || a.type === "spread_element" || refs.length >= 8) continue;
            const r = jsRef(a, defStarts, dotted);
            if (r) refs.push(r);
          }
          return refs.length > 0 ? fold({ t: "union", refs }, steps) : null;
        }
      }
      // `Promise.resolve(v)`: a promise of v, read as v (as `await` and `.then` read our promises),
      // when v says something (else the builtin's promise: `Promise.resolve(1).then(pick)`).
      // `Object.freeze(o)` (seal, preventExtensions) returns o itself.
      if ((calleeText === "Promise.resolve" || calleeText === "Object.freeze" || calleeText === "Object.seal" || calleeText === "Object.preventExtensions") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) return foldRef(value, steps);
      }
      // `Reflect.get(o, "k")`: o's member k, as `o.k` reads it (a key we cannot read: no value).
      if (calleeText === "Reflect.get" && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        const second = first ? args!.namedChild(1) : null;
        const key = second ? staticKey(second) : null;
        const of = key !== null ? jsRef(first!, defStarts, dotted) : null;
        return of ? foldRef({ root: of.root, path: [...of.path, key!] }, steps) : null;
      }
      // `Promise.all([import("./a.js"), load()])`: the array of what each settles to, read as the
      // array (await reads our promises as their values); `Promise.race(xs)`/`any`: any item of it.
      if ((calleeText === "Promise.all" || calleeText === "Promise.race" || calleeText === "Promise.any") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        // (Also an array named or made elsewhere: `const jobs = [a, b]; Promise.all(jobs)`.)
        const value = first && first.type !== "spread_element" ? jsRef(first, defStarts, dotted) : null;
        if (value) return foldRef(calleeText === "Promise.all" ? value : anyItem(value), steps);
      }
      // `Promise.allSettled([p, q])`: an array of `{ value, reason }` outcomes, value what each
      // settles to (read as the promise), reason any rejection's reason of the file (a name
      // facts.ts binds as a `catch (e)`'s: SETTLED_REASON).
      if (calleeText === "Promise.allSettled" && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) {
          const outcome = (ref: Ref): Ref => ({ root: { t: "items", items: [{ key: "value", ref }, { key: "reason", ref: { root: { t: "name", name: SETTLED_REASON }, path: [] } }] }, path: [] });
          const items = value.root.t === "items" && value.path.length === 0 && value.root.items.length <= MAX_ITEMS
            ? value.root.items.map((i) => ({ key: i.key, ref: outcome(i.ref) }))
            : [{ key: "[*]", ref: outcome(anyItem(value)) }];
          return fold({ t: "items", items }, steps);
        }
      }
      // React's `memo(C)` / `forwardRef(render)`: a component that renders C (`<Fast />` calls C),
      // beside what the call returns (a function of ours named so: `memo(fn)` of a memoiser).
      // (Not a memoiser of the file's own named memo: `function memo(fn) { return (k) => ... }`.)
      if (calleeText !== null && REACT_WRAPPERS.has(calleeText) && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        const fn = jsRef(callee, defStarts, dotted);
        if (value && fn) return fold({ t: "union", refs: [value, { root: { t: "call", callee: fn }, path: [] }] }, steps);
      }
      // React's `lazy(() => import("./Page"))`: a component rendering that module's default export.
      if ((calleeText === "lazy" || calleeText === "React.lazy") && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const body = first?.type === "arrow_function" ? field(first, "body") : null;
        const spec = body?.type === "call_expression" ? requireSpecifier(body) : null;
        // (`import("./x").then((m) => ({ default: m.Settings }))`: what the promise settles to.)
        let settled = spec === null && body?.type === "call_expression" && /^import\s*\(/.test(body.text) ? jsRef(body, defStarts, dotted) : null;
        // (`lazy(load)` of a loader named elsewhere, `const load = () => import("./Chart")`: what calling it settles to.)
        if (spec === null && settled === null && (first?.type === "identifier" || first?.type === "member_expression")) {
          const loader = jsRef(first, defStarts, dotted);
          if (loader) settled = { root: { t: "call", callee: loader }, path: [] };
        }
        const fn = jsRef(callee, defStarts, dotted);
        const rendered: Ref | null = spec !== null ? { root: { t: "module", spec }, path: ["default"] } : settled ? { root: settled.root, path: [...settled.path, "default"] } : null;
        if (rendered && fn) return fold({ t: "union", refs: [rendered, { root: { t: "call", callee: fn }, path: [] }] }, steps);
      }
      // React's `useCallback(f, deps)` is f, `useMemo(make, deps)` what make returns (a child
      // calling the memoised callback prop calls f; `actions.onSave()` of a memoised object).
      const hook = calleeText !== null && steps.length < MAX_STEPS - 8 ? REACT_HOOKS.get(calleeText) : undefined;
      if (hook !== undefined && !localFunctions?.has(calleeText!)) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) return hook ? fold({ t: "call", callee: value }, steps) : foldRef(value, steps);
      }
      // `useContext(C)`: the value of C's providers (`<C.Provider value={v}>`, createContext's default).
      if ((calleeText === "useContext" || calleeText === "React.useContext") && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const token = first ? contextToken(first) : null;
        if (token) return fold({ t: "provided", token }, steps);
      }
      // `useRef(f)`: an object whose `current` holds f (`ref.current()`).
      if ((calleeText === "useRef" || calleeText === "React.useRef") && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) return fold({ t: "items", items: [{ key: "current", ref: value }] }, steps);
      }
      // `[].concat(fs)`: fs, items where they were; `xs.concat(ys, f)`: any item of each, or f.
      if (calleeType === "member_expression" && calleeText!.endsWith(".concat") && steps.length < MAX_STEPS - 8) {
        const receiver = field(callee, "object");
        const parts: Node[] = [];
        for (const a of field(node, "arguments")?.namedChildren ?? []) if (a && a.type !== "comment" && parts.length < 8) parts.push(a);
        if (receiver?.type === "array" && receiver.namedChildCount === 0 && parts.length === 1 && parts[0]!.type !== "spread_element") {
          const only = jsRef(parts[0]!, defStarts, dotted);
          return only ? foldRef(only, steps) : null;
        }
        const items: { key: string; ref: Ref }[] = [];
        for (const part of receiver ? [receiver, ...parts] : parts) {
          const inner = part.type === "spread_element" ? part.namedChild(0) : part;
          const r = inner && jsRef(inner, defStarts, dotted);
          if (!r) continue;
          items.push({ key: "[*]", ref: anyItem(r) });
          if (part !== receiver) items.push({ key: "[*]", ref: r });
        }
        return items.length > 0 ? fold({ t: "items", items }, steps) : null;
      }
      // `Object.fromEntries([["a", f]])`: an object whose member a is f (string keys of a literal list).
      if (calleeText === "Object.fromEntries" && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        if (first?.type !== "array") return null;
        const items: { key: string; ref: Ref }[] = [];
        for (const pair of first.namedChildren) {
          if (items.length >= MAX_ITEMS) break;
          const key = pair?.type === "array" ? pair.namedChild(0) : null;
          const name = key ? stringLiteral(key) : null;
          const value = name !== null && /^[A-Za-z_$][\w$]*$/.test(name) ? pair!.namedChild(1) : null;
          const ref = value ? jsRef(value, defStarts) : null;
          if (ref) items.push({ key: name!, ref });
        }
        return fold({ t: "items", items }, steps);
      }
      // `Array.from(it)` (no map function): an array of `it`'s items, what iterating it gives;
      // `Array.from(it, make)`: of what make returns (as `xs.map(make)`).
      if (calleeText === "Array.from" && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        // (`Array.from(it, make, obj)`: obj is `this` in make.)
        if (first && (args!.namedChildCount === 2 || args!.namedChildCount === 3)) {
          const second = args!.namedChild(1);
          const make = second ? callbackRef(second, defStarts) : null;
          return make ? fold({ t: "items", items: [{ key: "[*]", ref: { root: { t: "call", callee: make }, path: [] } }] }, steps) : null;
        }
        const of = first && args!.namedChildCount === 1 ? jsRef(first, defStarts, dotted) : null;
        if (!of) return null;
        return fold({ t: "items", items: [{ key: "[*]", ref: { root: of.root, path: [...of.path, ITER_ITEM] } }] }, steps);
      }
      // `Array(n).fill(f)` / `new Array(n).fill(f)`: an array whose items are f (J29).
      if (calleeText && calleeText.endsWith(".fill") && steps.length < MAX_STEPS - 8) {
        const fill = field(node, "function");
        const made = fill?.type === "member_expression" ? field(fill, "object") : null;
        if ((made?.type === "call_expression" || made?.type === "new_expression") && (field(made, "function") ?? field(made, "constructor"))?.text === "Array") {
          const first = firstArgument(field(node, "arguments"));
          const v = first ? jsRef(first, defStarts, dotted) : null;
          return v ? fold({ t: "items", items: [{ key: "[*]", ref: v }] }, steps) : null;
        }
      }
      // `Array.prototype.slice.call(arguments, 1)` / `[].slice.call(xs)`: an array of xs's items
      // (any of them: the start shifts positions).
      if ((calleeText === "Array.prototype.slice.call" || calleeText === "[].slice.call") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const of = first ? jsRef(first, defStarts, dotted) : null;
        if (!of) return null;
        return fold({ t: "items", items: [{ key: "[*]", ref: anyItem(of) }] }, steps);
      }
      // `Array.of(a, b)`: an array of its arguments, by position.
      if (calleeText === "Array.of" && steps.length < MAX_STEPS - 8) {
        const items: { key: string; ref: Ref }[] = [];
        let i = 0;
        for (const a of field(node, "arguments")?.namedChildren ?? []) {
          if (!a || a.type === "comment") continue;
          if (a.type === "spread_element" || items.length >= MAX_ITEMS) return null;
          const r = jsRef(a, defStarts, dotted);
          if (r) items.push({ key: `[${i}]`, ref: r });
          i++;
        }
        return fold({ t: "items", items, length: i }, steps);
      }
      // `Object.values(o)`: o's members as items; `Object.entries(o)`: items whose [1] is one.
      if ((calleeText === "Object.values" || calleeText === "Object.entries") && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        const of = first ? jsRef(first, defStarts, dotted) : null;
        if (!of) return null;
        const each: Ref = { root: of.root, path: [...of.path, MEMBERS] };
        const item: Ref = calleeText === "Object.values" ? each : { root: { t: "items", items: [{ key: "[1]", ref: each }] }, path: [] };
        return fold({ t: "items", items: [{ key: "[*]", ref: item }] }, steps);
      }
      // `m.get("a")`: the key a literal names ("[a]"), so a Map's item stored under it is told apart.
      // `xs.at(-1)`: the integer a literal gives ("[-1]"), so an array's item is picked by position.
      const key = calleeType === "member_expression" && calleeText!.endsWith(".get") ? mapKey(field(node, "arguments"))
        : calleeType === "member_expression" && calleeText!.endsWith(".at") ? atIndex(field(node, "arguments")) : null;
      // `xs.map(make)`: the callback, so the items of the result are what it returns.
      // `p.then(f)`: likewise, what the promise it makes resolves to (resolve.ts).
      // `xs.flatMap(f)`: the items of what it returns; `fs.reduce(f, init)`: what it returns, or init.
      const reducer = key === null && calleeType === "member_expression" && (calleeText!.endsWith(".reduce") || calleeText!.endsWith(".reduceRight"));
      const mapper = key === null && calleeType === "member_expression" && (reducer || calleeText!.endsWith(".map") || calleeText!.endsWith(".flatMap") || calleeText!.endsWith(".then")) ? mapCallback(field(node, "arguments"), defStarts)
        // `container.resolve(Mailer)` / `app.get(UsersService)`: a DI container's lookup by class (resolve.ts).
        : key === null && calleeType === "member_expression" && (calleeText!.endsWith(".resolve") || calleeText!.endsWith(".get")) ? classToken(field(node, "arguments"))
        // `Reflect.construct(C, args)`: C (resolve-roots.ts made(): an instance of it).
        : key === null && calleeText === "Reflect.construct" ? constructed(field(node, "arguments")) : null;
      // `p.then(f, g)`: either's result (resolve.ts); `p.catch(h)`: h's, or p's own value.
      const settled = key === null && calleeType === "member_expression" && (mapper ? calleeText!.endsWith(".then") : calleeText!.endsWith(".catch")) ? settleCallbacks(field(node, "arguments"), defStarts, mapper ? 2 : 1) : null;
      // `const AliasNode = freeze({ create() {} })` (`utils.freeze(...)`, tsc's `(0, utils_1.freeze)(...)`):
      // a call handed a literal of ours keeps its arguments, for a function of ours that gives one
      // back (resolve-roots.ts made()).
      const literals = key === null && !settled && !mapper && (calleeType === "identifier" || calleeType === "member_expression" || calleeType === "parenthesized_expression") ?
        literalArguments(field(node, "arguments"), defStarts) : null;
      steps.push(key !== null ? { k: "call", args: [{ name: key, ref: null }] } : settled ? { k: "call", args: settled } : mapper ? { k: "call", args: reducer ? reducerArgs(mapper, field(node, "arguments"), defStarts) : [{ name: null, ref: mapper }] } : literals ? { k: "call", args: literals } : { k: "call" });
      node = callee;
      known = calleeType;
      knownText = calleeText;
    } else if (t === "new_expression") {
      const ctor: Node | null = field(node, "constructor");
      // The constructor's type and text are read once (each read crosses into WASM).
      const ctorType = ctor ? ctor.type : null;
      const ctorText = ctorType === "identifier" ? ctor!.text : null;
      const held = ctorText === "Set" || ctorText === "Map" ? heldItems(node, ctorText, defStarts) : null;
      if (held) return steps.length > MAX_STEPS - 8 ? null : fold(held, steps);
      // `new Promise((resolve) => resolve(f))`: a promise of f, read as f (as `Promise.resolve(f)`).
      const settled = ctorText === "Promise" && steps.length < MAX_STEPS - 8 ? executorValue(node, defStarts, dotted) : null;
      if (settled) return foldRef(settled, steps);
      steps.push({ k: "new" });
      node = ctor;
      known = ctorType;
      knownText = ctorText;
    } else if (t === "as_expression" || t === "satisfies_expression") {
      // `x as T` is x (the type is the last child, not the value).
      node = node.namedChild(0);
    } else if (t === "yield_expression" && node.child(1)?.type !== "*") {
      // `const q = yield`: what the generator's `it.next(v)` calls send (facts.ts binds GEN_SENT).
      return fold({ t: "name", name: GEN_SENT }, steps);
    } else if (t === "yield_expression" && node.namedChildCount === 1 && node.child(1)?.type === "*") {
      // `const r = yield* inner()`: what inner returns, the GEN_RETURN item of what calling it gives.
      steps.push({ k: "member", name: GEN_RETURN });
      node = node.namedChild(0);
    } else if (JS_WRAPPERS.has(t)) {
      node = node.namedChild(node.namedChildCount - 1);
    } else if (t === "sequence_expression") {
      node = node.namedChild(node.namedChildCount - 1);
    } else if (t === "ternary_expression" && steps.length > 0 && steps.length < MAX_STEPS - 8 && orNesting < 2) {
      // `(c ? log.warn : log.info).call(log)`, `(c ? a : b).run()`: the member of either operand
      // (a ternary that is the whole value is bound per operand: fact-bindings.ts eitherValue).
      const refs: Ref[] = [];
      orNesting++;
      for (const operand of [field(node, "consequence"), field(node, "alternative")]) {
        const r = operand && jsRef(operand, defStarts, dotted);
        if (r) refs.push(r);
      }
      orNesting--;
      return refs.length === 0 ? null : fold({ t: "union", refs }, steps);
    } else if (t === "assignment_expression" && EXPORTS_TARGET.test(field(node, "left")?.text ?? "")) {
      // `var api = module.exports = {}`: api is the module's exports (what `api.run = f` adds to).
      node = field(node, "left");
    } else if (t === "assignment_expression" && selfDefault(node)) {
      // `(h[k] = h[k] || [])` in `(h[k] = h[k] || []).push(f)`: h[k] either way.
      node = field(node, "left");
    } else if (t === "assignment_expression") {
      // `var o = q = { f() {} }`, `(x = make()).run()`: an assignment's value is its right side.
      node = field(node, "right");
    } else if (t === "augmented_assignment_expression" || t === "binary_expression") {
      // `(x || [])`, `(x ?? {})`: x (the literal only stands in for it when empty); `(x ||= v)`,
      // `(x ??= v)`: x or v (`return (C._i ||= new C())`). Any other operator gives nothing, and
      // the operator is part of the text: one without `||` or `??` is read no further from WASM.
      if (!OR_TEXT.test(text ?? node.text)) return null;
      const op = field(node, "operator")?.text;
      const right = field(node, "right");
      const rt = right?.type;
      const assigns = op === "||=" || op === "??=";
      // `(o1 || o2).f()`: a member of either operand (names and members only).
      if (!assigns && (op === "||" || op === "??") && steps.length > 0 && !emptyLiteral(right) && !emptyAssignment(right)) {
        return eitherReceiver(field(node, "left"), right, steps, defStarts, dotted);
      }
      if (!(assigns || ((op === "||" || op === "??") && (emptyLiteral(right) || emptyAssignment(right))))) return null;
      const left: Node | null = field(node, "left");
      if (assigns && right && left && rt !== "array" && rt !== "object" && orNesting < 2 && steps.length < MAX_STEPS - 8) {
        orNesting++;
        const refs = [jsRef(left, defStarts, dotted), jsRef(right, defStarts, dotted)].filter((r): r is Ref => r !== null);
        orNesting--;
        return refs.length === 0 ? null : fold({ t: "union", refs }, steps);
      }
      node = left;
    } else if (JS_DEF_LITERALS.has(t)) {
      if (defStarts.has(node.startIndex)) return fold({ t: "def", start: node.startIndex }, steps);
      // An object literal that is no definition (`c ? { h: a } : { h: b }`): its members as items.
      const items = t === "object" && steps.length < MAX_STEPS - 8 ? objectItems(node, defStarts) : null;
      return items ? fold(items.root, steps) : null;
    } else {
      return null;
    }
  }
  return null;
}

const RECEIVER_OPERANDS = new Set(["identifier", "member_expression", "this"]);

/** `"on" + verb` with a literal or constant left and a name holding known strings (loopStrings) right: each joined. */
function concatKeys(index: Node): string[] | null {
  if (field(index, "operator")?.type !== "+") return null;
  const left = field(index, "left");
  const right = field(index, "right");
  const head = left && right?.type === "identifier" ? staticKey(left) : null;
  const tails = head !== null && /^[\w$]+$/.test(head) ? loopStrings(right!) : null;
  return tails && tails.every((t) => /^[\w$]*$/.test(t)) ? tails.map((t) => head + t) : null;
}
/** Text that may hold the operators jsRef reads in a binary or augmented assignment (`||`, `??`, `||=`, `??=`). */
const OR_TEXT = /\|\||\?\?/;

/** `(a || b).f`: the steps read on either operand, when both are names or members (a ternary's: above). */
function eitherReceiver(a: Node | null, b: Node | null, steps: Step[], defStarts: Set<number>, dotted: boolean): Ref | null {
  if (!a || !b || !RECEIVER_OPERANDS.has(a.type) || !RECEIVER_OPERANDS.has(b.type) || orNesting >= 2 || steps.length >= MAX_STEPS - 8) return null;
  orNesting++;
  const refs = [jsRef(a, defStarts, dotted), jsRef(b, defStarts, dotted)].filter((r): r is Ref => r !== null);
  orNesting--;
  return refs.length === 0 ? null : fold({ t: "union", refs }, steps);
}

function emptyLiteral(node: Node | null): boolean {
  const t = node?.type;
  return (t === "array" || t === "object") && node!.namedChildCount === 0;
}

/** `x = x || []` (`?? {}`): the value is x either way. */
function selfDefault(node: Node): boolean {
  const right = field(node, "right");
  if (right?.type !== "binary_expression" || !emptyLiteral(field(right, "right"))) return false;
  const op = field(right, "operator")?.text;
  return (op === "||" || op === "??") && field(right, "left")?.text === field(node, "left")?.text;
}

/** `(x = [])` in `(x || (x = [])).push(f)`: the value is x either way. */
function emptyAssignment(node: Node | null): boolean {
  const inner = node?.type === "parenthesized_expression" ? node.namedChild(0) : null;
  return inner?.type === "assignment_expression" && emptyLiteral(field(inner, "right"));
}

/** A JS array literal's elements as items "[0]", "[1]"... (nested arrays too, a few deep); spreads end it. */
function jsItems(node: Node, defStarts: Set<number>): Root {
  const items: { key: string; ref: Ref }[] = [];
  // Elements are converted with jsRef, which may meet arrays again (`[[f][0]]`): bounded.
  if (itemsDepth >= 4) return { t: "items", items };
  itemsDepth++;
  try {
    // Positions count commas, so holes (`[, , f]`) keep the later items' indexes.
    let index = 0;
    // How many positions the literal has (`xs.slice`-like `[a, ...rest]` patterns renumber from
    // it); unknown after a spread or past MAX_ITEMS.
    let length: number | undefined = 0;
    for (const child of node.children) {
      if (!child || items.length >= MAX_ITEMS) {
        length = undefined;
        break;
      }
      if (child.type === ",") index++;
      if (!child.isNamed || child.type === "comment") continue;
      // `[...xs, f]`: any item of xs, at a position no longer known (nor are the later ones').
      // (Cycles such as `acc = [...acc, x]` are resolved once: items are memoised questions,
      // resolve-roots.ts item(); asked afresh each time they made typebox's assembly endless.)
      if (child.type === "spread_element") {
        length = undefined;
        const inner = child.namedChild(0);
        const ref = inner ? jsRef(inner, defStarts) : null;
        if (ref) items.push({ key: "[*]", ref: anyItem(ref) });
        continue;
      }
      if (length !== undefined) length = index + 1;
      // `[required, strict ? email : noop]`: the item at that position is either operand.
      // (Nested, `a ? f : b ? g : h`, or parenthesised: each leaf operand, of at most sixteen.)
      if (child.type === "ternary_expression") {
        const operands: (Node | null)[] = [field(child, "consequence"), field(child, "alternative")];
        for (let i = 0; i < operands.length && i < 16; i++) {
          let operand = operands[i];
          while (operand?.type === "parenthesized_expression") operand = operand.namedChild(0);
          if (operand?.type === "ternary_expression") {
            if (operands.length < 15) operands.push(field(operand, "consequence"), field(operand, "alternative"));
            continue;
          }
          const ref = operand ? jsRef(operand, defStarts) : null;
          if (ref) items.push({ key: length === undefined ? "[*]" : `[${index}]`, ref });
        }
        continue;
      }
      const ref = jsRef(child, defStarts);
      if (ref) items.push({ key: length === undefined ? "[*]" : `[${index}]`, ref });
    }
    return length === undefined ? { t: "items", items } : { t: "items", items, length };
  } finally {
    itemsDepth--;
  }
}

let itemsDepth = 0;

/**
 * An object literal that is no definition (in an array literal, `[{ path, handler: home }]`, a
 * table; an operand of `c ? a : b` / `a || b`): its members as named items, so `route.handler()`
 * over the array finds them. The values that say something (names, functions, calls), at most
 * 16 members; nested with arrays' items (bounded alike).
 */
function objectItems(node: Node, defStarts: Set<number>): Ref | null {
  if (itemsDepth >= 4) return null;
  itemsDepth++;
  try {
    return objectMembers(node, defStarts);
  } finally {
    itemsDepth--;
  }
}

function objectMembers(node: Node, defStarts: Set<number>): Ref | null {
  const items: { key: string; ref: Ref }[] = [];
  for (const c of node.namedChildren) {
    if (!c || items.length >= 16) break;
    const t = c.type;
    if (t === "shorthand_property_identifier") {
      const name = c.text;
      items.push({ key: name, ref: bareName(byText, name) });
    } else if (t === "pair") {
      const key = field(c, "key");
      const value = field(c, "value");
      const keyType = key?.type;
      const k = keyType === "property_identifier" ? key!.text : keyType === "string" ? stringLiteral(key!) : null;
      const ref = k !== null && value ? jsRef(value, defStarts) : null;
      if (ref) items.push({ key: k!, ref });
    }
  }
  return items.length === 0 ? null : { root: { t: "items", items }, path: [] };
}

/**
 * `new Set([f, g])`: the array's items; `new Map([["k", f]])`: the values (what `get`, `values`
 * and `forEach` give). Null for other constructors or arguments.
 */
function heldItems(node: Node, ctor: "Set" | "Map", defStarts: Set<number>): Root | null {
  const args = field(node, "arguments");
  const first = firstArgument(args);
  if (first?.type !== "array") return null;
  if (ctor === "Set") return jsItems(first, defStarts);
  const items: { key: string; ref: Ref }[] = [];
  for (const pair of first.namedChildren) {
    if (items.length >= MAX_ITEMS) break;
    const value = pair?.type === "array" ? pair.namedChild(1) : null;
    const ref = value ? jsRef(value, defStarts) : null;
    const keyNode = pair?.type === "array" ? pair.namedChild(0) : null;
    const keyRef = keyNode && literalKey(keyNode) === null ? jsRef(keyNode, defStarts) : null;
    if (ref) items.push({ key: literalKey(pair!.namedChild(0)) ?? "[*]", ref }, mapEntry(ref, keyRef));
    else if (keyRef) items.push(mapEntry(null, keyRef));
  }
  return { t: "items", items };
}

/**
 * What iterating a Map gives for a value stored in it: a `[key, value]` pair, kept as one more
 * item (`for (const [k, v] of m)` reads its "[1]"; `m.get(k)` does not see the "[entry]" key).
 * A key that is no literal (a function, an object: `m.set(handler, opts)`) is its "[0]", what
 * `m.keys()`, `for (const [k] of m)` and `m.forEach((v, k) => ...)` give.
 */
export function mapEntry(ref: Ref | null, key: Ref | null = null): { key: string; ref: Ref } {
  const items: { key: string; ref: Ref }[] = [];
  if (key) items.push({ key: "[0]", ref: key });
  if (ref) items.push({ key: "[1]", ref });
  return { key: MAP_ENTRY, ref: { root: { t: "items", items }, path: [] } };
}

/**
 * The positional arguments of a call (at most 4, no spread) when one of them is a function, class
 * or object literal that is a definition of ours; else null.
 */
function literalArguments(args: Node | null, defStarts: Set<number>): { name: null; ref: Ref | null }[] | null {
  if (args?.type !== "arguments") return null;
  const count = args.namedChildCount;
  if (count === 0 || count > 4) return null;
  let literal = false;
  for (let i = 0; i < count; i++) {
    const a = args.namedChild(i)!;
    const t = a.type;
    if (t === "spread_element" || t === "comment") return null;
    if (JS_DEF_LITERALS.has(t) && defStarts.has(a.startIndex)) literal = true;
  }
  // (Bounded nesting: `f({}, f({}, f({}, …)))` written thousands deep must not recurse that far.)
  if (!literal || argsDepth >= 4) return null;
  argsDepth++;
  try {
    const out: { name: null; ref: Ref | null }[] = [];
    for (let i = 0; i < count; i++) out.push({ name: null, ref: jsRef(args.namedChild(i)!, defStarts) });
    return out;
  } finally {
    argsDepth--;
  }
}
let argsDepth = 0;

/** The one argument of `m.get(...)` as an item key (literalKey), or null. */
function mapKey(args: Node | null): string | null {
  if (args?.type !== "arguments" || args.namedChildCount !== 1) return null;
  return literalKey(args.namedChild(0));
}

/** The one argument of `xs.at(...)` when an integer literal, maybe negative (`-1`), as "[-1]"; else null. */
function atIndex(args: Node | null): string | null {
  if (args?.type !== "arguments" || args.namedChildCount !== 1) return null;
  const text = args.namedChild(0)!.text.replace(/\s+/g, "");
  return /^-?\d{1,6}$/.test(text) ? `[${text}]` : null;
}

/**
 * What `new Promise(executor)` settles to: the names and function literals its executor hands
 * its first parameter (`resolve(f)`, also in a callback: `setTimeout(() => resolve(f))`; the first
 * 4 such calls, within 400 nodes of the executor); null when none.
 */
function executorValue(node: Node, defStarts: Set<number>, dotted: boolean): Ref | null {
  const executor = firstArgument(field(node, "arguments"));
  if (executor?.type !== "arrow_function" && executor?.type !== "function_expression") return null;
  const params = field(executor, "parameters") ?? field(executor, "parameter");
  const first = params?.type === "identifier" ? params : params?.namedChild(0);
  if (first?.type !== "identifier") return null;
  const name = first.text;
  const body = field(executor, "body");
  if (!body) return null;
  const refs: Ref[] = [];
  const stack: Node[] = [body];
  for (let seen = 0; stack.length > 0 && seen < 400 && refs.length < 4; seen++) {
    const n = stack.pop()!;
    if (n.type === "call_expression" && field(n, "function")?.text === name) {
      const arg = firstArgument(field(n, "arguments"));
      const t = arg?.type;
      const ref = t === "identifier" || t === "arrow_function" || t === "function_expression" || t === "member_expression" ? jsRef(arg!, defStarts, dotted) : null;
      if (ref) refs.push(ref);
      continue;
    }
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  return refs.length === 0 ? null : refs.length === 1 ? refs[0]! : { root: { t: "union", refs }, path: [] };
}

/** The one argument of `c.resolve(X)` / `c.get(X)` when a CapWords name (a class, as DI containers take), or null. */
function classToken(args: Node | null): Ref | null {
  const first = firstArgument(args);
  if (!first || args!.namedChildCount !== 1 || first.type !== "identifier") return null;
  const name = first.text;
  return /^[A-Z][a-z]\w*$/.test(name) && /[a-z]/.test(name) ? bareName(byText, name) : null;
}

/**
 * The first argument of `Reflect.construct(C, args)` when a name; with a newTarget
 * (`Reflect.construct(Base, args, Derived)`), the third: the object made has Derived's prototype.
 */
function constructed(args: Node | null): Ref | null {
  const target = args?.type === "arguments" && args.namedChildCount === 3 ? args.namedChild(2) : null;
  if (target?.type === "identifier") return bareName(byText, target.text);
  const first = firstArgument(args);
  return first?.type === "identifier" ? bareName(byText, first.text) : null;
}

/** How deep `(a ||= (b ||= c))` operands are being read (each reads both sides: kept shallow). */
let orNesting = 0;

/** The callback of `xs.map(f)` / `xs.map((x) => ...)` / `p.then(f)` when a name, dotted names or a function literal. */
function mapCallback(args: Node | null, defStarts: Set<number>): Ref | null {
  const first = firstArgument(args);
  return first ? callbackRef(first, defStarts) : null;
}

/** `p.then(f, g)` (two callbacks) or `p.catch(h)` (one): the callbacks when each is one callbackRef reads; else null. */
function settleCallbacks(args: Node | null, defStarts: Set<number>, count: number): { name: null; ref: Ref }[] | null {
  const list = args?.namedChildren.filter((c) => c !== null && c.type !== "comment") ?? [];
  if (list.length !== count) return null;
  const out: { name: null; ref: Ref }[] = [];
  for (const a of list) {
    const ref = callbackRef(a!, defStarts);
    if (!ref) return null;
    out.push({ name: null, ref });
  }
  return out;
}

/** `fs.reduce(f, init)`: the callback, and the initial value when there is one (its ref null when not read). */
function reducerArgs(mapper: Ref, args: Node | null, defStarts: Set<number>): { name: string | null; ref: Ref | null }[] {
  const out: { name: string | null; ref: Ref | null }[] = [{ name: null, ref: mapper }];
  // The second of exactly two arguments (comments aside), counted without a filtered list.
  let count = 0;
  let second: Node | null = null;
  for (const c of args?.namedChildren ?? []) {
    if (c === null || c.type === "comment") continue;
    if (++count === 2) second = c;
  }
  if (count === 2) out.push({ name: null, ref: second!.type === "spread_element" ? null : jsRef(second!, defStarts) });
  return out;
}

/** A callback argument that is a name, a function literal or a dotted member; null for anything else. */
function callbackRef(first: Node, defStarts: Set<number>): Ref | null {
  const t = first.type;
  if (t === "identifier") return bareName(byText, first.text);
  if (t === "arrow_function" || t === "function_expression") return defStarts.has(first.startIndex) ? { root: { t: "def", start: first.startIndex }, path: [] } : null;
  if (t === "member_expression" && DOTTED.test(first.text)) return jsRef(first, defStarts);
  return null;
}
